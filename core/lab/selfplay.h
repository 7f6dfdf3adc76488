// SPDX-License-Identifier: MIT
// Self-play for any game: the game loop between two engines at a fixed time per move, used
// by statistics collection, suites, speed figures and play (core/game.h's choose decides each
// move, so Go's player passes and resigns).
#ifndef CORE_LAB_SELFPLAY_H
#define CORE_LAB_SELFPLAY_H

#include "core/game.h"

// Plays s on from its current position, players[side] choosing side's moves, until the game
// ends (by the rules or a resignation: *resigned, when not NULL, gets the side, else -1), a
// hook says stop or an engine is stopped. Returns false when the game was cut short.
bool lab_selfplay(const GameDesc *game, GameEngine *const players[2], GameState *s, double movetime,
                  GameMoveHook hook, void *user, int *resigned);
// The same with a node limit per move besides (nodes 0: none; movetime 0: no time limit).
bool lab_selfplay_limited(const GameDesc *game, GameEngine *const players[2], GameState *s,
                          double movetime, uint64_t nodes, GameMoveHook hook, void *user,
                          int *resigned);

#endif
