// SPDX-License-Identifier: MIT
// The Monte Carlo search (core/mcts_body.h) on the toy game with brute-force minimax values:
// with playouts that end where minimax stops, its choice converges to the minimax move; a
// tiny node arena fills up without harm (the search goes on, the refusals are counted); a stop
// request before the search still gives a legal move; the early stop never changes the answer;
// the subtree of the next position is kept; the widening's rank statistics count every node of
// the final tree they should.
#include <math.h>
#include <string.h>

#include "tests/test_util.h"
#include "tests/toy_game.h"

typedef struct {
    Move best;
    SearchInfo info;
    SearchStats stats;
    uint64_t playouts;
    uint32_t used, cap;
    uint64_t amaf; // the root's children's AMAF visits
    bool stopped;
} MctsResult;

static SearchParams mcts_params(void)
{
    SearchParams p;
    search_params_default(&p);
    p.search = SEARCH_MCTS;
    return p;
}

// One search of the toy root of `seed` with `playouts` playouts; ctx may be NULL.
static MctsResult mcts_search(uint64_t seed, const SearchParams *p, uint64_t playouts,
                              const ToyMctsCtx *ctx)
{
    Search s;
    search_init(&s, p, NULL, TOY_MAX_MOVES);
    s.game_ctx = ctx;
    s.limits.nodes = playouts;
    ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
    MctsResult r;
    r.best = toy_search_dispatch(&s, &b, &r.info);
    r.stats = s.stats;
    r.playouts = s.nodes;
    r.used = s.mcts->used;
    r.cap = s.mcts->cap;
    r.stopped = s.control.stopped;
    r.amaf = 0;
    const MctsNode *root = &s.mcts->nodes[0];
    for (uint32_t i = 0; i < root->nchildren; i++)
        r.amaf += s.mcts->nodes[root->children + i].amaf_visits;
    g_assert_cmpint(b.ply, ==, 0); // the board comes back unchanged
    g_assert_cmpint(b.x, ==, (int)(seed % TOY_MODULUS));
    g_assert_cmpint((int)r.best, >=, 1);
    g_assert_cmpint((int)r.best, <=, toy_branching(&b));
    g_assert_cmpuint(s.ownership.playouts, ==, 0); // the toy game's playouts have no owners
    search_free(&s);
    return r;
}

// The minimax value of the root's move m (1-based) at depth.
static Score move_value(uint64_t seed, Move m, int depth)
{
    ToyBoard c = {seed, 0, (int)(seed % TOY_MODULUS)};
    toy_play(&c, (int)m - 1);
    return -toy_minimax(&c, depth - 1);
}

// The gap in win rate between the root's best and second-best moves by minimax at depth (1
// when the root has one best move only and nothing else, which the toy game never has).
static double minimax_gap(uint64_t seed, int depth, double scale)
{
    ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
    double best = -1, second = -1;
    for (int i = 1; i <= toy_branching(&root); i++) {
        double v = mcts_score_rate(move_value(seed, (Move)i, depth), scale);
        if (v > best)
            second = best, best = v;
        else if (v > second)
            second = v;
    }
    return second < 0 ? 1 : best - second;
}

