// SPDX-License-Identifier: MIT
// The speed figures for any game (core/lab/commands.h), measured side by side in one run.
#include <math.h>
#include <stdio.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"
#include "core/lab/selfplay.h"
#include "core/stats.h"
#include "core/lab/opening.h"

// An engine of the options' settings, then `set` (the figure's own, which wins; may be NULL),
// then `threads` search threads when it is not 0.
static GameEngine *make_engine(const GameDesc *game, const SpeedOptions *o, const char *set,
                               int threads)
{
    guint n = o->sets ? g_strv_length(o->sets) : 0, k = n;
    char **sets = g_new0(char *, n + 3);
    for (guint i = 0; i < n; i++) sets[i] = o->sets[i];
    char *thread_set = threads ? g_strdup_printf("threads=%d", threads) : NULL;
    if (set) sets[k++] = (char *)set;
    if (thread_set) sets[k++] = thread_set;
    GError *err = NULL;
    GameEngine *e = lab_engine_alphabeta(game, o->config, sets, o->rankcut_file, &err);
    g_free(sets);
    g_free(thread_set);
    if (!e) lab_report(err);
    return e;
}

static void free_states(GPtrArray *states, GPtrArray *names, const GameDesc *game)
{
    for (guint i = 0; i < states->len; i++) game->state_free(g_ptr_array_index(states, i));
    g_ptr_array_free(states, TRUE);
    g_ptr_array_free(names, TRUE);
}

// The states of position texts ("": the built-in suite's first position; texts NULL: the
// suite's first ten) with their names (names_in, or the texts).
static void speed_positions(const GameDesc *game, const char *const *texts,
                            const char *const *names_in, GPtrArray *states, GPtrArray *names)
{
    bool from_suite = !texts;
    for (int i = 0; texts && texts[i]; i++) from_suite |= !*texts[i];
    LabSuite suite = {0};
    if (from_suite) lab_suite_load(&suite, game, NULL, NULL); // built in, checked by the tests
    int n = texts ? (int)g_strv_length((char **)texts) : MIN(10, (int)suite.states->len);
    for (int i = 0; i < n; i++) {
        if (texts && *texts[i]) {
            g_ptr_array_add(states, game->state_new(0, texts[i], NULL));
        } else {
            int k = texts ? 0 : i;
            g_ptr_array_add(states, game->state_copy(g_ptr_array_index(suite.states, k)));
        }
        g_ptr_array_add(names, texts ? g_strdup(names_in ? names_in[i] : texts[i])
                                     : g_strdup_printf("suite pos. %d", i + 1));
    }
    lab_suite_free(&suite);
}

// Median nodes/s of searches of `seconds` from the game's speed positions, plain alpha-beta,
// with `threads` search threads (0: as the options set them; all threads' nodes count).
// Returns the median (0 when the engine could not be made).
static double speed_nps(const GameDesc *game, const SpeedOptions *o, double seconds, int threads)
{
    GameEngine *e = make_engine(game, o, "plain", threads);
    if (!e) return 0;
    GPtrArray *states = g_ptr_array_new(), *names = g_ptr_array_new_with_free_func(g_free);
    speed_positions(game, game->speed_nps, NULL, states, names);
    int n = (int)states->len;
    double *nps = g_new(double, n);
    for (int i = 0; i < n; i++) {
        engine_new_game(game_engine_core(e));
        SearchLimits l = lab_limits(seconds, 0, 0);
        SearchInfo info;
        game->search(e, g_ptr_array_index(states, i), &l, NULL, NULL, &info);
        nps[i] = (double)info.nodes / (info.seconds > 0 ? info.seconds : 1e-9);
    }
    double median = stats_median(nps, n); // sorts nps
    char with[32] = "";
    if (threads) g_snprintf(with, sizeof with, ", %d thread%s", threads, threads > 1 ? "s" : "");
    printf("%s nodes/s (%s%s), %g s on each of %d positions: median %.3f M (min %.3f M, max "
           "%.3f M)\n",
           game->title, game_engine_core(e)->evaluator, with, seconds, n, median / 1e6,
           nps[0] / 1e6, nps[n - 1] / 1e6);
    g_free(nps);
    free_states(states, names, game);
    game_engine_free(game, e);
    return median;
}

typedef struct {
    double movetime, *over;
    int n, wanted;
    int64_t asked;
} Overrun;

static bool time_move(const GameState *s, Move m, const GameChoice *c, void *user)
{
    Overrun *o = user;
    if (c->searched) // a search ran (not a pass by rule)
        o->over[o->n++] = (double)(g_get_monotonic_time() - o->asked) / 1e6 - o->movetime;
    o->asked = g_get_monotonic_time();
    return o->n < o->wanted;
}

