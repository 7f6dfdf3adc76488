// SPDX-License-Identifier: MIT
// Dynamic komi (go/dynkomi.h): the linear and adaptive schedules' values, the handicap read
// from GTP's handicap commands and SGF records, the search of a handicap position (the giving
// side's win rate in the tree near 0 without it and not with it, its win rate at the real komi
// near 0 either way, and the receiving side's the other way round), and the real komi kept
// for what decides the game (the playouts' count at the real komi, final_status_list's
// ownership, resigning).
#include <string.h>

#include "go/engine.h"
#include "go/gtp.h"
#include "go/notation.h"
#include "go/ownership.h"
#include "go/player.h"
#include "go/sgf.h"
#include "tests/test_util.h"

// The figures here (and in docs/go.md, Handicap games) are of the Monte Carlo search with light
// playouts, no priors, no RAVE and c = 1: every engine starts from that, then takes sets.
static void engine_with(GoEngine *e, char **sets)
{
    GPtrArray *all = g_ptr_array_new();
    const char *base[] = {"playout_policy=light", "prior=0", "mcts_rave=0", "mcts_c=1"};
    for (size_t i = 0; i < G_N_ELEMENTS(base); i++) g_ptr_array_add(all, (char *)base[i]);
    for (char **s = sets; *s; s++) g_ptr_array_add(all, *s);
    g_ptr_array_add(all, NULL);
    GError *err = NULL;
    if (!go_engine_setup(e, NULL, (char **)all->pdata, NULL, &err)) g_error("%s", err->message);
    g_ptr_array_free(all, TRUE);
}

// A game of size with GTP's fixed handicap of `stones`, komi 0.5, White to move.
static void handicap_game(GoGame *g, int size, int stones)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.komi = 0.5;
    go_game_init(g, size, &rules);
    int x[9], y[9], points[9];
    g_assert_cmpint(go_fixed_handicap_points(size, stones, x, y), ==, stones);
    for (int i = 0; i < stones; i++) points[i] = go_point(&g->board, x[i], y[i]);
    g_assert_true(go_game_setup_points(g, points, stones, GO_BLACK, NULL, NULL));
    g->handicap = stones;
    go_game_set_side(g, GO_WHITE);
}

// The linear schedule: 7 points a stone on 19x19 falling to 0 by move 200; N/19 of the points
// and N^2/361 of the moves on NxN (9x9: 3.32 points a stone, 0 from move 45).
static void test_linear(void)
{
    GoPlayoutParams p;
    go_playout_params_default(&p);
    g_assert_cmpint(p.dynkomi, ==, GO_DYNKOMI_LINEAR);
    g_assert_cmpfloat_with_epsilon(go_dynkomi_linear(&p, 19, 9, 0), 63.0, 1e-9);
    g_assert_cmpfloat_with_epsilon(go_dynkomi_linear(&p, 19, 9, 100), 31.5, 1e-9);
    g_assert_cmpfloat_with_epsilon(go_dynkomi_linear(&p, 19, 9, 150), 15.75, 1e-9);
    g_assert_cmpfloat(go_dynkomi_linear(&p, 19, 9, 200), ==, 0.0);
    g_assert_cmpfloat(go_dynkomi_linear(&p, 19, 9, 250), ==, 0.0);
    g_assert_cmpfloat(go_dynkomi_linear(&p, 19, 0, 0), ==, 0.0);
    g_assert_cmpfloat_with_epsilon(go_dynkomi_linear(&p, 9, 4, 0), 4 * 7 * 9 / 19.0, 1e-9);
    g_assert_cmpfloat(go_dynkomi_linear(&p, 9, 4, 44), >, 0.0);
    g_assert_cmpfloat(go_dynkomi_linear(&p, 9, 4, 45), ==, 0.0);
    for (int size = 9; size <= 19; size += 10)
        for (int move = 0; move <= (size == 9 ? 45 : 200); move += size == 9 ? 15 : 50)
            g_test_message("%dx%d, %d stones, move %d: extra %.2f", size, size, size == 9 ? 4 : 9,
                           move, go_dynkomi_linear(&p, size, size == 9 ? 4 : 9, move));
    p.dynkomi_stone = 5, p.dynkomi_moves = 100;
    g_assert_cmpfloat_with_epsilon(go_dynkomi_linear(&p, 19, 2, 50), 5.0, 1e-9);
    // none: no extra whatever the handicap; linear: the schedule at the game's length.
    GoGame g;
    handicap_game(&g, 19, 9);
    GoDynkomi d = {0};
    g_assert_cmpfloat_with_epsilon(go_dynkomi_extra(&p, &d, &g), 45.0, 1e-9);
    p.dynkomi = GO_DYNKOMI_NONE;
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, 0.0);
    go_game_free(&g);
}

