// SPDX-License-Identifier: MIT
// The Abalone engine: owns the TT, the RankCut table and the search state.
#include "abalone/engine.h"

#include <string.h>

#include "abalone/eval.h"

void abalone_engine_param_groups(AbaloneEngine *e, ParamGroup groups[2])
{
    groups[0] = search_params_group(&e->params);
    groups[1] = abalone_rules_params(&e->rules);
}

static bool adopt_counts(AbaloneEngine *e, RankcutCounts *c, const char *source, GError **err)
{
    if (strcmp(c->game, "abalone") != 0 || strcmp(c->evaluator, ABALONE_EVAL_ID) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: statistics for game '%s' and evaluator '%s'; this engine needs "
                    "'abalone' and '%s'",
                    source, c->game, c->evaluator, ABALONE_EVAL_ID);
        rankcut_counts_free(c);
        return false;
    }
    if (e->have_table) rankcut_table_free(&e->table);
    rankcut_table_init(&e->table, c);
    e->have_table = true;
    g_strlcpy(e->table_source, source, sizeof e->table_source);
    e->search.rankcut_table = &e->table;
    return true;
}

bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err)
{
    memset(e, 0, sizeof *e);
    abalone_init();
    e->params = *p;
    e->rules = *r;
    if (!tt_init(&e->tt, (size_t)p->hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", p->hash);
        return false;
    }
    e->tt_mib = p->hash;
    search_init(&e->search, p, &e->tt, ABALONE_MOVE_INDICES);
    e->search.game_ctx = &e->rules;
    size_t size = 0;
    const uint8_t *data = abalone_rankcut_builtin(&size);
    if (data) {
        RankcutCounts c;
        if (!rankcut_counts_load_data(&c, data, size, "built-in RankCut statistics", err) ||
            !adopt_counts(e, &c, "built-in", err)) {
            abalone_engine_free(e);
            return false;
        }
    }
    return true;
}

void abalone_engine_free(AbaloneEngine *e)
{
    search_free(&e->search);
    tt_free(&e->tt);
    if (e->have_table) rankcut_table_free(&e->table);
    e->have_table = false;
}

bool abalone_engine_apply(AbaloneEngine *e, GError **err)
{
    if (!tt_resize(&e->tt, &e->tt_mib, e->params.hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", e->params.hash);
        e->params.hash = e->tt_mib;
        return false;
    }
    e->search.params = e->params;
    return true;
}

bool abalone_engine_load_rankcut(AbaloneEngine *e, const char *path, GError **err)
{
    RankcutCounts c;
    if (!rankcut_counts_load(&c, path, err)) return false;
    return adopt_counts(e, &c, path, err);
}

void abalone_engine_new_game(AbaloneEngine *e)
{
    tt_clear(&e->tt);
    search_clear_tables(&e->search);
}

Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out)
{
    Search *s = &e->search;
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
    s->params = e->params;
    s->game_ctx = &e->rules;
    s->rankcut_table = e->have_table ? &e->table : NULL;
    s->limits = *limits;
    s->on_info = info;
    s->user = user;
    AbaloneBoard b = g->board;
    return abalone_search_run(s, &b, out);
}
