// SPDX-License-Identifier: MIT
// The neural net's input features for Abalone and their change under a move, for the net's
// incremental accumulator. Two feature sets; a net file names the one it was trained on.
//
// "abalone-cells-v1" (134 inputs per perspective, the built-in net's). Perspective c (0 Black,
// 1 White) sees the board as Black sees it when c is Black and turned 180 degrees when c is
// White (dense cell i becomes 60 - i), so both colours look at the same picture of "my
// marbles" and "the opponent's marbles":
//   0..60     my marble on (viewed) cell i
//   61..121   an opposing marble on (viewed) cell i
//   122..127  I have lost 0..5 marbles (exactly one active)
//   128..133  the opponent has lost 0..5 marbles (exactly one active)
// A position thus has (marbles on the board) + 2 active features per perspective.
//
// "abalone-pairs-v1" (758 inputs): the same 134, then one feature for each pair of
// neighbouring cells that both hold a marble, by whose marbles they are:
//   134 + 4 * pair + 2 * (the lower viewed cell's marble is the opponent's)
//                  + (the higher viewed cell's marble is the opponent's)
// where pair (0..155) numbers the 156 pairs of neighbouring cells in the viewed board (cells
// u < v in dense order, by u and then by direction E, NE, NW from u). A position has, on top
// of the first set's features, one for each two neighbouring marbles (at most 65 of them for
// 28 marbles, so at most 95 features in all).
#ifndef ABALONE_FEATURES_H
#define ABALONE_FEATURES_H

#include "abalone/board.h"

#define ABALONE_NET_FEATURE_SET  "abalone-cells-v1"
#define ABALONE_NET_INPUTS       134
#define ABALONE_NET_LOST_OWN     122
#define ABALONE_NET_LOST_OPP     128
#define ABALONE_NET_SYMMETRIES   12
#define ABALONE_NET_PAIRS_SET    "abalone-pairs-v1"
#define ABALONE_NET_PAIRS        156
#define ABALONE_NET_PAIRS_INPUTS (ABALONE_NET_INPUTS + 4 * ABALONE_NET_PAIRS)
#define ABALONE_NET_MAX_INPUTS   ABALONE_NET_PAIRS_INPUTS
// The most features active in a perspective (95 in the pair set, see above), with room.
#define ABALONE_NET_MAX_ACTIVE 128
// The most features a move changes in one perspective, in either direction: 8 in the cell set
// (three marbles moved broadside: 3 off, 3 on; or in line with two pushed, 2 + 2, and an
// ejection, 2 lost-count changes), and in the pair set also one for each pair a changed cell
// is in: at most 6 changed cells with 6 neighbours each.
#define ABALONE_NET_MAX_CHANGES (8 + 36)

typedef enum {
    ABALONE_FEATURES_CELLS,
    ABALONE_FEATURES_PAIRS,
    ABALONE_FEATURE_SETS
} AbaloneFeatures;

typedef struct {
    // [perspective][marble colour == perspective ? 0 : 1][bit position] -> feature
    uint16_t cell[2][2][128];
    // [perspective][axis E, NE, NW][bit position of the pair's cell the axis leaves from] ->
    // the pair's first feature (134 + 4 * pair), 0 when the neighbour is off the board
    uint16_t pair[2][3][128];
} AbaloneNetTables;

extern AbaloneNetTables abalone_net_tables;

// Fills abalone_net_tables once, after the board's tables (abalone_init), whoever calls first;
// every user of the net's inputs calls it (the engine, the descriptor's init).
void abalone_features_init(void);

static inline int abalone_net_lost(const AbaloneBoard *b, int colour)
{
    int lost = abalone_board_lost(b, colour);
    return lost > 5 ? 5 : lost;
}

// The feature sets' names and input counts, and the set of a name (-1 when none has it).
const char *abalone_features_name(AbaloneFeatures fs);
int abalone_features_inputs(AbaloneFeatures fs);
int abalone_features_find(const char *name);

// Perspective p's active features in the cell set; returns how many (at most 30).
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

// The feature of a pair of neighbouring cells, lo at bit position `lo` and its neighbour along
// `axis` (0..2), holding marbles of colours clo and chi, in perspective p. Black's view orders
// the pair's cells as the board does, White's (turned 180 degrees) the other way round.
static inline uint16_t abalone_net_pair_feature(int p, int axis, int lo, int clo, int chi)
{
    int first = p == ABALONE_BLACK ? clo : chi, second = p == ABALONE_BLACK ? chi : clo;
    return (uint16_t)(abalone_net_tables.pair[p][axis][lo] + 2 * (first != p) + (second != p));
}

