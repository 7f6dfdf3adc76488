// SPDX-License-Identifier: MIT
// The glyphs and the text drawing of core/font.h. Each glyph is written as the rows of its
// picture, top to bottom, '#' for ink and '.' for paper, rows separated by spaces; rows left
// out at the end are blank. Rows 0-6 stand on the baseline, rows 7-8 are descenders. Reading
// a glyph costs a few dozen character comparisons, nothing next to drawing it.
#include "core/draw/font.h"

#include <math.h>
#include <string.h>

static const char *const glyphs[95] = {
    /*   */ "",
    /* ! */ "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    /* " */ ".#.#. .#.#. .#.#.",
    /* # */ ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    /* $ */ "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    /* % */ "##... ##..# ...#. ..#.. .#... #..## ...##",
    /* & */ ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    /* ' */ "..#.. ..#.. .#...",
    /* ( */ "..#.. .#... .#... .#... .#... .#... ..#..",
    /* ) */ "..#.. ...#. ...#. ...#. ...#. ...#. ..#..",
    /* * */ "..... ..#.. #.#.# .###. #.#.# ..#..",
    /* + */ "..... ..#.. ..#.. ##### ..#.. ..#..",
    /* , */ "..... ..... ..... ..... ..... .##.. .##.. ..#.. .#...",
    /* - */ "..... ..... ..... .###.",
    /* . */ "..... ..... ..... ..... ..... .##.. .##..",
    /* / */ "....# ....# ...#. ..#.. .#... #.... #....",
    /* 0 */ ".###. #...# #..## #.#.# ##..# #...# .###.",
    /* 1 */ "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    /* 2 */ ".###. #...# ....# ...#. ..#.. .#... #####",
    /* 3 */ "##### ...#. ..#.. ...#. ....# #...# .###.",
    /* 4 */ "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    /* 5 */ "##### #.... ####. ....# ....# #...# .###.",
    /* 6 */ "..##. .#... #.... ####. #...# #...# .###.",
    /* 7 */ "##### ....# ...#. ..#.. .#... .#... .#...",
    /* 8 */ ".###. #...# #...# .###. #...# #...# .###.",
    /* 9 */ ".###. #...# #...# .#### ....# ...#. .##..",
    /* : */ "..... .##.. .##.. ..... .##.. .##..",
    /* ; */ "..... .##.. .##.. ..... .##.. .##.. ..#.. .#...",
    /* < */ "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    /* = */ "..... ..... ##### ..... #####",
    /* > */ ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    /* ? */ ".###. #...# ....# ...#. ..#.. ..... ..#..",
    /* @ */ ".###. #...# #.### #.#.# #.### #.... .####",
    /* A */ ".###. #...# #...# ##### #...# #...# #...#",
    /* B */ "####. #...# #...# ####. #...# #...# ####.",
    /* C */ ".###. #...# #.... #.... #.... #...# .###.",
    /* D */ "###.. #..#. #...# #...# #...# #..#. ###..",
    /* E */ "##### #.... #.... ####. #.... #.... #####",
    /* F */ "##### #.... #.... ####. #.... #.... #....",
    /* G */ ".###. #...# #.... #.### #...# #...# .####",
    /* H */ "#...# #...# #...# ##### #...# #...# #...#",
    /* I */ ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    /* J */ "..### ...#. ...#. ...#. ...#. #..#. .##..",
    /* K */ "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    /* L */ "#.... #.... #.... #.... #.... #.... #####",
    /* M */ "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    /* N */ "#...# #...# ##..# #.#.# #..## #...# #...#",
    /* O */ ".###. #...# #...# #...# #...# #...# .###.",
    /* P */ "####. #...# #...# ####. #.... #.... #....",
    /* Q */ ".###. #...# #...# #...# #.#.# #..#. .##.#",
    /* R */ "####. #...# #...# ####. #.#.. #..#. #...#",
    /* S */ ".#### #.... #.... .###. ....# ....# ####.",
    /* T */ "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    /* U */ "#...# #...# #...# #...# #...# #...# .###.",
    /* V */ "#...# #...# #...# #...# #...# .#.#. ..#..",
    /* W */ "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    /* X */ "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    /* Y */ "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    /* Z */ "##### ....# ...#. ..#.. .#... #.... #####",
    /* [ */ ".###. .#... .#... .#... .#... .#... .###.",
    /* \ */ "#.... #.... .#... ..#.. ...#. ....# ....#",
    /* ] */ ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    /* ^ */ "..#.. .#.#. #...#",
    /* _ */ "..... ..... ..... ..... ..... ..... ..... #####",
    /* ` */ ".#... ..#..",
    /* a */ "..... ..... .###. ....# .#### #...# .####",
    /* b */ "#.... #.... #.##. ##..# #...# #...# ####.",
    /* c */ "..... ..... .###. #.... #.... #...# .###.",
    /* d */ "....# ....# .##.# #..## #...# #...# .####",
    /* e */ "..... ..... .###. #...# ##### #.... .###.",
    /* f */ "..##. .#..# .#... ###.. .#... .#... .#...",
    /* g */ "..... ..... .#### #...# #...# #...# .#### ....# .###.",
    /* h */ "#.... #.... #.##. ##..# #...# #...# #...#",
    /* i */ "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    /* j */ "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..",
    /* k */ "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
    /* l */ ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    /* m */ "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    /* n */ "..... ..... #.##. ##..# #...# #...# #...#",
    /* o */ "..... ..... .###. #...# #...# #...# .###.",
    /* p */ "..... ..... ####. #...# #...# #...# ####. #.... #....",
    /* q */ "..... ..... .#### #...# #...# #...# .#### ....# ....#",
    /* r */ "..... ..... #.##. ##..# #.... #.... #....",
    /* s */ "..... ..... .#### #.... .###. ....# ####.",
    /* t */ ".#... .#... ###.. .#... .#... .#..# ..##.",
    /* u */ "..... ..... #...# #...# #...# #..## .##.#",
    /* v */ "..... ..... #...# #...# #...# .#.#. ..#..",
    /* w */ "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    /* x */ "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    /* y */ "..... ..... #...# #...# #...# #...# .#### ....# .###.",
    /* z */ "..... ..... ##### ...#. ..#.. .#... #####",
    /* { */ "...## ..#.. ..#.. .#... ..#.. ..#.. ...##",
    /* | */ "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    /* } */ "##... ..#.. ..#.. ...#. ..#.. ..#.. ##...",
    /* ~ */ "..... ..... .#... #.#.# ...#.",
};

