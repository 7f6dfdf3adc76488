// SPDX-License-Identifier: MIT
// Monte Carlo tree search, compiled once per game beside core/search_body.h: the game's file
// defines the contract (core/game_contract.h) and SEARCH_NAME, includes core/search_body.h,
// then this file. It defines
//   Move SEARCH_NAME(mcts_run)(Search *s, GameBoard *b, SearchInfo *out)
//   Move SEARCH_NAME(dispatch)(Search *s, GameBoard *b, SearchInfo *out)
// the second running the algorithm s->params.search names. A simulation walks down the tree
// by UCT (with RAVE when mcts_rave is on), adds a leaf's children once it has been visited
// mcts_expand_visits times, plays a playout from there and adds its result, a win rate in [0,1],
// to every node of the path, each from the view of the side that played its move. The search
// polls its deadlines and stop flag through SearchControl (core/search_control.h) as
// alpha-beta does, and answers with the root's most visited move. The playout entries of the
// contract are optional: a game that defines none gets uniformly random legal moves and its
// game_terminal as the result, with a logistic of game_evaluate where a playout is cut short.
// A game whose playouts end in a position with owners (GAME_PLAYOUT_OWNERS) also gets, with
// the result, the share of playouts each side owned each point (s->ownership); a game without
// the entry pays nothing for it.
#include <math.h>

#include "base/rng.h"
#include "core/mcts.h"

// ---------------------------------------------------------------------------------------
// The contract's optional playout entries, and what a game that leaves them out gets

#ifndef GAME_PLAYOUT_MOVE
// A uniformly random legal move (MOVE_NONE when there is none).
static inline Move game_playout_move(GameBoard *b, const void *ctx, Rng *rng)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_gen_moves(b, moves);
    return n ? moves[rng_below(rng, (uint32_t)n)] : MOVE_NONE;
}
#endif

#ifndef GAME_PLAYOUT_RESULT
// The game is over here by game_terminal: a win 1, a loss 0, a draw 0.5 (side to move's view).
static inline bool game_playout_result(const GameBoard *b, const void *ctx, int ply, double *value)
{
    Score s;
    if (!game_terminal(b, ctx, ply, &s)) return false;
    *value = s > 0 ? 1.0 : s < 0 ? 0.0 : 0.5;
    return true;
}
#endif

#ifndef GAME_PLAYOUT_ESTIMATE
// A playout cut short: the evaluation through the logistic (side to move's view).
static inline double game_playout_estimate(const GameBoard *b, const void *ctx, double scale)
{
    return mcts_score_rate(game_evaluate(b, ctx), scale);
}
#endif

#ifndef GAME_MOVE_PRIORS
// No knowledge: every new child keeps the uniform prior the search gave it.
static inline void game_move_priors(const GameBoard *b, const void *ctx, const Move *moves, int n,
                                    MctsPrior *out)
{
}
#endif

#ifdef GAME_PLAYOUT_OWNERS
#define MCTS_OWNERS 1
#else
#define MCTS_OWNERS 0
// No owners: nothing is counted (never called).
static inline void game_playout_owners(const GameBoard *b, const void *ctx, uint32_t *counts) {}
#endif

// ---------------------------------------------------------------------------------------
// One search's working state

typedef struct {
    Search *s;
    MctsTree *t;
    GameBoard *b; // the thread's own board (a helper's clone)
    Rng rng;
    int vl;                 // the virtual loss (threads > 1; 0 on one thread)
    uint32_t *amaf_sim;     // [2 * move indices]: the simulation that last played the move ...
    uint16_t *amaf_ply;     // ... and the ply (from the root) where it first did
    uint64_t made, refused; // nodes made, expansions refused for want of room
    uint64_t moves;         // moves made by the simulations, in the tree and in the playouts
    MctsWiden widen;        // the widening schedule (mcts_widen)
    uint32_t *owned;        // GAME_PLAYOUT_OWNERS: the thread's counts (MctsOwnership's) ...
    uint64_t nowned;        // ... over this many playouts
    int seldepth;
    uint32_t sim;               // the current simulation's number (AMAF marks)
    int depth;                  // of the current path
    uint32_t path[MAX_PLY + 1]; // path[0] the root
    int side[MAX_PLY + 1];      // the side to move at path[i]
    GameUndo undo[MAX_PLY + 1]; // the tree's moves, then a playout's made in place
#ifdef GAME_PLAYOUT_COPY
    GameBoard scratch; // a playout's own board
#endif
} SEARCH_NAME(Mcts);

