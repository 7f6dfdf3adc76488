// SPDX-License-Identifier: MIT
// Go's playout policy, a heavy playout in the manner of MoGo (Gelly, Wang, Munos & Teytaud
// 2006) and of the engines that followed it: the side to move looks first at the last move and
// tries, in order, each stage with its probability (go/playout.h's table):
//   1. answer the last move's atari: capture an attacking string in atari, or extend the
//      string in atari when the extension leaves it two liberties or more;
//   2. capture a string in atari, one next to the last move, else the largest on the board;
//   3. low liberties (off by default): a string on or next to the last move with two
//      liberties: extend an own one to three or more, atari an opposing one that would not
//      reach three by extending;
//   4. a 3x3 pattern move on a point next to the last move (go_policy_pattern);
//   5. nakade: the vital point of a 3-point eye space of the opponent next to the last move;
//   6. a uniformly random move that fills no own eye.
// Every move is legal under simple ko (the playout's board has no superko history), fills
// none of the mover's own eyes, and, with playout_selfatari's probability, leaves no own
// string of playout_selfatari_stones stones or more in atari (such a move is refused and
// another drawn); with no move left the side passes.
#ifndef GO_POLICY_H
#define GO_POLICY_H

#include "go/playout.h"

// The policy's move for the side to move (GO_PASS when none is left).
Move go_policy_move(GoBoard *b, const GoPlayoutParams *p, Rng *rng);

// True when a move on the empty point p by the side to move captures nothing and leaves its
// own string, of big stones or more with p, with one liberty.
bool go_policy_self_atari(const GoBoard *b, int p, int big);

// The 3x3 neighbourhood of point p as a 16-bit code: two bits per neighbour (a GO_EMPTY,
// GO_BLACK, GO_WHITE or GO_OFF colour), clockwise from the upper left.
int go_policy_code(const GoBoard *b, int p);

// Whether a move on an empty point with neighbourhood code fits one of the patterns, under any
// of the eight symmetries of the square and with the colours either way round.
bool go_policy_pattern(int code);

// The patterns, one a string of 9 characters, rows from the top, the move in the middle:
//   X, O  a stone of either colour and of the other one; . empty; # off the board;
//   x     not an X stone (empty, O or off); o  not an O stone; ?  anything.
extern const char *const go_policy_patterns[];
extern const int go_policy_pattern_count;

// The vital point of the 3-point empty region holding the empty point q when the region is
// enclosed by stones of colour alone (and the edge): the point of the three next to both
// others; 0 when there is none.
int go_policy_nakade_point(const GoBoard *b, int q, int colour);

#endif
