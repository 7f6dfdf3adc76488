// SPDX-License-Identifier: MIT
// One test per Go rule: capture, simple ko, positional and situational superko, each
// suicide option, area scoring, fixed handicap, game undo and moves out of turn, rules
// parameters by name, eyes, and the playout policy (its end and its uniform draw).
#include <string.h>

#include "go/game.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/playout.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

static void init_game(GoGame *g, int size, int ko, int suicide)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.ko = ko;
    rules.suicide = suicide;
    go_game_init(g, size, &rules);
}

static Move vertex(const GoGame *g, const char *text)
{
    GError *err = NULL;
    Move m = go_vertex_parse(&g->board, text, &err);
    g_assert_no_error(err);
    return m;
}

// Plays "b C5 w D5 ..." (colour, vertex pairs); every move must be legal.
static void play_list(GoGame *g, const char *list)
{
    char **w = g_strsplit(list, " ", -1);
    for (int i = 0; w[i] && w[i + 1]; i += 2) {
        int colour = go_colour_parse(w[i]);
        g_assert_cmpint(colour, !=, GO_EMPTY);
        if (!go_game_play(g, colour, vertex(g, w[i + 1])))
            g_error("move %d (%s %s) refused", i / 2 + 1, w[i], w[i + 1]);
        go_test_check_structures(&g->board);
    }
    g_strfreev(w);
}

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int colour_at(const GoGame *g, const char *v)
{
    return g->board.color[vertex(g, v)];
}

static void test_capture(void)
{
    GoGame g;
    init_game(&g, 9, GO_KO_POSITIONAL, GO_SUICIDE_FORBID);
    play_list(&g, "b E5 w E6 b D6 w A1 b F6 w A2 b E7");
    g_assert_cmpint(colour_at(&g, "E6"), ==, GO_EMPTY);
    g_assert_cmpint(g.board.captures[GO_BLACK], ==, 1);
    g_assert_cmpint(g.board.ko, ==, 0); // not a ko: the capturing stone has 3 liberties
    g_assert_true(go_game_undo(&g));
    // The ordering features before the capture: E7 takes one stone; White's E6 is in atari.
    g_assert_cmpint(go_board_move_captures(&g.board, vertex(&g, "E7")), ==, 1);
    g_assert_cmpint(go_board_move_captures(&g.board, vertex(&g, "E8")), ==, 0);
    g_assert_cmpint(go_board_move_captures(&g.board, GO_PASS), ==, 0);
    g_assert_cmpint(go_board_string_liberties(&g.board, (int)vertex(&g, "E6")), ==, 1);
    g_assert_cmpint(go_board_string_liberties(&g.board, (int)vertex(&g, "E5")), ==, 3);
    play_list(&g, "b pass");
    g_assert_true(go_board_move_touches_atari(&g.board, vertex(&g, "E7")));
    g_assert_false(go_board_move_touches_atari(&g.board, vertex(&g, "D7")));
    g_assert_true(go_game_undo(&g));
    g_assert_cmpint(colour_at(&g, "E6"), ==, GO_WHITE);
    g_assert_cmpint(g.board.captures[GO_BLACK], ==, 0);
    go_game_free(&g);
}

// The Go notes' ko: B C5 B4 C3 J9, W D5 C4 E4 D3, then B D4 takes C4.
static void setup_ko(GoGame *g, int ko)
{
    init_game(g, 9, ko, GO_SUICIDE_FORBID);
    play_list(g, "b C5 w D5 b B4 w C4 b C3 w E4 b J9 w D3 b D4");
    g_assert_cmpint(colour_at(g, "C4"), ==, GO_EMPTY);
    g_assert_cmpint(g->board.ko, ==, (int)vertex(g, "C4"));
}

