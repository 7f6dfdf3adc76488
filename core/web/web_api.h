// SPDX-License-Identifier: MIT
// The web server's API (sumito serve) without HTTP: a request (method, path, query, body)
// in, an answer (status, content type, bytes) out, so that the HTTP glue stays thin and the
// fuzzing target drives exactly what the server does. It holds the sessions (capped, idle
// ones expired), validates every argument, and answers every refusal with a JSON error
// object and a 4xx status. It also serves the embedded pages. The games are the options'
// (core/web/web_game.h); a session plays one of them, named by the argument "game" of its
// creation (the first game of the list without it).
//
//   GET  /                          the first game's page (and its /app.js, /style.css)
//   GET  /GAME/...                  a game's page (/go/, /go/app.js...)
//   GET  /api/style?game=GAME       the board's geometry and colours (the PNG renderer's)
//   POST /api/sessions              a new session and its first game: {game, the arguments
//                                   of new}
//   GET  /api/sessions/ID           its state
//   GET  /api/sessions/ID/events    server-sent events: state, info (handled by the glue)
//   POST /api/sessions/ID/new       a new game (the game's arguments; Abalone: mode, human,
//                                   layout | position, time, move_cap, black: {rankcut,
//                                   eval}, white: {...}, engine; or record (APGN) and
//                                   game_index)
//   POST /api/sessions/ID/move      {move: "a1b2"} (Go: "D4", "pass")
//   POST /api/sessions/ID/undo      {}   take back a move pair
//   POST /api/sessions/ID/resign    {}
//   POST /api/sessions/ID/analyse   {}   a search that plays nothing (the games that have it)
//   POST /api/sessions/ID/close     {}
//   GET  /api/sessions/ID/record    the game record
//   GET  /api/sessions/ID/png?ply=N&width=W   a position as a PNG (the game's own arguments
//                                             may follow)
#ifndef CORE_WEB_WEB_API_H
#define CORE_WEB_WEB_API_H

#include <glib.h>

#include "core/web/web_session.h"

// Longest request body taken, 1 MiB: about a thousand games of an Abalone archive (bigger ones
// get 413).
#define WEB_MAX_BODY (1 << 20)

typedef struct {
    int threads;         // search threads (0: searches wait for ever, for the fuzzing target)
    int max_sessions;    // sessions at once
    int idle_seconds;    // a session without requests or event streams this long is closed
    int hash_mib;        // each engine's transposition table
    bool defer_pictures; // a PNG's answer comes with its picture undrawn (WebReply.picture)
    const WebGame *const *games; // the games served, NULL-ended; the first is the default
} WebApiOptions;

// The defaults, with the games served (a NULL-ended list of at least one, kept by reference).
void web_api_options_default(WebApiOptions *o, const WebGame *const *games);

typedef struct WebApi WebApi;

// Receives each event of a session for its event streams: the session id, the event name and
// its JSON data.
typedef void (*WebApiNotifyFn)(const char *id, const char *event, const char *json, void *user);

WebApi *web_api_new(const WebApiOptions *o, WebApiNotifyFn notify, void *user);
void web_api_free(WebApi *api);

typedef struct {
    int status;
    const char *type; // the content type
    GBytes *body;
    char *filename; // a download's name (Content-Disposition), or NULL
    // With defer_pictures, a PNG's answer: the picture, still to draw (web_reply_draw); status
    // and body are set then.
    WebPicture *picture;
} WebReply;

void web_reply_clear(WebReply *r);

// Draws the reply's picture, if any, into the reply (a PNG, or the renderer's refusal). It
// touches nothing but the reply, so that the server can call it on a thread of its own.
void web_reply_draw(WebReply *r);

// Answers one request; query may be NULL. Never fails: bad requests get a JSON error.
void web_api_handle(WebApi *api, const char *method, const char *path, const char *query,
                    const char *body, size_t len, WebReply *out);

// An event stream opens on a session: true with the state to send first (caller frees),
// false with the answer to send instead (404) in out.
bool web_api_listen(WebApi *api, const char *id, char **state, WebReply *out);
// An event stream on a session closed.
void web_api_unlisten(WebApi *api, const char *id);

// Closes the sessions idle for longer than the limit; returns how many. The glue calls it
// every few seconds.
int web_api_expire(WebApi *api);

int web_api_sessions(WebApi *api);

// Delivers the search events waiting (the main loop does it by itself).
int web_api_dispatch(WebApi *api);

#endif
