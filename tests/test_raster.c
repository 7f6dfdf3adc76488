// SPDX-License-Identifier: MIT
// The framebuffer's shapes: covered areas against their formulas, anti-aliased edges, blending
// arithmetic, clipping at the borders, and the sphere's shading.
#include <math.h>
#include <string.h>

#include "core/draw/raster.h"
#include "tests/test_util.h"

static const RasterColor white = {255, 255, 255, 255}, black = {0, 0, 0, 255};

static Raster *canvas(int w, int h)
{
    Raster *r = raster_new(w, h, NULL);
    g_assert_nonnull(r);
    raster_clear(r, white);
    return r;
}

// Sum of coverage of black ink drawn on white: 1 for a black pixel, 0 for a white one.
static double ink_area(const Raster *r)
{
    double sum = 0;
    for (int y = 0; y < r->height; y++)
        for (int x = 0; x < r->width; x++) sum += (255 - raster_get(r, x, y).g) / 255.0;
    return sum;
}

static void assert_colour(RasterColor got, RasterColor want, double tolerance)
{
    double d = raster_color_distance(got, want);
    if (d > tolerance)
        g_error("colour (%d, %d, %d) is %.1f from (%d, %d, %d), more than %.1f", got.r, got.g,
                got.b, d, want.r, want.g, want.b, tolerance);
}

static void test_new_and_clear(void)
{
    GError *err = NULL;
    g_assert_null(raster_new(0, 10, &err));
    g_assert_error(err, RASTER_ERROR, RASTER_ERROR_SIZE);
    g_clear_error(&err);
    g_assert_null(raster_new(RASTER_MAX_SIDE, RASTER_MAX_SIDE, &err));
    g_assert_nonnull(strstr(err->message, "out of range"));
    g_clear_error(&err);
    Raster *r = raster_new(7, 5, &err);
    g_assert_no_error(err);
    g_assert_cmpint(raster_get(r, 3, 3).a, ==, 0);
    raster_clear(r, RASTER_RGBA(0x123456, 200));
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++) {
            RasterColor c = raster_get(r, x, y);
            g_assert_cmpuint(c.r, ==, 0x12);
            g_assert_cmpuint(c.b, ==, 0x56);
            g_assert_cmpuint(c.a, ==, 200);
        }
    g_assert_cmpuint(raster_get(r, 7, 0).a, ==, 0); // outside
    raster_free(r);
}

static void test_blend(void)
{
    Raster *r = canvas(4, 1);
    raster_blend_pixel(r, 0, 0, black, 0.5);
    raster_blend_pixel(r, 1, 0, RASTER_RGBA(0x000000, 51), 1.0);
    raster_blend_pixel(r, 2, 0, black, 0);
    raster_blend_pixel(r, -1, 0, black, 1); // ignored
    g_assert_cmpint(raster_get(r, 0, 0).r, ==, 127);
    g_assert_cmpint(raster_get(r, 1, 0).r, ==, 204);
    g_assert_cmpint(raster_get(r, 2, 0).r, ==, 255);
    g_assert_cmpint(raster_get(r, 0, 0).a, ==, 255);
    // Over a transparent pixel the colour is kept and the alpha accumulates.
    Raster *t = raster_new(1, 1, NULL);
    raster_blend_pixel(t, 0, 0, RASTER_RGBA(0xFF0000, 128), 1);
    raster_blend_pixel(t, 0, 0, RASTER_RGBA(0xFF0000, 128), 1);
    g_assert_cmpint(raster_get(t, 0, 0).r, ==, 255);
    g_assert_cmpint(raster_get(t, 0, 0).a, ==, 192);
    // Blitting t over white gives red at 75%.
    raster_blit(r, t, 3, 0);
    g_assert_cmpint(raster_get(r, 3, 0).r, ==, 255);
    g_assert_cmpint(ABS(raster_get(r, 3, 0).g - 63), <=, 1);
    raster_free(t);
    raster_free(r);
}

static void test_rect(void)
{
    Raster *r = canvas(20, 20);
    raster_fill_rect(r, 2.5, 3, 10.25, 8.5, black);
    g_assert_cmpfloat_with_epsilon(ink_area(r), 7.75 * 5.5, 0.05);
    g_assert_cmpint(raster_get(r, 5, 5).r, ==, 0);
    g_assert_cmpint(ABS(raster_get(r, 2, 5).r - 128), <=, 1); // half covered
    g_assert_cmpint(raster_get(r, 11, 5).r, ==, 255);
    raster_clear(r, white);
    raster_stroke_rect(r, 2, 2, 12, 10, 2, black);
    g_assert_cmpfloat_with_epsilon(ink_area(r), 10 * 8 - 6 * 4, 0.01);
    raster_clear(r, white);
    raster_fill_rect(r, -100, -100, 100, 100, black); // clipped
    g_assert_cmpfloat_with_epsilon(ink_area(r), 400, 0.01);
    raster_free(r);
}

