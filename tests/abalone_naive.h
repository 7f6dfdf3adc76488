// SPDX-License-Identifier: MIT
// A deliberately naive Abalone move generator for tests: a 9x9 array of cells addressed
// by (row, diagonal), every group and direction tried one by one, each move producing its
// successor array. It shares no code with abalone/ beyond the cell naming.
#ifndef TESTS_ABALONE_NAIVE_H
#define TESTS_ABALONE_NAIVE_H

#include <glib.h>

#include "abalone/board.h"

// cell[row][diag]: 0 empty, 1 Black, 2 White, -1 not on the board.
typedef struct {
    signed char cell[9][9];
    int side; // 0 Black, 1 White
} NaiveBoard;

void naive_from_board(const AbaloneBoard *b, NaiveBoard *n);

// Orders boards by their cells, then the side to move (a qsort comparison); 0 when equal.
// Never compare NaiveBoards with memcmp: the padding after the cells holds whatever the
// memory held before.
int naive_compare(const NaiveBoard *a, const NaiveBoard *b);

// Successor positions of every legal move, in any order; returns their number.
int naive_successors(const NaiveBoard *n, NaiveBoard *out, int max);

// Random play helpers shared by the tests: a uniformly random legal move, or with
// probability push_bias one of the pushing moves when there is one.
Move test_random_move(const AbaloneBoard *b, GRand *rng, double push_bias);

// A random legal-looking position: n_black and n_white marbles on random cells.
void test_random_position(AbaloneBoard *b, GRand *rng, int n_black, int n_white, int side);

// A random legal move that ejects whenever one can (three times in four), so random games
// reach the sixth ejection; MOVE_NONE when there is no legal move.
Move test_random_ejecting_move(const AbaloneBoard *b, GRand *rng);

#endif
