// SPDX-License-Identifier: MIT
// Naive reference Abalone move generator (see the header), plus random-play helpers.
#include "tests/abalone_naive.h"

#include <string.h>

#include "abalone/eval.h"
#include "abalone/movegen.h"

// The six neighbours of (r, d): (r, d+1), (r+1, d+1), (r+1, d), (r, d-1), (r-1, d-1), (r-1, d).
static const int DR[6] = {0, 1, 1, 0, -1, -1};
static const int DD[6] = {1, 1, 0, -1, -1, 0};

static bool on_board(int r, int d)
{
    return r >= 0 && r < 9 && d >= 0 && d < 9 && r - d <= 4 && d - r <= 4;
}

static int at(const NaiveBoard *n, int r, int d)
{
    return on_board(r, d) ? n->cell[r][d] : -1;
}

void naive_from_board(const AbaloneBoard *b, NaiveBoard *n)
{
    for (int r = 0; r < 9; r++)
        for (int d = 0; d < 9; d++) {
            n->cell[r][d] = -1;
            if (!on_board(r, d)) continue;
            int cell = abalone_tables.pos_cell[abalone_pos_of(r, d)];
            n->cell[r][d] = (signed char)(abalone_board_cell(b, cell) + 1);
        }
    n->side = b->side;
}

int naive_compare(const NaiveBoard *a, const NaiveBoard *b)
{
    int c = memcmp(a->cell, b->cell, sizeof a->cell);
    return c ? c : (a->side > b->side) - (a->side < b->side);
}

static void emit(const NaiveBoard *after, NaiveBoard *out, int *count, int max)
{
    g_assert_cmpint(*count, <, max);
    out[*count] = *after;
    out[*count].side = 1 - after->side;
    (*count)++;
}

// Tries the in-line move of k marbles with tail (r, d) in direction dir.
static void try_inline(const NaiveBoard *n, int r, int d, int dir, int k, NaiveBoard *out,
                       int *count, int max)
{
    int me = n->side + 1, them = 2 - n->side;
    for (int i = 0; i < k; i++)
        if (at(n, r + i * DR[dir], d + i * DD[dir]) != me) return;
    int fr = r + k * DR[dir], fd = d + k * DD[dir];
    int front = at(n, fr, fd);
    if (front == -1 || front == me) return;
    int pushed = 0;
    if (front == them) {
        while (at(n, fr + pushed * DR[dir], fd + pushed * DD[dir]) == them) pushed++;
        int beyond = at(n, fr + pushed * DR[dir], fd + pushed * DD[dir]);
        if (pushed >= k || beyond == me) return; // sumito needs more marbles; own blocks
    }
    NaiveBoard after = *n;
    // Shift the whole line (own marbles and pushed ones) one step, from the far end back.
    int len = k + pushed;
    for (int i = len - 1; i >= 0; i--) {
        int sr = r + i * DR[dir], sd = d + i * DD[dir];
        int tr = sr + DR[dir], td = sd + DD[dir];
        if (on_board(tr, td)) after.cell[tr][td] = n->cell[sr][sd];
    }
    after.cell[r][d] = 0;
    emit(&after, out, count, max);
}

static void try_broadside(const NaiveBoard *n, int r, int d, int axis, int dir, int k,
                          NaiveBoard *out, int *count, int max)
{
    int me = n->side + 1;
    for (int i = 0; i < k; i++) {
        int gr = r + i * DR[axis], gd = d + i * DD[axis];
        if (at(n, gr, gd) != me || at(n, gr + DR[dir], gd + DD[dir]) != 0) return;
    }
    NaiveBoard after = *n;
    for (int i = 0; i < k; i++) after.cell[r + i * DR[axis]][d + i * DD[axis]] = 0;
    for (int i = 0; i < k; i++)
        after.cell[r + i * DR[axis] + DR[dir]][d + i * DD[axis] + DD[dir]] = (signed char)me;
    emit(&after, out, count, max);
}

int naive_successors(const NaiveBoard *n, NaiveBoard *out, int max)
{
    int count = 0;
    for (int r = 0; r < 9; r++)
        for (int d = 0; d < 9; d++) {
            if (at(n, r, d) != n->side + 1) continue;
            for (int dir = 0; dir < 6; dir++)
                for (int k = 1; k <= 3; k++) try_inline(n, r, d, dir, k, out, &count, max);
            // Broadside groups are counted once, from their end with the lowest (r, d) along
            // one of the axes E, NE, NW; they move in the four other directions.
            for (int axis = 0; axis < 3; axis++)
                for (int dir = 0; dir < 6; dir++) {
                    if (dir == axis || dir == axis + 3) continue;
                    for (int k = 2; k <= 3; k++)
                        try_broadside(n, r, d, axis, dir, k, out, &count, max);
                }
        }
    return count;
}

Move test_random_move(const AbaloneBoard *b, GRand *rng, double push_bias)
{
    Move moves[ABALONE_MAX_MOVES], pushes[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves), np = 0;
    if (n == 0) return MOVE_NONE;
    for (int i = 0; i < n; i++)
        if (ABALONE_MOVE_PUSHED(moves[i])) pushes[np++] = moves[i];
    if (np && g_rand_double(rng) < push_bias) return pushes[g_rand_int_range(rng, 0, np)];
    return moves[g_rand_int_range(rng, 0, n)];
}

void test_random_position(AbaloneBoard *b, GRand *rng, int n_black, int n_white, int side)
{
    int cells[ABALONE_CELLS];
    for (int i = 0; i < ABALONE_CELLS; i++) cells[i] = i;
    for (int i = ABALONE_CELLS - 1; i > 0; i--) {
        int j = g_rand_int_range(rng, 0, i + 1), t = cells[i];
        cells[i] = cells[j];
        cells[j] = t;
    }
    abalone_board_clear(b);
    for (int i = 0; i < n_black + n_white; i++)
        abalone_board_set_cell(b, cells[i], i < n_black ? ABALONE_BLACK : ABALONE_WHITE);
    b->side = side;
    b->key = abalone_board_compute_key(b);
}

Move test_random_ejecting_move(const AbaloneBoard *b, GRand *rng)
{
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_ejections(b, moves);
    if (n && g_rand_int_range(rng, 0, 4)) return moves[g_rand_int_range(rng, 0, n)];
    n = abalone_gen_moves(b, moves);
    return n ? moves[g_rand_int_range(rng, 0, n)] : MOVE_NONE;
}
