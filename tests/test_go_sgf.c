// SPDX-License-Identifier: MIT
// SGF: round trips of random games (setup, handicap, passes, comments, every rule), what the
// reader accepts (B[tt], rectangles, variations, unknown RU) and rejects (with file:line:col),
// and an outside parser, @sabaki/sgf run with node, reading the files sumito writes.
#include <glib/gstdio.h>
#include <string.h>

#include "go/movegen.h"
#include "go/notation.h"
#include "go/sgf.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "tests/data"
#endif

// A random game: size, rules, sometimes handicap stones, comments with SGF's special
// characters, then random moves.
static void random_record(GRand *rng, GoGame *g, GoSgfInfo *info)
{
    static const int sizes[] = {2, 5, 9, 13, 19};
    GoRules rules;
    go_rules_default(&rules);
    rules.ko = g_rand_int_range(rng, 0, 3);
    rules.suicide = g_rand_int_range(rng, 0, 3);
    rules.komi = g_rand_int_range(rng, -20, 20) / 2.0;
    int size = sizes[g_rand_int_range(rng, 0, 5)];
    go_game_init(g, size, &rules);
    go_sgf_info_init(info);
    int x[9], y[9],
        n = size >= 9 ? go_fixed_handicap_points(size, g_rand_int_range(rng, 0, 10), x, y) : 0;
    for (int i = 0; i < n; i++)
        g_assert_true(go_game_setup(g, go_point(&g->board, x[i], y[i]), GO_BLACK, NULL));
    if (n) go_game_set_side(g, GO_WHITE), g->handicap = n;
    info->black = g_strdup("Black [1k]");
    info->white = g_strdup("White \\ path");
    GoRandomBias bias = {0.02, 0.5, 0.2};
    int moves = g_rand_int_range(rng, 0, 3 * size * size);
    for (int i = 0; i < moves && !go_board_game_over(&g->board); i++) {
        g_assert_true(go_game_play(g, g->board.side, go_test_random_move(&g->board, rng, &bias)));
        g_ptr_array_add(info->comments,
                        i % 7 == 3 ? g_strdup_printf("move %d: ] and \\ [x]", i + 1) : NULL);
    }
}

static void assert_same_game(const GoGame *a, const GoGame *b)
{
    g_assert_cmpint(a->board.size, ==, b->board.size);
    g_assert_cmpint(a->rules.ko, ==, b->rules.ko);
    g_assert_cmpint(a->rules.suicide, ==, b->rules.suicide);
    g_assert_cmpfloat(a->rules.komi, ==, b->rules.komi);
    g_assert_cmpint(a->handicap, ==, b->handicap);
    g_assert_true(go_board_same_position(&a->start, &b->start));
    g_assert_cmpint(go_game_length(a), ==, go_game_length(b));
    for (int i = 0; i < go_game_length(a); i++) {
        g_assert_cmpuint(go_game_move(a, i)->move, ==, go_game_move(b, i)->move);
        g_assert_cmpint(go_game_move(a, i)->colour, ==, go_game_move(b, i)->colour);
    }
    g_assert_true(go_board_same_position(&a->board, &b->board));
}

// The reference for setting up several points: one at a time, the whole board's strings
// checked after each (what go_game_setup did before it checked only the strings a point
// touches, on a copy, with one rebuild at the end). Returns how many points were set.
static int naive_setup(GoBoard *b, const int *points, int n, int colour)
{
    for (int i = 0; i < n; i++) {
        int old = b->color[points[i]];
        go_board_set_stone(b, points[i], colour);
        for (int p = 0; p < b->cells; p++)
            if ((b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) &&
                b->str[b->head[p]].libs == 0) {
                go_board_set_stone(b, points[i], old);
                return i;
            }
    }
    return n;
}

