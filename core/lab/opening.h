// SPDX-License-Identifier: MIT
// The openings of a series of self-play games (statistics collection, ProbCut fits, training
// data, suites, make-openings, speed), for any game: opening `index` of the series seeded with
// `seed` is the game's draw (GameDesc.opening_draw) from a generator seeded with the seed and
// the index, drawn again from one seeded with the attempt too while its position is one of the
// game's built-in match openings, so that no series trains on a position a match starts from.
// The first draw is the opening as it always was: a series none of whose openings is a match
// opening is the series it was before the match openings existed. The set of positions to
// avoid belongs to the series, built when it starts and read-only after: the worker threads
// of a series share it.
#ifndef CORE_LAB_OPENING_H
#define CORE_LAB_OPENING_H

#include "core/game.h"

typedef struct {
    const GameDesc *game;
    GHashTable *avoid; // the state_key of every position never returned, or NULL
} LabOpenings;

// The openings of a series of game on boards of `size`, avoiding its built-in match openings
// of that size (none when it has none).
void lab_openings_init(LabOpenings *o, const GameDesc *game, int size);

// The same avoiding the positions whose keys avoid holds (taken over; NULL: none).
void lab_openings_init_avoiding(LabOpenings *o, const GameDesc *game, GHashTable *avoid);

void lab_openings_free(LabOpenings *o);

// Opening `index` of the series seeded with `seed` on boards of `size` under e's rules (the
// defaults when e is NULL); *label (may be NULL) gets the game's word about it.
GameState *lab_opening(const LabOpenings *o, GameEngine *e, uint64_t seed, int index, int size,
                       const char **label);

#endif
