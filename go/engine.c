// SPDX-License-Identifier: MIT
// The Go engine: owns the TT, the RankCut table, the search state and the position copy.
#include "go/engine.h"

#include <stdio.h>
#include <string.h>

#include "go/contract.h"
#include "go/features.h"
#include "go/ownership.h"

PARAMS_DEFINE(GoPlayerParams, GO_PLAYER_PARAMS, "go player", go_player_params_group,
              go_player_params_default)

void go_engine_params_default(SearchParams *search, GoPlayoutParams *playout, GoPriorParams *prior)
{
    if (search) {
        search_params_default(search);
        search->rankcut_min_depth = GO_RANKCUT_MIN_DEPTH;
        search->qsearch_plies = GO_QSEARCH_PLIES;
        search->search = SEARCH_MCTS;
        search->mcts_rave = true;
        search->mcts_c = GO_MCTS_C;
    }
    if (playout) {
        go_playout_params_default(playout);
        playout->playout_policy = GO_PLAYOUT_HEAVY;
    }
    if (prior) {
        go_prior_params_default(prior);
        prior->prior = true;
        prior->prior_patterns = 1;
    }
}

const char *go_rankcut_game(int size, char *buf)
{
    snprintf(buf, 16, "go%d", size);
    return buf;
}

// Statistics collected for Go, any size (RankCut acts only on the size they were made for).
static bool accepts(const char *game)
{
    int size = 0;
    char tail = 0;
    return sscanf(game, "go%d%c", &size, &tail) == 1 && size >= GO_MIN_SIZE && size <= GO_MAX_SIZE;
}

// net=FILE loads a net of Go's feature set (the engine's net slot, core/engine.h); "net="
// forgets it.
static void *slot_load(Engine *core, const char *path, GError **err)
{
    Net *n = g_new0(Net, 1);
    if (net_load(n, path, GO_NET_FEATURE_SET, GO_NET_INPUTS, err)) return n;
    g_free(n);
    return NULL;
}

static void slot_free(void *net)
{
    Net *n = net;
    net_destroy(&n);
}

// ko=NAME and suicide=NAME, the rules' named values.
static bool set_special(Engine *core, const char *assignment, GError **err)
{
    GoEngine *e = (GoEngine *)core;
    if (!g_str_has_prefix(assignment, "ko=") && !g_str_has_prefix(assignment, "suicide="))
        return false;
    return go_rules_set_assignment(&e->rules, assignment, err);
}

// Names the evaluation in force when net= changed it (so that RankCut statistics and ProbCut
// calibrations follow it); the engine then takes the pending net.
static bool apply(Engine *core, GError **err)
{
    if (!core->net.change) return true;
    const Net *n = engine_net_next(core);
    char id[64];
    if (n)
        snprintf(id, sizeof id, "go-net-%012llx", (unsigned long long)(n->hash >> 16));
    else
        g_strlcpy(id, GO_EVAL_ID, sizeof id);
    return engine_set_evaluator(core, id, err);
}

static const EngineKind go_kind = {
    .evaluator = GO_EVAL_ID,
    .accepts = accepts,
    .games = "Go (go9, go13, ...)",
    .builtin = go_rankcut_builtin,
    .move_indices = GO_MOVE_INDICES,
    .probcut_stages = GO_PROBCUT_STAGES,
    .probcut_builtin = go_probcut_builtin,
    .mcts_ranks_builtin = go_mcts_ranks_builtin,
    .set_special = set_special,
    .special_options = "option name net type string default <empty>",
    .apply = apply,
    .net_load = slot_load,
    .net_free = slot_free,
};

bool go_engine_init(GoEngine *e, const SearchParams *p, const GoRules *r, GError **err)
{
    go_init();
    SearchParams params;
    if (p)
        params = *p;
    else
        go_engine_params_default(&params, NULL, NULL);
    if (!engine_init(&e->core, &go_kind, &params, err)) return false;
    if (r)
        e->rules = *r;
    else
        go_rules_default(&e->rules);
    go_player_params_default(&e->player);
    go_engine_params_default(NULL, &e->playout, &e->prior);
    e->dynkomi = (GoDynkomi){0};
    e->extra = 0;
    e->real_rate = 0.5;
    go_history_init(&e->history);
    e->owned_key = 0;
    e->searched_size = 0;
    engine_add_group(&e->core, go_player_params_group(&e->player));
    engine_add_group(&e->core, go_playout_params_group(&e->playout));
    engine_add_group(&e->core, go_prior_params_group(&e->prior));
    engine_add_group(&e->core, go_rules_params(&e->rules));
    return true;
}

