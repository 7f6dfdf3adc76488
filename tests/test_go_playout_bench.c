// SPDX-License-Identifier: MIT
// The speed of playouts (go/playout_bench.h): one short run of light playouts and one of heavy
// ones on an empty 5x5 board print their line, named, with every figure in range.
#include <stdlib.h>

#include "go/playout_bench.h"

static void test_line(void)
{
    if (g_test_subprocess()) {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_game_init(&g, 5, &rules);
        go_playout_bench(&g, NULL, 0.05, 2, 1);
        go_game_free(&g);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout(
        "go playouts 5x5 light: * playouts/s (median of 2 runs of 0.05 s; * to *), "
        "* moves/playout, Black wins *% at komi *\n");
}

static void test_heavy_line(void)
{
    if (g_test_subprocess()) {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_game_init(&g, 5, &rules);
        GoPlayoutParams p;
        go_playout_params_default(&p);
        p.playout_policy = GO_PLAYOUT_HEAVY;
        go_playout_bench(&g, &p, 0.05, 2, 1);
        go_game_free(&g);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout(
        "go playouts 5x5 heavy: * playouts/s (median of 2 runs of 0.05 s; * to *), "
        "* moves/playout, Black wins *% at komi *\n");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/playout-bench/line", test_line);
    g_test_add_func("/go/playout-bench/heavy-line", test_heavy_line);
    return g_test_run();
}
