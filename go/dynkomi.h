// SPDX-License-Identifier: MIT
// Dynamic komi for the Monte Carlo search in handicap games. A search chooses moves by win
// rate; with handicap stones on the board the side giving them sees every move lost and the
// side receiving them every move won, and both play as if nothing mattered. The playouts (and
// the tree's ends of the game) therefore count with komi + extra, extra being set once per
// search by a schedule: linear (an extra worth the handicap stones at the first move, falling
// to 0 by a given move) or adaptive (moved between searches while the root's win rate is
// outside a band). A positive extra favours White: the playouts pretend White gave fewer
// stones. The real komi still decides the game: the count, final_score, the ownership's
// count and the reported win rate at the real komi (go/engine.h). The parameters (dynkomi
// and the dynkomi_* numbers) are the go playout table's (go/playout.h).
#ifndef GO_DYNKOMI_H
#define GO_DYNKOMI_H

#include <stdbool.h>

#include "go/game.h"
#include "go/playout.h"

// The adaptive schedule's memory from search to search within one game.
typedef struct {
    bool started; // false: the next search starts the schedule afresh
    int length;   // the game's length at the last search
    double extra; // the extra the next search uses
} GoDynkomi;

// The handicap stones of a game: its handicap (GTP fixed_handicap, place_free_handicap,
// set_free_handicap, SGF HA), else the Black stones of a start position that has Black stones
// only (a record's AB without HA).
int go_dynkomi_handicap(const GoGame *g);

// The linear schedule's extra at a move (0 the first move after the handicap stones) for
// `handicap` stones on a board of `size`: handicap * stone * size/19 at move 0, falling in
// proportion to 0 at move moves * size^2/361 (rounded, at least 1), 0 after it.
double go_dynkomi_linear(const GoPlayoutParams *p, int size, int handicap, int move);

// The adaptive schedule's next extra after a search of colour's that ended with the root's
// win rate `rate` (colour's view, at the playouts' komi): a step harder for colour above
// dynkomi_high, a step easier below dynkomi_low, unchanged between; within +-dynkomi_max.
double go_dynkomi_adapt(const GoPlayoutParams *p, double extra, double rate, int colour);

// The extra of a search of g under p's schedule (adaptive: from the schedule's memory, started
// afresh at the linear schedule's value when the game is new or shorter than at the last
// search).
double go_dynkomi_extra(const GoPlayoutParams *p, GoDynkomi *d, const GoGame *g);

// The adaptive schedule learns from the search of colour's that ended with `rate`.
void go_dynkomi_learn(const GoPlayoutParams *p, GoDynkomi *d, double rate, int colour);

#endif
