// SPDX-License-Identifier: MIT
// The search on Abalone positions: forced wins found and scored as "win in N", repetitions
// and the move cap scored as the rules score them, the evaluation's symmetry and threats,
// and the board left as it was.
#include <float.h>
#include <string.h>

#include "abalone/contract.h"
#include "abalone/engine.h"
#include "abalone/notation.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

static void engine_with(AbaloneEngine *e, bool rankcut)
{
    SearchParams p;
    AbaloneRules r;
    search_params_default(&p);
    abalone_rules_default(&r);
    p.hash = 4;
    p.rankcut = rankcut;
    GError *err = NULL;
    g_assert_true(abalone_engine_init(e, &p, &r, &err));
    g_assert_no_error(err);
}

static Move search_depth(AbaloneEngine *e, const AbaloneGame *g, int depth, SearchInfo *info)
{
    SearchLimits l = {0};
    l.depth = depth;
    l.start_us = g_get_monotonic_time();
    AbaloneBoard before = g->board;
    Move m = abalone_engine_search(e, g, &l, NULL, NULL, info);
    g_assert_true(abalone_board_equal(&before, &g->board));
    return m;
}

static void test_win_in_one(void)
{
    // Black ejects White's sixth marble with e7e8.
    AbaloneBoard b;
    g_assert_true(abalone_position_parse(&b, "www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b 0", NULL));
    AbaloneEngine e;
    engine_with(&e, false);
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    SearchInfo info;
    Move m = search_depth(&e, &g, 3, &info);
    char text[ABALONE_MOVE_TEXT];
    g_assert_cmpstr(abalone_move_format(&b, m, ABALONE_NOTATION_ABAPRO, text), ==, "e7e8");
    g_assert_cmpint(score_mate_plies(info.score), ==, 1);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

static void test_avoid_loss(void)
{
    // White threatens to eject Black's sixth marble (e8 pushed by e6-e7... mirrored): after
    // any Black move that ignores it, White wins. The search must not walk into a loss in 2
    // when a defence exists, and must report a forced loss as "loss in N".
    AbaloneBoard b;
    g_assert_true(abalone_position_parse(&b, "bbb2/bbbbb1/w6/8/6wwb/8/7/w5/wwwww w 0", NULL));
    // Colours swapped from the win-in-one position: White to move wins at once.
    AbaloneEngine e;
    engine_with(&e, false);
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    SearchInfo info;
    search_depth(&e, &g, 2, &info);
    g_assert_cmpint(score_mate_plies(info.score), ==, 1);
    // Black to move in the same position: every move but a defence loses in 2.
    b.side = ABALONE_BLACK;
    b.key = abalone_board_compute_key(&b);
    abalone_game_free(&g);
    abalone_game_init(&g, &b, &e.rules);
    Move m = search_depth(&e, &g, 4, &info);
    AbaloneUndo u;
    AbaloneBoard after = b;
    abalone_board_make(&after, m, &u);
    g_assert_true(abalone_ejectable(after.bb[ABALONE_WHITE], after.bb[ABALONE_BLACK]) == 0 ||
                  score_mate_plies(info.score) < 0);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

static void test_repetition_is_draw(void)
{
    // After c3d3 g5f5 d3c3 f5g5 the start position has occurred twice; a search whose game
    // history holds those positions scores a line that repeats it as a draw.
    static const char *cycle[] = {"c3d3", "g5f5", "d3c3", "f5g5"};
    AbaloneEngine e;
    engine_with(&e, false);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    for (int i = 0; i < 4; i++)
        abalone_game_play(&g,
                          abalone_move_parse(&g.board, cycle[i], ABALONE_NOTATION_ABAPRO, NULL));
    // Black plays c3d3 again; White to move can repeat with g5f5 (a draw in the search).
    abalone_game_play(&g, abalone_move_parse(&g.board, "c3d3", ABALONE_NOTATION_ABAPRO, NULL));
    SearchInfo info;
    search_depth(&e, &g, 3, &info);
    // The standard layout is symmetric and quiet: a draw by repetition is available and the
    // static scores nearby are small, so the best score is exactly 0 or close to it.
    g_assert_cmpint(info.score, >=, -200);
    g_assert_cmpint(info.score, <=, 200);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

// The start position less White's i9, after c3d3 g5f5 d3c3 f5g5 c3d3: White, a marble behind,
// to move can repeat a position with g5f5. Returns the score of a depth-3 search with contempt.
static Score repetition_behind_score(int contempt)
{
    static const char *cycle[] = {"c3d3", "g5f5", "d3c3", "f5g5", "c3d3"};
    AbaloneEngine e;
    engine_with(&e, true);
    char *set = g_strdup_printf("contempt=%d", contempt);
    GError *err = NULL;
    g_assert_true(engine_set(&e.core, set, &err));
    g_assert_no_error(err);
    g_free(set);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    b.bb[ABALONE_WHITE] &= ~abalone_bit(abalone_pos_parse("i9"));
    b.key = abalone_board_compute_key(&b);
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    for (int i = 0; i < 5; i++)
        abalone_game_play(&g,
                          abalone_move_parse(&g.board, cycle[i], ABALONE_NOTATION_ABAPRO, NULL));
    g_assert_cmpint(g.board.side, ==, ABALONE_WHITE);
    SearchInfo info;
    search_depth(&e, &g, 3, &info);
    abalone_game_free(&g);
    abalone_engine_free(&e);
    return info.score;
}

static void test_repetition_contempt(void)
{
    // Without contempt the repetition is a draw, 0, and White, a marble behind, takes it.
    g_assert_cmpint(repetition_behind_score(0), ==, 0);
    // With contempt 5000 the draw is 5000 worse than 0 for Black, the side ahead in marbles,
    // so the repetition is worth exactly +5000 to White (no other line comes near).
    g_assert_cmpint(repetition_behind_score(5000), ==, 5000);
}

static void test_press(void)
{
    // The start position less White's i9: Black a marble ahead, White's marbles on the edge ring
    // are i5 i6 i7 i8 h4 h9 (six); nobody can push a marble off.
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    g_assert_cmpint(abalone_evaluate_press(&b, 10, 100), ==, 0); // level: nothing
    b.bb[ABALONE_WHITE] &= ~abalone_bit(abalone_pos_parse("i9"));
    b.key = abalone_board_compute_key(&b);
    g_assert_cmpint(b.side, ==, ABALONE_BLACK);
    g_assert_cmpint(abalone_evaluate_press(&b, 10, 100), ==, 60);
    b.side = ABALONE_WHITE; // the same from the side behind: the negative
    g_assert_cmpint(abalone_evaluate_press(&b, 10, 100), ==, -60);
    // The win-in-one position less White's i5: Black, a marble ahead, can push one White
    // marble off (e7e8).
    AbaloneBoard t;
    g_assert_true(abalone_position_parse(&t, "1ww2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b 0", NULL));
    int edge = abalone_popcount(t.bb[ABALONE_WHITE] & abalone_tables.ring[4]);
    g_assert_cmpint(abalone_popcount(t.bb[ABALONE_BLACK]), >,
                    abalone_popcount(t.bb[ABALONE_WHITE]));
    g_assert_cmpint(abalone_popcount(abalone_ejectable(t.bb[ABALONE_BLACK], t.bb[ABALONE_WHITE])),
                    ==, 1);
    g_assert_cmpint(abalone_evaluate_press(&t, 10, 100), ==, 10 * edge + 100);
    // Through the engine: eval's press_edge and press_threat move its evaluation by the terms.
    AbaloneEngine e;
    engine_with(&e, false);
    Score plain = abalone_engine_evaluate(&e, &b);
    GError *err = NULL;
    g_assert_true(engine_set(&e.core, "press_edge=10", &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_engine_evaluate(&e, &b), ==, plain - 60);
    abalone_engine_free(&e);
}

static void test_move_cap_scored(void)
{
    // At the move cap the side with more marbles ejected wins: one ply before the cap, Black
    // (two marbles ahead) wins with any move.
    AbaloneBoard b;
    g_assert_true(
        abalone_position_parse(&b, "wwww1/wwwww1/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 299", NULL));
    AbaloneEngine e;
    engine_with(&e, false);
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    SearchInfo info;
    search_depth(&e, &g, 2, &info);
    g_assert_cmpint(score_mate_plies(info.score), ==, 1);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

// The board turned half a turn, (r, d) -> (8 - r, 8 - d), or reflected, (r, d) -> (d, r).
static AbaloneBoard transformed(const AbaloneBoard *b, bool reflect)
{
    AbaloneBoard t = *b;
    t.bb[0] = t.bb[1] = 0;
    for (int c = 0; c < 2; c++)
        for (AbaloneBits x = b->bb[c]; x; x &= x - 1) {
            int p = abalone_lsb(x), r = abalone_pos_row(p), d = abalone_pos_diag(p);
            t.bb[c] |= abalone_bit(reflect ? abalone_pos_of(d, r) : abalone_pos_of(8 - r, 8 - d));
        }
    t.key = abalone_board_compute_key(&t);
    return t;
}

static void test_eval_symmetry_and_threat(void)
{
    GRand *rng = test_rand();
    for (int i = 0; i < 2000; i++) {
        AbaloneBoard b;
        test_random_position(&b, rng, g_rand_int_range(rng, 9, 15), g_rand_int_range(rng, 9, 15),
                             g_rand_int_range(rng, 0, 2));
        // Every term is geometric: the board's symmetries leave the evaluation unchanged.
        AbaloneBoard rot = transformed(&b, false), ref = transformed(&b, true);
        g_assert_cmpint(abalone_evaluate(&b), ==, abalone_evaluate(&rot));
        g_assert_cmpint(abalone_evaluate(&b), ==, abalone_evaluate(&ref));
        // The threat flag is true exactly when the opponent has an ejecting move, and the
        // quiescence generator gives exactly the ejecting moves.
        AbaloneBoard o = b;
        o.side ^= 1;
        Move moves[ABALONE_MAX_MOVES];
        int n = abalone_gen_moves(&o, moves), ejections = 0;
        for (int k = 0; k < n; k++) ejections += ABALONE_MOVE_EJECTS(moves[k]);
        AbaloneSearchBoard sb = {.pos = b, .features = ABALONE_FEATURES_CELLS};
        g_assert_cmpint(game_threat(&sb), ==, ejections > 0);
        g_assert_cmpint(abalone_gen_ejections(&o, moves), ==, ejections);
        for (int k = 0; k < ejections; k++) g_assert_cmpint(ABALONE_MOVE_EJECTS(moves[k]), ==, 1);
        // The danger term counts the marbles those moves would eject: each move's last
        // pushed marble.
        AbaloneBits victims = 0;
        for (int k = 0; k < ejections; k++) {
            const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(moves[k])];
            int last = mi->front + (ABALONE_MOVE_PUSHED(moves[k]) - 1) * abalone_dir_step[mi->dir];
            victims |= abalone_bit(last);
        }
        g_assert_true(victims == abalone_ejectable(b.bb[b.side ^ 1], b.bb[b.side]));
    }
    g_rand_free(rng);
}

static void test_no_legal_move(void)
{
    AbaloneBoard b;
    g_assert_true(abalone_position_parse(&b, "bbbbb/bwwwww/bw5/bw6/bw7/w7/7/6/5 b", NULL));
    AbaloneEngine e;
    engine_with(&e, false);
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    SearchInfo info;
    g_assert_cmpuint(search_depth(&e, &g, 3, &info), ==, MOVE_NONE);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

// Clocks and move times far beyond any game (up to the largest double) are a long time, not
// an overflow: a depth-3 search with them completes its depth, unstopped.
static void test_huge_clock(void)
{
    static const struct {
        double movetime, time_left, increment;
    } clocks[] = {{0, 1e308, 0}, {0, 1e308, 1e308},           {0, DBL_MAX, 0}, {0, 1e19, 0},
                  {1e308, 0, 0}, {DBL_MAX, DBL_MAX, DBL_MAX}, {0, 0.5, 1e300}};
    AbaloneEngine e;
    engine_with(&e, true);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "belgian");
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    for (size_t i = 0; i < G_N_ELEMENTS(clocks); i++) {
        SearchLimits l = {0};
        l.depth = 3;
        if (clocks[i].movetime > 0) {
            l.time = timeman_per_move(clocks[i].movetime);
        } else {
            l.time = timeman_main(clocks[i].increment);
            l.clock.main_left = clocks[i].time_left;
        }
        l.start_us = g_get_monotonic_time();
        SearchInfo info;
        g_assert_cmpuint(abalone_engine_search(&e, &g, &l, NULL, NULL, &info), !=, MOVE_NONE);
        g_assert_false(engine_search_stopped(&e.core));
        g_assert_cmpint(info.depth, ==, 3);
    }
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/search/win-in-one", test_win_in_one);
    g_test_add_func("/abalone/search/avoid-loss", test_avoid_loss);
    g_test_add_func("/abalone/search/repetition-is-draw", test_repetition_is_draw);
    g_test_add_func("/abalone/search/repetition-contempt", test_repetition_contempt);
    g_test_add_func("/abalone/search/press", test_press);
    g_test_add_func("/abalone/search/move-cap-scored", test_move_cap_scored);
    g_test_add_func("/abalone/search/eval-symmetry-threat", test_eval_symmetry_and_threat);
    g_test_add_func("/abalone/search/no-legal-move", test_no_legal_move);
    g_test_add_func("/abalone/search/huge-clock", test_huge_clock);
    return g_test_run();
}
