// SPDX-License-Identifier: MIT
// The parts charts share: nice tick steps, number formatting, text placement, the frame of a
// chart (title, axis labels) and the palettes.
#include "core/draw/chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/draw/chart_draw.h"
#include "core/draw/font.h"

G_DEFINE_QUARK(chart - error - quark, chart_error)

// Eight series colours, picked to stay apart from each other on white and in grey.
static const uint32_t series_hex[8] = {0x2F6FB0, 0xE0782A, 0x3A9E5A, 0xC4394B,
                                       0x7E5BB5, 0x8C6A3F, 0xD45FA8, 0x5F6B73};

RasterColor chart_series_colour(int i)
{
    uint32_t h = series_hex[((i % 8) + 8) % 8];
    return RASTER_RGB(h);
}

// The heat scale's stops, evenly spaced from 0 to 1.
static const uint32_t heat_hex[5] = {0x1B1F3B, 0x2D5D8C, 0x2A9D8F, 0x9BC53D, 0xF9E04B};

RasterColor chart_heat_colour(double v)
{
    if (isnan(v)) return CHART_NO_DATA;
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    double t = v * 4;
    int k = t >= 4 ? 3 : (int)t;
    return raster_color_mix(RASTER_RGB(heat_hex[k]), RASTER_RGB(heat_hex[k + 1]), t - k);
}

double chart_nice_ticks(double *lo, double *hi, int target, double min_step, double *ticks, int *n)
{
    if (!(*hi > *lo)) { // a single value: a unit-wide range around it
        double pad = fabs(*lo) > 0 ? fabs(*lo) * 0.1 : 1;
        *lo -= pad, *hi += pad;
    }
    double raw = (*hi - *lo) / (target > 1 ? target : 1), mag = pow(10, floor(log10(raw)));
    double step = 10 * mag;
    static const double mult[3] = {1, 2, 5};
    for (int k = 2; k >= 0; k--)
        if (mult[k] * mag >= raw * 0.999) step = mult[k] * mag;
    if (step < min_step) step = min_step;
    // Keep within the tick budget whatever target and min_step asked for.
    while ((*hi - *lo) / step > CHART_MAX_TICKS - 2) step *= 2;
    double a = floor(*lo / step + 1e-9) * step, b = ceil(*hi / step - 1e-9) * step;
    *lo = a, *hi = b;
    *n = 0;
    for (double t = a; t <= b + step * 1e-6 && *n < CHART_MAX_TICKS; t += step)
        ticks[(*n)++] = fabs(t) < step * 1e-9 ? 0 : t;
    return step;
}

// Decimals needed to write multiples of step exactly (0..6).
static int step_decimals(double step)
{
    for (int d = 0; d < 6; d++) {
        double x = step * pow(10, d);
        if (fabs(x - round(x)) < 1e-6 * x) return d;
    }
    return 6;
}

char *chart_format_number(double v, double step, char *buf, size_t size)
{
    static const char *suffix[4] = {"", "k", "M", "G"};
    int k = 0;
    double scale = 1;
    if (fabs(v) >= 1e4)
        while (k < 3 && fabs(v) >= scale * 1e3 * (1 - 1e-9)) k++, scale *= 1e3;
    snprintf(buf, size, "%.*f", step_decimals(step / scale), v / scale);
    // With a unit the decimals follow the value, not the step: 1.5M but 1M, not 1.0M.
    if (k > 0 && strchr(buf, '.')) {
        char *end = buf + strlen(buf) - 1;
        while (*end == '0') *end-- = '\0';
        if (*end == '.') *end = '\0';
    }
    if (strcmp(buf, "-0") == 0) snprintf(buf, size, "0");
    g_strlcat(buf, suffix[k], size);
    return buf;
}

int chart_text_scale(int width, int height)
{
    int s = (int)floor(fmin(width, 1.6 * height) / 400 + 0.5);
    return s < 1 ? 1 : s;
}

// Title on top, x label at the bottom, y label turned at the left; shrinks *area to what is
// left for the rest.
void chart_draw_frame(Raster *r, const char *title, const char *x_label, const char *y_label,
                      int ts, RasterRect *area)
{
    int pad = 3 * ts;
    if (title && *title) {
        int s = ts + 1, h = font_text_height(s);
        while (s > 1 && font_text_width(title, s) > area->width) s--;
        font_draw_text_anchored(r, area->x + area->width / 2.0, area->y, 0.5, 0, title, s,
                                CHART_TEXT);
        area->y += h + 2 * pad, area->height -= h + 2 * pad;
    }
    if (x_label && *x_label) {
        int h = font_text_height(ts);
        font_draw_text_anchored(r, area->x + area->width / 2.0, area->y + area->height, 0.5, 1,
                                x_label, ts, CHART_TEXT);
        area->height -= h + 2 * pad;
    }
    if (y_label && *y_label) {
        int h = font_text_height(ts);
        font_draw_text_vertical(r, area->x + h / 2.0, area->y + area->height / 2.0, y_label, ts,
                                CHART_TEXT);
        area->x += h + 2 * pad, area->width -= h + 2 * pad;
    }
}
