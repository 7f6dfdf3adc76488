// SPDX-License-Identifier: MIT
// The fast Go board against the naive reference over random games on 9x9, 19x19 and small
// boards under every ko and suicide rule: legal move sets, the board after every legal move,
// captures, keys recomputed from scratch, play/undo restoring everything, no duplicates; the
// list of strings in atari that play keeps against a count of every string's liberties.
#include <string.h>

#include "go/game.h"
#include "go/movegen.h"
#include "tests/go_naive.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

typedef struct {
    long positions, moves, capture_moves, ko_positions, superko_bans, suicides_played, suicide_bans,
        big[GO_MAX_SIZE + 1];
} Stats;

// The key of a naive grid and side, from the Zobrist tables alone.
static Key key_of_grid(const GoBoard *b, const uint8_t *grid, int side, int ko, int passes)
{
    Key k = 0;
    for (int i = 0; i < b->size * b->size; i++)
        if (grid[i]) k ^= go_tables.zobrist[grid[i]][go_point(b, i % b->size, i / b->size)];
    return k ^ (side == GO_WHITE ? go_tables.side : 0) ^ go_tables.ko[ko] ^
           go_tables.passes[passes < 2 ? passes : 2];
}

// Compares one position's legal moves, and every successor, with the naive board.
static void compare_position(GoBoard *b, const NaiveGo *naive, Stats *st)
{
    int n2 = b->size * b->size;
    Move moves[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves);
    g_assert_cmpuint(moves[n - 1], ==, GO_PASS);
    g_assert_cmpint(go_board_count_points(b), ==, n - 1);
    uint8_t legal[GO_MAX_POINTS] = {0};
    for (int i = 0; i < n - 1; i++) {
        int idx = go_move_index(b, moves[i]);
        g_assert_cmpint(legal[idx], ==, 0); // no duplicates
        legal[idx] = 1;
        g_assert_true(go_board_is_legal(b, moves[i]));
    }
    GoBoard before = *b;
    uint8_t grid_before[GO_MAX_POINTS];
    go_test_grid(b, grid_before);
    Key key_before = go_board_key(b);
    for (int i = 0; i < n2; i++) {
        uint8_t after[NAIVE_MAX];
        int caps = 0;
        bool ok = naive_go_try(naive, i, after, &caps);
        Move m = go_move_from_index(b, i);
        g_assert_cmpint(ok, ==, legal[i]);
        g_assert_cmpint(go_board_is_legal(b, m), ==, ok);
        if (!ok) {
            if (b->color[m] == GO_EMPTY && (int)m != b->ko) {
                // Illegal only because of superko, or a suicide (which may repeat as well).
                GoBoard simple;
                GoMoveEffect e;
                go_board_copy_position(&simple, b);
                go_move_effect(b, (int)m, b->side, &e);
                st->superko_bans += !e.suicide && go_board_point_legal(&simple, (int)m);
                st->suicide_bans += e.suicide;
            }
            continue;
        }
        GoUndo u;
        go_board_play(b, m, &u);
        uint8_t got[GO_MAX_POINTS];
        go_test_grid(b, got);
        g_assert_cmpint(memcmp(got, after, (size_t)n2), ==, 0);
        g_assert_cmpint(b->captures[before.side] - before.captures[before.side], ==, caps);
        g_assert_cmpuint(go_board_key(b), ==, key_of_grid(b, after, b->side, b->ko, b->passes));
        st->capture_moves += caps > 0;
        go_board_undo(b, m, &u);
        g_assert_true(go_board_same_position(b, &before));
        g_assert_cmpuint(go_board_key(b), ==, key_before);
        g_assert_cmpint(b->empty_count, ==, before.empty_count);
        g_assert_cmpint(memcmp(b->empty, before.empty, sizeof(uint16_t) * (size_t)b->empty_count),
                        ==, 0);
        g_assert_cmpint(b->captures[GO_BLACK], ==, before.captures[GO_BLACK]);
        g_assert_cmpint(b->captures[GO_WHITE], ==, before.captures[GO_WHITE]);
    }
    uint8_t grid_after_undo[GO_MAX_POINTS];
    go_test_grid(b, grid_after_undo);
    g_assert_cmpint(memcmp(grid_before, grid_after_undo, (size_t)n2), ==, 0);
    st->positions++;
    st->moves += n;
    st->ko_positions += b->ko != 0;
}

