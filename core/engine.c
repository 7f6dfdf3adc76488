// SPDX-License-Identifier: MIT
// The shared engine wrapper (core/engine.h).
#include "core/engine.h"

#include <stdio.h>
#include <string.h>

#include "base/bytes.h"

// True when the statistics are for this engine's game and evaluator; else an error.
static bool counts_fit(const Engine *e, const RankcutCounts *c, const char *source, GError **err)
{
    const EngineKind *k = e->kind;
    if (k->accepts(c->game) && strcmp(c->evaluator, e->evaluator) == 0) return true;
    g_set_error(err, RANKCUT_ERROR, 0,
                "%s: statistics for game '%s' and evaluator '%s'; this engine needs %s and '%s'",
                source, c->game, c->evaluator, k->games, e->evaluator);
    return false;
}

static void drop_table(Engine *e)
{
    if (e->own_table) rankcut_table_free(&e->owned);
    e->own_table = e->have_table = false;
    e->table = NULL;
    e->table_source[0] = '\0';
    e->search.rankcut_table = NULL;
}

static void use_table(Engine *e, const RankcutTable *t, const char *source)
{
    e->table = t;
    e->have_table = true;
    g_strlcpy(e->table_source, source, sizeof e->table_source);
    e->search.rankcut_table = t;
}

static bool adopt_counts(Engine *e, RankcutCounts *c, const char *source, GError **err)
{
    if (!counts_fit(e, c, source, err)) {
        rankcut_counts_free(c);
        return false;
    }
    drop_table(e);
    rankcut_table_init(&e->owned, c);
    e->own_table = true;
    use_table(e, &e->owned, source);
    return true;
}

// Built-in statistics and calibrations are parsed once per process and shared, read-only, by
// every engine that uses them (an engine is made per game, per session, per fuzzing input:
// parsing the built-in RankCut table was nearly all of what making an Abalone engine cost, and
// the ProbCut calibration 13 % of the serve fuzzing target's time). Keyed by the embedded
// bytes; kept until the process ends.
typedef struct {
    const uint8_t *data;
    void *parsed;
} BuiltinParsed;

static GMutex builtin_lock;
static GPtrArray *builtin_parsed;

typedef void *(*BuiltinParser)(const uint8_t *data, size_t size, GError **err);

static const void *builtin_get(const uint8_t *data, size_t size, BuiltinParser parse, GError **err)
{
    void *parsed = NULL;
    g_mutex_lock(&builtin_lock);
    if (!builtin_parsed) builtin_parsed = g_ptr_array_new();
    for (guint i = 0; i < builtin_parsed->len && !parsed; i++) {
        const BuiltinParsed *b = g_ptr_array_index(builtin_parsed, i);
        if (b->data == data) parsed = b->parsed;
    }
    if (!parsed && (parsed = parse(data, size, err))) {
        BuiltinParsed *b = g_new(BuiltinParsed, 1);
        *b = (BuiltinParsed){data, parsed};
        g_ptr_array_add(builtin_parsed, b);
    }
    g_mutex_unlock(&builtin_lock);
    return parsed;
}

static void *parse_rankcut(const uint8_t *data, size_t size, GError **err)
{
    RankcutCounts c;
    if (!rankcut_counts_load_data(&c, data, size, "built-in RankCut statistics", err)) return NULL;
    RankcutTable *t = g_new0(RankcutTable, 1);
    rankcut_table_init(t, &c);
    return t;
}

static void *parse_probcut(const uint8_t *data, size_t size, GError **err)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    if (probcut_data_load_data(c, data, size, "built-in", err)) return c;
    g_free(c);
    return NULL;
}

// The built-in statistics of the engine's evaluator, when the game has some.
static bool load_builtin(Engine *e, GError **err)
{
    size_t size = 0;
    const uint8_t *data = e->kind->builtin ? e->kind->builtin(e->evaluator, &size) : NULL;
    if (!data) return true;
    const RankcutTable *t = builtin_get(data, size, parse_rankcut, err);
    if (!t) return false;
    if (!counts_fit(e, &t->counts, "built-in", err)) return false;
    drop_table(e);
    use_table(e, t, "built-in");
    return true;
}

