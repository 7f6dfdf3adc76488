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

typedef struct {
    AbaloneWebOptions opt;
    AbaloneRecord rec;
    GArray *notes;             // AbaloneWebNote, one per move of rec
    AbaloneEngine *engine[2];  // the engine playing each colour, NULL for the person
    AbaloneWebEngine built[2]; // what engine[c] was built with
    int resigned;              // the colour that resigned, or -1
} AbaloneWebState;

// The game is over (by the rules, or a resignation).
bool abalone_web_over(const AbaloneWebState *st);

// The hooks of abalone/web_state.c.
char *abalone_web_state_json(const WebSession *s);
void abalone_web_info_json(const WebJob *job, const SearchInfo *info, GString *out);
char *abalone_web_record(const WebSession *s);
WebPicture *abalone_web_picture(const WebSession *s, int ply, int width, const char *query,
                                GError **err);
char *abalone_web_style_json(void);
GBytes *abalone_web_page_file(const char *path, const char **type);

// The game a job searches (abalone/web_session.c).
const AbaloneGame *abalone_web_job_game(const WebJob *job);

#endif
