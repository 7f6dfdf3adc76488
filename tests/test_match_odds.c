// SPDX-License-Identifier: MIT
// Time odds from match folders (core/lab/match_odds.h): synthetic results files written into a
// temporary folder with known pentanomial counts, so that each factor's Elo is elo_estimate's;
// the break-even factor and its interval checked against the interpolation in log K worked out
// here, the "above the largest" and "below the smallest" forms, format 1 headers, and each
// refusal (factor twice, no game, no pair, depth, nodes or clock limits, another pairing).
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lab/match.h"
#include "core/lab/match_odds.h"
#include "core/lab/match_results.h"
#include "tests/test_util.h"

static char *root; // the temporary folder of the test

// A format 2 header: the game lines `game` ("abalone", "go\n# size: 9"), the first player
// `first` ("NAME = OPTIONS") under the limits `l1`, the second `second` with the options `spec2`
// under the limits `l2`.
static char *header_of(const char *game, const char *first, const char *l1, const char *second,
                       const char *spec2, const char *l2)
{
    return g_strdup_printf("# sumito match results, format 2\n# game: %s\n# player 1: %s\n"
                           "# player 2: %s = %s\n# limits: %s forfeit-margin 0.5 s\n"
                           "# player 1 limits: %s\n# player 2 limits: %s\n"
                           "# openings: built-in, 60 positions\n# seed: 1\n# commit: test\n",
                           game, first, second, spec2, l1, l1, l2);
}

static char *header2(const char *l1, const char *second, const char *spec2, const char *l2)
{
    return header_of("abalone", "default = engine", l1, second, spec2, l2);
}

// The header of the usual pairing: default at 0.05 s against plainNx at `seconds` s.
static char *header_at(const char *seconds)
{
    char *spec = g_strdup_printf("engine plain,time-per-move=%s", seconds);
    char *limits = g_strdup_printf("time-per-move %s s", seconds);
    char *h = header2("time-per-move 0.05 s", "plainx", spec, limits);
    g_free(spec);
    g_free(limits);
    return h;
}

// The first player's two results in a pair where it scored k half-points.
static const EloOutcome pair_of[5][2] = {{ELO_LOSS, ELO_LOSS},
                                         {ELO_LOSS, ELO_DRAW},
                                         {ELO_WIN, ELO_LOSS},
                                         {ELO_WIN, ELO_DRAW},
                                         {ELO_WIN, ELO_WIN}};

// Writes folder `name` under root: the header, then n[k] pairs of k half-points, then `extra`
// (game lines, may be ""). Returns its path (caller frees).
static char *folder(const char *name, const char *header, const int n[5], const char *extra)
{
    char *dir = g_build_filename(root, name, NULL);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0777), ==, 0);
    GString *text = g_string_new(header);
    int game = 0;
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < n[k]; i++)
            for (int j = 0; j < 2; j++, game++) {
                MatchGame g = {.game = game,
                               .opening = game / 2,
                               .first_side = game % 2,
                               .outcome = pair_of[k][j],
                               .plies = 100,
                               .moves = {50, 50},
                               .time = {2.5, 5},
                               .longest = {0.1, 0.2},
                               .taken = {-1, -1}};
                g_strlcpy(g.reason, "move cap reached", sizeof g.reason);
                char *line = match_game_line(&g);
                g_string_append(text, line);
                g_free(line);
            }
    g_string_append(text, extra);
    char *path = g_build_filename(dir, MATCH_RESULTS_FILE, NULL);
    g_assert_true(g_file_set_contents(path, text->str, (gssize)text->len, NULL));
    g_free(path);
    g_string_free(text, TRUE);
    return dir;
}

// elo_estimate of n[k] pairs of k half-points.
static EloResult estimate(const int n[5])
{
    EloPenta p = {0};
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < n[k]; i++) elo_penta_add_pair(&p, pair_of[k][0], pair_of[k][1]);
    EloResult e;
    elo_estimate(&p, &e);
    return e;
}

