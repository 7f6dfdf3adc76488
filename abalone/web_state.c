// SPDX-License-Identifier: MIT
// What the web server tells the page about an Abalone session (abalone/web.h): the state as
// JSON (marbles, moves with their figures, the legal moves with the cells they move, for
// click-to-move and animation, the result), the live search figures, the record and the
// position pictures. Cells are sent as [row, diagonal] pairs counted from 0 (A1 is [0,0]);
// a marble pushed off the board lands on a place just off it (a row or diagonal of -1 or 9).
// The board's style for the page's SVG, and the page, embedded from abalone/web/.
#include "abalone/web.h"

#include <math.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "abalone/render.h"
#include "core/embed.h"
#include "core/web/web_json.h"

// Row and diagonal steps of the six directions (abalone_dir_step is 10 * row + diagonal).
static const int dir_row[6] = {0, 1, 1, 0, -1, -1}, dir_diag[6] = {1, 1, 0, -1, -1, 0};

static const char *colour_name(int c)
{
    return c == ABALONE_BLACK ? "black" : "white";
}

// Formatted on the stack: g_string_append_printf allocates each time, and a state holds
// hundreds of cells (the legal moves').
static void append_cell(GString *out, int row, int diag)
{
    char text[32];
    bool first = out->str[out->len - 1] == '[';
    g_snprintf(text, sizeof text, "%s[%d,%d]", first ? "" : ",", row, diag);
    g_string_append(out, text);
}

// A move's geometry: "from" and "to" of the mover's marbles, "pushed_from" and "pushed_to"
// of the opposing marbles it pushes, and whether one leaves the board.
static void append_move(GString *out, const AbaloneBoard *b, Move m)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    char text[ABALONE_MOVE_TEXT];
    int dr = dir_row[mi->dir], dd = dir_diag[mi->dir], pushed = ABALONE_MOVE_PUSHED(m);
    g_string_append(out, "{\"text\":");
    web_json_string(out, abalone_move_format(b, m, ABALONE_NOTATION_ABAPRO, text));
    static const char *const keys[4] = {",\"from\":[", ",\"to\":[", ",\"pushed_from\":[",
                                        ",\"pushed_to\":["};
    for (int k = 0; k < 4; k++) {
        g_string_append(out, keys[k]);
        int front_r = abalone_pos_row(mi->front), front_d = abalone_pos_diag(mi->front);
        int n = k < 2 ? mi->count : pushed, shift = k % 2;
        for (int i = 0; i < n; i++) {
            int r = k < 2 ? abalone_pos_row(mi->cell[i]) : front_r + i * dr;
            int d = k < 2 ? abalone_pos_diag(mi->cell[i]) : front_d + i * dd;
            append_cell(out, r + shift * dr, d + shift * dd);
        }
        g_string_append_c(out, ']');
    }
    g_string_append(out,
                    mi->axis == ABALONE_AXIS_INLINE ? ",\"inline\":true" : ",\"inline\":false");
    g_string_append(out, ABALONE_MOVE_EJECTS(m) ? ",\"ejects\":true}" : ",\"ejects\":false}");
}

static void append_score(GString *out, Score score)
{
    GString *t = g_string_new(NULL);
    search_format_score(score, t);
    web_json_string(out, t->str);
    g_string_free(t, TRUE);
}

void abalone_web_search_json(const AbaloneBoard *root, int ply, const SearchInfo *info,
                             const char *kind, GString *out)
{
    double secs = info->seconds > 0 ? info->seconds : 1e-9;
    g_string_append_printf(out, "{\"side\":\"%s\",\"ply\":%d,\"depth\":%d,\"seldepth\":%d",
                           colour_name(root->side), ply, info->depth, info->seldepth);
    web_json_key(out, "score");
    append_score(out, info->score);
    g_string_append_printf(out, ",\"score_cp\":%d,\"nodes\":%" G_GUINT64_FORMAT, (int)info->score,
                           info->nodes);
    web_json_key(out, "nps");
    web_json_number(out, round((double)info->nodes / secs));
    web_json_key(out, "time");
    web_json_number(out, round(info->seconds * 1000) / 1000);
    g_string_append(out, ",\"pv\":[");
    AbaloneBoard b = *root;
    for (int i = 0; i < info->pv_len; i++) {
        if (abalone_board_move_from_index(&b, ABALONE_MOVE_INDEX(info->pv[i])) != info->pv[i])
            break;
        if (i) g_string_append_c(out, ',');
        append_move(out, &b, info->pv[i]);
        AbaloneUndo u;
        abalone_board_make(&b, info->pv[i], &u);
    }
    g_string_append_printf(out, "],\"kind\":\"%s\"}", kind);
}

