// SPDX-License-Identifier: MIT
// A third game through the descriptor: the toy game of the search tests registered as a game
// (tests/toy_desc.c) runs the generic perft, analyse, self-play, compare-reference and
// compare drivers of core/lab/, and their answers are checked against brute force.
#include <glib/gstdio.h>
#include <string.h>

#include "core/lab/commands.h"
#include "core/lab/compare.h"
#include "core/lab/opening.h"
#include "core/lab/selfplay.h"
#include "tests/toy_desc.h"

static const GameDesc *game = &toy_game_desc;

static uint64_t brute_perft(ToyBoard b, int depth)
{
    Score v;
    if (depth == 0) return 1;
    if (toy_terminal(&b, &v) || b.ply >= TOY_DESC_CAP) return 0;
    uint64_t n = 0;
    for (int i = 0; i < toy_branching(&b); i++) {
        ToyBoard c = b;
        toy_play(&c, i);
        n += brute_perft(c, depth - 1);
    }
    return n;
}

static void test_perft(void)
{
    GameState *s = game->state_new(0, "toy 9 0 4", NULL);
    g_assert_nonnull(s);
    for (int d = 0; d <= 5; d++)
        g_assert_cmpuint(game->perft(s, d, false), ==, brute_perft((ToyBoard){9, 0, 4}, d));
    if (g_test_subprocess()) {
        int rc = lab_perft(game, s, 4, 1, true, false);
        game->state_free(s);
        exit(rc);
    }
    game->state_free(s);
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    char *want = g_strdup_printf("*perft(4) = %" G_GUINT64_FORMAT " leaves*",
                                 brute_perft((ToyBoard){9, 0, 4}, 4));
    g_test_trap_assert_stdout(want);
    g_test_trap_assert_stdout("*m1 *");
    g_free(want);
}

// The analyse driver's best move has the brute-force value (RankCut has no statistics here,
// so the search is exact).
static void test_analyse(void)
{
    GameEngine *e = game_engine_new(game, NULL, (char *[]){"hash=1", NULL}, NULL, NULL);
    g_assert_nonnull(e);
    GameState *s = game->state_new(0, "toy 11 0 13", NULL);
    SearchLimits limits = {0};
    limits.depth = 5;
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    Move best = game->search(e, s, &limits, NULL, NULL, &info);
    ToyBoard b = {11, 0, 13};
    g_assert_cmpint(info.score, ==, toy_minimax(&b, 5));
    ToyBoard c = b;
    toy_play(&c, (int)best - 1);
    g_assert_cmpint(-toy_minimax(&c, 4), ==, info.score);
    if (g_test_subprocess()) exit(lab_analyse(game, e, s, &limits));
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    char *want = g_strdup_printf("*info depth 5 *bestmove m%u*", best);
    g_test_trap_assert_stdout(want);
    g_free(want);
    game->state_free(s);
    game_engine_free(game, e);
}

static bool count_move(const GameState *s, Move m, const GameChoice *c, void *user)
{
    ++*(int *)user;
    g_assert_true(c->searched);
    return true;
}

// Self-play from every opening of a series reaches the end by the rules, one move at a time.
static void test_selfplay(void)
{
    GameEngine *e = game_engine_new(game, NULL, (char *[]){"hash=1", NULL}, NULL, NULL);
    GameEngine *players[2] = {e, e};
    LabOpenings openings;
    lab_openings_init(&openings, game, 0);
    for (int i = 0; i < 5; i++) {
        GameState *s = lab_opening(&openings, e, 3, i, 0, NULL);
        int moves = 0;
        g_assert_true(lab_selfplay(game, players, s, 0.001, count_move, &moves, NULL));
        GameResult r;
        game->result(s, &r);
        g_assert_true(r.over);
        g_assert_cmpint(game->length(s), ==, moves);
        game->state_free(s);
    }
    lab_openings_free(&openings);
    game_engine_free(game, e);
}

static bool accept_all(void *data, char **position, char **moves, int n, GError **err)
{
    return true;
}