static void test_circle(void)
{
    GRand *rng = test_rand();
    for (int i = 0; i < 40; i++) {
        Raster *r = canvas(64, 64);
        double cx = g_rand_double_range(rng, 20, 44), cy = g_rand_double_range(rng, 20, 44);
        double rad = g_rand_double_range(rng, 2, 18);
        raster_fill_circle(r, cx, cy, rad, black);
        g_assert_cmpfloat_with_epsilon(ink_area(r), G_PI * rad * rad, 0.02 * G_PI * rad * rad + 1);
        g_assert_cmpint(raster_get(r, (int)cx, (int)cy).r, ==, 0);
        // Nothing beyond the radius plus one pixel, full ink inside the radius minus one.
        for (int y = 0; y < 64; y++)
            for (int x = 0; x < 64; x++) {
                double d = hypot(x + 0.5 - cx, y + 0.5 - cy);
                if (d > rad + 1) g_assert_cmpint(raster_get(r, x, y).r, ==, 255);
                if (d < rad - 1) g_assert_cmpint(raster_get(r, x, y).r, ==, 0);
            }
        raster_free(r);
    }
    g_rand_free(rng);
}

static void test_ring_and_soft_circle(void)
{
    Raster *r = canvas(80, 80);
    raster_stroke_circle(r, 40, 40, 20, 4, black);
    g_assert_cmpfloat_with_epsilon(ink_area(r), 2 * G_PI * 20 * 4, 0.02 * 2 * G_PI * 20 * 4);
    g_assert_cmpint(raster_get(r, 40, 40).r, ==, 255); // the hole
    g_assert_cmpint(raster_get(r, 59, 40).r, ==, 0);   // on the ring, radius 19.5
    raster_clear(r, white);
    raster_fill_soft_circle(r, 40, 40, 15, 8, black);
    // The fade is symmetric about the radius, so the area matches a hard disc.
    g_assert_cmpfloat_with_epsilon(ink_area(r), G_PI * 225, 0.03 * G_PI * 225);
    g_assert_cmpint(raster_get(r, 40, 40).r, ==, 0);
    int edge = raster_get(r, 54, 40).r; // 14.5 from the centre: partly inked
    g_assert_cmpint(edge, >, 20);
    g_assert_cmpint(edge, <, 235);
    raster_free(r);
}