// Appends perspective p's pair features (the pair set's part after the cell set's) to out;
// returns how many.
static inline int abalone_net_pair_features(const AbaloneBoard *b, int p, uint16_t *out)
{
    int n = 0;
    for (int axis = 0; axis < 3; axis++) {
        int step = abalone_dir_step[axis];
        for (int clo = 0; clo < 2; clo++)
            for (int chi = 0; chi < 2; chi++)
                for (AbaloneBits x = b->bb[clo] & (b->bb[chi] >> step); x; x &= x - 1)
                    out[n++] = abalone_net_pair_feature(p, axis, abalone_lsb(x), clo, chi);
    }
    return n;
}

// Perspective p's active features in a feature set; returns how many (at most
// ABALONE_NET_MAX_ACTIVE).
static inline int abalone_net_features_of(const AbaloneBoard *b, int p, AbaloneFeatures fs,
                                          uint16_t *out)
{
    int n = abalone_net_features(b, p, out);
    return fs == ABALONE_FEATURES_PAIRS ? n + abalone_net_pair_features(b, p, out + n) : n;
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

// The colour of the marble at bit position pos of two colour bitboards, -1 when it is empty.
static inline int abalone_net_colour_at(const AbaloneBits bb[2], int pos)
{
    return (bb[0] >> pos) & 1 ? 0 : (bb[1] >> pos) & 1 ? 1 : -1;
}

// Adds to d the pair features a move (legal in b, before it is made) changes: every pair of
// neighbouring cells one of which changes its marble, counted once.
static inline void abalone_net_delta_pairs(const AbaloneBoard *b, Move m, AbaloneNetDelta *d)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int side = b->side, pushed = ABALONE_MOVE_PUSHED(m);
    const AbaloneBits *before = b->bb;
    AbaloneBits after[2] = {b->bb[0], b->bb[1]};
    AbaloneBits changed = mi->own_xor;
    after[side] ^= mi->own_xor;
    if (pushed) {
        after[side ^ 1] ^= mi->opp_xor[pushed - 1];
        changed |= mi->opp_xor[pushed - 1];
    }
    for (AbaloneBits x = changed; x; x &= x - 1) {
        int c = abalone_lsb(x);
        for (int dir = 0; dir < 6; dir++) {
            int n = c + abalone_dir_step[dir];
            if (!abalone_pos_valid(n) || ((changed >> n) & 1 && n < c)) continue;
            int axis = dir < 3 ? dir : dir - 3, lo = dir < 3 ? c : n, hi = dir < 3 ? n : c;
            int old_lo = abalone_net_colour_at(before, lo);
            int old_hi = abalone_net_colour_at(before, hi);
            int new_lo = abalone_net_colour_at(after, lo);
            int new_hi = abalone_net_colour_at(after, hi);
            bool was = old_lo >= 0 && old_hi >= 0, is = new_lo >= 0 && new_hi >= 0;
            if (was && is && old_lo == new_lo && old_hi == new_hi) continue;
            for (int p = 0; p < 2; p++) {
                if (was)
                    d->sub[p][d->nsub[p]++] = abalone_net_pair_feature(p, axis, lo, old_lo, old_hi);
                if (is)
                    d->add[p][d->nadd[p]++] = abalone_net_pair_feature(p, axis, lo, new_lo, new_hi);
            }
        }
    }
}

// A move's feature changes in a feature set.
static inline void abalone_net_delta_of(const AbaloneBoard *b, Move m, AbaloneFeatures fs,
                                        AbaloneNetDelta *d)
{
    abalone_net_delta(b, m, d);
    if (fs == ABALONE_FEATURES_PAIRS) abalone_net_delta_pairs(b, m, d);
}

// The twelve symmetries of the hexagon as permutations of the features (the same for both
// perspectives, since turning the board 180 degrees commutes with each of them); the first is
// the identity. The rules of Abalone are the same under all twelve.
void abalone_net_symmetries(uint16_t perm[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS]);
// The same for a feature set: perm[k * inputs + f] (inputs: abalone_features_inputs(fs)).
void abalone_net_symmetries_of(AbaloneFeatures fs, uint16_t *perm);

// A board's image under symmetry k (0..11) of the hexagon (tests and data checks).
void abalone_board_symmetry(const AbaloneBoard *b, int k, AbaloneBoard *out);

#endif