static void decode(const char *art, uint8_t rows[FONT_GLYPH_ROWS])
{
    memset(rows, 0, FONT_GLYPH_ROWS);
    for (int row = 0, col = 0; *art && row < FONT_GLYPH_ROWS; art++) {
        if (*art == ' ') {
            row++, col = 0;
            continue;
        }
        if (*art == '#' && col < FONT_GLYPH_WIDTH) rows[row] |= (uint8_t)(0x10 >> col);
        col++;
    }
}

bool font_glyph(int ch, uint8_t rows[FONT_GLYPH_ROWS])
{
    bool known = ch >= 32 && ch <= 126;
    decode(glyphs[(known ? ch : '?') - 32], rows);
    return known;
}

// Number of characters a text shows: UTF-8 continuation bytes do not count.
static int text_length(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if ((*p & 0xC0) != 0x80) n++;
    return n;
}

int font_text_width(const char *text, int scale)
{
    int n = text_length(text);
    return n ? (n * FONT_ADVANCE - (FONT_ADVANCE - FONT_GLYPH_WIDTH)) * scale : 0;
}

int font_text_height(int scale)
{
    return FONT_CAP_HEIGHT * scale;
}

RasterRect font_text_box(const char *text, int scale, double x, double y, double ax, double ay)
{
    int w = font_text_width(text, scale), h = w ? font_text_height(scale) : 0;
    return (RasterRect){(int)floor(x - ax * w + 0.5), (int)floor(y - ay * h + 0.5), w, h};
}

// Where the text goes: font coordinates (fx, fy), in font pixels from the top-left of the
// first glyph's cell, map to the raster as (x + fx * scale, y + fy * scale), or turned a
// quarter turn counter-clockwise (vertical) inside a box `height` pixels high.
typedef struct {
    Raster *r;
    int x, y, scale, height;
    bool vertical;
    RasterColor c;
} Pen;