static void test_simple_ko(void)
{
    GoGame g;
    for (int ko = 0; ko < 3; ko++) {
        setup_ko(&g, ko);
        g_assert_false(go_game_is_legal(&g, GO_WHITE, vertex(&g, "C4")));
        Move moves[GO_MAX_MOVES];
        g_assert_cmpint(go_board_gen_moves(&g.board, moves), ==, 72 + 1);
        // After a pass each, simple ko allows the retake; superko forbids the repetition.
        play_list(&g, "w pass b pass");
        g_assert_cmpint(go_game_is_legal(&g, GO_WHITE, vertex(&g, "C4")), ==, ko == 0);
        go_game_free(&g);
    }
}

static void test_superko_suicide(void)
{
    // A single-stone suicide (suicide "all") leaves the board as it was. Positional superko
    // forbids it (the board repeats); situational superko allows it while that board has
    // not occurred with the other side to move; simple ko allows it.
    GoGame g;
    for (int ko = 0; ko < 3; ko++) {
        init_game(&g, 9, ko, GO_SUICIDE_ALL);
        play_list(&g, "b J9 w A2 b J8 w B1");
        bool legal = go_game_is_legal(&g, GO_BLACK, vertex(&g, "A1"));
        g_assert_cmpint(legal, ==, ko != GO_KO_POSITIONAL);
        if (ko == GO_KO_SITUATIONAL) {
            // After the suicide and a White pass, the same suicide would give this board
            // with White to move a second time: now forbidden.
            play_list(&g, "b A1 w pass");
            g_assert_cmpint(colour_at(&g, "A1"), ==, GO_EMPTY);
            g_assert_false(go_game_is_legal(&g, GO_BLACK, vertex(&g, "A1")));
        }
        go_game_free(&g);
    }
}

static void test_suicide(void)
{
    for (int rule = 0; rule < 3; rule++) {
        GoGame g;
        init_game(&g, 9, GO_KO_POSITIONAL, rule);
        play_list(&g, "b J2 w A2 b H1 w B1 b E5 w J3 b E6 w H2 b E7 w G1");
        // A1: one-stone suicide; J1: takes J2 and H1 with it (three stones).
        g_assert_cmpint(go_game_is_legal(&g, GO_BLACK, vertex(&g, "A1")), ==, false);
        g_assert_cmpint(go_game_is_legal(&g, GO_BLACK, vertex(&g, "J1")), ==,
                        rule != GO_SUICIDE_FORBID);
        if (rule != GO_SUICIDE_FORBID) {
            play_list(&g, "b J1");
            g_assert_cmpint(colour_at(&g, "J1"), ==, GO_EMPTY);
            g_assert_cmpint(colour_at(&g, "J2"), ==, GO_EMPTY);
            g_assert_cmpint(colour_at(&g, "H1"), ==, GO_EMPTY);
            g_assert_cmpint(g.board.captures[GO_WHITE], ==, 3);
            g_assert_true(go_game_undo(&g));
            g_assert_cmpint(colour_at(&g, "J2"), ==, GO_BLACK);
            g_assert_cmpint(g.board.captures[GO_WHITE], ==, 0);
        }
        go_game_free(&g);
    }
    // Under "all", the one-stone suicide is legal with simple ko.
    GoGame g;
    init_game(&g, 9, GO_KO_SIMPLE, GO_SUICIDE_ALL);
    play_list(&g, "b E5 w A2 b E6 w B1 b A1");
    g_assert_cmpint(colour_at(&g, "A1"), ==, GO_EMPTY);
    g_assert_cmpint(g.board.captures[GO_WHITE], ==, 1);
    g_assert_cmpint(g.board.side, ==, GO_WHITE);
    go_game_free(&g);
}

