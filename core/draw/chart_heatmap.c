// SPDX-License-Identifier: MIT
// Heat maps (core/chart.h): a grid of coloured cells with row and column labels, a colour
// scale on the right, and optionally each value written in its cell.
#include "core/draw/chart.h"

#include <math.h>
#include <stdio.h>

#include "core/draw/chart_draw.h"
#include "core/draw/font.h"

static bool heatmap_valid(const ChartHeatmap *h, GError **err)
{
    const char *why = NULL;
    if (h->rows < 1 || h->cols < 1 || h->rows > 4096 || h->cols > 4096 || !h->values)
        why = "a heat map needs 1 to 4096 rows and columns of values";
    else if (!(h->log_min >= 0 && h->log_min < 1))
        why = "a heat map's logarithmic scale must start between 0 and 1";
    else if (h->width < CHART_MIN_WIDTH || h->height < CHART_MIN_HEIGHT || h->width > 8192 ||
             h->height > 8192)
        why = "heat map size out of range (160 x 120 to 8192 x 8192 pixels)";
    if (why) g_set_error_literal(err, CHART_ERROR, CHART_ERROR_DATA, why);
    return why == NULL;
}

static void axis_label(const char *const *labels, int i, char *buf, size_t size)
{
    if (labels && labels[i])
        snprintf(buf, size, "%s", labels[i]);
    else
        snprintf(buf, size, "%d", i);
}

RasterRect chart_heatmap_cell(const ChartHeatmapLayout *lay, int row, int col)
{
    const RasterRect g = lay->grid;
    int x0 = g.x + (int)((int64_t)col * g.width / lay->cols);
    int x1 = g.x + (int)((int64_t)(col + 1) * g.width / lay->cols);
    int y0 = g.y + (int)((int64_t)row * g.height / lay->rows);
    int y1 = g.y + (int)((int64_t)(row + 1) * g.height / lay->rows);
    return (RasterRect){x0, y0, x1 - x0, y1 - y0};
}