// The adaptive schedule: a step harder for the searching side above the band, easier below,
// unchanged inside, bounded; started at the linear schedule's value, again for a new game.
static void test_adaptive(void)
{
    GoPlayoutParams p;
    go_playout_params_default(&p);
    p.dynkomi = GO_DYNKOMI_ADAPTIVE;
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.9, GO_BLACK), ==, 11); // Black gives more
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.9, GO_WHITE), ==, 9);  // White gets less
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.3, GO_BLACK), ==, 9);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.3, GO_WHITE), ==, 11);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.6, GO_BLACK), ==, 10);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.45, GO_WHITE), ==, 10);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 10, 0.85, GO_WHITE), ==, 10);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 29.5, 0.9, GO_BLACK), ==, 30);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, -29.5, 0.9, GO_WHITE), ==, -30);
    g_assert_cmpfloat(go_dynkomi_adapt(&p, 30, 0.1, GO_WHITE), ==, 30);
    GoGame g;
    handicap_game(&g, 9, 4);
    GoDynkomi d = {0};
    double start = go_dynkomi_linear(&p, 9, 4, 0);
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, start);
    go_dynkomi_learn(&p, &d, 0.95, GO_WHITE); // White wins too easily: less for White
    g_assert_true(go_game_play(&g, GO_WHITE, (Move)go_point(&g.board, 4, 4)));
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, start - 1);
    go_dynkomi_learn(&p, &d, 0.2, GO_BLACK); // Black is losing: easier for Black
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, start - 2);
    go_dynkomi_learn(&p, &d, 0.5, GO_WHITE); // in the band: unchanged
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, start - 2);
    g_assert_true(go_game_undo(&g)); // shorter than at the last search: a new start
    g_assert_cmpfloat(go_dynkomi_extra(&p, &d, &g), ==, start);
    go_game_free(&g);
}

static char *ask(GoGtp *e, const char *line)
{
    GString *out = g_string_new(NULL);
    go_gtp_handle_line(e, line, out);
    return g_string_free(out, FALSE);
}

// The handicap of GTP's three handicap commands and of SGF records (HA, or AB alone), and the
// extra a search of the engine uses.
static void test_handicap_sources(void)
{
    GoRules rules;
    go_rules_default(&rules);
    GoGtp gtp;
    go_gtp_init(&gtp, &rules);
    const char *lines[] = {"boardsize 9",           "fixed_handicap 4", "clear_board",
                           "place_free_handicap 3", "clear_board",      "set_free_handicap A1 C3"};
    const int want[] = {0, 4, 0, 3, 0, 2};
    for (int i = 0; i < 6; i++) {
        char *reply = ask(&gtp, lines[i]);
        g_assert_cmpint(reply[0], ==, '=');
        g_free(reply);
        g_assert_cmpint(go_dynkomi_handicap(&gtp.game), ==, want[i]);
    }
    GoEngine e;
    engine_with(&e, (char *[]){"search=mcts", "threads=1", "hash=1", NULL});
    SearchLimits limits = {.nodes = 50};
    SearchInfo info;
    go_engine_search(&e, &gtp.game, GO_WHITE, &limits, NULL, NULL, &info);
    g_assert_cmpfloat(e.extra, ==, go_dynkomi_linear(&e.playout, 9, 2, 0));
    g_assert_cmpfloat(e.ctx.playout_komi, ==, gtp.game.rules.komi + e.extra);
    g_assert_cmpfloat(e.ctx.komi, ==, gtp.game.rules.komi);
    go_engine_free(&e);
    go_gtp_free(&gtp);
    const char *records[] = {"(;GM[1]FF[4]SZ[9]KM[0.5]HA[4]AB[cc][gc][cg][gg];W[ee])",
                             "(;GM[1]FF[4]SZ[9]KM[0.5]AB[cc][gc][gg]PL[W])",
                             "(;GM[1]FF[4]SZ[9]AB[cc]AW[gg])", "(;GM[1]FF[4]SZ[9];B[cc])"};
    const int stones[] = {4, 3, 0, 0};
    for (int i = 0; i < 4; i++) {
        GoGame g;
        GoSgfInfo si;
        go_sgf_info_init(&si);
        GError *err = NULL;
        if (!go_sgf_parse(records[i], "test.sgf", &rules, &g, &si, &err))
            g_error("%s", err->message);
        g_assert_cmpint(go_dynkomi_handicap(&g), ==, stones[i]);
        go_sgf_info_free(&si);
        go_game_free(&g);
    }
}