bool engine_init(Engine *e, const EngineKind *kind, const SearchParams *params, GError **err)
{
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->params = *params;
    if (!tt_init(&e->tt, (size_t)params->hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", params->hash);
        return false;
    }
    e->tt_mib = params->hash;
    e->probcut_default = params->probcut;
    search_init(&e->search, params, &e->tt, kind->move_indices);
    g_strlcpy(e->evaluator, kind->evaluator, sizeof e->evaluator);
    if (!load_builtin(e, err)) {
        engine_free(e);
        return false;
    }
    return true;
}

bool engine_set_evaluator(Engine *e, const char *evaluator, GError **err)
{
    if (strcmp(e->evaluator, evaluator) == 0) return true;
    if (e->have_table && strcmp(e->table_source, "built-in") != 0) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "the RankCut statistics of %s belong to evaluator '%s', not '%s'",
                    e->table_source, e->evaluator, evaluator);
        return false;
    }
    char old[sizeof e->evaluator];
    g_strlcpy(old, e->evaluator, sizeof old);
    g_strlcpy(e->evaluator, evaluator, sizeof e->evaluator);
    drop_table(e);
    if (load_builtin(e, err)) return true;
    g_strlcpy(e->evaluator, old, sizeof e->evaluator);
    GError *again = NULL;
    if (!load_builtin(e, &again)) g_error_free(again);
    return false;
}

// Forgets a pending net=FILE.
static void net_drop(Engine *e)
{
    if (e->net.pending) e->kind->net_free(e->net.pending);
    e->net.pending = NULL;
    e->net.change = false;
}

// The pending net=FILE takes the place of the net in use.
static void net_commit(Engine *e)
{
    if (!e->net.change) return;
    if (e->net.current) e->kind->net_free(e->net.current);
    e->net.current = e->net.pending;
    e->net.pending = NULL;
    e->net.change = false;
}

static bool set_net(Engine *e, const char *path, GError **err)
{
    void *n = NULL;
    if (*path && !(n = e->kind->net_load(e, path, err))) return false;
    net_drop(e);
    e->net.pending = n;
    e->net.change = true;
    return true;
}

const void *engine_net_next(const Engine *e)
{
    return e->net.change ? e->net.pending : e->net.current;
}

void engine_free(Engine *e)
{
    if (e->kind && e->kind->net_load) {
        net_drop(e);
        if (e->net.current) e->kind->net_free(e->net.current);
        e->net.current = NULL;
    }
    search_free(&e->search);
    tt_free(&e->tt);
    drop_table(e);
    g_free(e->probcut);
    g_free(e->probcut_table);
    g_clear_pointer(&e->ranks, g_free);
    e->probcut = NULL;
    e->probcut_table = NULL;
}

static void drop_probcut(Engine *e)
{
    g_free(e->probcut);
    e->probcut = NULL;
    e->probcut_source[0] = '\0';
}

// probcut_file=PATH: the calibration is read now (a file that is not one, or is another
// game's, is refused here); its evaluator is checked when the parameters are applied.
static bool set_probcut_file(Engine *e, const char *path, GError **err)
{
    if (!*path) {
        drop_probcut(e);
        return true;
    }
    ProbcutData *c = g_new(ProbcutData, 1);
    if (!probcut_data_load(c, path, err)) {
        g_free(c);
        return false;
    }
    if (!e->kind->accepts(c->game) || c->stages != e->kind->probcut_stages) {
        g_set_error(err, PROBCUT_ERROR, 0,
                    "%s: a ProbCut calibration of game '%s' with %d stages; this engine needs %s "
                    "with %d",
                    path, c->game, c->stages, e->kind->games, e->kind->probcut_stages);
        g_free(c);
        return false;
    }
    drop_probcut(e);
    e->probcut = c;
    g_strlcpy(e->probcut_source, path, sizeof e->probcut_source);
    return true;
}

// The built-in calibration of the engine's evaluator, or NULL when none is built in for it.
static const uint8_t *probcut_builtin(const Engine *e, size_t *size)
{
    *size = 0;
    return e->kind->probcut_builtin ? e->kind->probcut_builtin(e->evaluator, size) : NULL;
}

// probcut=true without probcut_file=: the built-in calibration of the engine's evaluator. A
// default search that uses ProbCut still runs with an evaluator none is built in for (a net of
// the user's): ProbCut idles (engine_probcut_idle); asked for explicitly, it is an error.
static bool load_probcut_builtin(Engine *e, GError **err)
{
    size_t size;
    const uint8_t *data = probcut_builtin(e, &size);
    if (!data) {
        if (e->probcut_default) return true;
        g_set_error(err, PROBCUT_ERROR, 0,
                    "probcut=true needs a calibration of evaluator '%s' (probcut_file=FILE, "
                    "made by sumito probcut fit): none is built in for it",
                    e->evaluator);
        return false;
    }
    const ProbcutData *c = builtin_get(data, size, parse_probcut, err);
    if (!c) return false;
    e->probcut = g_memdup2(c, sizeof *c);
    g_strlcpy(e->probcut_source, "built-in", sizeof e->probcut_source);
    return true;
}