void abalone_web_info_json(const WebJob *job, const SearchInfo *info, GString *out)
{
    static const char *const kinds[] = {"move", "analysis", "balance"};
    const AbaloneGame *g = abalone_web_job_game(job);
    abalone_web_search_json(&g->board, abalone_game_length(g), info,
                            kinds[abalone_web_job_kind(job)], out);
}

static void append_marbles(GString *out, const AbaloneBoard *b)
{
    g_string_append(out, ",\"marbles\":{");
    for (int c = 0; c < 2; c++) {
        g_string_append_printf(out, "%s\"%s\":[", c ? "," : "", colour_name(c));
        bool first = true;
        for (AbaloneBits m = b->bb[c]; m; m &= m - 1) {
            char name[3];
            abalone_pos_name(abalone_lsb(m), name);
            g_string_append_printf(out, "%s\"%s\"", first ? "" : ",", name);
            first = false;
        }
        g_string_append_c(out, ']');
    }
    g_string_append_printf(out, "},\"lost\":{\"black\":%d,\"white\":%d}", abalone_board_lost(b, 0),
                           abalone_board_lost(b, 1));
}

static void append_engines(GString *out, const AbaloneWebState *s)
{
    g_string_append(out, ",\"engines\":{");
    for (int c = 0; c < 2; c++) {
        g_string_append_printf(out, "%s\"%s\":", c ? "," : "", colour_name(c));
        if (!s->engine[c]) {
            g_string_append(out, "null");
            continue;
        }
        const AbaloneWebEngine *e = &s->built[c];
        g_string_append_printf(out, "{\"rankcut\":%s,\"eval\":\"%s\"}",
                               e->rankcut ? "true" : "false",
                               e->eval == ABALONE_EVAL_HCE ? "hce" : "net");
    }
    g_string_append_c(out, '}');
}

// Every move with its side and figures.
static void append_moves(GString *out, const AbaloneWebState *s)
{
    const AbaloneGame *g = &s->rec.game;
    g_string_append(out, ",\"moves\":[");
    for (int i = 0; i < abalone_game_length(g); i++) {
        const AbaloneBoard *before = abalone_game_position(g, i);
        const AbaloneWebNote *n = &g_array_index(s->notes, AbaloneWebNote, i);
        char text[ABALONE_MOVE_TEXT];
        g_string_append_printf(out, "%s{\"side\":\"%s\",\"text\":", i ? "," : "",
                               colour_name(before->side));
        web_json_string(out, abalone_move_format(before, abalone_game_move(g, i),
                                                 ABALONE_NOTATION_ABAPRO, text));
        if (n->engine) {
            g_string_append_printf(out, ",\"depth\":%d,\"score\":", n->depth);
            append_score(out, n->score);
            g_string_append_printf(out, ",\"nodes\":%" G_GUINT64_FORMAT, n->nodes);
            web_json_key(out, "time");
            web_json_number(out, round(n->seconds * 1000) / 1000);
        }
        g_string_append_c(out, '}');
    }
    g_string_append_c(out, ']');
}

static void append_legal(GString *out, const AbaloneBoard *b, bool human_to_move)
{
    g_string_append(out, ",\"legal\":[");
    if (human_to_move) {
        Move moves[ABALONE_MAX_MOVES];
        int n = abalone_gen_moves(b, moves);
        for (int i = 0; i < n; i++) {
            if (i) g_string_append_c(out, ',');
            append_move(out, b, moves[i]);
        }
    }
    g_string_append_c(out, ']');
}

// The result: over, result text, and why.
static void append_result(GString *out, const AbaloneWebState *s)
{
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&s->rec.game, &why);
    const char *reason = o != ABALONE_ONGOING ? abalone_end_text(why) : NULL;
    if (o == ABALONE_ONGOING && s->resigned >= 0) {
        o = s->rec.result;
        reason = s->resigned == ABALONE_BLACK ? "Black resigned" : "White resigned";
    }
    g_string_append_printf(out, ",\"over\":%s,\"result\":\"%s\"",
                           o != ABALONE_ONGOING ? "true" : "false", abalone_outcome_text(o));
    web_json_key(out, "reason");
    web_json_string(out, reason);
}

