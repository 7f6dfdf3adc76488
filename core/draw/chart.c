// SPDX-License-Identifier: MIT
// Line and bar charts (core/chart.h): the data's range, the legend, the axes with their ticks
// and labels, then the series.
#include "core/draw/chart.h"

#include <math.h>
#include <stdio.h>

#include "core/draw/chart_draw.h"
#include "core/draw/font.h"

static bool fail(GError **err, const char *msg)
{
    g_set_error_literal(err, CHART_ERROR, CHART_ERROR_DATA, msg);
    return false;
}

static double series_x(const ChartSeries *s, int i)
{
    return s->x ? s->x[i] : i;
}

// Checks the chart and finds the range of its finite data (x over line charts' points).
static bool data_range(const Chart *c, double *x0, double *x1, double *y0, double *y1,
                       bool *x_integral, GError **err)
{
    if (c->n_series < 1 || c->n_series > CHART_MAX_SERIES || !c->series)
        return fail(err, "a chart needs 1 to 8 series");
    if (c->width < CHART_MIN_WIDTH || c->height < CHART_MIN_HEIGHT || c->width > 8192 ||
        c->height > 8192)
        return fail(err, "chart size out of range (160 x 120 to 8192 x 8192 pixels)");
    *x0 = *y0 = INFINITY, *x1 = *y1 = -INFINITY, *x_integral = true;
    for (int k = 0; k < c->n_series; k++) {
        const ChartSeries *s = &c->series[k];
        if (s->n < 0 || (s->n > 0 && !s->y)) return fail(err, "a series without values");
        for (int i = 0; i < s->n; i++) {
            double x = series_x(s, i), y = s->y[i];
            if (!isfinite(x) || !isfinite(y)) continue;
            if (c->y_log && y <= 0) return fail(err, "a value <= 0 on a logarithmic axis");
            *x0 = fmin(*x0, x), *x1 = fmax(*x1, x);
            *y0 = fmin(*y0, y), *y1 = fmax(*y1, y);
            *x_integral &= x == floor(x);
        }
    }
    if (*x0 > *x1) return fail(err, "no finite value to draw");
    return true;
}

// The legend: rows of swatches and names, centred, at the top of *area.
static void draw_legend(Raster *r, const Chart *c, int ts, RasterRect *area, ChartLayout *lay)
{
    int h = font_text_height(ts), sw = 3 * h, gap = 2 * h, x = area->x, y = area->y + h / 3;
    int row_start = 0;
    bool any = false;
    for (int k = 0; k < c->n_series; k++) any |= c->series[k].name != NULL;
    if (!any) return;
    // Place the entries left-aligned, then move each row right by half its slack.
    for (int k = 0; k <= c->n_series; k++) {
        const char *name = k < c->n_series && c->series[k].name ? c->series[k].name : "";
        int w = sw + h / 2 + font_text_width(name, ts);
        if (k == c->n_series || (x > area->x && x + w > area->x + area->width)) {
            int slack = area->x + area->width - (x - gap);
            for (int j = row_start; j < k; j++) lay->legend[j].x += MAX(0, slack / 2);
            if (k == c->n_series) break;
            x = area->x, y += 2 * h, row_start = k;
        }
        lay->legend[k] = (RasterRect){x, y, sw, h};
        x += w + gap;
    }
    for (int k = 0; k < c->n_series; k++) {
        RasterRect e = lay->legend[k];
        RasterColor col = chart_series_colour(k);
        if (c->kind == CHART_LINES) {
            raster_draw_line(r, e.x, e.y + h / 2.0, e.x + sw, e.y + h / 2.0, 1.5 * ts + 0.5, col);
            if (c->markers)
                raster_fill_circle(r, e.x + sw / 2.0, e.y + h / 2.0, 1.2 * ts + 1.5, col);
        } else {
            raster_fill_rect(r, e.x + sw / 4.0, e.y, e.x + sw * 0.75, e.y + h, col);
        }
        font_draw_text(r, e.x + sw + h / 2, e.y, c->series[k].name ? c->series[k].name : "", ts,
                       CHART_TEXT);
    }
    int used = y + 2 * h - area->y;
    area->y += used, area->height -= used;
}

