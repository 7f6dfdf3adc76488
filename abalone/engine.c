// SPDX-License-Identifier: MIT
// The Abalone engine: the shared wrapper with Abalone's rules and position history.
#include "abalone/engine.h"

#include <string.h>

#include "abalone/eval.h"

static bool accepts(const char *game)
{
    return strcmp(game, "abalone") == 0;
}

static const EngineKind abalone_kind = {
    ABALONE_EVAL_ID, accepts, "'abalone'", abalone_rankcut_builtin, ABALONE_MOVE_INDICES, NULL};

bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err)
{
    abalone_init();
    if (!engine_init(&e->core, &abalone_kind, p, err)) return false;
    e->rules = *r;
    engine_add_group(&e->core, abalone_rules_params(&e->rules));
    e->core.search.game_ctx = &e->rules;
    return true;
}

void abalone_engine_free(AbaloneEngine *e)
{
    engine_free(&e->core);
}

bool abalone_engine_setup(AbaloneEngine *e, const char *config, char **sets,
                          const char *rankcut_file, GError **err)
{
    SearchParams p;
    AbaloneRules r;
    search_params_default(&p);
    abalone_rules_default(&r);
    if (!abalone_engine_init(e, &p, &r, err)) return false;
    if (engine_configure(&e->core, config, sets, rankcut_file, err)) return true;
    abalone_engine_free(e);
    return false;
}

void abalone_engine_new_game(AbaloneEngine *e)
{
    engine_new_game(&e->core);
}

Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out)
{
    Search *s = &e->core.search;
    // The game's positions, the current one last; an ejection starts a new stretch in which
    // no earlier position can recur.
    int n = (int)g->history->len;
    Key *keys = g_new(Key, n + 1);
    bool *irr = g_new(bool, n + 1);
    for (int i = 0; i <= n; i++) {
        const AbaloneBoard *b = i < n ? &g_array_index(g->history, AbaloneBoard, i) : &g->board;
        const AbaloneBoard *prev = i ? &g_array_index(g->history, AbaloneBoard, i - 1) : NULL;
        keys[i] = b->key;
        irr[i] = !prev || abalone_popcount(b->bb[0] | b->bb[1]) !=
                              abalone_popcount(prev->bb[0] | prev->bb[1]);
    }
    n++;
    search_set_history(s, keys, irr, n);
    g_free(keys);
    g_free(irr);
    engine_prepare(&e->core, &e->rules, true, limits, info, user);
    AbaloneBoard b = g->board;
    return abalone_search_run(s, &b, out);
}
