// SPDX-License-Identifier: MIT
// Charts: ticks and number formats, then pixels of known small data sets (axes, lines, bars,
// legend, heat-map cells and colour scale) decoded from PNG files.
#include <math.h>
#include <string.h>

#include "core/draw/chart.h"
#include "tests/picture_util.h"
#include "tests/test_util.h"

static Raster *through_png(Raster *r)
{
    return test_png_roundtrip(r);
}

static double dist(const Raster *r, double x, double y, RasterColor c)
{
    return test_pixel_distance(r, x, y, c);
}

static void test_ticks(void)
{
    double t[CHART_MAX_TICKS], lo = 0, hi = 9.3;
    int n;
    g_assert_cmpfloat(chart_nice_ticks(&lo, &hi, 6, 0, t, &n), ==, 2);
    g_assert_cmpfloat(lo, ==, 0);
    g_assert_cmpfloat(hi, ==, 10);
    g_assert_cmpint(n, ==, 6);
    lo = 3.7, hi = 4.1;
    double step = chart_nice_ticks(&lo, &hi, 6, 0, t, &n);
    g_assert_cmpfloat_with_epsilon(step, 0.1, 1e-12);
    g_assert_cmpfloat_with_epsilon(lo, 3.7, 1e-9);
    g_assert_cmpfloat_with_epsilon(hi, 4.1, 1e-9);
    lo = 1, hi = 3; // integers only: no step below min_step
    g_assert_cmpfloat(chart_nice_ticks(&lo, &hi, 8, 1, t, &n), ==, 1);
    lo = hi = 5; // a single value gets a range around it
    chart_nice_ticks(&lo, &hi, 6, 0, t, &n);
    g_assert_cmpfloat(lo, <, 5);
    g_assert_cmpfloat(hi, >, 5);
    lo = 0, hi = 1e6;
    chart_nice_ticks(&lo, &hi, 1000, 0, t, &n); // more ticks asked than allowed
    g_assert_cmpint(n, <=, CHART_MAX_TICKS);
    GRand *rng = test_rand();
    for (int i = 0; i < 1000; i++) {
        double a = g_rand_double_range(rng, -1e6, 1e6), b = a + g_rand_double_range(rng, 1e-3, 1e6);
        double l = a, h = b;
        step = chart_nice_ticks(&l, &h, g_rand_int_range(rng, 2, 12), 0, t, &n);
        g_assert_cmpfloat(l, <=, a);
        g_assert_cmpfloat(h, >=, b);
        g_assert_cmpint(n, >=, 2);
        g_assert_cmpint(n, <=, CHART_MAX_TICKS);
        double m = step / pow(10, floor(log10(step) + 1e-9));
        g_assert_true(fabs(m - 1) < 1e-6 || fabs(m - 2) < 1e-6 || fabs(m - 5) < 1e-6);
    }
    g_rand_free(rng);
}

static void test_format(void)
{
    char b[32];
    g_assert_cmpstr(chart_format_number(2500000, 500000, b, sizeof b), ==, "2.5M");
    g_assert_cmpstr(chart_format_number(1000000, 500000, b, sizeof b), ==, "1M");
    g_assert_cmpstr(chart_format_number(500000, 500000, b, sizeof b), ==, "500k");
    g_assert_cmpstr(chart_format_number(5000, 1000, b, sizeof b), ==, "5000");
    g_assert_cmpstr(chart_format_number(0.25, 0.25, b, sizeof b), ==, "0.25");
    g_assert_cmpstr(chart_format_number(1, 0.25, b, sizeof b), ==, "1.00");
    g_assert_cmpstr(chart_format_number(-0.0, 1, b, sizeof b), ==, "0");
    g_assert_cmpstr(chart_format_number(3e9, 1e9, b, sizeof b), ==, "3G");
    g_assert_cmpstr(chart_format_number(12, 2, b, sizeof b), ==, "12");
}