void go_engine_free(GoEngine *e)
{
    engine_free(&e->core);
    go_history_free(&e->history);
}

bool go_engine_setup(GoEngine *e, const char *config, char **sets, const char *rankcut_file,
                     GError **err)
{
    if (!go_engine_init(e, NULL, NULL, err)) return false;
    if (engine_configure(&e->core, config, sets, rankcut_file, err)) return true;
    go_engine_free(e);
    return false;
}

bool go_engine_has_rankcut(const GoEngine *e, int size)
{
    int table_size = 0;
    return e->core.have_table && sscanf(e->core.table->counts.game, "go%d", &table_size) == 1 &&
           table_size == size;
}

void go_engine_new_game(GoEngine *e)
{
    engine_new_game(&e->core);
    e->dynkomi.started = false;
}

// The keys of the game's positions for the search's repetition check. Under superko the
// move generator already refuses every repetition, so the current position alone (marked as
// a fresh start) is enough; under simple ko the whole game is replayed for its keys.
static void set_search_history(Search *s, GoEngine *e, const GoGame *g)
{
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
    if (e->searched_size && e->searched_size != g->board.size) go_engine_new_game(e);
    e->searched_size = g->board.size;
    go_history_copy(&e->history, &g->history);
    e->board = g->board;
    e->board.history = &e->history;
    if (e->board.side != colour) e->board.side = colour, e->board.ko = 0;
    return &e->board;
}

// Searches e->board, the game's position as go_engine_position left it; search=mcts with the
// dynamic komi's extra when `dynamic`.
static Move search_position(GoEngine *e, const GoGame *g, const SearchLimits *limits,
                            SearchInfoFn info, void *user, SearchInfo *out, bool dynamic)
{
    bool mcts = e->core.params.search == SEARCH_MCTS;
    go_eval_ctx_init(&e->ctx, g->rules.komi, go_rules_move_cap(&g->rules, g->board.size));
    e->ctx.net = e->core.net.current;
    e->ctx.playout = &e->playout;
    e->ctx.prior = &e->prior;
    e->extra = mcts && dynamic ? go_dynkomi_extra(&e->playout, &e->dynkomi, g) : 0;
    e->ctx.playout_komi = g->rules.komi + e->extra;
    Search *s = engine_prepare(&e->core, &e->ctx, go_engine_has_rankcut(e, g->board.size), limits,
                               info, user);
    set_search_history(s, e, g);
    if (mcts) e->owned_key = go_board_key(&e->board);
    Move m = go_search_dispatch(s, &e->board, out);
    if (!mcts) return m;
    int colour = e->board.side;
    e->real_rate = go_ownership_win_rate(&s->ownership, colour);
    if (e->extra != 0) out->score = mcts_rate_score(e->real_rate, s->params.mcts_eval_scale);
    if (dynamic) go_dynkomi_learn(&e->playout, &e->dynkomi, s->mcts_rate, colour);
    return m;
}

Move go_engine_search(GoEngine *e, const GoGame *g, int colour, const SearchLimits *limits,
                      SearchInfoFn info, void *user, SearchInfo *out)
{
    go_engine_position(e, g, colour);
    return search_position(e, g, limits, info, user, out, true);
}

const MctsOwnership *go_engine_ownership(GoEngine *e, const GoGame *g, int playouts)
{
    GoBoard *b = go_engine_position(e, g, g->board.side);
    b->passes = 0;
    const MctsOwnership *o = &e->core.search.ownership;
    if (o->playouts && e->owned_key == go_board_key(b) && e->extra == 0) return o;
    int algorithm = e->core.params.search;
    e->core.params.search = SEARCH_MCTS;
    SearchLimits limits = {.nodes = (uint64_t)MAX(playouts, 1)};
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    search_position(e, g, &limits, NULL, NULL, &info, false);
    e->core.params.search = algorithm;
    return o;
}
