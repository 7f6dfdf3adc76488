// SPDX-License-Identifier: MIT
// Abalone's game descriptor: what the commands written once for every game (core/lab/) need
// to know about Abalone (core/game.h).
#ifndef ABALONE_DESC_H
#define ABALONE_DESC_H

#include "abalone/engine.h"
#include "core/game.h"

// The game inside one of the descriptor's states.
AbaloneGame *abalone_state_game(GameState *s);

extern const GameDesc abalone_game_desc;

#endif