// compare-reference scores every root move with the exact value, and compare reads it back.
static void test_compare(void)
{
    char *dir = g_dir_make_tmp("sumito-toy-XXXXXX", NULL);
    char *suite = g_build_filename(dir, "suite.txt", NULL);
    char *ref = g_build_filename(dir, "ref.txt", NULL);
    g_assert_true(g_file_set_contents(suite, "toy 1 0 0\ntoy 2 0 7  # a comment\n", -1, NULL));
    ReferenceJob every = {.depth = 4, .shard = 1, .shards = 1};
    g_assert_cmpint(compare_reference_run(game, suite, &every, ref), ==, 0);
    CompareJob job = {0};
    job.game = game;
    job.depths[job.ndepths++] = 3;
    char *csv = g_build_filename(dir, "runs.csv", NULL);
    g_assert_cmpint(compare_run(&job, suite, ref, NULL, NULL, false, csv, NULL), ==, 0);
    char *text = NULL;
    g_assert_true(g_file_get_contents(csv, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "depth 3,alphabeta,2,3,"));
    g_assert_nonnull(strstr(text, "depth 3,rankcut,1,3,"));
    g_free(text);
    Reference r;
    g_assert_true(reference_load(&r, ref, accept_all, NULL, NULL));
    const RefEntry *entry = reference_find(&r, "toy 2 0 7");
    g_assert_nonnull(entry);
    ToyBoard b = {2, 0, 7};
    g_assert_cmpint(entry->nmoves, ==, toy_branching(&b));
    g_assert_cmpint(entry->best, ==, toy_minimax(&b, 4));
    reference_free(&r);
    g_unlink(suite), g_unlink(ref), g_unlink(csv), g_rmdir(dir);
    g_free(suite), g_free(ref), g_free(csv), g_free(dir);
}

// A deep reference in two shards: each holds its positions only, with the best move and the
// exact value at the depth its search completed; the same command resumes without searching;
// the concatenated shards are one reference that compare judges by the best move alone.
static void test_compare_deep(void)
{
    char *dir = g_dir_make_tmp("sumito-toy-XXXXXX", NULL);
    char *suite = g_build_filename(dir, "suite.txt", NULL);
    char *ref[2] = {g_build_filename(dir, "ref1.txt", NULL),
                    g_build_filename(dir, "ref2.txt", NULL)};
    char *all = g_build_filename(dir, "ref.txt", NULL),
         *csv = g_build_filename(dir, "runs.csv", NULL);
    const char *positions[3] = {"toy 1 0 0", "toy 2 0 7", "toy 3 1 5"};
    g_assert_true(g_file_set_contents(suite, "toy 1 0 0\ntoy 2 0 7\ntoy 3 1 5\n", -1, NULL));
    GString *joined = g_string_new(NULL);
    for (int k = 0; k < 2; k++) {
        ReferenceJob deep = {.nodes = 400, .shard = k + 1, .shards = 2};
        g_assert_cmpint(compare_reference_run(game, suite, &deep, ref[k]), ==, 0);
        char *before = NULL, *after = NULL;
        g_assert_true(g_file_get_contents(ref[k], &before, NULL, NULL));
        g_assert_cmpint(compare_reference_run(game, suite, &deep, ref[k]), ==, 0);
        g_assert_true(g_file_get_contents(ref[k], &after, NULL, NULL));
        g_assert_cmpstr(before, ==, after);
        g_assert_nonnull(strstr(before, "compare-reference --nodes 400 --shard"));
        g_string_append(joined, before);
        g_free(before), g_free(after);
        Reference r;
        g_assert_true(reference_load(&r, ref[k], accept_all, NULL, NULL));
        for (int p = 0; p < 3; p++) {
            const RefEntry *e = reference_find(&r, positions[p]);
            g_assert_true((e != NULL) == (p % 2 == k)); // positions 1 and 3, then 2
            if (!e) continue;
            g_assert_cmpuint(e->nodes, ==, 400);
            g_assert_cmpint(e->nmoves, ==, 1);
            unsigned long long seed;
            ToyBoard b;
            g_assert_cmpint(sscanf(positions[p], "toy %llu %d %d", &seed, &b.ply, &b.x), ==, 3);
            b.seed = seed;
            g_assert_cmpint(e->depth, >=, 2);
            g_assert_cmpint(e->best, ==, toy_minimax(&b, e->depth));
        }
        reference_free(&r);
    }
    g_assert_true(g_file_set_contents(all, joined->str, -1, NULL));
    g_string_free(joined, TRUE);
    CompareJob job = {0};
    job.game = game;
    job.depths[job.ndepths++] = 1;
    g_assert_cmpint(compare_run(&job, suite, all, NULL, NULL, false, csv, NULL), ==, 0);
    char *text = NULL;
    g_assert_true(g_file_get_contents(csv, &text, NULL, NULL));
    // Every position is judged (reference_known 1); a move that agrees lost 0, one that
    // differs lost a value the reference does not know (an empty field).
    char **lines = g_strsplit(text, "\n", -1);
    int judged = 0;
    for (int i = 1; lines[i] && *lines[i]; i++) {
        char **f = g_strsplit(lines[i], ",", -1);
        g_assert_cmpint(g_strv_length(f), ==, 10);
        g_assert_cmpstr(f[7], ==, "1");
        g_assert_cmpstr(f[9], ==, strcmp(f[8], "1") == 0 ? "0" : "");
        judged++;
        g_strfreev(f);
    }
    g_assert_cmpint(judged, ==, 6); // two configurations, three positions
    g_strfreev(lines);
    g_free(text);
    for (int k = 0; k < 2; k++) g_unlink(ref[k]), g_free(ref[k]);
    g_unlink(suite), g_unlink(all), g_unlink(csv), g_rmdir(dir);
    g_free(suite), g_free(all), g_free(csv), g_free(dir);
}

