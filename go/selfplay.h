// SPDX-License-Identifier: MIT
// Go self-play: varied openings (a few random moves from a seed) and a game loop between two
// engines at a fixed time per move, with the player's passing rules (go/player.h), to two
// passes, the move cap or a resignation. Used to collect RankCut statistics and to draw
// position suites.
#ifndef GO_SELFPLAY_H
#define GO_SELFPLAY_H

#include "go/player.h"

// Starts g (uninitialised; free it with go_game_free) on an empty size x size board under
// rules, then plays 2 to 4 random moves of game `index` of a series seeded with `seed`,
// uniformly among the legal points off the first line.
void go_opening(uint64_t seed, int index, int size, const GoRules *rules, GoGame *g);

// Called after every move; return false to stop the game.
typedef bool (*GoMoveHook)(const GoGame *g, Move m, const GoChoice *choice, void *user);

// Plays the game on from its current position until it ends (two passes, the move cap, or a
// resignation: *resigned gets the colour, 0 otherwise; it may be NULL) or a hook says stop.
// Returns false when the game was stopped before its end.
bool go_selfplay(GoEngine *black, GoEngine *white, GoGame *g, double movetime, GoMoveHook hook,
                 void *user, int *resigned);

#endif
