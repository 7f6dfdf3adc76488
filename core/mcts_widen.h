// SPDX-License-Identifier: MIT
// Progressive widening of the Monte Carlo tree: a node's children are ranked by the game's
// prior, best first, and selection looks only at the first w(n) of them, n being the node's
// simulations. The schedules: none (every child at once), power (w = ceil(a n^b), the
// progressive widening of Coulom 2007), unpruning (Chaslot et al. 2008's progressive
// unpruning: k_init children, one more each time n passes A B^(k - k_init)), and rank, where
// RankCut's idea (Lim & Lee 2006: the move ordering's own statistics, collected offline in
// self-play, say how likely a better move is among those not yet searched) sets the width: the
// statistics give tail(r), the share of searches whose chosen move stood at rank r or later
// among the children ordered by the prior, and w(n) is the smallest width whose tail, times n,
// is at most theta. A node with few simulations looks at the moves the ordering is sure of; one
// the search returns to often opens the moves it would be wrong about once in 1/tail searches.
#ifndef CORE_MCTS_WIDEN_H
#define CORE_MCTS_WIDEN_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

enum { MCTS_WIDEN_NONE, MCTS_WIDEN_POWER, MCTS_WIDEN_UNPRUNING, MCTS_WIDEN_RANK };

#define MCTS_RANKS 128 // ranks counted one by one; the last counts every rank from 127 on

// Rank statistics: in how many searches the chosen move stood at each rank of the prior's
// order. Additive: collections of the same game merge by adding. The tail is derived.
typedef struct {
    char game[16];  // the game and board they were collected on ("go9")
    uint64_t games; // self-play games they come from
    uint64_t count[MCTS_RANKS];
    double tail[MCTS_RANKS]; // tail[r]: share of searches at rank r or later (smoothed)
} MctsRanks;

void mcts_ranks_init(MctsRanks *r, const char *game);
void mcts_ranks_add(MctsRanks *r, int rank);
uint64_t mcts_ranks_searches(const MctsRanks *r);
// Recomputes the tail: (searches at rank r or later + 1) / (searches + 1), so that no rank is
// ever certain to be wrong and an empty table opens one child per simulation.
void mcts_ranks_finish(MctsRanks *r);

// The text form (a header line, then `key value` lines) and its reader, which refuses
// anything else with the line and the reason.
char *mcts_ranks_format(const MctsRanks *r);
bool mcts_ranks_parse(MctsRanks *r, const char *text, size_t len, const char *name, GError **err);
bool mcts_ranks_load(MctsRanks *r, const char *path, GError **err);
bool mcts_ranks_save(const MctsRanks *r, const char *path, GError **err);

// The schedule's parameters (core/mcts.h's table holds them).
typedef struct {
    int schedule;            // MCTS_WIDEN_*
    double power_a, power_b; // power: w = ceil(a n^b)
    double unprune_a, unprune_b;
    int unprune_init;
    double theta;           // rank: w is the least width with n * tail(w) <= theta
    const MctsRanks *ranks; // rank: the statistics
} MctsWiden;

// The number of children selection may look at after n simulations, between 1 and nchildren.
int mcts_widen_width(const MctsWiden *w, uint32_t n, int nchildren);

#endif
