// SPDX-License-Identifier: MIT
// Helpers the Abalone subcommands share.
#ifndef TOOLS_ABALONE_CLI_H
#define TOOLS_ABALONE_CLI_H

#include "abalone/board.h"

// The board named by --layout (default standard) or --position; prints the error and
// returns false on bad input.
bool abalone_cli_board(const char *layout, const char *position, AbaloneBoard *b);

// `sumito abalone render` (tools/abalone_render_cli.c).
int abalone_render_cli_main(int argc, char **argv);

#endif