// Who may move on the shown position, what the engines do, and the running search.
static void append_turn(GString *out, const WebSession *session, const AbaloneBoard *b)
{
    const AbaloneWebState *s = session->state;
    const AbaloneGame *g = &s->rec.game;
    int n = abalone_game_length(g), human = s->opt.players.human;
    bool play = s->opt.players.mode == WEB_MODE_PLAY;
    // Stepping: the side to move at the shown ply, whoever it is, may go on from there.
    bool human_to_move = s->review ? s->cursor < n || !abalone_web_over(s)
                                   : !abalone_web_over(s) && play && b->side == human;
    append_legal(out, b, human_to_move);
    bool can_undo = false;
    for (int i = 0; i < n && play && !s->review && !can_undo; i++)
        can_undo = abalone_game_position(g, i)->side == human;
    // A search stopped (its answer to be dropped) is none.
    bool running = session->job && !atomic_load(&session->job->cancelled);
    AbaloneWebJobKind kind = running ? abalone_web_job_kind(session->job) : ABALONE_WEB_JOB_BALANCE;
    g_string_append_printf(out, ",\"thinking\":%s,\"can_undo\":%s",
                           kind != ABALONE_WEB_JOB_MOVE ? "null"
                           : g->board.side              ? "\"white\""
                                                        : "\"black\"",
                           can_undo ? "true" : "false");
    g_string_append(out, ",\"info\":");
    if (kind != ABALONE_WEB_JOB_BALANCE && session->live.depth > 0)
        abalone_web_info_json(session->job, &session->live, out);
    else
        g_string_append(out, "null");
}

char *abalone_web_state_json(const WebSession *session)
{
    const AbaloneWebState *s = session->state;
    const AbaloneGame *g = &s->rec.game;
    int ply = abalone_web_shown(s);
    const AbaloneBoard *b = abalone_game_position(g, ply);
    char pos[ABALONE_POSITION_TEXT];
    GString *out = g_string_new("{\"id\":");
    web_json_string(out, session->id);
    g_string_append_printf(out, ",\"version\":%" G_GUINT64_FORMAT, session->version);
    web_players_json(&s->opt.players, out);
    g_string_append_printf(out, ",\"move_cap\":%d", s->opt.move_cap);
    web_json_key(out, "layout");
    web_json_string(out, s->opt.layout[0] ? s->opt.layout : NULL);
    web_json_key(out, "start");
    web_json_string(out, abalone_position_format(&g->start, pos));
    web_json_key(out, "position");
    web_json_string(out, abalone_position_format(b, pos));
    g_string_append_printf(out, ",\"side\":\"%s\",\"ply\":%d", colour_name(b->side), ply);
    append_marbles(out, b);
    append_engines(out, s);
    append_moves(out, s);
    g_string_append(out, ",\"last\":");
    if (ply)
        append_move(out, abalone_game_position(g, ply - 1), abalone_game_move(g, ply - 1));
    else
        g_string_append(out, "null");
    append_result(out, s);
    append_turn(out, session, b);
    abalone_web_review_json(s, out);
    g_string_append_c(out, '}');
    return g_string_free(out, FALSE);
}

char *abalone_web_record(const WebSession *session)
{
    const AbaloneWebState *s = session->state;
    AbaloneRecord *rec = (AbaloneRecord *)&s->rec; // tags are set on the session's own record
    GDateTime *now = g_date_time_new_now_local();
    char *date = g_date_time_format(now, "%Y.%m.%d"),
         *tpm = g_strdup_printf("%g", s->opt.players.movetime);
    abalone_record_set_tag(rec, "Event", "sumito serve");
    abalone_record_set_tag(rec, "Date", date);
    for (int c = 0; c < 2; c++) {
        const AbaloneWebEngine *e = &s->built[c];
        char *name = s->engine[c]
                         ? g_strdup_printf("sumito %s (%s)", e->rankcut ? "RankCut" : "alpha-beta",
                                           e->eval == ABALONE_EVAL_HCE ? "hce" : "net")
                         : g_strdup("human");
        abalone_record_set_tag(rec, c ? "White" : "Black", name);
        g_free(name);
    }
    abalone_record_set_tag(rec, "TimePerMove", tpm);
    g_free(date);
    g_free(tpm);
    g_date_time_unref(now);
    return abalone_record_format(rec);
}

typedef struct {
    AbaloneBoard board;
    Move last_move; // MOVE_NONE at the start
    int ply, width;
} Picture;

