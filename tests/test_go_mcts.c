// SPDX-License-Identifier: MIT
// The Monte Carlo search on the games: Go's playout result (area with komi, side to move's
// view), a Go engine with search=mcts answering a legal move from its playouts, `sumito go gtp
// --set search=mcts` answering genmove on 9x9 with a legal move within its time, and Abalone,
// which defines no playout entries, searching with the uniformly random fallback.
#include <string.h>

#include "abalone/engine.h"
#include "abalone/movegen.h"
#include "go/engine.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/playout.h"
#include "tests/gtp_client.h"
#include "tests/test_util.h"

// An empty board is a win for White by komi; a board Black has filled is Black's.
static void test_playout_value(void)
{
    GoBoard b;
    go_board_init(&b, 9);
    g_assert_cmpfloat(go_playout_value(&b, 7.0), ==, 0.0); // Black to move, loses by komi
    b.side = GO_WHITE;
    g_assert_cmpfloat(go_playout_value(&b, 7.0), ==, 1.0);
    g_assert_cmpfloat(go_playout_value(&b, 0.0), ==, 0.5);
    for (int y = 0; y < 9; y++) go_board_set_stone(&b, go_point(&b, 4, y), GO_BLACK);
    for (int y = 0; y < 9; y++) go_board_set_stone(&b, go_point(&b, 3, y), GO_BLACK);
    b.side = GO_BLACK;
    // Black: columns A-E (45 points), White: none; Black wins by 45 - 7.
    g_assert_cmpfloat(go_playout_value(&b, 7.0), ==, 1.0);
}

// A Go engine with the assignments sets and an empty 9x9 game under the default rules.
static void engine_and_game(GoEngine *e, char **sets, GoGame *g)
{
    GError *err = NULL;
    g_assert_true(go_engine_setup(e, NULL, sets, NULL, &err));
    GoRules rules;
    go_rules_default(&rules);
    go_game_init(g, 9, &rules);
}

// One search of the side to move with a node limit: its move, checked legal, and its info.
static Move search_legal(GoEngine *e, GoGame *g, uint64_t nodes, SearchInfo *info)
{
    SearchLimits limits = {.nodes = nodes};
    Move m = go_engine_search(e, g, g->board.side, &limits, NULL, NULL, info);
    g_assert_true(go_game_is_legal(g, g->board.side, m));
    g_assert_cmpuint(engine_search_stats(&e->core)->mcts_playouts, >=, nodes);
    return m;
}

// search=mcts through the engine: playouts run, the node limit counts them, the move is legal.
static void test_engine_search(void)
{
    GoEngine e;
    GoGame g;
    engine_and_game(&e, (char *[]){"search=mcts", "hash=1", NULL}, &g);
    GRand *r = test_rand();
    for (int ply = 0; ply < 12; ply++) {
        SearchInfo info;
        Move m = search_legal(&e, &g, 2000, &info);
        g_assert_cmpuint(engine_search_nodes(&e.core), ==, 2000);
        g_assert_cmpuint(engine_search_stats(&e.core)->mcts_playouts, ==, 2000);
        g_assert_cmpuint(engine_search_stats(&e.core)->mcts_nodes, >, 0);
        g_assert_cmpint(info.pv_len, >=, 1);
        g_assert_cmpint((int)info.pv[0], ==, (int)m);
        // Half the moves from the search, half random, so that positions vary.
        if (g_rand_boolean(r)) {
            Move moves[GO_MAX_MOVES];
            int n = go_board_gen_moves(&g.board, moves);
            m = moves[g_rand_int_range(r, 0, n)];
        }
        g_assert_true(go_game_play(&g, g.board.side, m));
    }
    g_rand_free(r);
    go_game_free(&g);
    go_engine_free(&e);
}

// search=mcts on two threads (a board clone each, Go's superko history included): legal
// answers, at least the playouts asked for, the owners of each counted once.
static void test_engine_threads(void)
{
    GoEngine e;
    GoGame g;
    engine_and_game(&e, (char *[]){"search=mcts", "threads=2", "hash=1", NULL}, &g);
    for (int ply = 0; ply < 6; ply++) {
        SearchInfo info;
        Move m = search_legal(&e, &g, 3000, &info);
        // Each thread's owner counts summed: every playout counted once.
        g_assert_cmpuint(e.core.search.ownership.playouts, ==,
                         engine_search_stats(&e.core)->mcts_playouts);
        g_assert_true(go_game_play(&g, g.board.side, m));
    }
    go_game_free(&g);
    go_engine_free(&e);
}

// The words of a GTP response as a set of vertices, for membership tests.
static bool word_in(const char *words, const char *w)
{
    char **v = g_strsplit(words, " ", -1);
    bool found = false;
    for (char **p = v; *p && !found; p++) found = strcmp(*p, w) == 0;
    g_strfreev(v);
    return found;
}

