// SPDX-License-Identifier: MIT
// The speed of playouts (go/playout_bench.h): one short run of light playouts and one of heavy
// ones on an empty 5x5 board print their line, named, with every figure in range.
#include <stdlib.h>

#include "go/playout_bench.h"

// Runs the benchmark (heavy or light) in a subprocess and checks its line.
static void check_line(bool heavy, const char *want)
{
    if (g_test_subprocess()) {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_game_init(&g, 5, &rules);
        GoPlayoutParams p;
        go_playout_params_default(&p);
        p.playout_policy = heavy ? GO_PLAYOUT_HEAVY : GO_PLAYOUT_LIGHT;
        go_playout_bench(&g, &p, 0.05, 2, 1);
        go_game_free(&g);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout(want);
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/playout-bench/line", test_line);
    g_test_add_func("/go/playout-bench/heavy-line", test_heavy_line);
    return g_test_run();
}
