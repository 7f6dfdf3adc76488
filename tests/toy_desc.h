// SPDX-License-Identifier: MIT
// The toy game of the search tests, through the game descriptor (core/game.h), so that the
// commands written once for every game can be run on a third game whose values are known.
#ifndef TESTS_TOY_DESC_H
#define TESTS_TOY_DESC_H

#include "core/game.h"
#include "tests/toy_game.h"

#define TOY_DESC_CAP 60 // plies after which a game is drawn

extern const GameDesc toy_game_desc;

#endif
