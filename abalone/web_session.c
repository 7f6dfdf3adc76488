// SPDX-License-Identifier: MIT
// A game of the web server (abalone/web_session.h): the rules of who moves, the engines and
// their searches, take-back and resignation. The JSON and pictures of a session are in
// abalone/web_state.c.
#include "abalone/web_session.h"

#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/web_json.h"

void web_game_options_default(WebGameOptions *o)
{
    memset(o, 0, sizeof *o);
    o->mode = WEB_MODE_PLAY;
    o->human = ABALONE_BLACK;
    o->movetime = 1.0;
    o->engine[0] = o->engine[1] = (WebEngineConfig){.rankcut = true, .eval = ABALONE_EVAL_NET};
    o->move_cap = 300;
    g_strlcpy(o->layout, "belgian", sizeof o->layout);
    abalone_board_set_layout(&o->start, "belgian");
}

static void free_engine(AbaloneEngine *e)
{
    if (!e) return;
    abalone_engine_free(e);
    g_free(e);
}

static void start_record(WebSession *s)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    rules.move_cap = s->opt.move_cap;
    abalone_record_init(&s->rec, &s->opt.start, s->opt.layout[0] ? s->opt.layout : NULL, &rules);
    g_array_set_size(s->notes, 0);
    s->resigned = -1;
}

WebSession *web_session_new(const char *id, WebPool *pool, int hash_mib, WebSessionNotifyFn notify,
                            void *user)
{
    WebSession *s = g_new0(WebSession, 1);
    g_strlcpy(s->id, id, sizeof s->id);
    s->pool = pool;
    s->hash_mib = hash_mib;
    s->notify = notify;
    s->user = user;
    s->notes = g_array_new(FALSE, TRUE, sizeof(WebMoveNote));
    s->retired = g_ptr_array_new_with_free_func((GDestroyNotify)free_engine);
    s->last_used_us = g_get_monotonic_time();
    web_game_options_default(&s->opt);
    start_record(s);
    return s;
}

static void session_free(WebSession *s)
{
    for (int c = 0; c < 2; c++) free_engine(s->engine[c]);
    g_ptr_array_free(s->retired, TRUE);
    abalone_record_free(&s->rec);
    g_array_free(s->notes, TRUE);
    g_free(s);
}

bool web_session_close(WebSession *s)
{
    if (!s->job) {
        session_free(s);
        return true;
    }
    s->closing = true;
    web_pool_cancel(s->pool, s->job);
    return false;
}

static void notify_state(WebSession *s)
{
    s->version++;
    char *json = web_session_state(s);
    s->notify(s, "state", json, s->user);
    g_free(json);
}

static bool game_over(const WebSession *s)
{
    return s->resigned >= 0 || abalone_game_outcome(&s->rec.game, NULL) != ABALONE_ONGOING;
}

// Whether colour c is played by an engine.
static bool engine_plays(const WebSession *s, int c)
{
    return s->opt.mode == WEB_MODE_WATCH || c != s->opt.human;
}

// Starts the engine's search when it is to move and none is under way.
static void kick(WebSession *s)
{
    int side = s->rec.game.board.side;
    if (s->job || s->closing || game_over(s) || !engine_plays(s, side)) return;
    s->job = web_job_new(s, s->engine[side], &s->rec.game, s->opt.movetime);
    s->live.depth = 0;
    web_pool_submit(s->pool, s->job);
}

// Stops the search under way (its engine is then retired if rebuild is set).
static void cancel_search(WebSession *s)
{
    if (s->job) web_pool_cancel(s->pool, s->job);
}

static AbaloneEngine *build_engine(const WebSession *s, const WebEngineConfig *c, int move_cap,
                                   GError **err)
{
    char *sets[5];
    // On: the default search (RankCut with the other methods of Abalone's default); off:
    // plain alpha-beta, every method off.
    sets[0] = g_strdup(c->rankcut ? "rankcut=true" : "plain");
    sets[1] = g_strdup_printf("eval=%s", c->eval == ABALONE_EVAL_HCE ? "hce" : "net");
    sets[2] = g_strdup_printf("move_cap=%d", move_cap);
    sets[3] = g_strdup_printf("hash=%d", s->hash_mib);
    sets[4] = NULL;
    AbaloneEngine *e = g_new0(AbaloneEngine, 1);
    bool ok = abalone_engine_setup(e, NULL, sets, NULL, err);
    for (int i = 0; i < 4; i++) g_free(sets[i]);
    if (!ok) {
        g_free(e);
        return NULL;
    }
    return e;
}

// The engines a new game needs, built before anything changes; an engine that is not busy and
// has the same configuration is kept (its tables cleared).
static bool build_engines(WebSession *s, const WebGameOptions *o, AbaloneEngine *out[2],
                          GError **err)
{
    for (int c = 0; c < 2; c++) {
        out[c] = NULL;
        if (o->mode == WEB_MODE_PLAY && c == o->human) continue;
        AbaloneEngine *old = s->engine[c];
        // Field by field: the struct's padding bytes are not part of the configuration.
        if (old && !s->job && old->rules.move_cap == o->move_cap &&
            s->built[c].rankcut == o->engine[c].rankcut && s->built[c].eval == o->engine[c].eval)
            continue; // kept
        out[c] = build_engine(s, &o->engine[c], o->move_cap, err);
        if (!out[c]) {
            if (c == 1) free_engine(out[0]);
            return false;
        }
    }
    return true;
}

