// SPDX-License-Identifier: MIT
// Tactical reading for the evaluation: ladders. A string with one or two liberties is read as
// a ladder: the attacker plays only ataris, the defender only extends at its liberty or
// captures a string of the attacker's in atari (which counts as an escape), and three
// liberties are an escape. Nets, ko and snapbacks are not read. Reading plays on a scratch
// board (a copy without superko history) and leaves it as it was.
#ifndef GO_READING_H
#define GO_READING_H

#include "go/board.h"

// Reading nodes a ladder may visit before it counts as an escape (an unread ladder is
// assumed to fail: the string lives).
#define GO_LADDER_BUDGET 200

// Up to max (at most 4) distinct liberties of the string through p into libs; returns how
// many were found (max when there are at least max).
int go_string_libs(const GoBoard *b, int p, int *libs, int max);

// Whether the string through p, with one or two liberties, is captured when its attacker (the
// other colour) moves first.
bool go_ladder_attack(GoBoard *scratch, int p);

// Whether the string through p, in atari, escapes when its owner moves first.
bool go_ladder_defend(GoBoard *scratch, int p);

#endif
