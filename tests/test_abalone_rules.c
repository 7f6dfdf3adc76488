// SPDX-License-Identifier: MIT
// One test per rule: each push, each blocked push, ejection, own marble off the board,
// broadside moves, moving 2 of 3, and the game's end (six ejected, move cap, repetition).
#include <string.h>

#include "abalone/game.h"
#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "tests/test_util.h"

static AbaloneBits fillers[2];

static int hex_distance(int a, int b)
{
    int dr = abalone_pos_row(b) - abalone_pos_row(a),
        dd = abalone_pos_diag(b) - abalone_pos_diag(a);
    return MAX(ABS(dr), MAX(ABS(dd), ABS(dr - dd)));
}

// A board with Black on the cells of `black` and White on `white` ("e4 e5"), side to move.
// Each side gets filler marbles up to 9, at least 3 steps from every named cell, so that no
// side has lost six marbles.
static void setup(AbaloneBoard *b, const char *black, const char *white, int side)
{
    abalone_board_clear(b);
    const char *lists[2] = {black, white};
    AbaloneBits named = 0;
    for (int c = 0; c < 2; c++) {
        char **cells = g_strsplit(lists[c], " ", -1);
        for (char **s = cells; *s; s++) {
            if (!**s) continue;
            int pos = abalone_pos_parse(*s);
            g_assert_cmpint(pos, >=, 0);
            b->bb[c] |= abalone_bit(pos);
            named |= abalone_bit(pos);
        }
        g_strfreev(cells);
    }
    fillers[0] = fillers[1] = 0;
    for (int cell = 0, c = 0; cell < ABALONE_CELLS && c < 2; cell++) {
        int pos = abalone_tables.cell_pos[cell];
        bool far = true;
        for (AbaloneBits x = named; x && far; x &= x - 1)
            far = hex_distance(pos, abalone_lsb(x)) >= 3;
        if (!far) continue;
        while (c < 2 && abalone_popcount(b->bb[c]) >= 9) c++;
        if (c == 2) break;
        b->bb[c] |= abalone_bit(pos);
        fillers[c] |= abalone_bit(pos);
    }
    g_assert_cmpint(abalone_popcount(b->bb[0]), >=, 9);
    g_assert_cmpint(abalone_popcount(b->bb[1]), >=, 9);
    b->side = side;
    b->key = abalone_board_compute_key(b);
}

// Plays a move that must be legal and checks the cells named afterwards.
static Move play(AbaloneBoard *b, const char *text, int pushed, int ejects)
{
    GError *err = NULL;
    Move m = abalone_move_parse(b, text, ABALONE_NOTATION_ABAPRO, &err);
    g_assert_no_error(err);
    g_assert_cmpint(ABALONE_MOVE_PUSHED(m), ==, pushed);
    g_assert_cmpint(ABALONE_MOVE_EJECTS(m), ==, ejects);
    // The generator must list it too.
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves), found = 0;
    for (int i = 0; i < n; i++) found += moves[i] == m;
    g_assert_cmpint(found, ==, 1);
    AbaloneUndo u;
    abalone_board_make(b, m, &u);
    return m;
}

static void illegal(const AbaloneBoard *b, const char *text, const char *reason)
{
    GError *err = NULL;
    Move m = abalone_move_parse(b, text, ABALONE_NOTATION_ABAPRO, &err);
    g_assert_cmpuint(m, ==, MOVE_NONE);
    g_assert_nonnull(err);
    if (!strstr(err->message, reason))
        g_error("'%s': got '%s', want '%s'", text, err->message, reason);
    g_error_free(err);
}

// The named cells hold exactly these marbles and the fillers have not moved.
static void expect(const AbaloneBoard *b, const char *black, const char *white)
{
    AbaloneBits keep[2] = {fillers[0], fillers[1]};
    AbaloneBoard want;
    setup(&want, black, white, b->side);
    for (int c = 0; c < 2; c++) {
        g_assert_true((b->bb[c] & keep[c]) == keep[c]);
        g_assert_true((want.bb[c] & ~fillers[c]) == (b->bb[c] & ~keep[c]));
    }
}

static void test_push_2v1(void)
{
    AbaloneBoard b;
    setup(&b, "e4 e5", "e6", ABALONE_BLACK);
    play(&b, "e4e5", 1, 0);
    expect(&b, "e5 e6", "e7");
}

static void test_push_3v1(void)
{
    AbaloneBoard b;
    setup(&b, "e3 e4 e5", "e6", ABALONE_BLACK);
    play(&b, "e3e4", 1, 0);
    expect(&b, "e4 e5 e6", "e7");
}

static void test_push_3v2(void)
{
    AbaloneBoard b;
    setup(&b, "c3 d4 e5", "f6 g7", ABALONE_BLACK); // along the NE line
    play(&b, "c3d4", 2, 0);
    expect(&b, "d4 e5 f6", "g7 h8");
}

