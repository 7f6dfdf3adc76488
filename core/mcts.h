// SPDX-License-Identifier: MIT
// Monte Carlo tree search, its game-independent part: the parameter table (search=mcts picks
// the algorithm, core/search.h), the tree's nodes in one fixed arena bounded by mcts_memory,
// the final choice by visits and the conversion of a win rate into a score for info lines. The
// simulations themselves (selection, expansion, playout, backup) are core/mcts_body.h, compiled
// once per game beside core/search_body.h.
#ifndef CORE_MCTS_H
#define CORE_MCTS_H

#include <glib.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/mcts_widen.h"
#include "core/params.h"
#include "core/score.h"

// Parameters of the Monte Carlo search: name, type, default, min, max, help (core/params.h).
#define MCTS_PARAMS(X, S)                                                                          \
    X(S, mcts_c, double, 1.0, 0, 100,                                                              \
      "UCT's exploration constant c: a child's urgency is its win rate + c * sqrt(ln N / n)")      \
    X(S, mcts_rave, bool, 0, 0, 1,                                                                 \
      "RAVE: blend each child's all-moves-as-first win rate into its own (Gelly & Silver 2007)")   \
    X(S, mcts_rave_equiv, double, 1000, 1, 1e9,                                                    \
      "RAVE's equivalence parameter k: after n visits the AMAF rate weighs sqrt(k / (3n + k))")    \
    X(S, mcts_prior_visits, int, 0, 0, 100000,                                                     \
      "visits a new child starts with at a win rate of 0.5, before the game's own prior "          \
      "knowledge (Go: the go prior table) is added")                                               \
    X(S, mcts_expand_visits, int, 2, 1, 100000,                                                    \
      "visits of a leaf before its children join the tree (the root's join at once)")              \
    X(S, mcts_memory, int, 64, 1, 65536,                                                           \
      "the tree's node memory in MiB; when it is full the tree stops growing and the playouts "    \
      "go on")                                                                                     \
    X(S, mcts_playout_plies, int, 400, 1, 100000,                                                  \
      "most plies of a playout; then the game's estimate decides")                                 \
    X(S, mcts_eval_scale, double, 200, 1, 1e6,                                                     \
      "evaluation units per unit of the logistic that turns an evaluation into a win rate (a "     \
      "playout cut short, the score of info lines)")                                               \
    X(S, mcts_playouts, int, 10000, 1, 1000000000,                                                 \
      "playouts of a search that has neither a time nor a node limit (nodes= counts playouts)")    \
    X(S, mcts_reuse, bool, 1, 0, 1,                                                                \
      "keep the subtree of the position searched next when it is in the last search's tree (the "  \
      "move played and the answer, or the same position)")                                         \
    X(S, mcts_virtual_loss, int, 1, 0, 1000,                                                       \
      "threads > 1: losses a simulation adds to each node of its path until its result is in, "    \
      "so that the other threads look elsewhere")                                                  \
    X(S, mcts_early_stop, bool, 0, 0, 1,                                                           \
      "stop when the most visited root move can no longer be overtaken in the playouts or time "   \
      "left")                                                                                      \
    X(S, mcts_widen, choice, MCTS_WIDEN_NONE, 0, 4,                                                \
      "none|power|unpruning|rank|coulom: progressive widening, selection looking only at the first "      \
      "w(n) children in the prior's order after n simulations (core/mcts_widen.h)")                \
    X(S, mcts_widen_power_a, double, 1.0, 0.01, 1000, "power: w(n) = ceil(a * n^b), a")            \
    X(S, mcts_widen_power_b, double, 0.5, 0, 1, "power: w(n) = ceil(a * n^b), b")                  \
    X(S, mcts_widen_unprune_a, double, 50, 1, 1e9,                                                 \
      "unpruning (Chaslot et al. 2008): child w + 1 opens once n passes A * B^(w - k_init); A")    \
    X(S, mcts_widen_unprune_b, double, 1.3, 1.001, 100, "unpruning: B (above)")                    \
    X(S, mcts_widen_unprune_init, int, 5, 1, 1000, "unpruning: the children open at first")        \
    X(S, mcts_widen_coulom_a, double, 40, 1, 1e9,                                                  \
      "coulom (Coulom 2007): child k + 1 opens once n passes t_(k+1) = t_k + A * B^k, t_1 = 0; A")  \
    X(S, mcts_widen_coulom_b, double, 1.4, 1.001, 100, "coulom: B (above)")                        \
    X(S, mcts_widen_theta, double, 0.05, 0.0001, 1,                                                \
      "rank: w(n) is the least width beyond which at most this share of the collected nodes of "   \
      "n's visits, depth and phase preferred a child (the statistics: mcts_ranks_file=FILE or "    \
      "the game's built-in ones)")                                                                 \
    X(S, mcts_widen_cell_min, int, 200, 1, 1000000000,                                             \
      "rank: the fewest nodes a cell of the statistics needs to stand alone; a cell with fewer "   \
      "takes its depth's with the phases pooled, then its bucket's with the depths pooled too")    \
    X(S, mcts_ranks_min_visits, int, 8, 1, 1000000,                                                \
      "rankcut-collect --mcts-ranks: the fewest simulations of a node whose most visited child "   \
      "is counted")

