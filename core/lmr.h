// SPDX-License-Identifier: MIT
// Late move reductions in the form today's engines use: a quiet move late in the order at a
// node with enough depth left is searched to a depth reduced by a table of
// base + ln(depth) * ln(move number) / divisor plies, one ply less at PV nodes and for
// killers, and searched again to full depth when the reduced search beats alpha. It is the
// baseline RankCut is measured against: a fixed, hand-set function of (depth, move number)
// where RankCut learns the probability that a later move matters.
//
// rankcut_lmr combines the two: RankCut's estimate Pi' adjusts the LMR reduction (one ply more
// when Pi' is below rankcut_threshold, one less when it is above rankcut_lmr_keep).
//
// The decision is lmr_reduction in core/search_methods.h.
#ifndef CORE_LMR_H
#define CORE_LMR_H

#include <stdint.h>

#define LMR_PARAMS(X, S)                                                                           \
    X(S, lmr, bool, 0, 0, 1, "late move reductions (a ln(depth) x ln(move number) table)")         \
    X(S, lmr_base, double, 0.75, 0, 16, "the table's constant term, plies")                        \
    X(S, lmr_divisor, double, 2.25, 0.1, 1000000, "the table's divisor of ln(depth) x ln(move)")   \
    X(S, lmr_min_depth, int, 3, 2, 64, "nodes with less remaining depth never reduce")             \
    X(S, lmr_min_move, int, 2, 2, 400, "moves earlier in the order than this never reduce")        \
    X(S, lmr_pv_less, int, 1, 0, 16, "plies less at PV nodes")                                     \
    X(S, rankcut_lmr, bool, 0, 0, 1,                                                               \
      "RankCut's estimate adjusts LMR's reduction (needs lmr and RankCut statistics)")             \
    X(S, rankcut_lmr_keep, double, 0.05, 0, 1,                                                     \
      "with rankcut_lmr, one ply less when Pi' is at least this")

#define LMR_DEPTHS 64
#define LMR_MOVES  64

// The reductions in plies, [depth][move number], both capped at the table's last row.
typedef struct {
    double base, divisor; // what the table was built for
    uint8_t plies[LMR_DEPTHS][LMR_MOVES];
} LmrTable;

// Builds the table for base and divisor unless it already holds them.
void lmr_table_build(LmrTable *t, double base, double divisor);

static inline int lmr_table_get(const LmrTable *t, int depth, int move_number)
{
    return t->plies[depth < LMR_DEPTHS ? depth : LMR_DEPTHS - 1]
                   [move_number < LMR_MOVES ? move_number : LMR_MOVES - 1];
}

#endif
