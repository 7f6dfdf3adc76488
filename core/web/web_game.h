// SPDX-License-Identifier: MIT
// What a game gives the web server (sumito serve): a table of hooks over a session's state of
// its own (its options, its game, its engines), so that routes, sessions, event streams and
// search workers are written once in core/web/ and every game keeps only its rules, its JSON
// and its page. The hooks run in the main loop's thread, but a job's search and a picture's
// drawing, which run on threads of their own on copies.
#ifndef CORE_WEB_WEB_GAME_H
#define CORE_WEB_WEB_GAME_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "core/draw/raster.h"
#include "core/search.h"
#include "core/web/web_pool.h"

typedef struct WebSession WebSession;

// Who plays, in every game: a person against the engine, or two engines watched; colours are
// 0 (Black) and 1 (White).
typedef enum { WEB_MODE_PLAY, WEB_MODE_WATCH } WebMode;

typedef struct {
    WebMode mode;
    int human;       // play: the person's colour
    double movetime; // seconds per engine move
} WebPlayers;

// Reads the arguments "mode" ("play", "watch"), "human" ("black", "white") and "time"
// (0.01 to 60 seconds) into p (absent ones leave it as it is); false with an error.
bool web_players_parse(JsonObject *o, WebPlayers *p, GError **err);

// Whether colour c is played by an engine.
bool web_players_engine(const WebPlayers *p, int c);

// Appends "mode", "human" and "time" of the state.
void web_players_json(const WebPlayers *p, GString *out);

// A file of a game's page, embedded in the binary (core/embed.h).
typedef struct {
    const char *path, *type; // "/app.js", its content type
    const unsigned char *start, *end;
} WebPageFile;

// The file of n at path and its content type, or NULL.
GBytes *web_page_find(const WebPageFile *files, size_t n, const char *path, const char **type);

// A picture drawn by a game's renderer as a PNG (r is freed); NULL with an error: the
// renderer's refusal (r NULL, err set) becomes a WEB_ERROR_BAD_REQUEST.
GBytes *web_picture_png(Raster *r, GError **err);

// A picture to draw later, on any thread: the game's copy of what it shows.
typedef struct WebPicture {
    void *data;
    GBytes *(*draw)(const void *data, GError **err); // a PNG, or NULL with an error
    GDestroyNotify free;
} WebPicture;

typedef struct {
    const char *name;             // "abalone", "go": the argument "game" of a new session
    const char *const *game_keys; // the arguments of a new game ("game" aside), NULL-ended
    void (*init)(void);           // the game's tables, once
    // The state of a session of this game with its default options (no engine built yet,
    // nothing searched), and its freeing (the session's job, if any, has come back).
    void *(*state_new)(void);
    void (*state_free)(void *state);
    // Frees an engine that web_session_retire kept for a search still under way.
    GDestroyNotify engine_free;
    // A new game with the arguments args over the session's current options: false with an
    // error (WEB_ERROR) and nothing changed when they are refused. It cancels the search
    // under way (web_session_cancel) and retires the engines it still uses.
    bool (*new_game)(WebSession *s, JsonObject *args, GError **err);
    // The person's move as text; refused (WEB_ERROR_ILLEGAL, or WEB_ERROR_CONFLICT when it
    // is not the person's turn or the game is over) with the reason.
    bool (*play)(WebSession *s, const char *text, GError **err);
    bool (*undo)(WebSession *s, GError **err);   // the person's last move and the answer
    bool (*resign)(WebSession *s, GError **err); // the person resigns
    // Optional (NULL: the game has none): asks for a search of the position that plays
    // nothing, its analysis kept in the state; refused (WEB_ERROR_CONFLICT) when it cannot run.
    bool (*analyse)(WebSession *s, GError **err);
    // Optional: shows the position after ply moves (0 to the game's length; else
    // WEB_ERROR_BAD_REQUEST), where the person may go on playing.
    bool (*goto_ply)(WebSession *s, int ply, GError **err);
    // The search to start now, or NULL when no engine is to move.
    WebJob *(*job_new)(WebSession *s);
    // The answer of the session's current job, not cancelled: played when the position is
    // still the one searched.
    void (*job_done)(WebSession *s, WebJob *job);
    // An iteration of a running job as JSON, for the event "info".
    void (*info_json)(const WebJob *job, const SearchInfo *info, GString *out);
    char *(*state_json)(const WebSession *s); // the state (caller frees)
    char *(*record)(const WebSession *s);     // the game record (caller frees)
    const char *record_name, *record_type;    // its download name and content type
    int (*length)(const WebSession *s);       // moves played (the default ply of a picture)
    // The position after ply moves, width pixels wide, with the game's own query arguments
    // (may be NULL), to draw later; NULL with an error (WEB_ERROR) when refused.
    WebPicture *(*picture)(const WebSession *s, int ply, int width, const char *query,
                           GError **err);
    int picture_min_width, picture_default_width;
    char *(*style_json)(void); // GET /api/style: the board's geometry and colours
    // The page's file at path ("/", "/app.js"...) and its content type, or NULL.
    GBytes *(*page_file)(const char *path, const char **type);
} WebGame;

#endif
