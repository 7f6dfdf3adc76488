// SPDX-License-Identifier: MIT
// The bench signature over every game (core/lab/commands.h).
#include <stdio.h>
#include <string.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"

// Whether an engine has the parameter an assignment names ("plain" is every engine's).
static bool engine_knows(Engine *e, const char *assignment)
{
    ParamGroup g[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(e, g);
    char *name = g_strndup(assignment, strcspn(assignment, "="));
    bool known = strcmp(name, "plain") == 0 || params_find(g, (size_t)n, name, NULL) != NULL;
    g_free(name);
    return known;
}

// Gives hash=16, then each NAME=VALUE, to every engine that has the parameter (the search
// parameters are shared, so those go to all); a name none has goes to the first, which
// rejects it with the usual message.
static bool configure(GameEngine *const *engines, int n, char **sets)
{
    GError *err = NULL;
    bool ok = true;
    for (int k = 0; k < n && ok; k++)
        ok = engine_set(game_engine_core(engines[k]), "hash=16", &err);
    for (int i = 0; ok && sets && sets[i]; i++) {
        bool any = false;
        for (int k = 0; k < n && ok; k++)
            if (engine_knows(game_engine_core(engines[k]), sets[i])) {
                any = true;
                ok = engine_set(game_engine_core(engines[k]), sets[i], &err);
            }
        if (ok && !any) ok = engine_set(game_engine_core(engines[0]), sets[i], &err);
    }
    for (int k = 0; k < n && ok; k++) ok = engine_apply(game_engine_core(engines[k]), &err);
    if (!ok) lab_report(err);
    // The signature must not depend on how threads interleave.
    for (int k = 0; k < n && ok; k++) ok = lab_single_threaded(engines[k], "bench");
    return ok;
}

// One game's positions searched with the limits, a line each; returns the count: the nodes of
// alpha-beta, the moves of the Monte Carlo search's simulations (in the tree and in the
// playouts: at a fixed number of simulations, what changes when the search or the playouts do).
static uint64_t bench_game(const GameDesc *game, GameEngine *e, SearchLimits limits,
                           const char *label)
{
    Engine *core = game_engine_core(e);
    bool mcts = core->params.search == SEARCH_MCTS;
    uint64_t total = 0;
    for (int i = 0; i < game->bench_count; i++) {
        GError *err = NULL;
        GameState *s = game->state_new(0, game->bench_positions[i], &err);
        if (!s) g_error("bench position %d: %s", i + 1, err->message); // compiled in
        game->state_adopt_rules(s, e);
        engine_new_game(core);
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        Move m = game->search(e, s, &limits, NULL, NULL, &info);
        uint64_t n = mcts ? core->search.stats.mcts_moves : core->search.nodes;
        char text[GAME_MOVE_TEXT];
        printf("%-9s %2d: %-8s %10" G_GUINT64_FORMAT " %s\n", label, i + 1,
               game->move_format(s, m, text), n, mcts ? "moves" : "nodes");
        total += n;
        game->state_free(s);
    }
    return total;
}

// The engines: each game's by alpha-beta, then, for each game whose default algorithm is
// another, its default engine; *n counts those made (all of them unless it says why not).
static bool bench_engines(const GameDesc *const *games, int ngames, GameEngine **engines,
                          const GameDesc **of, int *n)
{
    GError *err = NULL;
    *n = 0;
    for (int k = 0; k < ngames; k++) {
        if (!(engines[*n] = lab_engine_alphabeta(games[k], NULL, NULL, NULL, &err)))
            return !lab_report(err);
        of[(*n)++] = games[k];
    }
    for (int k = 0; k < ngames; k++) {
        if (!(engines[*n] = game_engine_new(games[k], NULL, NULL, NULL, &err)))
            return !lab_report(err);
        if (game_engine_core(engines[*n])->params.search == SEARCH_ALPHABETA)
            game_engine_free(games[k], engines[*n]);
        else
            of[(*n)++] = games[k];
    }
    return true;
}

// Runs an engine's positions and appends its subtotal and RankCut state; returns its count.
static uint64_t bench_row(const GameDesc *game, GameEngine *e, int depth, uint64_t simulations,
                          GString *summary, GString *rankcut)
{
    Engine *core = game_engine_core(e);
    bool mcts = core->params.search == SEARCH_MCTS;
    char label[24];
    game->rankcut_game(game->size_default, label);
    if (mcts) g_strlcat(label, "-mcts", sizeof label);
    double t = lab_now();
    SearchLimits limits = mcts ? lab_limits(0, simulations, 0) : lab_limits(0, 0, depth);
    uint64_t n = bench_game(game, e, limits, label);
    if (mcts)
        g_string_append_printf(summary,
                               "%s: %" G_GUINT64_FORMAT " moves at %" G_GUINT64_FORMAT
                               " simulations a position, %.3f s\n",
                               label, n, simulations, lab_now() - t);
    else
        g_string_append_printf(summary, "%s: %" G_GUINT64_FORMAT " nodes at depth %d, %.3f s\n",
                               label, n, depth, lab_now() - t);
    if (!mcts) {
        bool on = core->params.rankcut && game->rankcut_active(e, game->size_default);
        g_string_append_printf(rankcut, "%s %s %s", rankcut->len > 8 ? "," : "", label,
                               on ? core->table_source : "off");
    }
    return n;
}

int lab_bench(const GameDesc *const *games, int ngames, const int *depths,
              const uint64_t *simulations, char **sets)
{
    GameEngine **engines = g_new0(GameEngine *, 2 * (size_t)ngames);
    const GameDesc **of = g_new0(const GameDesc *, 2 * (size_t)ngames);
    int n = 0;
    bool ok = bench_engines(games, ngames, engines, of, &n) && configure(engines, n, sets);
    uint64_t total = 0;
    double t0 = lab_now();
    GString *summary = g_string_new(NULL), *rankcut = g_string_new("RankCut:");
    for (int i = 0; i < n && ok; i++) {
        int k = 0;
        while (games[k] != of[i]) k++;
        total += bench_row(of[i], engines[i], depths[k], simulations[k], summary, rankcut);
    }
    double t = lab_now() - t0;
    if (ok) {
        printf("%s\n%s", rankcut->str, summary->str);
        printf("Time: %.3f s, %.0f nodes and moves/s\n", t, (double)total / (t > 0 ? t : 1e-9));
        printf("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
    }
    g_string_free(summary, TRUE);
    g_string_free(rankcut, TRUE);
    for (int i = 0; i < n; i++) game_engine_free(of[i], engines[i]);
    g_free(engines);
    g_free(of);
    return ok ? 0 : EXIT_BAD_INPUT;
}