static GBytes *picture_draw(const void *data, GError **err)
{
    const Picture *p = data;
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    o.width = p->width;
    o.last_move = p->last_move;
    char *caption = g_strdup_printf("move %d", p->ply);
    o.caption = caption;
    Raster *r = abalone_render_position(&p->board, &o, err);
    g_free(caption);
    return web_picture_png(r, err);
}

WebPicture *abalone_web_picture(const WebSession *s, int ply, int width, const char *query,
                                GError **err)
{
    const AbaloneGame *g = &((const AbaloneWebState *)s->state)->rec.game;
    int n = abalone_game_length(g);
    if (ply < 0 || ply > n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "ply %d is out of range (0 to %d)", ply,
                    n);
        return NULL;
    }
    Picture *p = g_new0(Picture, 1);
    p->board = *abalone_game_position(g, ply);
    p->last_move = ply ? abalone_game_move(g, ply - 1) : MOVE_NONE;
    p->ply = ply;
    p->width = width;
    WebPicture *w = g_new0(WebPicture, 1);
    *w = (WebPicture){.data = p, .draw = picture_draw, .free = g_free};
    return w;
}

// The board's geometry and colours as the PNG renderer has them, in units of the distance
// between neighbouring cells, for the page's SVG.
char *abalone_web_style_json(void)
{
    AbaloneRenderLayout lay;
    abalone_render_layout(1000, false, &lay, NULL);
    const AbaloneRenderStyle *st = abalone_render_style_default();
    double s = lay.cell;
    GString *out = g_string_new("{\"units\":{");
    g_string_append_printf(out,
                           "\"frame\":%.4f,\"surface\":%.4f,\"marble\":%.4f,\"hole\":%.4f,"
                           "\"tray_marble\":%.4f,\"width\":%.4f,\"height\":%.4f},\"trays\":[",
                           lay.frame_apothem / s, lay.surface_apothem / s, lay.marble_radius / s,
                           lay.hole_radius / s, lay.tray_radius / s, lay.width / s, lay.height / s);
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 6; k++) {
            double x, y;
            abalone_render_tray_xy(&lay, c, k, &x, &y);
            g_string_append_printf(out, "%s[%.4f,%.4f]", c || k ? "," : "", (x - lay.cx) / s,
                                   (y - lay.cy) / s);
        }
    const RasterColor *cols[] = {&st->background, &st->frame, &st->surface,   &st->hole,
                                 &st->label,      &st->text,  &st->marble[0], &st->marble[1],
                                 &st->last_move,  &st->pv[0], &st->pv[1]};
    const char *names[] = {"background", "frame", "surface",   "hole",     "label",   "text",
                           "black",      "white", "last_move", "pv_mover", "pv_other"};
    g_string_append(out, "],\"colours\":{");
    for (int i = 0; i < 11; i++)
        g_string_append_printf(out, "%s\"%s\":\"#%02x%02x%02x\"", i ? "," : "", names[i],
                               cols[i]->r, cols[i]->g, cols[i]->b);
    g_string_append(out, "}}");
    return g_string_free(out, FALSE);
}

EMBED_FILE(abalone_page_html, "abalone/web/index.html");
EMBED_FILE(abalone_page_app, "abalone/web/app.js");
EMBED_FILE(abalone_page_board, "abalone/web/board.js");
EMBED_FILE(abalone_page_css, "abalone/web/style.css");
EMBED_FILE(abalone_page_review, "abalone/web/review.js");
EMBED_FILE(abalone_page_chart, "abalone/web/chart.js");

GBytes *abalone_web_page_file(const char *path, const char **type)
{
    const WebPageFile files[] = {
        {"/", "text/html; charset=utf-8", abalone_page_html, abalone_page_html_end},
        {"/index.html", "text/html; charset=utf-8", abalone_page_html, abalone_page_html_end},
        {"/app.js", "text/javascript; charset=utf-8", abalone_page_app, abalone_page_app_end},
        {"/board.js", "text/javascript; charset=utf-8", abalone_page_board, abalone_page_board_end},
        {"/style.css", "text/css; charset=utf-8", abalone_page_css, abalone_page_css_end},
        {"/review.js", "text/javascript; charset=utf-8", abalone_page_review,
         abalone_page_review_end},
        {"/chart.js", "text/javascript; charset=utf-8", abalone_page_chart, abalone_page_chart_end},
    };
    return web_page_find(files, G_N_ELEMENTS(files), path, type);
}
