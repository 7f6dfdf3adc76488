// SPDX-License-Identifier: MIT
// The compare command's chart (--chart FILE.png): one picture of up to two panels, one above
// the other. The upper one, with a fixed time per move, is the depth each configuration
// reached on every position (a line chart, positions along x); the lower one, with fixed
// depths, the nodes each configuration searched to reach each depth (a bar chart of the
// median over the positions, logarithmic y).
#include <math.h>
#include <stdio.h>

#include "core/draw/png.h"
#include "core/stats.h"
#include "core/lab/compare.h"

// The depth reached per position in the fixed-time mode: one series per configuration.
static Raster *depth_panel(const CompareJob *job, int width, int height, double *buf,
                           ChartLayout *lay, GError **err)
{
    int n = job->npositions, modes = compare_modes(job);
    ChartSeries series[COMPARE_MAX_CONFIGS];
    double *x = buf;
    for (int p = 0; p < n; p++) x[p] = p + 1;
    for (int c = 0; c < job->nconfigs; c++) {
        double *y = buf + (size_t)(c + 1) * n;
        for (int p = 0; p < n; p++) y[p] = job->configs[c].runs[p * modes].depth;
        series[c] = (ChartSeries){job->configs[c].name, x, y, n};
    }
    char title[96];
    snprintf(title, sizeof title, "Depth reached in %g s per move", job->movetime);
    Chart chart = {.kind = CHART_LINES,
                   .width = width,
                   .height = height,
                   .title = title,
                   .x_label = "position",
                   .y_label = "depth",
                   .series = series,
                   .n_series = job->nconfigs,
                   .y_zero = true,
                   .markers = n <= 60};
    return chart_render(&chart, lay, err);
}

// Nodes to reach each fixed depth: the median over the positions, a bar per configuration.
static Raster *nodes_panel(const CompareJob *job, int width, int height, double *buf,
                           ChartLayout *lay, GError **err)
{
    int n = job->npositions, modes = compare_modes(job);
    bool timed = job->movetime > 0;
    ChartSeries series[COMPARE_MAX_CONFIGS];
    char names[COMPARE_MAX_DEPTHS][16];
    const char *categories[COMPARE_MAX_DEPTHS];
    double *nodes = buf + (size_t)COMPARE_MAX_CONFIGS * COMPARE_MAX_DEPTHS;
    for (int c = 0; c < job->nconfigs; c++) {
        double *y = buf + (size_t)c * COMPARE_MAX_DEPTHS;
        for (int k = 0; k < job->ndepths; k++) {
            for (int p = 0; p < n; p++)
                nodes[p] =
                    (double)job->configs[c].runs[p * modes + k + timed + (job->nodes > 0)].nodes;
            double m = stats_median(nodes, n);
            y[k] = m > 0 ? m : NAN; // a log axis has no room for 0
        }
        series[c] = (ChartSeries){job->configs[c].name, NULL, y, job->ndepths};
    }
    for (int k = 0; k < job->ndepths; k++) {
        snprintf(names[k], sizeof names[k], "depth %d", job->depths[k]);
        categories[k] = names[k];
    }
    char title[96];
    snprintf(title, sizeof title, "Nodes to reach each depth (median of %d positions)", n);
    Chart chart = {.kind = CHART_BARS,
                   .width = width,
                   .height = height,
                   .title = title,
                   .x_label = "fixed depth",
                   .y_label = "nodes (log scale)",
                   .series = series,
                   .n_series = job->nconfigs,
                   .categories = categories,
                   .y_log = true};
    return chart_render(&chart, lay, err);
}

Raster *compare_chart_render(const CompareJob *job, CompareChartLayout *out, GError **err)
{
    int n = job->npositions, w = COMPARE_CHART_WIDTH, h = COMPARE_CHART_PANEL_HEIGHT;
    CompareChartLayout lay = {.has_depth = job->movetime > 0, .has_nodes = job->ndepths > 0};
    int panels = lay.has_depth + lay.has_nodes;
    if (n < 1 || job->nconfigs < 1 || panels < 1) {
        g_set_error(err, CHART_ERROR, CHART_ERROR_DATA,
                    "nothing to chart: %d positions, %d "
                    "configurations, %d modes",
                    n, job->nconfigs, panels);
        return NULL;
    }
    Raster *r = raster_new(w, h * panels, err);
    if (!r) return NULL;
    raster_clear(r, CHART_BACKGROUND);
    double *buf = g_new(double, (size_t)(COMPARE_MAX_CONFIGS + 2) * n +
                                    COMPARE_MAX_CONFIGS * COMPARE_MAX_DEPTHS);
    Raster *panel[2] = {NULL, NULL};
    if (lay.has_depth) {
        lay.depth_panel = (RasterRect){0, 0, w, h};
        panel[0] = depth_panel(job, w, h, buf, &lay.depth, err);
    }
    if (lay.has_nodes && (!lay.has_depth || panel[0])) {
        lay.nodes_panel = (RasterRect){0, lay.has_depth ? h : 0, w, h};
        panel[1] = nodes_panel(job, w, h, buf, &lay.nodes, err);
    }
    bool ok = (!lay.has_depth || panel[0]) && (!lay.has_nodes || panel[1]);
    if (panel[0]) raster_blit(r, panel[0], lay.depth_panel.x, lay.depth_panel.y);
    if (panel[1]) raster_blit(r, panel[1], lay.nodes_panel.x, lay.nodes_panel.y);
    raster_free(panel[0]);
    raster_free(panel[1]);
    g_free(buf);
    if (!ok) {
        raster_free(r);
        return NULL;
    }
    if (out) *out = lay;
    return r;
}

bool compare_chart_write(const CompareJob *job, const char *path, GError **err)
{
    Raster *r = compare_chart_render(job, NULL, err);
    if (!r) return false;
    bool ok = png_write_raster(r, path, err);
    if (ok)
        printf("chart: %s (%d x %d pixels: %s)\n", path, r->width, r->height,
               job->movetime > 0 && job->ndepths ? "depth reached, then nodes per depth"
               : job->movetime > 0               ? "depth reached"
                                                 : "nodes per depth");
    raster_free(r);
    return ok;
}
