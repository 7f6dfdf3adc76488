// SPDX-License-Identifier: MIT
// The Monte Carlo search's ownership on Go and what the player makes of it: a 5x5 board Black
// has settled is Black's at every point; in a finished 9x9 game with a dead White stone inside
// Black's area, final_status_list lists it as dead and the rest as alive, and after White's
// pass Black takes it off before passing; a hopeless position resigns by win rate and a
// balanced one does not. Every search is seeded by its position, so each result is the same
// from run to run.
#include <string.h>

#include "go/engine.h"
#include "go/gtp.h"
#include "go/notation.h"
#include "go/ownership.h"
#include "go/player.h"

// A Go engine with the assignments sets.
static void engine_setup(GoEngine *e, char **sets)
{
    GError *err = NULL;
    if (!go_engine_setup(e, NULL, sets, NULL, &err)) g_error("%s", err->message);
}

// Plays the vertices of a space-separated list for colour, in turn.
static void play_all(GoGame *g, int colour, const char *vertices)
{
    char **v = g_strsplit(vertices, " ", -1);
    for (char **p = v; *p; p++) {
        GError *err = NULL;
        Move m = go_vertex_parse(&g->board, *p, &err);
        g_assert_no_error(err);
        g_assert_true(go_game_play(g, colour, m));
    }
    g_strfreev(v);
}

// A 5x5 game in which Black's wall on the second line and an eye-making stone leave White
// nothing: after a few moves, with White to move, every point is Black's in every playout.
static void test_certain(void)
{
    GoEngine e;
    // The typed-in patterns' prior: with the learned one (the default) the tree also ends
    // games by two passes with White's dead stones still on the board (its weights, learned
    // from GNU Go's games, rate Black's captures inside its own area low), and a tenth to a
    // fifth of the simulations end with those points not Black's (docs/go.md).
    engine_setup(&e, (char *[]){"search=mcts", "hash=1", "prior_patterns=0", NULL});
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    go_game_init(&g, 5, &rules);
    play_all(&g, GO_BLACK, "B1 B2 B3 B4 B5 D1 D2 D3 D4 D5 C3");
    SearchLimits limits = {.nodes = 2000};
    SearchInfo info;
    go_engine_search(&e, &g, GO_WHITE, &limits, NULL, NULL, &info);
    const MctsOwnership *o = &e.core.search.ownership;
    g_assert_cmpuint(o->playouts, ==, 2000);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) {
            int p = go_point(&g.board, x, y);
            double v = mcts_ownership_value(o, p);
            if (v < 0.9) g_error("point %d,%d: Black's ownership %.3f, not near 1", x, y, v);
            g_assert_cmpfloat(mcts_ownership_neither(o, p), <=, 0.1);
        }
    go_game_free(&g);
    go_engine_free(&e);
}

// Black's walls on columns C and E, White's on F and H, White's stone B5 inside Black's area:
// Black owns A-E (45 points) and White F-J (36) once B5 is off; with B5 on the board the
// region A-B reaches both colours and counts for neither (Black 27, White 37), and White wins
// by the bare count.
static void finished_game(GoGame *g, double komi)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.komi = komi;
    go_game_init(g, 9, &rules);
    play_all(g, GO_BLACK, "C1 C2 C3 C4 C5 C6 C7 C8 C9 E1 E2 E3 E4 E5 E6 E7 E8 E9");
    play_all(g, GO_WHITE, "F1 F2 F3 F4 F5 F6 F7 F8 F9 H1 H2 H3 H4 H5 H6 H7 H8 H9 B5");
}

static void status_of(void *data, const GoGame *g, uint8_t *status)
{
    go_player_status(data, g, status);
}

// The GTP answer to a command, the "= " and the empty line left out.
static char *gtp_answer(GoGtp *gtp, const char *command)
{
    GString *out = g_string_new(NULL);
    go_gtp_handle_line(gtp, command, out);
    g_assert_true(g_str_has_prefix(out->str, "= "));
    g_assert_true(g_str_has_suffix(out->str, "\n\n"));
    g_string_truncate(out, out->len - 2);
    g_string_erase(out, 0, 2);
    return g_string_free(out, FALSE);
}

// final_status_list from ownership, on an engine that searches by alpha-beta (a search of
// status_playouts playouts judges the position): B5 dead, each wall one alive string.
static void test_final_status(void)
{
    GoEngine e;
    engine_setup(&e, (char *[]){"hash=1", "search=alphabeta", NULL});
    GoRules rules;
    go_rules_default(&rules);
    GoGtp gtp;
    go_gtp_init(&gtp, &rules);
    go_gtp_set_status(&gtp, status_of, &e);
    go_game_free(&gtp.game);
    finished_game(&gtp.game, 7.5);
    char *dead = gtp_answer(&gtp, "final_status_list dead");
    char *alive = gtp_answer(&gtp, "final_status_list alive");
    char *seki = gtp_answer(&gtp, "final_status_list seki");
    g_assert_cmpstr(dead, ==, "B5");
    g_assert_cmpstr(alive, ==,
                    "C9 C8 C7 C6 C5 C4 C3 C2 C1\nE9 E8 E7 E6 E5 E4 E3 E2 E1\n"
                    "F9 F8 F7 F6 F5 F4 F3 F2 F1\nH9 H8 H7 H6 H5 H4 H3 H2 H1");
    g_assert_cmpstr(seki, ==, "");
    g_free(dead);
    g_free(alive);
    g_free(seki);
    // The bare count, the referee's: B5 alive, the region A-D neutral.
    char *score = gtp_answer(&gtp, "final_score");
    g_assert_cmpstr(score, ==, "W+17.5");
    g_free(score);
    go_gtp_free(&gtp);
    go_engine_free(&e);
}