// ProbCut's table from the calibration, for the parameters and evaluator in force. A built-in
// calibration follows the evaluator; a file's must match it.
static bool apply_probcut(Engine *e, GError **err)
{
    if (e->probcut && strcmp(e->probcut_source, "built-in") == 0 &&
        (!e->params.probcut || strcmp(e->probcut->evaluator, e->evaluator) != 0))
        drop_probcut(e);
    if (e->probcut && strcmp(e->probcut->evaluator, e->evaluator) != 0) {
        g_set_error(err, PROBCUT_ERROR, 0,
                    "%s: a ProbCut calibration of evaluator '%s'; this engine evaluates with '%s'",
                    e->probcut_source, e->probcut->evaluator, e->evaluator);
        return false;
    }
    if (e->params.probcut && !e->probcut && !load_probcut_builtin(e, err)) return false;
    if (!e->probcut) return true;
    if (!e->probcut_table) e->probcut_table = g_new(ProbcutTable, 1);
    probcut_table_build(e->probcut_table, e->probcut, e->params.probcut_min_samples);
    return true;
}

bool engine_probcut_idle(const Engine *e)
{
    return e->params.probcut && !e->probcut;
}

void engine_format_probcut_idle(const Engine *e, GString *out)
{
    if (engine_probcut_idle(e))
        g_string_append_printf(out,
                               "info string probcut idle: no calibration of evaluator '%s' is "
                               "built in (probcut_file=FILE gives one)\n",
                               e->evaluator);
}

void engine_add_group(Engine *e, ParamGroup g)
{
    g_assert(e->nextra < (int)G_N_ELEMENTS(e->extra));
    e->extra[e->nextra++] = g;
}

int engine_param_groups(Engine *e, ParamGroup out[ENGINE_MAX_GROUPS])
{
    int n = search_param_groups(&e->params, out);
    for (int i = 0; i < e->nextra; i++) out[n++] = e->extra[i];
    return n;
}

// mcts_ranks_file=PATH: the widening's rank statistics, read now; another game's are refused.
static bool set_ranks_file(Engine *e, const char *path, GError **err)
{
    g_clear_pointer(&e->ranks, g_free);
    e->ranks_source[0] = '\0';
    if (!*path) return true;
    MctsRanks *r = g_new(MctsRanks, 1);
    if (!mcts_ranks_load(r, path, err)) {
        g_free(r);
        return false;
    }
    if (!e->kind->accepts(r->game)) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: rank statistics of '%s'; this engine takes %s",
                    path, r->game, e->kind->games);
        g_free(r);
        return false;
    }
    e->ranks = r;
    g_strlcpy(e->ranks_source, path, sizeof e->ranks_source);
    return true;
}

void engine_mcts_prior_id(Engine *e, char out[ENGINE_PRIOR_ID])
{
    ParamGroup groups[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(e, groups);
    GString *text = g_string_new(NULL);
    for (int k = 0; k < n; k++)
        for (size_t i = 0; i < groups[k].count; i++) {
            const ParamDesc *d = &groups[k].desc[i];
            if (!g_str_has_prefix(d->name, "prior") && !g_str_has_prefix(d->name, "mcts_prior"))
                continue;
            char *v = params_value_text(d, groups[k].obj);
            g_string_append_printf(text, "%s=%s\n", d->name, v);
            g_free(v);
        }
    uint64_t h = bytes_fnv1a64((const uint8_t *)text->str, text->len);
    g_string_free(text, true);
    snprintf(out, ENGINE_PRIOR_ID, "%016" G_GINT64_MODIFIER "x", h);
}

// mcts_widen=rank without mcts_ranks_file=: the game's built-in statistics, or an error.
static bool builtin_ranks(Engine *e, GError **err)
{
    size_t size = 0;
    const uint8_t *data = e->kind->mcts_ranks_builtin ? e->kind->mcts_ranks_builtin(&size) : NULL;
    if (!data) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "mcts_widen=rank needs rank statistics (mcts_ranks_file=FILE, made by "
                    "rankcut-collect --mcts-ranks): none are built in for this game");
        return false;
    }
    MctsRanks *r = g_new(MctsRanks, 1);
    if (!mcts_ranks_parse(r, (const char *)data, size, "built-in rank statistics", err)) {
        g_free(r);
        return false;
    }
    e->ranks = r;
    g_strlcpy(e->ranks_source, "built-in", sizeof e->ranks_source);
    return true;
}

