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

int abalone_cli_play(int argc, char **argv);
int abalone_cli_aep(int argc, char **argv);

int abalone_cli_moves(int argc, char **argv);
int abalone_cli_replay(int argc, char **argv);

#endif
