// SPDX-License-Identifier: MIT
// Charts of generic data drawn with core/raster.h and core/font.h: line charts and grouped
// bar charts (several series in distinct colours, axes with "nice" ticks, tick labels, axis
// labels, a title and a legend; the y axis linear or logarithmic), and heat maps (a matrix of
// values 0..1 as coloured cells with a colour scale and row and column labels). What the
// numbers mean (depth reached per position, nodes at a fixed depth, RankCut probabilities) is
// the caller's business: only numbers and names come in.
#ifndef CORE_DRAW_CHART_H
#define CORE_DRAW_CHART_H

#include <glib.h>

#include "core/draw/raster.h"

#define CHART_MAX_SERIES 8
#define CHART_MAX_TICKS  24
#define CHART_MIN_WIDTH  160
#define CHART_MIN_HEIGHT 120
#define CHART_BACKGROUND RASTER_RGB(0xFFFFFF)
#define CHART_PLOT_BG    RASTER_RGB(0xF7F8FA)
#define CHART_GRID       RASTER_RGB(0xDDE1E6)
#define CHART_AXIS       RASTER_RGB(0x3A4049)
#define CHART_TEXT       RASTER_RGB(0x1F2329)
#define CHART_NO_DATA    RASTER_RGB(0xC8CCD2)

#define CHART_ERROR (chart_error_quark())
GQuark chart_error_quark(void);

enum { CHART_ERROR_DATA };

// One series: n values y[i] at x[i] (line charts; x NULL means 0, 1, 2, ...) or in category
// i (bar charts, x unused). NAN values are missing: a gap in a line, no bar.
typedef struct {
    const char *name;
    const double *x;
    const double *y;
    int n;
} ChartSeries;

typedef enum { CHART_LINES, CHART_BARS } ChartKind;

typedef struct {
    ChartKind kind;
    int width, height;
    const char *title, *x_label, *y_label; // each may be NULL
    const ChartSeries *series;
    int n_series;                  // 1..CHART_MAX_SERIES
    const char *const *categories; // bar charts: a label per category (NULL: 1, 2, 3, ...)
    bool y_log;                    // logarithmic y axis; every value must be > 0
    bool y_zero;                   // linear y axis starting at 0 (bar charts always do)
    bool markers;                  // line charts: a dot on every point
} Chart;

// Where a chart put things: the plotting area and the axis ranges (log10 of the values on a
// logarithmic axis), the ticks, and the categories of a bar chart.
typedef struct {
    RasterRect plot;
    double x_min, x_max, y_min, y_max;
    double x_ticks[CHART_MAX_TICKS], y_ticks[CHART_MAX_TICKS];
    int n_x_ticks, n_y_ticks;
    int categories; // bar charts: the number of groups along x
    bool y_log;
    int text_scale;                      // tick labels' font scale (the title is one larger)
    RasterRect legend[CHART_MAX_SERIES]; // each legend entry's swatch
} ChartLayout;

// The colour of series i (8 distinct colours, repeating).
RasterColor chart_series_colour(int i);

// Draws a line or bar chart; fills lay when it is not NULL. NULL with an error for bad data
// (no series, sizes out of range, a non-positive value on a log axis, nothing finite to
// draw) or no memory.
Raster *chart_render(const Chart *c, ChartLayout *lay, GError **err);

// The pixel of data point (x, y) (x a category index in bar charts: the centre of the group).
void chart_map(const ChartLayout *lay, double x, double y, double *px, double *py);

// The horizontal extent of the bar of series s in category i of a bar chart.
void chart_bar_span(const ChartLayout *lay, int n_series, int s, int i, double *x0, double *x1);

// A heat map: rows x cols values, row-major, row 0 drawn at the top; each value in 0..1 (NAN:
// no data, drawn grey).
typedef struct {
    int width, height;
    const char *title, *x_label, *y_label, *scale_label; // each may be NULL
    const double *values;
    int rows, cols;
    const char *const *row_labels, *const *col_labels; // NULL: 0, 1, 2, ...
    bool annotate;  // write each value in its cell when every value's text fits its cell
    double log_min; // 0: a linear colour scale from 0 to 1; 0 < log_min < 1: logarithmic from
                    // log_min (smaller values take its colour) to 1, ticks at powers of ten
} ChartHeatmap;

typedef struct {
    RasterRect grid;  // the cells
    RasterRect scale; // the colour scale bar (0 at the bottom, 1 at the top)
    int rows, cols;
    int text_scale;
} ChartHeatmapLayout;

// The colour of a value of a heat map: dark blue at 0 through teal and green to yellow at 1
// (lightness grows with the value, so the scale reads in grey too); NAN gives CHART_NO_DATA.
RasterColor chart_heat_colour(double v);

Raster *chart_render_heatmap(const ChartHeatmap *h, ChartHeatmapLayout *lay, GError **err);

// Where a value falls on a heat map's colour scale, 0 (bottom) to 1 (top); NAN stays NAN. A
// cell's colour is chart_heat_colour of it.
double chart_heatmap_position(const ChartHeatmap *h, double v);

// The rectangle of cell (row, col) of a heat map.
RasterRect chart_heatmap_cell(const ChartHeatmapLayout *lay, int row, int col);

// Writes a number the way tick labels show it: step decides the decimals; values of 10000 and
// more in k, M or G ("250k", "1.5M"). Returns buf.
char *chart_format_number(double v, double step, char *buf, size_t size);

// "Nice" ticks covering [lo, hi]: multiples of 1, 2 or 5 times a power of ten, about
// `target` of them, no finer than min_step (0: no limit). Widens *lo and *hi to the outer
// ticks; returns the step and fills ticks (at most CHART_MAX_TICKS).
double chart_nice_ticks(double *lo, double *hi, int target, double min_step, double *ticks, int *n);

#endif