// Three points per series, two series: straight segments whose middles are easy to find.
static const double xs[3] = {0, 5, 10}, ya[3] = {1, 4, 2}, yb[3] = {3, 3, NAN};

static void test_lines(void)
{
    ChartSeries s[2] = {{"first", xs, ya, 3}, {"second", xs, yb, 3}};
    Chart c = {.kind = CHART_LINES,
               .width = 600,
               .height = 400,
               .title = "Title",
               .x_label = "x",
               .y_label = "y",
               .series = s,
               .n_series = 2};
    ChartLayout lay;
    Raster *r = through_png(chart_render(&c, &lay, NULL));
    g_assert_cmpint(r->width, ==, 600);
    g_assert_cmpint(r->height, ==, 400);
    RasterRect p = lay.plot;
    g_assert_cmpint(p.x, >, 20); // room for labels
    g_assert_cmpint(p.x + p.width, <=, 600);
    g_assert_cmpint(p.y + p.height, <, 380);
    g_assert_cmpfloat(lay.y_min, <=, 1);
    g_assert_cmpfloat(lay.y_max, >=, 4);
    // Axes: the column left of the plot and the row under it.
    for (int y = p.y; y < p.y + p.height; y += 7)
        g_assert_cmpfloat(dist(r, p.x - 1, y, CHART_AXIS), <, 1);
    for (int x = p.x; x < p.x + p.width; x += 7)
        g_assert_cmpfloat(dist(r, x, p.y + p.height, CHART_AXIS), <, 1);
    // Each segment's middle is its series' colour; the missing point leaves a gap.
    for (int k = 0; k < 2; k++) {
        const double *y = k ? yb : ya;
        for (int i = 0; i < 2; i++) {
            double x0, y0, x1, y1;
            if (isnan(y[i + 1])) {
                chart_map(&lay, 7.5, 3, &x0, &y0);
                g_assert_cmpfloat(dist(r, x0, y0, chart_series_colour(k)), >, 100);
                continue;
            }
            chart_map(&lay, xs[i], y[i], &x0, &y0);
            chart_map(&lay, xs[i + 1], y[i + 1], &x1, &y1);
            g_assert_cmpfloat(dist(r, (x0 + x1) / 2, (y0 + y1) / 2, chart_series_colour(k)), <, 8);
        }
    }
    // Away from the lines, the plot's background or a grid line.
    double gx, gy, between = (lay.y_ticks[lay.n_y_ticks - 2] + lay.y_ticks[lay.n_y_ticks - 1]) / 2;
    chart_map(&lay, 2, between, &gx, &gy);
    g_assert_cmpfloat(dist(r, gx, gy, CHART_PLOT_BG), <, 1);
    // The legend's swatches.
    for (int k = 0; k < 2; k++) {
        RasterRect e = lay.legend[k];
        g_assert_cmpfloat(
            dist(r, e.x + e.width / 2.0, e.y + e.height / 2.0, chart_series_colour(k)), <, 8);
        g_assert_cmpint(e.y + e.height, <, p.y);
    }
    raster_free(r);
}