static double luminance(RasterColor c)
{
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

static void test_sphere(void)
{
    Raster *r = canvas(100, 100);
    RasterColor base = RASTER_RGB(0xB04030);
    raster_fill_sphere(r, 50, 50, 30, base);
    // Lit from the upper left: brighter there than at the lower right.
    double upper_left = luminance(raster_get(r, 38, 36)),
           lower_right = luminance(raster_get(r, 64, 66));
    g_assert_cmpfloat(upper_left, >, lower_right + 30);
    // The centre keeps the base colour's hue and is close to it.
    RasterColor c = raster_get(r, 50, 50);
    g_assert_cmpint(c.r, >, c.g + 60);
    assert_colour(c, base, 60);
    // The highlight is near white.
    double brightest = 0;
    for (int y = 20; y < 50; y++)
        for (int x = 20; x < 50; x++) brightest = fmax(brightest, luminance(raster_get(r, x, y)));
    g_assert_cmpfloat(brightest, >, 235);
    // Edge anti-aliased: outside untouched, the rim partly covered.
    g_assert_cmpint(raster_get(r, 50, 18).r, ==, 255);
    g_assert_cmpint(raster_get(r, 81, 50).g, ==, 255);
    raster_free(r);
}

static void test_gradient_disc(void)
{
    Raster *r = canvas(100, 100);
    RasterColor inner = RASTER_RGB(0xF0F0F0), outer = RASTER_RGB(0x202020);
    raster_fill_gradient_disc(r, 50, 50, 30, 40, 38, inner, outer);
    // The inner colour at the focus, the outer one at the far rim, and a steady fall between.
    assert_colour(raster_get(r, 40, 38), inner, 3);
    assert_colour(raster_get(r, 70, 70), outer, 12);
    double last = 256;
    for (int k = 0; k <= 10; k++) {
        int x = 40 + 3 * k, y = 38 + 3 * k;
        double l = luminance(raster_get(r, x, y));
        g_assert_cmpfloat(l, <=, last);
        last = l;
    }
    // Anti-aliased edge: outside untouched, the rim partly covered, the area about pi r^2.
    g_assert_cmpint(raster_get(r, 50, 18).r, ==, 255);
    RasterColor rim = raster_get(r, 71, 71); // 30.4 from the centre: a tenth covered
    g_assert_cmpint(rim.r, >, 0x80);
    g_assert_cmpint(rim.r, <, 255);
    raster_free(r);
    r = canvas(100, 100);
    raster_fill_gradient_disc(r, 50.3, 49.6, 30, 45, 45, black, black);
    g_assert_cmpfloat(fabs(ink_area(r) / (G_PI * 30 * 30) - 1), <, 0.002);
    raster_free(r);
}

static void test_line(void)
{
    Raster *r = canvas(100, 100);
    raster_draw_line(r, 10, 20, 90, 20, 4, black);
    // A capsule: rectangle plus two half discs.
    g_assert_cmpfloat_with_epsilon(ink_area(r), 80 * 4 + G_PI * 4, 3);
    g_assert_cmpint(raster_get(r, 50, 19).r, ==, 0);
    g_assert_cmpint(raster_get(r, 50, 23).r, ==, 255);
    raster_clear(r, white);
    raster_draw_line(r, 10, 10, 90, 90, 3, black);
    double len = hypot(80, 80), want = len * 3 + G_PI * 2.25;
    // Pixel centres sit on lattice lines at 45 degrees: sampling costs up to 2% of the area.
    g_assert_cmpfloat_with_epsilon(ink_area(r), want, 0.025 * want);
    for (int k = 15; k <= 85; k += 5) g_assert_cmpint(raster_get(r, k, k).r, <, 20);
    raster_clear(r, white);
    raster_draw_line(r, 10.3, 12.1, 90.2, 71.7, 3, black);
    len = hypot(79.9, 59.6), want = len * 3 + G_PI * 2.25;
    g_assert_cmpfloat_with_epsilon(ink_area(r), want, 0.01 * want);
    g_assert_cmpint(raster_get(r, 20, 60).r, ==, 255);
    raster_clear(r, white);
    raster_draw_line(r, -50, 50, 150, 50, 2, black); // clipped at both ends
    g_assert_cmpfloat_with_epsilon(ink_area(r), 200, 1);
    raster_free(r);
}

static void test_polygon(void)
{
    Raster *r = canvas(120, 120);
    // A regular hexagon of circumradius 40: area 3 * sqrt(3) / 2 * 40^2, in both windings.
    raster_fill_regular_polygon(r, 60, 60, 40, 6, 0, black);
    double want = 1.5 * sqrt(3) * 1600;
    g_assert_cmpfloat_with_epsilon(ink_area(r), want, 0.01 * want);
    double xy[8] = {10, 10, 10, 50, 70, 50, 70, 10}; // a rectangle, the other winding
    raster_clear(r, white);
    raster_fill_polygon(r, xy, 4, black);
    g_assert_cmpfloat_with_epsilon(ink_area(r), 60 * 40, 1);
    g_assert_cmpint(raster_get(r, 70, 30).r, ==, 255);
    g_assert_cmpint(raster_get(r, 69, 30).r, ==, 0);
    double tri[6] = {60, 5, 115, 110, 5, 110};
    raster_clear(r, white);
    raster_fill_polygon(r, tri, 3, black);
    g_assert_cmpfloat_with_epsilon(ink_area(r), 0.5 * 110 * 105, 0.01 * 0.5 * 110 * 105);
    double flat[6] = {0, 0, 50, 50, 100, 100}; // degenerate: nothing
    raster_clear(r, white);
    raster_fill_polygon(r, flat, 3, black);
    g_assert_cmpfloat(ink_area(r), ==, 0);
    raster_free(r);
}

static void test_arrow(void)
{
    Raster *r = canvas(120, 60);
    raster_draw_arrow(r, 10, 30, 110, 30, 4, 20, 20, RASTER_RGBA(0x000000, 128));
    // Shaft and head blend once: no darker seam where they meet.
    for (int x = 12; x < 108; x++) {
        int v = raster_get(r, x, 30).r;
        if (x < 105) g_assert_cmpint(ABS(v - 127), <=, 1);
    }
    // The head is wider than the shaft, and nothing lies beyond the tip.
    g_assert_cmpint(raster_get(r, 92, 36).r, <, 200);
    g_assert_cmpint(raster_get(r, 60, 36).r, ==, 255);
    g_assert_cmpint(raster_get(r, 112, 30).r, ==, 255);
    double want = 90 * 4 + 0.5 * 20 * 20; // shaft up to the head's base, and the head
    g_assert_cmpfloat_with_epsilon(ink_area(r) * 2, want, 0.06 * want);
    raster_free(r);
}

static void test_mix(void)
{
    RasterColor m = raster_color_mix(black, white, 0.25);
    g_assert_cmpint(m.r, ==, 64);
    g_assert_cmpint(raster_color_mix(white, black, 2).r, ==, 0);
    g_assert_cmpfloat_with_epsilon(raster_color_distance(black, white), 255 * sqrt(3), 1e-9);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/raster/new-clear", test_new_and_clear);
    g_test_add_func("/core/raster/blend", test_blend);
    g_test_add_func("/core/raster/rect", test_rect);
    g_test_add_func("/core/raster/circle", test_circle);
    g_test_add_func("/core/raster/ring-soft-circle", test_ring_and_soft_circle);
    g_test_add_func("/core/raster/sphere", test_sphere);
    g_test_add_func("/core/raster/gradient-disc", test_gradient_disc);
    g_test_add_func("/core/raster/line", test_line);
    g_test_add_func("/core/raster/polygon", test_polygon);
    g_test_add_func("/core/raster/arrow", test_arrow);
    g_test_add_func("/core/raster/mix", test_mix);
    return g_test_run();
}
