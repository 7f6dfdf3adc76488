// SPDX-License-Identifier: MIT
// Random Go games, positions from rows of text and structure checks shared by the Go tests.
#include "tests/go_random.h"

#include <string.h>

#include "go/movegen.h"

Move go_test_random_move(const GoBoard *b, GRand *rng, const GoRandomBias *bias)
{
    Move moves[GO_MAX_MOVES], caps[GO_MAX_MOVES], sui[GO_MAX_MOVES], quiet[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves) - 1, nc = 0, ns = 0, nq = 0;
    for (int i = 0; i < n; i++) {
        GoMoveEffect e;
        go_move_effect(b, (int)moves[i], b->side, &e);
        if (e.captured) caps[nc++] = moves[i];
        if (e.suicide) sui[ns++] = moves[i];
        if (!go_board_is_eye(b, (int)moves[i], b->side)) quiet[nq++] = moves[i];
    }
    if (n == 0 || g_rand_double(rng) < bias->pass) return GO_PASS;
    if (nc && g_rand_double(rng) < bias->capture) return caps[g_rand_int_range(rng, 0, nc)];
    if (ns && g_rand_double(rng) < bias->suicide) return sui[g_rand_int_range(rng, 0, ns)];
    if (nq) return quiet[g_rand_int_range(rng, 0, nq)];
    return g_rand_double(rng) < 0.5 ? GO_PASS : moves[g_rand_int_range(rng, 0, n)];
}

void go_test_grid(const GoBoard *b, uint8_t *grid)
{
    memset(grid, 0, GO_MAX_POINTS);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) grid[y * b->size + x] = b->color[go_point(b, x, y)];
}

static void check_string(const GoBoard *b, int p, uint8_t *done)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int h = b->head[p], c = b->color[p];
    g_assert_cmpint(b->color[h], ==, c);
    // Flood fill from p; every stone found must have head h.
    uint8_t in[GO_MAX_CELLS] = {0};
    int stack[GO_MAX_POINTS], top = 0, stones = 0;
    GoString want = {0, 0, 0, 0};
    in[p] = 1;
    stack[top++] = p;
    while (top) {
        int s = stack[--top];
        stones++;
        g_assert_cmpint(b->head[s], ==, h);
        done[s] = 1;
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (b->color[q] == GO_EMPTY) go_lib_add(&want, q);
            if (b->color[q] == c && !in[q]) in[q] = 1, stack[top++] = q;
        }
    }
    // The ring visits exactly these stones.
    int ring = 0, s = h;
    do {
        g_assert_cmpint(in[s], ==, 1);
        ring++;
        s = b->next[s];
        g_assert_cmpint(ring, <=, stones);
    } while (s != h);
    g_assert_cmpint(ring, ==, stones);
    const GoString *got = &b->str[h];
    g_assert_cmpint(got->stones, ==, stones);
    g_assert_cmpint(got->libs, ==, want.libs);
    g_assert_cmpuint(got->lib_sum, ==, want.lib_sum);
    g_assert_cmpuint(got->lib_sq, ==, want.lib_sq);
    g_assert_cmpint(go_string_in_atari(got), ==, go_board_string_liberties(b, p) == 1);
}

void go_test_check_structures(const GoBoard *b)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    uint8_t done[GO_MAX_CELLS] = {0}, listed[GO_MAX_CELLS] = {0};
    int empties = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i];
        g_assert_cmpint(b->color[p], ==, GO_EMPTY);
        g_assert_cmpint(b->empty_at[p], ==, i);
        g_assert_cmpint(listed[p], ==, 0);
        listed[p] = 1;
    }
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] == GO_OFF) continue;
        int count[4] = {0};
        for (int k = 0; k < 4; k++) count[b->color[p + d[k]]]++;
        for (int c = 0; c < 4; c++) g_assert_cmpint(go_nbr_count(b, p, c), ==, count[c]);
        if (b->color[p] == GO_EMPTY) {
            empties++;
            g_assert_cmpint(listed[p], ==, 1);
        } else if (!done[p]) {
            check_string(b, p, done);
        }
    }
    g_assert_cmpint(empties, ==, b->empty_count);
    g_assert_cmpuint(go_board_key(b), ==, go_board_compute_key(b));
}

void go_test_game_from_rows(GoGame *g, const char *const *rows, int size, int side, double komi)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.komi = komi;
    go_game_init(g, size, &rules);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            char c = rows[size - 1 - y][x];
            if (c == '.') continue;
            g_assert_true(
                go_game_setup(g, go_point(&g->board, x, y), c == 'X' ? GO_BLACK : GO_WHITE, NULL));
        }
    go_game_set_side(g, side);
}
