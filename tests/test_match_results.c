// SPDX-License-Identifier: MIT
// The match results file (core/lab/match_results.h): a game's line written and read back,
// malformed lines and values out of bounds refused with the field named, an unknown format
// refused, a line cut by a crash at the end of the file dropped, a game given twice refused,
// games paired into pentanomial counts only when both games of an opening are in, the
// summary's lines (how the games ended, by kind, with the pieces taken; each player's limits)
// for files of format 2 and of the older format 1, and a summary of 200 000 games made in
// linear work.
#include <glib/gstdio.h>
#include <math.h>
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
                   .overhead = 0.0625,
                   .taken = {-1, -1}};
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
    g_assert_true(match_game_parse(line, &back, NULL));
    g_assert_cmpint(back.game, ==, 17);
    g_assert_cmpint(back.opening, ==, 48);
    g_assert_cmpint(back.first_side, ==, 1);
    g_assert_cmpint(back.outcome, ==, ELO_DRAW);
    g_assert_cmpint(back.plies, ==, 117);
    g_assert_cmpfloat(back.time[1], ==, 4.75);
    g_assert_cmpstr(back.reason, ==, "six marbles ejected");
    g_assert_cmpint(back.taken[0], ==, -1);
    g_assert_cmpint(back.taken[1], ==, -1);
    g_free(line);
    // With the pieces each player took (format 2).
    g.taken[0] = 6, g.taken[1] = 2;
    line = match_game_line(&g);
    g_assert_cmpstr(line, ==,
                    "game 17 opening 48 first W result D plies 117 p1 50 5.2500 0.1250 p2 50 "
                    "4.7500 0.2500 overhead 0.06250 taken 6 2 reason six marbles ejected\n");
    g_assert_true(match_game_parse(line, &back, NULL));
    g_assert_cmpint(back.taken[0], ==, 6);
    g_assert_cmpint(back.taken[1], ==, 2);
    g_assert_cmpstr(back.reason, ==, "six marbles ejected");
    g_free(line);
}

static void test_line_refused(void)
{
    // Each line, and the words its error must hold (the field, the value).
    const char *bad[][2] = {
        {"", "field 'game' is missing"},
        {"game x opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'game': 'x' is not a whole number from 0 to 1000000000"},
        {"game 1 opening 1 first X result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'first': 'X' is not one of the letters BW"},
        {"game 1 opening 1 first B result Q plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'result': 'Q'"},
        {"game -1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'game': '-1'"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0",
         "'' where the word 'reason' is expected"},
        {"game 1 opening 1 first B result W plies 1 p1 1 nan 1 p2 1 1 1 overhead 0 reason r",
         "field 'p1 seconds': 'nan' is not a number of seconds from 0 to 1e+09"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 -0.5 overhead 0 reason r",
         "field 'p2 longest': '-0.5'"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead inf reason r",
         "field 'overhead': 'inf'"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1e10 1 overhead 0 reason r",
         "field 'p2 seconds': '1e10'"},
        {"game 1 opening 1 first B result W plies -3 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'plies': '-3' is not a whole number from 0 to 1000000"},
        {"game 1 opening 1 first B result W plies 1000001 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'plies': '1000001'"},
        {"game 1 opening 1 first B result W plies 1 p1 -1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'p1 moves': '-1'"},
        {"game 0x10 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'game': '0x10'"},
        {"game 010 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'game': '010'"},
        {"game 1 opening 1 first B result W plies 1 p1 1 0x1p3 1 p2 1 1 1 overhead 0 reason r",
         "field 'p1 seconds': '0x1p3'"},
        {"game 1 opening 99999999999 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 "
         "reason r",
         "field 'opening': '99999999999'"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1.5 2.5 p2 1 1 1 overhead 0 reason r",
         "field 'p1 longest': 2.5000 s is longer than the 1.5000 s of all its moves"},
        {"game 1  opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 reason r",
         "field 'opening' is missing"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 taken 6 reason r",
         "field 'p2 taken': 'reason' is not a whole number"},
        {"game 1 opening 1 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 taken -1 2 "
         "reason r",
         "field 'p1 taken': '-1'"},
    };
    MatchGame g;
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GError *err = NULL;
        g_assert_false(match_game_parse(bad[i][0], &g, &err));
        g_assert_nonnull(err);
        if (!strstr(err->message, bad[i][1]))
            g_error("line %zu: '%s' lacks '%s'", i, err->message, bad[i][1]);
        g_clear_error(&err);
    }
    // The bounds themselves are taken, and an empty reason.
    g_assert_true(match_game_parse("game 1000000000 opening 0 first W result D plies 1000000 "
                                   "p1 0 0 0 p2 1000000 1e9 1e9 overhead 1e9 reason",
                                   &g, NULL));
    g_assert_cmpint(g.game, ==, 1000000000);
    g_assert_cmpint(g.moves[1], ==, 1000000);
    g_assert_cmpfloat(g.overhead, ==, 1e9);
    g_assert_cmpstr(g.reason, ==, "");
}

