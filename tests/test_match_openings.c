// SPDX-License-Identifier: MIT
// The built-in match openings (abalone/data/match_openings.txt, go/data/match_openings_9.txt
// and _19.txt): they parse, are distinct and unfinished, regenerate as they are, and no
// self-play opening is one of them: the redraw that guarantees it works.
#include <stdio.h>
#include <string.h>

#include "abalone/desc.h"
#include "abalone/suite.h"
#include "go/desc.h"
#include "go/suite.h"
#include "tests/test_util.h"

// The seeds whose openings must avoid the match openings: 1 is rankcut-collect's default,
// 2 and 3 others, 1000001 make-suite's default and 777 speed's.
static const uint64_t series_seeds[] = {1, 2, 3, 1000001, 777};

// The key of a position (Abalone: board and side; Go: board, side and ko).
static char *key_of(const GameDesc *game, GameState *s)
{
    return game == &abalone_game_desc ? abalone_position_key(&abalone_state_game(s)->board)
                                      : go_position_key(&go_state_game(s)->board);
}

// Checks a built-in suite: its header, at least 500 positions that parse, none finished, all
// distinct; returns the set of their keys.
static GHashTable *check_suite(const GameDesc *game, int size)
{
    char *text = game->match_openings(size);
    g_assert_nonnull(text);
    char *want =
        g_strdup_printf("# %s match openings: sumito %s make-openings ", game->title, game->name);
    g_assert_true(g_str_has_prefix(text, want));
    g_free(want);
    GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char **lines = g_strsplit(text, "\n", -1);
    int n = 0;
    for (int i = 0; lines[i]; i++) {
        char *hash = strchr(lines[i], '#');
        if (hash) *hash = '\0';
        char *line = g_strstrip(lines[i]);
        if (!*line) continue;
        GError *err = NULL;
        GameState *s = game->state_new(size, line, &err);
        g_assert_no_error(err);
        g_assert_cmpint(game->size(s), ==, size);
        GameResult r;
        game->result(s, &r);
        g_assert_false(r.over);
        g_hash_table_add(keys, key_of(game, s));
        game->state_free(s);
        n++;
    }
    g_assert_cmpint(n, >=, 500);
    g_assert_cmpint((int)g_hash_table_size(keys), ==, n); // none twice
    g_strfreev(lines);
    g_free(text);
    return keys;
}

// The header's seed and candidate count.
static void suite_origin(const GameDesc *game, int size, uint64_t *seed, int *candidates)
{
    char *text = game->match_openings(size);
    const char *s = strstr(text, " --seed "), *c = strstr(text, "\n# candidates ");
    g_assert_nonnull(s);
    g_assert_nonnull(c);
    *seed = g_ascii_strtoull(s + 8, NULL, 10);
    *candidates = atoi(c + 14);
    g_assert_cmpint(*candidates, >, 0);
    g_free(text);
}

// The key of the opening as it was drawn first, before any redraw.
static char *raw_key(const GameDesc *game, uint64_t seed, int index, int size)
{
    char *key;
    if (game == &abalone_game_desc) {
        AbaloneRules rules;
        abalone_rules_default(&rules);
        AbaloneGame g;
        abalone_opening_avoiding(seed, index, &rules, NULL, &g);
        key = abalone_position_key(&g.board);
        abalone_game_free(&g);
    } else {
        GoRules rules;
        go_rules_default(&rules);
        GoGame g;
        go_opening_avoiding(seed, index, size, &rules, NULL, &g);
        key = go_position_key(&g.board);
        go_game_free(&g);
    }
    return key;
}

// None of the first n openings of the series is in keys; nor was any of them redrawn, so
// the statistics and suites made from these seeds come from the same openings as before
// the match openings existed (a suite regenerated so that this fails changes them).
static void check_disjoint(const GameDesc *game, int size, GHashTable *keys, int n)
{
    for (size_t k = 0; k < G_N_ELEMENTS(series_seeds); k++)
        for (int i = 0; i < n; i++) {
            GameState *s = game->opening(NULL, series_seeds[k], i, size, NULL);
            char *key = key_of(game, s), *raw = raw_key(game, series_seeds[k], i, size);
            if (g_hash_table_contains(keys, key))
                g_error("%s opening %d of seed %" G_GUINT64_FORMAT " is a match opening: %s",
                        game->name, i, series_seeds[k], key);
            g_assert_cmpstr(key, ==, raw);
            g_free(key), g_free(raw);
            game->state_free(s);
        }
}

