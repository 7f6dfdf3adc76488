// SPDX-License-Identifier: MIT
// Go problems with expected answers (go/data/tactics_9.txt, and the 19x19 openings of
// go/data/tactics_19.txt): the player's move at a fixed node budget (deterministic, whatever
// the machine's load) must be accepted on every problem; and the suite format's parser and
// answer test.
#include <stdlib.h>
#include <string.h>

#include "go/engine.h"
#include "go/notation.h"
#include "go/player.h"
#include "go/tactics.h"
#include "tests/test_util.h"

static Move choose(GoEngine *e, const GoTactic *t, GoChoice *c)
{
    SearchLimits l = {0};
    l.nodes = GO_TACTICS_NODES;
    return go_tactic_solve(e, t, &l, c);
}

// Every problem of a suite text (at least `least` of them) answered as it says.
static void check_suite(const char *text, guint least)
{
    GError *err = NULL;
    GPtrArray *suite = go_tactics_parse(text, &err);
    g_assert_no_error(err);
    g_assert_cmpuint(suite->len, >=, least);
    GoEngine e; // the defaults of `sumito go tactics --set search=alphabeta`
    SearchParams p;
    go_engine_params_default(&p, NULL, NULL);
    p.search = SEARCH_ALPHABETA;
    g_assert_true(go_engine_init(&e, &p, NULL, &err));
    GString *failed = g_string_new(NULL);
    for (guint i = 0; i < suite->len; i++) {
        const GoTactic *t = g_ptr_array_index(suite, i);
        GoChoice c;
        Move m = choose(&e, t, &c);
        char v[GO_VERTEX_TEXT] = "resign";
        if (m != MOVE_NONE) go_vertex_format(&t->game.board, m, v);
        bool ok = m != MOVE_NONE && go_tactic_accepts(t, m);
        g_test_message("%-24s %-6s %-5s%s depth %d score %d (%s)", t->name, v, ok ? "ok" : "WRONG",
                       t->known_failure ? " (known failure)" : "", c.info.depth, c.info.score,
                       go_reason_text(c.reason));
        if (ok == t->known_failure)
            g_string_append_printf(failed, " %s (%s%s)", t->name, v,
                                   ok ? ": right now, drop its '*'" : "");
    }
    if (failed->len)
        g_error("problems answered otherwise than the suite says at %d nodes:%s", GO_TACTICS_NODES,
                failed->str);
    g_string_free(failed, TRUE);
    go_engine_free(&e);
    go_tactics_free(suite);
}

static void test_builtin(void)
{
    char *text = go_tactics_builtin_text();
    check_suite(text, 17);
    g_free(text);
}

// 19x19 openings: the third or fourth line (go/data/tactics_19.txt).
static void test_openings_19(void)
{
    char *text = NULL;
    GError *err = NULL;
    g_file_get_contents("go/data/tactics_19.txt", &text, NULL, &err);
    g_assert_no_error(err);
    check_suite(text, 5);
    g_free(text);
}

static void test_accepts(void)
{
    GError *err = NULL;
    GPtrArray *s = go_tactics_parse("# c\n\na 9x9 w B:E5 W:- !line1|line2|pass  # x\n"
                                    "b 9x9 b B:- W:C3,D4 =C4|D3*\n",
                                    &err);
    g_assert_no_error(err);
    g_assert_cmpuint(s->len, ==, 2);
    const GoTactic *a = g_ptr_array_index(s, 0), *b = g_ptr_array_index(s, 1);
    g_assert_cmpstr(a->name, ==, "a");
    g_assert_cmpint(a->game.board.side, ==, GO_WHITE);
    g_assert_cmpint(a->game.board.color[go_point(&a->game.board, 4, 4)], ==, GO_BLACK);
    const GoBoard *ab = &a->game.board;
    g_assert_false(go_tactic_accepts(a, (Move)go_point(ab, 0, 4)));
    g_assert_false(go_tactic_accepts(a, (Move)go_point(ab, 7, 1)));
    g_assert_false(go_tactic_accepts(a, GO_PASS));
    g_assert_true(go_tactic_accepts(a, (Move)go_point(ab, 2, 2)));
    g_assert_true(go_tactic_accepts(a, (Move)go_point(ab, 6, 5)));
    g_assert_false(a->known_failure);
    g_assert_true(b->known_failure);
    const GoBoard *bb = &b->game.board;
    g_assert_cmpint(bb->side, ==, GO_BLACK);
    g_assert_true(go_tactic_accepts(b, (Move)go_point(bb, 2, 3)));
    g_assert_true(go_tactic_accepts(b, (Move)go_point(bb, 3, 2)));
    g_assert_false(go_tactic_accepts(b, (Move)go_point(bb, 4, 4)));
    g_assert_false(go_tactic_accepts(b, GO_PASS));
    go_tactics_free(s);
}

static void test_errors(void)
{
    static const char *const bad[][2] = {
        {"a 9x9 b B:- W:- =E5 extra", "expected NAME"},
        {"a 9x8 b B:- W:- =E5", "board size"},
        {"a 9x9 x B:- W:- =E5", "side to move"},
        {"a 9x9 b W:- B:- =E5", "expected B:"},
        {"a 9x9 b B:E5,Z1 W:- =D5", "'Z1'"},
        {"a 9x9 b B:E5 W:E5 =D5", "set up twice"},
        {"a 9x9 b B:A2,B1 W:A1 =D5", "without liberties"},
        {"a 9x9 b B:- W:- E5", "starts with ="},
        {"a 9x9 b B:- W:- =", "no move"},
        {"a 9x9 b B:- W:- =*", "no move"},
        {"a 9x9 b B:- W:- !line6", "no such line"},
        {"a 9x9 b B:- W:- =J10", "'J10'"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        char *text = g_strdup_printf("# first\n%s\n", bad[i][0]);
        GError *err = NULL;
        GPtrArray *s = go_tactics_parse(text, &err);
        g_assert_null(s);
        g_assert_nonnull(err);
        if (!strstr(err->message, bad[i][1]) || !strstr(err->message, "line 2"))
            g_error("'%s': message '%s' lacks '%s'", bad[i][0], err->message, bad[i][1]);
        g_error_free(err);
        g_free(text);
    }
}

// The report of a run: a line a problem, then the count of right answers.
static void test_run(void)
{
    if (g_test_subprocess()) {
        GError *err = NULL;
        GPtrArray *s = go_tactics_parse("ladder 9x9 b B:E5,F5,D4 W:E4 =E3\n"
                                        "wrong 9x9 b B:E5,F5,D4 W:E4 =A1*\n",
                                        &err);
        g_assert_no_error(err);
        GoEngine e;
        g_assert_true(go_engine_setup(&e, NULL, (char *[]){"search=alphabeta", NULL}, NULL, &err));
        SearchLimits l = {0};
        l.depth = 2;
        int right = go_tactics_run(s, &e, &l);
        go_engine_free(&e);
        go_tactics_free(s);
        exit(right == 1 ? 0 : 1);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout("ladder                   E3     ok     depth  2 score * pv E3*\n"
                              "wrong                    E3     WRONG* depth  2 score *\n"
                              "1 of 2 right (* a known failure)\n");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/tactics/accepts", test_accepts);
    g_test_add_func("/go/tactics/errors", test_errors);
    g_test_add_func("/go/tactics/builtin", test_builtin);
    g_test_add_func("/go/tactics/run", test_run);
    g_test_add_func("/go/tactics/openings-19", test_openings_19);
    return g_test_run();
}
