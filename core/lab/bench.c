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

// One game's positions to depth, a line each; returns the nodes.
static uint64_t bench_game(const GameDesc *game, GameEngine *e, int depth, const char *label)
{
    Engine *core = game_engine_core(e);
    uint64_t total = 0;
    for (int i = 0; i < game->bench_count; i++) {
        GError *err = NULL;
        GameState *s = game->state_new(0, game->bench_positions[i], &err);
        if (!s) g_error("bench position %d: %s", i + 1, err->message); // compiled in
        game->state_adopt_rules(s, e);
        engine_new_game(core);
        SearchLimits limits = lab_limits(0, 0, depth);
        SearchInfo info;
        Move m = game->search(e, s, &limits, NULL, NULL, &info);
        char text[GAME_MOVE_TEXT];
        printf("%-7s %2d: %-8s %10" G_GUINT64_FORMAT " nodes\n", label, i + 1,
               game->move_format(s, m, text), core->search.nodes);
        total += core->search.nodes;
        game->state_free(s);
    }
    return total;
}

int lab_bench(const GameDesc *const *games, int ngames, const int *depths, char **sets)
{
    GameEngine **engines = g_new0(GameEngine *, ngames);
    GError *err = NULL;
    bool ok = true;
    for (int k = 0; k < ngames && ok; k++)
        if (!(engines[k] = game_engine_new(games[k], NULL, NULL, NULL, &err)))
            ok = !lab_report(err);
    ok = ok && configure(engines, ngames, sets);
    uint64_t total = 0;
    double t0 = lab_now();
    GString *summary = g_string_new(NULL), *rankcut = g_string_new("RankCut:");
    for (int k = 0; k < ngames && ok; k++) {
        char label[16];
        games[k]->rankcut_game(games[k]->size_default, label);
        double t = lab_now();
        uint64_t nodes = bench_game(games[k], engines[k], depths[k], label);
        g_string_append_printf(summary, "%s: %" G_GUINT64_FORMAT " nodes at depth %d, %.3f s\n",
                               label, nodes, depths[k], lab_now() - t);
        Engine *core = game_engine_core(engines[k]);
        bool on =
            core->params.rankcut && games[k]->rankcut_active(engines[k], games[k]->size_default);
        g_string_append_printf(rankcut, "%s %s %s", k ? "," : "", label,
                               on ? core->table_source : "off");
        total += nodes;
    }
    double t = lab_now() - t0;
    if (ok) {
        printf("%s\n%s", rankcut->str, summary->str);
        printf("Time: %.3f s, %.0f nodes/s\n", t, (double)total / (t > 0 ? t : 1e-9));
        printf("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
    }
    g_string_free(summary, TRUE);
    g_string_free(rankcut, TRUE);
    for (int k = 0; k < ngames; k++)
        if (engines[k]) game_engine_free(games[k], engines[k]);
    g_free(engines);
    return ok ? 0 : EXIT_BAD_INPUT;
}
