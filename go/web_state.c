// SPDX-License-Identifier: MIT
// What the web server tells the page about a Go session (go/web.h): the state as JSON (the
// stones, the moves with their figures, the last move, the result with the count and the dead
// stones, the analysis of the last engine search), the record (SGF) and the position pictures
// (go/render.h), and the page, embedded from go/web/. Points are GTP vertices ("D4"); the ownership
// is Black's share of the playouts minus White's, row by row from the top, as the board is seen.
#include "go/web.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/embed.h"
#include "core/web/web_json.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/ownership.h"
#include "go/render.h"
#include "go/sgf.h"

static const char *colour_name(int c)
{
    return c == GO_BLACK ? "black" : "white";
}

static void append_vertex(GString *out, const GoBoard *b, Move m)
{
    char v[GO_VERTEX_TEXT];
    web_json_string(out, go_vertex_format(b, m, v));
}

// ----------------------------------------------------------------------------------------
// The analysis, read from the kata-analyze line of go/gtp_analyze.c.

static void parse_ownership(const GoBoard *b, char **tok, GoWebAnalysis *a)
{
    int n = b->size;
    for (int i = 0; i < n * n && tok[i]; i++) {
        double v = g_ascii_strtod(tok[i], NULL);
        // The line runs from the top left in the side to move's view; the map from the
        // bottom left in Black's.
        int x = i % n, y = n - 1 - i / n;
        a->ownership[y * n + x] = a->side == GO_BLACK ? v : -v;
        a->has_ownership = i == n * n - 1;
    }
}

bool go_web_analysis_parse(const GoBoard *b, const char *line, int side, GoWebAnalysis *a)
{
    char **tok = g_strsplit_set(line, " \n", -1);
    a->count = 0;
    a->side = side;
    a->has_ownership = false;
    int c = -1;
    for (int i = 0; tok[i]; i++) {
        const char *t = tok[i], *next = tok[i + 1];
        if (strcmp(t, "info") == 0) {
            c = a->count < GO_WEB_CANDIDATES ? a->count++ : -1;
            if (c >= 0) memset(&a->cand[c], 0, sizeof a->cand[c]);
        } else if (strcmp(t, "ownership") == 0) {
            parse_ownership(b, tok + i + 1, a);
            break;
        } else if (c >= 0 && next && strcmp(t, "move") == 0) {
            a->cand[c].move = go_vertex_parse(b, next, NULL);
        } else if (c >= 0 && next && strcmp(t, "visits") == 0) {
            a->cand[c].visits = (uint32_t)strtoul(next, NULL, 10);
        } else if (c >= 0 && next && strcmp(t, "winrate") == 0) {
            a->cand[c].winrate = g_ascii_strtod(next, NULL);
        } else if (c >= 0 && strcmp(t, "pv") == 0) {
            for (; tok[i + 1] && a->cand[c].pv_len < 16; i++) {
                Move m = go_vertex_parse(b, tok[i + 1], NULL);
                if (m == MOVE_NONE) break;
                a->cand[c].pv[a->cand[c].pv_len++] = m;
            }
        }
    }
    g_strfreev(tok);
    // A candidate whose move could not be read is dropped with those after it.
    for (int i = 0; i < a->count; i++)
        if (a->cand[i].move == MOVE_NONE) a->count = i;
    return a->count > 0;
}

