// SPDX-License-Identifier: MIT
// The players of a match from their options (core/lab/match.h): the default pair, the count,
// a game without a protocol for outside engines, two players of one name; each player's own
// limits (among our engine's parameters, after an outside engine's name) replacing the match's,
// and the limits refused: no number, out of range, a kind given twice, no limit at all.
#include <string.h>

#include "abalone/desc.h"
#include "core/lab/match.h"
#include "tests/toy_desc.h"

// The players of the specs ("E" ours or "C" outside, then the option's value, NULL-ended);
// the message of the error when they are refused, else NULL.
static char *make(const GameDesc *game, const char *const *specs, MatchOptions *o)
{
    *o = (MatchOptions){.game = game};
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; specs[i]; i++) g_ptr_array_add(a, g_strdup(specs[i]));
    GError *err = NULL;
    bool ok = match_players_make(o, a, &err);
    g_ptr_array_free(a, TRUE);
    char *message = ok ? NULL : g_strdup(err->message);
    g_assert_true(ok == (err == NULL));
    g_clear_error(&err);
    return message;
}

static void clear(MatchOptions *o)
{
    for (int i = 0; i < 2; i++) match_player_clear(&o->players[i]);
}

static void test_default(void)
{
    MatchOptions o;
    const char *const none[] = {NULL};
    g_assert_null(make(&abalone_game_desc, none, &o));
    g_assert_cmpstr(o.players[0].name, ==, "rankcut");
    g_assert_cmpstr(o.players[1].name, ==, "alphabeta");
    g_assert_cmpstr(o.players[1].sets[0], ==, "plain");
    g_assert_null(o.players[0].command);
    clear(&o);
}

static void test_refused(void)
{
    MatchOptions o;
    const char *const three[] = {"Ea:", "Eb:", "Ec:", NULL};
    char *m = make(&abalone_game_desc, three, &o);
    g_assert_cmpstr(m, ==, "a match has two players (--engine or --engine-cmd twice), not 3");
    g_free(m), clear(&o);
    const char *const same[] = {"Ea:", "Ea:plain", NULL};
    m = make(&abalone_game_desc, same, &o);
    g_assert_cmpstr(m, ==, "the two players need different names, not both 'a'");
    g_free(m), clear(&o);
    const char *const outside[] = {"Ea:", "Cb:true", NULL};
    m = make(&toy_game_desc, outside, &o);
    g_assert_cmpstr(m, ==, "Toy has no protocol for outside engines");
    g_free(m), clear(&o);
    const char *const bad[] = {"Ea:", "E:", NULL};
    m = make(&abalone_game_desc, bad, &o);
    g_assert_nonnull(m);
    g_free(m), clear(&o);
}

static void test_limits(void)
{
    MatchOptions o;
    const char *const specs[] = {"Efast:time-per-move=0.05,plain,clock=60+0.5",
                                 "Cslow,depth=3,,nodes=2000:prog --aep a:b", NULL};
    g_assert_null(make(&abalone_game_desc, specs, &o));
    const MatchPlayer *a = &o.players[0], *b = &o.players[1];
    g_assert_cmpstr(a->name, ==, "fast");
    g_assert_cmpstr(a->sets[0], ==, "plain");
    g_assert_null(a->sets[1]);
    g_assert_cmpfloat(a->own.movetime, ==, 0.05);
    g_assert_cmpfloat(a->own.clock, ==, 60);
    g_assert_cmpfloat(a->own.increment, ==, 0.5);
    g_assert_cmpstr(b->name, ==, "slow");
    g_assert_cmpstr(b->command, ==, "prog --aep a:b");
    g_assert_cmpint(b->own.depth, ==, 3);
    g_assert_cmpuint(b->own.nodes, ==, 2000);
    g_assert_cmpfloat(b->own.movetime, ==, 0);
    // Each player's own limits replace all of the match's; a player without any has the match's.
    o.movetime = 1, o.depth = 7;
    MatchLimits l = match_limits_of(&o, 1);
    g_assert_cmpfloat(l.movetime, ==, 0);
    g_assert_cmpint(l.depth, ==, 3);
    char *text = match_limits_text(&l);
    g_assert_cmpstr(text, ==, " depth 3 nodes 2000");
    g_free(text);
    l = match_limits_of(&o, 0);
    text = match_limits_text(&l);
    g_assert_cmpstr(text, ==, " time-per-move 0.05 s clock 60 s + 0.5 s a move");
    g_free(text);
    clear(&o);
    const char *const plain[] = {"Ea:", "Cb:prog", NULL};
    g_assert_null(make(&abalone_game_desc, plain, &o));
    o.movetime = 1, o.depth = 7;
    l = match_limits_of(&o, 1);
    g_assert_cmpfloat(l.movetime, ==, 1);
    g_assert_cmpint(l.depth, ==, 7);
    clear(&o);
    // Refused, with the message.
    const char *const bad[][2] = {
        {"Eb:depth=1,depth=3", "player b: 'depth=3': a limit of that kind is given twice"},
        {"Eb:clock=10,clock=20+1", "player b: 'clock=20+1': a limit of that kind is given twice"},
        {"Cb,time-per-move=1,time-per-move=2:prog",
         "player b: 'time-per-move=2': a limit of that kind is given twice"},
        {"Eb:time-per-move=fast", "player b: 'time-per-move=fast' is not a valid limit"},
        {"Eb:time-per-move=0", "player b: 'time-per-move=0' is not a valid limit"},
        {"Eb:nodes=1e6", "player b: 'nodes=1e6' is not a valid limit"},
        {"Eb:clock=0+1", "player b: 'clock=0+1' is not a valid limit"},
        {"Eb:clock=10+x", "player b: 'clock=10+x' is not a valid limit"},
        {"Cb,depth=0:prog", "player b: 'depth=0' is not a valid limit"},
        {"Cb,plain:prog", "player b: 'plain' is not a limit (time-per-move=S, depth=D, nodes=N, "
                          "clock=MAIN+INC)"},
        {"Cb,depth=2:", "--engine-cmd 'b,depth=2:': the command line is empty"},
        {"Cb c,depth=2:prog", "--engine-cmd 'b c,depth=2:prog': a player's name is letters, "
                              "digits and - _ . + only"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        const char *const two[] = {"Ea:", bad[i][0], NULL};
        char *m = make(&abalone_game_desc, two, &o);
        if (g_strcmp0(m, bad[i][1]) != 0) g_error("%s: '%s', not '%s'", bad[i][0], m, bad[i][1]);
        g_free(m), clear(&o);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/lab/match-players/default", test_default);
    g_test_add_func("/lab/match-players/refused", test_refused);
    g_test_add_func("/lab/match-players/limits", test_limits);
    return g_test_run();
}
