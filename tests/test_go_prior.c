// SPDX-License-Identifier: MIT
// Go's prior knowledge for the Monte Carlo tree (go/prior.h): on small built positions each
// feature is found where it should be and nowhere else, and moves the prior's win rate the way
// the literature says (a capture and an escape above an ordinary move, a self-atari of three
// stones and an own-eye fill below it, the third line on an empty board above the first, an
// early pass below a move); with the switch off nothing is added. Then the search: at small
// playout budgets the Monte Carlo search with priors captures the big string in atari at
// every budget tried, the search without them at half of them at most.
#include "go/contract.h"
#include "go/engine.h"
#include "go/notation.h"
#include "go/prior.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

static Move at(const GoBoard *b, const char *vertex)
{
    GError *err = NULL;
    Move m = go_vertex_parse(b, vertex, &err);
    g_assert_no_error(err);
    return m;
}

static GoPriorParams priors_on(void)
{
    GoPriorParams p;
    go_prior_params_default(&p);
    p.prior = true;
    return p;
}

// The prior go_prior_moves gives the move at vertex alone (nothing before it).
static MctsPrior prior_of(const GoBoard *b, const GoPriorParams *p, const char *vertex)
{
    Move m = strcmp(vertex, "pass") ? at(b, vertex) : GO_PASS;
    MctsPrior out = {0, 0.0};
    go_prior_moves(b, p, &m, 1, &out);
    return out;
}

static double rate_of(const GoBoard *b, const GoPriorParams *p, const char *vertex)
{
    MctsPrior r = prior_of(b, p, vertex);
    g_assert_cmpuint(r.visits, >, 0);
    return r.wins / r.visits;
}

static unsigned features_of(const GoBoard *b, const GoPriorParams *p, const char *vertex)
{
    return go_prior_features(b, p, strcmp(vertex, "pass") ? at(b, vertex) : GO_PASS);
}

// The ordinary move of these boards: E5, with nothing around it and no last move.
static void check_ordinary(const GoBoard *b, const GoPriorParams *p)
{
    g_assert_cmpuint(features_of(b, p, "E5"), ==, 0);
    MctsPrior r = prior_of(b, p, "E5");
    g_assert_cmpuint(r.visits, ==, (unsigned)p->prior_even);
    g_assert_cmpfloat(r.wins, ==, 0.5 * p->prior_even);
}

// White's B8 C8 D8 in atari at E8, Black's G2 in atari at G1.
static const char *const tactics_rows[] = {
    ".XXX.....", // 9
    "XOOO.....", // 8
    ".XXX.....", // 7
    ".........", // 6
    ".........", // 5
    ".........", // 4
    "......O..", // 3
    ".....OXO.", // 2
    ".........", // 1
};

static void test_capture_and_escape(void)
{
    GoGame g;
    go_test_game_from_rows(&g, tactics_rows, 9, GO_BLACK, 7.5);
    const GoBoard *b = &g.board;
    GoPriorParams p = priors_on();
    check_ordinary(b, &p);
    g_assert_true(go_board_is_legal(b, at(b, "E8")));
    g_assert_cmpuint(features_of(b, &p, "E8") & GO_PRIOR_CAPTURE, !=, 0);
    g_assert_cmpfloat(rate_of(b, &p, "E8"), >, 0.5 + 0.1);
    g_assert_cmpuint(prior_of(b, &p, "E8").visits, >, (unsigned)p.prior_even);
    // G1 takes Black's G2 out of atari (F1 and H1 are empty beside it).
    g_assert_cmpuint(features_of(b, &p, "G1") & GO_PRIOR_ESCAPE, !=, 0);
    g_assert_cmpuint(features_of(b, &p, "G1") & GO_PRIOR_CAPTURE, ==, 0);
    g_assert_cmpfloat(rate_of(b, &p, "G1"), >, 0.5 + 0.1);
    // White to move: G1 captures Black's G2, E8 extends White's string out of atari.
    go_game_set_side(&g, GO_WHITE);
    g_assert_cmpuint(features_of(&g.board, &p, "G1") & GO_PRIOR_CAPTURE, !=, 0);
    g_assert_cmpuint(features_of(&g.board, &p, "E8") & GO_PRIOR_ESCAPE, !=, 0);
    g_assert_cmpuint(features_of(&g.board, &p, "E8") & GO_PRIOR_CAPTURE, ==, 0);
    go_game_free(&g);
}

