// SPDX-License-Identifier: MIT
// Go's learned move weights (go/patterns.h, go/patterns_learn.h): the canonical 3x3 code of
// every empty point is the same on a position rotated, reflected and with the colours (and
// the side to move) swapped; the minorization-maximization fit recovers the strengths of move
// kinds drawn from a Bradley-Terry model; the weights file is read back as written and every
// bad one refused with its line and reason; the built-in weights load and the tree's prior
// uses them when asked.
#include "go/patterns.h"

#include <glib/gstdio.h>
#include <math.h>

#include "go/patterns_learn.h"
#include "go/prior.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

#define SIZE 9

// The board of grid (index y * SIZE + x) under symmetry t (quarter turns t % 4, mirrored from
// 4 on), with the colours swapped when swap, the side to move side.
static void transformed_xy(int t, int x, int y, int *tx, int *ty)
{
    if (t >= 4) x = SIZE - 1 - x;
    for (int k = 0; k < t % 4; k++) {
        int old = x;
        x = y;
        y = SIZE - 1 - old;
    }
    *tx = x, *ty = y;
}

static void game_transformed(GoGame *g, const uint8_t *grid, int t, bool swap, int side)
{
    char text[SIZE][SIZE + 1];
    const char *rows[SIZE];
    for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++) {
            int tx, ty, c = grid[y * SIZE + x];
            transformed_xy(t, x, y, &tx, &ty);
            if (swap && c != GO_EMPTY) c = go_other(c);
            text[SIZE - 1 - ty][tx] = c == GO_BLACK ? 'X' : c == GO_WHITE ? 'O' : '.';
        }
    for (int r = 0; r < SIZE; r++) text[r][SIZE] = 0, rows[r] = text[r];
    go_test_game_from_rows(g, rows, SIZE, swap ? go_other(side) : side, 7.5);
}

static void test_symmetry(void)
{
    GRand *rng = test_rand();
    GoRandomBias bias = {0.0, 0.5, 0.0};
    GHashTable *distinct = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int round = 0; round < TEST_SCALED(20); round++) {
        GoGame g;
        GoRules rules;
        go_rules_default(&rules);
        go_game_init(&g, SIZE, &rules);
        int plies = g_rand_int_range(rng, 10, 70);
        for (int i = 0; i < plies && !go_game_over(&g); i++)
            go_game_play(&g, g.board.side, go_test_random_move(&g.board, rng, &bias));
        uint8_t grid[GO_MAX_POINTS];
        go_test_grid(&g.board, grid);
        for (int t = 0; t < 8; t++)
            for (int swap = 0; swap < 2; swap++) {
                GoGame h;
                game_transformed(&h, grid, t, swap, g.board.side);
                for (int y = 0; y < SIZE; y++)
                    for (int x = 0; x < SIZE; x++) {
                        int p = go_point(&g.board, x, y), tx, ty;
                        if (g.board.color[p] != GO_EMPTY) continue;
                        transformed_xy(t, x, y, &tx, &ty);
                        uint32_t want = go_patterns_code(&g.board, p);
                        g_hash_table_add(distinct, GUINT_TO_POINTER(want));
                        g_assert_cmpuint(go_patterns_code(&h.board, go_point(&h.board, tx, ty)), ==,
                                         want);
                    }
                go_game_free(&h);
            }
        go_game_free(&g);
    }
    // The codes tell neighbourhoods apart: random positions show many of them.
    g_assert_cmpuint(g_hash_table_size(distinct), >, 20);
    g_hash_table_destroy(distinct);
    g_rand_free(rng);
}