// Random setups (runs of points of one colour, stones and empty points, duplicates, on every
// size) give the naive reference's board and stop at the same point.
static void test_setup_points(void)
{
    GRand *rng = test_rand();
    static const int sizes[] = {2, 5, 9, 19};
    for (int k = 0; k < TEST_SCALED(400); k++) {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_game_init(&g, sizes[k % 4], &rules);
        GoBoard ref;
        go_board_init(&ref, g.board.size);
        int area = g.board.size * g.board.size;
        for (int run = 0; run < 6; run++) {
            int n = g_rand_int_range(rng, 1, area / 2 + 2), points[GO_MAX_POINTS];
            int colour = (int[]){GO_BLACK, GO_WHITE, GO_EMPTY}[g_rand_int_range(rng, 0, 3)];
            for (int i = 0; i < n; i++)
                points[i] = go_point(&g.board, g_rand_int_range(rng, 0, g.board.size),
                                     g_rand_int_range(rng, 0, g.board.size));
            int expect = naive_setup(&ref, points, n, colour), failed = -1;
            GError *err = NULL;
            bool ok = go_game_setup_points(&g, points, n, colour, &failed, &err);
            g_assert_cmpint(ok, ==, expect == n);
            if (!ok) {
                g_assert_cmpint(failed, ==, expect);
                g_assert_error(err, GO_ERROR, 0);
                g_clear_error(&err);
            }
            g_assert_true(go_board_same_position(&g.start, &ref));
            g_assert_true(go_board_same_position(&g.board, &ref));
            g_assert_cmpuint(g.board.board_key, ==, go_board_compute_key(&ref));
            for (int p = 0; p < ref.cells; p++)
                if (ref.color[p] == GO_BLACK || ref.color[p] == GO_WHITE)
                    g_assert_cmpint(g.board.str[g.board.head[p]].libs, ==,
                                    ref.str[ref.head[p]].libs);
        }
        go_game_free(&g);
    }
    g_rand_free(rng);
}

static void test_roundtrip(void)
{
    GRand *rng = test_rand();
    for (int k = 0; k < TEST_SCALED(100); k++) {
        GoGame g, back;
        GoSgfInfo info, info2;
        random_record(rng, &g, &info);
        char *text = go_sgf_format(&g, &info);
        go_sgf_info_init(&info2);
        GoRules defaults;
        go_rules_default(&defaults);
        GError *err = NULL;
        g_assert_true(go_sgf_parse(text, "roundtrip", &defaults, &back, &info2, &err));
        g_assert_no_error(err);
        assert_same_game(&g, &back);
        g_assert_cmpstr(info2.black, ==, info.black);
        g_assert_cmpstr(info2.white, ==, info.white);
        g_assert_cmpint(info2.comments->len, ==, info.comments->len);
        for (guint i = 0; i < info.comments->len; i++)
            g_assert_cmpstr(g_ptr_array_index(info2.comments, i), ==,
                            g_ptr_array_index(info.comments, i));
        g_assert_cmpint(info2.warnings->len, ==, 0);
        g_free(text);
        go_game_free(&g);
        go_game_free(&back);
        go_sgf_info_free(&info);
        go_sgf_info_free(&info2);
    }
    g_rand_free(rng);
}

static bool parse(const char *text, GoGame *g, GoSgfInfo *info, GError **err)
{
    GoRules defaults;
    go_rules_default(&defaults);
    go_sgf_info_init(info);
    return go_sgf_parse(text, "t.sgf", &defaults, g, info, err);
}

