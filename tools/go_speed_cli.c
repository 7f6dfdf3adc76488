// SPDX-License-Identifier: MIT
// `sumito go speed`: the Go search's benchmark figures, measured side by side in one run:
// nodes per second on 9x9 suite positions, how far the answers overrun a fixed time per move
// over many moves of self-play (through the player, passes and all), and the depth plain
// alpha-beta and RankCut complete at fixed times.
#include <stdio.h>

#include "core/stats.h"
#include "go/selfplay.h"
#include "go/suite.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

static GoEngine *make_engine(const char *rankcut)
{
    GoEngine *e = g_new0(GoEngine, 1);
    char *sets[] = {(char *)rankcut, NULL};
    if (!go_cli_engine_setup(e, sets, NULL, NULL)) {
        g_free(e);
        return NULL;
    }
    return e;
}

static void free_engine(GoEngine *e)
{
    go_engine_free(e);
    g_free(e);
}

// Median nodes/s of searches of the first positions of the built-in suite, RankCut off.
static void bench_nps(const GoSuite *suite, double seconds, int count)
{
    GoEngine *e = make_engine("rankcut=false");
    if (!e) return;
    double *nps = g_new(double, count);
    int n = MIN(count, (int)suite->games->len);
    for (int i = 0; i < n; i++) {
        const GoGame *g = g_ptr_array_index(suite->games, i);
        go_engine_new_game(e);
        SearchLimits l = {0};
        l.movetime = seconds;
        l.start_us = g_get_monotonic_time();
        SearchInfo info;
        go_engine_search(e, g, g->board.side, &l, NULL, NULL, &info);
        nps[i] = (double)e->search.nodes / search_elapsed(&e->search);
    }
    double median = stats_median(nps, n);
    printf("go nodes/s, 9x9, %g s on each of %d suite positions: median %.0f k (min %.0f k, max "
           "%.0f k)\n",
           seconds, n, median / 1e3, nps[0] / 1e3, nps[n - 1] / 1e3);
    g_free(nps);
    free_engine(e);
}

typedef struct {
    double movetime, *over;
    int n, wanted;
    int64_t asked;
} Overrun;

static bool time_move(const GoGame *g, Move m, const GoChoice *c, void *user)
{
    Overrun *o = user;
    if (c->info.depth > 0) // a search ran (not a pass by rule)
        o->over[o->n++] = (double)(g_get_monotonic_time() - o->asked) / 1e6 - o->movetime;
    o->asked = g_get_monotonic_time();
    return o->n < o->wanted;
}

// Self-play at a fixed time per move, timing each searched answer from request to move.
static void bench_overrun(double movetime, int moves)
{
    GoEngine *e = make_engine("rankcut=true");
    if (!e) return;
    Overrun o = {movetime, g_new(double, (size_t)moves), 0, moves, 0};
    for (int game = 0; o.n < moves; game++) {
        GoGame g;
        go_opening(777, game, 9, &e->rules, &g);
        go_engine_new_game(e);
        o.asked = g_get_monotonic_time();
        go_selfplay(e, e, &g, movetime, time_move, &o, NULL);
        go_game_free(&g);
    }
    double worst = o.over[0];
    for (int i = 1; i < o.n; i++) worst = MAX(worst, o.over[i]);
    printf("go time per move %g s over %d searched moves: worst overrun %+.2f ms, median %+.2f "
           "ms\n",
           movetime, o.n, worst * 1000, stats_median(o.over, o.n) * 1000);
    g_free(o.over);
    free_engine(e);
}

// Depth completed from a position in `seconds` by plain alpha-beta and by RankCut.
static void bench_depth(const GoGame *g, const char *name, double seconds)
{
    const char *configs[2] = {"rankcut=false", "rankcut=true"};
    int depth[2];
    uint64_t nodes[2];
    for (int c = 0; c < 2; c++) {
        GoEngine *e = make_engine(configs[c]);
        if (!e) return;
        SearchLimits l = {0};
        l.movetime = seconds;
        l.start_us = g_get_monotonic_time();
        SearchInfo info;
        go_engine_search(e, g, g->board.side, &l, NULL, NULL, &info);
        depth[c] = info.depth;
        nodes[c] = e->search.nodes;
        free_engine(e);
    }
    printf("go %-14s %5g s: alpha-beta depth %2d (%" G_GUINT64_FORMAT
           " nodes), RankCut depth %2d (%" G_GUINT64_FORMAT " nodes), %+d plies\n",
           name, seconds, depth[0], nodes[0], depth[1], nodes[1], depth[1] - depth[0]);
    fflush(stdout);
}

static int run(char **times, int moves, bool nps, bool overrun, bool depth)
{
    GoRules rules;
    go_rules_default(&rules);
    GoSuite suite;
    go_suite_builtin(&suite, &rules);
    if (nps) bench_nps(&suite, 1.0, 10);
    if (overrun) bench_overrun(0.1, moves);
    static char *defaults[] = {"1", "10", NULL};
    char **t = times ? times : defaults;
    for (int i = 0; depth && t[i]; i++) {
        double s = g_ascii_strtod(t[i], NULL);
        if (!(s > 0 && s <= 3600)) {
            go_suite_free(&suite);
            return cli_error("--depth-time '%s' is not a number of seconds up to 3600", t[i]);
        }
        GoGame empty;
        go_game_init(&empty, 9, &rules);
        bench_depth(&empty, "empty 9x9", s);
        bench_depth(g_ptr_array_index(suite.games, 0), "suite pos. 1", s);
        go_game_free(&empty);
    }
    go_suite_free(&suite);
    return 0;
}

int go_cli_speed(int argc, char **argv)
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
    GOptionContext *ctx = g_option_context_new("- Go search speed figures");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (moves < 1 || moves > 100000) return cli_error("--moves must be 1 to 100000");
    return run(times, moves, !skip_nps, !skip_overrun, !skip_depth);
}
