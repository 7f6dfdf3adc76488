// SPDX-License-Identifier: MIT
// The neural net inside the Abalone engine: the accumulators the search carries through make
// and unmake equal ones recomputed from scratch after every move of random games (every
// layout, ejections to the sixth), and the engine's eval and net settings pick the evaluation,
// its name and its RankCut statistics, or refuse with a message; eval=defensive, the
// defensive sparring partner, evaluates with its own weights and plays.
#include <glib/gstdio.h>
#include <string.h>

#include "abalone/contract.h"
#include "abalone/engine.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

static void put_u32(GByteArray *a, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    g_byte_array_append(a, b, 4);
}

static void put_le(GByteArray *a, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        uint8_t b = (uint8_t)(v >> (8 * i));
        g_byte_array_append(a, &b, 1);
    }
}

// A random net of this build's layer sizes for a feature set name and input count, as the
// bytes of a net file (nets/net.h's format).
static GByteArray *random_net_bytes(GRand *r, const char *name, int inputs)
{
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (const uint8_t *)"SUMITONN", 8);
    put_u32(a, NET_FORMAT_VERSION);
    char set[NET_FEATURE_SET_LEN] = {0};
    g_strlcpy(set, name, sizeof set);
    g_byte_array_append(a, (const uint8_t *)set, sizeof set);
    put_u32(a, (uint32_t)inputs);
    put_u32(a, NET_L1);
    put_u32(a, NET_L2);
    put_u32(a, NET_L3);
    put_u32(a, net_arch_hash(name, inputs));
    put_u32(a, 1000);
    const char *prov = "random test net";
    put_u32(a, (uint32_t)strlen(prov));
    g_byte_array_append(a, (const uint8_t *)prov, (guint)strlen(prov));
    for (int i = 0; i < (inputs + 1) * NET_L1; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -200, 200), 2); // w1, then b1
    for (int i = 0; i < NET_L2 * 2 * NET_L1; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -40, 40), 1);
    for (int i = 0; i < NET_L2; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -20000, 20000), 4);
    for (int i = 0; i < NET_L3 * NET_L2; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -127, 128), 1);
    for (int i = 0; i < NET_L3; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -20000, 20000), 4);
    for (int i = 0; i < NET_L3; i++)
        put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -127, 128), 1);
    put_le(a, (uint64_t)(int64_t)g_rand_int_range(r, -5000, 5000), 4);
    uint64_t h = 0xcbf29ce484222325ull;
    for (guint i = 0; i < a->len; i++) h = (h ^ a->data[i]) * 0x100000001b3ull;
    put_le(a, h, 8);
    return a;
}

static GByteArray *random_net_file_of(GRand *r, AbaloneFeatures fs)
{
    return random_net_bytes(r, abalone_features_name(fs), abalone_features_inputs(fs));
}

static GByteArray *random_net_file(GRand *r)
{
    return random_net_file_of(r, ABALONE_FEATURES_CELLS);
}

static void load_random_net(Net *n, GRand *r, AbaloneFeatures fs)
{
    GByteArray *a = random_net_file_of(r, fs);
    GError *err = NULL;
    g_assert_true(net_load_data(n, a->data, a->len, "test net", abalone_features_name(fs),
                                abalone_features_inputs(fs), &err));
    g_assert_no_error(err);
    g_byte_array_unref(a);
}

static void assert_fresh(const AbaloneSearchBoard *sb, const Net *n)
{
    static NetAccumulator fresh;
    uint16_t f[ABALONE_NET_MAX_ACTIVE];
    for (int p = 0; p < 2; p++)
        net_acc_refresh(n, &fresh, p, f, abalone_net_features_of(&sb->pos, p, sb->features, f));
    g_assert_cmpint(memcmp(&fresh, sb->acc, sizeof fresh), ==, 0);
    AbaloneRules rules;
    abalone_rules_default(&rules);
    int32_t v = net_evaluate(n, &fresh, sb->pos.side);
    v = CLAMP(v, -ABALONE_NET_SCORE_MAX, ABALONE_NET_SCORE_MAX);
    g_assert_cmpint(game_evaluate(sb, &rules), ==, v);
}

