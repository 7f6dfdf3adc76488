// SPDX-License-Identifier: MIT
// The speed of playouts (go/playout_bench.h): runs of a fixed length or of a fixed number of
// playouts from one position, their median rate.
#include "go/playout_bench.h"

#include <stdio.h>

#include "core/lab/lab.h"
#include "core/stats.h"
#include "go/playout.h"

typedef struct {
    long playouts, moves;
    double seconds, black_wins;
} PlayoutRun;

// One run: `count` playouts, or (count 0) batches of 64 until `seconds` have passed.
static PlayoutRun run_playouts(const GoGame *g, const GoPlayoutParams *p, double seconds,
                               long count, Rng *rng)
{
    PlayoutRun run = {0, 0, 0, 0};
    int cap = go_rules_move_cap(&g->rules, g->board.size);
    GoBoard start, b;
    go_board_copy_position(&start, &g->board);
    double t0 = lab_now(), t = t0;
    while (count ? run.playouts < count : t - t0 < seconds) {
        int batch = count ? (int)MIN(64, count - run.playouts) : 64;
        for (int i = 0; i < batch; i++) {
            b = start;
            GoPlayoutResult r = go_playout(&b, p, rng, cap > 0 ? cap : 1000000, g->rules.komi);
            run.moves += r.moves;
            run.black_wins += r.score > 0 ? 1 : r.score == 0 ? 0.5 : 0;
        }
        run.playouts += batch;
        t = lab_now();
    }
    run.seconds = t - t0;
    return run;
}

void go_playout_bench(const GoGame *g, const GoPlayoutParams *p, double seconds, long count,
                      int repeat, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    double *rates = g_new(double, repeat);
    PlayoutRun total = {0, 0, 0, 0};
    for (int r = 0; r < repeat; r++) {
        PlayoutRun run = run_playouts(g, p, seconds, count, &rng);
        rates[r] = run.playouts / MAX(run.seconds, 1e-9);
        total.playouts += run.playouts;
        total.moves += run.moves;
        total.black_wins += run.black_wins;
    }
    double lo = rates[0], hi = rates[0];
    for (int r = 1; r < repeat; r++) lo = MIN(lo, rates[r]), hi = MAX(hi, rates[r]);
    bool heavy = p && p->playout_policy == GO_PLAYOUT_HEAVY;
    char run[64];
    if (count)
        g_snprintf(run, sizeof run, "%ld playouts", count);
    else
        g_snprintf(run, sizeof run, "%g s", seconds);
    printf("go playouts %dx%d %s: %.0f playouts/s (median of %d runs of %s; %.0f to %.0f), "
           "%.1f moves/playout, Black wins %.1f%% at komi %g\n",
           g->board.size, g->board.size, heavy ? "heavy" : "light", stats_median(rates, repeat),
           repeat, run, lo, hi, (double)total.moves / (double)total.playouts,
           100.0 * total.black_wins / (double)total.playouts, g->rules.komi);
    // A fixed number of playouts plays the same moves on every machine: their total is the
    // policy's signature, and what a profiler's counts are divided by.
    if (count) printf("playouts: %ld, moves: %ld\n", total.playouts, total.moves);
    g_free(rates);
}
