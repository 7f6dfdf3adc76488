// SPDX-License-Identifier: MIT
// What the chart files (core/chart*.c) share and nobody else needs.
#ifndef CORE_DRAW_CHART_DRAW_H
#define CORE_DRAW_CHART_DRAW_H

#include "core/draw/raster.h"

// The tick labels' font scale for a chart of this size (at least 1).
int chart_text_scale(int width, int height);

// Draws the title at the top, the x label at the bottom and the y label (turned) at the left
// of *area, and shrinks *area to what is left.
void chart_draw_frame(Raster *r, const char *title, const char *x_label, const char *y_label,
                      int ts, RasterRect *area);

#endif
