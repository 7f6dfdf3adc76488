// SPDX-License-Identifier: MIT
// Live analysis for GTP clients (go/gtp_analyze.h): the arguments, the two line formats, and
// the session's thread, which searches in rounds of one interval until it is asked to stop.
#include "go/gtp_analyze.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "go/notation.h"
#include "go/ownership.h"
#include "go/prior.h"
#include "go/units.h"

static bool parse_count(const char *text, int lo, int hi, int *v)
{
    char *end;
    long x = strtol(text, &end, 10);
    if (end == text || *end || x < lo || x > hi) return false;
    *v = (int)x;
    return true;
}

static bool bad_interval(GString *error, const char *text)
{
    g_string_printf(error, "bad interval '%.40s': centiseconds from 1 to %d expected", text,
                    GO_ANALYZE_MAX_INTERVAL);
    return false;
}

// KataGo's keys that ask for more than sumito writes: `false`, which asks for nothing more, is
// taken; `true` is refused.
static const char *const kata_extras[] = {"ownershipStdev", "movesOwnership", "movesOwnershipStdev",
                                          "pvVisits",       "pvEdgeVisits",   "rootInfo"};

static bool is_kata_extra(const char *key)
{
    for (size_t i = 0; i < G_N_ELEMENTS(kata_extras); i++)
        if (strcmp(kata_extras[i], key) == 0) return true;
    return false;
}

static bool parse_flag(const char *key, const char *value, bool *flag, GString *error)
{
    if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
        g_string_printf(error, "bad %s '%.40s': true or false expected", key, value);
        return false;
    }
    *flag = value[0] == 't';
    return true;
}

// One KEY VALUE pair; false with the problem, the key named, in error.
static bool parse_pair(const char *key, const char *value, GoAnalyzeRequest *r, GString *error)
{
    bool on;
    if (strcmp(key, "interval") == 0) {
        if (!parse_count(value, 1, GO_ANALYZE_MAX_INTERVAL, &r->interval_cs))
            return bad_interval(error, value);
    } else if (strcmp(key, "minmoves") == 0 || strcmp(key, "maxmoves") == 0) {
        if (!parse_count(value, 0, GO_MAX_POINTS + 1, key[1] == 'i' ? &r->minmoves : &r->maxmoves))
            g_string_printf(error, "bad %s '%.40s': 0 to %d expected", key, value,
                            GO_MAX_POINTS + 1);
    } else if (r->kata && strcmp(key, "ownership") == 0) {
        parse_flag(key, value, &r->ownership, error);
    } else if (r->kata && is_kata_extra(key)) {
        if (parse_flag(key, value, &on, error) && on)
            g_string_printf(error,
                            "unsupported analysis option '%s true': sumito does not write it "
                            "(false only)",
                            key);
    } else if (strcmp(key, "avoid") == 0 || strcmp(key, "allow") == 0) {
        g_string_printf(error, "unsupported analysis option '%s': every legal move is searched",
                        key);
    } else {
        g_string_printf(error, "unknown analysis option '%.40s' (interval, minmoves, maxmoves%s)",
                        key, r->kata ? ", ownership" : "");
    }
    return error->len == 0;
}

