// SPDX-License-Identifier: MIT
// A small bitmap font compiled into the program: printable ASCII in 5 x 7 pixel glyphs with
// two more rows for descenders, a 6-pixel advance, drawn at integer scales (each font pixel a
// scale x scale square). Text is measured by its cap box: the advance of every character
// without the last gap, by FONT_CAP_HEIGHT rows; descenders hang below it. Characters the
// font lacks (non-ASCII, control bytes) are drawn as '?', one per UTF-8 character.
#ifndef CORE_DRAW_FONT_H
#define CORE_DRAW_FONT_H

#include "core/draw/raster.h"

#define FONT_GLYPH_WIDTH  5
#define FONT_GLYPH_ROWS   9 // 7 above the baseline, 2 below
#define FONT_CAP_HEIGHT   7
#define FONT_ADVANCE      6
#define FONT_LINE_SPACING 11 // baseline to baseline, in font pixels

// The rows of a character's glyph, bit 4 the leftmost column; false if the font lacks it (the
// rows of '?' are given then).
bool font_glyph(int ch, uint8_t rows[FONT_GLYPH_ROWS]);

// Width and height in pixels of a text's cap box at a scale (0 x 0 for an empty text).
int font_text_width(const char *text, int scale);
int font_text_height(int scale);

// The cap box of a text whose anchor point is (x, y): ax and ay are fractions of the box's
// width and height (0, 0: top-left; 0.5, 0.5: centre; 1, 1: bottom-right). The box starts on
// whole pixels so that glyphs stay crisp.
RasterRect font_text_box(const char *text, int scale, double x, double y, double ax, double ay);

// Draws a text with its cap box's top-left pixel at (x, y).
void font_draw_text(Raster *r, int x, int y, const char *text, int scale, RasterColor c);

// Draws a text anchored as font_text_box places it; returns the box.
RasterRect font_draw_text_anchored(Raster *r, double x, double y, double ax, double ay,
                                   const char *text, int scale, RasterColor c);

// Draws a text turned a quarter turn counter-clockwise (reading upwards, as a y-axis label),
// its rotated box centred on (cx, cy); returns the box.
RasterRect font_draw_text_vertical(Raster *r, double cx, double cy, const char *text, int scale,
                                   RasterColor c);

// The largest scale >= 1 at which one line of a text fits in width x height pixels; 0 if it
// does not fit even at scale 1.
int font_fit_scale(const char *text, int width, int height);

#endif