// Black's B1 C1 with liberties A1 and D1, White's B2 C2 D2 and E1: Black's D1 captures nothing
// and leaves the three stones one liberty; A1 leaves them two (A2 and D1).
static const char *const selfatari_rows[] = {
    ".........", ".........", ".........", ".........", ".........",
    ".........", ".........", ".OOO.....", ".XX.O....",
};

static void test_selfatari(void)
{
    GoGame g;
    go_test_game_from_rows(&g, selfatari_rows, 9, GO_BLACK, 7.5);
    const GoBoard *b = &g.board;
    GoPriorParams p = priors_on();
    check_ordinary(b, &p);
    g_assert_cmpuint(features_of(b, &p, "D1") & GO_PRIOR_SELFATARI, !=, 0);
    g_assert_cmpfloat(rate_of(b, &p, "D1"), <, 0.5);
    g_assert_cmpuint(features_of(b, &p, "A1") & GO_PRIOR_SELFATARI, ==, 0);
    // Three stones are below a threshold of four.
    p.prior_selfatari_stones = 4;
    g_assert_cmpuint(features_of(b, &p, "D1") & GO_PRIOR_SELFATARI, ==, 0);
    go_game_free(&g);
}

// Black's stones around D5 with White on two of its diagonals: a false eye, which the move
// generator offers (go_board_is_eye refuses only true eyes); and around H2, a true eye.
static const char *const eye_rows[] = {
    ".........", // 9
    ".........", // 8
    ".........", // 7
    "...XO....", // 6
    "..X.X....", // 5
    "..OX...X.", // 4
    "......X.X", // 3
    ".......X.", // 2
    ".........", // 1
};

static void test_eye_fill(void)
{
    GoGame g;
    go_test_game_from_rows(&g, eye_rows, 9, GO_BLACK, 7.5);
    const GoBoard *b = &g.board;
    GoPriorParams p = priors_on();
    g_assert_false(go_board_is_eye(b, at(b, "D5"), GO_BLACK));
    g_assert_cmpuint(features_of(b, &p, "D5") & GO_PRIOR_EYE, !=, 0);
    g_assert_cmpfloat(rate_of(b, &p, "D5"), <, 0.5 - 0.1);
    g_assert_true(go_board_is_eye(b, at(b, "H3"), GO_BLACK));
    g_assert_cmpuint(features_of(b, &p, "H3") & GO_PRIOR_EYE, !=, 0);
    // For White, D5 is no own eye.
    go_game_set_side(&g, GO_WHITE);
    g_assert_cmpuint(features_of(&g.board, &p, "D5") & GO_PRIOR_EYE, ==, 0);
    go_game_free(&g);
}

// On an empty board: the third line is good, the first and second bad, the rest plain; an
// early pass is bad, a pass after the opponent's pass or late in the game is plain.
static void test_lines_and_pass(void)
{
    GoBoard b;
    go_board_init(&b, 9);
    GoPriorParams p = priors_on();
    check_ordinary(&b, &p);
    g_assert_cmpuint(features_of(&b, &p, "C3"), ==, GO_PRIOR_LINE_THIRD);
    g_assert_cmpuint(features_of(&b, &p, "E7"), ==, GO_PRIOR_LINE_THIRD);
    g_assert_cmpuint(features_of(&b, &p, "A5"), ==, GO_PRIOR_LINE_LOW);
    g_assert_cmpuint(features_of(&b, &p, "B5"), ==, GO_PRIOR_LINE_LOW);
    g_assert_cmpuint(features_of(&b, &p, "D4"), ==, 0);
    g_assert_cmpfloat(rate_of(&b, &p, "C3"), >, rate_of(&b, &p, "E5"));
    g_assert_cmpfloat(rate_of(&b, &p, "E5"), >, rate_of(&b, &p, "A5"));
    g_assert_cmpfloat(rate_of(&b, &p, "A5"), <, 0.5 - 0.1);
    g_assert_cmpuint(features_of(&b, &p, "pass"), ==, GO_PRIOR_PASS);
    g_assert_cmpfloat(rate_of(&b, &p, "pass"), <, rate_of(&b, &p, "E5") - 0.1);
    // A stone within distance 2 makes the area no longer empty.
    go_board_set_stone(&b, at(&b, "C5"), GO_WHITE);
    g_assert_cmpuint(features_of(&b, &p, "C3") & GO_PRIOR_LINE_THIRD, ==, 0);
    g_assert_cmpuint(features_of(&b, &p, "A5") & GO_PRIOR_LINE_LOW, ==, 0);
    g_assert_cmpuint(features_of(&b, &p, "A2") & GO_PRIOR_LINE_LOW, !=, 0);
    // After the opponent's pass, passing is plain.
    go_board_play(&b, GO_PASS, NULL);
    g_assert_cmpuint(features_of(&b, &p, "pass"), ==, 0);
    // With more than half the board filled, too.
    go_board_init(&b, 9);
    for (int i = 0; i < 41; i++) go_board_set_stone(&b, go_point(&b, i % 9, i / 9 * 2), GO_BLACK);
    g_assert_cmpint(2 * b.empty_count, <=, 81);
    g_assert_cmpuint(features_of(&b, &p, "pass"), ==, 0);
}

