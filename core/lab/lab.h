// SPDX-License-Identifier: MIT
// What the experiment drivers of core/lab/ share: errors on stderr, the clock, output checks,
// position suites (files and the built-in ones), progress lines and Ctrl-C.
#ifndef CORE_LAB_LAB_H
#define CORE_LAB_LAB_H

#include <glib.h>
#include <stdio.h>

#include "core/game.h"

// Prints "sumito: <message>" on stderr and returns EXIT_BAD_INPUT.
int lab_error(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
int lab_verror(const char *fmt, va_list ap);
// Prints err's message that way, frees it and returns EXIT_BAD_INPUT.
int lab_report(GError *err);

// Whether an engine searches on one thread, as the commands that measure the search tree
// (compare, RankCut collection, ProbCut's calibration, the bench signature) need: with
// threads above 1 the tree depends on how the threads interleave. Otherwise prints why
// `command` refuses it and returns false.
bool lab_single_threaded(GameEngine *e, const char *command);

// An engine for the commands that study or feed alpha-beta (compare and its reference, RankCut
// and ProbCut collection, coverage, speed, position suites, match openings, training data):
// game_engine_new with search=alphabeta before the assignments, whatever the game's default
// algorithm (Go's is the Monte Carlo search), so that their figures and files stay alpha-beta's.
// An assignment of sets may still choose another; a configuration file's search= does not.
GameEngine *lab_engine_alphabeta(const GameDesc *game, const char *config, char *const *sets,
                                 const char *rankcut_file, GError **err);

// Says on stderr what a resumed file of self-play games already holds: "FILE already holds N
// games" when that is all the run asks for, "resuming FILE after N games" when it holds some.
void lab_resume_note(const char *path, uint64_t have, int games);

// Wall-clock seconds from a monotonic clock.
double lab_now(void);

// Limits for one search started now: a time per move, a node count and a depth (0: none).
SearchLimits lab_limits(double movetime, uint64_t nodes, int depth);

// Checks before any work that the file the output option names can be written at path
// (base/file.h's file_check_output: its directory exists and is writable, path is not a
// directory) and that it is none of the command's inputs (file_same: hard links and other
// spellings count): the n files of args and the files named by the G_OPTION_ARG_FILENAME and
// _FILENAME_ARRAY entries of inputs (NULL: none), but the entry whose value is path itself
// (an output resumed). Prints the first problem, naming both options, and returns false.
bool lab_check_output(const char *option, const char *path, const GOptionEntry *inputs, int n,
                      char *const *args);

// A position suite: the states of a file (one position a line) or of the built-in compare
// suite, and their canonical texts.
typedef struct {
    GPtrArray *states; // GameState *
    GPtrArray *texts;  // char *
    const GameDesc *game;
} LabSuite;

// Loads path, or the built-in suite when path is NULL; false with an error (s is then empty
// and still to be freed).
bool lab_suite_load(LabSuite *s, const GameDesc *game, const char *path, GError **err);
// The same from a suite's text; source names it in messages.
bool lab_suite_load_text(LabSuite *s, const GameDesc *game, const char *text, const char *source,
                         GError **err);
void lab_suite_free(LabSuite *s);
// "FILE" or "the built-in Go compare suite".
char *lab_suite_name(const GameDesc *game, const char *path);

// The text of the file an earlier run of a command left at path, to resume (*text NULL when
// there is none, or path is a device or a FIFO, which hold nothing to resume). A file whose
// first line is not header, the first line the command writes for its options, is refused
// (false with the error, naming path and that line), and so is a file that cannot be read;
// free_option (NULL: none) may differ, with its value: an amount the run may extend.
bool lab_resume_read(const char *path, const char *header, const char *free_option, char **text,
                     GError **err);

// Suite files made by `make-suite`: a header line, "# games N", then one position a line.
// lab_suite_file_read appends the positions of an existing file to body and returns N (0 when
// there is no file); a file lab_resume_read refuses is -1, after printing why (its header
// may differ in --positions alone: a suite is extended).
// lab_suite_file_save writes header, "# games N" and body atomically (printing why not and
// returning false on failure).
int lab_suite_file_read(const char *path, const char *header, GString *body);
bool lab_suite_file_save(const char *path, const char *header, int games, const GString *body);
int lab_count_lines(const GString *s);

// Ctrl-C for long work: after lab_interrupt_catch, the first SIGINT sets lab_interrupted()
// and stops the search of the engine registered with lab_interrupt_search (may be NULL).
void lab_interrupt_catch(void);
bool lab_interrupted(void);
void lab_interrupt_search(Engine *e);

// A progress line on stderr when it is a terminal: "\r<text>, ETA ..." from the share done.
typedef struct {
    bool tty;
    double started;
} LabProgress;
void lab_progress_start(LabProgress *p);
void lab_progress(const LabProgress *p, double done, double total, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);
void lab_progress_end(const LabProgress *p);

#endif