// Ticks of the y axis: nice linear ticks, or powers of ten (with 2 and 5 between them when
// the range spans at most two decades) on a logarithmic axis, as log10 values.
static void y_ticks(const Chart *c, double lo, double hi, ChartLayout *lay, double *step)
{
    if (!c->y_log) {
        if (c->y_zero || c->kind == CHART_BARS) lo = fmin(lo, 0), hi = fmax(hi, 0);
        *step = chart_nice_ticks(&lo, &hi, 6, 0, lay->y_ticks, &lay->n_y_ticks);
        lay->y_min = lo, lay->y_max = hi;
        return;
    }
    double a = floor(log10(lo) + 1e-9), b = ceil(log10(hi) - 1e-9);
    if (b <= a) b = a + 1;
    // Every d-th power of ten when there are too many decades for the tick budget.
    double d = ceil((b - a) / (CHART_MAX_TICKS - 1));
    b = a + ceil((b - a) / d) * d;
    int n = 0;
    bool fine = b - a <= 2;
    for (double e = a; e <= b && n < CHART_MAX_TICKS; e += d) {
        lay->y_ticks[n++] = e;
        if (fine && e < b) lay->y_ticks[n++] = e + log10(2), lay->y_ticks[n++] = e + log10(5);
    }
    lay->n_y_ticks = n, lay->y_min = a, lay->y_max = b;
    *step = 1;
}

static void tick_label(const ChartLayout *lay, double v, double step, char *buf, size_t size)
{
    if (lay->y_log)
        chart_format_number(pow(10, v), fmax(1, pow(10, floor(v + 1e-9))), buf, size);
    else
        chart_format_number(v, step, buf, size);
}

// The x axis' labels: numbers for line charts, category names for bar charts.
static void x_label_text(const Chart *c, const ChartLayout *lay, int i, double step, char *buf,
                         size_t size)
{
    if (c->kind == CHART_LINES)
        chart_format_number(lay->x_ticks[i], step, buf, size);
    else if (c->categories && c->categories[i])
        snprintf(buf, size, "%s", c->categories[i]);
    else
        snprintf(buf, size, "%d", i + 1);
}

static int x_count(const ChartLayout *lay, const Chart *c)
{
    return c->kind == CHART_LINES ? lay->n_x_ticks : lay->categories;
}

// Plot rectangle from the room the tick labels need; draws the grid, ticks and labels.
static void draw_axes(Raster *r, const Chart *c, RasterRect area, ChartLayout *lay, double ystep,
                      double xstep)
{
    int ts = lay->text_scale, h = font_text_height(ts), tick = 2 * ts + 2, pad = 2 * ts + 1;
    char buf[48];
    int yw = 0, xw = 0;
    for (int i = 0; i < lay->n_y_ticks; i++) {
        tick_label(lay, lay->y_ticks[i], ystep, buf, sizeof buf);
        yw = MAX(yw, font_text_width(buf, ts));
    }
    int nx = x_count(lay, c);
    for (int i = 0; i < nx; i++) {
        x_label_text(c, lay, i, xstep, buf, sizeof buf);
        xw = MAX(xw, font_text_width(buf, ts));
    }
    int left = area.x + yw + pad + tick, bottom = area.y + area.height - h - pad - tick;
    int right = area.x + area.width - (c->kind == CHART_LINES ? xw / 2 + 1 : 1);
    lay->plot = (RasterRect){left, area.y + h / 2 + 1, MAX(1, right - left),
                             MAX(1, bottom - (area.y + h / 2 + 1))};
    RasterRect p = lay->plot;
    raster_fill_rect(r, p.x, p.y, p.x + p.width, p.y + p.height, CHART_PLOT_BG);
    double lw = ts > 1 ? ts * 0.75 : 1;
    for (int i = 0; i < lay->n_y_ticks; i++) {
        double px, py;
        chart_map(lay, lay->x_min, lay->y_log ? pow(10, lay->y_ticks[i]) : lay->y_ticks[i], &px,
                  &py);
        raster_fill_rect(r, p.x, py - lw / 2, p.x + p.width, py + lw / 2, CHART_GRID);
        raster_fill_rect(r, p.x - tick, py - lw / 2, p.x, py + lw / 2, CHART_AXIS);
        tick_label(lay, lay->y_ticks[i], ystep, buf, sizeof buf);
        font_draw_text_anchored(r, p.x - tick - pad, py, 1, 0.5, buf, ts, CHART_TEXT);
    }
    // Thin the x labels out when they would touch.
    int every = 1;
    while (nx / every > 1 && (xw + 2 * h) * (nx / every) > p.width) every++;
    for (int i = 0; i < nx; i++) {
        double px = c->kind == CHART_LINES ? 0 : i, py;
        chart_map(lay, c->kind == CHART_LINES ? lay->x_ticks[i] : px, 1, &px, &py);
        raster_fill_rect(r, px - lw / 2, p.y + p.height, px + lw / 2, p.y + p.height + tick,
                         CHART_AXIS);
        if (i % every) continue;
        x_label_text(c, lay, i, xstep, buf, sizeof buf);
        font_draw_text_anchored(r, px, p.y + p.height + tick + pad, 0.5, 0, buf, ts, CHART_TEXT);
    }
}