// make-openings: the same suite from the same seed, positions that parse, none twice, scores
// within the margin; the same command takes up its own file, and refuses another's.
static void test_make_openings(void)
{
    char *dir = g_dir_make_tmp("sumito-toy-XXXXXX", NULL);
    char *a = g_build_filename(dir, "a.txt", NULL), *b = g_build_filename(dir, "b.txt", NULL);
    OpeningsOptions o = {
        .count = 3, .seed = 9, .plies_min = 1, .plies_max = 3, .depth = 3, .margin = 130, .out = a};
    g_assert_cmpint(lab_make_openings(game, &o), ==, 0);
    o.out = b;
    g_assert_cmpint(lab_make_openings(game, &o), ==, 0);
    char *ta = NULL, *tb = NULL;
    g_assert_true(g_file_get_contents(a, &ta, NULL, NULL));
    g_assert_true(g_file_get_contents(b, &tb, NULL, NULL));
    g_assert_cmpstr(ta, ==, tb);
    g_assert_true(g_str_has_prefix(ta,
                                   "# Toy match openings: sumito toy make-openings --count 3 "
                                   "--seed 9 --plies 1..3 --depth 3 --margin 130\n# candidates "));
    char **lines = g_strsplit(ta, "\n", -1);
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int i = 2; lines[i] && *lines[i]; i++) {
        char *comment = strstr(lines[i], "  # toy candidate ");
        g_assert_nonnull(comment);
        int score = atoi(strstr(comment, "score ") + 6), plies = atoi(strstr(comment, ", ") + 2);
        g_assert_cmpint(ABS(score), <=, 130);
        g_assert_cmpint(plies, >=, 1);
        *comment = '\0';
        GameState *s = game->state_new(0, lines[i], NULL);
        g_assert_nonnull(s);
        g_assert_true(g_hash_table_add(seen, game->state_text(s)));
        game->state_free(s);
    }
    g_assert_cmpint(g_hash_table_size(seen), ==, 3);
    g_hash_table_destroy(seen);
    g_strfreev(lines);
    g_assert_cmpint(lab_make_openings(game, &o), ==, 0); // already complete: unchanged
    g_free(tb);
    g_assert_true(g_file_get_contents(b, &tb, NULL, NULL));
    g_assert_cmpstr(ta, ==, tb);
    o.seed = 10; // another command
    if (g_test_subprocess()) exit(lab_make_openings(game, &o));
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("*exists and was not made by this command*");
    g_free(ta), g_free(tb);
    g_unlink(a), g_unlink(b), g_rmdir(dir);
    g_free(a), g_free(b), g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/game/toy-perft", test_perft);
    g_test_add_func("/core/game/toy-analyse", test_analyse);
    g_test_add_func("/core/game/toy-selfplay", test_selfplay);
    g_test_add_func("/core/game/toy-compare", test_compare);
    g_test_add_func("/core/game/toy-compare-deep", test_compare_deep);
    g_test_add_func("/core/game/toy-make-openings", test_make_openings);
    return g_test_run();
}
