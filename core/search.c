// SPDX-License-Identifier: MIT
// Search state set-up, parameters and the clock; the recursion is in core/search_body.h.
#include "core/search.h"

#include <string.h>

static const ParamDesc search_desc[] = {SEARCH_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc rankcut_desc[] = {RANKCUT_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc null_move_desc[] = {NULL_MOVE_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc lmr_desc[] = {LMR_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc futility_desc[] = {FUTILITY_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc multicut_desc[] = {MULTICUT_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc move_chains_desc[] = {MOVE_CHAINS_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc probcut_desc[] = {PROBCUT_PARAMS(PARAM_DESC, SearchParams)};
static const ParamDesc mcts_desc[] = {MCTS_PARAMS(PARAM_DESC, SearchParams)};

#define GROUP(name, desc) ((ParamGroup){name, desc, G_N_ELEMENTS(desc), p})

int search_param_groups(SearchParams *p, ParamGroup out[SEARCH_PARAM_GROUPS])
{
    int n = 0;
    out[n++] = GROUP("search", search_desc);
    out[n++] = timeman_params(&p->timeman);
    out[n++] = GROUP("rankcut", rankcut_desc);
    out[n++] = GROUP("null_move", null_move_desc);
    out[n++] = GROUP("lmr", lmr_desc);
    out[n++] = GROUP("futility", futility_desc);
    out[n++] = GROUP("multicut", multicut_desc);
    out[n++] = GROUP("move_chains", move_chains_desc);
    out[n++] = GROUP("probcut", probcut_desc);
    out[n++] = GROUP("mcts", mcts_desc);
    g_assert(n == SEARCH_PARAM_GROUPS);
    return n;
}

void search_params_default(SearchParams *p)
{
    ParamGroup g[SEARCH_PARAM_GROUPS];
    for (int i = 0; i < search_param_groups(p, g); i++) params_reset(&g[i]);
}

void search_params_plain(SearchParams *p)
{
    p->search = SEARCH_ALPHABETA;
    p->rankcut = false;
    p->null_move = false;
    p->lmr = false;
    p->rankcut_lmr = false;
    p->futility = false;
    p->multicut = false;
    p->move_chains = false;
    p->probcut = false;
}

bool search_params_set_assignment(SearchParams *p, const ParamGroup *extra, int nextra,
                                  const char *assignment, GError **err)
{
    if (strcmp(assignment, "plain") == 0 || strcmp(assignment, "plain=true") == 0) {
        search_params_plain(p);
        return true;
    }
    ParamGroup g[SEARCH_PARAM_GROUPS + 8];
    int n = search_param_groups(p, g);
    for (int i = 0; i < nextra && n < (int)G_N_ELEMENTS(g); i++) g[n++] = extra[i];
    return params_set_assignment(g, (size_t)n, assignment, err);
}

void search_init(Search *s, const SearchParams *params, Tt *tt, int move_indices)
{
    memset(s, 0, sizeof *s);
    s->params = *params;
    s->tt = tt;
    s->move_indices = move_indices;
    s->history = g_new0(int32_t, 2 * (size_t)move_indices);
    s->keys_cap = 1024;
    s->keys = g_new(Key, s->keys_cap);
    s->irreversible = g_new(int, s->keys_cap);
    move_chains_init(&s->chains, move_indices);
}

// The helpers' own allocations go with them.
static void free_helpers(Search *s, int keep)
{
    for (int k = keep; k < s->nhelpers; k++) search_free(&s->helpers[k]);
    s->nhelpers = keep;
    if (keep == 0) {
        g_free(s->helpers);
        s->helpers = NULL;
    }
}

void search_free(Search *s)
{
    free_helpers(s, 0);
    g_free(s->history);
    g_free(s->keys);
    g_free(s->irreversible);
    g_free(s->rc_nodes);
    move_chains_free(&s->chains);
    if (s->mcts) mcts_tree_free(s->mcts);
    g_free(s->mcts);
    s->mcts = NULL;
    mcts_ownership_free(&s->ownership);
    s->history = NULL;
    s->keys = NULL;
    s->irreversible = NULL;
    s->rc_nodes = NULL;
}

void search_clear_tables(Search *s)
{
    memset(s->history, 0, 2 * (size_t)s->move_indices * sizeof *s->history);
    memset(s->killers, 0, sizeof s->killers);
    move_chains_clear(&s->chains);
    if (s->mcts) mcts_tree_forget(s->mcts);
    for (int k = 0; k < s->nhelpers; k++) search_clear_tables(&s->helpers[k]);
}

void search_set_history(Search *s, const Key *keys, const bool *irreversible, int n)
{
    if (n + MAX_PLY + 2 > s->keys_cap) {
        s->keys_cap = n + MAX_PLY + 2;
        s->keys = g_renew(Key, s->keys, s->keys_cap);
        s->irreversible = g_renew(int, s->irreversible, s->keys_cap);
    }
    int last = 0;
    for (int i = 0; i < n; i++) {
        if (irreversible && irreversible[i]) last = i;
        s->keys[i] = keys[i];
        s->irreversible[i] = last;
    }
    s->nkeys = n;
}

// Helper k of s, set up for the search about to start.
static void helper_ready(Search *s, Search *h, int k)
{
    h->params = s->params;
    h->tt = s->tt;
    h->rankcut_table = s->rankcut_table;
    h->probcut_table = s->probcut_table;
    h->game_ctx = s->game_ctx;
    h->helper_id = k;
    h->limits = (SearchLimits){.infinite = true, .start_us = s->limits.start_us};
    h->on_info = NULL;
    h->user = NULL;
    if (h->keys_cap < s->keys_cap) {
        h->keys_cap = s->keys_cap;
        h->keys = g_renew(Key, h->keys, h->keys_cap);
        h->irreversible = g_renew(int, h->irreversible, h->keys_cap);
    }
    memcpy(h->keys, s->keys, (size_t)s->nkeys * sizeof *h->keys);
    memcpy(h->irreversible, s->irreversible, (size_t)s->nkeys * sizeof *h->irreversible);
    h->nkeys = s->nkeys;
    // Before its thread starts: a stop from search_helpers_stop can then never be lost.
    search_control_clear_request(&h->control);
    search_control_reset(&h->control);
    atomic_store_explicit(&h->nodes_published, 0, memory_order_relaxed);
}

int search_helpers_prepare(Search *s)
{
    int want = s->collect || s->probcut_collect ? 0 : s->params.threads - 1;
    if (want < s->nhelpers) free_helpers(s, want);
    if (want > s->nhelpers) {
        s->helpers = g_renew(Search, s->helpers, want);
        for (int k = s->nhelpers; k < want; k++)
            search_init(&s->helpers[k], &s->params, s->tt, s->move_indices);
        s->nhelpers = want;
    }
    for (int k = 0; k < s->nhelpers; k++) helper_ready(s, &s->helpers[k], k + 1);
    return s->nhelpers;
}

void search_helpers_stop(Search *s)
{
    for (int k = 0; k < s->nhelpers; k++) atomic_store(&s->helpers[k].control.stop, 1);
}

void search_helpers_merge(Search *s)
{
    // SearchStats is a run of uint64_t counters: they add up one by one.
    enum { N = sizeof(SearchStats) / sizeof(uint64_t) };
    _Static_assert(sizeof(SearchStats) == N * sizeof(uint64_t), "SearchStats holds counters");
    for (int k = 0; k < s->nhelpers; k++) {
        const Search *h = &s->helpers[k];
        uint64_t *to = (uint64_t *)&s->stats;
        const uint64_t *from = (const uint64_t *)&h->stats;
        for (int i = 0; i < N; i++) to[i] += from[i];
        s->nodes += h->nodes;
        s->seldepth = MAX(s->seldepth, h->seldepth);
    }
}

int search_pick_helper(int main_depth, const int *depths, int n, int depth_limit)
{
    int from = -1, best = main_depth;
    for (int k = 0; k < n; k++)
        if (depths[k] > best && (depth_limit <= 0 || depths[k] <= depth_limit))
            from = k, best = depths[k];
    return from;
}

uint64_t search_total_nodes(const Search *s)
{
    uint64_t n = s->nodes;
    for (int k = 0; k < s->nhelpers; k++)
        n += atomic_load_explicit(&s->helpers[k].nodes_published, memory_order_relaxed);
    return n;
}

void search_start_clock(Search *s)
{
    if (!s->limits.start_us) s->limits.start_us = g_get_monotonic_time();
    search_control_start(&s->control, &s->params.timeman, &s->limits.time, &s->limits.clock,
                         s->limits.start_us);
}

void search_check_limits(Search *s)
{
    if (s->helper_id) {
        atomic_store_explicit(&s->nodes_published, s->nodes, memory_order_relaxed);
        return;
    }
    // Only the search thread sets stop from its limits, and only to 1: relaxed is enough.
    if (s->limits.nodes && search_total_nodes(s) >= s->limits.nodes)
        search_control_set_stop(&s->control);
    if (search_control_must_stop(&s->control)) search_control_set_stop(&s->control);
}

double search_elapsed(const Search *s)
{
    return (double)(g_get_monotonic_time() - s->limits.start_us) / 1e6;
}

void search_format_score(Score score, GString *out)
{
    int plies = score_mate_plies(score);
    if (plies > 0)
        g_string_append_printf(out, "win %d", plies);
    else if (plies < 0)
        g_string_append_printf(out, "loss %d", -plies);
    else
        g_string_append_printf(out, "cp %d", score);
}

void search_format_info(const SearchInfo *info, GString *out)
{
    double secs = info->seconds > 0 ? info->seconds : 1e-6;
    g_string_append_printf(out, "info depth %d seldepth %d score ", info->depth, info->seldepth);
    search_format_score(info->score, out);
    g_string_append_printf(out, " nodes %" G_GUINT64_FORMAT " nps %.0f time %.0f hashfull %d pv ",
                           info->nodes, (double)info->nodes / secs, info->seconds * 1000,
                           info->hashfull);
}

#define U64 "%" G_GUINT64_FORMAT

void search_format_counters(const SearchStats *st, GString *out)
{
    if (st->null_move_tries)
        g_string_append_printf(out,
                               "info string null_move tries " U64 " cutoffs " U64
                               " verifications " U64 " refuted " U64 "\n",
                               st->null_move_tries, st->null_move_cutoffs,
                               st->null_move_verifications, st->null_move_refuted);
    if (st->lmr_reductions)
        g_string_append_printf(out, "info string lmr reductions " U64 " researches " U64 "\n",
                               st->lmr_reductions, st->lmr_researches);
    if (st->rankcut_backoffs)
        g_string_append_printf(out, "info string rankcut backoffs " U64 "\n", st->rankcut_backoffs);
    if (st->rankcut_lmr_more || st->rankcut_lmr_less)
        g_string_append_printf(out, "info string rankcut_lmr more " U64 " less " U64 "\n",
                               st->rankcut_lmr_more, st->rankcut_lmr_less);
    if (st->futility_prunes)
        g_string_append_printf(out, "info string futility prunes " U64 "\n", st->futility_prunes);
    if (st->multicut_tries)
        g_string_append_printf(out, "info string multicut tries " U64 " cutoffs " U64 "\n",
                               st->multicut_tries, st->multicut_cutoffs);
    if (st->chains_found || st->chains_stored)
        g_string_append_printf(out,
                               "info string move_chains found " U64 " followed " U64 " dropped " U64
                               " stored " U64 "\n",
                               st->chains_found, st->chains_followed, st->chains_dropped,
                               st->chains_stored);
    if (st->helper_answers)
        g_string_append_printf(out,
                               "info string threads answer from a helper's deeper iteration\n");
    if (st->mcts_playouts)
        g_string_append_printf(out,
                               "info string mcts playouts " U64 " nodes " U64 " tree_full " U64
                               " early_stops " U64 " reused " U64 "\n",
                               st->mcts_playouts, st->mcts_nodes, st->mcts_tree_full,
                               st->mcts_early_stops, st->mcts_reused);
    if (st->probcut_checks)
        g_string_append_printf(
            out,
            "info string probcut checks " U64 " searches " U64 " cuts high " U64 " low " U64 "\n",
            st->probcut_checks, st->probcut_searches, st->probcut_cuts_high, st->probcut_cuts_low);
}
