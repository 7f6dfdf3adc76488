// SPDX-License-Identifier: MIT
// The speed figures for any game (core/lab/commands.h), measured side by side in one run.
#include <math.h>
#include <stdio.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"
#include "core/lab/selfplay.h"
#include "core/stats.h"

// An engine of the options' settings, then `set` (the figure's own, which wins).
static GameEngine *make_engine(const GameDesc *game, const SpeedOptions *o, const char *set)
{
    guint n = o->sets ? g_strv_length(o->sets) : 0;
    char **sets = g_new0(char *, n + 2);
    for (guint i = 0; i < n; i++) sets[i] = o->sets[i];
    sets[n] = (char *)set;
    GError *err = NULL;
    GameEngine *e = game_engine_new(game, o->config, sets, o->rankcut_file, &err);
    g_free(sets);
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

// Median nodes/s of searches of `seconds` from the game's speed positions, plain alpha-beta.
static void speed_nps(const GameDesc *game, const SpeedOptions *o, double seconds)
{
    GameEngine *e = make_engine(game, o, "plain");
    if (!e) return;
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
    printf("%s nodes/s (%s), %g s on each of %d positions: median %.3f M (min %.3f M, max %.3f "
           "M)\n",
           game->title, game_engine_core(e)->evaluator, seconds, n, median / 1e6, nps[0] / 1e6,
           nps[n - 1] / 1e6);
    g_free(nps);
    free_states(states, names, game);
    game_engine_free(game, e);
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
    GameEngine *players[2] = {make_engine(game, so, "rankcut=true"),
                              make_engine(game, so, "rankcut=true")};
    if (players[0] && players[1]) {
        Overrun o = {movetime, g_new(double, (size_t)moves), 0, moves, 0};
        for (int index = 0; o.n < moves; index++) {
            GameState *s = game->opening(players[0], 777, index, size, NULL);
            for (int k = 0; k < 2; k++) engine_new_game(game_engine_core(players[k]));
            o.asked = g_get_monotonic_time();
            lab_selfplay(game, players, s, movetime, time_move, &o, NULL);
            game->state_free(s);
        }
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

// Depth completed from a position in `seconds` by plain alpha-beta and by RankCut.
static void speed_depth(const GameDesc *game, const SpeedOptions *o, const GameState *s,
                        const char *name, double seconds)
{
    const char *configs[2] = {"plain", "rankcut=true"};
    int depth[2] = {0, 0};
    uint64_t nodes[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        GameEngine *e = make_engine(game, o, configs[c]);
        if (!e) return;
        SearchLimits l = lab_limits(seconds, 0, 0);
        SearchInfo info;
        game->search(e, s, &l, NULL, NULL, &info);
        depth[c] = info.depth;
        nodes[c] = game_engine_core(e)->search.nodes;
        game_engine_free(game, e);
    }
    printf("%s %-14s %5g s: alpha-beta depth %2d (%" G_GUINT64_FORMAT
           " nodes), RankCut depth %2d (%" G_GUINT64_FORMAT " nodes), %+d plies\n",
           game->title, name, seconds, depth[0], nodes[0], depth[1], nodes[1], depth[1] - depth[0]);
    fflush(stdout);
}

int lab_speed(const GameDesc *game, int size, const SpeedOptions *o)
{
    static char *defaults[] = {"1", "10", NULL};
    char **t = o->depth_times ? o->depth_times : defaults;
    int moves = o->moves;
    bool depth = o->depth;
    GameEngine *check = make_engine(game, o, NULL); // bad settings: said once, before any figure
    if (!check) return EXIT_BAD_INPUT;
    game_engine_free(game, check);
    for (int i = 0; depth && t[i]; i++) {
        double s = g_ascii_strtod(t[i], NULL);
        if (!(s > 0 && s <= 3600))
            return lab_error("--depth-time '%s' is not a number of seconds up to 3600", t[i]);
    }
    if (moves < 1 || moves > 100000) return lab_error("--moves must be 1 to 100000");
    if (o->nps) speed_nps(game, o, 1.0);
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
