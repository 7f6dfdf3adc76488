// SPDX-License-Identifier: MIT
// The fast move generator against the naive reference, and its invariants over random play:
// make/unmake, incremental keys, no duplicates, notation round trips, the move index.
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

typedef void (*PositionCheck)(AbaloneBoard *b, void *data);

// Visits `want` positions: most from random games over every layout (pushes favoured so
// that marbles get ejected and games reach their end), the rest random scatters of 8 to 14
// marbles a side, which reach odd endgames.
static void for_random_positions(int want, PositionCheck check, void *data)
{
    GRand *rng = test_rand();
    int seen = 0;
    while (seen < want) {
        AbaloneBoard b;
        if (g_rand_int_range(rng, 0, 10) < 3) {
            test_random_position(&b, rng, g_rand_int_range(rng, 8, 15),
                                 g_rand_int_range(rng, 8, 15), g_rand_int_range(rng, 0, 2));
            check(&b, data);
            seen++;
            continue;
        }
        abalone_board_set_layout(&b, abalone_layout_name(g_rand_int_range(rng, 0, 5)));
        double bias = g_rand_double_range(rng, 0.2, 0.9);
        for (int ply = 0; ply < 400 && seen < want; ply++) {
            check(&b, data);
            seen++;
            if (abalone_board_decided(&b)) break;
            Move m = test_random_move(&b, rng, bias);
            if (m == MOVE_NONE) break;
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
        }
    }
    g_rand_free(rng);
}

static int cmp_naive(const void *a, const void *b)
{
    return naive_compare(a, b);
}

typedef struct {
    int positions, moves, ejections, decided;
} NaiveStats;

static void check_against_naive(AbaloneBoard *b, void *data)
{
    NaiveStats *st = data;
    NaiveBoard root, *ref = g_new0(NaiveBoard, ABALONE_MAX_MOVES),
                     *got = g_new0(NaiveBoard, ABALONE_MAX_MOVES);
    naive_from_board(b, &root);
    int n_ref = naive_successors(&root, ref, ABALONE_MAX_MOVES);
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    g_assert_cmpint(n, ==, n_ref);
    g_assert_cmpint(abalone_count_moves(b), ==, n);
    for (int i = 0; i < n; i++) {
        AbaloneUndo u;
        abalone_board_make(b, moves[i], &u);
        naive_from_board(b, &got[i]);
        abalone_board_unmake(b, moves[i], &u);
        st->ejections += ABALONE_MOVE_EJECTS(moves[i]);
    }
    qsort(ref, (size_t)n_ref, sizeof *ref, cmp_naive);
    qsort(got, (size_t)n, sizeof *got, cmp_naive);
    for (int i = 0; i < n; i++) g_assert_cmpint(naive_compare(&ref[i], &got[i]), ==, 0);
    for (int i = 1; i < n; i++) g_assert_cmpint(naive_compare(&got[i - 1], &got[i]), !=, 0);
    st->positions++;
    st->moves += n;
    st->decided += abalone_board_decided(b);
    g_free(ref);
    g_free(got);
}

static void test_naive_equal(void)
{
    NaiveStats st = {0};
    for_random_positions(TEST_SCALED(100000), check_against_naive, &st);
    g_test_message("%d positions, %d moves, %d ejecting moves, %d decided positions", st.positions,
                   st.moves, st.ejections, st.decided);
    g_assert_cmpint(st.positions, >=, TEST_SCALED(100000));
    g_assert_cmpint(st.ejections, >, 0);
    g_assert_cmpint(st.decided, >, 0);
}

