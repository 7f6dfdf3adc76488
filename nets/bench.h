// SPDX-License-Identifier: MIT
// The net's speed: the time of an accumulator update and of an evaluation on each path, as a
// search spends them (one update per move made, one evaluation per leaf), for `sumito net
// bench` and `make bench`. Figures, never assertions: machines are shared and noisy.
#ifndef NETS_BENCH_H
#define NETS_BENCH_H

#include <stdbool.h>

#include "nets/net.h"

// Fills an initialised net (net_init) with pseudo-random weights of a trained net's
// magnitudes, the same for the same seed.
void net_fill_random(Net *n, uint32_t seed);

// Nanoseconds per call, each the median of the runs.
typedef struct {
    double update;   // net_acc_update: `rows` rows per perspective (half added, half
                     // removed; an odd count is rounded up)
    double evaluate; // net_evaluate
    double both;     // one update then one evaluation of its result
} NetBenchTimes;

// Times the scalar path and, when avx2 is not NULL, the AVX2 one (the caller checks
// net_have_avx2) on n over `runs` runs of `calls` calls each, the paths' runs interleaved.
void net_bench(const Net *n, int rows, int runs, int calls, NetBenchTimes *scalar,
               NetBenchTimes *avx2);

#endif
