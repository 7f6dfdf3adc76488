// SPDX-License-Identifier: MIT
// The late-move-reduction table (core/lmr.h).
#include "core/lmr.h"

#include <math.h>

void lmr_table_build(LmrTable *t, double base, double divisor)
{
    if (t->base == base && t->divisor == divisor && t->divisor > 0) return;
    t->base = base;
    t->divisor = divisor;
    for (int d = 0; d < LMR_DEPTHS; d++)
        for (int m = 0; m < LMR_MOVES; m++) {
            double r = d < 1 || m < 1 ? 0 : base + log((double)d) * log((double)m) / divisor;
            // Truncated, as a table of whole plies; never more than the table can hold.
            t->plies[d][m] = (uint8_t)(r < 0 ? 0 : r > 63 ? 63 : r);
        }
}
