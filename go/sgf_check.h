// SPDX-License-Identifier: MIT
// Checking an SGF game record (`sumito go sgf-check`): its main line replayed under its rules.
#ifndef GO_SGF_CHECK_H
#define GO_SGF_CHECK_H

#include "go/game.h"

// Replays the main line of the SGF file at path (rules: those the record does not give,
// RU and KM), checking every move; prints the reader's warnings, then the board size, the
// moves, the ko and suicide rules, the final position with its area count and score, and the
// recorded result; writes the record back to write_to when not NULL. 0, or EXIT_BAD_INPUT
// after printing why the record is refused or could not be written.
int go_sgf_check(const char *path, const GoRules *rules, const char *write_to);

#endif
