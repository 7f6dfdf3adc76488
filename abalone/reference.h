// SPDX-License-Identifier: MIT
// Reference results for comparing search configurations (tools/reference.h has the file
// format): the score of every legal move of a position from plain alpha-beta (RankCut off)
// at a fixed depth, and the built-in reference of the built-in compare suite.
#ifndef ABALONE_REFERENCE_H
#define ABALONE_REFERENCE_H

#include <glib.h>

#include "abalone/engine.h"

// Scores every legal move of b by a full-window plain alpha-beta search of the position after
// it to depth - 1 (moves that end the game are scored by the rules), best first (stable).
// The engine's RankCut setting is switched off for the duration. Returns the number of moves.
int abalone_reference_compute(AbaloneEngine *e, const AbaloneBoard *b, int depth, Move *moves,
                              Score *scores);

// The text of the built-in reference (abalone/data/compare_reference.txt); caller frees.
char *abalone_reference_builtin(void);

#endif
