// SPDX-License-Identifier: MIT
// The match results file (core/lab/match_results.h): a game's line written and read back,
// malformed lines refused, a line cut by a crash at the end of the file dropped, games paired
// into pentanomial counts only when both games of an opening are in, and the summary's lines.
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "core/lab/match_results.h"
#include "tests/test_util.h"

static MatchGame game(int k, EloOutcome o)
{
    MatchGame g = {.game = k,
                   .opening = 40 + k / 2,
                   .first_side = k % 2,
                   .outcome = o,
                   .plies = 100 + k,
                   .moves = {50, 50},
                   .time = {5.25, 4.75},
                   .longest = {0.125, 0.25},
                   .overhead = 0.0625};
    g_strlcpy(g.reason, "six marbles ejected", sizeof g.reason);
    return g;
}

static void test_line_round_trip(void)
{
    MatchGame g = game(17, ELO_DRAW), back;
    char *line = match_game_line(&g);
    g_assert_cmpstr(line, ==,
                    "game 17 opening 48 first W result D plies 117 p1 50 5.2500 0.1250 p2 50 "
                    "4.7500 0.2500 overhead 0.06250 reason six marbles ejected\n");
    g_assert_true(match_game_parse(line, &back));
    g_assert_cmpint(back.game, ==, 17);
    g_assert_cmpint(back.opening, ==, 48);
    g_assert_cmpint(back.first_side, ==, 1);
    g_assert_cmpint(back.outcome, ==, ELO_DRAW);
    g_assert_cmpint(back.plies, ==, 117);
    g_assert_cmpfloat(back.time[1], ==, 4.75);
    g_assert_cmpstr(back.reason, ==, "six marbles ejected");
    g_free(line);
}

static void test_line_refused(void)
{
    const char *bad[] = {
        "",
        "game x opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
        "game 1 opening 1 first X result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
        "game 1 opening 1 first B result Q plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
        "game -1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
        "game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0",
    };
    MatchGame g;
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) g_assert_false(match_game_parse(bad[i], &g));
}

static const char *header = "# sumito match results, format 1\n# game: abalone\n"
                            "# player 1: new = engine \n# player 2: old = engine plain\n"
                            "# sprt: 0 10 0.05 0.05\n";

static void test_pairs(void)
{
    MatchResults r;
    match_results_init(&r, header);
    g_assert_cmpstr(r.names[0], ==, "new");
    g_assert_cmpstr(r.names[1], ==, "old");
    g_assert_true(r.sprt_on);
    g_assert_cmpfloat(r.sprt.elo1, ==, 10);
    // Pairs (0, 1) WW and (2, 3) LD, then game 5 alone (its partner, game 4, is missing).
    MatchGame gs[] = {game(1, ELO_WIN), game(0, ELO_WIN), game(3, ELO_DRAW), game(2, ELO_LOSS),
                      game(5, ELO_WIN)};
    g_strlcpy(gs[0].reason, "move cap", sizeof gs[0].reason);
    g_strlcpy(gs[2].reason, "repetition", sizeof gs[2].reason);
    g_array_append_vals(r.games, gs, G_N_ELEMENTS(gs));
    EloPenta p;
    match_results_counts(&r, &p);
    g_assert_cmpuint(p.n[4], ==, 1);
    g_assert_cmpuint(p.n[1], ==, 1);
    g_assert_cmpuint(p.n[0] + p.n[2] + p.n[3], ==, 0);
    g_assert_cmpuint(p.wins, ==, 3);
    g_assert_cmpuint(p.draws, ==, 1);
    g_assert_cmpuint(p.losses, ==, 1);
    g_assert_true(match_results_has(&r, 5));
    g_assert_false(match_results_has(&r, 4));
    char *brief = match_results_brief(&r);
    g_assert_nonnull(strstr(brief, "5 games, +3 =1 -1, Elo "));
    g_assert_nonnull(strstr(brief, ", LLR "));
    g_free(brief);
    // The summary: 3.5 of 5 points is 70.0 %.
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    match_results_print(&r, f);
    fclose(f);
    g_assert_nonnull(strstr(text, "new against old: 5 games, 3 wins, 1 draws, 1 losses"));
    g_assert_nonnull(strstr(text, "\nscore 70.0 %\n"));
    g_assert_nonnull(strstr(text, "\nElo +"));
    g_assert_nonnull(strstr(text, "\nLOS "));
    g_assert_nonnull(
        strstr(text, "pentanomial (pairs by the first player's points, 0 to 2): 0 1 0 0 1\n"));
    g_assert_nonnull(strstr(text, "SPRT elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR "));
    // How they ended: new's 3 wins, 1 at the cap; old's one win by ejection; the draw.
    g_assert_nonnull(strstr(text, "\nended by move cap: 1 games; new won 1 (33.3 % of its wins), "
                                  "old won 0 (0.0 %)\n"));
    g_assert_nonnull(strstr(text, "\nended by six marbles ejected: 3 games; new won 2 (66.7 % of "
                                  "its wins), old won 1 (100.0 %)\n"));
    g_assert_nonnull(strstr(text, "\nended by repetition: 1 games; new won 0 (0.0 % of its wins), "
                                  "old won 0 (0.0 %)\n"));
    g_assert_nonnull(strstr(text, "time a move: new 0.105 s (longest 0.125 s, 250 moves)\n"));
    free(text);
    match_results_clear(&r);
}

static void test_load(void)
{
    char *dir = g_dir_make_tmp("sumito-match-XXXXXX", NULL);
    char *path = g_build_filename(dir, "results.txt", NULL);
    MatchGame g0 = game(0, ELO_WIN), g1 = game(1, ELO_LOSS);
    char *l0 = match_game_line(&g0), *l1 = match_game_line(&g1);
    // The last line cut short (a crash while it was written): dropped, its game replayed.
    char *text = g_strdup_printf("%s%s%sgame 2 opening", header, l0, l1);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    MatchResults r;
    GError *err = NULL;
    g_assert_true(match_results_load(&r, path, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(r.games->len, ==, 2);
    g_assert_cmpstr(r.header, ==, header);
    match_results_clear(&r);
    g_free(text);
    // A bad line before the end is an error naming the line.
    text = g_strdup_printf("%s%sgarbage\n%s", header, l0, l1);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    g_assert_false(match_results_load(&r, path, &err));
    g_assert_nonnull(strstr(err->message, "results.txt:7: not a game's result line"));
    g_clear_error(&err);
    g_free(text);
    // Not a results file at all.
    g_assert_true(g_file_set_contents(path, "hello\n", -1, NULL));
    g_assert_false(match_results_load(&r, path, &err));
    g_clear_error(&err);
    g_remove(path);
    g_rmdir(dir);
    g_free(l0);
    g_free(l1);
    g_free(path);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/match/line-round-trip", test_line_round_trip);
    g_test_add_func("/core/match/line-refused", test_line_refused);
    g_test_add_func("/core/match/pairs", test_pairs);
    g_test_add_func("/core/match/load", test_load);
    return g_test_run();
}