// After White's pass, passing loses Black the bare count (W+17.5) though Black wins with B5
// off (B+1.5): Black, searching by MCTS, takes B5's liberty instead of passing.
static void test_cleanup(void)
{
    GoEngine e;
    engine_setup(&e, (char *[]){"search=mcts", "hash=1", NULL});
    GoGame g;
    finished_game(&g, 7.5);
    g_assert_true(go_game_play(&g, GO_WHITE, GO_PASS));
    SearchLimits limits = {.nodes = 3000};
    GoChoice c;
    go_player_choose(&e, &g, GO_BLACK, &limits, GO_GENMOVE_NORMAL, &c);
    char v[GO_VERTEX_TEXT];
    g_test_message("after White's pass: %s (%s)", go_vertex_format(&g.board, c.move, v),
                   go_reason_text(c.reason));
    int b5 = go_point(&g.board, 1, 4), d[4] = {-g.board.stride, -1, 1, g.board.stride};
    g_test_message("Black's share of B5: %.3f",
                   go_ownership_share(&e.core.search.ownership, b5, GO_BLACK));
    g_assert_cmpint(c.reason, ==, GO_REASON_CLEANUP);
    bool liberty = false;
    for (int k = 0; k < 4; k++) liberty |= (int)c.move == b5 + d[k];
    g_assert_true(liberty);
    g_assert_cmpint(c.pass_score, <, 0);
    g_assert_cmpint(c.fair_score, >, 0);
    // The judgement is ownership's: Black owns B5 in about 95 % of the playouts, so at
    // dead_share=1 it is not dead, nothing is cleaned up and the count with it stays a loss.
    GError *err = NULL;
    g_assert_true(engine_set(&e.core, "dead_share=1", &err));
    go_player_choose(&e, &g, GO_BLACK, &limits, GO_GENMOVE_NORMAL, &c);
    double share = go_ownership_share(&e.core.search.ownership, b5, GO_BLACK);
    g_test_message("dead_share=1: %s, Black's share of B5 %.3f",
                   go_vertex_format(&g.board, c.move, v), share);
    g_assert_cmpfloat(share, <, 1.0);
    g_assert_cmpint(c.reason, !=, GO_REASON_CLEANUP);
    g_assert_cmpint(c.fair_score, <, 0);
    // A new game forgets the judgement, which is of the old game's stones.
    g_assert_cmpint(e.core.search.ownership.playouts, >, 0);
    go_engine_new_game(&e);
    g_assert_cmpint(e.core.search.ownership.playouts, ==, 0);
    go_game_free(&g);
    go_engine_free(&e);
}

// resign=1 under MCTS: Black resigns with its wall on column B against White's on C, E, G and J
// (White owns C-J, 63 points, in strips no playout invades); in a balanced opening of nine
// moves each it plays on.
static void test_resign(void)
{
    GoEngine e;
    // The Monte Carlo search as it was before it became Go's default (light playouts, no priors,
    // no RAVE, c 1): with the default's, the hopeless position's win rate is 0.15, above
    // resign_rate.
    engine_setup(&e, (char *[]){"search=mcts", "playout_policy=light", "prior=0", "mcts_rave=0",
                                "mcts_c=1", "resign=1", "hash=1", NULL});
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    go_game_init(&g, 9, &rules);
    play_all(&g, GO_BLACK, "B1 B2 B3 B4 B5 B6 B7 B8 B9");
    for (const char *c = "CEGJ"; *c; c++) {
        char *wall = g_strdup_printf("%c1 %c2 %c3 %c4 %c5 %c6 %c7 %c8 %c9", *c, *c, *c, *c, *c, *c,
                                     *c, *c, *c);
        play_all(&g, GO_WHITE, wall);
        g_free(wall);
    }
    SearchLimits limits = {.nodes = 2000};
    GoChoice c;
    go_player_choose(&e, &g, GO_BLACK, &limits, GO_GENMOVE_NORMAL, &c);
    g_test_message("hopeless: win rate %.3f", e.core.search.mcts_rate);
    g_assert_cmpint(c.reason, ==, GO_REASON_RESIGN);
    g_assert_cmpint((int)c.move, ==, (int)MOVE_NONE);
    go_game_free(&g);
    go_game_init(&g, 9, &rules);
    play_all(&g, GO_BLACK, "C3 G7 C7 G3 E5 D5 F5 E4 E6");
    play_all(&g, GO_WHITE, "D3 F7 D7 F3 C5 G5 E3 E7 D4");
    go_player_choose(&e, &g, GO_BLACK, &limits, GO_GENMOVE_NORMAL, &c);
    g_test_message("balanced: win rate %.3f", e.core.search.mcts_rate);
    g_assert_cmpint(c.reason, ==, GO_REASON_SEARCH);
    g_assert_cmpint((int)c.move, !=, (int)MOVE_NONE);
    go_game_free(&g);
    go_engine_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/go/ownership/certain", test_certain);
    g_test_add_func("/go/ownership/final-status", test_final_status);
    g_test_add_func("/go/ownership/cleanup", test_cleanup);
    g_test_add_func("/go/ownership/resign", test_resign);
    return g_test_run();
}
