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

// Adds the keys of the positions of a suite's text (a position string a line, '#' comments) to
// set (g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)); false with an error
// naming the line.
bool abalone_position_set_add(GHashTable *set, const char *text, GError **err);

// The keys of the built-in match openings, loaded once (thread-safe); never freed.
GHashTable *abalone_match_openings_set(void);

// Starts g (uninitialised) at the opening of game `index` of a series seeded with `seed`:
// layout index % 5, then 2 to 4 uniformly random plies; an opening whose key is in avoid (may
// be NULL) is drawn again from a seed derived from the same seed, index and the attempt, until
// it is not. Returns the layout's name.
const char *abalone_opening_avoiding(uint64_t seed, int index, const AbaloneRules *rules,
                                     GHashTable *avoid, AbaloneGame *g);

// The openings of self-play series (statistics collection, make-suite): the same, avoiding
// the built-in match openings, so that no series trains on a position a match starts from.
const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g);

#endif
