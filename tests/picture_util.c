// SPDX-License-Identifier: MIT
// Helpers of the picture tests.
#include "tests/picture_util.h"

#include <glib/gstdio.h>
#include <math.h>

#include "core/draw/png.h"

char *test_temp_dir(void)
{
    GError *err = NULL;
    char *dir = g_dir_make_tmp("sumito-test-XXXXXX", &err);
    g_assert_no_error(err);
    return dir;
}

void test_remove_dir(char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
        char *path = g_build_filename(dir, name, NULL);
        g_unlink(path);
        g_free(path);
    }
    if (d) g_dir_close(d);
    g_rmdir(dir);
    g_free(dir);
}

Raster *test_png_roundtrip(Raster *r)
{
    g_assert_nonnull(r);
    char *dir = test_temp_dir(), *path = g_build_filename(dir, "picture.png", NULL);
    GError *err = NULL;
    g_assert_true(png_write_raster(r, path, &err));
    g_assert_no_error(err);
    Raster *back = png_read_raster(path, &err);
    g_assert_no_error(err);
    g_assert_cmpint(back->width, ==, r->width);
    g_assert_cmpint(back->height, ==, r->height);
    g_free(path);
    test_remove_dir(dir);
    raster_free(r);
    return back;
}

double test_pixel_distance(const Raster *r, double x, double y, RasterColor c)
{
    return raster_color_distance(raster_get(r, (int)floor(x), (int)floor(y)), c);
}

double test_luminance(RasterColor c)
{
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
}
