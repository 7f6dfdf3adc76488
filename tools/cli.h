// SPDX-License-Identifier: MIT
// Shared helpers of the sumito subcommands: option parsing, errors and exit statuses.
#ifndef TOOLS_CLI_H
#define TOOLS_CLI_H

#include <glib.h>

#include "core/draw/raster.h"
#include "core/search.h"
#include "core/types.h"

typedef int (*CliCommand)(int argc, char **argv);

typedef struct {
    const char *name;
    CliCommand run;
    const char *summary;
} CliEntry;

// Prints "sumito: <message>" on stderr and returns EXIT_BAD_INPUT.
int cli_error(const char *fmt, ...) G_GNUC_PRINTF(1, 2);

// Parses options with a context made for "sumito <path>"; on failure prints the error and
// returns false. Leftover arguments stay in argc/argv.
bool cli_parse(GOptionContext *ctx, int *argc, char ***argv);

// Runs the entry named argv[1] of a table; prints the table for --help or no argument.
int cli_dispatch(const char *path, const CliEntry *entries, int n, int argc, char **argv);

// Wall-clock seconds from a monotonic clock.
double cli_now(void);

// Checks before long work that a file can be written at path (its directory exists and is
// writable, path is not a directory); prints why not and returns false otherwise.
bool cli_check_output(const char *option, const char *path);

// Position suite files (`make-suite`): a header of '#' lines with "# games N", then one
// position a line. cli_suite_read appends the positions of an existing file to body and
// returns N (0 when there is no file); cli_suite_save writes header, "# games N" and body
// atomically (printing why not and returning false on failure).
int cli_suite_read(const char *path, GString *body);
bool cli_suite_save(const char *path, const char *header, int games, const GString *body);
int cli_count_lines(const GString *s);

// RankCut coverage over a position suite (`rankcut show --coverage`): the table decisions of
// the searches summed, then one report line naming the suite (note is appended, may be "").
typedef struct {
    uint64_t lookups, known, reductions;
} CliCoverage;
void cli_coverage_add(CliCoverage *c, const SearchStats *stats);
void cli_coverage_print(const CliCoverage *c, const char *suite, unsigned positions,
                        double movetime, int min_samples, const char *note);

// Draws a picture (draw(data, err) returns a new raster, or NULL with an error) and writes it
// as PNG `repeat` times into a temporary directory, then prints the medians of the whole, of
// the drawing and of the PNG encoding and writing, and the fastest run:
// "render W x H: median T ms a picture (drawing D ms, PNG P ms), N runs, fastest F ms".
// Returns an exit status (the error printed).
typedef Raster *(*CliDrawFn)(const void *data, GError **err);
int cli_bench_picture(CliDrawFn draw, const void *data, int repeat);

int abalone_cli_main(int argc, char **argv);
int go_cli_main(int argc, char **argv);
int demo_cli_main(int argc, char **argv);
int params_cli_main(int argc, char **argv);
int bench_cli_main(int argc, char **argv);
int rankcut_cli_main(int argc, char **argv);

#endif
