// SPDX-License-Identifier: MIT
// Score conventions shared by the search and every game: scores are from the side to move's
// point of view; a forced win in N plies scores SCORE_MATE - N, a forced loss -(SCORE_MATE - N).
#ifndef CORE_SCORE_H
#define CORE_SCORE_H

#include <stdio.h>

#include "core/types.h"

#define MAX_PLY          128
#define SCORE_INF        32000
#define SCORE_MATE       31000
#define SCORE_MATE_BOUND (SCORE_MATE - MAX_PLY) // |score| above this is a forced result
#define SCORE_DRAW       0

static inline bool score_is_mate(Score s)
{
    return s > SCORE_MATE_BOUND || s < -SCORE_MATE_BOUND;
}

// Plies to the forced end (positive: win, negative: loss); 0 when not a forced result.
static inline int score_mate_plies(Score s)
{
    if (s > SCORE_MATE_BOUND) return SCORE_MATE - s;
    if (s < -SCORE_MATE_BOUND) return -(SCORE_MATE + s);
    return 0;
}

// Human-readable: "+1.234" (in units of 1000), "win in 5", "loss in 4".
static inline void score_format(Score s, char *buf, size_t size)
{
    int plies = score_mate_plies(s);
    if (plies > 0)
        snprintf(buf, size, "win in %d", plies);
    else if (plies < 0)
        snprintf(buf, size, "loss in %d", -plies);
    else
        snprintf(buf, size, "%+d", s);
}

#endif