// The phase of the rank statistics (core/mcts_widen.h): the game's stage, scaled to
// MCTS_RANK_PHASES.
static inline int SEARCH_NAME(mcts_phase)(const GameBoard *b)
{
    return game_stage(b) * MCTS_RANK_PHASES / GAME_PROBCUT_STAGES;
}

// Step 1. Selection: the child with the greatest urgency, win rate plus UCT's exploration term
// (Kocsis & Szepesvari 2006); with RAVE the win rate is blended with the child's AMAF rate by
// Gelly & Silver's weight sqrt(k / (3n + k)). A child never visited is taken at once. With
// widening (core/mcts_widen.h) only the first w(n) children, in the prior's order, are looked
// at, n being the node's simulations.
static uint32_t SEARCH_NAME(mcts_select)(const SEARCH_NAME(Mcts) * m, uint32_t node)
{
    const SearchParams *p = &m->s->params;
    const MctsNode *parent = &m->t->nodes[node];
    double log_n = log((double)parent->visits + 1.0), best_u = -1.0;
    uint32_t best = parent->children, width = parent->nchildren;
    if (m->widen.schedule != MCTS_WIDEN_NONE)
        width = (uint32_t)mcts_widen_width(&m->widen, mcts_node_played(parent), m->depth,
                                           SEARCH_NAME(mcts_phase)(m->b), (int)width);
    for (uint32_t i = 0; i < width; i++) {
        const MctsNode *c = &m->t->nodes[parent->children + i];
        if (!c->visits) return parent->children + i;
        double q = c->wins / c->visits;
        if (p->mcts_rave && c->amaf_visits) {
            double beta = sqrt(p->mcts_rave_equiv / (3.0 * c->visits + p->mcts_rave_equiv));
            q = (1 - beta) * q + beta * c->amaf_wins / c->amaf_visits;
        }
        double u = q + p->mcts_c * sqrt(log_n / c->visits);
        if (u > best_u) best_u = u, best = parent->children + i;
    }
    return best;
}

// Step 2. Expansion: the node's children, one per legal move, each with its prior: the uniform
// one (mcts_prior_visits visits at 0.5) plus the game's knowledge of all the moves at once
// (game_move_priors; the virtual wins of Gelly & Silver 2007, the progressive bias of Chaslot
// et al. 2008). They are kept in the prior's order, best first (the order of generation among
// equals, so a game without priors keeps it): widening opens them in that order.
// A node where the game is over, or without a legal move, becomes terminal (the root never
// does: it always gets its legal moves, so that the search has one to answer). False when the
// arena has no room: the tree stops growing there (counted) and the search goes on.
static bool SEARCH_NAME(mcts_expand)(SEARCH_NAME(Mcts) * m, uint32_t node)
{
    const void *ctx = m->s->game_ctx;
    MctsNode *p = &m->t->nodes[node];
    uint8_t leaf = MCTS_LEAF;
    if (!atomic_compare_exchange_strong(&p->state, &leaf, MCTS_EXPANDING))
        return leaf != MCTS_EXPANDING; // another thread is making them: a playout meanwhile
    double v;
    Move moves[GAME_MAX_MOVES];
    int n = 0;
    if ((node != m->t->root && game_playout_result(m->b, ctx, m->depth, &v)) ||
        (n = game_gen_moves(m->b, moves)) == 0) {
        p->state = MCTS_TERMINAL;
        return true;
    }
    uint32_t first = mcts_tree_alloc(m->t, n);
    if (!first) {
        m->refused++;
        p->state = MCTS_LEAF;
        return false;
    }
    MctsPrior prior[GAME_MAX_MOVES];
    uint32_t even = (uint32_t)m->s->params.mcts_prior_visits;
    for (int i = 0; i < n; i++) prior[i] = (MctsPrior){even, 0.5 * even};
    game_move_priors(m->b, ctx, moves, n, prior);
    int order[GAME_MAX_MOVES];
    mcts_prior_order(prior, n, order);
    for (int i = 0; i < n; i++) {
        MctsNode *c = &m->t->nodes[first + (uint32_t)i];
        c->move = moves[order[i]];
        c->visits = prior[order[i]].visits;
        c->prior_visits = prior[order[i]].visits;
        c->wins = prior[order[i]].wins;
    }
    p->children = first;
    p->nchildren = (uint16_t)n;
    p->state = MCTS_EXPANDED;
    m->made += (uint64_t)n;
    return true;
}

