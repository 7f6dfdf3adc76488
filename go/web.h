// SPDX-License-Identifier: MIT
// Go in the web server (sumito serve): the game's hooks (core/web/web_game.h) over a
// session's state: a game of 9x9, 13x13 or 19x19 with komi and fixed handicap, a person
// against the engine or two engines watched, each engine move's figures and the analysis of
// its search (candidates with visits, win rates and principal variations, the ownership), and
// the count of a game ended by two passes with the dead stones taken off by the Monte Carlo
// search's ownership, as the player counts (go/ownership.h). The rules of who moves and the
// searches are in go/web_session.c; the JSON, record and pictures in go/web_state.c.
#ifndef GO_WEB_H
#define GO_WEB_H

#include <glib.h>

#include "core/web/web_session.h"
#include "go/engine.h"
#include "go/game.h"

extern const WebGame go_web_game;

// Candidates of an analysis sent to the page, at most.
#define GO_WEB_CANDIDATES 10
// The least time between two readings of a running search's candidates, in microseconds.
#define GO_WEB_LIVE_US 200000
// The longest record (argument sgf) taken, 64 KiB, below the body's 1 MiB: a record is one
// game, and each of its moves keeps an undo record (GoUndo, 832 bytes on x86-64), so that a
// megabyte of passes (";B[tt];W[tt]", 174 000 moves) would hold more than 140 MB of a session.
#define GO_WEB_MAX_SGF 65536

typedef struct {
    WebPlayers players;
    int size;     // 9, 13 or 19
    double komi;  // -150 to 150, a multiple of 0.5
    int handicap; // 0, or 2 to 9 stones on the fixed points
} GoWebOptions;

// The figures of one move: engine moves have the search's.
typedef struct {
    bool engine;
    uint64_t visits; // the search's playouts (nodes)
    double winrate;  // Black's win rate by the search (-1: none)
    double seconds;
    const char *why; // why the engine chose it (go_reason_text), or NULL
} GoWebNote;

// What an engine's search saw, for the page: the candidates of its tree's root and the
// ownership, as the kata-analyze line of GTP has them (go/gtp_analyze.h).
typedef struct {
    int ply;   // the position analysed: after this many moves
    int side;  // its side to move
    int count; // candidates
    struct {
        Move move;
        uint32_t visits;
        double winrate; // the side to move's
        Move pv[16];
        int pv_len;
    } cand[GO_WEB_CANDIDATES];
    double ownership[GO_MAX_POINTS]; // Black's share minus White's, point index y * N + x
    bool has_ownership;
} GoWebAnalysis;

typedef struct {
    GoWebOptions opt;
    GoGame game;
    GArray *notes;           // GoWebNote, one per move of game
    GoEngine *engine[2];     // the engine playing Black [0] and White [1], NULL for the person
    int resigned;            // the colour (GO_BLACK, GO_WHITE) that resigned, or GO_EMPTY
    GoWebAnalysis *analysis; // the last engine search's, or NULL
    bool analysing;          // an analysis was asked for (POST .../analyse) and has not ended
    // The count of a game ended by passes: Black's area minus White's minus komi with the dead
    // stones off (scored), and the dead stones (status GO_STATUS_DEAD per cell).
    bool scored;
    double score;
    uint8_t status[GO_MAX_CELLS];
    char *sgf_names[2]; // PB and PW of a loaded record, or NULL
} GoWebState;

// The colour of a side index (0 Black, 1 White) and back.
static inline int go_web_colour(int c)
{
    return c ? GO_WHITE : GO_BLACK;
}

// The game is over: resigned, or ended by passes or the move cap.
bool go_web_over(const GoWebState *st);

// The hooks of go/web_state.c.
char *go_web_state_json(const WebSession *s);
void go_web_info_json(const WebJob *job, const SearchInfo *info, GString *out);
char *go_web_record(const WebSession *s);
WebPicture *go_web_picture(const WebSession *s, int ply, int width, const char *query,
                           GError **err);
char *go_web_style_json(void);
// The page's file at path ("/", "/app.js", "/go.css") and its content type, or NULL.
GBytes *go_web_page_file(const char *path, const char **type);
// Reads a kata-analyze line (go_analyze_format's, with ownership) into a; false when it holds
// no candidate.
bool go_web_analysis_parse(const GoBoard *b, const char *line, int side, GoWebAnalysis *a);

// The game a job searches and its engine (go/web_session.c).
const GoGame *go_web_job_game(const WebJob *job);
const GoEngine *go_web_job_engine(const WebJob *job);
// The candidates of the job's running search as last read (at most every GO_WEB_LIVE_US, on
// its thread), without ownership; false when there are none yet. Called on the main thread.
bool go_web_job_live(const WebJob *job, GoWebAnalysis *out);

#endif