// Random games, each move made through the search's make (with the net), then checked
// against accumulators from scratch; a stretch of moves is taken back through unmake and
// checked again.
static void check_incremental(AbaloneFeatures fs)
{
    GRand *r = test_rand();
    Net n;
    load_random_net(&n, r, fs);
    NetAccumulator *stack = g_aligned_alloc(MAX_PLY + 2, sizeof *stack, 32);
    int games = TEST_SCALED(60), ejections = 0;
    for (int g = 0; g < games; g++) {
        AbaloneBoard start;
        abalone_board_set_layout(&start, abalone_layout_name(g % abalone_layout_count()));
        AbaloneSearchBoard sb;
        abalone_search_board_init(&sb, &start, &n, stack);
        g_assert_cmpint(sb.features, ==, fs);
        assert_fresh(&sb, &n);
        Move line[MAX_PLY];
        AbaloneUndo undo[MAX_PLY];
        int depth = 0;
        for (int ply = 0; ply < 300 && !abalone_board_decided(&sb.pos); ply++) {
            if (depth == MAX_PLY) { // keep within the stack: take the whole line back
                while (depth) {
                    depth--;
                    game_unmake(&sb, line[depth], &undo[depth]);
                }
                assert_fresh(&sb, &n);
            }
            Move m = test_random_ejecting_move(&sb.pos, r);
            if (m == MOVE_NONE) break;
            ejections += ABALONE_MOVE_EJECTS(m);
            game_make(&sb, m, &undo[depth]);
            line[depth++] = m;
            g_assert_true(sb.acc == stack + depth);
            assert_fresh(&sb, &n);
            if (g_rand_int_range(r, 0, 10) == 0) {
                int back = g_rand_int_range(r, 1, depth + 1);
                for (int i = 0; i < back; i++) {
                    depth--;
                    game_unmake(&sb, line[depth], &undo[depth]);
                }
                assert_fresh(&sb, &n);
            }
        }
    }
    g_assert_cmpint(ejections, >, games * 3);
    g_aligned_free(stack);
    net_free(&n);
    g_rand_free(r);
}

static void test_incremental(void)
{
    check_incremental(ABALONE_FEATURES_CELLS);
}

static void test_incremental_pairs(void)
{
    check_incremental(ABALONE_FEATURES_PAIRS);
}

static char *write_random_net(GRand *r, char **dir)
{
    *dir = g_dir_make_tmp("sumito-net-XXXXXX", NULL);
    g_assert_nonnull(*dir);
    char *path = g_build_filename(*dir, "test.nnue", NULL);
    GByteArray *a = random_net_file(r);
    g_assert_true(g_file_set_contents(path, (const char *)a->data, a->len, NULL));
    g_byte_array_unref(a);
    return path;
}