static void test_reader_accepts(void)
{
    GoGame g;
    GoSgfInfo info;
    GError *err = NULL;
    // Pass as B[tt] and W[], a rectangle of setup stones, PL, a variation skipped, an
    // unknown property ignored, an FF[3]-style identifier.
    const char *text =
        "\xEF\xBB\xBF (;GM[1]FF[4]SZ[19]KM[0.5]RU[Japanese]GN[x]AddBlack[aa:bb]PL[W]\n"
        ";W[cc]C[first];B[tt](;W[]C[main])(;W[dd];B[ee]))";
    g_assert_true(parse(text, &g, &info, &err));
    g_assert_no_error(err);
    g_assert_cmpint(go_game_length(&g), ==, 3);
    g_assert_cmpuint(go_game_move(&g, 1)->move, ==, GO_PASS);
    g_assert_cmpuint(go_game_move(&g, 2)->move, ==, GO_PASS);
    g_assert_cmpint(g.start.empty_count, ==, 361 - 4);
    g_assert_cmpint(g.rules.ko, ==, GO_KO_SIMPLE);
    g_assert_cmpfloat(g.rules.komi, ==, 0.5);
    g_assert_cmpstr(g_ptr_array_index(info.comments, 1), ==, "first");
    g_assert_cmpstr(g_ptr_array_index(info.comments, 3), ==, "main");
    g_assert_cmpint(info.warnings->len, ==, 1);
    g_assert_nonnull(strstr(g_ptr_array_index(info.warnings, 0), "t.sgf:2:34: variation skipped"));
    go_game_free(&g);
    go_sgf_info_free(&info);
    // An unknown RU keeps the defaults with a warning; no SZ means 19x19.
    g_assert_true(parse("(;CA[ISO-8859-1]RU[Martian];B[pd])(;B[aa])", &g, &info, &err));
    g_assert_cmpint(g.rules.ko, ==, GO_KO_POSITIONAL);
    g_assert_cmpint(g.board.size, ==, 19);
    g_assert_cmpint(info.warnings->len, ==, 3);
    g_assert_nonnull(strstr(g_ptr_array_index(info.warnings, 0), "not converted to UTF-8"));
    g_assert_nonnull(strstr(g_ptr_array_index(info.warnings, 1), "unknown rules"));
    g_assert_nonnull(strstr(g_ptr_array_index(info.warnings, 2), "further game tree skipped"));
    go_game_free(&g);
    go_sgf_info_free(&info);
    // The rules names sumito writes read back.
    for (int ko = 0; ko < 3; ko++)
        for (int suicide = 0; suicide < 3; suicide++) {
            GoRules r, back;
            go_rules_default(&r);
            go_rules_default(&back);
            r.ko = ko;
            r.suicide = suicide;
            g_assert_true(go_sgf_rules_from_text(go_sgf_rules_text(&r), &back));
            g_assert_cmpint(back.ko, ==, ko);
            g_assert_cmpint(back.suicide, ==, suicide);
        }
}

static void test_reader_rejects(void)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"", "t.sgf:1:1: expected '(' to start a game tree"},
        {"(;SZ[9];B[ee]", "t.sgf:1:1: the game tree opened here is never closed"},
        {"(;SZ[9]\n;B[ee", "t.sgf:2:3: the value opened here is never closed"},
        {"(;SZ[9];B[ee]", "never closed"},
        {"(;SZ[9];B[zz])", "t.sgf:1:11: B[zz]: 'zz' is off the 9x9 board"},
        {"(;SZ[9];B[e])", "t.sgf:1:11: B[e]: 'e' is not an SGF point"},
        {"(;SZ[9];B[ee];W[ee])", "t.sgf:1:17: move 2, W[ee]: illegal (the point is occupied)"},
        {"(;SZ[2];B[aa];W[ba];B[bb];W[ab])", "illegal (suicide)"},
        {"(;SZ[25])", "t.sgf:1:6: SZ[25]: the board size must be 2 to 19"},
        {"(;SZ[9:11])", "rectangular boards are not supported"},
        {"(;GM[2])", "t.sgf:1:6: GM[2]: not a Go record"},
        {"(;KM[lots])", "KM[lots] is not a komi"},
        {"(;SZ[9]B)", "t.sgf:1:9: property B has no value"},
        {"(;SZ[9];1)", "t.sgf:1:9: expected a property name, found '1'"},
        {"(;SZ[9];B[aa];AB[bb])", "AB after the first move is not supported"},
        {"(;SZ[3]AB[ab][ba]AW[aa])", "leaves a string without liberties"},
        // The value named is the one whose point stops the setup, also within one property.
        {"(;SZ[2]AB[aa][ab][ba][bb])",
         "t.sgf:1:23: AB[bb]: a setup stone leaves a string without liberties"},
        {"(;SZ[19]AB[aa:ss])",
         "t.sgf:1:12: AB[aa:ss]: a setup stone leaves a string without liberties"},
        {"(;SZ[9];B[aa]W[bb])", "a node with both B and W"},
        {"(;SZ[9]PL[X])", "PL[X] is not B or W"},
        {"(;SZ[9])x", "t.sgf:1:9: unexpected text after the game tree"},
        {"(x)", "t.sgf:1:2: expected ';' to start a node"},
        {"(;SZ[5]AW[])", "t.sgf:1:11: AW[]: an empty value (a point or a rectangle is expected)"},
        {"(;SZ[5]AB[])", "t.sgf:1:11: AB[]: an empty value"},
        {"(;SZ[5]AB[aa]AE[])", "t.sgf:1:17: AE[]: an empty value"},
        {"(;SZ[5]AB[aa][])", "t.sgf:1:15: AB[]: an empty value"},
        {"(;SZ[5]AB[aa:])", "AB[aa:]: "},
        {"(;SZ[5]AB[:aa])", "AB[:aa]: "},
    };
    for (int i = 0; i < (int)G_N_ELEMENTS(cases); i++) {
        GoGame g;
        GoSgfInfo info;
        GError *err = NULL;
        g_assert_false(parse(cases[i].text, &g, &info, &err));
        g_assert_nonnull(err);
        if (!strstr(err->message, cases[i].message))
            g_error("case %d: '%s' does not contain '%s'", i, err->message, cases[i].message);
        g_error_free(err);
        go_game_free(&g);
        go_sgf_info_free(&info);
    }
}