static void test_bars(void)
{
    const double a[3] = {10, 250, 40}, b[3] = {20, NAN, 5};
    const char *cats[3] = {"one", "two", "three"};
    ChartSeries s[2] = {{"a", NULL, a, 3}, {"b", NULL, b, 3}};
    for (int log = 0; log < 2; log++) {
        Chart c = {.kind = CHART_BARS,
                   .width = 500,
                   .height = 320,
                   .series = s,
                   .n_series = 2,
                   .categories = cats,
                   .y_log = log};
        ChartLayout lay;
        Raster *r = through_png(chart_render(&c, &lay, NULL));
        g_assert_cmpint(lay.categories, ==, 3);
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 3; i++) {
                const double *v = k ? b : a;
                double x0, x1, xm, ytop, ybase;
                chart_bar_span(&lay, 2, k, i, &x0, &x1);
                g_assert_cmpfloat(x1 - x0, >, 10);
                chart_map(&lay, i, isnan(v[i]) ? 1 : v[i], &xm, &ytop);
                ybase = lay.plot.y + lay.plot.height;
                double mid = (x0 + x1) / 2;
                RasterColor col = chart_series_colour(k);
                if (isnan(v[i])) { // no bar
                    g_assert_cmpfloat(dist(r, mid, ybase - 3, col), >, 100);
                    continue;
                }
                g_assert_cmpfloat(dist(r, mid, (ytop + ybase) / 2, col), <, 2);
                g_assert_cmpfloat(dist(r, mid, ytop + 2, col), <, 2);
                g_assert_cmpfloat(dist(r, mid, ytop - 3, col), >, 100);
            }
        if (log) { // 100 halfway between 10 and 1000 in pixels
            double x, y10, y100, y1000;
            chart_map(&lay, 0, 10, &x, &y10);
            chart_map(&lay, 0, 100, &x, &y100);
            chart_map(&lay, 0, 1000, &x, &y1000);
            g_assert_cmpfloat_with_epsilon(y100 - y1000, y10 - y100, 1e-6);
            g_assert_cmpfloat(lay.y_ticks[0], <=, 1);
        }
        raster_free(r);
    }
}

static void test_bad_data(void)
{
    const double neg[2] = {1, -1}, nan2[2] = {NAN, NAN};
    ChartSeries s = {"s", NULL, neg, 2};
    Chart c = {.kind = CHART_LINES,
               .width = 400,
               .height = 300,
               .series = &s,
               .n_series = 1,
               .y_log = true};
    GError *err = NULL;
    g_assert_null(chart_render(&c, NULL, &err));
    g_assert_error(err, CHART_ERROR, CHART_ERROR_DATA);
    g_clear_error(&err);
    s.y = nan2, c.y_log = false;
    g_assert_null(chart_render(&c, NULL, &err));
    g_assert_nonnull(strstr(err->message, "no finite value"));
    g_clear_error(&err);
    c.n_series = 0;
    g_assert_null(chart_render(&c, NULL, &err));
    g_clear_error(&err);
    s.y = neg, c.n_series = 1, c.width = 10;
    g_assert_null(chart_render(&c, NULL, &err));
    g_clear_error(&err);
    ChartHeatmap h = {.width = 400, .height = 300, .values = neg, .rows = 0, .cols = 2};
    g_assert_null(chart_render_heatmap(&h, NULL, &err));
    g_assert_error(err, CHART_ERROR, CHART_ERROR_DATA);
    g_clear_error(&err);
}