bool web_session_new_game(WebSession *s, const WebGameOptions *o, GError **err)
{
    AbaloneEngine *fresh[2];
    if (!build_engines(s, o, fresh, err)) return false;
    cancel_search(s);
    for (int c = 0; c < 2; c++) {
        bool needed = o->mode == WEB_MODE_WATCH || c != o->human;
        if (fresh[c] || !needed) { // replaced or no longer needed
            if (s->engine[c]) {
                if (s->job)
                    g_ptr_array_add(s->retired, s->engine[c]);
                else
                    free_engine(s->engine[c]);
            }
            s->engine[c] = fresh[c];
        } else {
            abalone_engine_new_game(s->engine[c]);
        }
        s->built[c] = o->engine[c];
    }
    s->opt = *o;
    abalone_record_free(&s->rec);
    start_record(s);
    kick(s);
    notify_state(s);
    return true;
}

static void play_move(WebSession *s, Move m, const WebMoveNote *note)
{
    char *comment = NULL;
    if (note->engine)
        comment =
            g_strdup_printf("depth %d, %" G_GUINT64_FORMAT " nodes", note->depth, note->nodes);
    abalone_record_play(&s->rec, m, comment);
    g_free(comment);
    g_array_append_val(s->notes, *note);
}

bool web_session_play(WebSession *s, const char *text, GError **err)
{
    if (game_over(s)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "the game is over");
        return false;
    }
    if (engine_plays(s, s->rec.game.board.side)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "it is the engine's turn");
        return false;
    }
    GError *e = NULL;
    Move m = abalone_move_parse(&s->rec.game.board, text, ABALONE_NOTATION_ABAPRO, &e);
    if (m == MOVE_NONE) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "move '%s': %s", text, e->message);
        g_error_free(e);
        return false;
    }
    WebMoveNote note = {0};
    play_move(s, m, &note);
    kick(s);
    notify_state(s);
    return true;
}

static void undo_one(WebSession *s)
{
    abalone_game_undo(&s->rec.game);
    g_ptr_array_set_size(s->rec.comments, (guint)abalone_game_length(&s->rec.game) + 1);
    g_array_set_size(s->notes, (guint)abalone_game_length(&s->rec.game));
}

bool web_session_undo(WebSession *s, GError **err)
{
    const AbaloneGame *g = &s->rec.game;
    if (s->opt.mode != WEB_MODE_PLAY) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    "take-back is for games against the engine");
        return false;
    }
    // The person's last move: the one before the engine's reply, or the last one when the
    // engine has not answered yet.
    int n = abalone_game_length(g), back = 0;
    while (back < n && abalone_game_position(g, n - back - 1)->side != s->opt.human) back++;
    if (back == n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "there is no move of yours to take back");
        return false;
    }
    cancel_search(s);
    for (int i = 0; i <= back; i++) undo_one(s);
    s->resigned = -1;
    s->rec.result = ABALONE_ONGOING;
    kick(s);
    notify_state(s);
    return true;
}

bool web_session_resign(WebSession *s, GError **err)
{
    if (s->opt.mode != WEB_MODE_PLAY || game_over(s)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    s->opt.mode != WEB_MODE_PLAY ? "only a player can resign" : "the game is over");
        return false;
    }
    cancel_search(s);
    s->resigned = s->opt.human;
    s->rec.result = s->opt.human == ABALONE_BLACK ? ABALONE_WHITE_WINS : ABALONE_BLACK_WINS;
    guint last = s->rec.comments->len - 1;
    char *old = s->rec.comments->pdata[last];
    s->rec.comments->pdata[last] =
        g_strconcat(old ? old : "", old ? " " : "",
                    s->opt.human == ABALONE_BLACK ? "Black resigns" : "White resigns", NULL);
    g_free(old);
    notify_state(s);
    return true;
}

// An engine's answer: played when it is still wanted (the search was not cancelled and the
// position is the one searched).
static void finish_job(WebSession *s, WebJob *job)
{
    bool current = job == s->job;
    if (current) s->job = NULL;
    if (current && job->move != MOVE_NONE && !game_over(s) &&
        abalone_game_length(&job->game) == abalone_game_length(&s->rec.game) &&
        abalone_board_equal(&job->game.board, &s->rec.game.board)) {
        WebMoveNote note = {.engine = true,
                            .depth = job->info.depth,
                            .seldepth = job->info.seldepth,
                            .score = job->info.score,
                            .nodes = job->info.nodes,
                            .seconds = job->info.seconds};
        play_move(s, job->move, &note);
    }
    s->live.depth = 0;
    web_job_free(job);
    g_ptr_array_set_size(s->retired, 0);
}

bool web_session_on_event(WebSession *s, const WebEvent *ev)
{
    if (ev->kind == WEB_EVENT_INFO) {
        if (ev->job != s->job || s->closing) return true;
        s->live = ev->info;
        GString *json = g_string_new(NULL);
        web_session_info_json(&ev->job->game.board, abalone_game_length(&ev->job->game), &ev->info,
                              json);
        s->notify(s, "info", json->str, s->user);
        g_string_free(json, TRUE);
        return true;
    }
    finish_job(s, ev->job);
    if (s->closing) {
        session_free(s);
        return false;
    }
    kick(s);
    notify_state(s);
    return true;
}
