// SPDX-License-Identifier: MIT
// The Monte Carlo search's tree arena, its final choice and its scores (core/mcts.h).
#include "core/mcts.h"

#include <math.h>
#include <stdatomic.h>
#include <string.h>

void mcts_tree_free(MctsTree *t)
{
    g_free(t->nodes);
    memset(t, 0, sizeof *t);
}

void mcts_tree_forget(MctsTree *t)
{
    t->used = 0;
}

// The arena of mib MiB, or the largest power-of-two fraction of it that can be had. Pages are
// not touched here: a node's memory is used only when the tree grows into it.
static bool arena_get(MctsTree *t, int mib)
{
    if (t->nodes && t->mib == mib) return true;
    g_free(t->nodes);
    t->nodes = NULL;
    for (int m = mib; m >= 1; m /= 2) {
        size_t n = (size_t)m * 1024 * 1024 / sizeof(MctsNode);
        if (n > UINT32_MAX - 1) n = UINT32_MAX - 1;
        t->nodes = g_try_malloc_n(n, sizeof(MctsNode));
        if (t->nodes) {
            t->cap = (uint32_t)n;
            t->mib = mib; // asked for: the next search with the same size keeps this arena
            return true;
        }
    }
    t->cap = 0;
    t->mib = 0;
    return false;
}

// The node of the position with key k among the root, its children and grandchildren, when a
// simulation reached it; MCTS_NONE when there is none. The root's key is always its position's,
// so a key of 0 (Go's empty board with Black to move) is found there, and only there.
static uint32_t find_near_root(const MctsTree *t, Key k)
{
    const MctsNode *r = &t->nodes[t->root];
    if (r->key == k) return t->root;
    if (k == 0) return MCTS_NONE; // also the key of every node no simulation reached
    for (uint32_t i = 0; i < r->nchildren; i++) {
        const MctsNode *c = &t->nodes[r->children + i];
        if (c->key == k && c->visits) return r->children + i;
        for (uint32_t j = 0; j < c->nchildren; j++) {
            const MctsNode *g = &t->nodes[c->children + j];
            if (g->key == k && g->visits) return c->children + j;
        }
    }
    return MCTS_NONE;
}

bool mcts_tree_prepare(MctsTree *t, int mib, int move_indices, Key root_key, bool reuse,
                       uint64_t *reused)
{
    bool same = t->nodes && t->mib == mib && t->move_indices == move_indices && t->used;
    if (!arena_get(t, mib)) return false;
    t->move_indices = move_indices;
    *reused = 0;
    bool room = t->used <= t->cap / 2;
    uint32_t keep = same && reuse && room ? find_near_root(t, root_key) : MCTS_NONE;
    if (keep != MCTS_NONE) {
        t->root = keep;
        if (t->nodes[keep].state == MCTS_TERMINAL) t->nodes[keep].state = MCTS_LEAF; // gets moves
        *reused = t->nodes[keep].visits;
        return true;
    }
    memset(&t->nodes[0], 0, sizeof t->nodes[0]);
    t->nodes[0].key = root_key;
    t->root = 0;
    t->used = 1;
    return true;
}

uint32_t mcts_tree_alloc(MctsTree *t, int n)
{
    uint32_t first = atomic_load_explicit(&t->used, memory_order_relaxed);
    do {
        if (n <= 0 || (uint64_t)first + (uint64_t)n > t->cap) return 0;
    } while (!atomic_compare_exchange_weak_explicit(&t->used, &first, first + (uint32_t)n,
                                                    memory_order_relaxed, memory_order_relaxed));
    memset(&t->nodes[first], 0, (size_t)n * sizeof t->nodes[0]);
    return first;
}

static double node_rate(const MctsNode *n)
{
    return n->visits ? n->wins / n->visits : 0.0;
}