// Marks move mv as played by side at ply (from the root) in this simulation, for AMAF: the
// first time counts.
static inline void SEARCH_NAME(mcts_mark)(SEARCH_NAME(Mcts) * m, int side, Move mv, int ply)
{
    int i = game_move_index(mv);
    if (i < 0 || i >= m->t->move_indices) return;
    size_t k = (size_t)side * (size_t)m->t->move_indices + (size_t)i;
    if (m->amaf_sim[k] == m->sim) return;
    m->amaf_sim[k] = m->sim;
    m->amaf_ply[k] = (uint16_t)MIN(ply, UINT16_MAX);
}

// The owners of the position a playout ended in, counted in the thread's own array (summed
// when the search ends, so that the hot loop has no atomics per point).
static inline void SEARCH_NAME(mcts_own)(SEARCH_NAME(Mcts) * m, const GameBoard *b)
{
    if (!MCTS_OWNERS) return;
    game_playout_owners(b, m->s->game_ctx, m->owned);
    m->nowned++;
}

// Step 3. The playout from the current position, side to move's view of its result. The
// moves are made on a copy when the game plays its playouts there (GAME_PLAYOUT_COPY), else on
// the board itself and taken back, within MAX_PLY plies of the root.
#ifdef GAME_PLAYOUT_COPY
static double SEARCH_NAME(mcts_playout)(SEARCH_NAME(Mcts) * m)
{
    const void *ctx = m->s->game_ctx;
    GameBoard *pb = &m->scratch;
    game_playout_copy(pb, m->b);
    int root_side = game_side(m->b), ply = m->depth;
    double v = 0.5;
    for (int k = 0; k < m->s->params.mcts_playout_plies; k++, ply++) {
        if (game_playout_result(pb, ctx, ply, &v)) break;
        Move mv = game_playout_move(pb, ctx, &m->rng);
        if (mv == MOVE_NONE) {
            v = 0.0;
            break;
        }
        SEARCH_NAME(mcts_mark)(m, game_side(pb), mv, ply);
        game_playout_play(pb, mv);
    }
    m->moves += (uint64_t)(ply - m->depth);
    if (ply - m->depth >= m->s->params.mcts_playout_plies)
        v = game_playout_estimate(pb, ctx, m->s->params.mcts_eval_scale);
    SEARCH_NAME(mcts_own)(m, pb);
    return game_side(pb) == root_side ? v : 1 - v;
}
#else
static double SEARCH_NAME(mcts_playout)(SEARCH_NAME(Mcts) * m)
{
    const void *ctx = m->s->game_ctx;
    GameBoard *b = m->b;
    int root_side = game_side(b), ply = m->depth, limit = m->s->params.mcts_playout_plies;
    Move played[MAX_PLY + 1];
    double v = 0.5;
    bool ended = false;
    for (; ply - m->depth < limit && ply < MAX_PLY; ply++) {
        if ((ended = game_playout_result(b, ctx, ply, &v))) break;
        Move mv = game_playout_move(b, ctx, &m->rng);
        if (mv == MOVE_NONE) {
            v = 0.0, ended = true;
            break;
        }
        SEARCH_NAME(mcts_mark)(m, game_side(b), mv, ply);
        game_make(b, mv, &m->undo[ply]);
        played[ply] = mv;
    }
    m->moves += (uint64_t)(ply - m->depth);
    if (!ended) v = game_playout_estimate(b, ctx, m->s->params.mcts_eval_scale);
    SEARCH_NAME(mcts_own)(m, b);
    if (game_side(b) != root_side) v = 1 - v;
    while (ply > m->depth) {
        ply--;
        game_unmake(b, played[ply], &m->undo[ply]);
    }
    return v;
}
#endif

