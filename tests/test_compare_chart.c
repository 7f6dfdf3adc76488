// SPDX-License-Identifier: MIT
// The compare command's chart, decoded from PNG, for a job with known results: the panels'
// sizes, their axes, a marker of each configuration's line at every position's depth, and
// each configuration's bar at each depth reaching its median node count on a logarithmic
// axis; panels left out when their mode is.
#include <math.h>
#include <string.h>

#include "tests/picture_util.h"
#include "tests/test_util.h"
#include "core/lab/compare.h"

#define POSITIONS 13 // odd: the median is the middle position's count
#define CONFIGS   3

static const char *const names[CONFIGS] = {"alphabeta", "rankcut", "other"};

// Depth reached by configuration c on position p: three bands that never meet.
static int depth_of(int c, int p)
{
    return 2 + 3 * c + p % 3;
}

// Nodes at fixed depth k: ten times more per configuration and per depth, with positions
// around the median (which is the middle position's count).
static uint64_t nodes_of(int c, int k, int p)
{
    double base = 2000 * pow(10, c) * pow(10, k);
    return (uint64_t)(base * (p < POSITIONS / 2 ? 0.5 : p == POSITIONS / 2 ? 1 : 2));
}

static void job_init(CompareJob *job, double movetime, int ndepths)
{
    memset(job, 0, sizeof *job);
    job->npositions = POSITIONS;
    job->movetime = movetime;
    job->ndepths = ndepths;
    for (int k = 0; k < ndepths; k++) job->depths[k] = 3 + 2 * k;
    job->nconfigs = CONFIGS;
    int modes = compare_modes(job);
    for (int c = 0; c < CONFIGS; c++) {
        job->configs[c].name = (char *)names[c];
        job->configs[c].runs = g_new0(CompareRun, POSITIONS * modes);
        for (int p = 0; p < POSITIONS; p++)
            for (int k = 0; k < modes; k++) {
                CompareRun *r = &job->configs[c].runs[p * modes + k];
                bool timed = movetime > 0 && k == 0;
                r->depth = timed ? depth_of(c, p) : job->depths[k - (movetime > 0)];
                r->nodes = timed ? 1000 : nodes_of(c, k - (movetime > 0), p);
            }
    }
}

static void job_free(CompareJob *job)
{
    for (int c = 0; c < CONFIGS; c++) g_free(job->configs[c].runs);
}

static Raster *render(const CompareJob *job, CompareChartLayout *lay)
{
    GError *err = NULL;
    Raster *r = compare_chart_render(job, lay, &err);
    g_assert_no_error(err);
    return test_png_roundtrip(r);
}

// The plot's left and bottom axis lines, at the panel's offset.
static void check_axes(const Raster *r, RasterRect panel, const ChartLayout *lay)
{
    RasterRect p = lay->plot;
    for (int y = p.y; y < p.y + p.height; y += 7)
        g_assert_cmpfloat(test_pixel_distance(r, panel.x + p.x - 0.5, panel.y + y, CHART_AXIS), <=,
                          1);
    for (int x = p.x; x < p.x + p.width; x += 7)
        g_assert_cmpfloat(
            test_pixel_distance(r, panel.x + x, panel.y + p.y + p.height + 0.5, CHART_AXIS), <=, 1);
}

static void check_depth_panel(const Raster *r, RasterRect panel, const ChartLayout *lay)
{
    check_axes(r, panel, lay);
    for (int c = 0; c < CONFIGS; c++)
        for (int p = 0; p < POSITIONS; p++) {
            double x, y;
            chart_map(lay, p + 1, depth_of(c, p), &x, &y);
            double d = test_pixel_distance(r, panel.x + x, panel.y + y, chart_series_colour(c));
            if (d > 3) g_error("configuration %d, position %d: no marker (%.0f away)", c, p + 1, d);
        }
}

// The pixel row where a bar's colour ends going up from the axis at x.
static int bar_top(const Raster *r, int x, int bottom, RasterColor c)
{
    int y = bottom - 2;
    while (y > 0 && raster_color_distance(raster_get(r, x, y - 1), c) < 3) y--;
    return y;
}