// The factor where the straight line in log K through (k0, v0) and (k1, v1) is 0.
static double zero_between(double k0, double v0, double k1, double v1)
{
    double t = v0 / (v0 - v1);
    return exp((1 - t) * log(k0) + t * log(k1));
}

// The counts of the three usual folders: at 2, 4 and 8 times the time, the first player's Elo
// is about +117 (+75 to +163), +26 (-19 to +72) and -80 (-126 to -36).
static const int at2[5] = {5, 10, 30, 25, 30}, at4[5] = {15, 15, 30, 20, 20},
                 at8[5] = {25, 25, 30, 10, 10}, at16[5] = {30, 25, 30, 10, 5};

static char *printed(const MatchOdds *odds)
{
    TestCapture c;
    match_odds_print(odds, test_capture_begin(&c));
    return test_capture_end(&c);
}

static void folders_free(char **dirs)
{
    for (int i = 0; dirs[i]; i++) g_free(dirs[i]);
}

static void test_break_even(void)
{
    char *h2 = header_at("0.1"), *h4 = header_at("0.2"), *h8 = header_at("0.4");
    // Given out of order: the rows come sorted by factor.
    char *dirs[] = {folder("k8", h8, at8, ""), folder("k2", h2, at2, ""), folder("k4", h4, at4, ""),
                    NULL};
    MatchOdds odds;
    GError *err = NULL;
    g_assert_true(match_odds_load(&odds, dirs, &err));
    g_assert_no_error(err);
    EloResult e[3] = {estimate(at2), estimate(at4), estimate(at8)};
    double k[3] = {2, 4, 8};
    g_assert_cmpuint(odds.rows->len, ==, 3);
    for (int i = 0; i < 3; i++) {
        const MatchOddsRow *row = &g_array_index(odds.rows, MatchOddsRow, i);
        g_assert_cmpfloat_with_epsilon(row->factor, k[i], 1e-12);
        g_assert_cmpfloat(row->elo.elo, ==, e[i].elo);
        g_assert_cmpfloat(row->elo.elo_lo, ==, e[i].elo_lo);
        g_assert_cmpfloat(row->elo.elo_hi, ==, e[i].elo_hi);
        g_assert_cmpstr(row->second, ==, "plainx");
    }
    g_assert_cmpstr(odds.first, ==, "default");
    // The signs that place the crossings: Elo between 4 and 8, its lower end between 2 and 4,
    // its upper end between 4 and 8.
    g_assert_cmpfloat(e[1].elo, >, 0);
    g_assert_cmpfloat(e[2].elo, <, 0);
    g_assert_cmpfloat(e[0].elo_lo, >, 0);
    g_assert_cmpfloat(e[1].elo_lo, <, 0);
    g_assert_cmpfloat(e[1].elo_hi, >, 0);
    g_assert_cmpfloat(e[2].elo_hi, <, 0);
    double even = zero_between(4, e[1].elo, 8, e[2].elo);
    double low = zero_between(2, e[0].elo_lo, 4, e[1].elo_lo);
    double high = zero_between(4, e[1].elo_hi, 8, e[2].elo_hi);
    g_assert_cmpint(odds.even.where, ==, MATCH_ODDS_AT);
    g_assert_cmpint(odds.low.where, ==, MATCH_ODDS_AT);
    g_assert_cmpint(odds.high.where, ==, MATCH_ODDS_AT);
    g_assert_cmpint(odds.even.falls, ==, 1);
    g_assert_cmpfloat_with_epsilon(odds.even.factor, even, 1e-9);
    g_assert_cmpfloat_with_epsilon(odds.low.factor, low, 1e-9);
    g_assert_cmpfloat_with_epsilon(odds.high.factor, high, 1e-9);
    char *text = printed(&odds),
         *line =
             g_strdup_printf("\nbreak-even factor: %.2f (95 %%: %.2f to %.2f)\n", even, low, high);
    if (!strstr(text, line)) g_error("'%s' lacks '%s'", text, line);
    g_assert_nonnull(strstr(text, "a pointwise band, not a simultaneous one"));
    g_assert_null(strstr(text, "falls below 0"));
    // The row at 4: the second player's time, 100 games, W-D-L and score.
    g_assert_nonnull(strstr(text, "\n       4     0.2 s    200 "));
    g_free(line);
    g_free(text);
    match_odds_clear(&odds);
    folders_free(dirs);
    g_free(h2), g_free(h4), g_free(h8);
}