// Game trees nested deeper than GO_SGF_MAX_DEPTH are an error, not a stack overflow: the
// depth 50 000 of a hostile file, and one past the limit; the limit itself is read.
static void test_reader_depth(void)
{
    const int depths[] = {50000, GO_SGF_MAX_DEPTH + 1, GO_SGF_MAX_DEPTH};
    for (int k = 0; k < (int)G_N_ELEMENTS(depths); k++) {
        int n = depths[k];
        GString *text = g_string_new(NULL);
        for (int i = 0; i < n; i++) g_string_append(text, "(;");
        for (int i = 0; i < n; i++) g_string_append_c(text, ')');
        GoGame g;
        GoSgfInfo info;
        GError *err = NULL;
        bool ok = parse(text->str, &g, &info, &err);
        if (n <= GO_SGF_MAX_DEPTH) {
            g_assert_no_error(err);
            g_assert_true(ok);
        } else {
            g_assert_false(ok);
            g_assert_nonnull(err);
            char *want = g_strdup_printf("t.sgf:1:%d: game trees nested more than %d deep",
                                         2 * GO_SGF_MAX_DEPTH + 1, GO_SGF_MAX_DEPTH);
            g_assert_cmpstr(err->message, ==, want);
            g_free(want);
            g_error_free(err);
        }
        go_game_free(&g);
        go_sgf_info_free(&info);
        g_string_free(text, TRUE);
    }
}

static int compare_text(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

// The lines tests/sgf_moves.js prints for a game, as sumito sees it.
static char *expected_outside(const GoGame *g, const GoSgfInfo *info)
{
    GString *s = g_string_new("trees 1\n");
    char komi[G_ASCII_DTOSTR_BUF_SIZE], v[3];
    g_string_append_printf(s, "SZ %d\nKM %s\nRU %s\n", g->board.size,
                           g_ascii_formatd(komi, sizeof komi, "%g", g->rules.komi),
                           go_sgf_rules_text(&g->rules));
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        GPtrArray *points = g_ptr_array_new_with_free_func(g_free);
        for (int p = 0; p < g->start.cells; p++)
            if (g->start.color[p] == colour)
                g_ptr_array_add(points, g_strdup(go_sgf_point_format(&g->start, (Move)p, v)));
        g_ptr_array_sort(points, compare_text);
        g_string_append(s, colour == GO_BLACK ? "AB" : "AW");
        for (guint i = 0; i < points->len; i++)
            g_string_append_printf(s, " %s", (char *)points->pdata[i]);
        g_string_append_c(s, '\n');
        g_ptr_array_free(points, TRUE);
    }
    for (int i = 0; i < go_game_length(g); i++) {
        const GoGameMove *gm = go_game_move(g, i);
        go_sgf_point_format(&g->start, gm->move, v);
        g_string_append_printf(s, "%c%s%s\n", gm->colour == GO_BLACK ? 'B' : 'W', *v ? " " : "", v);
        const char *c = g_ptr_array_index(info->comments, i + 1);
        if (c) g_string_append_printf(s, "C %s\n", c);
    }
    return g_string_free(s, FALSE);
}