static void test_area_score(void)
{
    GoGame g;
    init_game(&g, 9, GO_KO_POSITIONAL, GO_SUICIDE_FORBID);
    int black, white;
    go_board_area(&g.board, &black, &white);
    g_assert_cmpint(black, ==, 0);
    g_assert_cmpint(white, ==, 0);
    g_assert_cmpfloat(go_game_score(&g), ==, -7.5);
    play_list(&g, "b E5");
    g_assert_cmpfloat(go_game_score(&g), ==, 81 - 7.5);
    // A wall on column E splits the board: Black's stones and the empty columns A-D (36),
    // White's wall on F and G-J (36); column E is Black's (9 stones).
    play_list(&g, "w F5 b E1 w F1 b E2 w F2 b E3 w F3 b E4 w F4 b E6 w F6 b E7 w F7 b E8 w F8 "
                  "b E9 w F9");
    go_board_area(&g.board, &black, &white);
    g_assert_cmpint(black, ==, 45);
    g_assert_cmpint(white, ==, 36);
    g_assert_cmpfloat(go_game_score(&g), ==, 45 - 36 - 7.5);
    // A white stone in Black's area makes that region neutral (Tromp-Taylor: all alive).
    play_list(&g, "w A1");
    go_board_area(&g.board, &black, &white);
    g_assert_cmpint(black, ==, 9);
    g_assert_cmpint(white, ==, 37);
    char *text = go_score_text(go_game_score(&g));
    g_assert_cmpstr(text, ==, "W+35.5");
    g_free(text);
    text = go_score_text(0);
    g_assert_cmpstr(text, ==, "0");
    g_free(text);
    go_game_free(&g);
}

// The GTP specification's placements (GNU Go 3.8's answers, but for 12x12), sorted.
static void test_fixed_handicap(void)
{
    static const struct {
        int size, stones;
        const char *points;
    } cases[] = {
        {7, 2, "C3 E5"},
        {7, 4, "C3 C5 E3 E5"},
        {8, 3, "C3 C6 F6"},
        {9, 2, "C3 G7"},
        {9, 5, "C3 C7 E5 G3 G7"},
        {9, 8, "C3 C5 C7 E3 E7 G3 G5 G7"},
        {9, 9, "C3 C5 C7 E3 E5 E7 G3 G5 G7"},
        {11, 7, "C3 C6 C9 F6 J3 J6 J9"},
        {12, 4, "C10 C3 K10 K3"},
        {13, 6, "D10 D4 D7 K10 K4 K7"},
        {19, 3, "D16 D4 Q16"},
        {19, 9, "D10 D16 D4 K10 K16 K4 Q10 Q16 Q4"},
    };
    for (int i = 0; i < (int)G_N_ELEMENTS(cases); i++) {
        GoBoard b;
        go_board_init(&b, cases[i].size);
        int x[9], y[9];
        int n = go_fixed_handicap_points(cases[i].size, cases[i].stones, x, y);
        g_assert_cmpint(n, ==, cases[i].stones);
        char *names[10] = {NULL};
        for (int k = 0; k < n; k++) {
            char v[GO_VERTEX_TEXT];
            names[k] = g_strdup(go_vertex_format(&b, (Move)go_point(&b, x[k], y[k]), v));
        }
        qsort(names, (size_t)n, sizeof *names, compare_text);
        char *joined = g_strjoinv(" ", names);
        g_assert_cmpstr(joined, ==, cases[i].points);
        g_free(joined);
        for (int k = 0; k < n; k++) g_free(names[k]);
    }
    int x[9], y[9];
    g_assert_cmpint(go_fixed_handicap_points(9, 1, x, y), ==, 0);
    g_assert_cmpint(go_fixed_handicap_points(9, 10, x, y), ==, 0);
    g_assert_cmpint(go_fixed_handicap_points(8, 5, x, y), ==, 0);
    g_assert_cmpint(go_fixed_handicap_points(7, 5, x, y), ==, 0);
    g_assert_cmpint(go_fixed_handicap_points(6, 2, x, y), ==, 0);
}