// Elo >= 0 at every factor: above the largest; < 0 at every one: below the smallest.
static void test_outside_range(void)
{
    char *h2 = header_at("0.1"), *h4 = header_at("0.2"), *h8 = header_at("0.4"),
         *h16 = header_at("0.8");
    char *up[] = {folder("u2", h2, at2, ""), folder("u4", h4, at4, ""), NULL};
    MatchOdds odds;
    g_assert_true(match_odds_load(&odds, up, NULL));
    EloResult e2 = estimate(at2), e4 = estimate(at4);
    g_assert_cmpint(odds.even.where, ==, MATCH_ODDS_ABOVE);
    g_assert_cmpfloat(odds.even.factor, ==, 4);
    g_assert_cmpint(odds.high.where, ==, MATCH_ODDS_ABOVE);
    g_assert_cmpint(odds.low.where, ==, MATCH_ODDS_AT);
    double low = zero_between(2, e2.elo_lo, 4, e4.elo_lo);
    g_assert_cmpfloat_with_epsilon(odds.low.factor, low, 1e-9);
    char *text = printed(&odds),
         *line = g_strdup_printf("\nbreak-even factor: above 4 (the largest factor measured) "
                                 "(95 %%: %.2f to above 4)\n",
                                 low);
    if (!strstr(text, line)) g_error("'%s' lacks '%s'", text, line);
    g_free(line);
    g_free(text);
    match_odds_clear(&odds);
    char *down[] = {folder("d16", h16, at16, ""), folder("d8", h8, at8, ""), NULL};
    g_assert_true(match_odds_load(&odds, down, NULL));
    g_assert_cmpint(odds.even.where, ==, MATCH_ODDS_BELOW);
    g_assert_cmpint(odds.low.where, ==, MATCH_ODDS_BELOW);
    g_assert_cmpint(odds.high.where, ==, MATCH_ODDS_BELOW);
    text = printed(&odds);
    g_assert_nonnull(strstr(text, "\nbreak-even factor: below 8 (the smallest factor measured) "
                                  "(95 %: below 8)\n"));
    g_free(text);
    match_odds_clear(&odds);
    folders_free(up);
    folders_free(down);
    g_free(h2), g_free(h4), g_free(h8), g_free(h16);
}

// The crossing of curves given directly: the first fall below 0, exactly 0 at a factor (the
// last one too), a curve that rises, one factor alone.
static void test_crossing(void)
{
    const double k[] = {2, 4, 8, 16};
    const double falls_twice[] = {10, -10, 10, -30};
    MatchOddsCrossing c = match_odds_crossing(k, falls_twice, 4);
    g_assert_cmpint(c.where, ==, MATCH_ODDS_AT);
    g_assert_cmpfloat_with_epsilon(c.factor, sqrt(8), 1e-12);
    g_assert_cmpint(c.falls, ==, 2);
    const double zero_at_4[] = {20, 0, -20, -40};
    c = match_odds_crossing(k, zero_at_4, 4);
    g_assert_cmpint(c.where, ==, MATCH_ODDS_AT);
    g_assert_cmpfloat_with_epsilon(c.factor, 4, 1e-12);
    g_assert_cmpint(c.falls, ==, 1);
    const double even_at_end[] = {30, 20, 10, 0};
    c = match_odds_crossing(k, even_at_end, 4);
    g_assert_cmpint(c.where, ==, MATCH_ODDS_AT);
    g_assert_cmpfloat(c.factor, ==, 16);
    const double rises[] = {-10, 5, 8, 9};
    c = match_odds_crossing(k, rises, 4);
    g_assert_cmpint(c.where, ==, MATCH_ODDS_ABOVE);
    g_assert_cmpfloat(c.factor, ==, 16);
    c = match_odds_crossing(k, rises, 1);
    g_assert_cmpint(c.where, ==, MATCH_ODDS_BELOW);
    g_assert_cmpfloat(c.factor, ==, 2);
}

