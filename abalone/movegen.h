// SPDX-License-Identifier: MIT
// Abalone move generation on bitboards. For each direction the legal groups are found as
// whole sets with a handful of shifts (one shift moves every marble one step), so moves can
// be counted with popcounts, without producing them (perft's bulk counting), or produced.
//
// Notation inside: pre(X, s) is the set of cells c whose neighbour c + s lies in X. For a
// direction s, O own marbles, P opposing marbles, E empty cells and N cells that are not
// occupied (empty or off the board):
//   single marble        O & pre(E, s)
//   2 in line            T2 & pre(E, 2s)                          T2 = O & pre(O, s)
//   2 push 1             T2 & pre(P, 2s) & pre(N, 3s)
//   3 in line            T3 & pre(E, 3s)                          T3 = T2 & pre(O, 2s)
//   3 push 1             T3 & pre(P, 3s) & pre(N, 4s)
//   3 push 2             T3 & pre(P, 3s) & pre(P, 4s) & pre(N, 5s)
// A pushed marble whose next cell is off the board is ejected; an own marble behind the
// pushed ones (not in N) blocks. Broadside groups along axis t moving in s need every
// destination empty: B2 = O & pre(O, t) & pre(E, s) & pre(E, s + t), and likewise for three.
#ifndef ABALONE_MOVEGEN_H
#define ABALONE_MOVEGEN_H

#include "abalone/board.h"

static inline AbaloneBits abalone_pre(AbaloneBits x, int step)
{
    return step > 0 ? x >> step : x << -step;
}

// The four broadside directions of each axis (every direction but the axis and its opposite).
static const uint8_t abalone_broad_dirs[3][4] = {{1, 2, 4, 5}, {0, 2, 3, 5}, {0, 1, 3, 4}};

static inline int abalone_count_inline_dir(AbaloneBits O, AbaloneBits P, AbaloneBits E,
                                           AbaloneBits N, int s)
{
    AbaloneBits t2 = O & abalone_pre(O, s);
    AbaloneBits t3 = t2 & abalone_pre(O, 2 * s);
    AbaloneBits p3 = abalone_pre(P, 3 * s);
    AbaloneBits n4 = abalone_pre(N, 4 * s);
    AbaloneBits one = O & abalone_pre(E, s);
    AbaloneBits two =
        t2 & (abalone_pre(E, 2 * s) | (abalone_pre(P, 2 * s) & abalone_pre(N, 3 * s)));
    AbaloneBits three = t3 & (abalone_pre(E, 3 * s) |
                              (p3 & (n4 | (abalone_pre(P, 4 * s) & abalone_pre(N, 5 * s)))));
    return abalone_popcount(one) + abalone_popcount(two) + abalone_popcount(three);
}

static inline int abalone_count_broad_axis(AbaloneBits O, const AbaloneBits *epre, int axis)
{
    int t = abalone_dir_step[axis];
    AbaloneBits pair = O & abalone_pre(O, t);
    AbaloneBits trio = pair & abalone_pre(O, 2 * t);
    int n = 0;
    for (int k = 0; k < 4; k++) {
        AbaloneBits em = epre[abalone_broad_dirs[axis][k]];
        AbaloneBits two = pair & em & abalone_pre(em, t);
        n += abalone_popcount(two) + abalone_popcount(two & trio & abalone_pre(em, 2 * t));
    }
    return n;
}

// Number of legal moves for the side to move (the caller handles decided games).
static inline int abalone_count_moves(const AbaloneBoard *b)
{
    AbaloneBits O = b->bb[b->side], P = b->bb[b->side ^ 1];
    AbaloneBits N = ~(O | P), E = N & abalone_tables.valid;
    AbaloneBits epre[6];
    int n = 0;
    for (int d = 0; d < 6; d++) {
        epre[d] = abalone_pre(E, abalone_dir_step[d]);
        n += abalone_count_inline_dir(O, P, E, N, abalone_dir_step[d]);
    }
    for (int axis = 0; axis < 3; axis++) n += abalone_count_broad_axis(O, epre, axis);
    return n;
}

static inline int abalone_emit(Move *out, int n, AbaloneBits set, const int16_t *index, int pushed)
{
    while (set) {
        int idx = index[abalone_lsb(set)];
        int ej = pushed ? abalone_tables.move[idx].ejects[pushed - 1] : 0;
        out[n++] = abalone_move_encode(idx, pushed, ej);
        set &= set - 1;
    }
    return n;
}

static inline int abalone_gen_inline_dir(Move *out, int n, AbaloneBits O, AbaloneBits P,
                                         AbaloneBits E, AbaloneBits N, int dir)
{
    int s = abalone_dir_step[dir];
    const int16_t(*idx)[6][128] = abalone_tables.inline_index;
    AbaloneBits t2 = O & abalone_pre(O, s);
    AbaloneBits t3 = t2 & abalone_pre(O, 2 * s);
    AbaloneBits p3 = t3 & abalone_pre(P, 3 * s);
    n = abalone_emit(out, n, O & abalone_pre(E, s), idx[0][dir], 0);
    n = abalone_emit(out, n, t2 & abalone_pre(E, 2 * s), idx[1][dir], 0);
    n = abalone_emit(out, n, t2 & abalone_pre(P, 2 * s) & abalone_pre(N, 3 * s), idx[1][dir], 1);
    n = abalone_emit(out, n, t3 & abalone_pre(E, 3 * s), idx[2][dir], 0);
    n = abalone_emit(out, n, p3 & abalone_pre(N, 4 * s), idx[2][dir], 1);
    n = abalone_emit(out, n, p3 & abalone_pre(P, 4 * s) & abalone_pre(N, 5 * s), idx[2][dir], 2);
    return n;
}

static inline int abalone_gen_broad_axis(Move *out, int n, AbaloneBits O, const AbaloneBits *epre,
                                         int axis)
{
    int t = abalone_dir_step[axis];
    AbaloneBits pair = O & abalone_pre(O, t);
    AbaloneBits trio = pair & abalone_pre(O, 2 * t);
    for (int k = 0; k < 4; k++) {
        int dir = abalone_broad_dirs[axis][k];
        AbaloneBits em = epre[dir];
        AbaloneBits two = pair & em & abalone_pre(em, t);
        n = abalone_emit(out, n, two, abalone_tables.broad_index[0][axis][dir], 0);
        n = abalone_emit(out, n, two & trio & abalone_pre(em, 2 * t),
                         abalone_tables.broad_index[1][axis][dir], 0);
    }
    return n;
}

// Writes every legal move of the side to move into out (room for ABALONE_MAX_MOVES) and
// returns their number. The caller handles decided games.
static inline int abalone_gen_moves(const AbaloneBoard *b, Move *out)
{
    AbaloneBits O = b->bb[b->side], P = b->bb[b->side ^ 1];
    AbaloneBits N = ~(O | P), E = N & abalone_tables.valid;
    AbaloneBits epre[6];
    int n = 0;
    for (int d = 0; d < 6; d++) {
        epre[d] = abalone_pre(E, abalone_dir_step[d]);
        n = abalone_gen_inline_dir(out, n, O, P, E, N, d);
    }
    for (int axis = 0; axis < 3; axis++) n = abalone_gen_broad_axis(out, n, O, epre, axis);
    return n;
}

#endif