// Removes what write_random_net made, and frees its names.
static void remove_random_net(char *path, char *dir)
{
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

static bool setup(AbaloneEngine *e, char **sets, GError **err)
{
    return abalone_engine_setup(e, NULL, sets, NULL, err);
}

// eval and net= pick the evaluation, its name and the statistics that belong to it.
// A search of the layout's start to the depth: a legal move, and the board left alone.
static void assert_plays_legal(AbaloneEngine *e, const char *layout, Depth depth, SearchInfo *info)
{
    AbaloneGame g;
    AbaloneBoard b;
    abalone_board_set_layout(&b, layout);
    abalone_game_init(&g, &b, &e->rules);
    SearchLimits l = {0};
    l.depth = depth;
    l.start_us = g_get_monotonic_time();
    Move m = abalone_engine_search(e, &g, &l, NULL, NULL, info);
    g_assert_cmpuint(m, !=, MOVE_NONE);
    g_assert_cmpuint(abalone_board_move_from_index(&b, ABALONE_MOVE_INDEX(m)), ==, m);
    g_assert_true(abalone_board_equal(&b, &g.board));
    abalone_game_free(&g);
}

static void test_settings(void)
{
    GRand *r = test_rand();
    char *dir, *path = write_random_net(r, &dir);
    char *net_set = g_strconcat("net=", path, NULL);
    AbaloneEngine e;
    GError *err = NULL;
    SearchInfo info;

    // The default: the built-in net, with its own built-in statistics.
    g_assert_true(setup(&e, (char *[]){"hash=1", NULL}, &err));
    g_assert_cmpint(e.eval.eval, ==, ABALONE_EVAL_NET);
    g_assert_true(e.net == abalone_net_builtin_net());
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_NET_BUILTIN_ID);
    g_assert_true(e.core.have_table);
    g_assert_cmpstr(engine_rankcut_counts(&e.core)->evaluator, ==, ABALONE_NET_BUILTIN_ID);
    g_assert_cmpint(e.core.tt_mib, ==, 1);
    // A second engine shares the built-in statistics (parsed once per process); the default
    // table size stays the default when nothing sets it.
    AbaloneEngine e2;
    g_assert_true(setup(&e2, NULL, &err));
    g_assert_true(e2.core.table == e.core.table);
    g_assert_cmpint(e2.core.tt_mib, ==, 64);
    g_assert_cmpint(e2.core.params.hash, ==, 64);
    abalone_engine_free(&e2);
    abalone_engine_free(&e);
    // Set up without a configuration, the same.
    SearchParams sp;
    AbaloneRules rules;
    search_params_default(&sp);
    abalone_rules_default(&rules);
    g_assert_true(abalone_engine_init(&e, &sp, &rules, &err));
    g_assert_true(e.net == abalone_net_builtin_net());
    g_assert_cmpstr(engine_rankcut_counts(&e.core)->evaluator, ==, ABALONE_NET_BUILTIN_ID);
    abalone_engine_free(&e);

    // eval=hce: the handcrafted evaluation and its statistics.
    g_assert_true(setup(&e, (char *[]){"hash=1", "eval=hce", NULL}, &err));
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_EVAL_ID);
    g_assert_true(e.core.have_table);
    g_assert_cmpstr(engine_rankcut_counts(&e.core)->evaluator, ==, ABALONE_EVAL_ID);
    g_assert_null(e.net);
    abalone_engine_free(&e);

    g_assert_true(setup(&e, (char *[]){"hash=1", net_set, NULL}, &err));
    g_assert_no_error(err);
    g_assert_nonnull(e.net);
    g_assert_true(g_str_has_prefix(e.core.evaluator, "abalone-net-"));
    g_assert_false(e.core.have_table); // no statistics were collected with this net
    // A search with the net: a legal move and the board left alone.
    assert_plays_legal(&e, "belgian", 4, &info);
    // Back to the handcrafted evaluation, and its statistics come back.
    g_assert_true(engine_set(&e.core, "eval=hce", &err) && engine_apply(&e.core, &err));
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_EVAL_ID);
    g_assert_true(e.core.have_table);
    g_assert_null(e.net);
    // The net is still known: eval=net takes it again.
    g_assert_true(engine_set(&e.core, "eval=net", &err) && engine_apply(&e.core, &err));
    g_assert_true(e.net != NULL && e.net != abalone_net_builtin_net());
    // "net=" forgets the file: the built-in net and its statistics again.
    g_assert_true(engine_set(&e.core, "net=", &err) && engine_apply(&e.core, &err));
    g_assert_true(e.net == abalone_net_builtin_net());
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_NET_BUILTIN_ID);
    g_assert_true(e.core.have_table);
    abalone_engine_free(&e);

    // Statistics belong to one evaluator: the handcrafted evaluation's file is refused with the
    // net, and switching to the net under that file is refused too.
    size_t size;
    const uint8_t *stats = abalone_rankcut_builtin(ABALONE_EVAL_ID, &size);
    g_assert_nonnull(stats);
    g_assert_nonnull(abalone_rankcut_builtin(ABALONE_NET_BUILTIN_ID, &size));
    g_assert_null(abalone_rankcut_builtin("abalone-net-000000000000", &size));
    stats = abalone_rankcut_builtin(ABALONE_EVAL_ID, &size);
    char *stats_path = g_build_filename(dir, "hce.rc", NULL);
    g_assert_true(g_file_set_contents(stats_path, (const char *)stats, (gssize)size, NULL));
    g_assert_false(abalone_engine_setup(&e, NULL, (char *[]){"hash=1", NULL}, stats_path, &err));
    g_assert_nonnull(strstr(err->message, "evaluator 'abalone-hce-1'"));
    g_clear_error(&err);
    g_assert_true(
        abalone_engine_setup(&e, NULL, (char *[]){"hash=1", "eval=hce", NULL}, stats_path, &err));
    g_assert_false(engine_set(&e.core, "eval=net", &err) && engine_apply(&e.core, &err));
    g_assert_nonnull(strstr(err->message, "belong to evaluator 'abalone-hce-1'"));
    g_clear_error(&err);
    g_assert_cmpint(e.eval.eval, ==, ABALONE_EVAL_HCE); // refused: nothing changed
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_EVAL_ID);
    // A net file under those statistics is refused as well, and the engine still searches.
    g_assert_false(engine_set(&e.core, net_set, &err) && engine_apply(&e.core, &err));
    g_clear_error(&err);
    g_assert_null(e.net);
    g_assert_null(e.core.net.current);
    assert_plays_legal(&e, "belgian", 4, &info);
    abalone_engine_free(&e);
    g_remove(stats_path);
    g_free(stats_path);

    // A net of the pair features plays; one of a feature set that is not Abalone's, or of the
    // pair set's name with the cell set's input count, is refused with its message.
    struct {
        const char *name;
        int inputs;
        const char *message;
    } files[3] = {
        {ABALONE_NET_PAIRS_SET, ABALONE_NET_PAIRS_INPUTS, NULL},
        {"go-stones-v1", 40,
         "feature set 'go-stones-v1' with 40 inputs, expected "
         "'abalone-cells-v1' (134 inputs) or 'abalone-pairs-v1' (758)"},
        {ABALONE_NET_PAIRS_SET, ABALONE_NET_INPUTS, "feature set 'abalone-pairs-v1' with 134"},
    };
    for (int k = 0; k < 3; k++) {
        char *file = g_build_filename(dir, "other.nnue", NULL);
        GByteArray *a = random_net_bytes(r, files[k].name, files[k].inputs);
        g_assert_true(g_file_set_contents(file, (const char *)a->data, a->len, NULL));
        g_byte_array_unref(a);
        char *assignment = g_strconcat("net=", file, NULL);
        bool ok = setup(&e, (char *[]){"hash=1", assignment, NULL}, &err);
        if (files[k].message) {
            g_assert_false(ok);
            g_assert_nonnull(strstr(err->message, files[k].message));
            g_clear_error(&err);
        } else {
            g_assert_no_error(err);
            g_assert_true(ok);
            g_assert_cmpstr(e.net->feature_set, ==, ABALONE_NET_PAIRS_SET);
            assert_plays_legal(&e, "belgian", 4, &info);
            g_assert_cmpint(info.depth, ==, 4);
            abalone_engine_free(&e);
        }
        g_remove(file);
        g_free(file);
        g_free(assignment);
    }

    // A missing file and a file that is not a net are refused.
    g_assert_false(setup(&e, (char *[]){"net=/nonexistent/x.nnue", NULL}, &err));
    g_assert_nonnull(err);
    g_clear_error(&err);
    g_assert_false(setup(&e, (char *[]){"eval=maybe", NULL}, &err));
    g_assert_nonnull(strstr(err->message, "not one of net|hce"));
    g_clear_error(&err);

    remove_random_net(path, dir);
    g_free(net_set);
    g_rand_free(r);
}

