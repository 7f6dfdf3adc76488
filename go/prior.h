// SPDX-License-Identifier: MIT
// Go's prior knowledge for the Monte Carlo search: when a node of the tree is expanded, each new
// child starts with virtual visits and wins that say what Go players know of its move before
// any playout (Gelly & Silver 2007's prior knowledge, Chaslot et al. 2008's progressive bias,
// as MoGo, Fuego and Pachi use it): a capture or an escape from atari, a 3x3 pattern, a point
// near the last move and the third line on an empty area are good; a large self-atari, the
// first and second lines on an empty area, filling one's own eye and passing early are bad.
// Each feature adds its own visits at its own rate; the table below gives both. The search's
// contract entry game_move_priors (go/contract.h) calls go_prior_moves once per expansion.
#ifndef GO_PRIOR_H
#define GO_PRIOR_H

#include "core/mcts.h"
#include "core/params.h"
#include "go/board.h"

// The prior parameters: name, type, default, min, max, help (core/params.h). Each feature's
// visits are added to a move that has it, at the feature's rate (wins = visits * rate).
#define GO_PRIOR_PARAMS(X, S)                                                                      \
    X(S, prior, bool, 0, 0, 1,                                                                     \
      "search=mcts on Go: new children start with the prior knowledge below (off: with "           \
      "mcts_prior_visits at 0.5 only)")                                                            \
    X(S, prior_even, int, 10, 0, 100000, "prior: visits at 0.5 every move starts with")            \
    X(S, prior_capture, int, 20, 0, 100000, "prior: visits of a move that captures stones")        \
    X(S, prior_capture_rate, double, 1.0, 0, 1, "prior: the win rate of those visits")             \
    X(S, prior_escape, int, 20, 0, 100000,                                                         \
      "prior: visits of a move that extends an own string in atari to more liberties")             \
    X(S, prior_escape_rate, double, 0.9, 0, 1, "prior: the win rate of those visits")              \
    X(S, prior_selfatari, int, 20, 0, 100000,                                                      \
      "prior: visits of a move that captures nothing and leaves its own string of "                \
      "prior_selfatari_stones stones or more in atari")                                            \
    X(S, prior_selfatari_rate, double, 0.1, 0, 1, "prior: the win rate of those visits")           \
    X(S, prior_selfatari_stones, int, 3, 1, 361, "prior: the smallest string of a bad self-atari") \
    X(S, prior_pattern, int, 10, 0, 100000,                                                        \
      "prior: visits of a move whose 3x3 neighbourhood fits a playout policy pattern")             \
    X(S, prior_pattern_rate, double, 0.9, 0, 1, "prior: the win rate of those visits")             \
    X(S, prior_patterns, int, 0, 0, 1,                                                             \
      "prior: 0 the playout policy's typed-in patterns (yes or no, above); 1 the learned 3x3 "     \
      "pattern weights (go/patterns.h): prior_pattern visits for every move on a point, at the "   \
      "win rate gamma / (1 + gamma) of its pattern")                                               \
    X(S, prior_near, int, 10, 0, 100000,                                                           \
      "prior: visits of a move within prior_near_distance of the last move")                       \
    X(S, prior_near_rate, double, 0.8, 0, 1, "prior: the win rate of those visits")                \
    X(S, prior_near_distance, int, 2, 1, 36,                                                       \
      "prior: the farthest Manhattan distance from the last move that counts as near")             \
    X(S, prior_line, int, 10, 0, 100000,                                                           \
      "prior: visits of a move on the first three lines of an empty area (no stone within "        \
      "Manhattan distance 2), four on a board of prior_line_fourth_size or more")                  \
    X(S, prior_line_low_rate, double, 0.1, 0, 1,                                                   \
      "prior: the win rate of those visits on the first and second lines")                         \
    X(S, prior_line_third_rate, double, 0.9, 0, 1,                                                 \
      "prior: the win rate of those visits on the third line (and the fourth, below)")             \
    X(S, prior_line_fourth_size, int, 13, 2, 20,                                                   \
      "prior: the smallest board on which the fourth line of an empty area counts as the third "   \
      "(20: none)")                                                                                \
    X(S, prior_eye, int, 40, 0, 100000,                                                            \
      "prior: visits of a move that fills a point all of whose neighbours are own stones, and "    \
      "saves no string from atari")                                                                \
    X(S, prior_eye_rate, double, 0.0, 0, 1, "prior: the win rate of those visits")                 \
    X(S, prior_pass, int, 40, 0, 100000,                                                           \
      "prior: visits of a pass while more than half the board is empty and the opponent did not "  \
      "pass")                                                                                      \
    X(S, prior_pass_rate, double, 0.0, 0, 1, "prior: the win rate of those visits")

PARAMS_DECLARE(GoPriorParams, GO_PRIOR_PARAMS, go_prior_params_group, go_prior_params_default);

// The features a move has (bits of go_prior_features), for tests and listings.
enum {
    GO_PRIOR_CAPTURE = 1 << 0,
    GO_PRIOR_ESCAPE = 1 << 1,
    GO_PRIOR_SELFATARI = 1 << 2,
    GO_PRIOR_PATTERN = 1 << 3,
    GO_PRIOR_NEAR = 1 << 4,
    GO_PRIOR_LINE_LOW = 1 << 5,
    GO_PRIOR_LINE_THIRD = 1 << 6,
    GO_PRIOR_EYE = 1 << 7,
    GO_PRIOR_PASS = 1 << 8,
};

// The features of move m (a legal point or GO_PASS) for the side to move on b.
unsigned go_prior_features(const GoBoard *b, const GoPriorParams *p, Move m);

// Adds p's knowledge of the n moves (legal points and GO_PASS) for the side to move on b to
// out[i] (visits, and wins from the mover's view); adds nothing when p->prior is off.
void go_prior_moves(const GoBoard *b, const GoPriorParams *p, const Move *moves, int n,
                    MctsPrior *out);

#endif
