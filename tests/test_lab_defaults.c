// SPDX-License-Identifier: MIT
// What the experiments take from the game descriptors when an option is not given:
// make-openings' defaults per game and board size, and gen-data's feature set by name.
#include <stdlib.h>

#include "abalone/desc.h"
#include "core/lab/commands.h"
#include "core/lab/gendata.h"
#include "go/desc.h"
#include "tests/toy_desc.h"

static void test_openings(void)
{
    OpeningsOptions o;
    lab_openings_default(&abalone_game_desc, 0, &o);
    g_assert_cmpint(o.count, ==, 600);
    g_assert_cmpint(o.seed, ==, 5000001);
    g_assert_cmpint(o.depth, ==, 4);
    g_assert_cmpint(o.plies_min, ==, 2);
    g_assert_cmpint(o.plies_max, ==, 4);
    g_assert_cmpint(o.margin, ==, 40);
    g_assert_null(o.keep);
    lab_openings_default(&go_game_desc, 9, &o);
    g_assert_cmpint(o.size, ==, 9);
    g_assert_cmpint(o.depth, ==, 3);
    g_assert_cmpint(o.plies_min, ==, 3);
    g_assert_cmpint(o.plies_max, ==, 4);
    g_assert_cmpint(o.margin, ==, 64);
    g_assert_nonnull(o.keep);
    lab_openings_default(&go_game_desc, 19, &o);
    g_assert_cmpint(o.depth, ==, 2);
    // A game without defaults of its own: --margin is required.
    lab_openings_default(&toy_game_desc, 0, &o);
    g_assert_cmpint(o.depth, ==, 3);
    g_assert_cmpint(o.plies_min, ==, 2);
    g_assert_cmpint(o.plies_max, ==, 4);
    g_assert_cmpint(o.margin, ==, -1);
    g_assert_null(o.keep);
}

static void test_feature_set(void)
{
    const GameDesc *g = &abalone_game_desc;
    g_assert_cmpint(gendata_feature_set(g, NULL), ==, 0);
    for (int i = 0; i < g->net_feature_sets; i++)
        g_assert_cmpint(gendata_feature_set(g, g->net_feature_set_name(i)), ==, i);
    if (g_test_subprocess()) exit(gendata_feature_set(g, "nonesuch") == -1 ? 0 : 1);
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    char *want = g_strdup_printf("sumito: --features 'nonesuch': no such feature set (Abalone "
                                 "has: %s*)\n",
                                 g->net_feature_set_name(0));
    g_test_trap_assert_stderr(want);
    g_free(want);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    go_init();
    g_test_add_func("/lab/defaults/openings", test_openings);
    g_test_add_func("/lab/defaults/feature-set", test_feature_set);
    return g_test_run();
}