// genmove with search=mcts on 9x9 under 0.3 s per move: every answer is one of all_legal's
// (or pass), and comes within the move's time with room for a loaded machine.
static void test_gtp_genmove(void)
{
    GtpClient c;
    g_assert_true(
        gtp_client_start(&c, TEST_SUMITO " go gtp --set search=mcts --time-per-move 0.3"));
    g_free(gtp_client_ask(&c, NULL, "boardsize 9"));
    g_free(gtp_client_ask(&c, NULL, "clear_board"));
    const char *colour[2] = {"b", "w"};
    for (int i = 0; i < 8; i++) {
        char *legal = gtp_client_ask(&c, NULL, "all_legal %s", colour[i & 1]);
        g_assert_nonnull(legal);
        int64_t t0 = g_get_monotonic_time();
        char *move = gtp_client_ask(&c, NULL, "genmove %s", colour[i & 1]);
        double seconds = (g_get_monotonic_time() - t0) / 1e6;
        g_assert_nonnull(move);
        g_test_message("genmove %s: %s in %.2f s", colour[i & 1], move, seconds);
        if (g_ascii_strcasecmp(move, "pass") != 0 && !word_in(legal, move))
            g_error("genmove %s answered %s, not among all_legal: %s", colour[i & 1], move, legal);
        g_assert_cmpfloat(seconds, <, 3.0);
        g_free(move);
        g_free(legal);
    }
    gtp_client_stop(&c);
}

// Abalone defines no playout entries: uniformly random moves, game_terminal and the logistic
// of its evaluation at the playout's ply limit. Its search still answers a legal move.
static void test_abalone_fallback(void)
{
    AbaloneEngine e;
    char *sets[] = {"search=mcts", "mcts_playout_plies=20", "hash=1", NULL};
    GError *err = NULL;
    g_assert_true(abalone_engine_setup(&e, NULL, sets, NULL, &err));
    AbaloneRules rules;
    abalone_rules_default(&rules);
    AbaloneBoard start;
    abalone_board_set_layout(&start, "belgian");
    AbaloneGame g;
    abalone_game_init(&g, &start, &rules);
    SearchLimits limits = {.nodes = 300};
    SearchInfo info;
    Move m = abalone_engine_search(&e, &g, &limits, NULL, NULL, &info);
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(&g.board, moves);
    bool legal = false;
    for (int i = 0; i < n; i++) legal |= moves[i] == m;
    g_assert_true(legal);
    g_assert_cmpuint(engine_search_stats(&e.core)->mcts_playouts, ==, 300);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

// The root's children after a search of 400 playouts on the empty board with the widening
// schedule `widen`, priors on or off: how many were played, and the index of the last played
// one. Checks that they are in the prior's order: along the children never played, the rates
// (the prior's alone) never rise.
static int widened_root(const char *widen, bool prior, int *last_played)
{
    GoEngine e;
    GoGame g;
    char *w = g_strdup_printf("mcts_widen=%s", widen);
    engine_and_game(&e, (char *[]){"search=mcts", prior ? "prior=1" : "prior=0", w, NULL}, &g);
    SearchInfo info;
    search_legal(&e, &g, 400, &info);
    const MctsTree *t = e.core.search.mcts;
    const MctsNode *root = &t->nodes[t->root];
    int played = 0;
    double last_rate = 2.0;
    *last_played = -1;
    for (int i = 0; i < root->nchildren; i++) {
        const MctsNode *c = &t->nodes[root->children + (uint32_t)i];
        if (c->visits && mcts_node_played(c) == 0) {
            double rate = c->wins / c->visits;
            g_assert_cmpfloat(rate, <=, last_rate + 1e-9);
            last_rate = rate;
        }
        if (mcts_node_played(c)) played++, *last_played = i;
    }
    g_free(w);
    go_game_free(&g);
    go_engine_free(&e);
    return played;
}

// Without priors every child is tried once (all 82 of the empty board); power widening (w =
// ceil(sqrt(n))) looks at the first 20 only in 400 playouts, progressive unpruning at the
// first 12 (5 + floor(log(400 / 50) / log(1.3))); with priors the children come in the prior's
// order, and the rank schedule (the built-in statistics, collected with the default priors on)
// looks at fewer than all; without priors, whose order the statistics do not describe, it is
// refused.
static void test_widening(void)
{
    int last;
    g_assert_cmpint(widened_root("none", false, &last), ==, 82);
    g_assert_cmpint(widened_root("power", false, &last), ==, 20);
    g_assert_cmpint(last, ==, 19);
    g_assert_cmpint(widened_root("unpruning", false, &last), ==, 12);
    g_assert_cmpint(last, ==, 11);
    g_assert_cmpint(widened_root("rank", true, &last), <, 82);
    g_assert_cmpint(last, <, 81);
    widened_root("power", true, &last);
    g_assert_cmpint(last, ==, 19);
    widened_root("none", true, &last);
    GoEngine e;
    GError *err = NULL;
    g_assert_false(go_engine_setup(
        &e, NULL, (char *[]){"search=mcts", "prior=0", "mcts_widen=rank", NULL}, NULL, &err));
    g_assert_nonnull(strstr(err->message, "rank statistics collected with prior"));
    g_clear_error(&err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/go/mcts/playout-value", test_playout_value);
    g_test_add_func("/go/mcts/engine-search", test_engine_search);
    g_test_add_func("/go/mcts/engine-threads", test_engine_threads);
    g_test_add_func("/go/mcts/gtp-genmove", test_gtp_genmove);
    g_test_add_func("/go/mcts/abalone-fallback", test_abalone_fallback);
    g_test_add_func("/go/mcts/widening", test_widening);
    return g_test_run();
}
