// SPDX-License-Identifier: MIT
// Light random playouts: from a position, each side plays a uniformly random legal move
// that does not fill one of its own eyes (go_board_is_eye), and passes when it has none,
// until two consecutive passes or a move limit; simple ko. The final position is counted
// by Tromp-Taylor area. Used for the speed benchmark and by Monte-Carlo evaluation.
#ifndef GO_PLAYOUT_H
#define GO_PLAYOUT_H

#include "go/board.h"
#include "base/rng.h"

typedef struct {
    int moves;    // moves played, passes included
    double score; // Black's area minus White's, minus komi
} GoPlayoutResult;

// Plays a playout on b itself (pass a copy made with go_board_copy_position), at most
// max_moves moves. Reorders b's empty list.
GoPlayoutResult go_playout(GoBoard *b, Rng *rng, int max_moves, double komi);

// The move a playout would choose for the side to move (GO_PASS when none).
Move go_playout_move(GoBoard *b, Rng *rng);

// What the position is worth to the side to move when counted now by Tromp-Taylor area with
// komi: 1 a win, 0 a loss, 0.5 a tie (the Monte Carlo search's playout result).
double go_playout_value(const GoBoard *b, double komi);

#endif