static void check_nodes_panel(const Raster *r, RasterRect panel, const ChartLayout *lay,
                              int ndepths)
{
    check_axes(r, panel, lay);
    g_assert_true(lay->y_log);
    g_assert_cmpint(lay->categories, ==, ndepths);
    int bottom = panel.y + lay->plot.y + lay->plot.height;
    double step = 0;
    for (int k = 0; k < ndepths; k++)
        for (int c = 0; c < CONFIGS; c++) {
            double x0, x1, x, y;
            chart_bar_span(lay, CONFIGS, c, k, &x0, &x1);
            int mid = panel.x + (int)((x0 + x1) / 2);
            chart_map(lay, k, (double)nodes_of(c, k, POSITIONS / 2), &x, &y);
            int top = bar_top(r, mid, bottom, chart_series_colour(c));
            g_assert_cmpfloat(fabs(top - (panel.y + y)), <=, 1.5);
            // Ten times more nodes is the same height more on a logarithmic axis.
            if (c == 0) continue;
            double prev_x0, prev_x1;
            chart_bar_span(lay, CONFIGS, c - 1, k, &prev_x0, &prev_x1);
            int prev = bar_top(r, panel.x + (int)((prev_x0 + prev_x1) / 2), bottom,
                               chart_series_colour(c - 1));
            if (step == 0) step = prev - top;
            g_assert_cmpfloat(step, >, 10);
            g_assert_cmpfloat(fabs(prev - top - step), <=, 2);
        }
}

static void test_both_panels(void)
{
    CompareJob job;
    job_init(&job, 0.1, 2);
    CompareChartLayout lay;
    Raster *r = render(&job, &lay);
    g_assert_cmpint(r->width, ==, COMPARE_CHART_WIDTH);
    g_assert_cmpint(r->height, ==, 2 * COMPARE_CHART_PANEL_HEIGHT);
    g_assert_true(lay.has_depth && lay.has_nodes);
    g_assert_cmpint(lay.depth_panel.y, ==, 0);
    g_assert_cmpint(lay.nodes_panel.y, ==, COMPARE_CHART_PANEL_HEIGHT);
    check_depth_panel(r, lay.depth_panel, &lay.depth);
    check_nodes_panel(r, lay.nodes_panel, &lay.nodes, 2);
    // The legends: each configuration's swatch in its colour.
    for (int c = 0; c < CONFIGS; c++) {
        RasterRect e = lay.nodes.legend[c];
        g_assert_cmpfloat(test_pixel_distance(r, e.x + e.width / 2.0,
                                              lay.nodes_panel.y + e.y + e.height / 2.0,
                                              chart_series_colour(c)),
                          <=, 1);
    }
    raster_free(r);
    job_free(&job);
}

static void test_one_panel(void)
{
    for (int timed = 0; timed < 2; timed++) {
        CompareJob job;
        job_init(&job, timed ? 0.5 : 0, timed ? 0 : 3);
        CompareChartLayout lay;
        Raster *r = render(&job, &lay);
        g_assert_cmpint(r->height, ==, COMPARE_CHART_PANEL_HEIGHT);
        g_assert_cmpint(lay.has_depth, ==, timed);
        g_assert_cmpint(lay.has_nodes, ==, !timed);
        if (timed)
            check_depth_panel(r, lay.depth_panel, &lay.depth);
        else
            check_nodes_panel(r, lay.nodes_panel, &lay.nodes, 3);
        raster_free(r);
        job_free(&job);
    }
    // Nothing to draw: an error, no picture.
    CompareJob job;
    job_init(&job, 0, 0);
    GError *err = NULL;
    g_assert_null(compare_chart_render(&job, NULL, &err));
    g_assert_nonnull(strstr(err->message, "nothing to chart"));
    g_clear_error(&err);
    job_free(&job);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tools/compare-chart/both-panels", test_both_panels);
    g_test_add_func("/tools/compare-chart/one-panel", test_one_panel);
    return g_test_run();
}