// By the simulations, not the prior's visits: a move the prior thought bad starts with many
// visits at a low rate, and would otherwise be chosen before the search looked at it.
uint32_t mcts_tree_best_child(const MctsTree *t, uint32_t node)
{
    const MctsNode *p = &t->nodes[node];
    uint32_t best = 0;
    for (uint32_t i = 0; i < p->nchildren; i++) {
        uint32_t c = p->children + i;
        const MctsNode *n = &t->nodes[c], *b = best ? &t->nodes[best] : NULL;
        uint32_t played = mcts_node_played(n), best_played = b ? mcts_node_played(b) : 0;
        if (!b || played > best_played || (played == best_played && node_rate(n) > node_rate(b)))
            best = c;
    }
    return best;
}

uint32_t mcts_tree_runner_up_visits(const MctsTree *t, uint32_t node, uint32_t best)
{
    const MctsNode *p = &t->nodes[node];
    uint32_t most = 0;
    for (uint32_t i = 0; i < p->nchildren; i++)
        if (p->children + i != best) most = MAX(most, mcts_node_played(&t->nodes[p->children + i]));
    return most;
}

Score mcts_rate_score(double p, double scale)
{
    double limit = SCORE_MATE_BOUND - 1;
    if (!(p > 0)) return (Score)-limit;
    if (!(p < 1)) return (Score)limit;
    double s = scale * log(p / (1 - p));
    return (Score)lround(s > limit ? limit : s < -limit ? -limit : s);
}

double mcts_score_rate(Score score, double scale)
{
    return 1.0 / (1.0 + exp(-(double)score / scale));
}

static double prior_rate(const MctsPrior *p)
{
    return p->visits ? p->wins / p->visits : 0.5;
}

// Sorts indices by descending rate; ties keep their order (g_qsort_with_data is stable).
static gint by_rate(gconstpointer a, gconstpointer b, gpointer rates)
{
    double ra = ((const double *)rates)[*(const int *)a],
           rb = ((const double *)rates)[*(const int *)b];
    return (ra < rb) - (ra > rb);
}

void mcts_prior_order(const MctsPrior *prior, int n, int *order)
{
    double rates[n > 0 ? n : 1];
    bool even = true;
    for (int i = 0; i < n; i++) {
        order[i] = i;
        rates[i] = prior_rate(&prior[i]);
        even = even && rates[i] == rates[0];
    }
    if (!even) g_qsort_with_data(order, n, sizeof *order, by_rate, rates);
}

void mcts_ownership_reset(MctsOwnership *o, int indices)
{
    if (o->indices != indices || !o->counts) {
        g_free(o->counts);
        o->counts = g_new(uint32_t, 2 * (size_t)indices);
        o->indices = indices;
    }
    memset(o->counts, 0, 2 * (size_t)indices * sizeof *o->counts);
    o->playouts = 0;
}

void mcts_ownership_free(MctsOwnership *o)
{
    g_free(o->counts);
    memset(o, 0, sizeof *o);
}

double mcts_ownership_value(const MctsOwnership *o, int i)
{
    if (!o->playouts || i < 0 || i >= o->indices) return 0.0;
    return ((double)o->counts[2 * i] - (double)o->counts[2 * i + 1]) / (double)o->playouts;
}

double mcts_ownership_neither(const MctsOwnership *o, int i)
{
    if (!o->playouts || i < 0 || i >= o->indices) return 0.0;
    double owned = (double)o->counts[2 * i] + (double)o->counts[2 * i + 1];
    return 1.0 - owned / (double)o->playouts;
}

bool mcts_ranks_record(MctsRanks *r, const MctsTree *t, uint32_t node, int depth, int phase)
{
    const MctsNode *n = &t->nodes[node];
    if (n->state != MCTS_EXPANDED || n->nchildren < 2 || mcts_node_played(n) < r->min_visits)
        return false;
    uint32_t best = mcts_tree_best_child(t, node);
    int cell = mcts_ranks_cell(mcts_ranks_bucket(mcts_node_played(n)), depth, phase);
    mcts_ranks_add(r, cell, (int)(best - n->children));
    return true;
}