static const char *header = "# sumito match results, format 1\n# game: abalone\n"
                            "# player 1: new = engine \n# player 2: old = engine plain\n"
                            "# sprt: 0 10 0.05 0.05\n";

// The summary match_results_print writes for r (free it with g_free()).
static char *summary_of(MatchResults *r)
{
    TestCapture c;
    match_results_print(r, test_capture_begin(&c));
    return test_capture_end(&c);
}

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
    for (size_t i = 0; i < G_N_ELEMENTS(gs); i++) g_assert_true(match_results_add(&r, &gs[i]));
    g_assert_false(match_results_add(&r, &gs[3])); // a second game 2
    g_assert_cmpuint(r.games->len, ==, 5);
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
    char *text = summary_of(&r);
    g_assert_nonnull(strstr(text, "new against old: 5 games, 3 wins, 1 draws, 1 losses"));
    g_assert_nonnull(strstr(text, "\nscore 70.0 %\n"));
    g_assert_nonnull(strstr(text, "\nElo +"));
    g_assert_nonnull(strstr(text, "\nLOS "));
    g_assert_nonnull(
        strstr(text, "pentanomial (pairs by the first player's points, 0 to 2): 0 1 0 0 1\n"));
    g_assert_nonnull(strstr(text, "SPRT elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR "));
    // How they ended: new's 3 wins, 1 at the cap; old's one win by ejection; the draw.
    g_assert_nonnull(strstr(text, "\nended at the move cap: 1 games; new won 1 (33.3 % of its "
                                  "wins), old won 0 (0.0 %)\n"));
    g_assert_nonnull(strstr(text, "\nended by the sixth ejection: 3 games; new won 2 (66.7 % of "
                                  "its wins), old won 1 (100.0 %)\n"));
    g_assert_nonnull(strstr(text, "\nended by repetition: 1 games; new won 0 (0.0 % of its wins), "
                                  "old won 0 (0.0 %)\n"));
    g_assert_nonnull(strstr(text, "time a move: new 0.105 s (longest 0.125 s, 250 moves)\n"));
    g_free(text);
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
    g_assert_nonnull(
        strstr(err->message, "results.txt:7: 'garbage' where the word 'game' is expected"));
    g_clear_error(&err);
    g_free(text);
    // Not a results file at all.
    g_assert_true(g_file_set_contents(path, "hello\n", -1, NULL));
    g_assert_false(match_results_load(&r, path, &err));
    g_assert_nonnull(strstr(err->message, "results.txt:1: not a match results file"));
    g_clear_error(&err);
    // A bad value before the end names the line and the field; so does one on the last line
    // when that line is whole (has its newline): only a line without one was cut by a crash.
    MatchGame bad = game(2, ELO_WIN);
    bad.time[0] = NAN;
    char *lbad = match_game_line(&bad);
    const char *wanted[] = {
        "results.txt:7: field 'p1 seconds': 'nan' is not a number of seconds from 0 to 1e+09",
        "results.txt:8: field 'p1 seconds': 'nan'",
    };
    for (int k = 0; k < 2; k++) {
        text = g_strdup_printf("%s%s%s%s", header, l0, k ? l1 : lbad, k ? lbad : l1);
        g_assert_true(g_file_set_contents(path, text, -1, NULL));
        g_assert_false(match_results_load(&r, path, &err));
        g_assert_nonnull(strstr(err->message, wanted[k]));
        g_clear_error(&err);
        g_free(text);
    }
    g_free(lbad);
    // A game given twice.
    text = g_strdup_printf("%s%s%s%s", header, l0, l1, l0);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    g_assert_false(match_results_load(&r, path, &err));
    g_assert_nonnull(strstr(err->message, "results.txt:8: game 0 is given twice"));
    g_clear_error(&err);
    g_free(text);
    // A format this program does not know, or none.
    const char *formats[][2] = {
        {"3", "results.txt:1: results format '3' is not known (this sumito reads formats 1 to 2)"},
        {"0", "results format '0' is not known"},
        {"01", "results format '01' is not known"},
        {"", "results format '' is not known"},
    };
    for (size_t k = 0; k < G_N_ELEMENTS(formats); k++) {
        text = g_strdup_printf("# sumito match results, format %s\n# game: abalone\n%s",
                               formats[k][0], l0);
        g_assert_true(g_file_set_contents(path, text, -1, NULL));
        g_assert_false(match_results_load(&r, path, &err));
        g_assert_nonnull(strstr(err->message, formats[k][1]));
        g_clear_error(&err);
        g_free(text);
    }
    g_remove(path);
    g_rmdir(dir);
    g_free(l0);
    g_free(l1);
    g_free(path);
    g_free(dir);
}

