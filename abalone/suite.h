// SPDX-License-Identifier: MIT
// Abalone's series and suites: the openings of self-play series, the built-in compare suite
// and its reference (position strings, one a line; core/lab/ reads them).
#ifndef ABALONE_SUITE_H
#define ABALONE_SUITE_H

#include <glib.h>

#include "abalone/game.h"

// The built-in compare suite's text and its reference's (caller frees).
char *abalone_suite_builtin_text(void);
char *abalone_reference_builtin(void);

// Starts g (uninitialised) at the opening of game `index` of a series seeded with `seed`:
// layout index % 5, then 2 to 4 uniformly random plies. Returns the layout's name.
const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g);

#endif
