// SPDX-License-Identifier: MIT
// `sumito abalone speed`: the search's benchmark figures, measured side by side in one run:
// nodes per second, the worst overrun of the time per move over many moves, and the depth
// plain alpha-beta and RankCut complete from the start layouts at fixed times.
#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/selfplay.h"
#include "core/stats.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

static AbaloneEngine *make_engine(const char *rankcut)
{
    AbaloneEngine *e = g_new0(AbaloneEngine, 1);
    char *sets[] = {(char *)rankcut, NULL};
    if (!abalone_cli_engine_setup(e, sets, NULL, NULL)) {
        g_free(e);
        return NULL;
    }
    return e;
}

// Median nodes/s of 1-second searches from the five layouts, RankCut off.
static void bench_nps(double seconds)
{
    AbaloneEngine *e = make_engine("rankcut=false");
    if (!e) return;
    double nps[8];
    int n = abalone_layout_count();
    for (int i = 0; i < n; i++) {
        AbaloneBoard b;
        abalone_board_set_layout(&b, abalone_layout_name(i));
        AbaloneGame g;
        abalone_game_init(&g, &b, &e->rules);
        abalone_engine_new_game(e);
        SearchLimits l = {0};
        l.movetime = seconds;
        l.start_us = g_get_monotonic_time();
        SearchInfo info;
        abalone_engine_search(e, &g, &l, NULL, NULL, &info);
        nps[i] = (double)e->search.nodes / search_elapsed(&e->search);
        abalone_game_free(&g);
    }
    double median = stats_median(nps, n); // sorts nps
    printf("nodes/s, handcrafted evaluation, %g s from each layout: median %.2f M (min %.2f M, max "
           "%.2f M)\n",
           seconds, median / 1e6, nps[0] / 1e6, nps[n - 1] / 1e6);
    abalone_engine_free(e);
    g_free(e);
}

// Self-play at a fixed time per move, timing each answer from request to move.
static void bench_overrun(double movetime, int moves)
{
    AbaloneEngine *e = make_engine("rankcut=true");
    if (!e) return;
    double *over = g_new(double, (size_t)moves);
    int n = 0;
    for (int game = 0; n < moves; game++) {
        AbaloneGame g;
        abalone_opening(777, game, &e->rules, &g);
        abalone_engine_new_game(e);
        while (n < moves && abalone_game_outcome(&g, NULL) == ABALONE_ONGOING) {
            SearchLimits l = {0};
            l.movetime = movetime;
            l.start_us = g_get_monotonic_time();
            SearchInfo info;
            Move m = abalone_engine_search(e, &g, &l, NULL, NULL, &info);
            over[n++] = (double)(g_get_monotonic_time() - l.start_us) / 1e6 - movetime;
            abalone_game_play(&g, m);
        }
        abalone_game_free(&g);
    }
    double worst = over[0];
    for (int i = 1; i < n; i++) worst = MAX(worst, over[i]);
    double median = stats_median(over, n);
    printf(
        "time per move %g s over %d moves: worst overrun %+.2f ms, median %+.2f ms (target: worst "
        "under 10 ms)\n",
        movetime, n, worst * 1000, median * 1000);
    g_free(over);
    abalone_engine_free(e);
    g_free(e);
}

// Depth completed from a layout in `seconds` by plain alpha-beta and by RankCut.
static void bench_depth(const char *layout, double seconds)
{
    const char *configs[2] = {"rankcut=false", "rankcut=true"};
    int depth[2];
    uint64_t nodes[2];
    for (int c = 0; c < 2; c++) {
        AbaloneEngine *e = make_engine(configs[c]);
        if (!e) return;
        AbaloneBoard b;
        abalone_board_set_layout(&b, layout);
        AbaloneGame g;
        abalone_game_init(&g, &b, &e->rules);
        SearchLimits l = {0};
        l.movetime = seconds;
        l.start_us = g_get_monotonic_time();
        SearchInfo info;
        abalone_engine_search(e, &g, &l, NULL, NULL, &info);
        depth[c] = info.depth;
        nodes[c] = e->search.nodes;
        abalone_game_free(&g);
        abalone_engine_free(e);
        g_free(e);
    }
    printf("%-9s %5g s: alpha-beta depth %2d (%" G_GUINT64_FORMAT
           " nodes), RankCut depth %2d (%" G_GUINT64_FORMAT " nodes), %+d plies\n",
           layout, seconds, depth[0], nodes[0], depth[1], nodes[1], depth[1] - depth[0]);
    fflush(stdout);
}

int abalone_cli_speed(int argc, char **argv)
{
    static char **times;
    static int moves = 200;
    static gboolean skip_nps, skip_overrun, skip_depth;
    const GOptionEntry entries[] = {
        {"depth-time", 0, 0, G_OPTION_ARG_STRING_ARRAY, &times,
         "seconds for the depth comparison (repeat; default 1 and 10)", "S"},
        {"moves", 0, 0, G_OPTION_ARG_INT, &moves, "moves for the overrun figure (default 200)",
         "N"},
        {"no-nps", 0, 0, G_OPTION_ARG_NONE, &skip_nps, "skip nodes/s", NULL},
        {"no-overrun", 0, 0, G_OPTION_ARG_NONE, &skip_overrun, "skip the overrun figure", NULL},
        {"no-depth", 0, 0, G_OPTION_ARG_NONE, &skip_depth, "skip the depth comparison", NULL},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- search speed figures");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (moves < 1) return cli_error("--moves must be positive");
    if (!skip_nps) bench_nps(1.0);
    if (!skip_overrun) bench_overrun(0.1, moves);
    if (!skip_depth) {
        static char *defaults[] = {"1", "10", NULL};
        char **t = times ? times : defaults;
        for (int i = 0; t[i]; i++) {
            double s = g_ascii_strtod(t[i], NULL);
            if (!(s > 0)) return cli_error("--depth-time '%s' is not a positive number", t[i]);
            bench_depth("standard", s);
            bench_depth("belgian", s);
        }
    }
    return 0;
}