// Over seeded random trees of depth 2 and 3 whose best move leads the second by at least
// TOY_GAP in win rate, the search's move has the minimax value in at least want_percent of
// them; over all trees (near ties included) the rate is reported.
#define TOY_SCALE 400.0
#define TOY_GAP   0.02
static void check_converges(bool rave, uint64_t playouts, int want_percent)
{
    SearchParams p = mcts_params();
    p.mcts_rave = rave;
    int trees = 0, agree = 0, clear = 0, clear_agree = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(60); seed++) {
        for (int depth = 2; depth <= 3; depth++) {
            ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
            Score want = toy_minimax(&root, depth);
            ToyMctsCtx ctx = {depth, TOY_SCALE};
            MctsResult r = mcts_search(seed, &p, playouts, &ctx);
            g_assert_cmpuint(r.playouts, ==, playouts);
            g_assert_cmpuint(r.stats.mcts_playouts, ==, playouts);
            g_assert_cmpuint(r.stats.mcts_tree_full, ==, 0);
            if (rave) // every simulation plays one of the root's moves first
                g_assert_cmpuint(r.amaf, >=, playouts);
            else
                g_assert_cmpuint(r.amaf, ==, 0);
            bool right = move_value(seed, r.best, depth) == want;
            trees++, agree += right;
            if (minimax_gap(seed, depth, TOY_SCALE) >= TOY_GAP) clear++, clear_agree += right;
        }
    }
    g_test_message("rave %d, %" G_GUINT64_FORMAT " playouts: the minimax move in %d of %d trees"
                   " whose best move leads by %.2f or more, %d of %d in all",
                   rave, playouts, clear_agree, clear, TOY_GAP, agree, trees);
    g_assert_cmpint(clear, >=, trees / 2);
    g_assert_cmpint(clear_agree * 100, >=, want_percent * clear);
}

static void test_converges_uct(void)
{
    check_converges(false, 100000, 100);
}

static void test_converges_rave(void)
{
    check_converges(true, 100000, 100);
}

// With few playouts the search does not know yet: the rate of the converged search is the
// search's doing, not the trees' (a first move that is usually best would pass too).
static void test_few_playouts_fall_short(void)
{
    SearchParams p = mcts_params();
    int trees = 0, agree = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(100); seed++) {
        ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
        Score want = toy_minimax(&root, 3);
        ToyMctsCtx ctx = {3, TOY_SCALE};
        MctsResult r = mcts_search(seed, &p, 1, &ctx);
        trees++;
        agree += move_value(seed, r.best, 3) == want;
    }
    g_test_message("%d of %d trees answer the minimax move after 1 playout", agree, trees);
    g_assert_cmpint(agree * 100, <, 80 * trees);
}

// A 1 MiB arena on a deep tree: it fills, the refusals are counted, no node is made beyond it,
// and every playout asked for still runs.
static void test_tiny_arena(void)
{
    SearchParams p = mcts_params();
    p.mcts_memory = 1;
    p.mcts_expand_visits = 1;
    p.mcts_playout_plies = 30;
    uint64_t playouts = (uint64_t)TEST_SCALED(60000);
    MctsResult r = mcts_search(7, &p, playouts, NULL);
    g_assert_cmpuint(r.cap, ==, 1024 * 1024 / sizeof(MctsNode));
    g_assert_cmpuint(r.used, <=, r.cap);
    g_assert_cmpuint(r.stats.mcts_tree_full, >, 0);
    g_assert_cmpuint(r.playouts, ==, playouts);
    g_assert_cmpuint(r.stats.mcts_nodes + 1, ==, r.used);
    g_assert_cmpint(r.info.hashfull, >=, 990);
    GString *lines = g_string_new(NULL);
    search_format_counters(&r.stats, lines);
    g_assert_nonnull(strstr(lines->str, "info string mcts playouts "));
    g_assert_null(strstr(lines->str, "tree_full 0 "));
    g_string_free(lines, true);
}

// Prior visits (mcts_prior_visits) are no visits that make a new node due for expansion: a
// simulation still expands one node at most, and the tree, with nodes to spare, stays small.
// Counted as visits, they would make every simulation expand its whole path, to the end of the
// game (the toy game without a horizon goes on to the ply limit).
static void test_prior_visits_expand(void)
{
    SearchParams p = mcts_params();
    for (int prior = 0; prior <= 20; prior += 5) {
        p.mcts_prior_visits = prior;
        MctsResult r = mcts_search(3, &p, 2000, NULL);
        g_assert_cmpuint(r.stats.mcts_nodes, <=, (r.playouts + 1) * TOY_MAX_MOVES);
        g_assert_cmpuint(r.stats.mcts_tree_full, ==, 0);
        g_assert_cmpint(r.info.seldepth, <, 40);
    }
}

