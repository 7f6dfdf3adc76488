// SPDX-License-Identifier: MIT
// The forward-pruning methods beside RankCut on the toy game with brute-force minimax values
// (tests/toy_game.h), then on Abalone and Go through their descriptors. Switched off, whatever
// their other parameters, each method leaves the tree exactly as plain alpha-beta searches it
// (nodes, score, move); at settings that cannot prune (an LMR table of zeros, Multi-Cut with
// C > M, a futility margin beyond any score) the search returns the exact minimax value; on,
// each method's counters move and the answer is a legal move.
#include <string.h>

#include "abalone/desc.h"
#include "core/engine.h"
#include "go/desc.h"
#include "tests/test_util.h"
#include "tests/toy_game.h"

typedef struct {
    Score score;
    Move best;
    uint64_t nodes;
    SearchStats stats;
} ToyResult;

static ToyResult toy_run_table(uint64_t seed, int depth, bool use_tt, const SearchParams *p,
                               const RankcutTable *table)
{
    Tt tt;
    if (use_tt) g_assert_true(tt_init(&tt, 1));
    Search s;
    search_init(&s, p, use_tt ? &tt : NULL, TOY_MAX_MOVES);
    s.rankcut_table = table;
    s.limits.depth = depth;
    ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
    SearchInfo info;
    ToyResult r;
    r.best = toy_search_run(&s, &b, &info);
    r.score = info.score;
    r.nodes = s.nodes;
    r.stats = s.stats;
    g_assert_cmpint(info.depth, ==, depth);
    g_assert_cmpint(b.ply, ==, 0);
    g_assert_cmpint(b.x, ==, (int)(seed % TOY_MODULUS));
    search_free(&s);
    if (use_tt) tt_free(&tt);
    return r;
}

static ToyResult toy_run(uint64_t seed, int depth, bool use_tt, const SearchParams *p)
{
    return toy_run_table(seed, depth, use_tt, p, NULL);
}

static SearchParams plain(void)
{
    SearchParams p;
    search_params_default(&p);
    search_params_plain(&p);
    return p;
}

// Every method's parameters at their most aggressive, switches as given.
static SearchParams aggressive(bool on)
{
    SearchParams p = plain();
    p.null_move = on, p.null_move_reduction = 4, p.null_move_min_depth = 1;
    p.null_move_verify_depth = 3;
    p.lmr = on, p.lmr_base = 3, p.lmr_min_depth = 2, p.lmr_min_move = 2;
    p.rankcut_lmr = on, p.rankcut_lmr_keep = 0;
    p.futility = on, p.futility_depth = 8, p.futility_margin = 0;
    p.multicut = on, p.multicut_c = 1, p.multicut_m = 6, p.multicut_r = 3;
    p.move_chains = on, p.move_chains_length = 4, p.move_chains_min_depth = 2;
    return p;
}

typedef void (*Switch)(SearchParams *p);
static void only_null(SearchParams *p)
{
    p->null_move = true;
}
static void only_lmr(SearchParams *p)
{
    p->lmr = true;
}
static void only_futility(SearchParams *p)
{
    p->futility = true;
}
static void only_multicut(SearchParams *p)
{
    p->multicut = true;
}
static void only_chains(SearchParams *p)
{
    p->move_chains = true;
}

static const struct {
    const char *name;
    Switch on;
} methods[] = {{"null_move", only_null},
               {"lmr", only_lmr},
               {"futility", only_futility},
               {"multicut", only_multicut},
               {"move_chains", only_chains}};

static void test_off_is_baseline(void)
{
    SearchParams base = plain(), off = aggressive(false), all = aggressive(true);
    uint64_t differ = 0;
    for (uint64_t seed = 1; seed <= 40; seed++)
        for (int depth = 2; depth <= 7; depth++) {
            ToyResult a = toy_run(seed, depth, true, &base);
            ToyResult b = toy_run(seed, depth, true, &off);
            g_assert_cmpuint(a.nodes, ==, b.nodes);
            g_assert_cmpint(a.score, ==, b.score);
            g_assert_cmpuint(a.best, ==, b.best);
            // The same parameters with the switches on do change the tree: the test can fail.
            differ += toy_run(seed, depth, true, &all).nodes != a.nodes;
        }
    g_assert_cmpuint(differ, >, 100);
}

// Plain alpha-beta's tree on the toy game, frozen: the sum of the node counts of 40 trees at
// depths 2-7 with the TT, as the search counted them before the methods were added. The
// methods' code paths, switched off, must not move it.
#define TOY_BASELINE_NODES 58249
static void test_baseline_frozen(void)
{
    SearchParams base = plain();
    uint64_t nodes = 0;
    for (uint64_t seed = 1; seed <= 40; seed++)
        for (int depth = 2; depth <= 7; depth++) nodes += toy_run(seed, depth, true, &base).nodes;
    g_assert_cmpuint(nodes, ==, TOY_BASELINE_NODES);
}

