// SPDX-License-Identifier: MIT
// A deliberately naive Go board for tests: a plain array of points, strings and liberties
// found by flood fill for every candidate move, each move tried on a copy of the grid, and
// the game's past grids kept whole for ko and superko. It shares no code with go/.
#ifndef TESTS_GO_NAIVE_H
#define TESTS_GO_NAIVE_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define NAIVE_MAX 361

typedef struct {
    int size, ko_rule,
        suicide_rule;        // 0 simple, 1 positional, 2 situational; 0 forbid, 1 multi, 2 all
    uint8_t grid[NAIVE_MAX]; // index y * size + x (y from the bottom): 0, 1 Black, 2 White
    int side;
    int captures[3];
    int last_point;                 // the last move's point, -1 after a pass or at the start
    uint8_t before_last[NAIVE_MAX]; // the grid before the last move
    GArray *past;                   // grids (plus the side to move) of every position so far
    GHashTable *seen;               // hash of a past entry -> how many entries have it
} NaiveGo;

void naive_go_init(NaiveGo *n, int size, int ko_rule, int suicide_rule);
void naive_go_free(NaiveGo *n);

// Whether the side to move may play point i, and if so the grid after it and the stones it
// captures (own stones removed by suicide are not counted).
bool naive_go_try(const NaiveGo *n, int i, uint8_t *after, int *captured);

// Plays point i (legal) or a pass (i = -1).
void naive_go_play(NaiveGo *n, int i);

// A deep copy (its own past positions).
void naive_go_copy(NaiveGo *dst, const NaiveGo *src);

// Sequences of exactly depth moves on points (pass excluded), by copying at every node.
uint64_t naive_go_perft(const NaiveGo *n, int depth);

#endif