// The code's text: the side to move's stones are X, a stone in atari next to the move lower
// case, and each text is the canonical form of every rotation of itself.
static void test_code_text(void)
{
    // White's C8 in atari (B8 and D8 Black, C9 Black): Black to move at C7 sees 'o' above it.
    static const char *const rows[] = {
        "..X......", ".XOX.....", ".........", ".........", ".........",
        ".........", ".........", ".........", ".........",
    };
    GoGame g;
    go_test_game_from_rows(&g, rows, SIZE, GO_BLACK, 7.5);
    char text[GO_PATTERN_TEXT];
    uint32_t code = go_patterns_code(&g.board, go_point(&g.board, 2, 6)), back;
    go_patterns_code_text(code, text);
    g_assert_nonnull(strchr(text, 'o'));
    g_assert_true(go_patterns_code_parse(text, &back));
    g_assert_cmpuint(back, ==, code);
    go_game_set_side(&g, GO_WHITE);
    go_patterns_code_text(go_patterns_code(&g.board, go_point(&g.board, 2, 6)), text);
    g_assert_nonnull(strchr(text, 'x'));
    g_assert_null(strchr(text, 'o'));
    go_game_free(&g);
    g_assert_false(go_patterns_code_parse("x........", &back)); // atari on a diagonal
    g_assert_false(go_patterns_code_parse("....X....", &back)); // a stone on the move
    g_assert_false(go_patterns_code_parse("........", &back));
}

// Move kinds of known strengths, each candidate a kind and, one time in three, a feature of
// strength 3; the move played drawn from the Bradley-Terry model with a fixed seed.
static void test_mm_synthetic(void)
{
    static const double kinds[] = {0.25, 0.5, 1, 2, 4, 8};
    const int n_kinds = G_N_ELEMENTS(kinds), feature_gamma = 3;
    GRand *rng = g_rand_new_with_seed(20070101);
    GoPatternsData *d = go_patterns_data_new();
    for (int j = 0; j < TEST_SCALED(20000); j++) {
        uint32_t codes[8];
        unsigned features[8];
        double strength[8], all = 0;
        for (int i = 0; i < 8; i++) {
            int k = g_rand_int_range(rng, 0, n_kinds);
            codes[i] = 100 + (uint32_t)k;
            features[i] = g_rand_int_range(rng, 0, 3) == 0 ? 1u << GO_PATTERN_CAPTURE : 0;
            all += strength[i] = kinds[k] * (features[i] ? feature_gamma : 1);
        }
        double r = g_rand_double(rng) * all;
        int won = 0;
        while (won < 7 && (r -= strength[won]) > 0) won++;
        go_patterns_data_add(d, codes, features, 8, won);
    }
    uint32_t rare = 999; // a kind seen twice: under min_count, it shares the rare gamma
    unsigned none[2] = {0, 0};
    uint32_t pair[2] = {rare, 100};
    go_patterns_data_add(d, pair, none, 2, 0);
    GoPatterns w;
    g_assert_true(go_patterns_fit(d, 3, 1000, false, &w));
    g_assert_cmpuint(g_hash_table_size(w.gamma), ==, n_kinds);
    g_assert_cmpfloat(go_patterns_gamma(&w, rare), ==, w.rare);
    for (int k = 0; k < n_kinds; k++) {
        double got = go_patterns_gamma(&w, 100 + (uint32_t)k) / go_patterns_gamma(&w, 102);
        if (k)
            g_assert_cmpfloat(got, >,
                              go_patterns_gamma(&w, 99 + (uint32_t)k) / go_patterns_gamma(&w, 102));
        g_assert_cmpfloat(fabs(log(got / kinds[k])), <, log(1.25));
    }
    g_assert_cmpfloat(fabs(log(w.feature[GO_PATTERN_CAPTURE] / feature_gamma)), <, log(1.25));
    g_assert_cmpfloat(fabs(log(w.feature[GO_PATTERN_ESCAPE])), <, 1e-9); // never seen: 1
    go_patterns_free(&w);
    go_patterns_data_free(d);
    g_rand_free(rng);
}

// Parses the len bytes of text (strlen when 0): refused with a message holding want.
static void check_refused_len(const char *text, size_t len, const char *want)
{
    GoPatterns w;
    GError *err = NULL;
    g_assert_false(go_patterns_parse(&w, text, len ? len : strlen(text), "w.txt", &err));
    g_assert_nonnull(err);
    if (!strstr(err->message, want)) g_error("'%s' lacks '%s'", err->message, want);
    g_error_free(err);
    go_patterns_free(&w);
}

static void check_refused(const char *text, const char *want)
{
    check_refused_len(text, 0, want);
}