static void test_abalone_builtin(void)
{
    GHashTable *keys = check_suite(&abalone_game_desc, 0);
    g_assert_cmpuint(g_hash_table_size(keys), ==, g_hash_table_size(abalone_match_openings_set()));
    check_disjoint(&abalone_game_desc, 0, keys, TEST_SCALED(2000));
    g_hash_table_destroy(keys);
}

static void test_go_builtin(void)
{
    guint total = 0;
    for (int size = 9; size <= 19; size += 10) {
        GHashTable *keys = check_suite(&go_game_desc, size);
        total += g_hash_table_size(keys);
        check_disjoint(&go_game_desc, size, keys, TEST_SCALED(2000));
        g_hash_table_destroy(keys);
    }
    g_assert_cmpuint(total, ==, g_hash_table_size(go_match_openings_set()));
    g_assert_null(go_game_desc.match_openings(13));
    g_assert_null(go_game_desc.match_openings(7));
}

// make-openings started from the self-play openings of its seed; had one of them been redrawn
// because it is a match opening, the command in the header would now make another suite.
static void test_abalone_regenerates(void)
{
    uint64_t seed;
    int candidates;
    suite_origin(&abalone_game_desc, 0, &seed, &candidates);
    AbaloneRules rules;
    abalone_rules_default(&rules);
    for (int i = 0; i < candidates; i++) {
        AbaloneGame raw;
        abalone_opening_avoiding(seed, i, &rules, NULL, &raw);
        char *key = abalone_position_key(&raw.board);
        g_assert_false(g_hash_table_contains(abalone_match_openings_set(), key));
        g_free(key);
        abalone_game_free(&raw);
    }
}

static void test_go_regenerates(void)
{
    GoRules rules;
    go_rules_default(&rules);
    for (int size = 9; size <= 19; size += 10) {
        uint64_t seed;
        int candidates;
        suite_origin(&go_game_desc, size, &seed, &candidates);
        for (int i = 0; i < candidates; i++) {
            GoGame raw;
            go_opening_avoiding(seed, i, size, &rules, NULL, &raw);
            char *key = go_position_key(&raw.board);
            g_assert_false(g_hash_table_contains(go_match_openings_set(), key));
            g_free(key);
            go_game_free(&raw);
        }
    }
}

static GHashTable *key_set(void)
{
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

// An opening in the avoid set is drawn again, from the same layout, the same way every time,
// and again while the redraw is in the set too; without a clash nothing changes.
static void test_abalone_redraw(void)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    GRand *rng = test_rand();
    for (int round = 0; round < 20; round++) {
        uint64_t seed = g_rand_int(rng);
        int index = g_rand_int_range(rng, 0, 1000);
        AbaloneGame raw, a, b, c;
        const char *layout = abalone_opening_avoiding(seed, index, &rules, NULL, &raw);
        GHashTable *avoid = key_set();
        g_hash_table_add(avoid, g_strdup("no such position"));
        abalone_opening_avoiding(seed, index, &rules, avoid, &a);
        g_assert_true(abalone_board_equal(&a.board, &raw.board));
        abalone_game_free(&a);
        g_hash_table_add(avoid, abalone_position_key(&raw.board));
        g_assert_cmpstr(abalone_opening_avoiding(seed, index, &rules, avoid, &a), ==, layout);
        abalone_opening_avoiding(seed, index, &rules, avoid, &b);
        char *ka = abalone_position_key(&a.board);
        g_assert_false(g_hash_table_contains(avoid, ka));
        g_assert_true(abalone_board_equal(&a.board, &b.board)); // deterministic
        g_assert_true(abalone_board_equal(&a.start, &raw.start));
        g_hash_table_add(avoid, ka);
        abalone_opening_avoiding(seed, index, &rules, avoid, &c);
        char *kc = abalone_position_key(&c.board);
        g_assert_false(g_hash_table_contains(avoid, kc));
        g_free(kc);
        abalone_game_free(&raw), abalone_game_free(&a), abalone_game_free(&b);
        abalone_game_free(&c);
        g_hash_table_destroy(avoid);
    }
    g_rand_free(rng);
}

