// SPDX-License-Identifier: MIT
// The training-data report (core/lab/netlab.h): the statistics of a hand-made set of records,
// and a missing file refused with exit status 2.
#include <limits.h>
#include <stdlib.h>

#include "core/lab/netlab.h"
#include "core/types.h"

static void test_stats(void)
{
    NetDataPos pos[] = {
        {.score = 120, .result = 1, .ply = 10, .n = {3, 4}},
        {.score = -50, .result = 1, .ply = 20, .n = {5, 2}, .flags = NET_DATA_NOISY},
        {.score = NET_DATA_SCORE_MAX, .result = 0, .ply = 30, .n = {1, 1}},
        {.score = -NET_DATA_SCORE_MAX, .result = -1, .ply = 40, .n = {0, 7}},
    };
    NetData d = {.pos = pos, .count = G_N_ELEMENTS(pos)};
    NetlabDataStats s;
    netlab_data_stats(&d, &s);
    g_assert_cmpuint(s.noisy, ==, 1);
    g_assert_cmpuint(s.results[0], ==, 1); // losses
    g_assert_cmpuint(s.results[1], ==, 1); // draws
    g_assert_cmpuint(s.results[2], ==, 2); // wins
    g_assert_cmpuint(s.clamped, ==, 2);
    g_assert_cmpuint(s.agree, ==, 2);    // 120 with a win, -max with a loss
    g_assert_cmpuint(s.disagree, ==, 1); // -50 with a win; the draw is not decided
    g_assert_cmpuint(s.active[0], ==, 9);
    g_assert_cmpuint(s.active[1], ==, 14);
    g_assert_cmpuint(s.max_active, ==, 7);
    g_assert_cmpint(s.score_min, ==, -NET_DATA_SCORE_MAX);
    g_assert_cmpint(s.score_max, ==, NET_DATA_SCORE_MAX);
    g_assert_cmpfloat(s.score_sum, ==, 70);
    g_assert_cmpfloat(s.ply_sum, ==, 100);

    NetData empty = {0};
    netlab_data_stats(&empty, &s);
    g_assert_cmpint(s.score_min, ==, INT_MAX);
    g_assert_cmpint(s.score_max, ==, INT_MIN);
}

static void test_missing_file(void)
{
    if (g_test_subprocess()) {
        char *files[] = {"/nonexistent/sumito-test.data"};
        exit(netlab_data_info(1, files));
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("sumito: *nonexistent/sumito-test.data*");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/lab/netlab/stats", test_stats);
    g_test_add_func("/lab/netlab/missing-file", test_missing_file);
    return g_test_run();
}