// Format 1 headers give only the match's limits: a player's own time is among its options.
static void test_format1(void)
{
    const char *h = "# sumito match results, format 1\n# game: abalone\n"
                    "# player 1: default = engine\n"
                    "# player 2: plain4x = engine plain,time-per-move=0.2\n"
                    "# limits: time-per-move 0.05 s\n# seed: 1\n";
    const char *h_out = "# sumito match results, format 1\n# game: abalone\n"
                        "# player 1: default = engine time-per-move=0.025\n"
                        "# player 2: other = outside ./other --fast\n"
                        "# limits: time-per-move 0.1 s\n# seed: 1\n";
    char *dirs[] = {folder("f1", h, at2, ""), NULL},
         *out[] = {folder("f1out", h_out, at2, ""), NULL};
    MatchOdds odds;
    g_assert_true(match_odds_load(&odds, dirs, NULL));
    const MatchOddsRow *row = &g_array_index(odds.rows, MatchOddsRow, 0);
    g_assert_cmpfloat(row->time[0], ==, 0.05);
    g_assert_cmpfloat(row->time[1], ==, 0.2);
    match_odds_clear(&odds);
    g_assert_true(match_odds_load(&odds, out, NULL));
    row = &g_array_index(odds.rows, MatchOddsRow, 0);
    g_assert_cmpfloat(row->time[0], ==, 0.025);
    g_assert_cmpfloat(row->time[1], ==, 0.1);
    match_odds_clear(&odds);
    folders_free(dirs);
    folders_free(out);
}

// Loads the folders and wants a refusal whose message holds `want`.
static void want_refused(char **dirs, const char *want)
{
    MatchOdds odds;
    GError *err = NULL;
    g_assert_false(match_odds_load(&odds, dirs, &err));
    g_assert_nonnull(err);
    if (!strstr(err->message, want)) g_error("'%s' lacks '%s'", err->message, want);
    g_assert_null(odds.rows);
    g_error_free(err);
}

