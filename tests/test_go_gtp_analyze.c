// SPDX-License-Identifier: MIT
// The tree behind live analysis: analysis searches in rounds of one interval (go/gtp_analyze.h),
// each a search of the engine that keeps the last one's tree for the same position, the empty
// board included (its key is 0); a position of another board size never gets the tree, the
// tables or the ownership of the last size, whose keys it may share; and the visits written fit
// the 32-bit integers clients read.
#include <string.h>

#include "go/movegen.h"
#include "go/notation.h"
#include "tests/gtp_util.h"

// One round of analysis as the session runs it, by playouts rather than by time; returns the
// root's visits after it.
static uint32_t round_visits(GoEngine *engine, const GoGame *g, uint64_t playouts)
{
    SearchLimits limits = {.nodes = playouts};
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    go_engine_search(engine, g, g->board.side, &limits, NULL, NULL, &info);
    const MctsTree *t = engine->core.search.mcts;
    return t->nodes[t->root].visits;
}

// Every move of the tree's root is a legal move of b.
static void assert_root_moves_legal(GoEngine *engine, const GoGame *g)
{
    const MctsTree *t = engine->core.search.mcts;
    const MctsNode *root = &t->nodes[t->root];
    g_assert_cmpuint(root->nchildren, >, 0);
    for (uint32_t i = 0; i < root->nchildren; i++) {
        Move m = t->nodes[root->children + i].move;
        if (m != GO_PASS && !go_board_is_legal(&g->board, m))
            g_error("root move %u is not a legal move of the %dx%d board", m, g->board.size,
                    g->board.size);
    }
}

// The second round on the empty board starts from the first one's visits (before, its key of
// 0 was taken for "no tree", and each round started afresh), as on any other position.
static void test_empty_board_reuse(void)
{
    for (int k = 0; k < 2; k++) { // the empty board, and after a move
        GoGtp e;
        GoEngine engine;
        gtp_test_new_analysis(&e, &engine);
        gtp_test_expect(&e, "1 boardsize 9", "=1 \n\n");
        if (k) gtp_test_expect(&e, "2 play b E5", "=2 \n\n");
        uint32_t first = round_visits(&engine, &e.game, 300);
        g_assert_cmpuint(first, >=, 300);
        uint32_t second = round_visits(&engine, &e.game, 300);
        g_assert_cmpuint(engine.core.search.stats.mcts_reused, ==, first);
        g_assert_cmpuint(second, >=, first + 300);
        go_gtp_free(&e);
        go_engine_free(&engine);
    }
}

// A 19x19 tree is never taken for a 9x9 position of the same key: the empty boards (key 0),
// and Black's stone on cell 25, E1 on 19x19 and E2 on 9x9 (stride 20 and 10). Before, the 9x9
// analysis listed 19x19 moves (A15, E25) from the reused tree.
static void test_board_size_change(void)
{
    static const char *const moves[][2] = {{NULL, NULL}, {"2 play b E1", "4 play b E2"}};
    for (int k = 0; k < 2; k++) {
        GoGtp e;
        GoEngine engine;
        gtp_test_new_analysis(&e, &engine);
        gtp_test_expect(&e, "1 boardsize 19", "=1 \n\n");
        if (moves[k][0]) gtp_test_expect(&e, moves[k][0], "=2 \n\n");
        round_visits(&engine, &e.game, 300);
        gtp_test_expect(&e, "3 boardsize 9", "=3 \n\n");
        if (moves[k][1]) gtp_test_expect(&e, moves[k][1], "=4 \n\n");
        uint32_t visits = round_visits(&engine, &e.game, 200);
        g_assert_cmpuint(engine.core.search.stats.mcts_reused, ==, 0);
        g_assert_cmpuint(visits, <, 300);
        assert_root_moves_legal(&engine, &e.game);
        go_gtp_free(&e);
        go_engine_free(&engine);
    }
}

// The ownership of the last search is not that of an empty board of another size.
static void test_board_size_ownership(void)
{
    GoGtp e;
    GoEngine engine;
    gtp_test_new_analysis(&e, &engine);
    gtp_test_expect(&e, "1 boardsize 19", "=1 \n\n");
    round_visits(&engine, &e.game, 300);
    g_assert_cmpuint(engine.core.search.ownership.playouts, >=, 300);
    gtp_test_expect(&e, "2 boardsize 9", "=2 \n\n");
    const MctsOwnership *o = go_engine_ownership(&engine, &e.game, 50);
    g_assert_cmpuint(o->playouts, <, 300);
    go_gtp_free(&e);
    go_engine_free(&engine);
}

// Alpha-beta's visits are its nodes; past 2^31 - 1 they are written as 2147483647, which the
// clients read as a 32-bit integer (Lizzie stops reading the engine on a larger number).
static void test_visits_fit_int(void)
{
    GoGtp e;
    GoEngine engine;
    gtp_test_new_analysis(&e, &engine);
    GError *err = NULL;
    if (!engine_set(&engine.core, "search=alphabeta", &err) || !engine_apply(&engine.core, &err))
        g_error("%s", err->message);
    gtp_test_expect(&e, "1 boardsize 9", "=1 \n\n");
    SearchInfo info = {.nodes = 5000000000u, .pv_len = 1};
    info.pv[0] = go_vertex_parse(&e.game.board, "E5", NULL);
    for (int kata = 0; kata < 2; kata++) {
        GoAnalyzeRequest r = {.kata = kata, .colour = GO_BLACK, .interval_cs = 100};
        GString *line = g_string_new(NULL);
        go_analyze_format(&engine, &e.game, &r, &info, line);
        g_assert_nonnull(strstr(line->str, "info move E5 visits 2147483647 winrate "));
        g_string_free(line, TRUE);
    }
    go_gtp_free(&e);
    go_engine_free(&engine);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/gtp-analyze/empty-board-reuse", test_empty_board_reuse);
    g_test_add_func("/go/gtp-analyze/board-size-change", test_board_size_change);
    g_test_add_func("/go/gtp-analyze/board-size-ownership", test_board_size_ownership);
    g_test_add_func("/go/gtp-analyze/visits-fit-int", test_visits_fit_int);
    return g_test_run();
}