typedef struct {
    double extra, tree, real;
    Score score;
} Searched;

// colour's search of g with `playouts` playouts on one thread, a fresh engine with sets.
static Searched search_once(GoGame *g, int colour, const char *mode, int playouts)
{
    GoEngine e;
    engine_with(&e, (char *[]){"search=mcts", "threads=1", "hash=1", (char *)mode, NULL});
    SearchLimits limits = {.nodes = (uint64_t)playouts};
    SearchInfo info;
    go_engine_search(&e, g, colour, &limits, NULL, NULL, &info);
    Searched r = {e.extra, e.core.search.mcts_rate, e.real_rate, info.score};
    g_test_message("%s %s: extra %.2f, tree %.3f, real komi %.3f", mode,
                   colour == GO_BLACK ? "Black" : "White", r.extra, r.tree, r.real);
    go_engine_free(&e);
    return r;
}

// 9x9 with nine stones, komi 0.5, 2 000 light playouts: White's tree sees every move lost
// without dynamic komi (0.16 measured) and not with the linear schedule's 29.8 points (0.44);
// the share of playouts White wins at the real komi stays near 0 (0.06) either way, and is
// what the search reports under the extra. Black, to move in the same position, sees the
// mirror image.
static void test_search(void)
{
    GoGame g;
    handicap_game(&g, 9, 9);
    Searched none = search_once(&g, GO_WHITE, "dynkomi=none", 2000);
    Searched linear = search_once(&g, GO_WHITE, "dynkomi=linear", 2000);
    g_assert_cmpfloat(none.extra, ==, 0);
    g_assert_cmpfloat(none.tree, <, 0.25);
    g_assert_cmpfloat(none.real, <, 0.15);
    g_assert_cmpint(none.score, ==, mcts_rate_score(none.tree, 200));
    g_assert_cmpfloat_with_epsilon(linear.extra, 9 * 7 * 9 / 19.0, 1e-9);
    g_assert_cmpfloat(linear.tree, >, 0.3);
    g_assert_cmpfloat(linear.tree, >, none.tree + 0.1);
    g_assert_cmpfloat(linear.real, <, 0.15);
    g_assert_cmpint(linear.score, ==, mcts_rate_score(linear.real, 200));
    Searched black_none = search_once(&g, GO_BLACK, "dynkomi=none", 2000);
    Searched black_linear = search_once(&g, GO_BLACK, "dynkomi=linear", 2000);
    g_assert_cmpfloat(black_none.tree, >, 0.75);
    g_assert_cmpfloat(black_linear.tree, <, black_none.tree - 0.1);
    g_assert_cmpfloat(black_linear.real, >, 0.85);
    go_game_free(&g);
}