double chart_heatmap_position(const ChartHeatmap *h, double v)
{
    if (isnan(v)) return v;
    if (h->log_min > 0) {
        double lo = log10(h->log_min);
        v = (log10(fmax(v, h->log_min)) - lo) / -lo;
    }
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

// The colour scale's ticks: 0, 0.25, ..., 1, or the powers of ten from log_min up to 1.
static int scale_ticks(const ChartHeatmap *h, double *v, char labels[][16])
{
    int n = 0;
    if (h->log_min > 0) {
        for (int e = (int)ceil(log10(h->log_min) - 1e-9); e <= 0 && n < 12; e++) {
            v[n] = pow(10, e);
            chart_format_number(v[n], v[n], labels[n], sizeof labels[n]);
            n++;
        }
        return n;
    }
    for (; n <= 4; n++) chart_format_number(v[n] = n / 4.0, 0.25, labels[n], sizeof labels[n]);
    return n;
}

// The colour scale: a vertical bar from 0 (bottom) to 1 (top) with labelled ticks, and its
// label turned beside them; *area loses its right-hand part.
static void draw_scale(Raster *r, const ChartHeatmap *h, int ts, RasterRect *area,
                       ChartHeatmapLayout *lay)
{
    double tick[12];
    char labels[12][16];
    int n = scale_ticks(h, tick, labels), lw = 0;
    for (int k = 0; k < n; k++) lw = MAX(lw, font_text_width(labels[k], ts));
    int th = font_text_height(ts), pad = 2 * ts + 1, bw = 3 * th;
    int right = area->x + area->width;
    if (h->scale_label && *h->scale_label) {
        font_draw_text_vertical(r, right - th / 2.0, area->y + area->height / 2.0, h->scale_label,
                                ts, CHART_TEXT);
        right -= th + 2 * pad;
    }
    int x = right - lw - 2 * pad - bw, top = area->y + th / 2,
        bottom = area->y + area->height - th / 2;
    lay->scale = (RasterRect){x, top, bw, MAX(1, bottom - top)};
    for (int y = top; y < bottom; y++) {
        double v = 1 - (y + 0.5 - top) / (bottom - top);
        raster_fill_rect(r, x, y, x + bw, y + 1, chart_heat_colour(v));
    }
    raster_stroke_rect(r, x - 1, top - 1, x + bw + 1, bottom + 1, 1, CHART_AXIS);
    for (int k = 0; k < n; k++) {
        double y = bottom - chart_heatmap_position(h, tick[k]) * (bottom - top);
        raster_fill_rect(r, x + bw, y - 0.5, x + bw + pad, y + 0.5, CHART_AXIS);
        font_draw_text_anchored(r, x + bw + 2 * pad, y, 0, 0.5, labels[k], ts, CHART_TEXT);
    }
    area->width = x - 3 * pad - area->x;
}

// Row labels at the left, column labels below (thinned out when they would touch); sets the
// grid rectangle.
static void draw_grid_labels(Raster *r, const ChartHeatmap *h, int ts, RasterRect area,
                             ChartHeatmapLayout *lay)
{
    int th = font_text_height(ts), pad = 2 * ts + 1, rw = 0, cw = 0;
    char buf[64];
    for (int i = 0; i < h->rows; i++) {
        axis_label(h->row_labels, i, buf, sizeof buf);
        rw = MAX(rw, font_text_width(buf, ts));
    }
    for (int j = 0; j < h->cols; j++) {
        axis_label(h->col_labels, j, buf, sizeof buf);
        cw = MAX(cw, font_text_width(buf, ts));
    }
    lay->grid = (RasterRect){area.x + rw + pad, area.y, MAX(1, area.width - rw - pad),
                             MAX(1, area.height - th - pad)};
    int every_r = 1, every_c = 1;
    while (h->rows / every_r > 1 && (th + 2) * (h->rows / every_r) > lay->grid.height) every_r++;
    while (h->cols / every_c > 1 && (cw + th) * (h->cols / every_c) > lay->grid.width) every_c++;
    for (int i = 0; i < h->rows; i += every_r) {
        RasterRect c = chart_heatmap_cell(lay, i, 0);
        axis_label(h->row_labels, i, buf, sizeof buf);
        font_draw_text_anchored(r, lay->grid.x - pad, c.y + c.height / 2.0, 1, 0.5, buf, ts,
                                CHART_TEXT);
    }
    for (int j = 0; j < h->cols; j += every_c) {
        RasterRect c = chart_heatmap_cell(lay, 0, j);
        axis_label(h->col_labels, j, buf, sizeof buf);
        font_draw_text_anchored(r, c.x + c.width / 2.0, lay->grid.y + lay->grid.height + pad, 0.5,
                                0, buf, ts, CHART_TEXT);
    }
}

static void value_text(const ChartHeatmap *h, double v, char *buf, size_t size)
{
    snprintf(buf, size, h->log_min > 0 ? "%.2g" : "%.2f", v);
}

// Whether every value's text fits its cell: the values are written in all cells or none.
static bool values_fit(const ChartHeatmap *h, const ChartHeatmapLayout *lay, int ts)
{
    for (int i = 0; i < h->rows; i++)
        for (int j = 0; j < h->cols; j++) {
            double v = h->values[(size_t)i * h->cols + j];
            if (isnan(v)) continue;
            char buf[16];
            value_text(h, v, buf, sizeof buf);
            RasterRect c = chart_heatmap_cell(lay, i, j);
            if (font_text_width(buf, ts) + 4 > c.width || font_text_height(ts) + 4 > c.height)
                return false;
        }
    return true;
}

static void draw_cells(Raster *r, const ChartHeatmap *h, const ChartHeatmapLayout *lay)
{
    int ts = MAX(1, lay->text_scale - 1);
    bool annotate = h->annotate && values_fit(h, lay, ts);
    for (int i = 0; i < h->rows; i++)
        for (int j = 0; j < h->cols; j++) {
            RasterRect c = chart_heatmap_cell(lay, i, j);
            double v = h->values[(size_t)i * h->cols + j];
            RasterColor col = chart_heat_colour(chart_heatmap_position(h, v));
            // A one-pixel seam between cells large enough to keep it.
            int seam = c.width >= 8 && c.height >= 8 ? 1 : 0;
            raster_fill_rect(r, c.x, c.y, c.x + c.width - seam, c.y + c.height - seam, col);
            if (!annotate || isnan(v)) continue;
            char buf[16];
            value_text(h, v, buf, sizeof buf);
            double lum = 0.2126 * col.r + 0.7152 * col.g + 0.0722 * col.b;
            font_draw_text_anchored(r, c.x + c.width / 2.0, c.y + c.height / 2.0, 0.5, 0.5, buf, ts,
                                    lum < 128 ? RASTER_RGB(0xFFFFFF) : CHART_TEXT);
        }
}

Raster *chart_render_heatmap(const ChartHeatmap *h, ChartHeatmapLayout *out, GError **err)
{
    if (!heatmap_valid(h, err)) return NULL;
    Raster *r = raster_new(h->width, h->height, err);
    if (!r) return NULL;
    raster_clear(r, CHART_BACKGROUND);
    ChartHeatmapLayout lay = {.rows = h->rows, .cols = h->cols};
    lay.text_scale = chart_text_scale(h->width, h->height);
    int m = 4 * lay.text_scale + 4;
    RasterRect area = {m, m, h->width - 2 * m, h->height - 2 * m};
    chart_draw_frame(r, h->title, h->x_label, h->y_label, lay.text_scale, &area);
    draw_scale(r, h, lay.text_scale, &area, &lay);
    draw_grid_labels(r, h, lay.text_scale, area, &lay);
    draw_cells(r, h, &lay);
    if (out) *out = lay;
    return r;
}
