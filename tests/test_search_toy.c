// SPDX-License-Identifier: MIT
// The search core on a toy game with brute-force minimax values: exact with every pruning
// method off (with and without the TT, with and without aspiration windows); RankCut with a
// threshold of 0, and statistics collection, leave the tree exactly as it was; RankCut with a
// table that always says "no better move" reduces it.
#include <string.h>

#include "tests/test_util.h"
#include "tests/toy_game.h"

typedef struct {
    Score score;
    Move best;
    uint64_t nodes;
    SearchStats stats;
} ToyResult;

static ToyResult toy_search(uint64_t seed, int depth, bool use_tt, const SearchParams *p,
                            const RankcutTable *table, RankcutCounts *collect)
{
    Tt tt;
    if (use_tt) g_assert_true(tt_init(&tt, 1));
    Search s;
    search_init(&s, p, use_tt ? &tt : NULL, TOY_MAX_MOVES);
    s.rankcut_table = table;
    s.collect = collect;
    s.limits.depth = depth;
    ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
    SearchInfo info;
    ToyResult r;
    r.best = toy_search_run(&s, &b, &info);
    r.score = info.score;
    r.nodes = s.nodes;
    r.stats = s.stats;
    g_assert_cmpint(info.depth, ==, depth);
    g_assert_cmpint(b.ply, ==, 0); // the board comes back unchanged
    search_free(&s);
    if (use_tt) tt_free(&tt);
    return r;
}

static SearchParams plain_params(void)
{
    SearchParams p;
    search_params_default(&p);
    p.rankcut = false;
    return p;
}

static void test_minimax_exact(void)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(200); seed++) {
        for (int depth = 1; depth <= 6; depth++) {
            ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
            Score want = toy_minimax(&root, depth);
            for (int variant = 0; variant < 3; variant++) {
                SearchParams p = plain_params();
                if (variant == 2) p.aspiration = 0;
                ToyResult r = toy_search(seed, depth, variant != 1, &p, NULL, NULL);
                g_assert_cmpint(r.score, ==, want);
                // The move chosen has the minimax value too.
                ToyBoard child = root;
                toy_play(&child, (int)r.best - 1);
                g_assert_cmpint(-toy_minimax(&child, depth - 1), ==, want);
                checked++;
            }
        }
    }
    g_test_message("%d searches equal brute-force minimax", checked);
}

static void test_contempt_exact(void)
{
    // With contempt c, a drawn end scores -c for the side ahead in material at the root and +c
    // for the other (level: 0 for both); the search returns the brute-force value of that game.
    int checked = 0, changed = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(150); seed++) {
        for (int depth = 1; depth <= 5; depth++) {
            ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
            int lead = toy_material(&root);
            Score c = 300, own = lead > 0 ? -c : lead < 0 ? c : 0;
            const Score draw[2] = {own, (Score)-own}; // the root's side is 0 (ply 0)
            Score want = toy_minimax_draws(&root, depth, draw);
            SearchParams p = plain_params();
            p.contempt = c;
            ToyResult r = toy_search(seed, depth, true, &p, NULL, NULL);
            g_assert_cmpint(r.score, ==, want);
            changed += want != toy_minimax(&root, depth);
            checked++;
        }
    }
    // The draws are reached often enough that contempt changes the value of many roots.
    g_assert_cmpint(changed, >=, checked / 40);
    g_test_message("%d searches with contempt equal brute force, %d changed by it", checked,
                   changed);
}

static void test_rankcut_threshold_zero_is_baseline(void)
{
    RankcutTable table;
    toy_rankcut_table(&table, 0.0);
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    uint64_t lookups = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        for (int depth = 3; depth <= 7; depth++) {
            SearchParams base = plain_params();
            ToyResult a = toy_search(seed, depth, true, &base, &table, NULL);
            SearchParams rc = base;
            rc.rankcut = true;
            rc.rankcut_threshold = 0;
            rc.rankcut_min_depth = 1;
            ToyResult b = toy_search(seed, depth, true, &rc, &table, NULL);
            g_assert_cmpuint(a.nodes, ==, b.nodes);
            g_assert_cmpint(a.score, ==, b.score);
            g_assert_cmpuint(a.best, ==, b.best);
            g_assert_cmpuint(b.stats.rankcut_reductions, ==, 0);
            lookups += b.stats.rankcut_lookups;
            // Collecting statistics does not change the tree either.
            RankcutCounts counts;
            rankcut_counts_init(&counts, "toy", "toy-eval", &edges);
            ToyResult c = toy_search(seed, depth, true, &base, NULL, &counts);
            g_assert_cmpuint(a.nodes, ==, c.nodes);
            g_assert_cmpint(a.score, ==, c.score);
            rankcut_counts_free(&counts);
        }
    }
    g_assert_cmpuint(lookups, >, 1000); // RankCut looked, and let every move through
    rankcut_table_free(&table);
}

