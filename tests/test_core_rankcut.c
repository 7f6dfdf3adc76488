// SPDX-License-Identifier: MIT
// RankCut counts: the "better move still to come" rule, cells, the file format (round trip,
// merge, and refusal of corrupt, truncated or mismatched files), and the TT.
#include <glib/gstdio.h>
#include <string.h>

#include "base/bytes.h"
#include "core/rankcut.h"
#include "core/score.h"
#include "core/tt.h"
#include "tests/test_util.h"

static const RankcutScheme scheme2 = {RANKCUT_SCHEME_ALPHA,
                                      {5, 25, 100, 300, 1000, 10, 50, 200, 600, 2000}};
static const RankcutScheme scheme1 = {RANKCUT_SCHEME_BEST, {10, 100, 500}};

static void test_flush(void)
{
    // Scores 5, 3, 8, 1 with bests before 4, 5, 5, 8: a better move is still to come before
    // the first three moves (the 8), not before the last.
    RankcutCounts c;
    rankcut_counts_init(&c, "toy", "e", &scheme2);
    RankcutNode node = {0};
    Score scores[4] = {5, 3, 8, 1}, before[4] = {4, 5, 5, 8};
    for (int i = 0; i < 4; i++) {
        node.cell[i] = (uint32_t)(10 + i);
        node.best_before[i] = before[i];
        node.score[i] = scores[i];
    }
    node.count = 4;
    rankcut_node_flush(&node, &c);
    g_assert_cmpint(node.count, ==, 0);
    for (int i = 0; i < 4; i++) {
        g_assert_cmpuint(c.n[10 + i], ==, 1);
        g_assert_cmpuint(c.better[10 + i], ==, i < 3);
    }
    // A first move (no best before it) always counts as better.
    node.cell[0] = 20, node.best_before[0] = -SCORE_INF - 1, node.score[0] = -SCORE_MATE;
    node.count = 1;
    rankcut_node_flush(&node, &c);
    g_assert_cmpuint(c.better[20], ==, 1);
    rankcut_counts_free(&c);
}

static void check_cells(const RankcutScheme *sc, GRand *rng)
{
    bool alpha = sc->scheme == RANKCUT_SCHEME_ALPHA;
    for (int k = 0; k < 100000; k++) {
        RankcutFeatures f = {.depth = g_rand_int_range(rng, 1, 40),
                             .threat = g_rand_boolean(rng),
                             .move_number = g_rand_int_range(rng, 1, 300),
                             .best_changes = g_rand_int_range(rng, 0, 9),
                             .alpha_raises = g_rand_int_range(rng, 0, 9),
                             .have_best = true,
                             .best_minus_alpha = g_rand_int_range(rng, -3000, 3000),
                             .last_minus_best = g_rand_int_range(rng, -3000, 3000),
                             .remaining_phase = g_rand_boolean(rng)};
        uint32_t cell = rankcut_cell(&f, sc);
        g_assert_cmpuint(cell, <, RANKCUT_CELLS);
        RankcutFeatures d;
        rankcut_cell_decode(cell, &d);
        g_assert_cmpint(d.depth, ==, MIN(f.depth, RANKCUT_DEPTHS));
        g_assert_cmpint(d.threat, ==, f.threat);
        g_assert_cmpint(d.best_changes, ==, MIN(alpha ? f.alpha_raises : f.best_changes, 3));
        g_assert_cmpint(d.remaining_phase, ==, f.remaining_phase);
        int g1 = alpha ? rankcut_below_bucket(f.best_minus_alpha, sc->edges)
                       : rankcut_gap_bucket(f.best_minus_alpha, sc->edges);
        int g2 = alpha ? rankcut_below_bucket(f.last_minus_best, sc->edges + 5)
                       : rankcut_gap_bucket(f.last_minus_best, sc->edges);
        g_assert_cmpint(d.best_minus_alpha, ==, g1);
        g_assert_cmpint(d.last_minus_best, ==, g2);
        if (f.move_number <= 16)
            g_assert_cmpint(d.move_number, ==, f.move_number);
        else
            g_assert_cmpint(d.move_number, <=, f.move_number);
        // One ply shallower is one stride lower (the back-off rule relies on it).
        if (f.depth >= 2 && f.depth <= RANKCUT_DEPTHS) {
            RankcutFeatures up = f;
            up.depth--;
            g_assert_cmpuint(rankcut_cell(&up, sc), ==, cell - RANKCUT_DEPTH_STRIDE);
        }
    }
}