static void test_refused(void)
{
    char *h2 = header_at("0.1"), *h4 = header_at("0.2");
    char *ok2 = folder("r2", h2, at2, ""), *ok4 = folder("r4", h4, at4, "");
    char *twice = folder("r4b", h4, at8, "");
    want_refused((char *[]){ok2, ok4, twice, NULL}, "r4 and ");
    want_refused((char *[]){ok2, ok4, twice, NULL}, "are both at factor 4 (0.2 s against 0.05 s");
    const int none[5] = {0};
    char *empty = folder("r-empty", h4, none, "");
    want_refused((char *[]){ok2, empty, NULL}, "r-empty: no game has been played");
    char *lone = folder("r-lone", h4, none,
                        "game 0 opening 0 first B result W plies 1 p1 1 1 1 p2 1 1 1 overhead 0 "
                        "reason move cap\n");
    want_refused(
        (char *[]){lone, NULL},
        "r-lone: no complete pair of games (an opening played with both colours) among its 1 game");
    // Limits that are not a time a move, for either player.
    const char *limits[][3] = {
        {"depth 4", "time-per-move 0.05 s", "player 2 (plainx) plays at a depth limit (depth 4)"},
        {"nodes 50000", "time-per-move 0.05 s", "plays at a nodes limit (nodes 50000)"},
        {"time-per-move 0.2 s depth 9", "time-per-move 0.05 s", "plays at a depth limit"},
        {"clock 10 s + 0.1 s a move", "time-per-move 0.05 s", "player 2 (plainx) plays on a clock"},
        {"time-per-move 0.2 s", "depth 3", "player 1 (default) plays at a depth limit (depth 3)"},
        {"time-per-move 0.2 s", "", "player 1 (default) has no time a move in its limits"},
        {"time-per-move 0.2 s", "time-per-move x s",
         "player 1 (default) has a time a move of 'x' s, not a number of seconds from 1e-09 to "
         "86400"},
        {"time-per-move inf s", "time-per-move 0.05 s", "a time a move of 'inf' s"},
        {"time-per-move 1e-300 s", "time-per-move 0.05 s", "a time a move of '1e-300' s"},
        {"time-per-move 0.2 s", "time-per-move nan s", "a time a move of 'nan' s"},
        {"time-per-move 0.2 s", "time-per-move 0.05", "has limits 'time-per-move 0.05'"},
        {"time-per-move 0.2 s", "moves 40", "has limits 'moves 40' that are not understood"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(limits); i++) {
        char *h = header2(limits[i][1], "plainx", "engine plain", limits[i][0]);
        char *name = g_strdup_printf("r-limits%zu", i), *dir = folder(name, h, at2, "");
        want_refused((char *[]){ok2, dir, NULL}, limits[i][2]);
        g_free(dir), g_free(name), g_free(h);
    }
    // Another pairing: the game, the first player's name, options or time, the second's options.
    const char *t = "time-per-move 0.05 s", *p4 = "engine plain,time-per-move=0.2",
               *l4 = "time-per-move 0.2 s";
    char *other[][2] = {
        {header_of("go\n# size: 9", "default = engine", t, "plainx", p4, l4),
         "another game or board size than"},
        {header_of("abalone", "Default = engine", t, "plainx", p4, l4),
         "another first player than"},
        {header_of("abalone", "default = engine rankcut=0", t, "plainx", p4, l4),
         "the first player with other options than"},
        {header_of("abalone", "default = engine", "time-per-move 0.1 s", "plainx", p4,
                   "time-per-move 0.4 s"),
         "the first player at another time a move than"},
        {header_of("abalone", "default = engine", t, "plainx",
                   "engine plain,rankcut=1,time-per-move=0.2", l4),
         "a second player with other options (besides its limits) than"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(other); i++) {
        char *name = g_strdup_printf("r-other%zu", i), *dir = folder(name, other[i][0], at4, "");
        want_refused((char *[]){ok2, dir, NULL}, other[i][1]);
        g_free(dir), g_free(name), g_free(other[i][0]);
    }
    // The second player's name and its own limits may differ: here plain4x, its time the
    // match's rather than its own.
    char *h = header2("time-per-move 0.05 s", "plain4x", "engine plain", "time-per-move 0.2 s");
    char *renamed4 = folder("r-name", h, at4, "");
    MatchOdds odds;
    g_assert_true(match_odds_load(&odds, (char *[]){ok2, renamed4, NULL}, NULL));
    match_odds_clear(&odds);
    // A folder without results, and none at all.
    char *missing = g_build_filename(root, "r-missing", NULL);
    want_refused((char *[]){ok2, missing, NULL}, "r-missing");
    want_refused((char *[]){NULL}, "no match folder given");
    g_free(missing), g_free(renamed4), g_free(h), g_free(lone), g_free(empty), g_free(twice);
    g_free(ok2), g_free(ok4), g_free(h2), g_free(h4);
}

// Removes root and the folders in it (each holds its results file only).
static void remove_root(void)
{
    GDir *d = g_dir_open(root, 0, NULL);
    for (const char *name; d && (name = g_dir_read_name(d));) {
        char *dir = g_build_filename(root, name, NULL);
        char *path = g_build_filename(dir, MATCH_RESULTS_FILE, NULL);
        g_remove(path);
        g_rmdir(dir);
        g_free(path);
        g_free(dir);
    }
    if (d) g_dir_close(d);
    g_rmdir(root);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    root = g_dir_make_tmp("sumito-odds-XXXXXX", NULL);
    g_test_add_func("/core/match-odds/break-even", test_break_even);
    g_test_add_func("/core/match-odds/outside-range", test_outside_range);
    g_test_add_func("/core/match-odds/crossing", test_crossing);
    g_test_add_func("/core/match-odds/format1", test_format1);
    g_test_add_func("/core/match-odds/refused", test_refused);
    int rc = g_test_run();
    remove_root();
    g_free(root);
    return rc;
}
