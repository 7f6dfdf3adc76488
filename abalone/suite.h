// SPDX-License-Identifier: MIT
// Abalone's series and suites: the openings of self-play series, the built-in compare suite
// and its reference, and the built-in match openings (position strings, one a line; core/lab/
// reads them).
#ifndef ABALONE_SUITE_H
#define ABALONE_SUITE_H

#include <glib.h>

#include "abalone/game.h"

// The built-in compare suite's text and its reference's (caller frees).
char *abalone_suite_builtin_text(void);
char *abalone_reference_builtin(void);

// The built-in match openings' text (abalone/data/match_openings.txt; caller frees).
char *abalone_match_openings_text(void);

// What makes two positions the same opening: the marbles and the side to move, not the ply
// number (the position string without it; caller frees).
char *abalone_position_key(const AbaloneBoard *b);

// Starts g (uninitialised) at a draw of the opening of game `index` of a series: layout
// index % 5, then 2 to 4 uniformly random plies drawn from rng (core/lab/opening.h draws again
// while it is a match opening). Returns the layout's name.
const char *abalone_opening_draw(int index, const AbaloneRules *rules, GRand *rng, AbaloneGame *g);

#endif