// One random game of at most max_positions positions; returns the positions visited.
static int play_game(GRand *rng, int size, int ko, int suicide, int max_positions, Stats *st)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.ko = ko;
    rules.suicide = suicide;
    GoGame g;
    go_game_init(&g, size, &rules);
    NaiveGo naive;
    naive_go_init(&naive, size, ko, suicide);
    GoRandomBias bias = {size <= 5 ? 0.05 : 0.01, g_rand_double_range(rng, 0.2, 0.9), 0.3};
    int seen = 0;
    while (seen < max_positions && !go_board_game_over(&g.board) && go_game_length(&g) < 400) {
        compare_position(&g.board, &naive, st);
        seen++;
        Move m = go_test_random_move(&g.board, rng, &bias);
        if (m != GO_PASS) {
            GoMoveEffect e;
            go_move_effect(&g.board, (int)m, g.board.side, &e);
            st->suicides_played += e.suicide;
        }
        g_assert_true(go_game_play(&g, g.board.side, m));
        naive_go_play(&naive, m == GO_PASS ? -1 : go_move_index(&g.board, m));
        go_test_check_structures(&g.board);
        uint8_t got[GO_MAX_POINTS];
        go_test_grid(&g.board, got);
        g_assert_cmpint(memcmp(got, naive.grid, (size_t)(size * size)), ==, 0);
        g_assert_cmpint(g.board.captures[GO_BLACK], ==, naive.captures[GO_BLACK]);
        g_assert_cmpint(g.board.captures[GO_WHITE], ==, naive.captures[GO_WHITE]);
    }
    naive_go_free(&naive);
    go_game_free(&g);
    return seen;
}

static void test_naive_reference(void)
{
    GRand *rng = test_rand();
    Stats st = {0};
    // 9x9 and 19x19 positions (the main count), then small boards, each rule combination.
    const int sizes[] = {9, 19, 2, 3, 4, 5, 6, 7};
    const long want[] = {TEST_SCALED(70000), TEST_SCALED(30000), TEST_SCALED(1000),
                         TEST_SCALED(3000),  TEST_SCALED(4000),  TEST_SCALED(4000),
                         TEST_SCALED(4000),  TEST_SCALED(4000)};
    for (int s = 0; s < (int)G_N_ELEMENTS(sizes); s++) {
        long seen = 0;
        for (int game = 0; seen < want[s]; game++) {
            int ko = game % 3, suicide = (game / 3) % 3;
            seen += play_game(rng, sizes[s], ko, suicide, (int)MIN(want[s] - seen, 400), &st);
        }
        st.big[sizes[s]] = seen;
    }
    g_test_message("%ld positions (%ld on 9x9, %ld on 19x19), %ld legal moves, %ld capturing, "
                   "%ld ko positions, %ld superko bans, %ld suicides played, %ld suicide bans",
                   st.positions, st.big[9], st.big[19], st.moves, st.capture_moves, st.ko_positions,
                   st.superko_bans, st.suicides_played, st.suicide_bans);
    g_assert_cmpint(st.big[9] + st.big[19], >=, TEST_SCALED(100000));
    g_assert_cmpint(st.capture_moves, >, 0);
    g_assert_cmpint(st.ko_positions, >, 0);
    g_assert_cmpint(st.superko_bans, >, 0);
    g_assert_cmpint(st.suicides_played, >, 0);
    g_assert_cmpint(st.suicide_bans, >, 0);
    g_rand_free(rng);
}

// Random lines of up to 30 moves played with play and taken back with undo, under every
// rule: each level restores the exact position, empty-list order and structures.
static void test_deep_undo(void)
{
    GRand *rng = test_rand();
    GoRandomBias bias = {0.02, 0.7, 0.3};
    long lines = 0, captures = 0;
    for (int game = 0; game < TEST_SCALED(600); game++) {
        GoRules rules;
        go_rules_default(&rules);
        rules.ko = game % 3;
        rules.suicide = (game / 3) % 3;
        const int sizes[] = {3, 4, 5, 7, 9, 13, 19};
        GoGame g;
        go_game_init(&g, sizes[g_rand_int_range(rng, 0, 7)], &rules);
        int prefix = g_rand_int_range(rng, 0, 2 * g.board.size * g.board.size);
        for (int i = 0; i < prefix && !go_board_game_over(&g.board); i++)
            go_game_play(&g, g.board.side, go_test_random_move(&g.board, rng, &bias));
        GoBoard *saved = g_new(GoBoard, 30);
        GoUndo *undo = g_new(GoUndo, 30);
        Move line[30];
        int depth = 0;
        int history_len = g.history.len;
        for (; depth < 30 && !go_board_game_over(&g.board); depth++) {
            saved[depth] = g.board;
            line[depth] = go_test_random_move(&g.board, rng, &bias);
            go_board_play(&g.board, line[depth], &undo[depth]);
            captures += undo[depth].cap_total > 0;
            go_test_check_structures(&g.board);
        }
        while (depth-- > 0) {
            go_board_undo(&g.board, line[depth], &undo[depth]);
            const GoBoard *want = &saved[depth];
            go_test_check_structures(&g.board);
            g_assert_true(go_board_same_position(&g.board, want));
            g_assert_cmpint(g.board.empty_count, ==, want->empty_count);
            g_assert_cmpint(memcmp(g.board.empty, want->empty, 2 * (size_t)want->empty_count), ==,
                            0);
            g_assert_cmpuint(go_board_key(&g.board), ==, go_board_key(want));
        }
        g_assert_cmpint(g.history.len, ==, history_len);
        lines++;
        g_free(saved);
        g_free(undo);
        go_game_free(&g);
    }
    g_test_message("%ld lines, %ld capturing moves", lines, captures);
    g_assert_cmpint(captures, >, 0);
    g_rand_free(rng);
}