// From 13x13 on (prior_line_fourth_size), the fourth line of an empty area is as good as the
// third: D4 and K4 on 19x19 and 13x13, not on 11x11 or 9x9 (above), nor at a size of 20.
static void test_fourth_line(void)
{
    GoPriorParams p = priors_on();
    GoBoard b;
    const int sizes[] = {19, 13, 11};
    for (int i = 0; i < 3; i++) {
        go_board_init(&b, sizes[i]);
        unsigned want = sizes[i] >= 13 ? GO_PRIOR_LINE_THIRD : 0;
        g_assert_cmpuint(features_of(&b, &p, "D4"), ==, want);
        g_assert_cmpuint(features_of(&b, &p, "C3"), ==, GO_PRIOR_LINE_THIRD);
        g_assert_cmpuint(features_of(&b, &p, "E5"), ==, 0);
    }
    go_board_init(&b, 19);
    g_assert_cmpuint(features_of(&b, &p, "K4"), ==, GO_PRIOR_LINE_THIRD);
    p.prior_line_fourth_size = 20;
    g_assert_cmpuint(features_of(&b, &p, "D4"), ==, 0);
}

// Nearness to the last move: within prior_near_distance (Manhattan), not beyond.
static void test_near(void)
{
    GoBoard b;
    go_board_init(&b, 9);
    GoPriorParams p = priors_on();
    go_board_play(&b, at(&b, "E5"), NULL);
    g_assert_cmpuint(features_of(&b, &p, "E6") & GO_PRIOR_NEAR, !=, 0);
    g_assert_cmpuint(features_of(&b, &p, "F6") & GO_PRIOR_NEAR, !=, 0);
    g_assert_cmpuint(features_of(&b, &p, "E7") & GO_PRIOR_NEAR, !=, 0);
    g_assert_cmpuint(features_of(&b, &p, "F7") & GO_PRIOR_NEAR, ==, 0);
    g_assert_cmpuint(features_of(&b, &p, "E8") & GO_PRIOR_NEAR, ==, 0);
    g_assert_cmpfloat(rate_of(&b, &p, "F5"), >, 0.5);
    p.prior_near_distance = 3;
    g_assert_cmpuint(features_of(&b, &p, "F7") & GO_PRIOR_NEAR, !=, 0);
}

// With the switch off, go_prior_moves adds nothing (the uniform prior stays as it is), and all
// the moves of a node at once get what each gets alone.
static void test_switch_and_batch(void)
{
    GoGame g;
    go_test_game_from_rows(&g, tactics_rows, 9, GO_BLACK, 7.5);
    const GoBoard *b = &g.board;
    Move moves[GO_MAX_MOVES];
    int n = game_gen_moves(b, moves);
    MctsPrior all[GO_MAX_MOVES];
    GoPriorParams p = priors_on();
    for (int i = 0; i < n; i++) all[i] = (MctsPrior){3, 1.5};
    go_prior_moves(b, &p, moves, n, all);
    for (int i = 0; i < n; i++) {
        MctsPrior one = {3, 1.5};
        go_prior_moves(b, &p, &moves[i], 1, &one);
        g_assert_cmpuint(all[i].visits, ==, one.visits);
        g_assert_cmpfloat(all[i].wins, ==, one.wins);
        g_assert_cmpuint(all[i].visits, >=, 3u + (unsigned)p.prior_even);
    }
    p.prior = false;
    for (int i = 0; i < n; i++) all[i] = (MctsPrior){3, 1.5};
    go_prior_moves(b, &p, moves, n, all);
    for (int i = 0; i < n; i++) {
        g_assert_cmpuint(all[i].visits, ==, 3);
        g_assert_cmpfloat(all[i].wins, ==, 1.5);
    }
    go_game_free(&g);
}

// White's six stones B5-G5 in atari at H5, walled in by Black: Black's H5 takes them; played
// elsewhere, it lets White run out at H5.
static const char *const atari_rows[] = {
    ".........", // 9
    ".........", // 8
    "..O...O..", // 7
    ".XXXXXX..", // 6
    "XOOOOOO..", // 5
    ".XXXXXX..", // 4
    "..O...O..", // 3
    ".........", // 2
    ".........", // 1
};

