// SPDX-License-Identifier: MIT
// One game of the web server (sumito serve): a person against the engine, or two engine
// configurations against each other, with its record, the figures of every engine move, the
// engines and the search under way. Everything here runs in the main loop's thread; the
// searches run in the pool's workers on a copy of the game (abalone/web_pool.h).
#ifndef ABALONE_WEB_SESSION_H
#define ABALONE_WEB_SESSION_H

#include <glib.h>

#include "abalone/engine.h"
#include "abalone/record.h"
#include "abalone/web_pool.h"

typedef enum { WEB_MODE_PLAY, WEB_MODE_WATCH } WebMode;

// An engine's configuration as the page chooses it.
typedef struct {
    bool rankcut;
    int eval; // ABALONE_EVAL_NET or ABALONE_EVAL_HCE
} WebEngineConfig;

typedef struct {
    WebMode mode;
    int human;                 // play: the person's colour
    double movetime;           // seconds per engine move
    WebEngineConfig engine[2]; // the engine of each colour (play: only !human's is used)
    int move_cap;              // the rules' move cap
    char layout[16];           // the start layout, "" when the start is a position string
    AbaloneBoard start;
} WebGameOptions;

// The defaults: play Black against RankCut with the net, 1 s a move, the Belgian daisy.
void web_game_options_default(WebGameOptions *o);

// The figures of one move: engine moves have depth and score.
typedef struct {
    bool engine;
    int depth, seldepth;
    Score score;
    uint64_t nodes;
    double seconds;
} WebMoveNote;

typedef struct WebSession WebSession;

// Where a session sends what happens to it: the name of an event ("state", "info") and its
// JSON data.
typedef void (*WebSessionNotifyFn)(WebSession *s, const char *event, const char *json, void *user);

struct WebSession {
    char id[33];
    WebGameOptions opt;
    AbaloneRecord rec;
    GArray *notes;            // WebMoveNote, one per move of rec
    AbaloneEngine *engine[2]; // the engine playing each colour, NULL for the person
    WebEngineConfig built[2]; // what engine[c] was built with
    GPtrArray *retired;       // engines a cancelled search still uses, freed when it ends
    WebJob *job;              // the search queued or running, NULL when none
    SearchInfo live;          // its last completed iteration (live.depth 0: none yet)
    int resigned;             // the colour that resigned, or -1
    int hash_mib;             // each engine's transposition table
    WebPool *pool;
    WebSessionNotifyFn notify;
    void *user;
    int64_t last_used_us; // the last request that named it
    int listeners;        // event streams open on it
    bool closing;         // closed while a search ran: freed when it comes back
    uint64_t version;     // counts the changes of its state, so that the page can order them
};

// A session with the default options (no search started yet: call web_session_new_game).
WebSession *web_session_new(const char *id, WebPool *pool, int hash_mib, WebSessionNotifyFn notify,
                            void *user);

// Frees the session now when no search is under way, else cancels it and frees the session
// when the pool hands the search back (web_session_on_event). Returns true when freed now.
bool web_session_close(WebSession *s);

// Starts a new game; the engines are built (false with an error for a configuration they
// refuse: nothing changed). Starts the engine's search when it is to move.
bool web_session_new_game(WebSession *s, const WebGameOptions *o, GError **err);

// The person's move, in Aba-Pro notation: refused (WEB_ERROR_ILLEGAL, or WEB_ERROR_CONFLICT
// when it is not the person's turn or the game is over) with the reason.
bool web_session_play(WebSession *s, const char *text, GError **err);

// Takes back the person's last move and what the engine played after it.
bool web_session_undo(WebSession *s, GError **err);

// The person resigns (play mode, game under way).
bool web_session_resign(WebSession *s, GError **err);

// The state as JSON (caller frees).
char *web_session_state(const WebSession *s);

// A search iteration as JSON: its side, depth, score, nodes, speed, time and the principal
// variation from root (the position after `ply` moves of the game), in Aba-Pro notation and as
// geometry for the page's arrows.
void web_session_info_json(const AbaloneBoard *root, int ply, const SearchInfo *info, GString *out);

// The game record in the project's format (caller frees).
char *web_session_record(const WebSession *s);

// A picture of the position after `ply` moves (with the move that led to it marked), `width`
// pixels wide, to draw later: it holds a copy of what it shows, so that it may be drawn on any
// thread while the session changes or closes. NULL with an error for a ply out of range.
typedef struct WebPicture WebPicture;
WebPicture *web_session_picture(const WebSession *s, int ply, int width, GError **err);

// The picture as a PNG (NULL with an error when the renderer refuses it); on any thread.
GBytes *web_picture_draw(const WebPicture *p, GError **err);
void web_picture_free(WebPicture *p);

// A pool event for this session (ev->job->owner == s). Returns false when the session was
// closing and has now been freed.
bool web_session_on_event(WebSession *s, const WebEvent *ev);

#endif
