// SPDX-License-Identifier: MIT
// The net's micro-benchmark (nets/bench.h): updates and evaluations over a fixed list of
// pseudo-random moves, timed per run, medians over runs.
#include "nets/bench.h"

#include <stdlib.h>

#define BENCH_MOVES    1024
#define BENCH_MAX_ROWS 32

static uint32_t next(uint32_t *s) // xorshift32: deterministic, no state outside the caller
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static int small(uint32_t *s, int range) // uniform enough in -range..range
{
    return (int)(next(s) % (uint32_t)(2 * range + 1)) - range;
}

void net_fill_random(Net *n, uint32_t seed)
{
    uint32_t s = seed ? seed : 1;
    for (size_t i = 0; i < (size_t)n->inputs * NET_L1; i++) n->w1[i] = (int16_t)small(&s, 40);
    for (int i = 0; i < NET_L1; i++) n->b1[i] = (int16_t)small(&s, 60);
    for (int i = 0; i < NET_L2 * 2 * NET_L1; i++) n->w2[i] = (int8_t)small(&s, 40);
    for (int i = 0; i < NET_L2; i++) n->b2[i] = small(&s, 8000);
    for (int i = 0; i < NET_L3 * NET_L2; i++) n->w3[i] = (int8_t)small(&s, 60);
    for (int i = 0; i < NET_L3; i++) n->b3[i] = small(&s, 8000);
    for (int i = 0; i < NET_L3; i++) n->w4[i] = (int8_t)small(&s, 100);
    n->b4 = small(&s, 8000);
}

typedef struct {
    uint16_t add[2][BENCH_MAX_ROWS], sub[2][BENCH_MAX_ROWS];
} BenchMove;

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef void (*UpdateFn)(const Net *, const NetAccumulator *, NetAccumulator *,
                         const uint16_t *const[2], const int[2], const uint16_t *const[2],
                         const int[2]);
typedef int32_t (*EvaluateFn)(const Net *, const NetAccumulator *, int);

#define BENCH_POOL 64

// One run: `calls` updates (what = 0), evaluations (1) or both (2); ns per call. Moves come in
// pairs, a move then its inverse, so the accumulators wander no further than one move from
// the start (bias plus 30 features), as in a search; evaluations alone cycle through a pool
// of positions one move away from it.
static double run(const Net *n, UpdateFn update, EvaluateFn evaluate, const BenchMove *moves,
                  const int nadd[2], const int nsub[2], int calls, int what)
{
    NetAccumulator acc[2], pool[BENCH_POOL];
    uint16_t start[30];
    for (int i = 0; i < 30; i++) start[i] = (uint16_t)((i * 7919) % n->inputs);
    net_acc_refresh(n, &acc[0], 0, start, 30);
    net_acc_refresh(n, &acc[0], 1, start, 30);
    for (int i = 0; i < BENCH_POOL; i++) {
        const BenchMove *m = &moves[2 * i];
        const uint16_t *const add[2] = {m->add[0], m->add[1]}, *const sub[2] = {m->sub[0],
                                                                                m->sub[1]};
        net_acc_update_scalar(n, &acc[0], &pool[i], add, nadd, sub, nsub);
    }
    int32_t sink = 0;
    gint64 t0 = g_get_monotonic_time();
    for (int i = 0; i < calls; i++) {
        const BenchMove *m = &moves[i % BENCH_MOVES];
        NetAccumulator *from = &acc[i & 1], *to = &acc[(i + 1) & 1];
        const uint16_t *const add[2] = {m->add[0], m->add[1]}, *const sub[2] = {m->sub[0],
                                                                                m->sub[1]};
        if (what == 0) update(n, from, to, add, nadd, sub, nsub);
        if (what == 1) sink += evaluate(n, &pool[i % BENCH_POOL], i & 1);
        if (what == 2) {
            update(n, from, to, add, nadd, sub, nsub);
            sink += evaluate(n, to, i & 1);
        }
    }
    gint64 t1 = g_get_monotonic_time();
    volatile int32_t keep = sink; // the evaluations must happen
    (void)keep;
    return (double)(t1 - t0) * 1000.0 / calls;
}

void net_bench(const Net *n, int rows, int runs, int calls, NetBenchTimes *scalar,
               NetBenchTimes *avx2)
{
    int half = CLAMP((rows + 1) / 2, 0, BENCH_MAX_ROWS); // a move and its inverse: as many each
    const int nadd[2] = {half, half}, nsub[2] = {half, half};
    BenchMove *moves = g_new(BenchMove, BENCH_MOVES);
    uint32_t s = 12345;
    for (int i = 0; i < BENCH_MOVES; i += 2)
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < BENCH_MAX_ROWS; k++) {
                moves[i].add[p][k] = moves[i + 1].sub[p][k] =
                    (uint16_t)(next(&s) % (uint32_t)n->inputs);
                moves[i].sub[p][k] = moves[i + 1].add[p][k] =
                    (uint16_t)(next(&s) % (uint32_t)n->inputs);
            }
    const UpdateFn update[2] = {net_acc_update_scalar, net_acc_update_avx2};
    const EvaluateFn evaluate[2] = {net_evaluate_scalar, net_evaluate_avx2};
    NetBenchTimes *out[2] = {scalar, avx2};
    double *v = g_new(double, 2 * 3 * runs); // [path][what][run]
    // Interleaved, so that a change of load on the machine touches every figure alike.
    for (int r = 0; r < runs; r++)
        for (int path = 0; path < 2; path++)
            for (int what = 0; out[path] && what < 3; what++)
                v[(path * 3 + what) * runs + r] =
                    run(n, update[path], evaluate[path], moves, nadd, nsub, calls, what);
    for (int path = 0; path < 2; path++) {
        if (!out[path]) continue;
        out[path]->update = median(v + (path * 3 + 0) * runs, runs);
        out[path]->evaluate = median(v + (path * 3 + 1) * runs, runs);
        out[path]->both = median(v + (path * 3 + 2) * runs, runs);
    }
    g_free(v);
    g_free(moves);
}