// Two engines playing each other at a fixed time per move, timing each searched answer from
// request to move: the worst, 99th-percentile and median overrun of the limit.
static void speed_overrun(const GameDesc *game, const SpeedOptions *so, int size, double movetime,
                          int moves)
{
    GameEngine *players[2] = {make_engine(game, so, NULL, 0), make_engine(game, so, NULL, 0)};
    if (players[0] && players[1]) {
        Overrun o = {movetime, g_new(double, (size_t)moves), 0, moves, 0};
        LabOpenings openings;
        lab_openings_init(&openings, game, size);
        for (int index = 0; o.n < moves; index++) {
            GameState *s = lab_opening(&openings, players[0], 777, index, size, NULL);
            for (int k = 0; k < 2; k++) engine_new_game(game_engine_core(players[k]));
            o.asked = g_get_monotonic_time();
            lab_selfplay(game, players, s, movetime, time_move, &o, NULL);
            game->state_free(s);
        }
        lab_openings_free(&openings);
        stats_median(o.over, o.n); // sorts
        double worst = o.over[o.n - 1], p99 = o.over[(int)ceil(0.99 * o.n) - 1];
        printf("%s time per move %g s over %d searched moves: worst overrun %+.2f ms, 99th "
               "percentile %+.2f ms, median %+.2f ms\n",
               game->title, movetime, o.n, worst * 1000, p99 * 1000,
               stats_median(o.over, o.n) * 1000);
        g_free(o.over);
    }
    for (int k = 0; k < 2; k++)
        if (players[k]) game_engine_free(game, players[k]);
}

// Depth completed from a position in `seconds` by plain alpha-beta and by the search as the
// options configure it (the game's default search when they set nothing).
static void speed_depth(const GameDesc *game, const SpeedOptions *o, const GameState *s,
                        const char *name, double seconds)
{
    const char *configs[2] = {"plain", NULL};
    int depth[2] = {0, 0};
    uint64_t nodes[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        GameEngine *e = make_engine(game, o, configs[c], 0);
        if (!e) return;
        SearchLimits l = lab_limits(seconds, 0, 0);
        SearchInfo info;
        game->search(e, s, &l, NULL, NULL, &info);
        depth[c] = info.depth;
        nodes[c] = game_engine_core(e)->search.nodes;
        game_engine_free(game, e);
    }
    printf("%s %-14s %5g s: alpha-beta depth %2d (%" G_GUINT64_FORMAT
           " nodes), sumito depth %2d (%" G_GUINT64_FORMAT " nodes), %+d plies\n",
           game->title, name, seconds, depth[0], nodes[0], depth[1], nodes[1], depth[1] - depth[0]);
    fflush(stdout);
}

// The time-to-depth positions: the texts given, or the game's bench positions.
static bool ttd_positions(const GameDesc *game, const SpeedOptions *o, GPtrArray *states,
                          GPtrArray *names)
{
    int n = o->ttd_positions ? (int)g_strv_length(o->ttd_positions) : game->bench_count;
    for (int i = 0; i < n; i++) {
        const char *text = o->ttd_positions ? o->ttd_positions[i] : game->bench_positions[i];
        GError *err = NULL;
        GameState *s = game->state_new(0, text, &err);
        if (!s) return lab_report(err), false;
        g_ptr_array_add(states, s);
        g_ptr_array_add(names,
                        o->ttd_positions ? g_strdup(text) : g_strdup_printf("bench %d", i + 1));
    }
    return true;
}

// Seconds one engine takes to complete `depth` from a position (TT and tables cleared first).
static double ttd_once(const GameDesc *game, GameEngine *e, GameState *s, int depth,
                       uint64_t *nodes)
{
    engine_new_game(game_engine_core(e));
    game->state_adopt_rules(s, e);
    SearchLimits l = lab_limits(0, 0, depth);
    SearchInfo info;
    game->search(e, s, &l, NULL, NULL, &info);
    *nodes = info.nodes;
    return info.seconds;
}