static void test_outside_parser(void)
{
    char *dir = g_path_get_dirname(TEST_DATA_DIR),
         *script = g_build_filename(dir, "sgf_moves.js", NULL);
    char *tmp = g_dir_make_tmp("sumito-sgf-XXXXXX", NULL);
    GRand *rng = test_rand();
    int games = TEST_SCALED(20), moves = 0;
    for (int k = 0; k < games; k++) {
        GoGame g;
        GoSgfInfo info;
        random_record(rng, &g, &info);
        char *path = g_strdup_printf("%s/game%d.sgf", tmp, k);
        GError *err = NULL;
        g_assert_true(go_sgf_save(&g, &info, path, &err));
        g_assert_no_error(err);
        char *argv[] = {"node", script, path, NULL}, *out = NULL, *errs = NULL;
        int status = 0;
        g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &errs,
                                   &status, &err));
        g_assert_no_error(err);
        if (!g_spawn_check_wait_status(status, NULL))
            g_error("node %s failed (make deps runs npm ci in tests/): %s", script, errs);
        char *want = expected_outside(&g, &info);
        g_assert_cmpstr(out, ==, want);
        moves += go_game_length(&g);
        g_remove(path);
        g_free(want);
        g_free(out);
        g_free(errs);
        g_free(path);
        go_game_free(&g);
        go_sgf_info_free(&info);
    }
    g_test_message("%d games, %d moves read alike by @sabaki/sgf", games, moves);
    g_assert_cmpint(moves, >, 0);
    g_rmdir(tmp);
    g_rand_free(rng);
    g_free(tmp);
    g_free(script);
    g_free(dir);
}

// Records of random games with random bytes deleted, inserted or changed: the reader
// either accepts the text or names a place in it, and never reads out of bounds.
static void test_mutations(void)
{
    GRand *rng = test_rand();
    int accepted = 0, rejected = 0;
    for (int k = 0; k < TEST_SCALED(2000); k++) {
        GoGame g, back;
        GoSgfInfo info, info2;
        if (k % 50 == 0) {
            random_record(rng, &g, &info);
        } else {
            go_game_init(&g, 9, &(GoRules){GO_KO_POSITIONAL, GO_SUICIDE_FORBID, 7.5, -1});
            go_sgf_info_init(&info);
            GoRandomBias bias = {0.02, 0.5, 0};
            for (int i = 0; i < 30; i++)
                go_game_play(&g, g.board.side, go_test_random_move(&g.board, rng, &bias));
            for (int i = 0; i < 30; i++) g_ptr_array_add(info.comments, NULL);
        }
        GString *text = g_string_new(NULL);
        char *clean = go_sgf_format(&g, &info);
        g_string_assign(text, clean);
        for (int m = g_rand_int_range(rng, 1, 4); m > 0 && text->len; m--) {
            gsize at = (gsize)g_rand_int_range(rng, 0, (gint32)text->len);
            static const char pool[] = "()[];\\:BWABSZ09az \n";
            char c = pool[g_rand_int_range(rng, 0, (gint32)sizeof pool - 1)];
            switch (g_rand_int_range(rng, 0, 3)) {
            case 0: g_string_erase(text, (gssize)at, 1); break;
            case 1: g_string_insert_c(text, (gssize)at, c); break;
            default: text->str[at] = c;
            }
        }
        GError *err = NULL;
        if (parse(text->str, &back, &info2, &err)) {
            accepted++;
        } else {
            g_assert_nonnull(err);
            g_assert_true(g_str_has_prefix(err->message, "t.sgf:"));
            rejected++;
            g_error_free(err);
        }
        g_free(clean);
        g_string_free(text, TRUE);
        go_game_free(&g);
        go_game_free(&back);
        go_sgf_info_free(&info);
        go_sgf_info_free(&info2);
    }
    g_test_message("%d mutated records accepted, %d rejected with a place", accepted, rejected);
    g_assert_cmpint(rejected, >, 0);
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/sgf/roundtrip", test_roundtrip);
    g_test_add_func("/go/sgf/setup-points", test_setup_points);
    g_test_add_func("/go/sgf/reader-accepts", test_reader_accepts);
    g_test_add_func("/go/sgf/reader-rejects", test_reader_rejects);
    g_test_add_func("/go/sgf/reader-depth", test_reader_depth);
    g_test_add_func("/go/sgf/mutations", test_mutations);
    g_test_add_func("/go/sgf/outside-parser", test_outside_parser);
    return g_test_run();
}
