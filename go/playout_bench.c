// SPDX-License-Identifier: MIT
// The speed of playouts (go/playout_bench.h): runs of a fixed length from one
// position, their median rate.
#include "go/playout_bench.h"

#include <stdio.h>

#include "core/lab/lab.h"
#include "core/stats.h"
#include "go/playout.h"

typedef struct {
    long playouts, moves;
    double seconds, black_wins;
} PlayoutRun;

static PlayoutRun run_playouts(const GoGame *g, const GoPlayoutParams *p, double seconds, Rng *rng)
{
    PlayoutRun run = {0, 0, 0, 0};
    int cap = go_rules_move_cap(&g->rules, g->board.size);
    GoBoard start, b;
    go_board_copy_position(&start, &g->board);
    double t0 = lab_now(), t = t0;
    while (t - t0 < seconds) {
        for (int i = 0; i < 64; i++) {
            b = start;
            GoPlayoutResult r = go_playout(&b, p, rng, cap > 0 ? cap : 1000000, g->rules.komi);
            run.moves += r.moves;
            run.black_wins += r.score > 0 ? 1 : r.score == 0 ? 0.5 : 0;
        }
        run.playouts += 64;
        t = lab_now();
    }
    run.seconds = t - t0;
    return run;
}

void go_playout_bench(const GoGame *g, const GoPlayoutParams *p, double seconds, int repeat,
                      uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    double *rates = g_new(double, repeat);
    PlayoutRun total = {0, 0, 0, 0};
    for (int r = 0; r < repeat; r++) {
        PlayoutRun run = run_playouts(g, p, seconds, &rng);
        rates[r] = run.playouts / run.seconds;
        total.playouts += run.playouts;
        total.moves += run.moves;
        total.black_wins += run.black_wins;
    }
    double lo = rates[0], hi = rates[0];
    for (int r = 1; r < repeat; r++) lo = MIN(lo, rates[r]), hi = MAX(hi, rates[r]);
    bool heavy = p && p->playout_policy == GO_PLAYOUT_HEAVY;
    printf("go playouts %dx%d %s: %.0f playouts/s (median of %d runs of %g s; %.0f to %.0f), "
           "%.1f moves/playout, Black wins %.1f%% at komi %g\n",
           g->board.size, g->board.size, heavy ? "heavy" : "light", stats_median(rates, repeat),
           repeat, seconds, lo, hi, (double)total.moves / (double)total.playouts,
           100.0 * total.black_wins / (double)total.playouts, g->rules.komi);
    g_free(rates);
}
