// SPDX-License-Identifier: MIT
// The built-in match openings (abalone/data/match_openings.txt, go/data/match_openings_9.txt,
// _13.txt and _19.txt): they parse, are distinct and unfinished, regenerate as they are, and no
// self-play opening is one of them: the redraw that guarantees it works.
#include <stdio.h>
#include <string.h>

#include "abalone/desc.h"
#include "abalone/suite.h"
#include "core/lab/opening.h"
#include "go/desc.h"
#include "go/suite.h"
#include "tests/test_util.h"

// The seeds whose openings must avoid the match openings: 1 is rankcut-collect's default,
// 2 and 3 others, 1000001 make-suite's default and 777 speed's.
static const uint64_t series_seeds[] = {1, 2, 3, 1000001, 777};

// The key of a position (Abalone: board and side; Go: board, side and ko).
static char *key_of(const GameDesc *game, GameState *s)
{
    return game->state_key(s);
}

// The number of built-in match openings of a size the series avoid.
static guint avoided(const GameDesc *game, int size)
{
    LabOpenings o;
    lab_openings_init(&o, game, size);
    guint n = o.avoid ? g_hash_table_size(o.avoid) : 0;
    lab_openings_free(&o);
    return n;
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
    LabOpenings raw = {game, NULL};
    GameState *s = lab_opening(&raw, NULL, seed, index, size, NULL);
    char *key = key_of(game, s);
    game->state_free(s);
    return key;
}

// None of the first n openings of the series is in keys; nor was any of them redrawn, so
// the statistics and suites made from these seeds come from the same openings as before
// the match openings existed (a suite regenerated so that this fails changes them).
static void check_disjoint(const GameDesc *game, int size, GHashTable *keys, int n)
{
    LabOpenings openings;
    lab_openings_init(&openings, game, size);
    for (size_t k = 0; k < G_N_ELEMENTS(series_seeds); k++)
        for (int i = 0; i < n; i++) {
            GameState *s = lab_opening(&openings, NULL, series_seeds[k], i, size, NULL);
            char *key = key_of(game, s), *raw = raw_key(game, series_seeds[k], i, size);
            if (g_hash_table_contains(keys, key))
                g_error("%s opening %d of seed %" G_GUINT64_FORMAT " is a match opening: %s",
                        game->name, i, series_seeds[k], key);
            g_assert_cmpstr(key, ==, raw);
            g_free(key), g_free(raw);
            game->state_free(s);
        }
    lab_openings_free(&openings);
}

static void test_abalone_builtin(void)
{
    GHashTable *keys = check_suite(&abalone_game_desc, 0);
    g_assert_cmpuint(g_hash_table_size(keys), ==, avoided(&abalone_game_desc, 0));
    check_disjoint(&abalone_game_desc, 0, keys, TEST_SCALED(2000));
    g_hash_table_destroy(keys);
}

static void test_go_builtin(void)
{
    guint total = 0;
    for (int size = 9; size <= 19; size += size == 9 ? 4 : 6) {
        GHashTable *keys = check_suite(&go_game_desc, size);
        g_assert_cmpuint(g_hash_table_size(keys), ==, avoided(&go_game_desc, size));
        total += g_hash_table_size(keys);
        check_disjoint(&go_game_desc, size, keys, TEST_SCALED(2000));
        g_hash_table_destroy(keys);
    }
    g_assert_cmpuint(total, ==,
                     avoided(&go_game_desc, 9) + avoided(&go_game_desc, 13) +
                         avoided(&go_game_desc, 19));
    g_assert_cmpuint(avoided(&go_game_desc, 11), ==, 0);
    g_assert_null(go_game_desc.match_openings(11));
    g_assert_null(go_game_desc.match_openings(7));
}

// make-openings started from the self-play openings of its seed; had one of them been redrawn
// because it is a match opening, the command in the header would now make another suite.
static void check_regenerates(const GameDesc *game, int size)
{
    uint64_t seed;
    int candidates;
    suite_origin(game, size, &seed, &candidates);
    LabOpenings openings;
    lab_openings_init(&openings, game, size);
    for (int i = 0; i < candidates; i++) {
        char *key = raw_key(game, seed, i, size);
        g_assert_false(g_hash_table_contains(openings.avoid, key));
        g_free(key);
    }
    lab_openings_free(&openings);
}

static void test_abalone_regenerates(void)
{
    check_regenerates(&abalone_game_desc, 0);
}

static void test_go_regenerates(void)
{
    for (int size = 9; size <= 19; size += size == 9 ? 4 : 6)
        check_regenerates(&go_game_desc, size);
}

static GHashTable *key_set(void)
{
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

// An opening in the avoid set is drawn again, with the same label (Abalone's layout), the same
// way every time, and again while the redraw is in the set too; without a clash nothing
// changes.
static void check_redraw(const GameDesc *game, int size, GRand *rng)
{
    uint64_t seed = g_rand_int(rng);
    int index = g_rand_int_range(rng, 0, 1000);
    LabOpenings raw = {game, NULL}, o;
    lab_openings_init_avoiding(&o, game, key_set());
    const char *raw_label = NULL, *label = NULL;
    GameState *s = lab_opening(&raw, NULL, seed, index, size, &raw_label);
    char *kraw = key_of(game, s);
    game->state_free(s);
    g_hash_table_add(o.avoid, g_strdup("no such position"));
    s = lab_opening(&o, NULL, seed, index, size, NULL);
    char *ka = key_of(game, s);
    g_assert_cmpstr(ka, ==, kraw);
    g_free(ka), game->state_free(s);
    g_hash_table_add(o.avoid, kraw);
    s = lab_opening(&o, NULL, seed, index, size, &label);
    g_assert_cmpstr(label, ==, raw_label);
    ka = key_of(game, s);
    game->state_free(s);
    s = lab_opening(&o, NULL, seed, index, size, NULL);
    char *kb = key_of(game, s);
    game->state_free(s);
    g_assert_false(g_hash_table_contains(o.avoid, ka));
    g_assert_cmpstr(ka, ==, kb); // deterministic
    g_free(kb);
    g_hash_table_add(o.avoid, ka);
    s = lab_opening(&o, NULL, seed, index, size, NULL);
    char *kc = key_of(game, s);
    g_assert_false(g_hash_table_contains(o.avoid, kc));
    g_free(kc), game->state_free(s);
    lab_openings_free(&o);
}

static void test_abalone_redraw(void)
{
    GRand *rng = test_rand();
    for (int round = 0; round < 20; round++) check_redraw(&abalone_game_desc, 0, rng);
    g_rand_free(rng);
}

static void test_go_redraw(void)
{
    GRand *rng = test_rand();
    for (int round = 0; round < 20; round++) check_redraw(&go_game_desc, round % 2 ? 19 : 9, rng);
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