// Time to depth: per position and thread count the median over ttd_repeat searches (the
// thread counts taken in turn, side by side), then per thread count the median over the
// positions of the first count's time divided by its own.
static bool speed_ttd(const GameDesc *game, const SpeedOptions *o)
{
    static const int one = 1;
    const int *threads = o->nthreads ? o->threads : &one;
    int nt = MAX(o->nthreads, 1), depth = o->ttd_depth, rep = o->ttd_repeat;
    GPtrArray *states = g_ptr_array_new(), *names = g_ptr_array_new_with_free_func(g_free);
    GameEngine **e = g_new0(GameEngine *, nt);
    bool ok = ttd_positions(game, o, states, names);
    for (int c = 0; ok && c < nt; c++) ok = (e[c] = make_engine(game, o, NULL, threads[c])) != NULL;
    int np = (int)states->len;
    double *t = g_new(double, (size_t)(np * nt)), *runs = g_new(double, (size_t)(rep * nt));
    uint64_t *nodes = g_new(uint64_t, nt);
    for (int i = 0; ok && i < np; i++) {
        for (int r = 0; r < rep; r++)
            for (int c = 0; c < nt; c++)
                runs[c * rep + r] =
                    ttd_once(game, e[c], g_ptr_array_index(states, i), depth, &nodes[c]);
        for (int c = 0; c < nt; c++) {
            t[i * nt + c] = stats_median(runs + c * rep, rep);
            printf("%s %-14s depth %d, %3d thread%s: %8.3f s (median of %d), %" G_GUINT64_FORMAT
                   " nodes\n",
                   game->title, (char *)g_ptr_array_index(names, i), depth, threads[c],
                   threads[c] > 1 ? "s" : " ", t[i * nt + c], rep, nodes[c]);
        }
        fflush(stdout);
    }
    for (int c = 1; ok && c < nt; c++) {
        double *ratio = g_new(double, np);
        for (int i = 0; i < np; i++) ratio[i] = t[i * nt] / MAX(t[i * nt + c], 1e-9);
        double median = stats_median(ratio, np); // sorts ratio
        printf("%s time to depth %d, %d threads against %d: median ratio %.2f over %d positions "
               "(min %.2f, max %.2f)\n",
               game->title, depth, threads[c], threads[0], median, np, ratio[0], ratio[np - 1]);
        g_free(ratio);
    }
    for (int c = 0; c < nt; c++)
        if (e[c]) game_engine_free(game, e[c]);
    g_free(e);
    g_free(t);
    g_free(runs);
    g_free(nodes);
    free_states(states, names, game);
    return ok;
}

int lab_speed(const GameDesc *game, int size, const SpeedOptions *o)
{
    static char *defaults[] = {"1", "10", NULL};
    char **t = o->depth_times ? o->depth_times : defaults;
    int moves = o->moves;
    bool depth = o->depth;
    GameEngine *check = make_engine(game, o, NULL, 0); // bad settings: said once, before any figure
    if (!check) return EXIT_BAD_INPUT;
    game_engine_free(game, check);
    for (int i = 0; depth && t[i]; i++) {
        double s = g_ascii_strtod(t[i], NULL);
        if (!(s > 0 && s <= 3600))
            return lab_error("--depth-time '%s' is not a number of seconds up to 3600", t[i]);
    }
    if (moves < 1 || moves > 100000) return lab_error("--moves must be 1 to 100000");
    for (int i = 0; i < o->nthreads; i++)
        if (o->threads[i] < 1 || o->threads[i] > SEARCH_MAX_THREADS)
            return lab_error("--threads must be 1 to %d", SEARCH_MAX_THREADS);
    if (o->ttd_depth && (o->ttd_depth < 1 || o->ttd_depth > 30))
        return lab_error("--ttd-depth must be 1 to 30");
    if (o->ttd_repeat < 1 || o->ttd_repeat > 1000)
        return lab_error("--ttd-repeat must be 1 to 1000");
    double first = 0;
    for (int i = 0; o->nps && i < MAX(o->nthreads, 1); i++) {
        double nps = speed_nps(game, o, 1.0, o->nthreads ? o->threads[i] : 0);
        if (i == 0) first = nps;
        if (i > 0 && first > 0)
            printf("%s nodes/s, %d threads against %d: ratio of the medians %.2f\n", game->title,
                   o->threads[i], o->threads[0], nps / first);
    }
    if (o->ttd_depth && !speed_ttd(game, o)) return EXIT_BAD_INPUT;
    if (o->overrun) speed_overrun(game, o, size, 0.1, moves);
    GPtrArray *states = g_ptr_array_new(), *names = g_ptr_array_new_with_free_func(g_free);
    if (depth) speed_positions(game, game->speed_depth, game->speed_depth_names, states, names);
    for (int i = 0; depth && t[i]; i++)
        for (guint k = 0; k < states->len; k++)
            speed_depth(game, o, g_ptr_array_index(states, k), g_ptr_array_index(names, k),
                        g_ascii_strtod(t[i], NULL));
    free_states(states, names, game);
    return 0;
}
