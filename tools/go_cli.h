// SPDX-License-Identifier: MIT
// Helpers the Go subcommands share, and the commands that live in their own files.
#ifndef TOOLS_GO_CLI_H
#define TOOLS_GO_CLI_H

#include "go/engine.h"
#include "go/game.h"

// Rules from the defaults and NAME=VALUE assignments; prints the error and returns false.
bool go_cli_rules(char **sets, GoRules *rules);

// An engine with the defaults changed by a configuration file, NAME=VALUE assignments (search,
// player and rules parameters) and a RankCut statistics file (each may be NULL); prints the
// error on failure.
bool go_cli_engine_setup(GoEngine *e, char **sets, const char *config, const char *rankcut_file);

int go_cli_gtp(int argc, char **argv);
int go_cli_sgf_check(int argc, char **argv);
int go_cli_tactics(int argc, char **argv);

int go_cli_moves(int argc, char **argv);
int go_cli_playouts(int argc, char **argv);
int go_cli_patterns(int argc, char **argv);

#endif