// Step 4. Backup: the result v (the view of the side to move at the end of the path) added to
// every node of the path from the view of the side that played its move, and with RAVE to the
// AMAF statistics of the children of every node on the path whose move the same side played
// later in the simulation.
static void SEARCH_NAME(mcts_backup)(SEARCH_NAME(Mcts) * m, double v)
{
    MctsTree *t = m->t;
    int last = m->side[m->depth];
    t->nodes[m->path[0]].visits++;
    for (int i = m->depth; i >= 1; i--) {
        MctsNode *n = &t->nodes[m->path[i]];
        n->visits += 1u - (uint32_t)m->vl; // the virtual loss taken back (modulo 2^32)
        mcts_add(&n->wins, m->side[i - 1] == last ? v : 1 - v);
    }
    if (!m->s->params.mcts_rave) return;
    for (int i = 0; i < m->depth; i++) {
        const MctsNode *p = &t->nodes[m->path[i]];
        int side = m->side[i];
        double r = side == last ? v : 1 - v;
        size_t base = (size_t)side * (size_t)t->move_indices;
        for (uint32_t k = 0; k < p->nchildren; k++) {
            MctsNode *c = &t->nodes[p->children + k];
            int idx = game_move_index(c->move);
            if (idx < 0 || idx >= t->move_indices) continue;
            if (m->amaf_sim[base + (size_t)idx] != m->sim || m->amaf_ply[base + (size_t)idx] < i)
                continue;
            c->amaf_visits++;
            mcts_add(&c->amaf_wins, r);
        }
    }
}

// One simulation: down the tree by selection, a leaf expanded once it has been visited often
// enough, a playout (or the end of the game), the backup, and the board restored.
static void SEARCH_NAME(mcts_simulate)(SEARCH_NAME(Mcts) * m)
{
    MctsTree *t = m->t;
    GameBoard *b = m->b;
    uint32_t node = t->root;
    double v = 0.5;
    m->sim++;
    m->depth = 0;
    m->path[0] = node;
    m->side[0] = game_side(b);
    for (;;) {
        MctsNode *n = &t->nodes[node];
        if (n->state == MCTS_LEAF) {
            // The visits so far, the prior's and this simulation's virtual loss left out: a
            // node with prior visits is not due at once (every simulation would expand its
            // path down to the end of the game).
            uint32_t seen = n->visits - n->prior_visits - (node == t->root ? 0u : (uint32_t)m->vl);
            bool due = node == t->root || seen + 1 >= (uint32_t)m->s->params.mcts_expand_visits;
            if (!due || m->depth >= MAX_PLY - 1 || !SEARCH_NAME(mcts_expand)(m, node)) break;
        }
        if (n->state != MCTS_EXPANDED) break; // terminal, or being expanded by another thread
        node = SEARCH_NAME(mcts_select)(m, node);
        t->nodes[node].visits += (uint32_t)m->vl;
        game_make(b, t->nodes[node].move, &m->undo[m->depth]);
        t->nodes[node].key = game_key(b);
        SEARCH_NAME(mcts_mark)(m, m->side[m->depth], t->nodes[node].move, m->depth);
        m->path[++m->depth] = node;
        m->side[m->depth] = game_side(b);
    }
    if (t->nodes[node].state != MCTS_TERMINAL)
        v = SEARCH_NAME(mcts_playout)(m);
    else {
        if (!game_playout_result(b, m->s->game_ctx, m->depth, &v))
            v = 0.0;                 // no legal move: a loss for the side to move
        SEARCH_NAME(mcts_own)(m, b); // the game is over here: its owners are the playout's
    }
    SEARCH_NAME(mcts_backup)(m, v);
    m->moves += (uint64_t)m->depth;
    if (m->depth > m->seldepth) m->seldepth = m->depth;
    for (int i = m->depth; i >= 1; i--) game_unmake(b, t->nodes[m->path[i]].move, &m->undo[i - 1]);
}

