// SPDX-License-Identifier: MIT
// The speed of playouts (go/playout_bench.h): one short run of light playouts and one of heavy
// ones on an empty 5x5 board print their line, named, with every figure in range; runs of a
// fixed number of playouts play that many, and the same moves from the same seed.
#include <stdlib.h>

#include "go/playout_bench.h"

// Runs the benchmark (heavy or light; count playouts a run, 0 for 0.05 s) in a subprocess and
// checks its output.
static void check_output(bool heavy, long count, const char *want)
{
    if (g_test_subprocess()) {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_game_init(&g, 5, &rules);
        GoPlayoutParams p;
        go_playout_params_default(&p);
        p.playout_policy = heavy ? GO_PLAYOUT_HEAVY : GO_PLAYOUT_LIGHT;
        go_playout_bench(&g, &p, 0.05, count, 2, 1);
        go_game_free(&g);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout(want);
}

static void check_line(bool heavy, const char *want)
{
    check_output(heavy, 0, want);
}

static void test_line(void)
{
    check_line(false, "go playouts 5x5 light: * playouts/s (median of 2 runs of 0.05 s; * to *), "
                      "* moves/playout, Black wins *% at komi *\n");
}

static void test_heavy_line(void)
{
    check_line(true, "go playouts 5x5 heavy: * playouts/s (median of 2 runs of 0.05 s; * to *), "
                     "* moves/playout, Black wins *% at komi *\n");
}

// Two runs of 150 playouts: 300 in all, and a light run's moves are those of 300 playouts played
// here from the same seed (the bench's first draw is its first playout's).
static void test_count_light(void)
{
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    go_game_init(&g, 5, &rules);
    Rng rng;
    rng_seed(&rng, 1);
    long moves = 0;
    for (int i = 0; i < 300; i++) {
        GoBoard b;
        go_board_copy_position(&b, &g.board);
        moves += go_playout(&b, NULL, &rng, go_rules_move_cap(&rules, 5), rules.komi).moves;
    }
    go_game_free(&g);
    char *want = g_strdup_printf("go playouts 5x5 light: * playouts/s (median of 2 runs of 150 "
                                 "playouts; * to *), * moves/playout, Black wins *%% at komi *\n"
                                 "playouts: 300, moves: %ld\n",
                                 moves);
    check_output(false, 150, want);
    g_free(want);
}

static void test_count_heavy(void)
{
    check_output(true, 150,
                 "go playouts 5x5 heavy: * playouts/s (median of 2 runs of 150 "
                 "playouts; * to *), * moves/playout, Black wins *% at komi *\n"
                 "playouts: 300, moves: *\n");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/playout-bench/line", test_line);
    g_test_add_func("/go/playout-bench/heavy-line", test_heavy_line);
    g_test_add_func("/go/playout-bench/count-light", test_count_light);
    g_test_add_func("/go/playout-bench/count-heavy", test_count_heavy);
    return g_test_run();
}
