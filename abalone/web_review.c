// SPDX-License-Identifier: MIT
// Stepping through an Abalone game in the web server (abalone/web.h): a record loaded from
// APGN (one game of a file of many, under the record's own rules), the position shown at any
// ply, the person going on from there (the moves after it dropped), the engine's analysis of
// the shown position, and the engine's score of every position of a loaded game, searched in
// the background at a fixed node budget, for the page's balance chart.
#include "abalone/web.h"

#include <string.h>

#include "core/web/web_api.h"
#include "core/web/web_json.h"

int abalone_web_shown(const AbaloneWebState *st)
{
    return st->review ? st->cursor : abalone_game_length(&st->rec.game);
}

// The game chosen of the record's text: its start and rules become the options'.
static bool load_record(const char *text, int index, AbaloneWebOptions *g, AbaloneRecord *out,
                        GError **err)
{
    AbaloneRecordFile f;
    GError *e = NULL;
    bool ok = abalone_record_file_take_text(&f, g_strdup(text), strlen(text), "record", &e) &&
              abalone_record_file_check_index(&f, index, false, &e);
    if (ok) {
        ok = abalone_record_file_game(&f, index - 1, out, NULL, &e);
        if (!ok) abalone_record_free(out);
    }
    if (f.text) abalone_record_file_clear(&f);
    if (!ok) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "%s", e->message);
        g_error_free(e);
        return false;
    }
    g->start = out->game.start;
    g->layout[0] = '\0';
    g->move_cap = out->game.rules.move_cap;
    g->repetition = out->game.rules.repetition_draw;
    return true;
}

bool abalone_web_parse_record(JsonObject *o, AbaloneWebOptions *g, AbaloneRecord *out, bool *loaded,
                              GError **err)
{
    const char *text = NULL;
    int index = 0;
    *loaded = false;
    if (!web_json_get_string(o, "record", WEB_MAX_BODY, &text, err) ||
        !web_json_get_int(o, "game_index", 1, 1000000, &index, err))
        return false;
    if (!text && index) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "'game_index' goes with a 'record'");
        return false;
    }
    if (!text) return true;
    if (json_object_has_member(o, "layout") || json_object_has_member(o, "position") ||
        json_object_has_member(o, "move_cap")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "give a record, or a layout or position (and move cap), not both");
        return false;
    }
    if (!load_record(text, index ? index : 1, g, out, err)) return false;
    *loaded = true;
    return true;
}

void abalone_web_review_reset(AbaloneWebState *st, bool from_record)
{
    int n = abalone_game_length(&st->rec.game);
    st->review = from_record;
    st->cursor = n;
    st->from_record = from_record;
    g_array_set_size(st->balance, 0);
    g_array_set_size(st->balance, from_record ? (guint)n + 1 : 0);
    st->analysing = false;
    st->has_analysis = false;
}

void abalone_web_review_cut(AbaloneWebState *st)
{
    while (abalone_game_length(&st->rec.game) > st->cursor) abalone_web_undo_one(st);
    st->review = false;
    st->analysing = false;
}

bool abalone_web_goto(WebSession *s, int ply, GError **err)
{
    AbaloneWebState *st = s->state;
    int n = abalone_game_length(&st->rec.game);
    if (ply < 0 || ply > n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "ply %d is out of range (0 to %d)", ply,
                    n);
        return false;
    }
    // The engine's move and an analysis of the position left are stopped; the scoring of the
    // game's positions goes on.
    if (s->job && abalone_web_job_kind(s->job) != ABALONE_WEB_JOB_BALANCE) web_session_cancel(s);
    st->review = true;
    st->cursor = ply;
    st->analysing = false;
    return true;
}

bool abalone_web_analyse(WebSession *s, GError **err)
{
    AbaloneWebState *st = s->state;
    int ply = abalone_web_shown(st);
    // A search already stopped (a goto stops the engine's move and an analysis) is none.
    bool running = s->job && !atomic_load(&s->job->cancelled);
    AbaloneWebJobKind kind = running ? abalone_web_job_kind(s->job) : ABALONE_WEB_JOB_BALANCE;
    const char *refusal = NULL;
    if (kind == ABALONE_WEB_JOB_MOVE)
        refusal = "the engine is thinking";
    else if (st->analysing)
        refusal = "an analysis is under way";
    else if (ply == abalone_game_length(&st->rec.game) && abalone_web_over(st))
        refusal = "the game is over";
    if (refusal) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "%s", refusal);
        return false;
    }
    web_session_cancel(s); // a position's score for the chart: taken up again after
    st->analysing = true;
    st->has_analysis = false;
    return true;
}

int abalone_web_balance_next(const AbaloneWebState *st)
{
    if (!st->from_record) return -1;
    // The positions the game reached after the record's are scored too, as it is played on.
    guint n = (guint)abalone_game_length(&st->rec.game);
    for (guint i = 0; i <= n; i++)
        if (i >= st->balance->len || !g_array_index(st->balance, AbaloneWebBalance, i).done)
            return (int)i;
    return -1;
}

void abalone_web_review_done(AbaloneWebState *st, AbaloneWebJobKind kind, int ply,
                             const SearchInfo *info)
{
    if (kind == ABALONE_WEB_JOB_ANALYSIS && ply == abalone_web_shown(st)) {
        st->analysing = false;
        st->has_analysis = info != NULL;
        st->analysis_ply = ply;
        if (info) st->analysis = *info;
    }
    if (st->from_record && st->balance->len < (guint)abalone_game_length(&st->rec.game) + 1)
        g_array_set_size(st->balance, (guint)abalone_game_length(&st->rec.game) + 1);
    if (!st->from_record || (guint)ply >= st->balance->len) return;
    AbaloneWebBalance *b = &g_array_index(st->balance, AbaloneWebBalance, ply);
    if (b->done && (!info || b->depth >= info->depth)) return;
    int side = abalone_game_position(&st->rec.game, ply)->side;
    *b = (AbaloneWebBalance){.done = true, .scored = info != NULL};
    if (info) {
        b->depth = info->depth;
        b->score = side == ABALONE_BLACK ? info->score : -info->score;
    }
}

static void append_balance(const AbaloneWebState *st, GString *out)
{
    g_string_append(out, ",\"balance\":[");
    for (guint i = 0; i < st->balance->len; i++) {
        const AbaloneWebBalance *b = &g_array_index(st->balance, AbaloneWebBalance, i);
        if (i) g_string_append_c(out, ',');
        if (!b->scored) {
            g_string_append(out, "null");
            continue;
        }
        GString *text = g_string_new(NULL);
        search_format_score(b->score, text);
        g_string_append_printf(out, "{\"ply\":%u,\"depth\":%d,\"score_cp\":%d,\"score\":", i,
                               b->depth, (int)b->score);
        web_json_string(out, text->str);
        g_string_append_c(out, '}');
        g_string_free(text, TRUE);
    }
    g_string_append_c(out, ']');
}

void abalone_web_review_json(const AbaloneWebState *st, GString *out)
{
    g_string_append_printf(out, ",\"review\":%s,\"length\":%d,\"analysing\":%s",
                           st->review ? "true" : "false", abalone_game_length(&st->rec.game),
                           st->analysing ? "true" : "false");
    g_string_append(out, ",\"analysis\":");
    if (st->has_analysis && st->analysis_ply <= abalone_game_length(&st->rec.game))
        abalone_web_search_json(abalone_game_position(&st->rec.game, st->analysis_ply),
                                st->analysis_ply, &st->analysis, "analysis", out);
    else
        g_string_append(out, "null");
    append_balance(st, out);
}