// mcts_widen=rank: the statistics (a file's or the built-in ones), which must come from the
// prior in use, finished with mcts_widen_cell_min.
static bool apply_ranks(Engine *e, GError **err)
{
    if (e->params.mcts_widen != MCTS_WIDEN_RANK) return true;
    if (!e->ranks && !builtin_ranks(e, err)) return false;
    char prior[ENGINE_PRIOR_ID];
    engine_mcts_prior_id(e, prior);
    if (strcmp(prior, e->ranks->prior) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: rank statistics collected with prior %s, and the prior's parameters "
                    "(prior*, mcts_prior_visits) now make prior %s: set them as they were, or "
                    "collect statistics with these",
                    e->ranks_source, e->ranks->prior, prior);
        return false;
    }
    mcts_ranks_finish(e->ranks, (uint64_t)e->params.mcts_widen_cell_min);
    return true;
}

bool engine_set(Engine *e, const char *assignment, GError **err)
{
    if (g_str_has_prefix(assignment, "mcts_ranks_file="))
        return set_ranks_file(e, assignment + strlen("mcts_ranks_file="), err);
    if (g_str_has_prefix(assignment, "probcut_file="))
        return set_probcut_file(e, assignment + strlen("probcut_file="), err);
    if (e->kind->net_load && g_str_has_prefix(assignment, "net="))
        return set_net(e, assignment + strlen("net="), err);
    if (e->kind->set_special) {
        GError *special = NULL;
        if (e->kind->set_special(e, assignment, &special)) return true;
        if (special) {
            g_propagate_error(err, special);
            return false;
        }
    }
    return search_params_set_assignment(&e->params, e->extra, e->nextra, assignment, err);
}

bool engine_configure(Engine *e, const char *config, char **sets, const char *rankcut_file,
                      GError **err)
{
    ParamGroup groups[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(e, groups);
    if (config && !params_load_file(groups, (size_t)n, config, err)) return false;
    for (char **s = sets; s && *s; s++)
        if (!engine_set(e, *s, err)) return false;
    if (!engine_apply(e, err)) return false;
    return !rankcut_file || engine_load_rankcut(e, rankcut_file, err);
}

bool engine_apply(Engine *e, GError **err)
{
    if (e->kind->apply && !e->kind->apply(e, err)) { // refused: the net in use stays
        net_drop(e);
        return false;
    }
    net_commit(e);
    if (!apply_probcut(e, err) || !apply_ranks(e, err)) return false;
    if (!tt_resize(&e->tt, &e->tt_mib, e->params.hash)) {
        g_set_error(err, RANKCUT_ERROR, 0, "cannot allocate a %d MiB hash table", e->params.hash);
        e->params.hash = e->tt_mib;
        return false;
    }
    e->search.params = e->params;
    return true;
}

bool engine_load_rankcut(Engine *e, const char *path, GError **err)
{
    RankcutCounts c;
    if (!rankcut_counts_load(&c, path, err)) return false;
    return adopt_counts(e, &c, path, err);
}

const RankcutCounts *engine_rankcut_counts(const Engine *e)
{
    return e->have_table ? &e->table->counts : NULL;
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt);
    search_clear_tables(&e->search);
    e->search.ownership.playouts = 0;
}

Search *engine_prepare(Engine *e, const void *game_ctx, bool rankcut, const SearchLimits *limits,
                       SearchInfoFn info, void *user)
{
    Search *s = &e->search;
    s->params = e->params;
    s->game_ctx = game_ctx;
    s->mcts_ranks = e->ranks;
    s->rankcut_table = rankcut && e->have_table ? e->table : NULL;
    s->probcut_table = e->params.probcut && e->probcut ? e->probcut_table : NULL;
    s->limits = *limits;
    s->on_info = info;
    s->user = user;
    return s;
}

void engine_request_stop(Engine *e)
{
    search_control_request_stop(&e->search.control);
}

void engine_clear_stop(Engine *e)
{
    search_control_clear_request(&e->search.control);
}

bool engine_stop_requested(const Engine *e)
{
    return search_control_stop_requested(&e->search.control);
}

bool engine_search_stopped(const Engine *e)
{
    return e->search.control.stopped;
}

uint64_t engine_search_nodes(const Engine *e)
{
    return e->search.nodes;
}

const SearchStats *engine_search_stats(const Engine *e)
{
    return &e->search.stats;
}
