// SPDX-License-Identifier: MIT
// The players of a match from their options (core/lab/match.h): the default pair, the count,
// a game without a protocol for outside engines, two players of one name.
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/lab/match-players/default", test_default);
    g_test_add_func("/lab/match-players/refused", test_refused);
    return g_test_run();
}
