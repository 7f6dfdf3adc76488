// SPDX-License-Identifier: MIT
// One game of the web server (sumito serve), whatever the game: its id, the game's own state
// (core/web/web_game.h), the search under way and the engines it still uses, the event
// streams open on it and its last use. Everything here runs in the main loop's thread; the
// searches run in the pool's workers on a copy of the game (core/web/web_pool.h).
#ifndef CORE_WEB_WEB_SESSION_H
#define CORE_WEB_WEB_SESSION_H

#include <glib.h>

#include "core/web/web_game.h"
#include "core/web/web_pool.h"

// Where a session sends what happens to it: the name of an event ("state", "info") and its
// JSON data.
typedef void (*WebSessionNotifyFn)(WebSession *s, const char *event, const char *json, void *user);

struct WebSession {
    char id[33];
    const WebGame *game;
    void *state;        // the game's
    GPtrArray *retired; // engines a cancelled search still uses, freed when it ends
    WebJob *job;        // the search queued or running, NULL when none
    SearchInfo live;    // its last completed iteration (live.depth 0: none yet)
    int hash_mib;       // each engine's transposition table
    WebPool *pool;
    WebSessionNotifyFn notify;
    void *user;
    int64_t last_used_us; // the last request that named it
    int listeners;        // event streams open on it
    bool closing;         // closed while a search ran: freed when it comes back
    uint64_t version;     // counts the changes of its state, so that the page can order them
};

// A session of a game with its default options (no search started yet: call
// web_session_new_game).
WebSession *web_session_new(const char *id, const WebGame *game, WebPool *pool, int hash_mib,
                            WebSessionNotifyFn notify, void *user);

// Frees the session now when no search is under way, else cancels it and frees the session
// when the pool hands the search back (web_session_on_event). Returns true when freed now.
bool web_session_close(WebSession *s);

// A new game with these arguments (the game's new_game), then the engine's search when it is
// to move.
bool web_session_new_game(WebSession *s, JsonObject *args, GError **err);

// The person's move, take-back and resignation (the game's hooks), then the engine's search
// when it is to move.
bool web_session_play(WebSession *s, const char *text, GError **err);
bool web_session_undo(WebSession *s, GError **err);
bool web_session_resign(WebSession *s, GError **err);
// The game's analysis of the position (its hook analyse, which it must have), then its search.
bool web_session_analyse(WebSession *s, GError **err);

// The game's goto (its hook goto_ply, which it must have), then its search.
bool web_session_goto(WebSession *s, int ply, GError **err);

// The state as JSON (caller frees).
char *web_session_state(const WebSession *s);

// For the games' hooks: stops the search under way (its answer is then dropped) ...
void web_session_cancel(WebSession *s);
// ... and keeps an engine it still uses until it comes back (freed at once when none runs).
void web_session_retire(WebSession *s, void *engine);

// A pool event for this session (ev->job->owner == s). Returns false when the session was
// closing and has now been freed.
bool web_session_on_event(WebSession *s, const WebEvent *ev);

#endif