// ProbCut's built-in calibrations follow the evaluator: probcut=true (Abalone's default)
// without a file takes the one of the engine's evaluator (the built-in net's, the handcrafted
// evaluation's), changes with eval=, goes with probcut=false; with a net that has none, ProbCut
// idles (it is on by default: the default search still runs), and a game whose default has it
// off refuses it (tests/test_core_probcut.c).
static void test_probcut_builtin(void)
{
    size_t size;
    GError *err = NULL;
    ProbcutData *c = g_new(ProbcutData, 1);
    const char *ids[2] = {ABALONE_NET_BUILTIN_ID, ABALONE_EVAL_ID};
    for (int k = 0; k < 2; k++) {
        const uint8_t *d = abalone_probcut_builtin(ids[k], &size);
        g_assert_nonnull(d);
        g_assert_true(probcut_data_load_data(c, d, size, "built-in", &err));
        g_assert_no_error(err);
        g_assert_cmpstr(c->game, ==, "abalone");
        g_assert_cmpstr(c->evaluator, ==, ids[k]);
        g_assert_cmpuint(c->games, >=, 20);
    }
    g_free(c);
    g_assert_null(abalone_probcut_builtin("abalone-net-000000000000", &size));

    AbaloneEngine e;
    g_assert_true(setup(&e, (char *[]){"hash=1", "probcut=false", NULL}, &err));
    g_assert_null(e.core.probcut); // off: nothing loaded
    g_assert_true(engine_set(&e.core, "probcut=true", &err) && engine_apply(&e.core, &err));
    g_assert_cmpstr(e.core.probcut_source, ==, "built-in");
    g_assert_cmpstr(e.core.probcut->evaluator, ==, ABALONE_NET_BUILTIN_ID);
    g_assert_true(engine_set(&e.core, "eval=hce", &err) && engine_apply(&e.core, &err));
    g_assert_cmpstr(e.core.probcut->evaluator, ==, ABALONE_EVAL_ID);
    g_assert_true(engine_set(&e.core, "probcut=false", &err) && engine_apply(&e.core, &err));
    g_assert_null(e.core.probcut);
    abalone_engine_free(&e);

    GRand *r = test_rand();
    char *dir, *path = write_random_net(r, &dir);
    char *net_set = g_strconcat("net=", path, NULL);
    g_assert_true(setup(&e, (char *[]){"hash=1", NULL}, &err));
    g_assert_nonnull(e.core.probcut); // on by default: the built-in net's
    g_assert_false(engine_probcut_idle(&e.core));
    g_assert_true(engine_set(&e.core, net_set, &err) && engine_apply(&e.core, &err));
    g_assert_no_error(err);
    g_assert_true(e.core.params.probcut);
    g_assert_null(e.core.probcut); // idle: no calibration of this net
    g_assert_true(engine_probcut_idle(&e.core));
    GString *line = g_string_new(NULL);
    engine_format_probcut_idle(&e.core, line);
    g_assert_true(g_str_has_prefix(
        line->str, "info string probcut idle: no calibration of evaluator 'abalone-net-"));
    g_string_free(line, TRUE);
    abalone_engine_free(&e);
    g_assert_true(setup(&e, (char *[]){"hash=1", net_set, "probcut=true", NULL}, &err));
    g_assert_null(e.core.probcut);
    abalone_engine_free(&e);
    remove_random_net(path, dir);
    g_free(net_set);
    g_rand_free(r);
}

