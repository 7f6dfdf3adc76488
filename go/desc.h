// SPDX-License-Identifier: MIT
// Go's game descriptor: what the commands written once for every game (core/lab/) need to
// know about Go (core/game.h). Its variants are the board sizes 2 to 19.
#ifndef GO_DESC_H
#define GO_DESC_H

#include "core/game.h"
#include "go/engine.h"

// The game inside one of the descriptor's states.
GoGame *go_state_game(GameState *s);

extern const GameDesc go_game_desc;

#endif