static void pen_map(const Pen *p, double fx, double fy, double *x, double *y)
{
    if (p->vertical)
        *x = p->x + fy * p->scale, *y = p->y + p->height - fx * p->scale;
    else
        *x = p->x + fx * p->scale, *y = p->y + fy * p->scale;
}

static void pen_square(const Pen *p, int fx, int fy)
{
    double x0, y0, x1, y1;
    pen_map(p, fx, fy, &x0, &y0);
    pen_map(p, fx + 1, fy + 1, &x1, &y1);
    raster_fill_rect(p->r, MIN(x0, x1), MIN(y0, y1), MAX(x0, x1), MAX(y0, y1), p->c);
}

static void pen_triangle(const Pen *p, double ax, double ay, double bx, double by, double cx,
                         double cy)
{
    double xy[6];
    pen_map(p, ax, ay, &xy[0], &xy[1]);
    pen_map(p, bx, by, &xy[2], &xy[3]);
    pen_map(p, cx, cy, &xy[4], &xy[5]);
    raster_fill_polygon(p->r, xy, 3, p->c);
}

static bool ink_at(const uint8_t rows[FONT_GLYPH_ROWS], int gx, int gy)
{
    return gx >= 0 && gx < FONT_GLYPH_WIDTH && gy >= 0 && gy < FONT_GLYPH_ROWS &&
           (rows[gy] & (0x10 >> gx));
}

// At scales of 2 and more, two ink pixels that touch only at a corner are joined: the halves
// of the two empty pixels beside the corner that face it are inked, so that diagonal strokes
// read as lines instead of staircases. Glyphs keep their cap box.
static void pen_glyph(const Pen *p, int left, const uint8_t rows[FONT_GLYPH_ROWS])
{
    for (int gy = 0; gy < FONT_GLYPH_ROWS; gy++)
        for (int gx = 0; gx < FONT_GLYPH_WIDTH; gx++) {
            if (!ink_at(rows, gx, gy)) continue;
            pen_square(p, left + gx, gy);
            if (p->scale < 2) continue;
            for (int side = -1; side <= 1; side += 2) { // the pixel below-left and below-right
                int nx = gx + side, ny = gy + 1;
                if (!ink_at(rows, nx, ny) || ink_at(rows, nx, gy) || ink_at(rows, gx, ny)) continue;
                double cx = left + gx + (side > 0 ? 1 : 0), cy = gy + 1; // the shared corner
                pen_triangle(p, cx, cy - 1, cx, cy, cx + side, cy);
                pen_triangle(p, cx - side, cy, cx, cy, cx, cy + 1);
            }
        }
}

static void pen_text(const Pen *p, const char *text)
{
    int left = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        if ((*s & 0xC0) == 0x80) continue;
        uint8_t rows[FONT_GLYPH_ROWS];
        font_glyph(*s < 128 ? *s : '?', rows);
        pen_glyph(p, left, rows);
        left += FONT_ADVANCE;
    }
}

void font_draw_text(Raster *r, int x, int y, const char *text, int scale, RasterColor c)
{
    if (scale < 1) return;
    Pen p = {r, x, y, scale, 0, false, c};
    pen_text(&p, text);
}

RasterRect font_draw_text_anchored(Raster *r, double x, double y, double ax, double ay,
                                   const char *text, int scale, RasterColor c)
{
    RasterRect box = font_text_box(text, scale, x, y, ax, ay);
    font_draw_text(r, box.x, box.y, text, scale, c);
    return box;
}

RasterRect font_draw_text_vertical(Raster *r, double cx, double cy, const char *text, int scale,
                                   RasterColor c)
{
    int len = font_text_width(text, scale), thick = len ? font_text_height(scale) : 0;
    RasterRect box = {(int)floor(cx - thick / 2.0 + 0.5), (int)floor(cy - len / 2.0 + 0.5), thick,
                      len};
    if (scale < 1) return box;
    Pen p = {r, box.x, box.y, scale, len, true, c};
    pen_text(&p, text);
    return box;
}

int font_fit_scale(const char *text, int width, int height)
{
    int w1 = font_text_width(text, 1), h1 = font_text_height(1);
    if (w1 == 0) return height >= h1 ? height / h1 : 0;
    int s = MIN(width / w1, height / h1);
    return s < 0 ? 0 : s;
}
