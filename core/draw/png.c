// SPDX-License-Identifier: MIT
// PNG writing and reading with libpng's simplified API (png_image_*).
#include "core/draw/png.h"

#include <png.h>
#include <string.h>

#include "base/file.h"

G_DEFINE_QUARK(png - raster - error - quark, png_raster_error)

// The pixels without their alpha bytes (caller frees) when every pixel is opaque, a quarter
// less data for the compressor; NULL otherwise.
static uint8_t *raster_rgb(const Raster *r)
{
    size_t n = (size_t)r->width * (size_t)r->height;
    uint8_t *rgb = g_try_malloc(n * 3);
    if (!rgb) return NULL;
    const uint8_t *p = r->pixels;
    uint8_t *q = rgb, all = 255;
    for (size_t i = 0; i < n; i++, p += 4, q += 3) {
        q[0] = p[0], q[1] = p[1], q[2] = p[2];
        all &= p[3];
    }
    if (all == 255) return rgb;
    g_free(rgb);
    return NULL;
}

// What libpng's simplified API needs to encode r: the image description, the pixels (an RGB
// copy in rgb when the raster is opaque, kept until encoding_free) and the row stride.
typedef struct {
    png_image img;
    uint8_t *rgb;
    const void *buffer;
    png_int_32 stride;
} Encoding;

static void encoding_init(Encoding *x, const Raster *r)
{
    memset(&x->img, 0, sizeof x->img);
    x->img.version = PNG_IMAGE_VERSION;
    x->img.width = (png_uint_32)r->width;
    x->img.height = (png_uint_32)r->height;
    x->rgb = raster_rgb(r);
    x->img.format = x->rgb ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
    x->buffer = x->rgb ? (const void *)x->rgb : (const void *)r->pixels;
    x->stride = (png_int_32)r->width * (x->rgb ? 3 : 4);
    x->img.flags = PNG_IMAGE_FLAG_FAST;
}

static void encoding_free(Encoding *x)
{
    png_image_free(&x->img);
    g_free(x->rgb);
}

GBytes *png_encode_raster(const Raster *r, GError **err)
{
    Encoding x;
    encoding_init(&x, r);
    // The first call measures, the second writes.
    png_alloc_size_t size = 0;
    void *out = NULL;
    bool ok = png_image_write_to_memory(&x.img, NULL, &size, 0, x.buffer, x.stride, NULL) && size;
    if (ok) {
        out = g_malloc(size);
        ok = png_image_write_to_memory(&x.img, out, &size, 0, x.buffer, x.stride, NULL);
    }
    if (!ok)
        g_set_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_WRITE, "cannot encode a PNG: %s",
                    x.img.message[0] ? x.img.message : "libpng failed");
    encoding_free(&x);
    if (!ok) {
        g_free(out);
        return NULL;
    }
    return g_bytes_new_take(out, size);
}

// The picture is encoded in memory, then written by the one writer of files (base/file.h),
// with its guarantees: a temporary name, a sync and a rename; a device written through.
bool png_write_raster(const Raster *r, const char *path, GError **err)
{
    GBytes *png = png_encode_raster(r, err);
    if (!png) return false;
    gsize len;
    const void *data = g_bytes_get_data(png, &len);
    GError *e = NULL;
    bool ok = file_write_atomic(path, data, len, &e);
    g_bytes_unref(png);
    if (!ok) {
        g_set_error_literal(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_WRITE, e->message);
        g_error_free(e);
    }
    return ok;
}

bool png_write_raster_free(Raster *r, const char *path, GError **err)
{
    bool ok = r && png_write_raster(r, path, err);
    raster_free(r);
    return ok;
}

Raster *png_read_raster(const char *path, GError **err)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) {
        g_set_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_READ, "cannot read '%s': %s", path,
                    img.message);
        png_image_free(&img);
        return NULL;
    }
    img.format = PNG_FORMAT_RGBA;
    Raster *r = NULL;
    if (img.width <= RASTER_MAX_SIDE && img.height <= RASTER_MAX_SIDE)
        r = raster_new((int)img.width, (int)img.height, err);
    else
        g_set_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_READ,
                    "cannot read '%s': %u x %u is "
                    "too large",
                    path, img.width, img.height);
    if (!r) {
        png_image_free(&img);
        return NULL;
    }
    if (!png_image_finish_read(&img, NULL, r->pixels, 0, NULL)) {
        g_set_error(err, PNG_RASTER_ERROR, PNG_RASTER_ERROR_READ, "cannot read '%s': %s", path,
                    img.message);
        raster_free(r);
        r = NULL;
    }
    png_image_free(&img);
    return r;
}
