// SPDX-License-Identifier: MIT
// Basic types shared by the search core and every game: scores, depths, moves and keys.
// A move is a game-defined 32-bit code; 0 is never a legal move in any game.
#ifndef CORE_TYPES_H
#define CORE_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef int32_t Score;
typedef int32_t Depth;
typedef uint32_t Move;
typedef uint64_t Key;

#define MOVE_NONE ((Move)0)

// Exit status for bad input of any kind (files, positions, moves, options).
#define EXIT_BAD_INPUT 2

#endif