static void assert_exact(const SearchParams *p, uint64_t *counter_sum,
                         uint64_t (*counter)(const SearchStats *))
{
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(60); seed++)
        for (int depth = 1; depth <= 6; depth++) {
            ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
            Score want = toy_minimax(&root, depth);
            for (int tt = 0; tt < 2; tt++) {
                ToyResult r = toy_run(seed, depth, tt, p);
                g_assert_cmpint(r.score, ==, want);
                ToyBoard child = root;
                toy_play(&child, (int)r.best - 1);
                g_assert_cmpint(-toy_minimax(&child, depth - 1), ==, want);
                *counter_sum += counter(&r.stats);
            }
        }
}

static uint64_t lmr_counter(const SearchStats *st)
{
    return st->lmr_reductions;
}
static uint64_t multicut_counter(const SearchStats *st)
{
    return st->multicut_tries;
}
static uint64_t futility_counter(const SearchStats *st)
{
    return st->futility_prunes;
}

static void test_cannot_prune_is_exact(void)
{
    // An LMR table of zeros: no move is ever reduced.
    SearchParams p = plain();
    p.lmr = true, p.lmr_base = 0, p.lmr_divisor = 1000000, p.lmr_min_depth = 2;
    uint64_t n = 0;
    assert_exact(&p, &n, lmr_counter);
    g_assert_cmpuint(n, ==, 0);
    // Multi-Cut with C > M: the Multi-Cut searches run (and fill the TT, the killers and the
    // history) but can never cut.
    p = plain();
    p.multicut = true, p.multicut_c = 4, p.multicut_m = 3, p.multicut_r = 1;
    n = 0;
    assert_exact(&p, &n, multicut_counter);
    g_assert_cmpuint(n, >, 0);
    // A futility margin no evaluation difference reaches.
    p = plain();
    p.futility = true, p.futility_depth = 8, p.futility_margin = 1000000;
    n = 0;
    assert_exact(&p, &n, futility_counter);
    g_assert_cmpuint(n, ==, 0);
}

static void test_counters_move(void)
{
    for (size_t k = 0; k < G_N_ELEMENTS(methods); k++) {
        SearchParams base = plain(), p = plain();
        methods[k].on(&p);
        p.null_move_verify_depth = 4;
        uint64_t base_nodes = 0, nodes = 0;
        SearchStats sum = {0};
        for (uint64_t seed = 1; seed <= 40; seed++) {
            // Without the TT, as in the RankCut tests: the toy game transposes so much that
            // the TT, not the pruning, decides its tree size.
            base_nodes += toy_run(seed, 7, false, &base).nodes;
            ToyResult r = toy_run(seed, 7, false, &p);
            nodes += r.nodes;
            const uint64_t *a = (const uint64_t *)&r.stats;
            uint64_t *b = (uint64_t *)&sum;
            for (size_t i = 0; i < sizeof sum / sizeof(uint64_t); i++) b[i] += a[i];
        }
        g_test_message("%s: %" G_GUINT64_FORMAT " nodes against %" G_GUINT64_FORMAT,
                       methods[k].name, nodes, base_nodes);
        // The tree changed. Whether it shrank says little here: the toy game's evaluations
        // and move order are random, so re-searches and lost bounds can cost more than the
        // pruning saves.
        g_assert_cmpuint(nodes, !=, base_nodes);
        switch (k) {
        case 0:
            g_assert_cmpuint(sum.null_move_cutoffs, >, 0);
            g_assert_cmpuint(sum.null_move_tries, >, sum.null_move_cutoffs);
            g_assert_cmpuint(sum.null_move_verifications, >, 0);
            break;
        case 1:
            g_assert_cmpuint(sum.lmr_reductions, >, 0);
            g_assert_cmpuint(sum.lmr_researches, >, 0);
            break;
        case 2: g_assert_cmpuint(sum.futility_prunes, >, 0); break;
        case 3:
            g_assert_cmpuint(sum.multicut_cutoffs, >, 0);
            g_assert_cmpuint(sum.multicut_tries, >, sum.multicut_cutoffs);
            break;
        default:
            g_assert_cmpuint(sum.chains_stored, >, 0);
            g_assert_cmpuint(sum.chains_followed, >, 0);
            g_assert_cmpuint(sum.chains_dropped, >, 0);
            g_assert_cmpuint(sum.chains_found, >=, sum.chains_followed + sum.chains_dropped);
        }
    }
}