// The move of a Go engine with search=mcts, prior on or off, after `playouts` playouts.
static Move search_with(const GoGame *g, bool prior, uint64_t playouts)
{
    GoEngine e;
    GError *err = NULL;
    // The rest as the Monte Carlo search was before it became Go's default: light playouts, no
    // RAVE, c 1, the typed-in patterns (the priors' effect is measured against that search;
    // with the learned patterns' prior, the default since, this search answers H5 at 20 to 100
    // playouts but not at 150 and 200).
    char *sets[] = {"search=mcts",
                    "hash=1",
                    "mcts_memory=16",
                    prior ? "prior=1" : "prior=0",
                    "playout_policy=light",
                    "mcts_rave=0",
                    "mcts_c=1",
                    "prior_patterns=0",
                    NULL};
    g_assert_true(go_engine_setup(&e, NULL, sets, NULL, &err));
    SearchLimits limits = {.nodes = playouts};
    SearchInfo info;
    Move m = go_engine_search(&e, g, g->board.side, &limits, NULL, NULL, &info);
    go_engine_free(&e);
    return m;
}

// Small budgets, under three playouts a move: the uniform search has barely looked at every
// move once, where the priors steer the simulations to the capture. The search is
// deterministic (it seeds its playouts from the position's key): with priors it answers H5 at
// every budget here, without them at none. (At larger budgets, 300 to 2 000 playouts, light
// playouts, which often take the string later anyway, leave H5 only a few points of win rate
// ahead, and UCT's exploration at mcts_c=1 spreads the visits: neither search answers H5 at
// every budget.)
static void test_search_finds_capture(void)
{
    GoGame g;
    go_test_game_from_rows(&g, atari_rows, 9, GO_BLACK, 7.5);
    Move capture = at(&g.board, "H5");
    g_assert_cmpint(go_board_move_captures(&g.board, capture), ==, 6);
    static const uint64_t budgets[] = {20, 40, 60, 80, 100, 150, 200};
    int with = 0, without = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(budgets); i++) {
        Move a = search_with(&g, true, budgets[i]), b = search_with(&g, false, budgets[i]);
        g_test_message("%d playouts: with priors %s, without %s", (int)budgets[i],
                       a == capture ? "H5" : "other", b == capture ? "H5" : "other");
        with += a == capture;
        without += b == capture;
    }
    int n = (int)G_N_ELEMENTS(budgets);
    g_test_message("the capture found at %d of %d budgets with priors, %d without", with, n,
                   without);
    g_assert_cmpint(with, ==, n);
    g_assert_cmpint(2 * without, <=, n);
    // The larger budgets, printed only (with --verbose).
    static const uint64_t larger[] = {300, 400, 600, 1000, 2000};
    for (size_t i = 0; g_test_verbose() && i < G_N_ELEMENTS(larger); i++) {
        Move a = search_with(&g, true, larger[i]), b = search_with(&g, false, larger[i]);
        g_test_message("%d playouts: with priors %s, without %s", (int)larger[i],
                       a == capture ? "H5" : "other", b == capture ? "H5" : "other");
    }
    go_game_free(&g);
}

// The answer counts the simulations, not the prior's visits: on the empty board an early pass
// starts with the most (prior_even + prior_pass, at a low rate), yet at 500 playouts, a few
// a move, the answer is a point.
static void test_search_prior_visits_not_chosen(void)
{
    GoGame g;
    GoRules rules;
    go_rules_default(&rules);
    go_game_init(&g, 9, &rules);
    Move m = search_with(&g, true, 500);
    g_assert_cmpint((int)m, !=, (int)GO_PASS);
    g_assert_true(go_game_is_legal(&g, GO_BLACK, m));
    go_game_free(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/prior/capture-and-escape", test_capture_and_escape);
    g_test_add_func("/go/prior/selfatari", test_selfatari);
    g_test_add_func("/go/prior/eye-fill", test_eye_fill);
    g_test_add_func("/go/prior/lines-and-pass", test_lines_and_pass);
    g_test_add_func("/go/prior/fourth-line", test_fourth_line);
    g_test_add_func("/go/prior/near", test_near);
    g_test_add_func("/go/prior/switch-and-batch", test_switch_and_batch);
    g_test_add_func("/go/prior/search-finds-capture", test_search_finds_capture);
    g_test_add_func("/go/prior/search-prior-visits-not-chosen",
                    test_search_prior_visits_not_chosen);
    return g_test_run();
}
