// SPDX-License-Identifier: MIT
// Random Go games for the tests, and games set up from rows of text: moves drawn from the fast
// board's legal moves with a bias toward captures and suicides (so that games reach ko, superko and
// suicide positions), rarely a pass, never filling an own eye unless nothing else is left.
#ifndef TESTS_GO_RANDOM_H
#define TESTS_GO_RANDOM_H

#include <glib.h>

#include "go/board.h"
#include "go/game.h"

typedef struct {
    double pass;    // chance of passing when other moves exist
    double capture; // chance of taking a capture when one exists
    double suicide; // chance of a suicide when one is legal
} GoRandomBias;

// A random legal move for the side to move.
Move go_test_random_move(const GoBoard *b, GRand *rng, const GoRandomBias *bias);

// Board contents as a naive grid: index y * size + x, 0 empty, 1 Black, 2 White.
void go_test_grid(const GoBoard *b, uint8_t *grid);

// Checks every incremental structure of b against a recomputation from the colours:
// strings (heads, rings, pseudo-liberties), neighbour counts, the empty list and the key.
void go_test_check_structures(const GoBoard *b);

// A game whose start position is given as rows from the top ('X' Black, 'O' White, '.'
// empty), under the default rules with komi, side to move.
void go_test_game_from_rows(GoGame *g, const char *const *rows, int size, int side, double komi);

#endif