// The answer so far: the line of most visited moves, the root's best move's win rate as a
// score, the playouts as nodes and the arena's use in permille as hashfull.
static Move SEARCH_NAME(mcts_report)(SEARCH_NAME(Mcts) * m, SearchInfo *out, bool notify)
{
    Search *s = m->s;
    const MctsTree *t = m->t;
    uint32_t best = mcts_tree_best_child(t, t->root), node = t->root;
    out->pv_len = 0;
    for (uint32_t c = best; c && mcts_node_played(&t->nodes[c]) && out->pv_len < MAX_PLY;
         c = mcts_tree_best_child(t, node)) {
        out->pv[out->pv_len++] = t->nodes[c].move;
        node = c;
    }
    const MctsNode *bn = best ? &t->nodes[best] : NULL;
    double rate = bn && bn->visits ? bn->wins / bn->visits : 0.5;
    s->mcts_rate = rate;
    out->depth = out->pv_len;
    out->seldepth = s->seldepth;
    out->score = mcts_rate_score(rate, s->params.mcts_eval_scale);
    out->nodes = s->nodes;
    out->seconds = search_elapsed(s);
    out->hashfull = (int)((uint64_t)t->used * 1000 / MAX(t->cap, 1u));
    if (notify && s->on_info) s->on_info(out, s->user);
    return bn ? bn->move : MOVE_NONE;
}

// Step 5. The early stop (mcts_early_stop): the most visited root move leads the runner-up by
// more visits than the playouts left can give it. The playouts left are those of a playout
// limit, or the time left to the deadline at the rate so far.
static bool SEARCH_NAME(mcts_settled)(SEARCH_NAME(Mcts) * m, uint64_t cap)
{
    Search *s = m->s;
    const SearchControl *c = &s->control;
    double left;
    if (cap) {
        left = (double)(cap - MIN(cap, s->nodes));
    } else {
        int64_t end = c->deadlines.soft_us ? c->deadlines.soft_us : c->deadlines.hard_us;
        if (!end || s->limits.infinite) return false;
        double elapsed = search_elapsed(s), remaining = (end - g_get_monotonic_time()) / 1e6;
        if (!(elapsed > 0)) return false;
        left = (double)s->nodes / elapsed * MAX(remaining, 0.0);
    }
    uint32_t root = m->t->root, best = mcts_tree_best_child(m->t, root);
    if (!best) return false;
    uint32_t lead =
        mcts_node_played(&m->t->nodes[best]) - mcts_tree_runner_up_visits(m->t, root, best);
    return (double)lead > left;
}

// Whether the search ends before the next playout: its playouts (a node limit, or
// mcts_playouts when it has no time limit), the soft deadline (checked every 16 playouts of
// this thread, as alpha-beta checks it between iterations), the hard deadline, a stop request.
static bool SEARCH_NAME(mcts_done)(SEARCH_NAME(Mcts) * m, uint64_t cap)
{
    Search *s = m->s;
    if (cap && s->nodes >= cap) return true;
    if ((m->sim & 15) == 0) {
        if (search_control_must_stop(&s->control)) search_control_set_stop(&s->control);
        if (s->nodes && !s->limits.infinite && !search_control_may_start(&s->control)) return true;
        if (s->params.mcts_early_stop && s->nodes && !s->limits.infinite &&
            SEARCH_NAME(mcts_settled)(m, cap)) {
            s->stats.mcts_early_stops++;
            return true;
        }
    }
    if (!search_stopping(s)) return false;
    s->control.stopped = true;
    return true;
}

// A thread's working state on board b (its own), with its own random numbers and AMAF marks.
static SEARCH_NAME(Mcts) * SEARCH_NAME(mcts_worker)(Search *s, GameBoard *b, uint64_t seed, int vl)
{
    SEARCH_NAME(Mcts) *m = g_new0(SEARCH_NAME(Mcts), 1);
    m->s = s;
    m->t = s->mcts;
    m->b = b;
    m->vl = vl;
    const SearchParams *p = &s->params;
    m->widen = (MctsWiden){.schedule = p->mcts_widen,
                           .power_a = p->mcts_widen_power_a,
                           .power_b = p->mcts_widen_power_b,
                           .unprune_a = p->mcts_widen_unprune_a,
                           .unprune_b = p->mcts_widen_unprune_b,
                           .unprune_init = p->mcts_widen_unprune_init,
                           .theta = p->mcts_widen_theta,
                           .ranks = s->mcts_ranks,
                           .coulom_a = p->mcts_widen_coulom_a,
                           .coulom_b = p->mcts_widen_coulom_b};
    rng_seed(&m->rng, seed);
    m->amaf_sim = g_new0(uint32_t, 2 * (size_t)s->move_indices);
    m->amaf_ply = g_new0(uint16_t, 2 * (size_t)s->move_indices);
    if (MCTS_OWNERS) m->owned = g_new0(uint32_t, 2 * (size_t)s->move_indices);
    return m;
}