static void append_analysis(GString *out, const GoBoard *b, const GoWebAnalysis *a)
{
    g_string_append_printf(out, "{\"ply\":%d,\"side\":\"%s\",\"candidates\":[", a->ply,
                           colour_name(a->side));
    for (int i = 0; i < a->count; i++) {
        g_string_append_printf(out, "%s{\"move\":", i ? "," : "");
        append_vertex(out, b, a->cand[i].move);
        g_string_append_printf(out, ",\"visits\":%u", a->cand[i].visits);
        web_json_key(out, "winrate");
        web_json_number(out, round(a->cand[i].winrate * 10000) / 10000);
        g_string_append(out, ",\"pv\":[");
        for (int k = 0; k < a->cand[i].pv_len; k++) {
            if (k) g_string_append_c(out, ',');
            append_vertex(out, b, a->cand[i].pv[k]);
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, "],\"ownership\":");
    if (a->has_ownership) {
        g_string_append_c(out, '[');
        for (int y = b->size - 1; y >= 0; y--)
            for (int x = 0; x < b->size; x++) {
                bool first = y == b->size - 1 && x == 0;
                g_string_append_printf(out, "%s%.3f", first ? "" : ",",
                                       a->ownership[y * b->size + x]);
            }
        g_string_append_c(out, ']');
    } else {
        g_string_append(out, "null");
    }
    g_string_append_c(out, '}');
}

// A search under way: its visits, the searched side's win rate and its principal variation
// (the object left open).
static void info_json(const GoGame *g, double scale, const SearchInfo *info, GString *out)
{
    const GoBoard *b = &g->board;
    g_string_append_printf(out, "{\"side\":\"%s\",\"ply\":%d,\"visits\":%" G_GUINT64_FORMAT,
                           colour_name(b->side), go_game_length(g), info->nodes);
    web_json_key(out, "winrate");
    web_json_number(out, round(mcts_score_rate(info->score, scale) * 10000) / 10000);
    web_json_key(out, "time");
    web_json_number(out, round(info->seconds * 1000) / 1000);
    g_string_append(out, ",\"pv\":[");
    for (int i = 0; i < info->pv_len && i < 32; i++) {
        if (i) g_string_append_c(out, ',');
        append_vertex(out, b, info->pv[i]);
    }
    g_string_append_c(out, ']');
}

// With the candidates of the running search as the state's analysis has them (null before the
// first reading).
void go_web_info_json(const WebJob *job, const SearchInfo *info, GString *out)
{
    const GoEngine *e = go_web_job_engine(job);
    const GoGame *g = go_web_job_game(job);
    info_json(g, e->core.params.mcts_eval_scale, info, out);
    g_string_append(out, ",\"analysis\":");
    GoWebAnalysis *a = g_new(GoWebAnalysis, 1);
    if (go_web_job_live(job, a))
        append_analysis(out, &g->board, a);
    else
        g_string_append(out, "null");
    g_free(a);
    g_string_append_c(out, '}');
}

// ----------------------------------------------------------------------------------------
// The state.

static void append_stones(GString *out, const GoBoard *b, const uint8_t *status, int want)
{
    g_string_append(out, "{\"black\":[");
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        if (c == GO_WHITE) g_string_append(out, "],\"white\":[");
        bool first = true;
        for (int y = b->size - 1; y >= 0; y--)
            for (int x = 0; x < b->size; x++) {
                int p = go_point(b, x, y);
                if (b->color[p] != c || (status && status[p] != want)) continue;
                if (!first) g_string_append_c(out, ',');
                append_vertex(out, b, (Move)p);
                first = false;
            }
    }
    g_string_append(out, "]}");
}

static void append_moves(GString *out, const GoWebState *st)
{
    const GoGame *g = &st->game;
    g_string_append(out, ",\"moves\":[");
    for (int i = 0; i < go_game_length(g); i++) {
        const GoGameMove *m = go_game_move(g, i);
        const GoWebNote *n = &g_array_index(st->notes, GoWebNote, i);
        g_string_append_printf(out, "%s{\"side\":\"%s\",\"text\":", i ? "," : "",
                               colour_name(m->colour));
        append_vertex(out, &g->start, m->move);
        if (n->engine) {
            g_string_append_printf(out, ",\"visits\":%" G_GUINT64_FORMAT, n->visits);
            web_json_key(out, "winrate");
            web_json_number(out, n->winrate >= 0 ? round(n->winrate * 10000) / 10000 : NAN);
            web_json_key(out, "time");
            web_json_number(out, round(n->seconds * 1000) / 1000);
            web_json_key(out, "why");
            web_json_string(out, n->why);
        }
        g_string_append_c(out, '}');
    }
    g_string_append_c(out, ']');
}