// The giving side's root win rate at the first move by the stone's value (slow mode only: the
// figures of docs/go.md, Handicap games): komi 0.5, one thread; it grows with the extra.
static void test_calibration(void)
{
    if (!g_test_slow()) {
        g_test_skip("the figures of docs/go.md: -m slow");
        return;
    }
    const struct {
        int size, stones, playouts;
        const char *policy;
    } cases[] = {{9, 4, 2000, "playout_policy=light"},
                 {9, 4, 2000, "playout_policy=heavy"},
                 {9, 9, 2000, "playout_policy=light"},
                 {19, 9, 20000, "playout_policy=light"}};
    const char *stone[] = {"dynkomi=none", "dynkomi_stone=4", "dynkomi_stone=7"};
    for (size_t k = 0; k < G_N_ELEMENTS(cases); k++) {
        GoGame g;
        handicap_game(&g, cases[k].size, cases[k].stones);
        double last = -1;
        for (int i = 0; i < 3; i++) {
            GoEngine e;
            engine_with(&e, (char *[]){"search=mcts", "threads=1", "hash=1",
                                       (char *)cases[k].policy, (char *)stone[i], NULL});
            SearchLimits limits = {.nodes = (uint64_t)cases[k].playouts};
            SearchInfo info;
            go_engine_search(&e, &g, GO_WHITE, &limits, NULL, NULL, &info);
            g_test_message("%dx%d, %d stones, %s, %d playouts, %s: extra %.1f, White's tree %.3f, "
                           "real komi %.3f",
                           cases[k].size, cases[k].size, cases[k].stones, cases[k].policy,
                           cases[k].playouts, stone[i], e.extra, e.core.search.mcts_rate,
                           e.real_rate);
            g_assert_cmpfloat(e.core.search.mcts_rate, >, last);
            last = e.core.search.mcts_rate;
            go_engine_free(&e);
        }
        go_game_free(&g);
    }
}

// The share of playouts won at the real komi is the playouts' own count: without an extra it
// equals the root's children's wins over the playouts exactly (no prior visits, no ties at komi
// 0.5); with one it does not, the tree counting at komi + extra.
static void test_real_rate(void)
{
    GoGame g;
    handicap_game(&g, 9, 4);
    for (int i = 0; i < 2; i++) {
        GoEngine e;
        engine_with(&e, (char *[]){"search=mcts", "threads=1", "hash=1",
                                   i ? "dynkomi=linear" : "dynkomi=none", NULL});
        SearchLimits limits = {.nodes = 1000};
        SearchInfo info;
        go_engine_search(&e, &g, GO_WHITE, &limits, NULL, NULL, &info);
        const MctsTree *t = e.core.search.mcts;
        const MctsNode *root = &t->nodes[t->root];
        double wins = 0;
        for (uint32_t k = 0; k < root->nchildren; k++) wins += t->nodes[root->children + k].wins;
        double tree = wins / 1000, real = e.real_rate;
        g_test_message("extra %.2f: root's children %.3f, real komi %.3f", e.extra, tree, real);
        g_assert_cmpuint(e.core.search.ownership.playouts, ==, 1000);
        if (i == 0)
            g_assert_cmpfloat_with_epsilon(real, tree, 1e-12);
        else
            g_assert_cmpfloat(tree, >, real + 0.05);
        go_engine_free(&e);
    }
    go_game_free(&g);
}

// A 9x9 game with nine handicap stones and nine moves played after them (so that resigning
// is allowed), komi 0.5, White to move.
static void handicap_game_played(GoGame *g)
{
    handicap_game(g, 9, 9);
    const char *moves[] = {"B2", "H8", "H2", "B8", "E2", "E8", "B5", "H5", "A1"};
    for (int i = 0; i < 9; i++) {
        Move m = go_vertex_parse(&g->board, moves[i], NULL);
        g_assert_true(go_game_play(g, i % 2 ? GO_BLACK : GO_WHITE, m));
    }
}

