// SPDX-License-Identifier: MIT
// The rankcut-collect command of every game: RankCut statistics from self-play (Lim & Lee
// 2006 collect them from self-play games with random openings). Progress and ETA on a
// terminal; Ctrl-C keeps every finished game; running the same command again resumes. With
// --with-pruning it re-collects with RankCut on, round after round, reports how far the
// probabilities moved (the paper's proposed check that pruning does not shift them), and stops
// once they moved less than `settle` (sample-weighted mean over cells known in both). A game
// is written once over the game descriptor (core/game.h); tools/ parses its options.
#ifndef CORE_LAB_COLLECT_H
#define CORE_LAB_COLLECT_H

#include "core/game.h"

typedef struct {
    int size; // board size (games with sizes)
    int games, rounds;
    int first_game; // the number of the first game: game k's opening depends on k and seed
    double movetime;
    uint64_t nodes; // --mcts-ranks: playouts a move instead of the time (0: the time)
    double settle;  // --with-pruning stops once the probabilities moved less than this
    uint64_t seed;
    const char *out;
    bool with_pruning;
    bool mcts_ranks; // the Monte Carlo search's rank statistics instead (collect_ranks_run)
    const char *rankcut_file, *config;
    char **sets;
} CollectOptions;

// The whole command after its options. Returns the exit status (130 after Ctrl-C).
int collect_run(const GameDesc *game, const CollectOptions *o);

// The same for --mcts-ranks: the rank, in the prior's order, of the child each Monte Carlo
// search of the self-play games chose (core/mcts_widen.h), into o->out.
int collect_ranks_run(const GameDesc *game, const CollectOptions *o);

#endif