static void test_rankcut_reduces(void)
{
    RankcutTable never_better;
    toy_rankcut_table(&never_better, 0.0);
    uint64_t base_nodes = 0, rc_nodes = 0, reductions = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        // Without the TT: the toy game's 61 positions per ply transpose so much that the TT,
        // not the move count, decides its tree size.
        SearchParams base = plain_params();
        ToyResult a = toy_search(seed, 7, false, &base, NULL, NULL);
        SearchParams rc = base;
        rc.rankcut = true;
        rc.rankcut_min_depth = 2;
        ToyResult b = toy_search(seed, 7, false, &rc, &never_better, NULL);
        base_nodes += a.nodes;
        rc_nodes += b.nodes;
        reductions += b.stats.rankcut_reductions;
        g_assert_cmpuint(b.stats.rankcut_known, ==, b.stats.rankcut_lookups);
    }
    g_test_message("baseline %" G_GUINT64_FORMAT " nodes, RankCut %" G_GUINT64_FORMAT
                   " nodes, %" G_GUINT64_FORMAT " reductions",
                   base_nodes, rc_nodes, reductions);
    g_assert_cmpuint(reductions, >, 0);
    g_assert_cmpuint(rc_nodes, <, base_nodes);
    // Cells below rankcut_min_samples never reduce.
    for (uint64_t seed = 1; seed <= 20; seed++) {
        SearchParams rc = plain_params();
        rc.rankcut = true;
        rc.rankcut_min_depth = 2;
        rc.rankcut_min_samples = 200000;
        ToyResult b = toy_search(seed, 6, true, &rc, &never_better, NULL);
        g_assert_cmpuint(b.stats.rankcut_reductions, ==, 0);
        g_assert_cmpuint(b.stats.rankcut_known, ==, 0);
    }
    rankcut_table_free(&never_better);
}

static void test_rankcut_collect_counts(void)
{
    // Every record is a candidate move of a completed node; "better" never exceeds "seen".
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    RankcutCounts counts;
    rankcut_counts_init(&counts, "toy", "toy-eval", &edges);
    SearchParams p = plain_params();
    for (uint64_t seed = 1; seed <= 30; seed++) toy_search(seed, 6, true, &p, NULL, &counts);
    uint64_t n = 0, better = 0;
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        g_assert_cmpuint(counts.better[i], <=, counts.n[i]);
        n += counts.n[i];
        better += counts.better[i];
    }
    g_assert_cmpuint(n, >, 1000);
    g_assert_cmpuint(better, >, 0);
    g_assert_cmpuint(better, <, n);
    rankcut_counts_free(&counts);
}

// The paper's event (scheme 2: a later move above alpha as it stood) is never counted more
// often than scheme 1's (above the fail-soft best, which is never above alpha), over the same
// records: collection does not change the tree.
static void test_rankcut_collect_schemes(void)
{
    static const RankcutScheme scheme2 = TOY_RANKCUT_SCHEME;
    static const RankcutScheme scheme1 = {RANKCUT_SCHEME_BEST, {10, 100, 500}};
    RankcutCounts c1, c2;
    rankcut_counts_init(&c1, "toy", "toy-eval", &scheme1);
    rankcut_counts_init(&c2, "toy", "toy-eval", &scheme2);
    SearchParams p = plain_params();
    for (uint64_t seed = 1; seed <= 30; seed++) {
        toy_search(seed, 6, true, &p, NULL, &c1);
        toy_search(seed, 6, true, &p, NULL, &c2);
    }
    uint64_t n1 = 0, n2 = 0, b1 = 0, b2 = 0;
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        n1 += c1.n[i], b1 += c1.better[i];
        n2 += c2.n[i], b2 += c2.better[i];
    }
    g_test_message("%" G_GUINT64_FORMAT " records; better: scheme 1 %" G_GUINT64_FORMAT
                   ", scheme 2 %" G_GUINT64_FORMAT,
                   n1, b1, b2);
    g_assert_cmpuint(n1, ==, n2);
    g_assert_cmpuint(b2, <, b1);
    g_assert_cmpuint(b2, >, 0);
    rankcut_counts_free(&c1);
    rankcut_counts_free(&c2);
}

// Iterations deeper than RANKCUT_DEPTHS record nothing: a search to depth 14 leaves no
// record at remaining depth 12 or more, and records at 11 (from iteration 12).
static void test_rankcut_collect_iterations(void)
{
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    RankcutCounts c;
    rankcut_counts_init(&c, "toy", "toy-eval", &edges);
    SearchParams p = plain_params();
    for (uint64_t seed = 1; seed <= 5; seed++) toy_search(seed, 14, true, &p, NULL, &c);
    uint64_t at[RANKCUT_DEPTHS] = {0};
    for (size_t i = 0; i < RANKCUT_CELLS; i++) at[i / RANKCUT_DEPTH_STRIDE] += c.n[i];
    g_assert_cmpuint(at[RANKCUT_DEPTHS - 1], ==, 0);
    g_assert_cmpuint(at[RANKCUT_DEPTHS - 2], >, 0);
    rankcut_counts_free(&c);
}

