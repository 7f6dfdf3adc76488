// SPDX-License-Identifier: MIT
// A session of the web server (core/web/web_session.h): when the engine's search starts, what
// a cancelled one leaves behind, and the events the page is sent. The rules of who moves, the
// engines and the JSON are the game's (core/web/web_game.h).
#include "core/web/web_session.h"

#include <string.h>

WebSession *web_session_new(const char *id, const WebGame *game, WebPool *pool, int hash_mib,
                            WebSessionNotifyFn notify, void *user)
{
    WebSession *s = g_new0(WebSession, 1);
    g_strlcpy(s->id, id, sizeof s->id);
    s->game = game;
    s->pool = pool;
    s->hash_mib = hash_mib;
    s->notify = notify;
    s->user = user;
    s->retired = g_ptr_array_new_with_free_func(game->engine_free);
    s->last_used_us = g_get_monotonic_time();
    s->state = game->state_new();
    return s;
}

static void session_free(WebSession *s)
{
    g_ptr_array_free(s->retired, TRUE);
    s->game->state_free(s->state);
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

char *web_session_state(const WebSession *s)
{
    return s->game->state_json(s);
}

static void notify_state(WebSession *s)
{
    s->version++;
    char *json = web_session_state(s);
    s->notify(s, "state", json, s->user);
    g_free(json);
}

// Starts the engine's search when it is to move and none is under way.
static void kick(WebSession *s)
{
    if (s->job || s->closing) return;
    s->job = s->game->job_new(s);
    if (!s->job) return;
    s->live.depth = 0;
    web_pool_submit(s->pool, s->job);
}

void web_session_cancel(WebSession *s)
{
    if (s->job) web_pool_cancel(s->pool, s->job);
}

void web_session_retire(WebSession *s, void *engine)
{
    if (!engine) return;
    if (s->job)
        g_ptr_array_add(s->retired, engine);
    else
        s->game->engine_free(engine);
}

// After a change: the search when the engine is to move, and the new state.
static bool changed(WebSession *s, bool ok)
{
    if (!ok) return false;
    kick(s);
    notify_state(s);
    return true;
}

bool web_session_new_game(WebSession *s, JsonObject *args, GError **err)
{
    return changed(s, s->game->new_game(s, args, err));
}

bool web_session_play(WebSession *s, const char *text, GError **err)
{
    return changed(s, s->game->play(s, text, err));
}

bool web_session_undo(WebSession *s, GError **err)
{
    return changed(s, s->game->undo(s, err));
}

bool web_session_resign(WebSession *s, GError **err)
{
    return changed(s, s->game->resign(s, err));
}

bool web_session_analyse(WebSession *s, GError **err)
{
    return changed(s, s->game->analyse(s, err));
}

bool web_session_goto(WebSession *s, int ply, GError **err)
{
    return changed(s, s->game->goto_ply(s, ply, err));
}

// A job came back: its answer is played when it is still wanted (the search was not
// cancelled: the game checks that the position is the one searched).
static void finish_job(WebSession *s, WebJob *job)
{
    bool current = job == s->job;
    if (current) s->job = NULL;
    if (current && !atomic_load(&job->cancelled) && !s->closing) s->game->job_done(s, job);
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
        s->game->info_json(ev->job, &ev->info, json);
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