static void SEARCH_NAME(mcts_worker_free)(SEARCH_NAME(Mcts) * m)
{
    g_free(m->amaf_sim);
    g_free(m->amaf_ply);
    g_free(m->owned);
    g_free(m);
}

// The rank statistics of the final tree (s->mcts_collect): every node below `node`, which is
// `depth` plies below the root with m->b in its position, that mcts_ranks_record counts: the
// walk goes down through every child with the statistics' fewest simulations.
static void SEARCH_NAME(mcts_collect)(SEARCH_NAME(Mcts) * m, uint32_t node, int depth)
{
    MctsRanks *r = m->s->mcts_collect;
    mcts_ranks_record(r, m->t, node, depth, SEARCH_NAME(mcts_phase)(m->b));
    const MctsNode *n = &m->t->nodes[node];
    if (depth >= MAX_PLY || n->state != MCTS_EXPANDED) return;
    for (uint32_t i = 0; i < n->nchildren; i++) {
        uint32_t c = n->children + i;
        if (mcts_node_played(&m->t->nodes[c]) < r->min_visits) continue;
        game_make(m->b, m->t->nodes[c].move, &m->undo[depth]);
        SEARCH_NAME(mcts_collect)(m, c, depth + 1);
        game_unmake(m->b, m->t->nodes[c].move, &m->undo[depth]);
    }
}

// threads > 1: the helper threads, each simulating on a clone of the root position in the
// same tree until the main thread has decided (done) or the search is stopped.
typedef struct {
    SEARCH_NAME(Mcts) * m;
    _Atomic uint64_t *playouts;
    _Atomic int *done;
    pthread_t thread;
    bool started;
} SEARCH_NAME(MctsHelper);

static void *SEARCH_NAME(mcts_helper_main)(void *arg)
{
    SEARCH_NAME(MctsHelper) *h = arg;
    while (!atomic_load_explicit(h->done, memory_order_relaxed) && !search_stopping(h->m->s)) {
        SEARCH_NAME(mcts_simulate)(h->m);
        atomic_fetch_add_explicit(h->playouts, 1, memory_order_relaxed);
    }
    return NULL;
}

static SEARCH_NAME(MctsHelper) * SEARCH_NAME(mcts_helpers_start)(Search *s, const GameBoard *b,
                                                                 _Atomic uint64_t *playouts,
                                                                 _Atomic int *done, int n, int vl)
{
    SEARCH_NAME(MctsHelper) *h = n ? g_new0(SEARCH_NAME(MctsHelper), n) : NULL;
    for (int k = 0; k < n; k++) {
        uint64_t seed = game_key(b) ^ rng_mix64((uint64_t)k + 1);
        h[k] = (SEARCH_NAME(MctsHelper)){.playouts = playouts, .done = done};
        h[k].m = SEARCH_NAME(mcts_worker)(s, game_board_clone(b), seed, vl);
        h[k].started =
            pthread_create(&h[k].thread, NULL, SEARCH_NAME(mcts_helper_main), &h[k]) == 0;
    }
    return h;
}

// Adds a helper's owner counts to the main thread's.
static void SEARCH_NAME(mcts_owned_add)(SEARCH_NAME(Mcts) * m, const SEARCH_NAME(Mcts) * h)
{
    if (!MCTS_OWNERS) return;
    for (size_t i = 0; i < 2 * (size_t)m->s->move_indices; i++) m->owned[i] += h->owned[i];
    m->nowned += h->nowned;
}

// The search's owner counts into s->ownership (a game without owners keeps playouts 0).
static void SEARCH_NAME(mcts_owned_publish)(Search *s, const SEARCH_NAME(Mcts) * m)
{
    if (!MCTS_OWNERS) return;
    mcts_ownership_reset(&s->ownership, s->move_indices);
    memcpy(s->ownership.counts, m->owned, 2 * (size_t)s->move_indices * sizeof *m->owned);
    s->ownership.playouts = m->nowned;
}