static void test_cells(void)
{
    // Every feature combination maps into range and decodes back, in both schemes.
    GRand *rng = test_rand();
    check_cells(&scheme1, rng);
    check_cells(&scheme2, rng);
    g_rand_free(rng);
    const int32_t *e = scheme1.edges;
    g_assert_cmpint(rankcut_gap_bucket(-501, e), ==, 0);
    g_assert_cmpint(rankcut_gap_bucket(-500, e), ==, 1);
    g_assert_cmpint(rankcut_gap_bucket(-10, e), ==, 3);
    g_assert_cmpint(rankcut_gap_bucket(0, e), ==, 3);
    g_assert_cmpint(rankcut_gap_bucket(10, e), ==, 3);
    g_assert_cmpint(rankcut_gap_bucket(11, e), ==, 4);
    g_assert_cmpint(rankcut_gap_bucket(501, e), ==, 6);
    // Scheme 2: 0 for gaps >= 0, then down past -5, -25, -100, -300, -1000.
    e = scheme2.edges;
    static const int32_t d[] = {40, 0, -1, -4, -5, -24, -25, -299, -300, -999, -1000, -5000};
    static const int want[] = {0, 0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6};
    for (size_t k = 0; k < G_N_ELEMENTS(d); k++)
        g_assert_cmpint(rankcut_below_bucket(d[k], e), ==, want[k]);
    char *label = rankcut_gap_label(&scheme2, 6, 2);
    g_assert_cmpstr(label, ==, "-50..-10");
    g_free(label);
    label = rankcut_gap_label(&scheme1, 5, 0);
    g_assert_cmpstr(label, ==, "< -500");
    g_free(label);
}

static char *tmp_path(const char *name)
{
    char *dir = g_dir_make_tmp("sumito-rc-XXXXXX", NULL);
    char *p = g_build_filename(dir, name, NULL);
    g_free(dir);
    return p;
}

static void fill_random(RankcutCounts *c, GRand *rng)
{
    for (int k = 0; k < 5000; k++) {
        uint32_t cell = (uint32_t)g_rand_int_range(rng, 0, RANKCUT_CELLS);
        uint64_t n = (uint64_t)g_rand_int_range(rng, 1, 100000);
        c->n[cell] += n;
        c->better[cell] += n / 3;
    }
    c->games = 7;
}