// A table with samples at remaining depth 1 only: the paper's rule never reduces deeper
// nodes; rankcut_backoff takes the depth-1 cells for them.
static void test_rankcut_backoff(void)
{
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    RankcutCounts c;
    rankcut_counts_init(&c, "toy", "toy-eval", &edges);
    for (size_t i = 0; i < RANKCUT_DEPTH_STRIDE; i++) c.n[i] = 100000;
    RankcutTable shallow;
    rankcut_table_init(&shallow, &c);
    uint64_t backoffs = 0, reductions = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        SearchParams rc = plain_params();
        rc.rankcut = true;
        rc.rankcut_min_depth = 2;
        ToyResult a = toy_search(seed, 6, false, &rc, &shallow, NULL);
        g_assert_cmpuint(a.stats.rankcut_reductions, ==, 0);
        g_assert_cmpuint(a.stats.rankcut_known, ==, 0);
        rc.rankcut_backoff = true;
        ToyResult b = toy_search(seed, 6, false, &rc, &shallow, NULL);
        g_assert_cmpuint(b.stats.rankcut_known, ==, b.stats.rankcut_lookups);
        g_assert_cmpuint(b.stats.rankcut_backoffs, ==, b.stats.rankcut_lookups);
        backoffs += b.stats.rankcut_backoffs;
        reductions += b.stats.rankcut_reductions;
    }
    g_assert_cmpuint(backoffs, >, 0);
    g_assert_cmpuint(reductions, >, 0);
    rankcut_table_free(&shallow);
}

// Graded reductions take more plies off as Pi' falls, so search fewer nodes than the fixed
// reduction on a table that never sees a better move; at threshold 0 they reduce nothing.
static void test_rankcut_graded(void)
{
    RankcutTable never_better;
    toy_rankcut_table(&never_better, 0.0);
    uint64_t fixed_nodes = 0, graded_nodes = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        SearchParams rc = plain_params();
        rc.rankcut = true;
        rc.rankcut_min_depth = 2;
        ToyResult a = toy_search(seed, 8, false, &rc, &never_better, NULL);
        rc.rankcut_graded = 2;
        rc.rankcut_depth_step = 3;
        ToyResult b = toy_search(seed, 8, false, &rc, &never_better, NULL);
        fixed_nodes += a.nodes;
        graded_nodes += b.nodes;
        rc.rankcut_threshold = 0;
        ToyResult z = toy_search(seed, 8, false, &rc, &never_better, NULL);
        SearchParams base = plain_params();
        ToyResult p = toy_search(seed, 8, false, &base, NULL, NULL);
        g_assert_cmpuint(z.nodes, ==, p.nodes);
        g_assert_cmpint(z.score, ==, p.score);
        g_assert_cmpuint(z.stats.rankcut_reductions, ==, 0);
    }
    g_test_message("fixed reduction %" G_GUINT64_FORMAT " nodes, graded %" G_GUINT64_FORMAT,
                   fixed_nodes, graded_nodes);
    g_assert_cmpuint(graded_nodes, <, fixed_nodes);
    rankcut_table_free(&never_better);
}

// tt_resize: the same size keeps the table and its entries; another size gives an empty
// table of that size.
static void test_tt_resize(void)
{
    Tt tt;
    int mib = 1;
    g_assert_true(tt_init(&tt, 1));
    size_t buckets = tt.buckets;
    tt_store(&tt, 12345, 7, 42, 0, 5, TT_EXACT, 0);
    g_assert_true(tt_resize(&tt, &mib, 1));
    g_assert_cmpint(mib, ==, 1);
    TtEntry e = {0};
    g_assert_true(tt_probe(&tt, 12345, &e));
    g_assert_cmpint(e.score, ==, 42);
    g_assert_true(tt_resize(&tt, &mib, 4));
    g_assert_cmpint(mib, ==, 4);
    g_assert_cmpuint(tt.buckets, ==, 4 * buckets);
    g_assert_false(tt_probe(&tt, 12345, &e));
    tt_store(&tt, 777, 3, -9, 0, 2, TT_LOWER, 0);
    g_assert_true(tt_probe(&tt, 777, &e));
    tt_free(&tt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/search/toy-minimax-exact", test_minimax_exact);
    g_test_add_func("/core/search/contempt-exact", test_contempt_exact);
    g_test_add_func("/core/search/rankcut-threshold-zero-is-baseline",
                    test_rankcut_threshold_zero_is_baseline);
    g_test_add_func("/core/search/rankcut-reduces", test_rankcut_reduces);
    g_test_add_func("/core/search/rankcut-collect", test_rankcut_collect_counts);
    g_test_add_func("/core/search/rankcut-collect-schemes", test_rankcut_collect_schemes);
    g_test_add_func("/core/search/rankcut-collect-iterations", test_rankcut_collect_iterations);
    g_test_add_func("/core/search/rankcut-backoff", test_rankcut_backoff);
    g_test_add_func("/core/search/rankcut-graded", test_rankcut_graded);
    g_test_add_func("/core/tt/resize", test_tt_resize);
    return g_test_run();
}