static void test_undo_out_of_turn(void)
{
    GoGame g;
    init_game(&g, 9, GO_KO_POSITIONAL, GO_SUICIDE_FORBID);
    play_list(&g, "b E5 b D5 w C5");
    g_assert_cmpint(g.board.side, ==, GO_BLACK);
    g_assert_cmpint(go_game_length(&g), ==, 3);
    g_assert_true(go_game_undo(&g));
    g_assert_cmpint(g.board.side, ==, GO_WHITE);
    g_assert_true(go_game_undo(&g));
    g_assert_cmpint(g.board.side, ==, GO_WHITE); // Black had played out of turn
    g_assert_true(go_game_undo(&g));
    g_assert_cmpint(g.board.side, ==, GO_BLACK);
    g_assert_false(go_game_undo(&g));
    g_assert_cmpuint(go_board_key(&g.board), ==, go_board_compute_key(&g.board));
    g_assert_cmpint(g.history.len, ==, 1);
    // The simple-ko ban belongs to the side to move: the capturer itself may fill the point.
    go_game_free(&g);
    setup_ko(&g, GO_KO_SIMPLE);
    g_assert_true(go_game_is_legal(&g, GO_BLACK, vertex(&g, "C4")));
    g_assert_false(go_game_is_legal(&g, GO_WHITE, vertex(&g, "C4")));
    go_game_free(&g);
}

static void test_rules_by_name(void)
{
    GoRules r;
    go_rules_default(&r);
    g_assert_cmpint(r.ko, ==, GO_KO_POSITIONAL);
    g_assert_cmpint(r.suicide, ==, GO_SUICIDE_FORBID);
    g_assert_cmpfloat(r.komi, ==, 7.5);
    g_assert_cmpint(go_rules_move_cap(&r, 9), ==, 243);
    GError *err = NULL;
    g_assert_true(go_rules_set_assignment(&r, "ko=situational", &err));
    g_assert_true(go_rules_set_assignment(&r, "suicide=MULTI", &err));
    g_assert_true(go_rules_set_assignment(&r, "komi=0.5", &err));
    g_assert_true(go_rules_set_assignment(&r, "move_cap=0", &err));
    g_assert_no_error(err);
    g_assert_cmpint(r.ko, ==, GO_KO_SITUATIONAL);
    g_assert_cmpint(r.suicide, ==, GO_SUICIDE_MULTI);
    g_assert_cmpfloat(r.komi, ==, 0.5);
    g_assert_cmpint(go_rules_move_cap(&r, 9), ==, 0);
    g_assert_false(go_rules_set_assignment(&r, "ko=super", &err));
    g_assert_nonnull(strstr(err->message, "is not a decimal integer"));
    g_clear_error(&err);
    g_assert_false(go_rules_set_assignment(&r, "suicide=3", &err));
    g_assert_nonnull(strstr(err->message, "outside its range"));
    g_clear_error(&err);
    g_assert_false(go_rules_set_assignment(&r, "handicap=2", &err));
    g_assert_nonnull(strstr(err->message, "unknown parameter"));
    g_clear_error(&err);
}

static void test_eyes(void)
{
    GoGame g;
    init_game(&g, 9, GO_KO_POSITIONAL, GO_SUICIDE_FORBID);
    // E5 surrounded by Black; one White diagonal keeps it an eye, two make it false.
    play_list(&g, "b E4 b D5 b F5 b E6 b A2 b B1");
    g_assert_true(go_board_is_eye(&g.board, (int)vertex(&g, "E5"), GO_BLACK));
    g_assert_false(go_board_is_eye(&g.board, (int)vertex(&g, "E5"), GO_WHITE));
    g_assert_true(go_board_is_eye(&g.board, (int)vertex(&g, "A1"), GO_BLACK));
    play_list(&g, "w D4");
    g_assert_true(go_board_is_eye(&g.board, (int)vertex(&g, "E5"), GO_BLACK));
    play_list(&g, "w F6");
    g_assert_false(go_board_is_eye(&g.board, (int)vertex(&g, "E5"), GO_BLACK));
    // On the edge a single opposing diagonal makes the eye false.
    g_assert_true(go_board_is_eye(&g.board, (int)vertex(&g, "A1"), GO_BLACK));
    play_list(&g, "w B2");
    g_assert_false(go_board_is_eye(&g.board, (int)vertex(&g, "A1"), GO_BLACK));
    g_assert_false(go_board_is_eye(&g.board, (int)vertex(&g, "H8"), GO_BLACK));
    go_game_free(&g);
}