// The embedded net is the file of the source tree it was made from, and it loads.
static void test_builtin(void)
{
    size_t size;
    const uint8_t *data = abalone_net_builtin(&size);
    gchar *file;
    gsize file_size;
    g_assert_true(g_file_get_contents(abalone_net_builtin_file(), &file, &file_size, NULL));
    g_assert_cmpuint(size, ==, file_size);
    g_assert_cmpint(memcmp(data, file, size), ==, 0);
    g_free(file);
    const Net *n = abalone_net_builtin_net();
    g_assert_cmpstr(n->feature_set, ==, ABALONE_NET_FEATURE_SET);
    char name[64];
    g_snprintf(name, sizeof name, "abalone/data/abalone-%012llx.nnue",
               (unsigned long long)(n->hash >> 16));
    g_assert_cmpstr(abalone_net_builtin_file(), ==, name); // named by its content hash
    g_snprintf(name, sizeof name, "abalone-net-%012llx", (unsigned long long)(n->hash >> 16));
    g_assert_cmpstr(ABALONE_NET_BUILTIN_ID, ==, name); // and so is its evaluator
}

// eval=defensive: the handcrafted terms with the defensive weights, under their own evaluator
// name (no statistics of the usual handcrafted evaluation), in the engine's evaluation and its
// search; eval=hce after it is the usual evaluation again.
static void test_defensive(void)
{
    AbaloneEngine e;
    GError *err = NULL;
    g_assert_true(setup(&e, (char *[]){"hash=1", "eval=defensive", NULL}, &err));
    g_assert_no_error(err);
    g_assert_cmpint(e.eval.eval, ==, ABALONE_EVAL_DEFENSIVE);
    g_assert_null(e.net);
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_EVAL_DEFENSIVE_ID);
    g_assert_false(e.core.have_table);
    // Random positions (marbles ejected on the way): the engine's evaluation is the defensive
    // one, which differs from the usual one in most of them.
    GRand *r = test_rand();
    AbaloneBoard b;
    abalone_board_set_layout(&b, "belgian");
    int differ = 0, n = 0;
    for (int ply = 0; ply < 200 && !abalone_board_decided(&b); ply++, n++) {
        Score d = abalone_evaluate_defensive(&b);
        g_assert_cmpint(abalone_engine_evaluate(&e, &b), ==, d);
        differ += d != abalone_evaluate(&b);
        Move m = test_random_ejecting_move(&b, r);
        if (m == MOVE_NONE) break;
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    g_assert_cmpint(differ, >, n / 2);
    // It plays: a legal move from the start at depth 3.
    SearchInfo info;
    assert_plays_legal(&e, "standard", 3, &info);
    // Back to the usual handcrafted evaluation.
    g_assert_true(engine_set(&e.core, "eval=hce", &err) && engine_apply(&e.core, &err));
    g_assert_cmpstr(e.core.evaluator, ==, ABALONE_EVAL_ID);
    abalone_board_set_layout(&b, "belgian");
    abalone_board_make(&b, test_random_ejecting_move(&b, r), &(AbaloneUndo){0});
    g_assert_cmpint(abalone_engine_evaluate(&e, &b), ==, abalone_evaluate(&b));
    abalone_engine_free(&e);
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_features_init();
    g_test_add_func("/abalone/net/incremental", test_incremental);
    g_test_add_func("/abalone/net/incremental-pairs", test_incremental_pairs);
    g_test_add_func("/abalone/net/settings", test_settings);
    g_test_add_func("/abalone/net/defensive", test_defensive);
    g_test_add_func("/abalone/net/builtin", test_builtin);
    g_test_add_func("/abalone/net/probcut-builtin", test_probcut_builtin);
    return g_test_run();
}