static double lightness(RasterColor c)
{
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

static void test_heat_colours(void)
{
    double last = -1;
    for (int i = 0; i <= 100; i++) {
        double l = lightness(chart_heat_colour(i / 100.0));
        g_assert_cmpfloat(l, >, last);
        last = l;
    }
    g_assert_cmpfloat(raster_color_distance(chart_heat_colour(-3), chart_heat_colour(0)), ==, 0);
    g_assert_cmpfloat(raster_color_distance(chart_heat_colour(7), chart_heat_colour(1)), ==, 0);
    g_assert_cmpfloat(raster_color_distance(chart_heat_colour(NAN), CHART_NO_DATA), ==, 0);
}

static void test_heatmap(void)
{
    GRand *rng = test_rand();
    enum { R = 5, C = 7 };
    double v[R * C];
    for (int i = 0; i < R * C; i++) v[i] = g_rand_double(rng);
    v[3] = NAN, v[4] = 0, v[5] = 1;
    const char *rows[R] = {"d1", "d2", "d3", "d4", "d5"};
    for (int annotate = 0; annotate < 2; annotate++) {
        ChartHeatmap h = {.width = 640,
                          .height = 400,
                          .title = "P",
                          .x_label = "rank",
                          .y_label = "depth",
                          .scale_label = "p",
                          .values = v,
                          .rows = R,
                          .cols = C,
                          .row_labels = rows,
                          .annotate = annotate};
        ChartHeatmapLayout lay;
        Raster *r = through_png(chart_render_heatmap(&h, &lay, NULL));
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) {
                RasterRect cell = chart_heatmap_cell(&lay, i, j);
                g_assert_cmpint(cell.width, >=, 20);
                RasterColor want = chart_heat_colour(v[i * C + j]);
                // Near the corner (text, if any, is in the middle) and, without text, the middle.
                g_assert_cmpfloat(dist(r, cell.x + 2, cell.y + 2, want), <, 2);
                if (!annotate)
                    g_assert_cmpfloat(
                        dist(r, cell.x + cell.width / 2.0, cell.y + cell.height / 2.0, want), <, 2);
            }
        RasterRect s = lay.scale;
        g_assert_cmpint(s.x + s.width, <, 640);
        g_assert_cmpint(s.x, >, lay.grid.x + lay.grid.width);
        g_assert_cmpfloat(dist(r, s.x + s.width / 2.0, s.y + 1, chart_heat_colour(1)), <, 8);
        g_assert_cmpfloat(dist(r, s.x + s.width / 2.0, s.y + s.height - 1, chart_heat_colour(0)), <,
                          8);
        raster_free(r);
    }
    g_rand_free(rng);
}

// A logarithmic colour scale: each decade an equal step, values below the start at 0.
static void test_heatmap_log(void)
{
    enum { R = 2, C = 4 };
    double v[R * C] = {0.0005, 0.001, 0.01, 0.1, 1, NAN, 0.0316227766, 0.5};
    ChartHeatmap h = {.width = 500,
                      .height = 300,
                      .values = v,
                      .rows = R,
                      .cols = C,
                      .log_min = 0.001,
                      .scale_label = "P"};
    const double want[R * C] = {0, 0, 1 / 3.0, 2 / 3.0, 1, NAN, 0.5, 1 + log10(0.5) / 3};
    for (int i = 0; i < R * C; i++) {
        double p = chart_heatmap_position(&h, v[i]);
        if (isnan(want[i]))
            g_assert_true(isnan(p));
        else
            g_assert_cmpfloat_with_epsilon(p, want[i], 1e-9);
    }
    ChartHeatmapLayout lay;
    Raster *r = through_png(chart_render_heatmap(&h, &lay, NULL));
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            RasterRect cell = chart_heatmap_cell(&lay, i, j);
            RasterColor c = chart_heat_colour(want[i * C + j]);
            g_assert_cmpfloat(dist(r, cell.x + 2, cell.y + 2, c), <, 2);
        }
    // The scale's middle is 10^-1.5, a third of the way up is 0.01.
    RasterRect s = lay.scale;
    g_assert_cmpfloat(
        dist(r, s.x + s.width / 2.0, s.y + s.height * 2 / 3.0, chart_heat_colour(1 / 3.0)), <, 8);
    raster_free(r);
    h.log_min = 1;
    GError *err = NULL;
    g_assert_null(chart_render_heatmap(&h, NULL, &err));
    g_assert_nonnull(strstr(err->message, "between 0 and 1"));
    g_clear_error(&err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/chart/ticks", test_ticks);
    g_test_add_func("/core/chart/format", test_format);
    g_test_add_func("/core/chart/lines", test_lines);
    g_test_add_func("/core/chart/bars", test_bars);
    g_test_add_func("/core/chart/bad-data", test_bad_data);
    g_test_add_func("/core/chart/heat-colours", test_heat_colours);
    g_test_add_func("/core/chart/heatmap", test_heatmap);
    g_test_add_func("/core/chart/heatmap-log", test_heatmap_log);
    return g_test_run();
}