// A stop requested before the search: no playout, the first legal move, stopped.
static void test_stop_before_start(void)
{
    SearchParams p = mcts_params();
    Search s;
    search_init(&s, &p, NULL, TOY_MAX_MOVES);
    s.limits.infinite = true;
    search_control_request_stop(&s.control);
    ToyBoard b = {3, 0, 3};
    SearchInfo info;
    Move m = toy_search_dispatch(&s, &b, &info);
    g_assert_cmpint((int)m, ==, 1);
    g_assert_true(s.control.stopped);
    g_assert_cmpuint(s.nodes, ==, 0);
    search_free(&s);
}

typedef struct {
    Search *s;
    ToyBoard *b;
    SearchInfo info;
    Move best;
} StopRace;

static gpointer stop_race_search(gpointer data)
{
    StopRace *r = data;
    r->best = toy_search_dispatch(r->s, r->b, &r->info);
    return NULL;
}

// A search without limits on a thread of its own, stopped from this one while it runs: it
// answers a legal move, stopped, and leaves the board as it was.
static void test_stop_from_another_thread(void)
{
    SearchParams p = mcts_params();
    Search s;
    search_init(&s, &p, NULL, TOY_MAX_MOVES);
    s.limits.infinite = true;
    ToyBoard b = {9, 0, 9};
    StopRace r = {&s, &b, {0}, MOVE_NONE};
    GThread *t = g_thread_new("mcts", stop_race_search, &r);
    g_usleep(20000);
    search_control_request_stop(&s.control);
    g_thread_join(t);
    g_assert_true(s.control.stopped);
    g_assert_cmpint((int)r.best, >=, 1);
    g_assert_cmpint((int)r.best, <=, toy_branching(&b));
    g_assert_cmpint(b.ply, ==, 0);
    g_assert_cmpint(b.x, ==, 9);
    search_free(&s);
}

// The early stop ends searches whose answer can no longer change, and only those.
static void test_early_stop_same_answer(void)
{
    SearchParams full = mcts_params(), early = mcts_params();
    early.mcts_early_stop = true;
    uint64_t saved = 0, total = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(50); seed++) {
        ToyMctsCtx ctx = {3, TOY_SCALE};
        MctsResult a = mcts_search(seed, &full, 5000, &ctx);
        MctsResult b = mcts_search(seed, &early, 5000, &ctx);
        g_assert_cmpint((int)a.best, ==, (int)b.best);
        g_assert_cmpuint(b.playouts, <=, a.playouts);
        g_assert_cmpuint(b.stats.mcts_early_stops, ==, b.playouts < a.playouts ? 1 : 0);
        saved += a.playouts - b.playouts;
        total += a.playouts;
    }
    g_test_message("the early stop saved %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " playouts",
                   saved, total);
    g_assert_cmpuint(saved, >, 0);
}