// final_status_list judges the position at the real komi: its ownership search is the same,
// playout for playout, with and without dynamic komi (and so are the statuses), though the
// game has handicap stones.
static void test_status_real_komi(void)
{
    GoGame g;
    handicap_game_played(&g);
    GoEngine a, b;
    engine_with(&a, (char *[]){"search=mcts", "threads=1", "hash=1", "dynkomi=none", NULL});
    engine_with(&b, (char *[]){"search=mcts", "threads=1", "hash=1", "dynkomi=linear",
                               "dynkomi_stone=100", NULL});
    const MctsOwnership *oa = go_engine_ownership(&a, &g, 500);
    const MctsOwnership *ob = go_engine_ownership(&b, &g, 500);
    g_assert_cmpfloat(b.extra, ==, 0);
    g_assert_cmpuint(oa->playouts, ==, ob->playouts);
    g_assert_cmpmem(oa->counts, 2 * sizeof *oa->counts * (size_t)oa->indices, ob->counts,
                    2 * sizeof *ob->counts * (size_t)ob->indices);
    uint8_t sa[GO_MAX_CELLS], sb[GO_MAX_CELLS];
    go_player_status(&a, &g, sa);
    go_player_status(&b, &g, sb);
    g_assert_cmpmem(sa, sizeof sa, sb, sizeof sb);
    go_engine_free(&a);
    go_engine_free(&b);
    go_game_free(&g);
}

// Resigning: White, giving nine stones, after nine moves, with resign_rate 0.3 and its real win
// rate near 0: it resigns without dynamic komi (its tree's rate is below 0.3 too) and plays on
// with it (its tree's rate at the playouts' komi is above). Black, receiving them, with an
// extra so large that it loses every playout in the tree, plays on: it wins at the real komi.
static void test_resign(void)
{
    GoGame g;
    handicap_game_played(&g);
    GoEngine black;
    engine_with(&black, (char *[]){"search=mcts", "threads=1", "hash=1", "resign=1",
                                   "resign_rate=0.3", "dynkomi_stone=100", NULL});
    SearchLimits few = {.nodes = 500};
    GoChoice bc;
    go_player_choose(&black, &g, GO_BLACK, &few, GO_GENMOVE_NORMAL, &bc);
    g_test_message("Black, extra %.2f: tree %.3f, real komi %.3f, %s", black.extra,
                   black.core.search.mcts_rate, black.real_rate, go_reason_text(bc.reason));
    g_assert_cmpfloat(black.core.search.mcts_rate, <, 0.3);
    g_assert_cmpfloat(black.real_rate, >, 0.8);
    g_assert_cmpint(bc.reason, ==, GO_REASON_SEARCH);
    go_engine_free(&black);
    for (int i = 0; i < 2; i++) {
        GoEngine e;
        engine_with(&e, (char *[]){"search=mcts", "threads=1", "hash=1", "resign=1",
                                   "resign_rate=0.3", i ? "dynkomi=linear" : "dynkomi=none", NULL});
        SearchLimits limits = {.nodes = 2000};
        GoChoice c;
        go_player_choose(&e, &g, GO_WHITE, &limits, GO_GENMOVE_NORMAL, &c);
        g_test_message("extra %.2f: tree %.3f, real komi %.3f, %s", e.extra,
                       e.core.search.mcts_rate, e.real_rate, go_reason_text(c.reason));
        g_assert_cmpfloat(e.real_rate, <, 0.3);
        g_assert_cmpint(c.reason, ==, i ? GO_REASON_SEARCH : GO_REASON_RESIGN);
        go_engine_free(&e);
    }
    go_game_free(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/go/dynkomi/linear", test_linear);
    g_test_add_func("/go/dynkomi/adaptive", test_adaptive);
    g_test_add_func("/go/dynkomi/handicap-sources", test_handicap_sources);
    g_test_add_func("/go/dynkomi/search", test_search);
    g_test_add_func("/go/dynkomi/real-rate", test_real_rate);
    g_test_add_func("/go/dynkomi/status-real-komi", test_status_real_komi);
    g_test_add_func("/go/dynkomi/resign", test_resign);
    g_test_add_func("/go/dynkomi/calibration", test_calibration);
    return g_test_run();
}
