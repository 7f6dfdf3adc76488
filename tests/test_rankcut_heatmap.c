// SPDX-License-Identifier: MIT
// RankCut heat maps of a synthetic statistics file with known counts: the pooling (by move
// number and each other feature, weighted by samples), the labels, and every cell's colour in
// the PNG written (decoded back): its probability on the colour scale, grey below the sample
// threshold.
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "core/draw/png.h"
#include "tests/picture_util.h"
#include "tests/test_util.h"
#include "core/lab/heatmap.h"

typedef struct {
    RankcutFeatures f;
    uint64_t n, better;
} Entry;

// Depth 3 at move 5 in two cells that differ in every other feature (pooled: 60 of 2000, where
// the mean of the two cells' P would be 0.05);
// too few samples at depth 1, move 1; depth 15 (12+) at move 70 (61+); depth 7 at move 20
// (the bucket of 17 to 20). Score gaps as scores, in intervals cut at -500, -100, -10, 10,
// 100, 500.
static const Entry entries[] = {
    {{3, false, 5, 1, 1, true, -50, 200, false}, 600, 60},
    {{3, true, 5, 3, 3, true, 1000, -1000, true}, 1400, 0},
    {{1, false, 1, 0, 0, false, 0, 0, false}, 999, 999},
    {{15, false, 70, 2, 2, true, 0, 0, true}, 5000, 5},
    {{7, false, 20, 0, 0, true, 300, -200, true}, 2000, 2000},
};
// Scheme 1's symmetric intervals (the labels of scheme 2's are checked in test_core_rankcut).
static const RankcutScheme scheme = {RANKCUT_SCHEME_BEST, {10, 100, 500}};

static char *write_counts(const char *dir)
{
    RankcutCounts c;
    rankcut_counts_init(&c, "abalone", "synthetic", &scheme);
    for (size_t i = 0; i < G_N_ELEMENTS(entries); i++) {
        uint32_t cell = rankcut_cell(&entries[i].f, &c.scheme);
        c.n[cell] += entries[i].n;
        c.better[cell] += entries[i].better;
    }
    char *path = g_build_filename(dir, "synthetic.rc", NULL);
    GError *err = NULL;
    g_assert_true(rankcut_counts_save(&c, path, &err));
    g_assert_no_error(err);
    rankcut_counts_free(&c);
    return path;
}

// The probability of each cell of the grid by depth, as the entries give it (NAN: missing).
static double want_by_depth(int row, int col)
{
    int depth = RANKCUT_DEPTHS - row;
    if (depth == 3 && col == 4) return 60 / 2000.0;
    if (depth == RANKCUT_DEPTHS && col == RANKCUT_MOVES - 1) return 5 / 5000.0;
    if (depth == 7 && col == 16) return 1;
    return NAN;
}

// The colour a probability must have: logarithmic from 0.001 to 1, or linear.
static RasterColor colour_of(double p, bool linear)
{
    if (isnan(p)) return CHART_NO_DATA;
    double t = linear ? p : (log10(fmax(p, RANKCUT_HEATMAP_LOG_MIN)) + 3) / 3;
    return chart_heat_colour(t);
}

static void check_cells(const Raster *r, const ChartHeatmapLayout *lay, const RankcutGrid *g,
                        bool linear)
{
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            double want = g->by == RANKCUT_BY_DEPTH ? want_by_depth(i, j) : g->p[i * g->cols + j];
            double got = g->p[i * g->cols + j];
            g_assert_cmpint(isnan(got), ==, isnan(want));
            if (!isnan(want)) g_assert_cmpfloat_with_epsilon(got, want, 1e-12);
            RasterRect c = chart_heatmap_cell(lay, i, j);
            RasterColor col = colour_of(want, linear);
            double d = test_pixel_distance(r, c.x + 1.5, c.y + 1.5, col);
            if (d > 2)
                g_error("by %d, row %d, column %d: colour %.0f away from P = %g", g->by, i, j, d,
                        want);
        }
}

static void test_by_depth(void)
{
    char *dir = test_temp_dir(), *in = write_counts(dir);
    char *out = g_build_filename(dir, "heat.png", NULL);
    for (int linear = 0; linear < 2; linear++) {
        RankcutHeatmapOptions o = {1000, linear, 1000};
        RankcutGrid g;
        ChartHeatmapLayout lay;
        GError *err = NULL;
        g_assert_true(rankcut_heatmap_write(in, RANKCUT_BY_DEPTH, &o, out, &g, &lay, &err));
        g_assert_no_error(err);
        g_assert_cmpint(g.rows, ==, RANKCUT_DEPTHS);
        g_assert_cmpint(g.cols, ==, RANKCUT_MOVES);
        g_assert_cmpstr(g.row_labels[0], ==, "12+");
        g_assert_cmpstr(g.row_labels[RANKCUT_DEPTHS - 1], ==, "1");
        g_assert_cmpstr(g.col_labels[16], ==, "17");
        g_assert_cmpstr(g.col_labels[RANKCUT_MOVES - 1], ==, "61+");
        g_assert_cmpuint(g.samples, ==, 9999);
        g_assert_cmpuint(g.shown, ==, 9000);
        Raster *r = png_read_raster(out, &err);
        g_assert_no_error(err);
        g_assert_cmpint(r->width, ==, 1000);
        check_cells(r, &lay, &g, linear);
        raster_free(r);
        rankcut_grid_free(&g);
    }
    g_unlink(in);
    g_unlink(out);
    g_free(in);
    g_free(out);
    test_remove_dir(dir);
}