bool go_analyze_parse(const GoGame *g, int argc, char **argv, bool kata, GoAnalyzeRequest *r,
                      GString *error)
{
    *r = (GoAnalyzeRequest){.kata = kata, .colour = g->board.side, .interval_cs = 100};
    g_string_truncate(error, 0);
    int i = 0;
    if (i < argc && go_colour_parse(argv[i]) != GO_EMPTY) r->colour = go_colour_parse(argv[i++]);
    if (i < argc && strchr("+-0123456789", argv[i][0])) {
        if (!parse_count(argv[i], 1, GO_ANALYZE_MAX_INTERVAL, &r->interval_cs))
            return bad_interval(error, argv[i]);
        i++;
    }
    for (; i < argc; i += 2) {
        if (i + 1 >= argc) {
            g_string_printf(error, "analysis option '%.40s' has no value", argv[i]);
            return false;
        }
        if (!parse_pair(argv[i], argv[i + 1], r, error)) return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// The lines

typedef struct {
    uint32_t node;
    uint32_t played;
    double rate, prior;
} Candidate;

static int candidate_cmp(const void *pa, const void *pb)
{
    const Candidate *a = pa, *b = pb;
    if (a->played != b->played) return a->played > b->played ? -1 : 1;
    if (a->rate != b->rate) return a->rate > b->rate ? -1 : 1;
    return a->node < b->node ? -1 : a->node > b->node;
}

static void append_move(GString *out, const GoBoard *b, Move m)
{
    char v[GO_VERTEX_TEXT];
    g_string_append_printf(out, " %s", go_vertex_format(b, m, v));
}

// A number in [0,1] as the format has it: Leela Zero's 10000ths, KataGo's fraction.
static void append_rate(GString *out, const GoAnalyzeRequest *r, const char *name, double p)
{
    p = CLAMP(p, 0.0, 1.0);
    if (r->kata)
        g_string_append_printf(out, " %s %.6f", name, p);
    else
        g_string_append_printf(out, " %s %d", name, (int)lround(p * 10000));
}

// The candidates of the tree's root, most visited first, with their priors: each move's share
// of the prior knowledge's wins (go/prior.h), each counting one win more, so that they add up
// to 1 and a move the prior knows nothing of still gets a share.
static int tree_candidates(GoEngine *e, const MctsTree *t, const GoBoard *b, Candidate *c)
{
    const MctsNode *root = &t->nodes[t->root];
    int n = MIN((int)root->nchildren, GO_MAX_POINTS + 1);
    Move moves[GO_MAX_POINTS + 1] = {0};
    MctsPrior priors[GO_MAX_POINTS + 1];
    memset(priors, 0, sizeof priors);
    for (int i = 0; i < n; i++) moves[i] = t->nodes[root->children + (uint32_t)i].move;
    go_prior_moves(b, &e->prior, moves, n, priors);
    double sum = 0;
    for (int i = 0; i < n; i++) sum += priors[i].wins + 1;
    for (int i = 0; i < n; i++) {
        const MctsNode *node = &t->nodes[root->children + (uint32_t)i];
        uint32_t visits = node->visits;
        c[i] = (Candidate){.node = root->children + (uint32_t)i,
                           .played = mcts_node_played(node),
                           .rate = visits ? node->wins / visits : 0.5,
                           .prior = (priors[i].wins + 1) / sum};
    }
    qsort(c, (size_t)n, sizeof *c, candidate_cmp);
    return n;
}

// Leela Zero's lower confidence bound of a win rate after n playouts (a normal approximation).
static double rate_lcb(double p, uint32_t n)
{
    return n ? p - 1.96 * sqrt(p * (1 - p) / n) : 0.0;
}

static void format_tree(GoEngine *e, const GoBoard *b, const GoAnalyzeRequest *r, GString *out)
{
    const MctsTree *t = e->core.search.mcts;
    Candidate c[GO_MAX_POINTS + 1];
    int n = tree_candidates(e, t, b, c), visited = 0;
    while (visited < n && c[visited].played) visited++;
    int k = MAX(visited, MIN(r->minmoves, n));
    if (r->maxmoves) k = MIN(k, r->maxmoves);
    for (int i = 0; i < k; i++) {
        const MctsNode *node = &t->nodes[c[i].node];
        g_string_append_printf(out, "%sinfo move", i ? " " : "");
        append_move(out, b, node->move);
        g_string_append_printf(out, " visits %u", c[i].played);
        append_rate(out, r, "winrate", c[i].rate);
        append_rate(out, r, "prior", c[i].prior);
        append_rate(out, r, "lcb", rate_lcb(c[i].rate, c[i].played));
        g_string_append_printf(out, " order %d pv", i);
        append_move(out, b, node->move);
        int len = 1;
        for (uint32_t at = c[i].node, next; len < 64; at = next, len++) {
            next = mcts_tree_best_child(t, at);
            if (!next || !mcts_node_played(&t->nodes[next])) break;
            append_move(out, b, t->nodes[next].move);
        }
    }
}

// Alpha-beta: the best move of the deepest completed iteration.
static void format_iteration(GoEngine *e, const GoBoard *b, const GoAnalyzeRequest *r,
                             const SearchInfo *info, GString *out)
{
    double rate = mcts_score_rate(info->score, e->core.params.mcts_eval_scale);
    g_string_append(out, "info move");
    append_move(out, b, info->pv[0]);
    // Clients read visits as 32-bit integers (Lizzie's Integer.parseInt stops reading the
    // engine at a larger one): a longer search's nodes are written as the largest.
    g_string_append_printf(out, " visits %" G_GUINT64_FORMAT,
                           CLAMP(info->nodes, 1, (uint64_t)INT32_MAX));
    append_rate(out, r, "winrate", rate);
    if (r->kata && !score_is_mate(info->score))
        g_string_append_printf(out, " scoreLead %.2f", (double)info->score / GO_POINT);
    append_rate(out, r, "prior", 0);
    append_rate(out, r, "lcb", rate);
    g_string_append(out, " order 0 pv");
    for (int i = 0; i < info->pv_len && i < 64; i++) append_move(out, b, info->pv[i]);
}

// KataGo's ownership: every point from the top left, row by row, r->colour's view.
static void format_ownership(GoEngine *e, const GoGame *g, const GoAnalyzeRequest *r, GString *out)
{
    bool mcts = e->core.params.search == SEARCH_MCTS;
    const MctsOwnership *o =
        mcts ? &e->core.search.ownership : go_engine_ownership(e, g, e->player.status_playouts);
    const GoBoard *b = &g->board;
    g_string_append(out, " ownership");
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            double v =
                go_ownership_share(o, p, r->colour) - go_ownership_share(o, p, go_other(r->colour));
            g_string_append_printf(out, " %.4f", v);
        }
}

void go_analyze_format(GoEngine *e, const GoGame *g, const GoAnalyzeRequest *r,
                       const SearchInfo *info, GString *out)
{
    size_t start = out->len;
    GoBoard *b = go_engine_position(e, g, r->colour);
    if (e->core.params.search == SEARCH_MCTS) {
        const MctsTree *t = e->core.search.mcts;
        if (t && t->nodes && t->nodes[t->root].key == go_board_key(b)) format_tree(e, b, r, out);
    } else if (info && info->pv_len > 0) {
        format_iteration(e, b, r, info, out);
    }
    if (out->len == start) return;
    if (r->kata && r->ownership) format_ownership(e, g, r, out);
    g_string_append_c(out, '\n');
}

// ---------------------------------------------------------------------------------------
// The session

struct GoAnalysis {
    GoEngine *engine;
    const GoGame *game;
    GoAnalyzeRequest request;
    FILE *out;
    pthread_t thread;
};

// Rounds of one interval each until the stop request; a line after each round not cut short
// by it (one that was has nothing new to say, and the response is being closed).
static void *analysis_run(void *data)
{
    GoAnalysis *a = data;
    Engine *core = &a->engine->core;
    GString *line = g_string_new(NULL);
    while (!engine_stop_requested(core)) {
        SearchLimits limits = {.time = timeman_per_move(a->request.interval_cs / 100.0)};
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        go_engine_search(a->engine, a->game, a->request.colour, &limits, NULL, NULL, &info);
        if (engine_stop_requested(core)) break;
        g_string_truncate(line, 0);
        go_analyze_format(a->engine, a->game, &a->request, &info, line);
        fputs(line->str, a->out);
        fflush(a->out);
    }
    g_string_free(line, TRUE);
    return NULL;
}

GoAnalysis *go_analysis_start(GoEngine *e, const GoGame *g, const GoAnalyzeRequest *r, FILE *out)
{
    GoAnalysis *a = g_new(GoAnalysis, 1);
    *a = (GoAnalysis){.engine = e, .game = g, .request = *r, .out = out};
    engine_clear_stop(&e->core);
    // A pthread, as the AEP server's search thread: ThreadSanitizer sees how the threads meet.
    if (pthread_create(&a->thread, NULL, analysis_run, a) != 0) {
        g_free(a);
        return NULL;
    }
    return a;
}

void go_analysis_stop(GoAnalysis *a)
{
    if (!a) return;
    engine_request_stop(&a->engine->core);
    pthread_join(a->thread, NULL);
    engine_clear_stop(&a->engine->core);
    g_free(a);
}
