// SPDX-License-Identifier: MIT
// The speed of playouts (`sumito go playouts`), light or heavy (go/playout.h): how many a second
// one core plays from a position, as the median of several runs.
#ifndef GO_PLAYOUT_BENCH_H
#define GO_PLAYOUT_BENCH_H

#include "go/game.h"
#include "go/playout.h"

// Plays the playouts p chooses (NULL: light) from g's position for repeat runs of seconds each,
// or of count playouts each when count > 0 (random numbers from seed; to two passes or the
// rules' move cap) and prints one line: the size, light or heavy, the median playouts a second,
// the slowest and fastest run, the moves a playout and Black's wins at the rules' komi. With a
// count, a second line gives the playouts and moves in all (the same on every machine).
void go_playout_bench(const GoGame *g, const GoPlayoutParams *p, double seconds, long count,
                      int repeat, uint64_t seed);

#endif