// Playouts end with two passes or the cap; at a two-pass end, no side has a legal move
// other than filling its own eyes.
static void test_playout_end(void)
{
    GRand *rng = test_rand();
    Rng r;
    rng_seed(&r, g_rand_int(rng));
    for (int i = 0; i < TEST_SCALED(200); i++) {
        int size = i % 2 ? 9 : 5 + i % 7;
        GoBoard start, b;
        go_board_init(&start, size);
        go_board_copy_position(&b, &start);
        GoPlayoutResult res = go_playout(&b, NULL, &r, 3 * size * size, 7.5);
        go_test_check_structures(&b);
        g_assert_cmpint(res.moves, <=, 3 * size * size);
        g_assert_cmpfloat(res.score, ==, go_board_score(&b, 7.5));
        if (b.passes < 2) continue;
        for (int side = GO_BLACK; side <= GO_WHITE; side++) {
            b.side = side;
            b.ko = 0;
            for (int p = 0; p < b.cells; p++)
                if (b.color[p] == GO_EMPTY && go_board_point_legal(&b, p))
                    g_assert_true(go_board_is_eye(&b, p, side));
        }
    }
    g_rand_free(rng);
}

// The playout draw is uniform over the acceptable moves: on a 5x5 board with an own eye
// and a forbidden suicide, counts of the first move over many draws pass a chi-square test.
static void test_playout_uniform(void)
{
    GoGame g;
    init_game(&g, 5, GO_KO_SIMPLE, GO_SUICIDE_FORBID);
    play_list(&g, "b B1 b A2 w D5 w E4 w C3");
    // Black to move: A1 is Black's eye, E5 a suicide: 25 - 5 stones - 2 = 18 moves.
    Rng r;
    GRand *rng = test_rand();
    rng_seed(&r, g_rand_int(rng));
    int count[GO_MAX_CELLS] = {0}, draws = 180000, kinds = 0;
    for (int i = 0; i < draws; i++) {
        GoBoard b;
        go_board_copy_position(&b, &g.board);
        Move m = go_playout_move(&b, &r);
        g_assert_cmpuint(m, !=, GO_PASS);
        kinds += count[m]++ == 0;
    }
    g_assert_cmpint(kinds, ==, 18);
    g_assert_cmpint(count[vertex(&g, "A1")], ==, 0);
    g_assert_cmpint(count[vertex(&g, "E5")], ==, 0);
    double chi2 = 0, expect = draws / 18.0;
    for (int p = 0; p < GO_MAX_CELLS; p++)
        if (count[p]) chi2 += (count[p] - expect) * (count[p] - expect) / expect;
    // 17 degrees of freedom: the 99.99th percentile is about 47.
    g_assert_cmpfloat(chi2, <, 47.0);
    g_rand_free(rng);
    go_game_free(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/rules/capture", test_capture);
    g_test_add_func("/go/rules/simple-ko", test_simple_ko);
    g_test_add_func("/go/rules/superko-suicide", test_superko_suicide);
    g_test_add_func("/go/rules/suicide", test_suicide);
    g_test_add_func("/go/rules/area-score", test_area_score);
    g_test_add_func("/go/rules/fixed-handicap", test_fixed_handicap);
    g_test_add_func("/go/rules/undo-out-of-turn", test_undo_out_of_turn);
    g_test_add_func("/go/rules/params-by-name", test_rules_by_name);
    g_test_add_func("/go/rules/eyes", test_eyes);
    g_test_add_func("/go/playout/end", test_playout_end);
    g_test_add_func("/go/playout/uniform", test_playout_uniform);
    return g_test_run();
}
