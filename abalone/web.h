// SPDX-License-Identifier: MIT
// Abalone in the web server (sumito serve): the game's hooks (core/web/web_game.h) over a
// session's state: a person against the engine, or two engine configurations against each
// other, with its record, the figures of every engine move and the engines. The rules of who
// moves are in abalone/web_session.c; the JSON, record, pictures and page in
// abalone/web_state.c.
#ifndef ABALONE_WEB_H
#define ABALONE_WEB_H

#include <glib.h>

#include "abalone/engine.h"
#include "abalone/record.h"
#include "core/web/web_session.h"

extern const WebGame abalone_web_game;

// An engine's configuration as the page chooses it.
typedef struct {
    bool rankcut;
    int eval; // ABALONE_EVAL_NET or ABALONE_EVAL_HCE
} AbaloneWebEngine;

typedef struct {
    WebPlayers players;
    AbaloneWebEngine engine[2]; // the engine of each colour (play: only !human's is used)
    int move_cap;               // the rules' move cap
    bool repetition;            // the rules' draw by threefold repetition
    char layout[16];            // the start layout, "" when the start is a position string
    AbaloneBoard start;
} AbaloneWebOptions;

// The figures of one move: engine moves have depth and score.
typedef struct {
    bool engine;
    int depth, seldepth;
    Score score;
    uint64_t nodes;
    double seconds;
} AbaloneWebNote;

// The engine's score of one position of the game, for the balance chart.
typedef struct {
    bool done;   // searched (or found over)
    bool scored; // with a score (a position where the game is over has none)
    int depth;
    Score score; // Black's point of view, in the engine's units
} AbaloneWebBalance;

// How many nodes the background search of each position of a loaded game may visit.
#define ABALONE_WEB_BALANCE_NODES 60000

typedef struct {
    AbaloneWebOptions opt;
    AbaloneRecord rec;
    GArray *notes;             // AbaloneWebNote, one per move of rec
    AbaloneEngine *engine[2];  // the engine playing each colour, NULL for the person
    AbaloneWebEngine built[2]; // what engine[c] was built with
    int resigned;              // the colour that resigned, or -1
    // Stepping through the game (a record loaded, or a goto): no engine moves, the page
    // shows the position after `cursor` moves, and a move played there drops the ones after.
    bool review;
    int cursor;
    bool from_record;  // loaded from a record: its positions are scored while idle
    GArray *balance;   // AbaloneWebBalance, one per position of the game (length + 1)
    bool analysing;    // an analysis of the shown position is asked for or under way
    bool has_analysis; // the last analysis, of the position after analysis_ply moves
    int analysis_ply;
    SearchInfo analysis;
} AbaloneWebState;

// What a search of the session is for.
typedef enum {
    ABALONE_WEB_JOB_MOVE,
    ABALONE_WEB_JOB_ANALYSIS,
    ABALONE_WEB_JOB_BALANCE
} AbaloneWebJobKind;

// The game is over (by the rules, or a resignation).
bool abalone_web_over(const AbaloneWebState *st);

// Takes the game's last move back, with its comment, figures and score.
void abalone_web_undo_one(AbaloneWebState *st);

// The hooks of abalone/web_state.c.
char *abalone_web_state_json(const WebSession *s);
void abalone_web_info_json(const WebJob *job, const SearchInfo *info, GString *out);
char *abalone_web_record(const WebSession *s);
WebPicture *abalone_web_picture(const WebSession *s, int ply, int width, const char *query,
                                GError **err);
char *abalone_web_style_json(void);
GBytes *abalone_web_page_file(const char *path, const char **type);

// The game a job searches and what for (abalone/web_session.c).
const AbaloneGame *abalone_web_job_game(const WebJob *job);
AbaloneWebJobKind abalone_web_job_kind(const WebJob *job);

// A search's iteration as JSON: the side to move at root, the ply, depth, score, nodes, time,
// the principal variation with its geometry, and what the search is for (abalone/web_state.c).
void abalone_web_search_json(const AbaloneBoard *root, int ply, const SearchInfo *info,
                             const char *kind, GString *out);

// Stepping through a game (abalone/web_review.c). The ply the page shows: the cursor while
// stepping, else the game's length.
int abalone_web_shown(const AbaloneWebState *st);
// The argument "record" (APGN) with "game_index": false with an error when refused; *loaded
// tells whether one was given, then out holds its game and g its start and rules.
bool abalone_web_parse_record(JsonObject *o, AbaloneWebOptions *g, AbaloneRecord *out, bool *loaded,
                              GError **err);
// After a new game: stepping off, the balance and analysis cleared; from_record as given.
void abalone_web_review_reset(AbaloneWebState *st, bool from_record);
// Before a move at the shown ply while stepping: the moves after it are dropped.
void abalone_web_review_cut(AbaloneWebState *st);
bool abalone_web_goto(WebSession *s, int ply, GError **err);
bool abalone_web_analyse(WebSession *s, GError **err);
// The next position of the game to score for the balance chart, or -1.
int abalone_web_balance_next(const AbaloneWebState *st);
// A finished analysis or balance search (not cancelled) of the position after ply moves.
void abalone_web_review_done(AbaloneWebState *st, AbaloneWebJobKind kind, int ply,
                             const SearchInfo *info);
// "review", "length", "analysing", "analysis" and "balance" of the state.
void abalone_web_review_json(const AbaloneWebState *st, GString *out);

#endif