// The axis lines, over the series like a frame.
static void draw_axis_lines(Raster *r, const ChartLayout *lay)
{
    RasterRect p = lay->plot;
    double aw = fmax(1, lay->text_scale);
    raster_fill_rect(r, p.x - aw, p.y, p.x, p.y + p.height + aw, CHART_AXIS);
    raster_fill_rect(r, p.x - aw, p.y + p.height, p.x + p.width, p.y + p.height + aw, CHART_AXIS);
}

void chart_map(const ChartLayout *lay, double x, double y, double *px, double *py)
{
    double yv = lay->y_log ? log10(y) : y;
    *px = lay->plot.x + (x - lay->x_min) / (lay->x_max - lay->x_min) * lay->plot.width;
    *py = lay->plot.y + lay->plot.height -
          (yv - lay->y_min) / (lay->y_max - lay->y_min) * lay->plot.height;
}

void chart_bar_span(const ChartLayout *lay, int n_series, int s, int i, double *x0, double *x1)
{
    double group = (double)lay->plot.width / lay->categories, inner = 0.8 * group;
    double w = inner / n_series, centre = lay->plot.x + (i + 0.5) * group;
    *x0 = centre - inner / 2 + s * w;
    *x1 = *x0 + w - (w > 4 ? 1 : 0);
}

static void draw_series(Raster *r, const Chart *c, const ChartLayout *lay)
{
    double lw = 1.5 * lay->text_scale + 0.5, base = lay->y_log ? pow(10, lay->y_min) : 0;
    for (int k = 0; k < c->n_series; k++) {
        const ChartSeries *s = &c->series[k];
        RasterColor col = chart_series_colour(k);
        double px0 = 0, py0 = 0;
        bool have = false;
        for (int i = 0; i < s->n; i++) {
            double x = series_x(s, i), y = s->y[i], px, py, bx;
            if (!isfinite(x) || !isfinite(y)) {
                have = false;
                continue;
            }
            if (c->kind == CHART_BARS) {
                if (i >= lay->categories) break;
                double x0, x1, py_base;
                chart_bar_span(lay, c->n_series, k, i, &x0, &x1);
                chart_map(lay, i, y, &bx, &py);
                chart_map(lay, i, base, &bx, &py_base);
                raster_fill_rect(r, x0, fmin(py, py_base), x1, fmax(py, py_base), col);
                continue;
            }
            chart_map(lay, x, y, &px, &py);
            if (have) raster_draw_line(r, px0, py0, px, py, lw, col);
            if (c->markers) raster_fill_circle(r, px, py, 1.6 * lw, col);
            px0 = px, py0 = py, have = true;
        }
    }
}

Raster *chart_render(const Chart *c, ChartLayout *out, GError **err)
{
    double x0, x1, y0, y1, ystep, xstep = 1;
    bool integral;
    if (!data_range(c, &x0, &x1, &y0, &y1, &integral, err)) return NULL;
    Raster *r = raster_new(c->width, c->height, err);
    if (!r) return NULL;
    ChartLayout lay = {.y_log = c->y_log, .text_scale = chart_text_scale(c->width, c->height)};
    raster_clear(r, CHART_BACKGROUND);
    int m = 4 * lay.text_scale + 4;
    RasterRect area = {m, m, c->width - 2 * m, c->height - 2 * m};
    chart_draw_frame(r, c->title, c->x_label, c->y_label, lay.text_scale, &area);
    draw_legend(r, c, lay.text_scale, &area, &lay);
    y_ticks(c, y0, y1, &lay, &ystep);
    if (c->kind == CHART_LINES) {
        xstep = chart_nice_ticks(&x0, &x1, 8, integral ? 1 : 0, lay.x_ticks, &lay.n_x_ticks);
        lay.x_min = x0, lay.x_max = x1;
    } else {
        for (int k = 0; k < c->n_series; k++) lay.categories = MAX(lay.categories, c->series[k].n);
        lay.x_min = -0.5, lay.x_max = lay.categories - 0.5;
    }
    draw_axes(r, c, area, &lay, ystep, xstep);
    draw_series(r, c, &lay);
    draw_axis_lines(r, &lay);
    if (out) *out = lay;
    return r;
}
