// SPDX-License-Identifier: MIT
// Progressive widening of the Monte Carlo tree: a node's children are ranked by the game's
// prior, best first, and selection looks only at the first w(n) of them, n being the node's
// simulations. The schedules: none (every child at once), power (w = ceil(a n^b), the
// generic power law of progressive widening), coulom (Coulom 2007's schedule: child k + 1
// opens once n passes t_(k+1) = t_k + A B^k, t_1 = 0), unpruning (Chaslot et al. 2008's
// progressive unpruning: k_init children, one more each time n passes A B^(k - k_init)), and
// rank, where
// RankCut's idea (Lim & Lee 2006: the move ordering's own statistics, collected offline in
// self-play, say how likely a better move is among those not yet searched) sets the width. The
// statistics count, for the nodes of self-play trees searched with every child open, the rank
// in the prior's order of the child each node ended up visiting most, by the node's visits (a
// log2 bucket), its depth below the root and the game's phase; tail(k) of a cell is the share
// of its nodes whose preferred child stood at rank k or later, and w(n) is the least width
// whose tail in the node's own cell is at most theta: the chance that a node like this one,
// searched with every child open, would prefer a child beyond the width.
#ifndef CORE_MCTS_WIDEN_H
#define CORE_MCTS_WIDEN_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

enum {
    MCTS_WIDEN_NONE,
    MCTS_WIDEN_POWER,
    MCTS_WIDEN_UNPRUNING,
    MCTS_WIDEN_RANK,
    MCTS_WIDEN_COULOM
};

#define MCTS_RANKS        128 // ranks counted one by one; the last counts every rank from 127 on
#define MCTS_RANK_BUCKETS 8   // visits: < 16, 16-31, 32-63, ..., 1024 and more
#define MCTS_RANK_DEPTHS  4   // depth below the root: 0, 1, 2, 3 and deeper
#define MCTS_RANK_PHASES  4   // the game's stages (core/game_contract.h's game_stage), scaled
#define MCTS_RANK_CELLS   (MCTS_RANK_BUCKETS * MCTS_RANK_DEPTHS * MCTS_RANK_PHASES)

// The cell of a node: its bucket of n visits, depth and phase, each clamped to its range.
int mcts_ranks_bucket(uint32_t n);
int mcts_ranks_cell(int bucket, int depth, int phase);

// Rank statistics: per cell, how many nodes preferred the child of each rank. Additive:
// collections of the same game, prior and minimum of visits merge by adding. The tails are
// derived (mcts_ranks_finish). Large: allocate it (g_new).
typedef struct {
    char game[16];       // the game and board they were collected on ("go9")
    char prior[24];      // the prior's identity (engine_mcts_prior_id), letters and digits
    uint64_t games;      // self-play games they come from
    uint32_t min_visits; // the fewest simulations of a node counted
    uint64_t count[MCTS_RANK_CELLS][MCTS_RANKS];
    // tail[c][k]: the share of nodes at rank k or later in the cell c stands for (its own, or
    // a coarser one when it holds too few nodes), the greatest over the cells of fewer visits
    // at the same depth and phase, so that the width never narrows as n grows (smoothed).
    float tail[MCTS_RANK_CELLS][MCTS_RANKS];
    int source[MCTS_RANK_CELLS]; // how coarse the cell used: 0 its own, 1 phases pooled,
                                 // 2 phases and depths pooled
} MctsRanks;

void mcts_ranks_init(MctsRanks *r, const char *game, const char *prior, uint32_t min_visits);
void mcts_ranks_add(MctsRanks *r, int cell, int rank);
uint64_t mcts_ranks_nodes(const MctsRanks *r);
// Adds b's counts and games into a; refused (false, err, a unchanged) when the game, prior or
// minimum of visits differ, or a sum would pass 2^64 - 1.
bool mcts_ranks_merge(MctsRanks *a, const MctsRanks *b, GError **err);
// Recomputes the tails: a cell with fewer than cell_min nodes takes its depth's cell of the
// same bucket with the phases pooled, and with fewer there too, the bucket's cell with the
// phases and depths pooled. A tail is (nodes at rank k or later + 1) / (nodes + 1), so that no
// rank is ever certain to be wrong and an empty cell opens every child.
void mcts_ranks_finish(MctsRanks *r, uint64_t cell_min);

// The text form: the line 'sumito mcts ranks 2', then 'game NAME', 'prior ID', 'min_visits N',
// 'games N' and one 'rank BUCKET DEPTH PHASE RANK COUNT' line per count that is not 0; its
// reader refuses anything else with the line and the reason.
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
    double theta;              // rank: w is the least width with tail(w) <= theta in n's cell
    const MctsRanks *ranks;    // rank: the statistics (finished)
    double coulom_a, coulom_b; // coulom: child k + 1 opens once n > t_k + A B^k
} MctsWiden;

// The number of children selection may look at after n simulations of a node at `depth`
// below the root in `phase`, between 1 and nchildren.
int mcts_widen_width(const MctsWiden *w, uint32_t n, int depth, int phase, int nchildren);

#endif
