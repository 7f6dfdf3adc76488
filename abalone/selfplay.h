// SPDX-License-Identifier: MIT
// Self-play: varied openings (every layout, a few random first moves from a seed) and a game
// loop between two engines at a fixed time per move. Used to collect RankCut statistics,
// to draw position suites and to play matches.
#ifndef ABALONE_SELFPLAY_H
#define ABALONE_SELFPLAY_H

#include "abalone/engine.h"
#include "abalone/record.h"

// Starts g (uninitialised) at the opening of game `index` of a series seeded with `seed`:
// layout index % 5, then 2 to 4 uniformly random plies. Returns the layout's name.
const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g);

// Called after every move; return false to stop the game.
typedef bool (*AbaloneMoveHook)(const AbaloneGame *g, Move m, const SearchInfo *info, void *user);

// Plays the game on from its current position until the rules end it, a hook says stop, or
// an engine is stopped (then returns false: the game is unfinished).
bool abalone_selfplay(AbaloneEngine *black, AbaloneEngine *white, AbaloneGame *g, double movetime,
                      AbaloneMoveHook hook, void *user);

#endif
