// SPDX-License-Identifier: MIT
// Helpers the Abalone subcommands share.
#ifndef TOOLS_ABALONE_CLI_H
#define TOOLS_ABALONE_CLI_H

#include <glib.h>

#include "abalone/board.h"
#include "abalone/engine.h"

// The board named by --layout (default standard) or --position; prints the error and
// returns false on bad input.
bool abalone_cli_board(const char *layout, const char *position, AbaloneBoard *b);

// An engine with the default parameters changed by a configuration file, NAME=VALUE
// assignments and a RankCut statistics file (each may be NULL); prints the error on failure.
bool abalone_cli_engine_setup(AbaloneEngine *e, char **sets, const char *config,
                              const char *rankcut_file);


int abalone_cli_analyse(int argc, char **argv);
int abalone_cli_collect(int argc, char **argv);
int abalone_cli_make_suite(int argc, char **argv);
int abalone_cli_play(int argc, char **argv);
int abalone_cli_aep(int argc, char **argv);
int abalone_cli_compare(int argc, char **argv);
int abalone_cli_speed(int argc, char **argv);
int abalone_cli_compare_reference(int argc, char **argv);
// Searches a suite (suite_file, or the built-in compare suite when NULL) with RankCut on and
// prints the share of RankCut decisions whose cell had at least min_samples samples.
int abalone_cli_coverage(const char *rankcut_file, const char *suite_file, int min_samples,
                         double movetime);

// `sumito abalone render` (tools/abalone_render_cli.c).
int abalone_render_cli_main(int argc, char **argv);

#endif