static void test_file(void)
{
    GRand *rng = test_rand();
    RankcutCounts a, b, back;
    rankcut_counts_init(&a, "abalone", "eval-1", &scheme2);
    rankcut_counts_init(&b, "abalone", "eval-1", &scheme2);
    fill_random(&a, rng);
    fill_random(&b, rng);
    char *path = tmp_path("a.rc");
    GError *err = NULL;
    g_assert_true(rankcut_counts_save(&a, path, &err));
    g_assert_no_error(err);
    g_assert_true(rankcut_counts_load(&back, path, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(back.game, ==, "abalone");
    g_assert_cmpstr(back.evaluator, ==, "eval-1");
    g_assert_cmpuint(back.games, ==, 7);
    g_assert_cmpmem(back.n, RANKCUT_CELLS * 8, a.n, RANKCUT_CELLS * 8);
    g_assert_cmpmem(back.better, RANKCUT_CELLS * 8, a.better, RANKCUT_CELLS * 8);
    // Merging adds counts.
    g_assert_true(rankcut_counts_add(&back, &b, &err));
    for (size_t i = 0; i < RANKCUT_CELLS; i++) g_assert_cmpuint(back.n[i], ==, a.n[i] + b.n[i]);
    g_assert_cmpuint(back.games, ==, 14);
    rankcut_counts_free(&back);

    // Corrupt, truncated, extended and foreign files are refused.
    char *data;
    gsize size;
    g_assert_true(g_file_get_contents(path, &data, &size, NULL));
    struct {
        gsize size;
        int flip;
        const char *want;
    } cases[] = {{size - 1, -1, "truncated"}, {size / 2, -1, "truncated"},
                 {10, -1, "not a RankCut"},   {size, (int)size / 2, "checksum"},
                 {size, 9, "version"},        {size, 0, "not a RankCut"}};
    for (size_t k = 0; k < G_N_ELEMENTS(cases); k++) {
        char *copy = g_memdup2(data, size);
        if (cases[k].flip >= 0) copy[cases[k].flip] ^= 0x5a;
        RankcutCounts bad;
        g_assert_false(rankcut_counts_load_data(&bad, (uint8_t *)copy, cases[k].size, "x", &err));
        g_assert_nonnull(err);
        if (!strstr(err->message, cases[k].want)) g_error("got '%s'", err->message);
        g_clear_error(&err);
        g_free(copy);
    }
    RankcutCounts other;
    rankcut_counts_init(&other, "abalone", "eval-2", &scheme2);
    g_assert_false(rankcut_counts_add(&a, &other, &err));
    g_assert_nonnull(strstr(err->message, "evaluator"));
    g_clear_error(&err);
    rankcut_counts_free(&other);
    rankcut_counts_init(&other, "go9", "eval-1", &scheme2);
    g_assert_false(rankcut_counts_add(&a, &other, &err));
    g_assert_nonnull(strstr(err->message, "game"));
    g_clear_error(&err);
    rankcut_counts_free(&other);
    rankcut_counts_init(&other, "abalone", "eval-1", &scheme1);
    g_assert_false(rankcut_counts_add(&a, &other, &err));
    g_assert_nonnull(strstr(err->message, "scheme 1, not 2"));
    g_clear_error(&err);
    rankcut_counts_free(&other);
    g_assert_false(rankcut_counts_load(&back, "/nonexistent/x.rc", &err));
    g_clear_error(&err);
    g_free(data);
    g_remove(path);
    g_free(path);
    rankcut_counts_free(&a);
    rankcut_counts_free(&b);
    g_rand_free(rng);
}

// Files whose scheme is unknown or whose score-gap edges cut no sensible intervals
// (descending, negative, equal, beyond RANKCUT_EDGE_MAX, stray edges) are refused; the
// games' own schemes load.
static void test_file_edges(void)
{
    static const RankcutScheme bad[] = {{1, {500, 100, 10}},
                                        {1, {INT32_MIN, 0, 1}},
                                        {1, {-1, 100, 500}},
                                        {1, {10, 10, 500}},
                                        {1, {10, 100, 100}},
                                        {1, {10, 100, INT32_MAX}},
                                        {1, {0, 0, 0}},
                                        {1, {10, 100, 500, 7}},
                                        {2, {0, 25, 100, 300, 1000, 10, 50, 200, 600, 2000}},
                                        {2, {5, 25, 100, 300, 1000, 10, 50, 50, 600, 2000}},
                                        {2, {5, 25, 100, 300, 1000, 10, 50, 200, 600, INT32_MAX}},
                                        {2, {5, 25, 100, 300, 1000}},
                                        {3, {5, 25, 100, 300, 1000, 10, 50, 200, 600, 2000}},
                                        {0, {10, 100, 500}}};
    char *path = tmp_path("edges.rc");
    for (size_t k = 0; k < G_N_ELEMENTS(bad) + 2; k++) {
        const RankcutScheme *sc = k < G_N_ELEMENTS(bad)    ? &bad[k]
                                  : k == G_N_ELEMENTS(bad) ? &scheme1
                                                           : &scheme2;
        RankcutCounts c, back;
        rankcut_counts_init(&c, "abalone", "eval-1", sc);
        c.n[3] = 5;
        GError *err = NULL;
        g_assert_true(rankcut_counts_save(&c, path, &err));
        bool ok = rankcut_counts_load(&back, path, &err);
        if (k >= G_N_ELEMENTS(bad)) {
            g_assert_no_error(err);
            g_assert_true(ok);
            g_assert_cmpmem(&back.scheme, sizeof back.scheme, sc, sizeof *sc);
        } else {
            g_assert_false(ok);
            if (!strstr(err->message, "corrupt header (scheme"))
                g_error("case %zu: got '%s'", k, err->message);
            g_clear_error(&err);
        }
        rankcut_counts_free(&back);
        rankcut_counts_free(&c);
    }
    g_remove(path);
    g_free(path);
    // Not a regular file: refused at once rather than read without end.
    RankcutCounts c;
    GError *err = NULL;
    g_assert_false(rankcut_counts_load(&c, "/dev/zero", &err));
    g_assert_nonnull(strstr(err->message, "/dev/zero: not a regular file"));
    g_clear_error(&err);
}

// A version-1 file (no scheme field, three edges: the first collections, as built in) loads
// as scheme 1 with its counts.
static void test_file_version1(void)
{
    GByteArray *a = g_byte_array_new();
    char game[16] = "abalone", evaluator[64] = "eval-1";
    g_byte_array_append(a, (const uint8_t *)"SUMITORC", 8);
    bytes_put_u32(a, 1);
    g_byte_array_append(a, (const uint8_t *)game, 16);
    g_byte_array_append(a, (const uint8_t *)evaluator, 64);
    for (int i = 0; i < 3; i++) bytes_put_u32(a, (uint32_t)scheme1.edges[i]);
    bytes_put_u64(a, 3);
    bytes_put_u32(a, RANKCUT_CELLS);
    bytes_put_u32(a, 2);
    uint32_t cells[2] = {17, RANKCUT_CELLS - 1};
    for (int i = 0; i < 2; i++) {
        bytes_put_u32(a, cells[i]);
        bytes_put_u64(a, 1000 + (uint64_t)i);
        bytes_put_u64(a, 10 + (uint64_t)i);
    }
    bytes_put_u64(a, bytes_fnv1a64(a->data, a->len));
    RankcutCounts c;
    GError *err = NULL;
    g_assert_true(rankcut_counts_load_data(&c, a->data, a->len, "v1", &err));
    g_assert_no_error(err);
    g_assert_cmpmem(&c.scheme, sizeof c.scheme, &scheme1, sizeof scheme1);
    g_assert_cmpuint(c.games, ==, 3);
    g_assert_cmpuint(c.n[17], ==, 1000);
    g_assert_cmpuint(c.better[RANKCUT_CELLS - 1], ==, 11);
    rankcut_counts_free(&c);
    g_byte_array_free(a, TRUE);
}

// A merge whose counts would pass 2^64 - 1 (games, or one cell's samples) is refused and
// leaves the sum as it was.
static void test_merge_wraps(void)
{
    RankcutCounts a, b;
    rankcut_counts_init(&a, "abalone", "eval-1", &scheme2);
    rankcut_counts_init(&b, "abalone", "eval-1", &scheme2);
    for (int what = 0; what < 2; what++) {
        a.games = what == 0 ? UINT64_MAX - 1 : 3;
        b.games = 2;
        a.n[7] = what == 1 ? UINT64_MAX - 5 : 10;
        a.better[7] = 1;
        b.n[7] = 6;
        b.better[7] = 6;
        GError *err = NULL;
        g_assert_false(rankcut_counts_add(&a, &b, &err));
        g_assert_nonnull(strstr(err->message, "would pass 2^64 - 1"));
        g_clear_error(&err);
        g_assert_cmpuint(a.games, ==, what == 0 ? UINT64_MAX - 1 : 3);
        g_assert_cmpuint(a.n[7], ==, what == 1 ? UINT64_MAX - 5 : 10);
        g_assert_cmpuint(a.better[7], ==, 1);
    }
    a.games = UINT64_MAX - 2, a.n[7] = UINT64_MAX - 6;
    g_assert_true(rankcut_counts_add(&a, &b, NULL));
    g_assert_cmpuint(a.games, ==, UINT64_MAX);
    g_assert_cmpuint(a.n[7], ==, UINT64_MAX);
    rankcut_counts_free(&a);
    rankcut_counts_free(&b);
}

// The movement between two tables: cells below the sample floor in either are left out,
// the mean is weighted by the second table's samples, per remaining depth and in all.
static void test_movement(void)
{
    RankcutCounts a, b;
    rankcut_counts_init(&a, "abalone", "eval-1", &scheme2);
    rankcut_counts_init(&b, "abalone", "eval-1", &scheme2);
    uint32_t d1 = 5, d1b = 9, d3 = 2 * RANKCUT_DEPTH_STRIDE + 4, thin = 3 * RANKCUT_DEPTH_STRIDE;
    a.n[d1] = 100, a.better[d1] = 10; // 0.10 -> 0.20, weight 300
    b.n[d1] = 300, b.better[d1] = 60;
    a.n[d1b] = 50, a.better[d1b] = 25; // 0.50 -> 0.50, weight 100
    b.n[d1b] = 100, b.better[d1b] = 50;
    a.n[d3] = 200, a.better[d3] = 100; // 0.50 -> 0.10, weight 100
    b.n[d3] = 100, b.better[d3] = 10;
    a.n[thin] = 9, a.better[thin] = 9; // below the floor of 10 in a: left out
    b.n[thin] = 1000, b.better[thin] = 0;
    RankcutMovement m;
    rankcut_counts_movement(&a, &b, 10, &m);
    g_assert_cmpuint(m.cells[0], ==, 2);
    g_assert_cmpfloat_with_epsilon(m.mean[0], 0.1 * 300 / 400, 1e-12);
    g_assert_cmpfloat_with_epsilon(m.max[0], 0.1, 1e-12);
    g_assert_cmpfloat_with_epsilon(m.shift[0], 0.1 * 300 / 400, 1e-12);
    g_assert_cmpuint(m.cells[2], ==, 1);
    g_assert_cmpfloat_with_epsilon(m.shift[2], -0.4, 1e-12);
    g_assert_cmpuint(m.cells[3], ==, 0);
    g_assert_cmpuint(m.cells[RANKCUT_DEPTHS], ==, 3);
    g_assert_cmpfloat_with_epsilon(m.mean[RANKCUT_DEPTHS], (0.1 * 300 + 0.4 * 100) / 500, 1e-12);
    g_assert_cmpfloat_with_epsilon(m.max[RANKCUT_DEPTHS], 0.4, 1e-12);
    g_assert_cmpfloat_with_epsilon(m.shift[RANKCUT_DEPTHS], (0.1 * 300 - 0.4 * 100) / 500, 1e-12);
    rankcut_counts_movement(&a, &a, 1, &m);
    g_assert_cmpuint(m.cells[RANKCUT_DEPTHS], ==, 4);
    g_assert_cmpfloat(m.mean[RANKCUT_DEPTHS], ==, 0);
    rankcut_counts_free(&a);
    rankcut_counts_free(&b);
}

static void test_tt(void)
{
    Tt tt;
    TtEntry e = {0};
    g_assert_true(tt_init(&tt, 1));
    g_assert_cmpuint(tt.buckets, ==, (1u << 20) / 64);
    tt_store(&tt, 12345, 7, 250, 0, 9, TT_LOWER, 3);
    g_assert_true(tt_probe(&tt, 12345, &e));
    g_assert_cmpint(e.move1, ==, 8);
    g_assert_cmpint(e.depth, ==, 9);
    g_assert_cmpint(e.score, ==, 250);
    g_assert_cmpint(e.genbound & 3, ==, TT_LOWER);
    g_assert_false(tt_probe(&tt, 12346, &e));
    // Forced results are stored relative to the node and read back from the reader's ply.
    tt_store(&tt, 999, 1, SCORE_MATE - 10, 0, 5, TT_EXACT, 4);
    g_assert_true(tt_probe(&tt, 999, &e));
    g_assert_cmpint(tt_score_from(e.score, 6), ==, SCORE_MATE - 12);
    // Negative scores and evaluations survive the packing.
    tt_store(&tt, 4242, 3, -SCORE_MATE + 7, -1234, 255, TT_UPPER, 0);
    g_assert_true(tt_probe(&tt, 4242, &e));
    g_assert_cmpint(e.score, ==, -SCORE_MATE + 7);
    g_assert_cmpint(e.eval, ==, -1234);
    g_assert_cmpint(e.depth, ==, 255);
    // An upper bound keeps the stored move.
    tt_store(&tt, 12345, -1, -40, 0, 10, TT_UPPER, 3);
    g_assert_true(tt_probe(&tt, 12345, &e));
    g_assert_cmpint(e.move1, ==, 8);
    // Replacement prefers to keep deep entries of the current search.
    Key base = 5 * tt.buckets;
    for (int i = 0; i < TT_BUCKET; i++)
        tt_store(&tt, base + (Key)i * tt.buckets, 1, 0, 0, 20 - i, TT_EXACT, 0);
    tt_store(&tt, base + 9 * tt.buckets, 1, 0, 0, 1, TT_EXACT, 0);
    g_assert_true(tt_probe(&tt, base, &e));
    g_assert_false(tt_probe(&tt, base + 3 * tt.buckets, &e)); // the shallowest was replaced
    tt_new_search(&tt);
    tt_store(&tt, base + 10 * tt.buckets, 1, 0, 0, 1, TT_EXACT, 0);
    g_assert_true(tt_probe(&tt, base + 10 * tt.buckets, &e));
    tt_clear(&tt);
    g_assert_false(tt_probe(&tt, 12345, &e));
    tt_free(&tt);
}

// A slot whose two words come from two different stores (what two threads storing at once
// can leave) is found under neither key.
static void test_tt_torn(void)
{
    Tt ta, tb;
    TtEntry e = {0};
    g_assert_true(tt_init(&ta, 1));
    g_assert_true(tt_init(&tb, 1));
    Key a = 7 * ta.buckets + 3, b = 11 * ta.buckets + 3; // the same first slot of a bucket
    tt_store(&ta, a, 5, 100, 0, 6, TT_EXACT, 0);
    tt_store(&tb, b, 9, -300, 0, 8, TT_LOWER, 0);
    TtSlot *sa = tt_bucket(&ta, a), *sb = tt_bucket(&tb, b);
    g_assert_true(tt_probe(&ta, a, &e));
    g_assert_true(tt_probe(&tb, b, &e));
    // b's data beside a's key word, then a's data beside b's key word.
    uint64_t a_data = atomic_load(&sa->data), b_key_xor = atomic_load(&sb->key_xor);
    atomic_store(&sa->data, atomic_load(&sb->data));
    g_assert_false(tt_probe(&ta, a, &e));
    g_assert_false(tt_probe(&ta, b, &e));
    atomic_store(&sa->data, a_data);
    atomic_store(&sa->key_xor, b_key_xor);
    g_assert_false(tt_probe(&ta, a, &e));
    g_assert_false(tt_probe(&ta, b, &e));
    tt_free(&ta);
    tt_free(&tb);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/rankcut/flush", test_flush);
    g_test_add_func("/core/tt/torn-entry", test_tt_torn);
    g_test_add_func("/core/rankcut/cells", test_cells);
    g_test_add_func("/core/rankcut/file", test_file);
    g_test_add_func("/core/rankcut/file-edges", test_file_edges);
    g_test_add_func("/core/rankcut/file-version1", test_file_version1);
    g_test_add_func("/core/rankcut/merge-wraps", test_merge_wraps);
    g_test_add_func("/core/rankcut/movement", test_movement);
    g_test_add_func("/core/tt/store-probe", test_tt);
    return g_test_run();
}
