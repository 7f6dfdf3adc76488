// SPDX-License-Identifier: MIT
// The Abalone engine: the shared wrapper with Abalone's rules, position history and leaf
// evaluation.
#include "abalone/engine.h"

#include <stdio.h>
#include <string.h>

#include "abalone/contract.h"
#include "abalone/eval.h"

PARAMS_DEFINE(AbaloneEvalParams, ABALONE_EVAL_PARAMS, "abalone eval", abalone_eval_params,
              abalone_eval_default)

static bool accepts(const char *game)
{
    return strcmp(game, "abalone") == 0;
}

// A net file of one of Abalone's feature sets (abalone/features.h), with its input count.
static bool load_net(Net *n, const char *path, GError **err)
{
    if (!net_load(n, path, NULL, 0, err)) return false;
    int fs = abalone_features_find(n->feature_set);
    if (fs >= 0 && n->inputs == abalone_features_inputs(fs)) return true;
    g_set_error(err, NET_ERROR, NET_ERROR_MISMATCH,
                "%s: feature set '%s' with %d inputs, expected '%s' (%d inputs) or '%s' (%d)", path,
                n->feature_set, n->inputs, ABALONE_NET_FEATURE_SET, ABALONE_NET_INPUTS,
                ABALONE_NET_PAIRS_SET, ABALONE_NET_PAIRS_INPUTS);
    net_free(n);
    return false;
}

// net=FILE loads a net (the engine's net slot, core/engine.h) and selects it; "net=" forgets
// the file (the built-in net again).
static void *slot_load(Engine *core, const char *path, GError **err)
{
    Net *n = g_new0(Net, 1);
    if (!load_net(n, path, err)) {
        g_free(n);
        return NULL;
    }
    ((AbaloneEngine *)core)->eval.eval = ABALONE_EVAL_NET;
    return n;
}

static void slot_free(void *net)
{
    Net *n = net;
    net_destroy(&n);
}

// Picks the net (or none) that eval asks for, and tells the wrapper which evaluation is in
// force, so that RankCut statistics follow it.
static bool apply(Engine *core, GError **err)
{
    AbaloneEngine *e = (AbaloneEngine *)core;
    const Net *file = engine_net_next(core), *net = NULL;
    char id[64];
    if (e->eval.eval == ABALONE_EVAL_NET) {
        net = file ? file : abalone_net_builtin_net();
        snprintf(id, sizeof id, "abalone-net-%012llx", (unsigned long long)(net->hash >> 16));
    } else {
        g_strlcpy(id,
                  e->eval.eval == ABALONE_EVAL_DEFENSIVE ? ABALONE_EVAL_DEFENSIVE_ID
                                                         : ABALONE_EVAL_ID,
                  sizeof id);
    }
    if (!engine_set_evaluator(core, id, err)) { // refused: everything stays as it was
        e->eval.eval = e->eval_applied;
        return false;
    }
    e->net = net;
    e->eval_applied = e->eval.eval;
    return true;
}

static const EngineKind abalone_kind = {
    .evaluator = ABALONE_NET_BUILTIN_ID, // eval's default
    .accepts = accepts,
    .games = "'abalone'",
    .builtin = abalone_rankcut_builtin,
    .probcut_builtin = abalone_probcut_builtin,
    .move_indices = ABALONE_MOVE_INDICES,
    .probcut_stages = ABALONE_PROBCUT_STAGES,
    .special_options = "option name net type string default <empty>",
    .apply = apply,
    .net_load = slot_load,
    .net_free = slot_free,
};

void abalone_search_params_default(SearchParams *p)
{
    search_params_default(p);
    p->rankcut_graded = ABALONE_RANKCUT_GRADED;
    p->rankcut_threshold = ABALONE_RANKCUT_THRESHOLD;
    p->rankcut_research = ABALONE_RANKCUT_RESEARCH;
    p->lmr = true;
    p->lmr_divisor = ABALONE_LMR_DIVISOR;
    p->rankcut_lmr = true;
    p->rankcut_lmr_keep = ABALONE_RANKCUT_LMR_KEEP;
    p->probcut = true;
    p->probcut_t = ABALONE_PROBCUT_T;
    p->null_move = true;
    p->null_move_reduction = ABALONE_NULL_MOVE_REDUCTION;
    p->futility = true;
    p->futility_margin = ABALONE_FUTILITY_MARGIN;
}

bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err)
{
    abalone_features_init();
    if (!engine_init(&e->core, &abalone_kind, p, err)) return false;
    e->rules = *r;
    abalone_eval_default(&e->eval);
    e->eval_applied = e->eval.eval;
    e->net = e->eval.eval == ABALONE_EVAL_NET ? abalone_net_builtin_net() : NULL;
    e->acc = g_aligned_alloc(MAX_PLY + 2, sizeof *e->acc, 32);
    engine_add_group(&e->core, abalone_rules_params(&e->rules));
    engine_add_group(&e->core, abalone_eval_params(&e->eval));
    return true;
}

void abalone_engine_free(AbaloneEngine *e)
{
    engine_free(&e->core);
    g_aligned_free(e->acc);
    e->acc = NULL;
}

bool abalone_engine_setup(AbaloneEngine *e, const char *config, char **sets,
                          const char *rankcut_file, GError **err)
{
    SearchParams p;
    AbaloneRules r;
    abalone_search_params_default(&p);
    abalone_rules_default(&r);
    // Made with the smallest table, then sized once by the configuration (the default size
    // unless it sets hash): no transient table of the default size for a configured one.
    int hash = p.hash;
    p.hash = 1;
    if (!abalone_engine_init(e, &p, &r, err)) return false;
    e->core.params.hash = hash;
    if (engine_configure(&e->core, config, sets, rankcut_file, err)) return true;
    abalone_engine_free(e);
    return false;
}

void abalone_engine_new_game(AbaloneEngine *e)
{
    engine_new_game(&e->core);
}

// A search board on pos with the engine's evaluation: its net or weights, its progress terms.
static void engine_board_init(AbaloneEngine *e, AbaloneSearchBoard *sb, const AbaloneBoard *pos)
{
    abalone_search_board_init(sb, pos, e->net, e->acc);
    sb->defensive = !e->net && e->eval_applied == ABALONE_EVAL_DEFENSIVE;
    sb->press_edge = e->eval.press_edge;
    sb->press_threat = e->eval.press_threat;
}

Score abalone_engine_evaluate(AbaloneEngine *e, const AbaloneBoard *b)
{
    AbaloneSearchBoard sb;
    engine_board_init(e, &sb, b);
    return game_evaluate(&sb, &e->rules);
}

Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out)
{
    Search *s = engine_prepare(&e->core, &e->rules, true, limits, info, user);
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
    AbaloneSearchBoard b;
    engine_board_init(e, &b, &g->board);
    return abalone_search_dispatch(s, &b, out);
}
