// SPDX-License-Identifier: MIT
// The Monte Carlo search's ownership on Go: a 5x5 board Black has settled is Black's at every
// point. Every search is seeded by its position, so each result is the same from run to run.
#include <string.h>

#include "go/engine.h"
#include "go/notation.h"

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
    engine_setup(&e, (char *[]){"search=mcts", "hash=1", NULL});
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/go/ownership/certain", test_certain);
    return g_test_run();
}
