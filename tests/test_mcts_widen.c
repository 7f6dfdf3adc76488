// SPDX-License-Identifier: MIT
// The widening schedules of the Monte Carlo search (core/mcts_widen.h): each schedule's width
// against its formula worked by hand; the rank schedule against a brute-force reading of its
// rule (a cell's own counts, or its coarser pools when it holds too few, the greatest tail of
// the buckets of fewer visits, the least width whose tail is at most theta) on statistics
// drawn at random, its width never narrowing as the visits grow in any cell, and the fallback
// to coarser cells; the statistics' text form written and read back, every malformed file
// refused with its line, and merging adding counts of the same game and prior only, never
// past 2^64 - 1.
#include <math.h>
#include <string.h>

#include "core/mcts_widen.h"
#include "tests/test_util.h"

static MctsWiden schedule(int kind)
{
    return (MctsWiden){kind, 1.0, 0.5, 50, 1.3, 5, 0.05, NULL, 40, 1.4};
}

static void test_none_power_unpruning(void)
{
    MctsWiden w = schedule(MCTS_WIDEN_NONE);
    g_assert_cmpint(mcts_widen_width(&w, 0, 0, 0, 81), ==, 81);
    g_assert_cmpint(mcts_widen_width(&w, 100000, 2, 1, 7), ==, 7);
    w = schedule(MCTS_WIDEN_POWER);
    g_assert_cmpint(mcts_widen_width(&w, 0, 0, 0, 81), ==, 1);  // ceil(0) is 0: at least one
    g_assert_cmpint(mcts_widen_width(&w, 1, 0, 0, 81), ==, 1);  // ceil(1)
    g_assert_cmpint(mcts_widen_width(&w, 10, 0, 0, 81), ==, 4); // ceil(3.16)
    g_assert_cmpint(mcts_widen_width(&w, 100, 3, 3, 81), ==, 10);
    g_assert_cmpint(mcts_widen_width(&w, 10000, 0, 0, 81), ==, 81); // 100, capped
    w = schedule(MCTS_WIDEN_UNPRUNING);
    g_assert_cmpint(mcts_widen_width(&w, 0, 0, 0, 81), ==, 5);
    g_assert_cmpint(mcts_widen_width(&w, 50, 0, 0, 81), ==, 5);
    g_assert_cmpint(mcts_widen_width(&w, 66, 1, 0, 81), ==, 6); // past 50 * 1.3 = 65
    g_assert_cmpint(mcts_widen_width(&w, 84, 0, 2, 81), ==, 6); // not past 50 * 1.69 = 84.5
    g_assert_cmpint(mcts_widen_width(&w, 85, 0, 0, 81), ==, 7);
    g_assert_cmpint(mcts_widen_width(&w, 50, 0, 0, 3), ==, 3);
    // Coulom's t_1 = 0, t_2 = 56, t_3 = 56 + 78.4 = 134.4, t_4 = 134.4 + 109.76 = 244.16.
    w = schedule(MCTS_WIDEN_COULOM);
    g_assert_cmpint(mcts_widen_width(&w, 0, 0, 0, 81), ==, 1);
    g_assert_cmpint(mcts_widen_width(&w, 56, 0, 0, 81), ==, 1); // not past t_2
    g_assert_cmpint(mcts_widen_width(&w, 57, 2, 1, 81), ==, 2);
    g_assert_cmpint(mcts_widen_width(&w, 134, 0, 0, 81), ==, 2);
    g_assert_cmpint(mcts_widen_width(&w, 135, 0, 0, 81), ==, 3);
    g_assert_cmpint(mcts_widen_width(&w, 245, 0, 3, 81), ==, 4);
    g_assert_cmpint(mcts_widen_width(&w, 245, 0, 0, 2), ==, 2);
    g_assert_cmpint(mcts_widen_width(&w, UINT32_MAX, 0, 0, 361), ==, 52); // t_52 < 2^32 < t_53
}

