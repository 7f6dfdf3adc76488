// SPDX-License-Identifier: MIT
// A Go Text Protocol (version 2) engine over a GoGame: the required commands, the usual
// tournament and regression commands, printsgf and all_legal. Move choice is not here: a
// genmove handler (go_gtp_set_genmove) adds genmove, reg_genmove and kgs-genmove_cleanup to
// the command list, and a parameter handler (go_gtp_set_params) adds sumito-set and
// sumito-params. Responses follow the protocol exactly ("=id result" or "?id error", then
// an empty line); malformed input gets an error and the engine keeps running. With an engine
// plugged in (go_gtp_set_engine), live analysis (go/gtp_analyze.h: lz-analyze, kata-analyze,
// analyze and the genmove forms), sumito-ownership and sumito-pv are known too.
#ifndef GO_GTP_H
#define GO_GTP_H

#include <glib.h>
#include <stdio.h>

#include "core/timeman.h"
#include "go/game.h"
#include "go/gtp_analyze.h"
#include "go/sgf.h"

// The clock as the controller sets it. time_settings M B S is Canadian byo-yomi by the
// specification (B seconds for S stones after M seconds of main time; B = 0: no byo-yomi;
// B > 0 with S = 0, or all 0: no time limits); kgs-time_settings also gives Japanese byo-yomi
// (`byoyomi M T P`: P periods of T seconds). time_left T S per colour is the clock as the
// controller sees it (S: stones, or periods, left in byo-yomi; 0: main time). Without
// time_left, the time the engine spent per colour since the settings (or since the game got
// shorter) counts against main time.
typedef struct {
    TimeControl control;              // TIME_CONTROL_NONE: no time limits
    int time_left[3], stones_left[3]; // [GO_BLACK], [GO_WHITE]: the last time_left
    bool has_left[3];
    double used[3];          // seconds spent by the engine per colour ...
    TimeControl spent_under; // ... under this control
    int last_length;         // the game's length at the last genmove
} GoClock;

// Colour's time control and clock for its next move: from its time_left when there was one
// (Canadian when no settings were given), else from the settings and the time it used (in
// byo-yomi, a whole period each move).
void go_gtp_clock(const GoClock *c, int colour, TimeControl *time, TimeClock *clock);

// Chooses a move for colour in game under its time control and clock (go_gtp_clock): a
// point, GO_PASS, or MOVE_NONE to resign. The engine plays the move it returns (except for
// reg_genmove). `cleanup` is set for kgs-genmove_cleanup: dead stones are to be captured
// before passing.
typedef Move (*GoGenmoveFn)(void *data, const GoGame *game, int colour, const TimeControl *time,
                            const TimeClock *clock, bool cleanup);

// Engine parameters: sets name to value (true), or writes an error into reply (false). With
// name NULL, lists every parameter as "name value" lines into reply.
typedef bool (*GoParamFn)(void *data, const char *name, const char *value, GString *reply);

// The status of every stone of the game's position for final_status_list: status[cell] a
// GoStatus of go/ownership.h (GO_STATUS_ALIVE, _DEAD, _SEKI) for each stone; status has room
// for GO_MAX_CELLS.
typedef void (*GoStatusFn)(void *data, const GoGame *game, uint8_t *status);

typedef struct {
    GoGame game;
    GoClock clock;
    GoSgfInfo info;
    GoGenmoveFn genmove;
    void *genmove_data;
    GoParamFn params;
    void *params_data;
    GoStatusFn status; // NULL: final_status_list takes every stone for alive
    void *status_data;
    GoEngine *engine;          // the engine analysis searches with (NULL: no analysis commands)
    GoAnalyzeRequest analysis; // the analysis whose response is open ...
    bool analysing;            // ... until the next input line (go_gtp_handle_line ends it)
    bool bare_id;              // the response's first line is its id alone ("=12")
    const char *version;       // the answer to version (NULL: "0.1"); go_gtp_reset keeps it
    size_t line_max; // the longest line go_gtp_run takes, in bytes (go_gtp_init: LINE_READ_MAX)
    bool quit;
} GoGtp;

// A 19x19 game under rules (komi from the rules until a komi command).
void go_gtp_init(GoGtp *e, const GoRules *rules);
void go_gtp_free(GoGtp *e);
// Makes e what go_gtp_init(e, rules) made (an empty 19x19 board, komi from rules, no moves,
// record information or time settings, not quit, lines of LINE_READ_MAX bytes), keeping its
// move choice and parameter handlers and its allocations: what `boardsize 19`, `clear_board`
// and the time and record commands would set back, for a program that serves many games in
// a row (a fuzzing run, between inputs).
void go_gtp_reset(GoGtp *e, const GoRules *rules);

// Plugs in move choice: genmove, reg_genmove and kgs-genmove_cleanup are then known.
void go_gtp_set_genmove(GoGtp *e, GoGenmoveFn fn, void *data);

// Plugs in parameters: sumito-set NAME VALUE and sumito-params are then known.
void go_gtp_set_params(GoGtp *e, GoParamFn fn, void *data);

// Plugs in the judgement of final_status_list (without one, every stone is alive, as
// Tromp-Taylor scoring has it).
void go_gtp_set_status(GoGtp *e, GoStatusFn fn, void *data);

// Plugs in the engine of live analysis (lz-analyze and the like), sumito-ownership and
// sumito-pv; it must be the one the genmove handler searches with.
void go_gtp_set_engine(GoGtp *e, GoEngine *engine);

// Handles one line of input and appends its response to out (nothing for an empty or
// comment-only line). Sets e->quit after quit. An analysis command (lz-analyze ...) appends
// only the first line of its response ("=id") and leaves it open (e->analysing): the next call,
// whatever its line, an empty one included, first ends it with an empty line. go_gtp_run
// searches and writes the analysis lines in between.
void go_gtp_handle_line(GoGtp *e, const char *line, GString *out);

// Reads commands from in and answers on out until quit or the end of input. An analysis
// searches in a thread of its own (go/gtp_analyze.h) while the next line is read; that line,
// when it comes, stops it, ends its response and is then answered.
void go_gtp_run(GoGtp *e, FILE *in, FILE *out);

#endif