static void test_file(void)
{
    GoPatterns w, back;
    go_patterns_init(&w);
    w.games = 3, w.positions = 140, w.min_count = 2, w.rare = 0.5;
    w.feature[GO_PATTERN_CAPTURE] = 7.25;
    uint32_t code;
    g_assert_true(go_patterns_code_parse("X.O...#o#", &code));
    go_patterns_set(&w, go_patterns_canonical(code), 2.5);
    char *text = go_patterns_format(&w);
    GError *err = NULL;
    g_assert_true(go_patterns_parse(&back, text, strlen(text), "w.txt", &err));
    g_assert_no_error(err);
    char *again = go_patterns_format(&back);
    g_assert_cmpstr(again, ==, text);
    g_assert_cmpfloat(go_patterns_gamma(&back, go_patterns_canonical(code)), ==, 2.5);
    g_assert_cmpfloat(back.feature[GO_PATTERN_CAPTURE], ==, 7.25);
    g_free(again), g_free(text);
    go_patterns_free(&w), go_patterns_free(&back);

    check_refused("sumito go ranks 1\n", "no 'sumito go patterns 1' line first");
    check_refused("sumito go patterns 1\ngames 3\nrare -1\n", "line 3: a gamma is a positive");
    check_refused("sumito go patterns 1\nfeature jump 2\n", "line 2: an unknown feature");
    check_refused("sumito go patterns 1\npattern X.O.*.... 2\n", "line 2: a pattern is 9");
    check_refused("sumito go patterns 1\npattern ......X.. 2\n",
                  "line 2: the pattern is not in its canonical");
    check_refused("sumito go patterns 1\npattern X........ 2\npattern X........ 2\n",
                  "line 3: the pattern was given before");
    check_refused("sumito go patterns 1\nrare 1\nrare 2\n", "line 3: the key was given before");
    check_refused("sumito go patterns 1\ngames 0x10\n", "line 2: not a count");
    check_refused("sumito go patterns 1\nrare 1 2\n", "line 2: not 'games N'");
    check_refused_len("sumito go patterns 1\nrare 1\0", 28, "a NUL byte");

    // An oversized file is refused before it is read.
    char *path = g_build_filename(g_get_tmp_dir(), "sumito-test-patterns-XXXXXX", NULL);
    int fd = g_mkstemp(path);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(ftruncate(fd, GO_PATTERNS_MAX_BYTES + 1), ==, 0);
    close(fd);
    g_assert_false(go_patterns_load(&w, path, &err));
    g_assert_nonnull(strstr(err->message, "more than"));
    g_clear_error(&err);
    go_patterns_free(&w);
    g_unlink(path);
    g_free(path);
}

// The built-in weights load, and the prior with prior_patterns=1 gives a move its pattern's
// visits at gamma / (1 + gamma) in place of the typed-in pattern's.
static void test_builtin_and_prior(void)
{
    const GoPatterns *w = go_patterns_builtin();
    g_assert_cmpuint(w->games, >, 0);
    g_assert_cmpuint(g_hash_table_size(w->gamma), >, 10);
    GoGame g;
    GoRules rules;
    go_rules_default(&rules);
    go_game_init(&g, SIZE, &rules);
    GoPriorParams p;
    go_prior_params_default(&p);
    p.prior = true, p.prior_patterns = 1;
    Move m = (Move)go_point(&g.board, 4, 4);
    MctsPrior out = {0, 0};
    go_prior_moves(&g.board, &p, &m, 1, &out);
    double gamma = go_patterns_gamma(w, go_patterns_code(&g.board, (int)m));
    g_assert_cmpuint(out.visits, ==, (unsigned)(p.prior_even + p.prior_pattern));
    g_assert_cmpfloat(fabs(out.wins - 0.5 * p.prior_even - p.prior_pattern * gamma / (1 + gamma)),
                      <, 1e-9);
    go_game_free(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/patterns/symmetry-and-colour-swap", test_symmetry);
    g_test_add_func("/go/patterns/code-text", test_code_text);
    g_test_add_func("/go/patterns/mm-synthetic", test_mm_synthetic);
    g_test_add_func("/go/patterns/file", test_file);
    g_test_add_func("/go/patterns/builtin-and-prior", test_builtin_and_prior);
    return g_test_run();
}