static void test_buckets(void)
{
    const struct {
        uint32_t n;
        int bucket;
    } cases[] = {{0, 0},    {8, 0},    {15, 0},   {16, 1},    {31, 1},
                 {32, 2},   {63, 2},   {64, 3},   {127, 3},   {128, 4},
                 {1023, 6}, {1024, 7}, {2048, 7}, {99999, 7}, {UINT32_MAX, 7}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_assert_cmpint(mcts_ranks_bucket(cases[i].n), ==, cases[i].bucket);
    g_assert_cmpint(mcts_ranks_cell(0, 0, 0), ==, 0);
    g_assert_cmpint(mcts_ranks_cell(MCTS_RANK_BUCKETS - 1, 9, 9), ==, MCTS_RANK_CELLS - 1);
}

// Statistics drawn at random: geometric ranks of a rate per cell, some cells nearly empty.
static MctsRanks *random_ranks(GRand *g)
{
    MctsRanks *r = g_new(MctsRanks, 1);
    mcts_ranks_init(r, "go9", "abc", 8);
    for (int c = 0; c < MCTS_RANK_CELLS; c++) {
        int nodes = g_rand_int_range(g, 0, 5) == 0 ? g_rand_int_range(g, 0, 20)
                                                   : g_rand_int_range(g, 50, 400);
        double p = g_rand_double_range(g, 0.05, 0.6);
        for (int k = 0; k < nodes; k++) {
            int rank = 0;
            while (rank < 200 && g_rand_double(g) > p) rank++;
            mcts_ranks_add(r, c, rank);
        }
    }
    return r;
}

// The tail of rank k in the pool of (b, d, p) that the rule reads: the cell, or every phase of
// its depth, or every depth and phase, the first with cell_min nodes (the last in any case).
static double naive_own_tail(const MctsRanks *r, int b, int d, int p, int k, uint64_t cell_min)
{
    for (int level = 0;; level++) {
        double all = 0, later = 0;
        for (int dd = 0; dd < MCTS_RANK_DEPTHS; dd++)
            for (int pp = 0; pp < MCTS_RANK_PHASES; pp++) {
                if ((level == 0 && (dd != d || pp != p)) || (level == 1 && dd != d)) continue;
                for (int i = 0; i < MCTS_RANKS; i++) {
                    double n = (double)r->count[mcts_ranks_cell(b, dd, pp)][i];
                    all += n;
                    if (i >= k) later += n;
                }
            }
        if (all >= (double)cell_min || level == 2)
            return k == 0 ? 1.0 : (float)((later + 1.0) / (all + 1.0));
    }
}

static int naive_width(const MctsRanks *r, uint32_t n, int d, int p, double theta,
                       uint64_t cell_min, int nchildren)
{
    int bucket = mcts_ranks_bucket(n);
    for (int w = 1; w < MIN(nchildren, MCTS_RANKS); w++) {
        double tail = 0;
        for (int b = 0; b <= bucket; b++) tail = MAX(tail, naive_own_tail(r, b, d, p, w, cell_min));
        if (tail <= theta) return w;
    }
    return nchildren;
}

static void test_rank(void)
{
    GRand *g = test_rand();
    MctsRanks *r = random_ranks(g);
    const uint64_t cell_min = 100;
    mcts_ranks_finish(r, cell_min);
    MctsWiden w = schedule(MCTS_WIDEN_RANK);
    w.ranks = r;
    const uint32_t visits[] = {0, 9, 20, 40, 100, 200, 500, 1000, 5000};
    const double thetas[] = {0.01, 0.05, 0.2, 0.6};
    for (size_t t = 0; t < G_N_ELEMENTS(thetas); t++)
        for (size_t i = 0; i < G_N_ELEMENTS(visits); i++)
            for (int d = 0; d < MCTS_RANK_DEPTHS; d++)
                for (int p = 0; p < MCTS_RANK_PHASES; p++)
                    for (int nchildren = 1; nchildren <= 200; nchildren += 37) {
                        w.theta = thetas[t];
                        g_assert_cmpint(
                            mcts_widen_width(&w, visits[i], d, p, nchildren), ==,
                            naive_width(r, visits[i], d, p, thetas[t], cell_min, nchildren));
                    }
    // No statistics: every child.
    w.ranks = NULL;
    g_assert_cmpint(mcts_widen_width(&w, 3, 0, 0, 50), ==, 50);
    g_free(r);
    g_rand_free(g);
}

// More simulations never narrow a node, in any cell, whatever theta and the statistics.
static void test_rank_monotone(void)
{
    GRand *g = test_rand();
    for (int round = 0; round < 5; round++) {
        MctsRanks *r = random_ranks(g);
        mcts_ranks_finish(r, (uint64_t)g_rand_int_range(g, 1, 300));
        MctsWiden w = schedule(MCTS_WIDEN_RANK);
        w.ranks = r;
        w.theta = g_rand_double_range(g, 0.005, 0.5);
        for (int d = 0; d < MCTS_RANK_DEPTHS; d++)
            for (int p = 0; p < MCTS_RANK_PHASES; p++)
                for (uint32_t n = 0, last = 1; n < 100000; n = n * 5 / 4 + 1) {
                    int width = mcts_widen_width(&w, n, d, p, 300);
                    g_assert_cmpint(width, >=, (int)last);
                    last = (uint32_t)width;
                }
        g_free(r);
    }
    g_rand_free(g);
}

// A cell with too few nodes reads its depth's pool, then its bucket's: here bucket 1 depth 2
// phase 3 holds 3 nodes (rank 40), its depth's other phases 300 at rank 0 or 1; bucket 0,
// below, is sure of rank 0.
static void test_rank_fallback(void)
{
    MctsRanks *r = g_new(MctsRanks, 1);
    mcts_ranks_init(r, "go9", "abc", 8);
    for (int k = 0; k < 3; k++) mcts_ranks_add(r, mcts_ranks_cell(1, 2, 3), 40);
    for (int k = 0; k < 300; k++) mcts_ranks_add(r, mcts_ranks_cell(1, 2, k % 3), k % 2);
    for (int k = 0; k < 500; k++) mcts_ranks_add(r, mcts_ranks_cell(1, 0, 0), 0);
    for (int k = 0; k < 50; k++) mcts_ranks_add(r, mcts_ranks_cell(1, 1, 0), 9);
    for (int k = 0; k < 800; k++) mcts_ranks_add(r, mcts_ranks_cell(0, 2, k % 4), 0);
    mcts_ranks_finish(r, 100);
    g_assert_cmpint(r->source[mcts_ranks_cell(1, 2, 3)], ==, 1);
    g_assert_cmpint(r->source[mcts_ranks_cell(1, 2, 0)], ==, 0); // 100 nodes: enough
    g_assert_cmpint(r->source[mcts_ranks_cell(1, 0, 0)], ==, 0);
    g_assert_cmpint(r->source[mcts_ranks_cell(1, 1, 0)], ==, 2); // 50 at depth 1: the bucket's
    MctsWiden w = schedule(MCTS_WIDEN_RANK);
    w.ranks = r, w.theta = 0.3;
    // Depth 2's pool: 303 nodes, 153 at rank 1 or later, 3 at 40: tail(1) = 154 / 304,
    // tail(2) = 4 / 304.
    g_assert_cmpint(mcts_widen_width(&w, 20, 2, 3, 81), ==, 2);
    // With cell_min 1 its own 3 nodes stand alone: tail(40) = 4 / 4, tail(41) = 1 / 4.
    mcts_ranks_finish(r, 1);
    g_assert_cmpint(r->source[mcts_ranks_cell(1, 2, 3)], ==, 0);
    g_assert_cmpint(mcts_widen_width(&w, 20, 2, 3, 81), ==, 41);
    g_free(r);
}

static void test_ranks_text(void)
{
    MctsRanks *r = g_new(MctsRanks, 1), *back = g_new(MctsRanks, 1);
    mcts_ranks_init(r, "go9", "3b1128e66eeacf1d", 8);
    r->games = 12;
    mcts_ranks_add(r, 0, 0), mcts_ranks_add(r, 0, 0), mcts_ranks_add(r, 0, 3);
    mcts_ranks_add(r, mcts_ranks_cell(7, 3, 2), 500);
    char *text = mcts_ranks_format(r);
    g_assert_nonnull(strstr(text, "\nrank 7 3 2 127 1\n"));
    GError *err = NULL;
    g_assert_true(mcts_ranks_parse(back, text, strlen(text), "t", &err));
    g_assert_no_error(err);
    g_assert_cmpstr(back->game, ==, "go9");
    g_assert_cmpstr(back->prior, ==, "3b1128e66eeacf1d");
    g_assert_cmpuint(back->min_visits, ==, 8);
    g_assert_cmpuint(back->games, ==, 12);
    g_assert_cmpint(memcmp(back->count, r->count, sizeof r->count), ==, 0);
    g_assert_cmpuint(mcts_ranks_nodes(back), ==, 4);
    g_free(text);
#define H "sumito mcts ranks 2\ngame go9\nprior a1\nmin_visits 8\n"
    static const struct {
        const char *text, *error;
    } bad[] = {
        {"", "not rank statistics"},
        {"sumito mcts ranks 1\ngame go9\n", "line 1: rank statistics of the root only"},
        {"sumito mcts ranks 3\ngame go9\n", "not rank statistics"},
        {"sumito mcts ranks 2\nprior a\nmin_visits 8\n", "no 'game' line"},
        {"sumito mcts ranks 2\ngame go9\nmin_visits 8\n", "no 'prior' line"},
        {"sumito mcts ranks 2\ngame go9\nprior a\n", "no 'min_visits' line"},
        {H "min_visits 0\n", "line 5: min_visits is"},
        {H "rank 8 0 0 0 1\n", "line 5: a rank line is"},
        {H "rank 0 4 0 0 1\n", "line 5: a rank line is"},
        {H "rank 0 0 4 0 1\n", "line 5: a rank line is"},
        {H "rank 0 0 0 128 1\n", "line 5: a rank line is"},
        {H "rank 0 0 0 1 -1\n", "line 5: a rank line is"},
        {H "rank 0 0 0 1\n", "line 5: not"},
        {H "rank 0 0 0 1 1\nrank 1 0 0 1 1\nrank 0 0 0 1 2\n", "line 7: that cell's rank"},
        {H "rank 0 0 0 1 99999999999999999999999\n", "line 5"},
        {"sumito mcts ranks 2\ngame go-9\n", "line 2: a game name"},
        {"sumito mcts ranks 2\nprior a-b\n", "line 2: a prior is"},
        {H "\nrank 0 0 0 1 1\n", "line 5: not"},
        {H "width 3\n", "line 5: not"},
    };
#undef H
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(mcts_ranks_parse(back, bad[i].text, strlen(bad[i].text), "f", &err));
        if (!strstr(err->message, bad[i].error)) g_error("%zu: %s", i, err->message);
        g_clear_error(&err);
    }
    g_assert_false(mcts_ranks_parse(back, "sumito mcts ranks 2\n\0", 21, "f", &err));
    g_assert_nonnull(strstr(err->message, "NUL"));
    g_clear_error(&err);
    g_free(r);
    g_free(back);
}

