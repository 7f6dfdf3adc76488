// SPDX-License-Identifier: MIT
// The Go engine: owns the TT, the RankCut table, the search state and the position copy.
#include "go/engine.h"

#include <stdio.h>
#include <string.h>

#include "go/contract.h"

static const ParamDesc player_desc[] = {GO_PLAYER_PARAMS(PARAM_DESC, GoPlayerParams)};

ParamGroup go_player_params_group(GoPlayerParams *p)
{
    return (ParamGroup){player_desc, G_N_ELEMENTS(player_desc), p};
}

void go_player_params_default(GoPlayerParams *p)
{
    ParamGroup g = go_player_params_group(p);
    params_reset(&g);
}

void go_search_params_default(SearchParams *p)
{
    search_params_default(p);
    p->rankcut_min_depth = GO_RANKCUT_MIN_DEPTH;
}

void go_engine_param_groups(GoEngine *e, ParamGroup groups[3])
{
    groups[0] = search_params_group(&e->params);
    groups[1] = go_player_params_group(&e->player);
    groups[2] = go_rules_params(&e->rules);
}

bool go_engine_set(GoEngine *e, const char *assignment, GError **err)
{
    const char *eq = strchr(assignment, '=');
    if (eq && (g_str_has_prefix(assignment, "ko=") || g_str_has_prefix(assignment, "suicide=")))
        return go_rules_set_assignment(&e->rules, assignment, err);
    ParamGroup groups[3];
    go_engine_param_groups(e, groups);
    return params_set_assignment(groups, 3, assignment, err);
}

const char *go_rankcut_game(int size, char *buf)
{
    snprintf(buf, 16, "go%d", size);
    return buf;
}

// Takes statistics collected for Go (any size) with this evaluator.
static bool adopt_counts(GoEngine *e, RankcutCounts *c, const char *source, GError **err)
{
    int size = 0;
    char tail = 0;
    if (sscanf(c->game, "go%d%c", &size, &tail) != 1 || size < GO_MIN_SIZE || size > GO_MAX_SIZE ||
        strcmp(c->evaluator, GO_EVAL_ID) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: statistics for game '%s' and evaluator '%s'; this engine needs Go "
                    "(go9, go13, ...) and '%s'",
                    source, c->game, c->evaluator, GO_EVAL_ID);
        rankcut_counts_free(c);
        return false;
    }
    if (e->have_table) rankcut_table_free(&e->table);
    rankcut_table_init(&e->table, c);
    e->have_table = true;
    e->table_size = size;
    g_strlcpy(e->table_source, source, sizeof e->table_source);
    return true;
}

bool go_engine_init(GoEngine *e, const SearchParams *p, const GoRules *r, GError **err)
{
    memset(e, 0, sizeof *e);
    go_init();
    if (p)
        e->params = *p;
    else
        go_search_params_default(&e->params);
    if (r)
        e->rules = *r;
    else
        go_rules_default(&e->rules);
    go_player_params_default(&e->player);
    go_history_init(&e->history);
    if (!tt_init(&e->tt, (size_t)e->params.hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", e->params.hash);
        return false;
    }
    e->tt_mib = e->params.hash;
    search_init(&e->search, &e->params, &e->tt, GO_MOVE_INDICES);
    size_t size = 0;
    const uint8_t *data = go_rankcut_builtin(&size);
    if (data) {
        RankcutCounts c;
        if (!rankcut_counts_load_data(&c, data, size, "built-in RankCut statistics", err) ||
            !adopt_counts(e, &c, "built-in", err)) {
            go_engine_free(e);
            return false;
        }
    }
    return true;
}

void go_engine_free(GoEngine *e)
{
    search_free(&e->search);
    tt_free(&e->tt);
    if (e->have_table) rankcut_table_free(&e->table);
    e->have_table = false;
    go_history_free(&e->history);
}

bool go_engine_apply(GoEngine *e, GError **err)
{
    if (!tt_resize(&e->tt, &e->tt_mib, e->params.hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", e->params.hash);
        e->params.hash = e->tt_mib;
        return false;
    }
    e->search.params = e->params;
    return true;
}

bool go_engine_load_rankcut(GoEngine *e, const char *path, GError **err)
{
    RankcutCounts c;
    if (!rankcut_counts_load(&c, path, err)) return false;
    return adopt_counts(e, &c, path, err);
}

bool go_engine_has_rankcut(const GoEngine *e, int size)
{
    return e->have_table && e->table_size == size;
}

void go_engine_new_game(GoEngine *e)
{
    tt_clear(&e->tt);
    search_clear_tables(&e->search);
}

// The keys of the game's positions for the search's repetition check. Under superko the
// move generator already refuses every repetition, so the current position alone (marked as
// a fresh start) is enough; under simple ko the whole game is replayed for its keys.
static void set_search_history(GoEngine *e, const GoGame *g)
{
    Search *s = &e->search;
    if (g->rules.ko != GO_KO_SIMPLE) {
        Key k = go_board_key(&e->board);
        bool irr = true;
        search_set_history(s, &k, &irr, 1);
        return;
    }
    int n = go_game_length(g);
    Key *keys = g_new(Key, n + 2);
    GoBoard *b = g_new(GoBoard, 1);
    go_board_copy_position(b, &g->start);
    keys[0] = go_board_key(b);
    for (int i = 0; i < n; i++) {
        const GoGameMove *gm = go_game_move(g, i);
        if (b->side != gm->colour) b->side = gm->colour, b->ko = 0;
        go_board_play(b, gm->move, NULL);
        keys[i + 1] = go_board_key(b);
    }
    int len = n + 1;
    if (keys[n] != go_board_key(&e->board)) keys[len++] = go_board_key(&e->board);
    search_set_history(s, keys, NULL, len);
    g_free(b);
    g_free(keys);
}

GoBoard *go_engine_position(GoEngine *e, const GoGame *g, int colour)
{
    go_history_copy(&e->history, &g->history);
    e->board = g->board;
    e->board.history = &e->history;
    if (e->board.side != colour) e->board.side = colour, e->board.ko = 0;
    return &e->board;
}

Move go_engine_search(GoEngine *e, const GoGame *g, int colour, const SearchLimits *limits,
                      SearchInfoFn info, void *user, SearchInfo *out)
{
    Search *s = &e->search;
    go_engine_position(e, g, colour);
    go_eval_ctx_init(&e->ctx, g->rules.komi, go_rules_move_cap(&g->rules, g->board.size));
    set_search_history(e, g);
    s->params = e->params;
    s->game_ctx = &e->ctx;
    s->rankcut_table = go_engine_has_rankcut(e, g->board.size) ? &e->table : NULL;
    s->limits = *limits;
    s->on_info = info;
    s->user = user;
    return go_search_run(s, &e->board, out);
}