// Stops and joins the helpers (none outlives its search) and adds their counters to m's.
static void SEARCH_NAME(mcts_helpers_finish)(SEARCH_NAME(MctsHelper) * h, int n, _Atomic int *done,
                                             SEARCH_NAME(Mcts) * m)
{
    atomic_store(done, 1);
    for (int k = 0; k < n; k++) {
        if (h[k].started) pthread_join(h[k].thread, NULL);
        m->made += h[k].m->made;
        m->refused += h[k].m->refused;
        m->moves += h[k].m->moves;
        m->seldepth = MAX(m->seldepth, h[k].m->seldepth);
        SEARCH_NAME(mcts_owned_add)(m, h[k].m);
        game_board_free(h[k].m->b);
        SEARCH_NAME(mcts_worker_free)(h[k].m);
    }
    g_free(h);
}

// Readies s for a search of b (counters, stop flag, clock, the tree: kept or afresh, the
// root's moves); false when the tree has no memory at all.
static bool SEARCH_NAME(mcts_begin)(Search *s, GameBoard *b)
{
    s->nodes = 0;
    s->seldepth = 0;
    search_control_reset(&s->control);
    s->control.stopped = false;
    memset(&s->stats, 0, sizeof s->stats);
    s->ownership.playouts = 0; // until this search's are in
    s->mcts_rate = 0.5;
    search_start_clock(s);
    if (!s->mcts) s->mcts = g_new0(MctsTree, 1);
    return mcts_tree_prepare(s->mcts, s->params.mcts_memory, s->move_indices, game_key(b),
                             s->params.mcts_reuse, &s->stats.mcts_reused);
}

Move SEARCH_NAME(mcts_run)(Search *s, GameBoard *b, SearchInfo *out)
{
    memset(out, 0, sizeof *out);
    if (!SEARCH_NAME(mcts_begin)(s, b)) return MOVE_NONE; // not even 1 MiB to search with
    int nhelpers = s->params.threads - 1, vl = nhelpers ? s->params.mcts_virtual_loss : 0;
    SEARCH_NAME(Mcts) *m = SEARCH_NAME(mcts_worker)(s, b, game_key(b), vl);
    bool timed = s->limits.time.kind != TIME_CONTROL_NONE;
    uint64_t cap = s->limits.nodes                 ? s->limits.nodes
                   : !timed && !s->limits.infinite ? (uint64_t)s->params.mcts_playouts
                                                   : 0;
    MctsNode *root = &m->t->nodes[m->t->root];
    if (root->state == MCTS_LEAF) SEARCH_NAME(mcts_expand)(m, m->t->root); // whatever the limits
    _Atomic uint64_t playouts = 0;
    _Atomic int done = 0;
    SEARCH_NAME(MctsHelper) *h =
        SEARCH_NAME(mcts_helpers_start)(s, b, &playouts, &done, nhelpers, vl);
    uint64_t next_info = 1024;
    while (!SEARCH_NAME(mcts_done)(m, cap)) {
        SEARCH_NAME(mcts_simulate)(m);
        s->nodes = atomic_fetch_add_explicit(&playouts, 1, memory_order_relaxed) + 1;
        if (s->nodes >= next_info) {
            s->seldepth = m->seldepth;
            SEARCH_NAME(mcts_owned_publish)(s, m); // so far, this thread's: a live view
            SEARCH_NAME(mcts_report)(m, out, true);
            next_info *= 2;
        }
    }
    SEARCH_NAME(mcts_helpers_finish)(h, nhelpers, &done, m);
    s->nodes = atomic_load(&playouts);
    s->seldepth = m->seldepth;
    s->stats.mcts_playouts = s->nodes;
    s->stats.mcts_nodes = m->made;
    s->stats.mcts_tree_full = m->refused;
    s->stats.mcts_moves = m->moves;
    Move best = SEARCH_NAME(mcts_report)(m, out, true);
    if (best == MOVE_NONE && root->nchildren) best = m->t->nodes[root->children].move;
    SEARCH_NAME(mcts_owned_publish)(s, m);
    if (s->mcts_collect) SEARCH_NAME(mcts_collect)(m, m->t->root, 0);
    if (out->pv_len == 0 && best != MOVE_NONE) out->pv[0] = best, out->pv_len = 1;
    SEARCH_NAME(mcts_worker_free)(m);
    return best;
}

Move SEARCH_NAME(dispatch)(Search *s, GameBoard *b, SearchInfo *out)
{
    if (s->params.search == SEARCH_MCTS) return SEARCH_NAME(mcts_run)(s, b, out);
    return SEARCH_NAME(run)(s, b, out);
}