// Every other feature: the pooled counts of each row add up, the labels, the colours.
static void test_other_features(void)
{
    static const char *const names[] = {"phase", "changes", "threat", "alpha-gap", "last-gap"};
    static const char *const top[] = {"rest", "3+", "yes", "> 500", "> 500"};
    static const char *const bottom[] = {"history", "0", "no", "< -500", "< -500"};
    char *dir = test_temp_dir(), *in = write_counts(dir);
    char *out = g_build_filename(dir, "heat.png", NULL);
    for (int k = 0; k < 5; k++) {
        RankcutFeature by;
        g_assert_true(rankcut_feature_parse(names[k], &by));
        RankcutHeatmapOptions o = {600, false, 500};
        RankcutGrid g;
        ChartHeatmapLayout lay;
        GError *err = NULL;
        g_assert_true(rankcut_heatmap_write(in, by, &o, out, &g, &lay, &err));
        g_assert_cmpstr(g.row_labels[0], ==, top[k]);
        g_assert_cmpstr(g.row_labels[g.rows - 1], ==, bottom[k]);
        for (size_t e = 0; e < G_N_ELEMENTS(entries); e++) {
            const Entry *en = &entries[e];
            RankcutFeatures f;
            rankcut_cell_decode(rankcut_cell(&en->f, &scheme), &f);
            int row = rankcut_grid_row(&g, &f), col = rankcut_grid_col(&f);
            // Each entry is alone in its cell here, but the first two share move 5 and differ
            // in every feature, so they land in different rows.
            g_assert_cmpuint(g.n[row * g.cols + col], ==, en->n);
            g_assert_cmpuint(g.better[row * g.cols + col], ==, en->better);
            double p = g.p[row * g.cols + col];
            if (en->n >= 500)
                g_assert_cmpfloat_with_epsilon(p, (double)en->better / (double)en->n, 1e-12);
            else
                g_assert_true(isnan(p));
        }
        if (by == RANKCUT_BY_ALPHA_GAP || by == RANKCUT_BY_LAST_GAP) {
            // Move 5: -50 and 1000 (alpha gap), 200 and -1000 (last gap), in their intervals.
            const char *label[2] = {by == RANKCUT_BY_ALPHA_GAP ? "-100..-10" : "100..500",
                                    by == RANKCUT_BY_ALPHA_GAP ? "> 500" : "< -500"};
            for (int e = 0; e < 2; e++) {
                int row = 0;
                while (row < g.rows && strcmp(g.row_labels[row], label[e]) != 0) row++;
                g_assert_cmpint(row, <, g.rows);
                g_assert_cmpuint(g.n[row * g.cols + 4], ==, entries[e].n);
            }
        }
        Raster *r = png_read_raster(out, &err);
        g_assert_no_error(err);
        check_cells(r, &lay, &g, false);
        raster_free(r);
        rankcut_grid_free(&g);
    }
    RankcutFeature by;
    g_assert_false(rankcut_feature_parse("colour", &by));
    g_unlink(in);
    g_unlink(out);
    g_free(in);
    g_free(out);
    test_remove_dir(dir);
}

static void test_errors(void)
{
    char *dir = test_temp_dir(), *in = write_counts(dir);
    char *out = g_build_filename(dir, "heat.png", NULL);
    RankcutHeatmapOptions o = {100, false, 1000};
    GError *err = NULL;
    g_assert_false(rankcut_heatmap_write(in, RANKCUT_BY_DEPTH, &o, out, NULL, NULL, &err));
    g_assert_nonnull(strstr(err->message, "out of range"));
    g_clear_error(&err);
    o.width = 800;
    char *missing = g_build_filename(dir, "none.rc", NULL);
    g_assert_false(rankcut_heatmap_write(missing, RANKCUT_BY_DEPTH, &o, out, NULL, NULL, &err));
    g_assert_nonnull(strstr(err->message, "none.rc"));
    g_clear_error(&err);
    g_assert_false(g_file_test(out, G_FILE_TEST_EXISTS));
    g_unlink(in);
    g_free(in);
    g_free(out);
    g_free(missing);
    test_remove_dir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tools/rankcut-heatmap/by-depth", test_by_depth);
    g_test_add_func("/tools/rankcut-heatmap/other-features", test_other_features);
    g_test_add_func("/tools/rankcut-heatmap/errors", test_errors);
    return g_test_run();
}