// Tree reuse: after the answer and its most visited reply, the search starts from that
// grandchild's subtree (its visits counted as reused and kept at the root); the same position
// again keeps the whole tree; after search_clear_tables (a new game), with mcts_reuse off, or
// from a position the tree does not hold, the tree starts afresh.
static void test_reuse(void)
{
    SearchParams p = mcts_params();
    Search s;
    search_init(&s, &p, NULL, TOY_MAX_MOVES);
    ToyMctsCtx ctx = {8, TOY_SCALE};
    s.game_ctx = &ctx;
    s.limits.nodes = 20000;
    ToyBoard b = {5, 0, 5};
    SearchInfo info;
    Move m1 = toy_search_dispatch(&s, &b, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, 0);
    uint32_t c = mcts_tree_best_child(s.mcts, s.mcts->root);
    uint32_t g = mcts_tree_best_child(s.mcts, c);
    uint32_t want = s.mcts->nodes[g].visits;
    Move m2 = s.mcts->nodes[g].move;
    g_assert_cmpuint(want, >, 0);
    toy_play(&b, (int)m1 - 1);
    toy_play(&b, (int)m2 - 1);
    toy_search_dispatch(&s, &b, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, want);
    g_assert_cmpuint(s.mcts->root, ==, g);
    g_assert_cmpuint(s.mcts->nodes[g].visits, ==, want + 20000);
    uint32_t all = s.mcts->nodes[g].visits;
    toy_search_dispatch(&s, &b, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, all);
    g_assert_cmpuint(s.mcts->nodes[s.mcts->root].visits, ==, all + 20000);
    search_clear_tables(&s); // a new game
    toy_search_dispatch(&s, &b, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, 0);
    g_assert_cmpuint(s.mcts->nodes[s.mcts->root].visits, ==, 20000);
    s.params.mcts_reuse = false;
    toy_search_dispatch(&s, &b, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, 0);
    g_assert_cmpuint(s.mcts->root, ==, 0);
    g_assert_cmpuint(s.mcts->nodes[0].visits, ==, 20000);
    s.params.mcts_reuse = true;
    ToyBoard other = {6, 0, 6};
    toy_search_dispatch(&s, &other, &info);
    g_assert_cmpuint(s.stats.mcts_reused, ==, 0);
    g_assert_cmpuint(s.mcts->nodes[s.mcts->root].visits, ==, 20000);
    search_free(&s);
}

// Several threads on one tree (threads=3, a virtual loss of 1): every playout reaches the root
// once and every virtual loss is taken back (the root's children's visits add up to the
// root's, which are the playouts), at least the playouts asked for run, the search still
// finds the minimax move of the trees whose best move leads clearly, and a simulation expands
// one node at most.
static void test_threads(void)
{
    SearchParams p = mcts_params();
    p.threads = 3;
    int clear = 0, clear_agree = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(30); seed++) {
        ToyMctsCtx ctx = {3, TOY_SCALE};
        Search s;
        search_init(&s, &p, NULL, TOY_MAX_MOVES);
        s.game_ctx = &ctx;
        s.limits.nodes = 100000;
        ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
        SearchInfo info;
        Move m = toy_search_dispatch(&s, &b, &info);
        g_assert_cmpint(b.ply, ==, 0);
        g_assert_cmpuint(s.nodes, >=, 100000);
        g_assert_cmpuint(s.stats.mcts_playouts, ==, s.nodes);
        const MctsNode *root = &s.mcts->nodes[s.mcts->root];
        uint64_t sum = 0;
        for (uint32_t i = 0; i < root->nchildren; i++)
            sum += s.mcts->nodes[root->children + i].visits;
        g_assert_cmpuint(root->visits, ==, s.nodes);
        g_assert_cmpuint(sum, ==, s.nodes);
        ToyBoard r = {seed, 0, (int)(seed % TOY_MODULUS)};
        if (minimax_gap(seed, 3, TOY_SCALE) >= TOY_GAP)
            clear++, clear_agree += move_value(seed, m, 3) == toy_minimax(&r, 3);
        search_free(&s);
    }
    g_test_message("threads 3: the minimax move in %d of %d trees whose best move leads by %.2f",
                   clear_agree, clear, TOY_GAP);
    g_assert_cmpint(clear_agree * 100, >=, 95 * clear);
    // A simulation expands one node at most, as on one thread: a virtual loss on a node is no
    // visit that makes it due for expansion (without a horizon, the tree could go on for ever).
    for (uint64_t seed = 1; seed <= 5; seed++) {
        MctsResult three = mcts_search(seed, &p, 5000, NULL);
        g_assert_cmpuint(three.stats.mcts_nodes, <=, (three.playouts + 1) * TOY_MAX_MOVES);
    }
}

// Without a node limit or a time control the search runs mcts_playouts playouts.
static void test_default_playouts(void)
{
    SearchParams p = mcts_params();
    p.mcts_playouts = 777;
    MctsResult r = mcts_search(11, &p, 0, NULL);
    g_assert_cmpuint(r.playouts, ==, 777);
    g_assert_false(r.stopped);
}

