// SPDX-License-Identifier: MIT
// The widening schedules of the Monte Carlo search (core/mcts_widen.h): each schedule's width
// against its formula worked by hand, the rank schedule against a brute-force reading of its
// rule on statistics made up for the test, and the rank statistics' text form: written and
// read back, and every malformed file refused with its line.
#include <math.h>
#include <string.h>

#include "core/mcts_widen.h"
#include "tests/test_util.h"

static MctsWiden schedule(int kind)
{
    return (MctsWiden){kind, 1.0, 0.5, 50, 1.3, 5, 1.0, NULL};
}

static void test_none_power_unpruning(void)
{
    MctsWiden w = schedule(MCTS_WIDEN_NONE);
    g_assert_cmpint(mcts_widen_width(&w, 0, 81), ==, 81);
    g_assert_cmpint(mcts_widen_width(&w, 100000, 7), ==, 7);
    w = schedule(MCTS_WIDEN_POWER);
    g_assert_cmpint(mcts_widen_width(&w, 0, 81), ==, 1);  // ceil(0) is 0: at least one
    g_assert_cmpint(mcts_widen_width(&w, 1, 81), ==, 1);  // ceil(1)
    g_assert_cmpint(mcts_widen_width(&w, 10, 81), ==, 4); // ceil(3.16)
    g_assert_cmpint(mcts_widen_width(&w, 100, 81), ==, 10);
    g_assert_cmpint(mcts_widen_width(&w, 10000, 81), ==, 81); // 100, capped
    w = schedule(MCTS_WIDEN_UNPRUNING);
    g_assert_cmpint(mcts_widen_width(&w, 0, 81), ==, 5);
    g_assert_cmpint(mcts_widen_width(&w, 50, 81), ==, 5);
    g_assert_cmpint(mcts_widen_width(&w, 66, 81), ==, 6); // past 50 * 1.3 = 65
    g_assert_cmpint(mcts_widen_width(&w, 84, 81), ==, 6); // not past 50 * 1.69 = 84.5
    g_assert_cmpint(mcts_widen_width(&w, 85, 81), ==, 7);
    g_assert_cmpint(mcts_widen_width(&w, 50, 3), ==, 3);
}

// The rank rule read literally: the least w >= 1 with n * (searches at rank >= w + 1) /
// (searches + 1) <= theta, over ranks counted one by one.
static int rank_width_naive(const uint64_t *count, int ranks, double theta, uint32_t n,
                            int nchildren)
{
    uint64_t all = 0;
    for (int i = 0; i < ranks; i++) all += count[i];
    for (int w = 1; w < nchildren; w++) {
        uint64_t later = 0;
        for (int i = MIN(w, MCTS_RANKS - 1); i < ranks; i++) later += count[i];
        if ((double)n * (double)(later + 1) / (double)(all + 1) <= theta) return w;
    }
    return nchildren;
}

static void test_rank(void)
{
    MctsRanks r;
    mcts_ranks_init(&r, "go9");
    uint64_t count[MCTS_RANKS] = {0};
    for (int i = 0; i < 40; i++) count[i] = (uint64_t)(1000.0 * exp(-0.25 * i));
    count[MCTS_RANKS - 1] = 3;
    for (int i = 0; i < MCTS_RANKS; i++)
        for (uint64_t k = 0; k < count[i]; k++) mcts_ranks_add(&r, i);
    mcts_ranks_finish(&r);
    g_assert_cmpfloat(r.tail[0], ==, 1.0);
    MctsWiden w = schedule(MCTS_WIDEN_RANK);
    w.ranks = &r;
    const uint32_t visits[] = {0, 1, 2, 5, 10, 30, 100, 1000, 10000, 100000};
    const double thetas[] = {0.1, 1.0, 4.0};
    for (size_t t = 0; t < G_N_ELEMENTS(thetas); t++)
        for (size_t i = 0; i < G_N_ELEMENTS(visits); i++)
            for (int nchildren = 1; nchildren <= 200; nchildren += 37) {
                w.theta = thetas[t];
                g_assert_cmpint(
                    mcts_widen_width(&w, visits[i], nchildren), ==,
                    rank_width_naive(count, MCTS_RANKS, thetas[t], visits[i], nchildren));
            }
    // More simulations never narrow a node.
    for (uint32_t n = 1, last = 1; n < 100000; n = n * 3 / 2 + 1) {
        int width = mcts_widen_width(&w, n, 200);
        g_assert_cmpint(width, >=, (int)last);
        last = (uint32_t)width;
    }
    // No statistics: every child.
    w.ranks = NULL;
    g_assert_cmpint(mcts_widen_width(&w, 3, 50), ==, 50);
}

static void test_ranks_text(void)
{
    MctsRanks r, back;
    mcts_ranks_init(&r, "go9");
    r.games = 12;
    mcts_ranks_add(&r, 0), mcts_ranks_add(&r, 0), mcts_ranks_add(&r, 3), mcts_ranks_add(&r, 500);
    mcts_ranks_finish(&r);
    char *text = mcts_ranks_format(&r);
    GError *err = NULL;
    g_assert_true(mcts_ranks_parse(&back, text, strlen(text), "t", &err));
    g_assert_no_error(err);
    g_assert_cmpstr(back.game, ==, "go9");
    g_assert_cmpuint(back.games, ==, 12);
    g_assert_cmpuint(back.count[0], ==, 2);
    g_assert_cmpuint(back.count[3], ==, 1);
    g_assert_cmpuint(back.count[MCTS_RANKS - 1], ==, 1);
    g_assert_cmpuint(mcts_ranks_searches(&back), ==, 4);
    g_assert_cmpfloat(fabs(back.tail[1] - 3.0 / 5.0), <, 1e-12);
    g_free(text);
    static const struct {
        const char *text, *error;
    } bad[] = {
        {"", "not rank statistics"},
        {"sumito mcts ranks 2\ngame go9\n", "not rank statistics"},
        {"sumito mcts ranks 1\ngames 3\n", "no 'game' line"},
        {"sumito mcts ranks 1\ngame go9\nrank 128 1\n", "line 3: a rank is"},
        {"sumito mcts ranks 1\ngame go9\nrank 1 -1\n", "line 3: a rank is"},
        {"sumito mcts ranks 1\ngame go9\nrank 1 1\nrank 1 2\n", "line 4: the rank was given"},
        {"sumito mcts ranks 1\ngame go-9\n", "line 2: a game name"},
        {"sumito mcts ranks 1\ngame go9\nrank 1 99999999999999999999999\n", "line 3"},
        {"sumito mcts ranks 1\ngame go9\n\nrank 1 1\n", "line 3: not"},
        {"sumito mcts ranks 1\ngame go9\nwidth 3\n", "line 3: not"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(mcts_ranks_parse(&back, bad[i].text, strlen(bad[i].text), "f", &err));
        g_assert_nonnull(strstr(err->message, bad[i].error));
        g_clear_error(&err);
    }
    g_assert_false(mcts_ranks_parse(&back, "sumito mcts ranks 1\n\0", 21, "f", &err));
    g_assert_nonnull(strstr(err->message, "NUL"));
    g_clear_error(&err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/mcts-widen/none-power-unpruning", test_none_power_unpruning);
    g_test_add_func("/core/mcts-widen/rank", test_rank);
    g_test_add_func("/core/mcts-widen/ranks-text", test_ranks_text);
    return g_test_run();
}