// Checks b's list of strings in atari just after go_board_ataris: distinct cells, the heads of
// strings with one liberty (counted as distinct empty neighbours, not from the
// pseudo-liberties), and every such string's head among them. Returns their number.
static int check_atari_list(const GoBoard *b)
{
    uint8_t listed[GO_MAX_CELLS] = {0};
    g_assert_cmpint(b->atari_n, >=, 0);
    for (int i = 0; i < b->atari_n; i++) {
        int h = b->atari[i];
        g_assert_true(go_board_on_board(b, (Move)h));
        g_assert_cmpint(listed[h], ==, 0);
        listed[h] = 1;
        g_assert_true(b->color[h] == GO_BLACK || b->color[h] == GO_WHITE);
        g_assert_cmpint(b->head[h], ==, h);
        g_assert_cmpint(go_board_string_liberties(b, h), ==, 1);
    }
    int strings = 0;
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] != GO_BLACK && b->color[p] != GO_WHITE) continue;
        if (b->head[p] != p || go_board_string_liberties(b, p) != 1) continue;
        if (!listed[p]) g_error("the string with head %d, in atari, is not listed", p);
        strings++;
    }
    g_assert_cmpint(strings, ==, b->atari_n);
    return strings;
}

// Random games under every rule with the list of strings in atari asked for after most moves:
// it is exact each time, whether brought up to date from the last move (most calls) or scanned
// again (the first call, after a move it did not see, after an undo, which stops keeping it).
static void test_atari_list(void)
{
    GRand *rng = test_rand();
    GoRandomBias bias = {0.02, 0.5, 0.3};
    long checked = 0, ataris = 0, incremental = 0, undos = 0;
    for (int game = 0; game < TEST_SCALED(400); game++) {
        GoRules rules;
        go_rules_default(&rules);
        rules.ko = game % 3;
        rules.suicide = (game / 3) % 3;
        const int sizes[] = {3, 5, 7, 9, 13, 19};
        GoGame g;
        go_game_init(&g, sizes[g_rand_int_range(rng, 0, 6)], &rules);
        GoBoard *b = &g.board;
        for (int ply = 0; ply < 3 * b->size * b->size && !go_board_game_over(b); ply++) {
            if (g_rand_int_range(rng, 0, 10) == 0) { // a move tried, its list, and taken back
                GoUndo u;
                Move tried = go_test_random_move(b, rng, &bias);
                go_board_play(b, tried, &u);
                go_board_ataris(b);
                ataris += check_atari_list(b);
                go_board_undo(b, tried, &u);
                g_assert_cmpint(b->atari_n, ==, -1);
                undos++;
            }
            go_game_play(&g, b->side, go_test_random_move(b, rng, &bias));
            if (g_rand_int_range(rng, 0, 8) == 0) continue; // a move the list does not see
            incremental += b->atari_n >= 0 && b->ply == b->atari_ply + 1;
            go_board_ataris(b);
            ataris += check_atari_list(b);
            checked++;
        }
        go_game_free(&g);
    }
    g_test_message("%ld positions, %ld strings in atari, %ld lists brought up to date, %ld undos",
                   checked, ataris, incremental, undos);
    g_assert_cmpint(checked, >=, TEST_SCALED(10000));
    g_assert_cmpint(ataris, >, checked / 10);
    g_assert_cmpint(incremental, >, checked / 2);
    g_assert_cmpint(undos, >, 0);
    g_rand_free(rng);
}

// A setup may leave a string without a liberty: Black's A1 between White's A2 and B1. Black's
// C1 takes B1 and gives A1 a liberty away from C1; the list has it all the same.
static void test_atari_list_setup(void)
{
    GoBoard b;
    go_board_init(&b, 5);
    const int black[] = {go_point(&b, 0, 0), go_point(&b, 1, 1)};
    const int white[] = {go_point(&b, 0, 1), go_point(&b, 1, 0)};
    go_board_set_stones(&b, black, 2, GO_BLACK);
    go_board_set_stones(&b, white, 2, GO_WHITE);
    g_assert_cmpint(b.str[b.head[black[0]]].libs, ==, 0);
    g_assert_cmpint(go_board_ataris(&b), ==, 2); // White's A2 and B1
    go_board_play(&b, (Move)go_point(&b, 2, 0), NULL);
    g_assert_cmpint(b.color[white[1]], ==, GO_EMPTY);
    g_assert_cmpint(go_board_ataris(&b), ==, 2); // White's A2 and Black's A1
    check_atari_list(&b);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/board/naive-reference", test_naive_reference);
    g_test_add_func("/go/board/deep-undo", test_deep_undo);
    g_test_add_func("/go/board/atari-list", test_atari_list);
    g_test_add_func("/go/board/atari-list-setup", test_atari_list_setup);
    return g_test_run();
}