// rankcut_lmr: off, RankCut and LMR add their reductions as before; on, a table that always
// says "no better move" makes LMR's reductions one ply longer, one that always says "better"
// one ply shorter.
static void test_rankcut_lmr(void)
{
    RankcutTable never, always;
    toy_rankcut_table(&never, 0.0);
    toy_rankcut_table(&always, 1.0);
    SearchParams both = plain();
    both.rankcut = true, both.rankcut_min_depth = 2, both.lmr = true;
    SearchParams off = both;
    off.rankcut_lmr_keep = 0;
    SearchParams on = both;
    on.rankcut_lmr = true;
    uint64_t more = 0, less = 0, changed = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        ToyResult a = toy_run_table(seed, 7, false, &both, &never);
        ToyResult b = toy_run_table(seed, 7, false, &off, &never);
        g_assert_cmpuint(a.nodes, ==, b.nodes);
        g_assert_cmpint(a.score, ==, b.score);
        g_assert_cmpuint(b.stats.rankcut_lmr_more + b.stats.rankcut_lmr_less, ==, 0);
        ToyResult c = toy_run_table(seed, 7, false, &on, &never);
        more += c.stats.rankcut_lmr_more;
        g_assert_cmpuint(c.stats.rankcut_lmr_less, ==, 0);
        changed += c.nodes != a.nodes;
        ToyResult d = toy_run_table(seed, 7, false, &on, &always);
        less += d.stats.rankcut_lmr_less;
        g_assert_cmpuint(d.stats.rankcut_lmr_more, ==, 0);
    }
    g_assert_cmpuint(more, >, 0);
    g_assert_cmpuint(less, >, 0);
    g_assert_cmpuint(changed, >, 0);
    rankcut_table_free(&never);
    rankcut_table_free(&always);
}

// Each method on, alone and all together (with rankcut_lmr), on Abalone's and Go's bench
// positions searched by alpha-beta (Go's default engine is the Monte Carlo search): the answer
// is a legal move and the method's counters moved.
static void check_game(const GameDesc *game, int depth)
{
    Move *legal = g_new(Move, game->max_moves);
    for (size_t k = 0; k <= G_N_ELEMENTS(methods); k++) {
        char *set[6] = {NULL};
        for (size_t j = 0; j < G_N_ELEMENTS(methods); j++)
            if (j == k || k == G_N_ELEMENTS(methods))
                set[j] = g_strdup_printf("%s=true", methods[j].name);
        char *sets[9] = {"hash=4", "search=alphabeta"};
        int n = 2;
        for (size_t j = 0; j < G_N_ELEMENTS(methods); j++)
            if (set[j]) sets[n++] = set[j];
        if (k == G_N_ELEMENTS(methods)) sets[n++] = "rankcut_lmr=true"; // with RankCut's table
        GError *err = NULL;
        GameEngine *e = game_engine_new(game, NULL, sets, NULL, &err);
        g_assert_no_error(err);
        uint64_t moved = 0;
        for (int i = 0; i < game->bench_count; i++) {
            GameState *s = game->state_new(0, game->bench_positions[i], &err);
            g_assert_no_error(err);
            SearchLimits limits = {0};
            limits.depth = depth;
            limits.start_us = g_get_monotonic_time();
            SearchInfo info;
            Move best = game->search(e, s, &limits, NULL, NULL, &info);
            int nlegal = game->legal_moves(s, legal), j = 0;
            while (j < nlegal && legal[j] != best) j++;
            g_assert_cmpint(j, <, nlegal);
            const SearchStats *st = engine_search_stats(game_engine_core(e));
            moved += st->null_move_tries + st->lmr_reductions + st->futility_prunes +
                     st->multicut_tries + st->chains_stored;
            game->state_free(s);
        }
        g_test_message("%s, %s: counters moved %" G_GUINT64_FORMAT, game->name,
                       k < G_N_ELEMENTS(methods) ? methods[k].name : "all", moved);
        g_assert_cmpuint(moved, >, 0);
        game_engine_free(game, e);
        for (size_t j = 0; j < G_N_ELEMENTS(methods); j++) g_free(set[j]);
    }
    g_free(legal);
}

static void test_abalone(void)
{
    check_game(&abalone_game_desc, 4);
}

static void test_go(void)
{
    check_game(&go_game_desc, 4);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/methods/off-is-baseline", test_off_is_baseline);
    g_test_add_func("/core/methods/baseline-frozen", test_baseline_frozen);
    g_test_add_func("/core/methods/cannot-prune-is-exact", test_cannot_prune_is_exact);
    g_test_add_func("/core/methods/counters-move", test_counters_move);
    g_test_add_func("/core/methods/rankcut-lmr", test_rankcut_lmr);
    g_test_add_func("/abalone/methods/legal", test_abalone);
    g_test_add_func("/go/methods/legal", test_go);
    return g_test_run();
}
