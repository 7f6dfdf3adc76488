// SPDX-License-Identifier: MIT
// Go's score units: GO_POINT units a point of area. The handcrafted evaluation (go/eval.h),
// the net's estimate and its training labels (go/features.h), the exact count and RankCut's
// score-gap edges are all in these units, so that any of them can stand in for another.
#ifndef GO_UNITS_H
#define GO_UNITS_H

#include <math.h>

#include "core/score.h"

#define GO_POINT 32

// Converts points (Black's view) to units, clamped clear of the forced-result range.
static inline Score go_eval_units(double points)
{
    double u = points * GO_POINT, limit = SCORE_MATE_BOUND - 1;
    return (Score)lround(u > limit ? limit : u < -limit ? -limit : u);
}

#endif
