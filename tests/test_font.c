// SPDX-License-Identifier: MIT
// The bitmap font: every glyph present and distinct, descenders where they belong, ink drawn
// exactly where the glyph says at several scales, text boxes and measurement.
#include <string.h>

#include "core/draw/font.h"
#include "tests/test_util.h"

static const RasterColor paper = {255, 255, 255, 255}, ink = {0, 0, 0, 255};

static bool glyph_has_ink(const uint8_t rows[FONT_GLYPH_ROWS], int from, int to)
{
    for (int y = from; y < to; y++)
        if (rows[y]) return true;
    return false;
}

static void test_glyphs(void)
{
    uint8_t rows[FONT_GLYPH_ROWS], other[FONT_GLYPH_ROWS];
    for (int ch = 32; ch < 127; ch++) {
        g_assert_true(font_glyph(ch, rows));
        for (int y = 0; y < FONT_GLYPH_ROWS; y++) g_assert_cmpuint(rows[y] & ~0x1Fu, ==, 0);
        g_assert_cmpint(glyph_has_ink(rows, 0, FONT_GLYPH_ROWS), ==, ch != ' ');
        // Only these reach below the baseline.
        bool descends = strchr("gjpqy,;_|", ch) != NULL;
        if (glyph_has_ink(rows, FONT_CAP_HEIGHT, FONT_GLYPH_ROWS) != descends)
            g_error("'%c': descender rows %s", ch, descends ? "empty" : "inked");
        // Every glyph looks different from every other.
        for (int other_ch = 32; other_ch < ch; other_ch++) {
            font_glyph(other_ch, other);
            if (memcmp(rows, other, sizeof rows) == 0)
                g_error("'%c' and '%c' are the same glyph", ch, other_ch);
        }
    }
    // Capitals and digits fill the cap height: ink in the top and the bottom row.
    for (const char *p = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"; *p; p++) {
        font_glyph(*p, rows);
        g_assert_cmpuint(rows[0], !=, 0);
        g_assert_cmpuint(rows[FONT_CAP_HEIGHT - 1], !=, 0);
    }
    uint8_t question[FONT_GLYPH_ROWS];
    font_glyph('?', question);
    g_assert_false(font_glyph(200, rows));
    g_assert_cmpmem(rows, sizeof rows, question, sizeof question);
}

static void test_measure(void)
{
    g_assert_cmpint(font_text_width("", 3), ==, 0);
    g_assert_cmpint(font_text_width("A", 1), ==, 5);
    g_assert_cmpint(font_text_width("AB", 1), ==, 11);
    g_assert_cmpint(font_text_width("Black to move", 2), ==, (13 * 6 - 1) * 2);
    g_assert_cmpint(font_text_width("é1", 1), ==, 11); // one character for two UTF-8 bytes
    g_assert_cmpint(font_text_height(3), ==, 21);
    RasterRect b = font_text_box("AB", 2, 100, 50, 0.5, 0.5);
    g_assert_cmpint(b.width, ==, 22);
    g_assert_cmpint(b.height, ==, 14);
    g_assert_cmpint(b.x, ==, 89);
    g_assert_cmpint(b.y, ==, 43);
    g_assert_cmpint(font_fit_scale("AB", 30, 28), ==, 2);
    g_assert_cmpint(font_fit_scale("AB", 10, 28), ==, 0);
}

static bool inked(const uint8_t rows[FONT_GLYPH_ROWS], int gx, int gy)
{
    return gx >= 0 && gx < FONT_GLYPH_WIDTH && gy >= 0 && gy < FONT_GLYPH_ROWS &&
           (rows[gy] & (0x10 >> gx));
}

// Draws a text at a scale and checks every font pixel's square: inked squares are ink at
// their centre; blank ones are paper at scale 1, and at larger scales when no neighbour is
// inked (diagonal joins reach into the blank squares beside them).
static void check_drawn(const char *text, int scale)
{
    int w = font_text_width(text, scale) + 20, h = FONT_GLYPH_ROWS * scale + 20;
    Raster *r = raster_new(w, h, NULL);
    raster_clear(r, paper);
    font_draw_text(r, 10, 10, text, scale, ink);
    for (int i = 0; text[i]; i++) {
        uint8_t rows[FONT_GLYPH_ROWS];
        font_glyph(text[i], rows);
        for (int gy = 0; gy < FONT_GLYPH_ROWS; gy++)
            for (int gx = 0; gx < FONT_GLYPH_WIDTH; gx++) {
                int x = 10 + (i * FONT_ADVANCE + gx) * scale, y = 10 + gy * scale;
                RasterColor c = raster_get(r, x + scale / 2, y + scale / 2);
                bool near = false;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) near |= inked(rows, gx + dx, gy + dy);
                if (inked(rows, gx, gy))
                    g_assert_cmpint(c.r, ==, 0);
                else if (scale == 1 || !near)
                    g_assert_cmpint(c.r, ==, 255);
            }
    }
    // Nothing outside the cells of the text.
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (x < 10 || y < 10 || x >= w - 10 + scale || y >= 10 + FONT_GLYPH_ROWS * scale)
                g_assert_cmpint(raster_get(r, x, y).r, ==, 255);
    raster_free(r);
}

static void test_draw(void)
{
    for (int scale = 1; scale <= 4; scale++) {
        check_drawn("Abalone A1-I9, gjpqy (x)", scale);
        check_drawn("0123456789 #%&@", scale);
    }
}

static void test_vertical(void)
{
    Raster *r = raster_new(60, 100, NULL);
    raster_clear(r, paper);
    RasterRect box = font_draw_text_vertical(r, 30, 50, "L1", 2, ink);
    g_assert_cmpint(box.width, ==, 14);
    g_assert_cmpint(box.height, ==, 22);
    // 'L' reads upwards: its stem (font column 0) runs along the bottom of the box, its foot
    // (row 6) along the box's right side.
    g_assert_cmpint(raster_get(r, box.x + 1, box.y + box.height - 1).r, ==, 0);
    g_assert_cmpint(raster_get(r, box.x + 13, box.y + box.height - 1).r, ==, 0);
    g_assert_cmpint(raster_get(r, box.x + 13, box.y + box.height - 9).r, ==, 0);
    g_assert_cmpint(raster_get(r, box.x + 1, box.y + box.height - 9).r, ==, 255);
    int inked = 0;
    for (int y = 0; y < 100; y++)
        for (int x = 0; x < 60; x++) {
            bool inside =
                x >= box.x && x < box.x + box.width + 4 && y >= box.y && y < box.y + box.height;
            if (raster_get(r, x, y).r < 255) {
                inked++;
                g_assert_true(inside);
            }
        }
    g_assert_cmpint(inked, >, 40);
    raster_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/font/glyphs", test_glyphs);
    g_test_add_func("/core/font/measure", test_measure);
    g_test_add_func("/core/font/draw", test_draw);
    g_test_add_func("/core/font/vertical", test_vertical);
    return g_test_run();
}
