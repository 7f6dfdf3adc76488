// SPDX-License-Identifier: MIT
// Go's playouts: from a position, each side plays until two consecutive passes or a move
// limit, simple ko, and the final position is counted by Tromp-Taylor area. A light playout
// plays a uniformly random legal move that does not fill one of the mover's own eyes
// (go_board_is_eye), and passes when it has none; a heavy one asks the playout policy first
// (go/policy.h). The `go playout` parameter table chooses between them and weighs the
// policy's stages. Used by the Monte Carlo search, the speed benchmark and the net's labels.
#ifndef GO_PLAYOUT_H
#define GO_PLAYOUT_H

#include "base/rng.h"
#include "core/params.h"
#include "go/board.h"

enum { GO_PLAYOUT_LIGHT = 0, GO_PLAYOUT_HEAVY = 1 };
enum { GO_DYNKOMI_NONE = 0, GO_DYNKOMI_LINEAR = 1, GO_DYNKOMI_ADAPTIVE = 2 };

// The playout parameters: name, type, default, min, max, help (core/params.h). Each stage of
// the policy is tried with its probability, in this order, and the first that finds a move
// plays it. Then the dynamic komi the Monte Carlo search's playouts count with (go/dynkomi.h):
// its points and moves are those of 19x19; a board of size N takes N/19 of a stone's points
// and N^2/361 of the moves.
#define GO_PLAYOUT_PARAMS(X, S)                                                                    \
    X(S, playout_policy, choice, GO_PLAYOUT_LIGHT, 0, 1,                                           \
      "light|heavy: the Monte Carlo search's Go playouts: uniformly random moves that fill no "    \
      "own eye, or the playout policy's stages below first")                                       \
    X(S, playout_atari, double, 1.0, 0, 1,                                                         \
      "heavy: chance of answering the last move's atari (capture the attacker in atari, or "       \
      "extend when that gains liberties)")                                                         \
    X(S, playout_ladder, double, 0, 0, 1,                                                          \
      "heavy: chance of reading the atari answer's extension as a ladder and not playing one "     \
      "that the attacker captures")                                                                \
    X(S, playout_capture, double, 1.0, 0, 1,                                                       \
      "heavy: chance of capturing a string in atari: one next to the last move, else the "         \
      "largest on the board")                                                                      \
    X(S, playout_lowlib, double, 0, 0, 1,                                                          \
      "heavy: chance of a move for a string with two liberties next to the last move (extend an "  \
      "own one to three, or atari an opposing one that cannot then reach three)")                  \
    X(S, playout_pattern, double, 0.9, 0, 1,                                                       \
      "heavy: chance of a 3x3 pattern move (hane, cut, edge) next to the last move")               \
    X(S, playout_nakade, double, 1.0, 0, 1,                                                        \
      "heavy: chance of the vital point of an opposing 3-point eye space next to the last move")   \
    X(S, playout_selfatari, double, 1.0, 0, 1,                                                     \
      "heavy: chance of refusing (and drawing again) a move that leaves its own string in "        \
      "atari")                                                                                     \
    X(S, playout_selfatari_stones, int, 3, 1, 361,                                                 \
      "heavy: the smallest string whose self-atari is refused")                                    \
    X(S, dynkomi, choice, GO_DYNKOMI_LINEAR, 0, 2,                                                 \
      "none|linear|adaptive: the komi of the Monte Carlo search's playouts: the real one, or "     \
      "plus an extra worth the handicap stones falling to 0 by dynkomi_moves, or plus an extra "   \
      "moved between searches by the root's win rate (the real komi still decides the game)")      \
    X(S, dynkomi_stone, double, 7, 0, 100,                                                         \
      "linear, and adaptive's start: points of extra komi per handicap stone on 19x19 (N/19 of "   \
      "it on NxN)")                                                                                \
    X(S, dynkomi_moves, int, 200, 1, 100000,                                                       \
      "linear: the move by which the extra reaches 0 on 19x19 (N^2/361 of it on NxN)")             \
    X(S, dynkomi_low, double, 0.45, 0, 1,                                                          \
      "adaptive: below this root win rate the searching side's next playouts count a "             \
      "dynkomi_step easier")                                                                       \
    X(S, dynkomi_high, double, 0.85, 0, 1,                                                         \
      "adaptive: above this root win rate they count a dynkomi_step harder")                       \
    X(S, dynkomi_step, double, 1, 0, 100, "adaptive: points the extra moves by per search")        \
    X(S, dynkomi_max, double, 30, 0, 1000, "adaptive: the bound of the extra either way, points")

PARAMS_DECLARE(GoPlayoutParams, GO_PLAYOUT_PARAMS, go_playout_params_group,
               go_playout_params_default);

typedef struct {
    int moves;    // moves played, passes included
    double score; // Black's area minus White's, minus komi
} GoPlayoutResult;

// Plays a playout on b itself (pass a copy made with go_board_copy_position), at most
// max_moves moves, light when p is NULL or chooses light. Reorders b's empty list.
GoPlayoutResult go_playout(GoBoard *b, const GoPlayoutParams *p, Rng *rng, int max_moves,
                           double komi);

// The move a light playout would choose for the side to move (GO_PASS when none).
Move go_playout_move(GoBoard *b, Rng *rng);

// The uniform draw of go_playout_move that also refuses a move leaving its own string of
// big stones or more in atari (big 0: no such refusal).
Move go_playout_draw(GoBoard *b, Rng *rng, int big);

// The move the playout of p (NULL: light) chooses for the side to move.
Move go_playout_choose(GoBoard *b, const GoPlayoutParams *p, Rng *rng);

// What the position is worth to the side to move when counted now by Tromp-Taylor area with
// komi: 1 a win, 0 a loss, 0.5 a tie (the Monte Carlo search's playout result).
double go_playout_value(const GoBoard *b, double komi);

#endif
