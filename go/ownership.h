// SPDX-License-Identifier: MIT
// What the Monte Carlo search's ownership (core/mcts.h's MctsOwnership: each point's
// Tromp-Taylor owner at the end of its playouts) says of a Go position's strings: dead when the
// opponent owns their points in at least a given share of the playouts, in seki when they are
// not dead and one of their liberties is owned by neither side in most playouts (the shared
// liberties of a seki stay empty), alive otherwise; and the count with the dead strings taken
// off. The player (go/player.c) cleans up and passes by it under search=mcts, and GTP's
// final_status_list answers from it.
#ifndef GO_OWNERSHIP_H
#define GO_OWNERSHIP_H

#include "core/mcts.h"
#include "go/board.h"
#include "go/game.h"

typedef enum { GO_STATUS_NONE, GO_STATUS_ALIVE, GO_STATUS_DEAD, GO_STATUS_SEKI } GoStatus;

// The share of o's playouts in which colour owned point p (0 without playouts).
double go_ownership_share(const MctsOwnership *o, int p, int colour);

// The heads of the strings of colour whose points the opponent owns, on average over the
// string's stones, in at least `dead_share` of o's playouts; heads has room for GO_MAX_POINTS.
// Returns their number (0 when o has no playouts).
int go_ownership_dead_strings(const GoBoard *b, const MctsOwnership *o, int colour,
                              double dead_share, int *heads);

// The status of every stone of b (status[cell]; GO_STATUS_NONE on empty points), status having
// room for GO_MAX_CELLS: dead as above, in seki when not dead and a liberty of its string is
// owned by neither side in more than half the playouts, alive otherwise.
void go_ownership_status(const GoBoard *b, const MctsOwnership *o, double dead_share,
                         uint8_t *status);

// The share of o's playouts colour won at the real komi, a tie counting half (0.5 without
// playouts): the pass's entries (go/contract.h, game_playout_owners), whatever komi the
// playouts counted with.
double go_ownership_win_rate(const MctsOwnership *o, int colour);

// Black's Tromp-Taylor area minus White's minus komi with the dead strings of both colours
// taken off the board first (their points and the regions they bordered count for the colour
// around them).
double go_ownership_count(const GoBoard *b, const MctsOwnership *o, double dead_share, double komi);

// The ownership of g's position by a Monte Carlo search of `playouts` playouts on one thread
// (go_engine_ownership: its passes forgotten), as Black's share minus White's per point index
// y * N + x (N * N values, caller frees); NULL with an error when no engine could be made.
double *go_ownership_map(const GoGame *g, int playouts, GError **err);

#endif