static void check_make_unmake(AbaloneBoard *b, void *data)
{
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    AbaloneBoard before = *b;
    g_assert_cmpuint(b->key, ==, abalone_board_compute_key(b));
    for (int i = 0; i < n; i++) {
        AbaloneUndo u;
        abalone_board_make(b, moves[i], &u);
        g_assert_cmpuint(b->key, ==, abalone_board_compute_key(b));
        g_assert_true((b->bb[0] & b->bb[1]) == 0);
        g_assert_true(((b->bb[0] | b->bb[1]) & ~abalone_tables.valid) == 0);
        int lost =
            abalone_board_lost(b, before.side ^ 1) - abalone_board_lost(&before, before.side ^ 1);
        g_assert_cmpint(lost, ==, ABALONE_MOVE_EJECTS(moves[i]));
        // A move never puts one of the mover's own marbles off the board.
        g_assert_cmpint(abalone_board_lost(b, before.side), ==,
                        abalone_board_lost(&before, before.side));
        abalone_board_unmake(b, moves[i], &u);
        g_assert_true(abalone_board_equal(b, &before));
        g_assert_cmpuint(b->key, ==, before.key);
        g_assert_cmpint(b->ply, ==, before.ply);
    }
}

static void test_make_unmake(void)
{
    for_random_positions(TEST_SCALED(20000), check_make_unmake, NULL);
}

static void check_notation(AbaloneBoard *b, void *data)
{
    int *shared = data;
    if (abalone_board_decided(b)) return; // nobody may move: the parser refuses every move
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    for (int i = 0; i < n; i++) {
        char text[ABALONE_MOVE_TEXT];
        GError *err = NULL;
        abalone_move_format(b, moves[i], ABALONE_NOTATION_ABAPRO, text);
        g_assert_true(strlen(text) == 4 || strlen(text) == 6);
        Move back = abalone_move_parse(b, text, ABALONE_NOTATION_ABAPRO, &err);
        g_assert_no_error(err);
        g_assert_cmpuint(back, ==, moves[i]);
        char upper[ABALONE_MOVE_TEXT];
        for (int k = 0; k <= (int)strlen(text); k++) upper[k] = g_ascii_toupper(text[k]);
        g_assert_cmpuint(abalone_move_parse(b, upper, ABALONE_NOTATION_ABAPRO, NULL), ==, moves[i]);
        abalone_move_format(b, moves[i], ABALONE_NOTATION_FFTL, text);
        *shared += strlen(text) == 6; // FFTL shares its text with another move: Aba-Pro used
        back = abalone_move_parse(b, text, ABALONE_NOTATION_FFTL, &err);
        g_assert_no_error(err);
        g_assert_cmpuint(back, ==, moves[i]);
    }
}

static void test_notation_roundtrip(void)
{
    int shared = 0;
    for_random_positions(TEST_SCALED(20000), check_notation, &shared);
    g_test_message("broadsides whose FFTL text another move shares: %d", shared);
}

static void check_index(AbaloneBoard *b, void *data)
{
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    Move by_index[ABALONE_MOVE_INDICES] = {0};
    for (int i = 0; i < n; i++) by_index[ABALONE_MOVE_INDEX(moves[i])] = moves[i];
    for (int idx = 0; idx < ABALONE_MOVE_INDICES; idx++)
        g_assert_cmpuint(abalone_board_move_from_index(b, idx), ==, by_index[idx]);
}

static void test_move_index(void)
{
    int by_count[4] = {0}, inl = 0;
    for (int i = 0; i < ABALONE_MOVE_INDICES; i++) {
        const AbaloneMoveInfo *mi = &abalone_tables.move[i];
        by_count[mi->count]++;
        inl += mi->axis == ABALONE_AXIS_INLINE && mi->count > 1;
    }
    g_assert_cmpint(by_count[1], ==, 312);
    g_assert_cmpint(by_count[2], ==, 786);
    g_assert_cmpint(by_count[3], ==, 636);
    g_assert_cmpint(inl, ==, 258 + 204);
    for_random_positions(TEST_SCALED(5000), check_index, NULL);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/movegen/naive-reference", test_naive_equal);
    g_test_add_func("/abalone/movegen/make-unmake-key", test_make_unmake);
    g_test_add_func("/abalone/movegen/notation-roundtrip", test_notation_roundtrip);
    g_test_add_func("/abalone/movegen/move-index", test_move_index);
    return g_test_run();
}