static void test_ranks_merge(void)
{
    MctsRanks *a = g_new(MctsRanks, 1), *b = g_new(MctsRanks, 1);
    mcts_ranks_init(a, "go9", "p1", 8);
    mcts_ranks_init(b, "go9", "p1", 8);
    a->games = 2, b->games = 3;
    mcts_ranks_add(a, 5, 1), mcts_ranks_add(b, 5, 1), mcts_ranks_add(b, 9, 0);
    GError *err = NULL;
    g_assert_true(mcts_ranks_merge(a, b, &err));
    g_assert_cmpuint(a->games, ==, 5);
    g_assert_cmpuint(a->count[5][1], ==, 2);
    g_assert_cmpuint(a->count[9][0], ==, 1);
    g_assert_cmpuint(mcts_ranks_nodes(a), ==, 3);
    const char *prior[] = {"p2", "p1", "p1"}, *game[] = {"go9", "go7", "go9"};
    const uint32_t min[] = {8, 8, 16};
    const char *what[] = {"another prior", "another game", "another min_visits"};
    for (int i = 0; i < 3; i++) {
        mcts_ranks_init(b, game[i], prior[i], min[i]);
        g_assert_false(mcts_ranks_merge(a, b, &err));
        g_assert_nonnull(strstr(err->message, what[i]));
        g_clear_error(&err);
    }
    g_assert_cmpuint(mcts_ranks_nodes(a), ==, 3);
    mcts_ranks_init(b, "go9", "p1", 8);
    b->count[5][1] = UINT64_MAX - 1; // one more than a's 2 would hold
    g_assert_false(mcts_ranks_merge(a, b, &err));
    g_assert_nonnull(strstr(err->message, "would pass 2^64 - 1"));
    g_clear_error(&err);
    g_assert_cmpuint(a->count[5][1], ==, 2);
    g_free(a);
    g_free(b);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/mcts-widen/none-power-unpruning", test_none_power_unpruning);
    g_test_add_func("/core/mcts-widen/buckets", test_buckets);
    g_test_add_func("/core/mcts-widen/rank", test_rank);
    g_test_add_func("/core/mcts-widen/rank-monotone", test_rank_monotone);
    g_test_add_func("/core/mcts-widen/rank-fallback", test_rank_fallback);
    g_test_add_func("/core/mcts-widen/ranks-text", test_ranks_text);
    g_test_add_func("/core/mcts-widen/ranks-merge", test_ranks_merge);
    return g_test_run();
}