// One node: the move that leads to it and what the simulations through it gave the side that
// played that move. Children are contiguous in the arena. The search's threads share the
// nodes: every field they change is atomic (a child's move is written before nchildren
// publishes it), and a node's children are made by the one thread that moves its state from
// MCTS_LEAF to MCTS_EXPANDING.
enum { MCTS_LEAF, MCTS_EXPANDING, MCTS_EXPANDED, MCTS_TERMINAL };
typedef struct {
    Move move;
    _Atomic uint32_t children;    // index of the first child (0: none yet)
    _Atomic Key key;              // the position's key once a simulation reached it (0: not yet)
    _Atomic uint32_t visits;      // the prior's visits and the virtual losses in flight included
    _Atomic uint32_t amaf_visits; // simulations that played move later, by the same side (RAVE)
    _Atomic double wins;          // sum of results in [0,1], the side that played move's view
    _Atomic double amaf_wins;
    _Atomic uint16_t nchildren;
    _Atomic uint8_t state; // MCTS_LEAF ... MCTS_TERMINAL (the game is over here, or no move)
    uint32_t prior_visits; // the prior's share of visits (written before nchildren publishes it)
} MctsNode;

// What a new child starts with: virtual visits and the wins among them (the view of the side
// that plays its move). The search fills one per child with mcts_prior_visits visits at 0.5,
// and the game's game_move_priors (core/game_contract.h) adds its knowledge to them.
typedef struct {
    uint32_t visits;
    double wins;
} MctsPrior;

// The order of n priors by their win rate, best first, the earlier first among equals (a rate
// of 0.5 when a prior has no visits): order[0] is the index of the best.
void mcts_prior_order(const MctsPrior *prior, int n, int *order);

// Adds v to an atomic double (a compare-and-swap loop: C11 has no fetch_add for floating types,
// and the compound assignment would need libatomic for the floating-point environment).
static inline void mcts_add(_Atomic double *x, double v)
{
    double old = atomic_load_explicit(x, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(x, &old, old + v, memory_order_relaxed,
                                                  memory_order_relaxed)) {
    }
}

#define MCTS_NONE UINT32_MAX // no node

// The tree of a search: a fixed arena of nodes, kept from search to search.
typedef struct {
    MctsNode *nodes;
    uint32_t cap;
    _Atomic uint32_t used;
    uint32_t root;    // the current search's root
    int mib;          // the arena's size in MiB
    int move_indices; // the game's, for the AMAF marks of the search's threads
} MctsTree;

// What the playouts of a search ended with, for a game whose playouts end in a position with
// owners (the contract's GAME_PLAYOUT_OWNERS: Go's Tromp-Taylor owner of each point). Each
// search thread counts its own playouts, without atomics; the counts are summed when the
// search ends. A game without the entry gets none (playouts 0). Only this search's playouts
// count: the visits of a subtree kept from the last search bring none.
typedef struct {
    uint64_t playouts; // playouts counted (0: the game has no owners, or no playout ran)
    int indices;       // the game's move indices
    uint32_t *counts;  // [2 * indices]: per move index of a point, the playouts that ended
                       // with side 0 owning it (counts[2i]) and with side 1 (counts[2i + 1])
} MctsOwnership;

// The share of playouts side 0 owned the point of move index i minus side 1's, in [-1, 1]
// (0 when there were none).
double mcts_ownership_value(const MctsOwnership *o, int i);

// The share of playouts in which neither side owned it, in [0, 1] (0 when there were none).
double mcts_ownership_neither(const MctsOwnership *o, int i);

// Makes o ready to count over a game with `indices` (at least 1) move indices: counts zeroed.
void mcts_ownership_reset(MctsOwnership *o, int indices);
void mcts_ownership_free(MctsOwnership *o);

// Readies t for a search of the position with key root_key: an arena of mib MiB (the one of
// the last search when the size is the same; a smaller one when the memory cannot be had),
// and the root. With reuse, the root is the last search's
// node of that position when it is the last root, one of its children or grandchildren, and
// the arena is at most half used; its visits go to *reused. Otherwise the tree starts afresh
// (*reused 0). Returns false only when not even 1 MiB could be had.
bool mcts_tree_prepare(MctsTree *t, int mib, int move_indices, Key root_key, bool reuse,
                       uint64_t *reused);
void mcts_tree_free(MctsTree *t);

// Forgets the tree (a new game): the next search starts afresh, in the same arena.
void mcts_tree_forget(MctsTree *t);

// Takes n contiguous fresh nodes from the arena; 0 when it has no room for them (the tree
// stops growing there). Safe from several threads at once.
uint32_t mcts_tree_alloc(MctsTree *t, int n);

// A node's visits without the prior's: the simulations that went through it (with the virtual
// losses in flight).
static inline uint32_t mcts_node_played(const MctsNode *n)
{
    return n->visits - n->prior_visits;
}

// The child of node with the most visits, the prior's left out (ties: the better win rate,
// then the first); 0 when the node has no children.
uint32_t mcts_tree_best_child(const MctsTree *t, uint32_t node);

// The rank statistics' observation of a node (core/mcts_widen.h): when it is expanded, has at
// least two children and r->min_visits simulations, counts the rank of its most visited child
// in the cell of its simulations, `depth` below the root and `phase`. Returns whether it did.
bool mcts_ranks_record(MctsRanks *r, const MctsTree *t, uint32_t node, int depth, int phase);

// The second most visited child's visits, the prior's left out (0 with fewer than two
// children), for the early stop.
uint32_t mcts_tree_runner_up_visits(const MctsTree *t, uint32_t node, uint32_t best);

// A win rate in [0,1] as a score for info lines: scale * ln(p / (1 - p)), kept clear of the
// forced-result range.
Score mcts_rate_score(double p, double scale);

// A score (side to move's view) as a win rate: 1 / (1 + exp(-score / scale)).
double mcts_score_rate(Score score, double scale);

#endif