// The result: over, the result text and why, the count and the dead stones.
static void append_result(GString *out, const GoWebState *st)
{
    bool over = go_web_over(st), counted = st->scored && st->resigned == GO_EMPTY;
    char *result = NULL;
    const char *reason = NULL;
    if (st->resigned != GO_EMPTY) {
        result = g_strdup(st->resigned == GO_BLACK ? "W+R" : "B+R");
        reason = st->resigned == GO_BLACK ? "Black resigned" : "White resigned";
    } else if (counted) {
        result = go_score_text(st->score);
        reason = go_board_game_over(&st->game.board) ? "two passes" : "the move cap";
    } else if (over) {
        reason = "counting";
    }
    g_string_append_printf(out, ",\"over\":%s,\"result\":", over ? "true" : "false");
    web_json_string(out, result);
    web_json_key(out, "reason");
    web_json_string(out, reason);
    web_json_key(out, "score");
    web_json_number(out, counted ? st->score : NAN);
    g_string_append(out, ",\"dead\":");
    if (counted)
        append_stones(out, &st->game.board, st->status, GO_STATUS_DEAD);
    else
        g_string_append(out, "null");
    g_free(result);
}

char *go_web_state_json(const WebSession *session)
{
    const GoWebState *st = session->state;
    const GoGame *g = &st->game;
    const GoBoard *b = &g->board;
    int n = go_game_length(g), human = go_web_colour(st->opt.players.human);
    bool play = st->opt.players.mode == WEB_MODE_PLAY;
    GString *out = g_string_new("{\"id\":");
    web_json_string(out, session->id);
    g_string_append_printf(out, ",\"version\":%" G_GUINT64_FORMAT ",\"game\":\"go\"",
                           session->version);
    web_players_json(&st->opt.players, out);
    g_string_append_printf(out, ",\"size\":%d,\"handicap\":%d", b->size, g->handicap);
    web_json_key(out, "komi");
    web_json_number(out, g->rules.komi);
    g_string_append_printf(out, ",\"side\":\"%s\",\"ply\":%d,\"stones\":", colour_name(b->side), n);
    append_stones(out, b, NULL, 0);
    g_string_append_printf(out, ",\"captures\":{\"black\":%d,\"white\":%d}", b->captures[GO_BLACK],
                           b->captures[GO_WHITE]);
    g_string_append_printf(out, ",\"engines\":{\"black\":%s,\"white\":%s}",
                           st->engine[0] ? "{\"search\":\"mcts\"}" : "null",
                           st->engine[1] ? "{\"search\":\"mcts\"}" : "null");
    append_moves(out, st);
    g_string_append(out, ",\"last\":");
    if (n)
        append_vertex(out, b, go_game_move(g, n - 1)->move);
    else
        g_string_append(out, "null");
    append_result(out, st);
    bool can_undo = false;
    for (int i = 0; i < n && play && !can_undo; i++) can_undo = go_game_move(g, i)->colour == human;
    const char *thinking = !session->job         ? "null"
                           : go_web_over(st)     ? "\"count\""
                           : st->analysing       ? "\"analysis\""
                           : b->side == GO_BLACK ? "\"black\""
                                                 : "\"white\"";
    g_string_append_printf(out, ",\"thinking\":%s,\"can_undo\":%s,\"analysis\":", thinking,
                           can_undo ? "true" : "false");
    if (st->analysis)
        append_analysis(out, b, st->analysis);
    else
        g_string_append(out, "null");
    g_string_append(out, ",\"info\":");
    if (session->job && session->live.depth > 0 && !go_web_over(st))
        go_web_info_json(session->job, &session->live, out);
    else
        g_string_append(out, "null");
    g_string_append_c(out, '}');
    return g_string_free(out, FALSE);
}

// ----------------------------------------------------------------------------------------
// The record and the pictures.

char *go_web_record(const WebSession *session)
{
    const GoWebState *st = session->state;
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GDateTime *now = g_date_time_new_now_local();
    info.date = g_date_time_format(now, "%Y-%m-%d");
    g_date_time_unref(now);
    for (int c = 0; c < 2; c++) {
        char *name = st->engine[c] ? g_strdup("sumito (Monte Carlo)") : g_strdup("human");
        if (c)
            info.white = name;
        else
            info.black = name;
    }
    if (st->resigned != GO_EMPTY)
        info.result = g_strdup(st->resigned == GO_BLACK ? "W+R" : "B+R");
    else if (st->scored)
        info.result = go_score_text(st->score);
    char *text = go_sgf_format(&st->game, &info);
    go_sgf_info_free(&info);
    return text;
}