// 200 000 games, a third of them lost on time each with a reason of its own: loaded,
// summarised and merged into another set with a look-up or two a game (the summary used to
// compare each game with every game before it: 38 s for 200 000 games).
static void test_many_games(void)
{
    enum { N = 200000 };
    GString *text = g_string_new(header);
    for (int k = 0; k < N; k++) {
        MatchGame g = game(k, k % 3 == 0 ? ELO_LOSS : k % 3 == 1 ? ELO_WIN : ELO_DRAW);
        if (k % 3 == 0)
            g_snprintf(g.reason, sizeof g.reason, "time: %d.%03d s for a move", k / 1000, k % 1000);
        char *line = match_game_line(&g);
        g_string_append(text, line);
        g_free(line);
    }
    char *dir = g_dir_make_tmp("sumito-match-XXXXXX", NULL);
    char *path = g_build_filename(dir, "results.txt", NULL);
    g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
    MatchResults r, all;
    GError *err = NULL;
    g_assert_true(match_results_load(&r, path, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(r.games->len, ==, N);
    char *out = summary_of(&r);
    // One look-up a game when loading (is it there twice?), one a game for its ending.
    g_assert_cmpuint(r.steps, <=, 2 * (uint64_t)N);
    g_assert_nonnull(strstr(out, "new against old: 200000 games, 66667 wins, 66666 draws, "
                                 "66667 losses"));
    g_assert_nonnull(strstr(out, "\nended by the sixth ejection: 133333 games; new won 66667 "
                                 "(100.0 % of its wins), old won 0 (0.0 %)\n"));
    g_assert_nonnull(strstr(out, "\nended on time: 66667 games; new won 0 (0.0 % of its wins), "
                                 "old won 66667 (100.0 %)\n"));
    g_assert_nonnull(strstr(out, "pentanomial (pairs by the first player's points, 0 to 2): "));
    // As `match merge` and `match summary` gather the games: one look-up a game.
    match_results_init(&all, r.header);
    for (guint i = 0; i < r.games->len; i++)
        g_assert_true(match_results_add(&all, &g_array_index(r.games, MatchGame, i)));
    g_assert_false(match_results_add(&all, &g_array_index(r.games, MatchGame, N / 2)));
    g_assert_cmpuint(all.steps, ==, (uint64_t)N + 1);
    g_free(out);
    match_results_clear(&all);
    match_results_clear(&r);
    g_string_free(text, TRUE);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

// The summary of a file (header, then lines) from "ended" to the time lines.
static char *endings_of(const char *text)
{
    char *dir = g_dir_make_tmp("sumito-match-XXXXXX", NULL);
    char *path = g_build_filename(dir, "results.txt", NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    MatchResults r;
    GError *err = NULL;
    g_assert_true(match_results_load(&r, path, &err));
    g_assert_no_error(err);
    char *out = summary_of(&r);
    match_results_clear(&r);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    const char *from = strstr(out, "\nended "), *to = strstr(out, "\ntime a move: ");
    g_assert_nonnull(from);
    g_assert_nonnull(to);
    char *part = g_strndup(from + 1, (gsize)(to - from));
    g_free(out);
    return part;
}

// A results file with each kind of ending (the reasons Abalone, Go and the runner write, one
// the summary does not know, none), in format 2: each kind one line, in a fixed order, with the
// pieces taken when the lines give them; the players' limits from the header.
static void test_endings(void)
{
    const char *head = "# sumito match results, format 2\n# game: abalone\n"
                       "# player 1: fast = engine depth=1\n# player 2: slow = outside prog\n"
                       "# limits: time-per-move 0.1 s\n# player 1 limits: depth 1\n"
                       "# player 2 limits: clock 60 s + 0.5 s a move\n";
    const char *games[] = {
        "game 0 opening 1 first B result W plies 90 p1 45 1 0.1 p2 45 1 0.1 overhead 0 "
        "taken 6 2 reason six marbles ejected",
        "game 1 opening 1 first W result L plies 80 p1 40 1 0.1 p2 40 1 0.1 overhead 0 "
        "taken 1 6 reason six marbles ejected",
        "game 2 opening 2 first B result W plies 95 p1 48 1 0.1 p2 47 1 0.1 overhead 0 "
        "taken 6 2 reason six marbles ejected",
        "game 3 opening 2 first W result W plies 300 p1 150 1 0.1 p2 150 1 0.1 overhead 0 "
        "taken 4 1 reason move cap reached",
        "game 4 opening 3 first B result D plies 300 p1 150 1 0.1 p2 150 1 0.1 overhead 0 "
        "taken 2 2 reason move cap reached",
        "game 5 opening 3 first W result D plies 55 p1 27 1 0.1 p2 28 1 0.1 overhead 0 "
        "taken 0 0 reason threefold repetition",
        "game 6 opening 4 first B result W plies 30 p1 15 1 0.1 p2 15 1 0.1 overhead 0 "
        "reason time: 1.250 s for a move",
        "game 7 opening 4 first W result W plies 31 p1 15 1 0.1 p2 16 1 0.1 overhead 0 "
        "reason time: 2.500 s for a move",
        "game 8 opening 5 first B result W plies 12 p1 6 1 0.1 p2 6 1 0.1 overhead 0 "
        "reason forfeit: hung: no answer",
        "game 9 opening 5 first W result L plies 40 p1 20 1 0.1 p2 20 1 0.1 overhead 0 "
        "reason resignation",
        "game 10 opening 6 first B result W plies 120 p1 60 1 0.1 p2 60 1 0.1 overhead 0 "
        "reason two passes",
        "game 11 opening 6 first W result W plies 200 p1 100 1 0.1 p2 100 1 0.1 overhead 0 "
        "reason clean-up cut at 81 moves, counted as it stands",
        "game 12 opening 7 first B result L plies 60 p1 30 1 0.1 p2 30 1 0.1 overhead 0 "
        "reason no legal move",
        "game 13 opening 7 first W result W plies 60 p1 30 1 0.1 p2 30 1 0.1 overhead 0 "
        "reason adjudicated",
        "game 14 opening 8 first B result D plies 60 p1 30 1 0.1 p2 30 1 0.1 overhead 0 "
        "reason",
    };
    GString *text = g_string_new(head);
    for (size_t i = 0; i < G_N_ELEMENTS(games); i++) g_string_append_printf(text, "%s\n", games[i]);
    char *part = endings_of(text->str);
    // fast won games 0 2 3 6 7 8 10 11 13 (9 wins), slow 1 9 12 (3 wins).
    g_assert_cmpstr(
        part, ==,
        "ended by the sixth ejection: 3 games; fast won 2 (22.2 % of its wins), slow won 1 "
        "(33.3 %); taken (fast-slow): 6-2 in 2 games, 1-6 in 1\n"
        "ended by score: 2 games; fast won 2 (22.2 % of its wins), slow won 0 (0.0 %)\n"
        "ended by resignation: 1 games; fast won 0 (0.0 % of its wins), slow won 1 (33.3 %)\n"
        "ended at the move cap: 2 games; fast won 1 (11.1 % of its wins), slow won 0 (0.0 %); "
        "taken (fast-slow): 4-1 in 1 game, 2-2 in 1\n"
        "ended by repetition: 1 games; fast won 0 (0.0 % of its wins), slow won 0 (0.0 %); "
        "taken (fast-slow): 0-0 in 1 game\n"
        "ended with no legal move: 1 games; fast won 0 (0.0 % of its wins), slow won 1 (33.3 %)\n"
        "ended on time: 2 games; fast won 2 (22.2 % of its wins), slow won 0 (0.0 %)\n"
        "ended by engine failure: 1 games; fast won 1 (11.1 % of its wins), slow won 0 (0.0 %)\n"
        "ended by adjudicated: 1 games; fast won 1 (11.1 % of its wins), slow won 0 (0.0 %)\n"
        "ended by (no reason recorded): 1 games; fast won 0 (0.0 % of its wins), slow won 0 "
        "(0.0 %)\n"
        "plies of a won game: fast median 90 (9 games); slow median 60 (3 games)\n"
        "limits: fast depth 1; slow clock 60 s + 0.5 s a move\n");
    g_free(part);
    // Two of fast's wins only: the median of an even count, and a player without a win.
    char *two = g_strdup_printf("%s%s\n%s\n", head, games[0], games[2]);
    part = endings_of(two);
    g_assert_nonnull(
        strstr(part, "\nplies of a won game: fast median 92.5 (2 games); slow none\n"));
    g_free(part);
    g_free(two);
    // The same games in format 1 (no pieces taken, no limits of each player): read, the
    // endings alike without the pieces, the match's limits for both.
    g_string_assign(text, "# sumito match results, format 1\n# game: abalone\n"
                          "# player 1: fast = engine depth=1\n# player 2: slow = outside prog\n"
                          "# limits: time-per-move 0.1 s\n");
    for (size_t i = 0; i < 6; i++) {
        char *line = g_strdup(games[i]);
        char *taken = strstr(line, " taken ");
        if (taken) memmove(taken, strstr(taken, " reason"), strlen(strstr(taken, " reason")) + 1);
        g_string_append_printf(text, "%s\n", line);
        g_free(line);
    }
    part = endings_of(text->str);
    g_assert_cmpstr(
        part, ==,
        "ended by the sixth ejection: 3 games; fast won 2 (66.7 % of its wins), slow won 1 "
        "(100.0 %)\n"
        "ended at the move cap: 2 games; fast won 1 (33.3 % of its wins), slow won 0 (0.0 %)\n"
        "ended by repetition: 1 games; fast won 0 (0.0 % of its wins), slow won 0 (0.0 %)\n"
        "plies of a won game: fast median 95 (3 games); slow median 80 (1 games)\n"
        "limits: the match's time-per-move 0.1 s (a player's own limits are in its options)\n");
    g_free(part);
    g_string_free(text, TRUE);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/match/line-round-trip", test_line_round_trip);
    g_test_add_func("/core/match/line-refused", test_line_refused);
    g_test_add_func("/core/match/pairs", test_pairs);
    g_test_add_func("/core/match/load", test_load);
    g_test_add_func("/core/match/endings", test_endings);
    g_test_add_func("/core/match/many-games", test_many_games);
    return g_test_run();
}
