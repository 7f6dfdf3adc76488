// SPDX-License-Identifier: MIT
// The neural net's input features for Abalone (feature set "abalone-cells-v1", 134 inputs per
// perspective) and their change under a move, for the net's incremental accumulator.
//
// Perspective c (0 Black, 1 White) sees the board as Black sees it when c is Black and turned
// 180 degrees when c is White (dense cell i becomes 60 - i), so both colours look at the same
// picture of "my marbles" and "the opponent's marbles":
//   0..60     my marble on (viewed) cell i
//   61..121   an opposing marble on (viewed) cell i
//   122..127  I have lost 0..5 marbles (exactly one active)
//   128..133  the opponent has lost 0..5 marbles (exactly one active)
// A position thus has (marbles on the board) + 2 active features per perspective.
#ifndef ABALONE_FEATURES_H
#define ABALONE_FEATURES_H

#include "abalone/board.h"

#define ABALONE_NET_FEATURE_SET "abalone-cells-v1"
#define ABALONE_NET_INPUTS      134
#define ABALONE_NET_LOST_OWN    122
#define ABALONE_NET_LOST_OPP    128
#define ABALONE_NET_SYMMETRIES  12
// The most features a move changes in one perspective: three marbles moved broadside (3 off,
// 3 on), or in line with two pushed (2 + 2 changes) and an ejection (2 lost-count changes).
#define ABALONE_NET_MAX_CHANGES 8

typedef struct {
    // [perspective][marble colour == perspective ? 0 : 1][bit position] -> feature
    uint16_t cell[2][2][128];
} AbaloneNetTables;

extern AbaloneNetTables abalone_net_tables;

// Fills abalone_net_tables (abalone_init calls it).
void abalone_features_init(void);

static inline int abalone_net_lost(const AbaloneBoard *b, int colour)
{
    int lost = abalone_board_lost(b, colour);
    return lost > 5 ? 5 : lost;
}

// Perspective p's active features; returns how many (at most 30).
static inline int abalone_net_features(const AbaloneBoard *b, int p, uint16_t *out)
{
    int n = 0;
    for (int colour = 0; colour < 2; colour++) {
        const uint16_t *t = abalone_net_tables.cell[p][colour != p];
        for (AbaloneBits x = b->bb[colour]; x; x &= x - 1) out[n++] = t[abalone_lsb(x)];
    }
    out[n++] = (uint16_t)(ABALONE_NET_LOST_OWN + abalone_net_lost(b, p));
    out[n++] = (uint16_t)(ABALONE_NET_LOST_OPP + abalone_net_lost(b, p ^ 1));
    return n;
}

// The features a move (legal in b, before it is made) adds and removes in each perspective.
typedef struct {
    uint16_t add[2][ABALONE_NET_MAX_CHANGES], sub[2][ABALONE_NET_MAX_CHANGES];
    int nadd[2], nsub[2];
} AbaloneNetDelta;

static inline void abalone_net_delta_bits(AbaloneNetDelta *d, AbaloneBits off, AbaloneBits on,
                                          int colour)
{
    for (int p = 0; p < 2; p++) {
        const uint16_t *t = abalone_net_tables.cell[p][colour != p];
        for (AbaloneBits x = off; x; x &= x - 1) d->sub[p][d->nsub[p]++] = t[abalone_lsb(x)];
        for (AbaloneBits x = on; x; x &= x - 1) d->add[p][d->nadd[p]++] = t[abalone_lsb(x)];
    }
}

static inline void abalone_net_delta(const AbaloneBoard *b, Move m, AbaloneNetDelta *d)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int side = b->side, pushed = ABALONE_MOVE_PUSHED(m);
    d->nadd[0] = d->nadd[1] = d->nsub[0] = d->nsub[1] = 0;
    AbaloneBits own = b->bb[side];
    abalone_net_delta_bits(d, mi->own_xor & own, mi->own_xor & ~own, side);
    if (!pushed) return;
    AbaloneBits opp = b->bb[side ^ 1], x = mi->opp_xor[pushed - 1];
    abalone_net_delta_bits(d, x & opp, x & ~opp, side ^ 1);
    if (!ABALONE_MOVE_EJECTS(m)) return;
    // The victim loses one more marble (the count saturates at 5 in the features).
    int lost = abalone_net_lost(b, side ^ 1), after = lost + 1 > 5 ? 5 : lost + 1;
    if (after == lost) return;
    for (int p = 0; p < 2; p++) {
        int base = p == (side ^ 1) ? ABALONE_NET_LOST_OWN : ABALONE_NET_LOST_OPP;
        d->sub[p][d->nsub[p]++] = (uint16_t)(base + lost);
        d->add[p][d->nadd[p]++] = (uint16_t)(base + after);
    }
}

// The twelve symmetries of the hexagon as permutations of the features (the same for both
// perspectives, since turning the board 180 degrees commutes with each of them); the first is
// the identity. The rules of Abalone are the same under all twelve.
void abalone_net_symmetries(uint16_t perm[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS]);

// A board's image under symmetry k (0..11) of the hexagon (tests and data checks).
void abalone_board_symmetry(const AbaloneBoard *b, int k, AbaloneBoard *out);

#endif