typedef struct {
    GoBoard board;
    Move last_move; // MOVE_NONE at the start
    int ply, width;
    bool has_ownership;
    double ownership[GO_MAX_POINTS];
} Picture;

static GBytes *picture_draw(const void *data, GError **err)
{
    const Picture *p = data;
    GoRenderOptions o;
    go_render_options_default(&o);
    o.width = p->width;
    o.last_move = p->last_move;
    if (p->has_ownership) o.ownership = p->ownership;
    char *caption = g_strdup_printf("move %d", p->ply);
    o.caption = caption;
    Raster *r = go_render_position(&p->board, &o, err);
    g_free(caption);
    return web_picture_png(r, err);
}

// The query's "ownership" (1: the last analysis's map, when it is of this position).
static bool query_ownership(const char *query, bool *on, GError **err)
{
    GHashTable *q = query ? g_uri_parse_params(query, -1, "&", G_URI_PARAMS_NONE, NULL) : NULL;
    const char *v = q ? g_hash_table_lookup(q, "ownership") : NULL;
    bool ok = !v || strcmp(v, "0") == 0 || strcmp(v, "1") == 0;
    *on = v && strcmp(v, "1") == 0;
    if (!ok) g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "'ownership' must be 0 or 1");
    if (q) g_hash_table_unref(q);
    return ok;
}

WebPicture *go_web_picture(const WebSession *s, int ply, int width, const char *query, GError **err)
{
    const GoWebState *st = s->state;
    int n = go_game_length(&st->game);
    bool ownership = false;
    if (ply < 0 || ply > n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "ply %d is out of range (0 to %d)", ply,
                    n);
        return NULL;
    }
    if (!query_ownership(query, &ownership, err)) return NULL;
    Picture *p = g_new0(Picture, 1);
    go_render_game_position(&st->game, ply, &p->board, NULL);
    p->last_move = ply ? go_game_move(&st->game, ply - 1)->move : MOVE_NONE;
    p->ply = ply;
    p->width = width;
    const GoWebAnalysis *a = st->analysis;
    if (ownership && a && a->has_ownership && (a->ply == ply || (st->scored && ply == n))) {
        p->has_ownership = true;
        memcpy(p->ownership, a->ownership, sizeof p->ownership);
    }
    WebPicture *w = g_new0(WebPicture, 1);
    *w = (WebPicture){.data = p, .draw = picture_draw, .free = g_free};
    return w;
}

static void append_colour(GString *out, const char *name, const RasterColor *c)
{
    g_string_append_printf(out, "%s\"%s\":\"#%02x%02x%02x\"",
                           out->str[out->len - 1] == '{' ? "" : ",", name, c->r, c->g, c->b);
}

// The board's colours as the PNG renderer has them, for the page.
char *go_web_style_json(void)
{
    const GoRenderStyle *st = go_render_style_default();
    GString *out = g_string_new("{\"colours\":{");
    append_colour(out, "background", &st->background);
    append_colour(out, "board", &st->board);
    append_colour(out, "line", &st->line);
    append_colour(out, "label", &st->label);
    append_colour(out, "text", &st->text);
    append_colour(out, "black", &st->stone[0]);
    append_colour(out, "white", &st->stone[1]);
    append_colour(out, "last_move", &st->marker);
    g_string_append(out, "}}");
    return g_string_free(out, FALSE);
}

EMBED_FILE(go_page_html, "go/web/index.html");
EMBED_FILE(go_page_app, "go/web/app.js");
EMBED_FILE(go_page_css, "go/web/go.css");

GBytes *go_web_page_file(const char *path, const char **type)
{
    const WebPageFile files[] = {
        {"/", "text/html; charset=utf-8", go_page_html, go_page_html_end},
        {"/index.html", "text/html; charset=utf-8", go_page_html, go_page_html_end},
        {"/app.js", "text/javascript; charset=utf-8", go_page_app, go_page_app_end},
        {"/go.css", "text/css; charset=utf-8", go_page_css, go_page_css_end},
    };
    return web_page_find(files, G_N_ELEMENTS(files), path, type);
}