static void test_push_3v1_two_beyond_occupied(void)
{
    // The cell two beyond the pushed marble holds an opposing marble: still 3v1 (it was
    // missed by one published engine).
    AbaloneBoard b;
    setup(&b, "h7 h9", "h4 h5 h6", ABALONE_WHITE);
    play(&b, "h4h5", 1, 0);
    expect(&b, "h8 h9", "h5 h6 h7");
}

static void test_ejections(void)
{
    AbaloneBoard b;
    setup(&b, "e7 e8", "e9", ABALONE_BLACK);
    play(&b, "e7e8", 1, 1);
    expect(&b, "e8 e9", "");
    setup(&b, "e5 e6 e7", "e8 e9", ABALONE_BLACK);
    play(&b, "e5e6", 2, 1);
    expect(&b, "e6 e7 e8", "e9");
    setup(&b, "c1 b1", "a1", ABALONE_BLACK); // towards SE... along the row-diagonal line
    play(&b, "c1b1", 1, 1);
    expect(&b, "b1 a1", "");
}

static void test_blocked_pushes(void)
{
    AbaloneBoard b;
    setup(&b, "e5", "e6", ABALONE_BLACK);
    illegal(&b, "e5e6", "single marble cannot push");
    setup(&b, "e4 e5", "e6 e7", ABALONE_BLACK);
    illegal(&b, "e4e5", "2 marbles cannot push 2");
    setup(&b, "e3 e4 e5", "e6 e7 e8", ABALONE_BLACK);
    illegal(&b, "e3e4", "3 marbles cannot push 3");
    setup(&b, "e2 e3 e4 e5", "e6", ABALONE_BLACK);
    illegal(&b, "e2e3", "has 4 marbles; at most 3 move");
    setup(&b, "e4 e5 e7", "e6", ABALONE_BLACK);
    illegal(&b, "e4e5", "blocked by Black's own marble on e7");
    setup(&b, "e3 e4 e5 e8", "e6 e7", ABALONE_BLACK);
    illegal(&b, "e3e4", "blocked by Black's own marble on e8");
    setup(&b, "e5 e6", "e7 e8 e9", ABALONE_BLACK); // 2v3, and the line is at the rim
    illegal(&b, "e5e6", "2 marbles cannot push 3");
}

static void test_own_marble_off_refused(void)
{
    AbaloneBoard b;
    setup(&b, "e8 e9", "a1", ABALONE_BLACK);
    illegal(&b, "e8e9", "own marble off the board");
    setup(&b, "a3 b3", "", ABALONE_BLACK);
    illegal(&b, "b3a3", "own marble off the board");
}

static void test_broadside(void)
{
    AbaloneBoard b;
    setup(&b, "c3 c4 c5", "", ABALONE_BLACK);
    play(&b, "c3c5d4", 0, 0);
    expect(&b, "d4 d5 d6", "");
    setup(&b, "c3 c4 c5", "d5", ABALONE_BLACK);
    illegal(&b, "c3c5d4", "every destination empty");
    illegal(&b, "c5c3d6", "every destination empty"); // either end may come first
    setup(&b, "c3 c4 c5 d5", "", ABALONE_BLACK);
    illegal(&b, "c3c5d4", "every destination empty"); // own marbles block too
    play(&b, "c4c5b4", 0, 0);                         // two of the three, sideways
    expect(&b, "c3 b4 b5 d5", "");
    setup(&b, "c3 c4", "", ABALONE_BLACK);
    illegal(&b, "c3c4c4", "write an in-line move");
    illegal(&b, "c3c4c5", "not next to c3");
    illegal(&b, "c3c6d4", "not the ends of a line");
}

static void test_two_of_three(void)
{
    AbaloneBoard b;
    setup(&b, "e3 e4 e5", "", ABALONE_BLACK);
    play(&b, "e4e5", 0, 0);
    expect(&b, "e3 e5 e6", "");
    setup(&b, "e3 e4 e5", "", ABALONE_BLACK);
    play(&b, "e3e4", 0, 0);
    expect(&b, "e4 e5 e6", "");
    setup(&b, "e3 e4 e5", "e6", ABALONE_BLACK);
    play(&b, "e4e5", 1, 0); // two of three push one
    expect(&b, "e3 e5 e6", "e7");
}

static void test_game_end_six(void)
{
    AbaloneBoard b;
    GError *err = NULL;
    abalone_position_parse(&b, "www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b 0", &err);
    g_assert_no_error(err);
    AbaloneRules rules;
    abalone_rules_default(&rules);
    AbaloneGame g;
    abalone_game_init(&g, &b, &rules);
    AbaloneEnd why;
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_ONGOING);
    g_assert_cmpint(abalone_board_lost(&g.board, ABALONE_WHITE), ==, 5);
    abalone_game_play(&g, abalone_move_parse(&g.board, "e7e8", ABALONE_NOTATION_ABAPRO, &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_board_lost(&g.board, ABALONE_WHITE), ==, 6);
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_BLACK_WINS);
    g_assert_cmpint(why, ==, ABALONE_END_SIX_EJECTED);
    g_assert_true(abalone_board_decided(&g.board));
    g_assert_cmpuint(abalone_move_parse(&g.board, "i5h5", ABALONE_NOTATION_ABAPRO, &err), ==,
                     MOVE_NONE);
    g_assert_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL);
    g_error_free(err);
    abalone_game_free(&g);
}