// The rank statistics' expected counts, walked independently: every node of the tree with
// min simulations, expanded with two children or more (b in its position, `depth` below the
// root), counted in the cell of its simulations, depth and phase (the toy's stage, the parity
// of x, of 2 stages) at the rank of its most visited child (mcts_tree_best_child's).
static void expected_ranks(const MctsTree *t, uint32_t node, ToyBoard b, int depth, uint32_t min,
                           MctsRanks *want)
{
    const MctsNode *n = &t->nodes[node];
    uint32_t played = mcts_node_played(n);
    if (played < min) return;
    if (n->state == MCTS_EXPANDED && n->nchildren >= 2) {
        uint32_t best = mcts_tree_best_child(t, node) - n->children;
        int phase = (b.x & 1) * MCTS_RANK_PHASES / TOY_PROBCUT_STAGES;
        int bucket = played < 16 ? 0 : MIN((int)log2(played) - 3, MCTS_RANK_BUCKETS - 1);
        mcts_ranks_add(want, mcts_ranks_cell(bucket, depth, phase), (int)best);
    }
    for (uint32_t i = 0; n->state == MCTS_EXPANDED && i < n->nchildren; i++) {
        ToyBoard c = b;
        toy_play(&c, (int)t->nodes[n->children + i].move - 1);
        expected_ranks(t, n->children + i, c, depth + 1, min, want);
    }
}

// With s->mcts_collect set, the search counts every qualifying node of its final tree, and
// only those.
static void test_collect_ranks(void)
{
    SearchParams p = mcts_params();
    MctsRanks *got = g_new(MctsRanks, 1), *want = g_new(MctsRanks, 1);
    const uint32_t mins[] = {1, 8, 30};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        uint32_t min = mins[seed % 3];
        Search s;
        search_init(&s, &p, NULL, TOY_MAX_MOVES);
        s.limits.nodes = 3000;
        mcts_ranks_init(got, "toy", "p", min);
        s.mcts_collect = got;
        ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
        SearchInfo info;
        toy_search_dispatch(&s, &b, &info);
        g_assert_cmpint(b.ply, ==, 0); // the walk took its moves back
        mcts_ranks_init(want, "toy", "p", min);
        expected_ranks(s.mcts, s.mcts->root, b, 0, min, want);
        g_assert_cmpuint(mcts_ranks_nodes(want), >=, 3);
        g_assert_cmpuint(mcts_ranks_nodes(got), ==, mcts_ranks_nodes(want));
        g_test_message("seed %d, min %u: %" G_GUINT64_FORMAT " nodes counted", (int)seed, min,
                       mcts_ranks_nodes(got));
        g_assert_cmpint(memcmp(got->count, want->count, sizeof got->count), ==, 0);
        search_free(&s);
    }
    g_free(got);
    g_free(want);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/mcts/toy-converges-uct", test_converges_uct);
    g_test_add_func("/core/mcts/toy-converges-rave", test_converges_rave);
    g_test_add_func("/core/mcts/few-playouts-fall-short", test_few_playouts_fall_short);
    g_test_add_func("/core/mcts/tiny-arena", test_tiny_arena);
    g_test_add_func("/core/mcts/prior-visits-expand", test_prior_visits_expand);
    g_test_add_func("/core/mcts/stop-before-start", test_stop_before_start);
    g_test_add_func("/core/mcts/stop-from-another-thread", test_stop_from_another_thread);
    g_test_add_func("/core/mcts/early-stop-same-answer", test_early_stop_same_answer);
    g_test_add_func("/core/mcts/default-playouts", test_default_playouts);
    g_test_add_func("/core/mcts/reuse", test_reuse);
    g_test_add_func("/core/mcts/threads", test_threads);
    g_test_add_func("/core/mcts/collect-ranks", test_collect_ranks);
    return g_test_run();
}