static void test_go_redraw(void)
{
    GoRules rules;
    go_rules_default(&rules);
    GRand *rng = test_rand();
    for (int round = 0; round < 20; round++) {
        uint64_t seed = g_rand_int(rng);
        int index = g_rand_int_range(rng, 0, 1000), size = round % 2 ? 19 : 9;
        GoGame raw, a, b, c;
        go_opening_avoiding(seed, index, size, &rules, NULL, &raw);
        char *kraw = go_position_key(&raw.board);
        GHashTable *avoid = key_set();
        g_hash_table_add(avoid, g_strdup("no such position"));
        go_opening_avoiding(seed, index, size, &rules, avoid, &a);
        char *ka = go_position_key(&a.board);
        g_assert_cmpstr(ka, ==, kraw);
        g_free(ka), go_game_free(&a);
        g_hash_table_add(avoid, kraw);
        go_opening_avoiding(seed, index, size, &rules, avoid, &a);
        go_opening_avoiding(seed, index, size, &rules, avoid, &b);
        ka = go_position_key(&a.board);
        char *kb = go_position_key(&b.board);
        g_assert_false(g_hash_table_contains(avoid, ka));
        g_assert_cmpstr(ka, ==, kb); // deterministic
        g_free(kb);
        g_hash_table_add(avoid, ka);
        go_opening_avoiding(seed, index, size, &rules, avoid, &c);
        char *kc = go_position_key(&c.board);
        g_assert_false(g_hash_table_contains(avoid, kc));
        g_free(kc);
        go_game_free(&raw), go_game_free(&a), go_game_free(&b), go_game_free(&c);
        g_hash_table_destroy(avoid);
    }
    g_rand_free(rng);
}

// The keys leave out what does not make another opening: Abalone's ply number, Go's move
// order.
static void test_keys(void)
{
    AbaloneBoard x, y;
    g_assert_true(abalone_board_set_layout(&x, "belgian"));
    y = x;
    y.ply = 40;
    char *kx = abalone_position_key(&x), *ky = abalone_position_key(&y);
    g_assert_cmpstr(kx, ==, ky);
    g_free(ky);
    y.side = 1 - y.side;
    ky = abalone_position_key(&y);
    g_assert_cmpstr(kx, !=, ky);
    g_free(kx), g_free(ky);

    GoRules rules;
    go_rules_default(&rules);
    GoGame a, b, c;
    g_assert_true(go_position_parse(&a, "9x9 E5 C3 D7 G4", &rules, NULL));
    g_assert_true(go_position_parse(&b, "9x9 D7 G4 E5 C3", &rules, NULL));
    g_assert_true(go_position_parse(&c, "9x9 D7 C3 E5 G4 pass", &rules, NULL));
    char *ka = go_position_key(&a.board), *kb = go_position_key(&b.board);
    char *kc = go_position_key(&c.board);
    g_assert_cmpstr(ka, ==, kb);
    g_assert_cmpstr(ka, !=, kc); // White to move
    g_free(ka), g_free(kb), g_free(kc);
    go_game_free(&a), go_game_free(&b), go_game_free(&c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    go_init();
    g_test_add_func("/abalone/match-openings/builtin", test_abalone_builtin);
    g_test_add_func("/abalone/match-openings/regenerates", test_abalone_regenerates);
    g_test_add_func("/abalone/match-openings/redraw", test_abalone_redraw);
    g_test_add_func("/go/match-openings/builtin", test_go_builtin);
    g_test_add_func("/go/match-openings/regenerates", test_go_regenerates);
    g_test_add_func("/go/match-openings/redraw", test_go_redraw);
    g_test_add_func("/core/match-openings/keys", test_keys);
    return g_test_run();
}