static void test_move_cap(void)
{
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    AbaloneRules rules;
    abalone_rules_default(&rules);
    g_assert_cmpint(rules.move_cap, ==, 300);
    rules.move_cap = 2;
    AbaloneGame g;
    abalone_game_init(&g, &b, &rules);
    abalone_game_play(&g, abalone_move_parse(&g.board, "c3d3", ABALONE_NOTATION_ABAPRO, NULL));
    AbaloneEnd why;
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_ONGOING);
    abalone_game_play(&g, abalone_move_parse(&g.board, "g5f5", ABALONE_NOTATION_ABAPRO, NULL));
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_DRAW);
    g_assert_cmpint(why, ==, ABALONE_END_MOVE_CAP);
    abalone_game_free(&g);
    // At the cap, more marbles ejected wins.
    abalone_position_parse(&b, "wwww1/wwwww1/b6/8/6bbw/8/7/bb4/bbbbb b 1", NULL);
    abalone_game_init(&g, &b, &rules);
    abalone_game_play(&g, abalone_move_parse(&g.board, "e7e8", ABALONE_NOTATION_ABAPRO, NULL));
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_BLACK_WINS);
    g_assert_cmpint(why, ==, ABALONE_END_MOVE_CAP);
    abalone_game_free(&g);
}

static void test_repetition(void)
{
    static const char *cycle[] = {"c3d3", "g5f5", "d3c3", "f5g5"};
    for (int on = 0; on <= 1; on++) {
        AbaloneBoard b;
        abalone_board_set_layout(&b, "standard");
        AbaloneRules rules;
        abalone_rules_default(&rules);
        rules.repetition_draw = on;
        AbaloneGame g;
        abalone_game_init(&g, &b, &rules);
        AbaloneEnd why;
        for (int i = 0; i < 8; i++) {
            g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_ONGOING);
            Move m = abalone_move_parse(&g.board, cycle[i % 4], ABALONE_NOTATION_ABAPRO, NULL);
            g_assert_cmpuint(m, !=, MOVE_NONE);
            abalone_game_play(&g, m);
        }
        // The start position now stands for the third time, Black to move.
        g_assert_cmpint(abalone_game_repetitions(&g), ==, 3);
        g_assert_cmpint(abalone_game_outcome(&g, &why), ==, on ? ABALONE_DRAW : ABALONE_ONGOING);
        if (on) g_assert_cmpint(why, ==, ABALONE_END_REPETITION);
        g_assert_true(abalone_game_undo(&g));
        g_assert_cmpint(abalone_game_repetitions(&g), ==, 2);
        abalone_game_free(&g);
    }
}

static void test_no_legal_move_loses(void)
{
    // Black's nine marbles line the rim, each walled in by a White marble it cannot push
    // (pushing along the rim needs more marbles than Black has in any line there).
    AbaloneBoard b;
    GError *err = NULL;
    abalone_position_parse(&b, "bbbbb/bwwwww/bw5/bw6/bw7/w7/7/6/5 b 0", &err);
    g_assert_no_error(err);
    AbaloneRules rules;
    abalone_rules_default(&rules);
    AbaloneGame g;
    abalone_game_init(&g, &b, &rules);
    AbaloneEnd why;
    g_assert_cmpint(abalone_count_moves(&b), ==, 0);
    g_assert_cmpint(abalone_game_outcome(&g, &why), ==, ABALONE_WHITE_WINS);
    g_assert_cmpint(why, ==, ABALONE_END_NO_MOVES);
    abalone_game_free(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/rules/push-2v1", test_push_2v1);
    g_test_add_func("/abalone/rules/push-3v1", test_push_3v1);
    g_test_add_func("/abalone/rules/push-3v2", test_push_3v2);
    g_test_add_func("/abalone/rules/push-3v1-two-beyond-occupied",
                    test_push_3v1_two_beyond_occupied);
    g_test_add_func("/abalone/rules/ejection", test_ejections);
    g_test_add_func("/abalone/rules/blocked-push", test_blocked_pushes);
    g_test_add_func("/abalone/rules/own-marble-off-refused", test_own_marble_off_refused);
    g_test_add_func("/abalone/rules/broadside", test_broadside);
    g_test_add_func("/abalone/rules/two-of-three", test_two_of_three);
    g_test_add_func("/abalone/rules/game-end-six", test_game_end_six);
    g_test_add_func("/abalone/rules/move-cap", test_move_cap);
    g_test_add_func("/abalone/rules/repetition", test_repetition);
    g_test_add_func("/abalone/rules/no-legal-move", test_no_legal_move_loses);
    return g_test_run();
}
