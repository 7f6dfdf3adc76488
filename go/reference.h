// SPDX-License-Identifier: MIT
// Reference results for comparing search configurations on Go (tools/reference.h has the file
// format): the score of every move the search considers (the legal moves but fills of the
// mover's own eyes, pass included) from plain alpha-beta (RankCut off) at a fixed depth, and
// the built-in reference of the built-in compare suite.
#ifndef GO_REFERENCE_H
#define GO_REFERENCE_H

#include <glib.h>

#include "go/engine.h"

// Scores every move of g's position by a full-window plain alpha-beta search of the position
// after it to depth - 1 (a move that ends the game scores the exact count), best first
// (stable). Each move is played on g and taken back. The engine's RankCut setting is switched
// off for the duration. Returns the number of moves.
int go_reference_compute(GoEngine *e, GoGame *g, int depth, Move *moves, Score *scores);

// The text of the built-in reference (go/data/compare_reference.txt); caller frees.
char *go_reference_builtin(void);

#endif
