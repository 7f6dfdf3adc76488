// SPDX-License-Identifier: MIT
// Helpers the Go subcommands share, and the commands that live in their own files.
#ifndef TOOLS_GO_CLI_H
#define TOOLS_GO_CLI_H

#include "go/game.h"

// Rules from the defaults and NAME=VALUE assignments; prints the error and returns false.
bool go_cli_rules(char **sets, GoRules *rules);

// Plays a list of GTP vertices alternating from the side to move; prints the error and
// returns false on a bad or illegal move.
bool go_cli_play_list(GoGame *g, const char *list);

// The board, the area count and the score.
void go_cli_print_position(const GoGame *g);

int go_cli_gtp(int argc, char **argv);
int go_cli_sgf_check(int argc, char **argv);
// `sumito go render` (tools/go_render_cli.c).
int go_cli_render(int argc, char **argv);

#endif
