// SPDX-License-Identifier: MIT
// PNG files: what is written reads back pixel for pixel (opaque and translucent), failures
// name the path and leave nothing behind, and an existing file is replaced whole.
#include <glib/gstdio.h>
#include <string.h>

#include "core/draw/png.h"
#include "tests/test_util.h"

static Raster *random_raster(GRand *rng, int w, int h, bool opaque)
{
    Raster *r = raster_new(w, h, NULL);
    for (size_t i = 0; i < (size_t)w * h * 4; i++)
        r->pixels[i] = (uint8_t)g_rand_int_range(rng, 0, 256);
    // Straight alpha cannot keep a colour under alpha 0: keep such pixels black.
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (opaque) r->pixels[i * 4 + 3] = 255;
        if (r->pixels[i * 4 + 3] == 0) memset(r->pixels + i * 4, 0, 4);
    }
    return r;
}

// The number of entries in a directory.
static int count_entries(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    int n = 0;
    while (g_dir_read_name(d)) n++;
    g_dir_close(d);
    return n;
}

static char *temp_dir(void)
{
    char *dir = g_dir_make_tmp("sumito-test-png-XXXXXX", NULL);
    g_assert_nonnull(dir);
    return dir;
}

static void remove_dir(char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name(d))) {
        char *path = g_build_filename(dir, name, NULL);
        g_unlink(path);
        g_free(path);
    }
    g_dir_close(d);
    g_rmdir(dir);
    g_free(dir);
}

static void test_roundtrip(void)
{
    GRand *rng = test_rand();
    char *dir = temp_dir(), *path = g_build_filename(dir, "a.png", NULL);
    for (int k = 0; k < 6; k++) {
        int w = g_rand_int_range(rng, 1, 90), h = g_rand_int_range(rng, 1, 90);
        Raster *r = random_raster(rng, w, h, k % 2 == 0);
        GError *err = NULL;
        g_assert_true(png_write_raster(r, path, &err));
        g_assert_no_error(err);
        Raster *back = png_read_raster(path, &err);
        g_assert_no_error(err);
        g_assert_cmpint(back->width, ==, w);
        g_assert_cmpint(back->height, ==, h);
        g_assert_cmpmem(back->pixels, (size_t)w * h * 4, r->pixels, (size_t)w * h * 4);
        raster_free(back);
        raster_free(r);
    }
    g_assert_cmpint(count_entries(dir), ==, 1); // no temporary file left over
    g_free(path);
    remove_dir(dir);
    g_rand_free(rng);
}

static void test_write_failures(void)
{
    GRand *rng = test_rand();
    Raster *r = random_raster(rng, 10, 10, true);
    char *dir = temp_dir();
    char *file = g_build_filename(dir, "plain", NULL);
    g_assert_true(g_file_set_contents(file, "x", 1, NULL));
    const char *bad[3][2] = {{"missing/x.png", "No such file"},
                             {"plain/x.png", "Not a directory"},
                             {"", "is a directory"}};
    for (int i = 0; i < 3; i++) {
        char *path = g_build_filename(dir, bad[i][0], NULL);
        GError *err = NULL;
        g_assert_false(png_write_raster(r, path, &err));
        g_assert_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_WRITE);
        if (!strstr(err->message, bad[i][1]) || !strstr(err->message, path))
            g_error("%s: got '%s'", path, err->message);
        g_error_free(err);
        g_free(path);
    }
    g_assert_cmpint(count_entries(dir), ==, 1); // only "plain"
    g_free(file);
    remove_dir(dir);
    raster_free(r);
    g_rand_free(rng);
}

static void test_replace(void)
{
    GRand *rng = test_rand();
    char *dir = temp_dir(), *path = g_build_filename(dir, "p.png", NULL);
    g_assert_true(g_file_set_contents(path, "old", 3, NULL));
    Raster *r = random_raster(rng, 30, 20, true);
    g_assert_true(png_write_raster(r, path, NULL));
    Raster *back = png_read_raster(path, NULL);
    g_assert_nonnull(back);
    g_assert_cmpmem(back->pixels, 30 * 20 * 4, r->pixels, 30 * 20 * 4);
    g_assert_cmpint(count_entries(dir), ==, 1);
    raster_free(back);
    raster_free(r);
    g_free(path);
    remove_dir(dir);
    g_rand_free(rng);
}

static void test_read_failures(void)
{
    char *dir = temp_dir(), *path = g_build_filename(dir, "junk.png", NULL);
    GError *err = NULL;
    g_assert_null(png_read_raster(path, &err)); // missing
    g_assert_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_READ);
    g_assert_nonnull(strstr(err->message, "junk.png"));
    g_clear_error(&err);
    g_assert_true(g_file_set_contents(path, "\x89PNG\r\n\x1a\nnot really", -1, NULL));
    g_assert_null(png_read_raster(path, &err));
    g_assert_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_READ);
    g_clear_error(&err);
    g_free(path);
    remove_dir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/png/roundtrip", test_roundtrip);
    g_test_add_func("/core/png/write-failures", test_write_failures);
    g_test_add_func("/core/png/replace", test_replace);
    g_test_add_func("/core/png/read-failures", test_read_failures);
    return g_test_run();
}
