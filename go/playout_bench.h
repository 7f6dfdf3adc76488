// SPDX-License-Identifier: MIT
// The speed of light random playouts (`sumito go playouts`): how many a second one core plays
// from a position, as the median of several runs.
#ifndef GO_PLAYOUT_BENCH_H
#define GO_PLAYOUT_BENCH_H

#include "go/game.h"

// Plays light random playouts from g's position for repeat runs of seconds each (random
// numbers from seed; to two passes or the rules' move cap) and prints one line: the median
// playouts a second, the slowest and fastest run, the moves a playout and Black's wins at
// the rules' komi.
void go_playout_bench(const GoGame *g, double seconds, int repeat, uint64_t seed);

#endif
