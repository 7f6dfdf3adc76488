// SPDX-License-Identifier: MIT
// PNG files of rasters through libpng's simplified API. A picture is encoded in memory and
// written by base/file.h's file_write_atomic (a temporary file beside the target, renamed
// into place once complete; a device written through), so that a failed or interrupted write
// never leaves a partial picture under the name asked for. Reading (the tests decode what was
// written and check pixels) always yields 8-bit RGBA.
#ifndef CORE_DRAW_PNG_H
#define CORE_DRAW_PNG_H

#include <glib.h>

#include "core/draw/raster.h"

#define PNG_RASTER_ERROR (png_raster_error_quark())
GQuark png_raster_error_quark(void);

enum { PNG_RASTER_ERROR_WRITE, PNG_RASTER_ERROR_READ };

// Writes r to path (as RGB when every pixel is opaque, else RGBA). On failure path is left
// as it was (absent, or its old content) and err (PNG_RASTER_ERROR_WRITE) names the path and
// the reason, as file_write_atomic's.
bool png_write_raster(const Raster *r, const char *path, GError **err);

// The same for a picture just drawn, which it frees: r NULL (the drawing failed, err says
// why) returns false.
bool png_write_raster_free(Raster *r, const char *path, GError **err);

// The PNG encoding of r in memory (a web server's answer); NULL with libpng's reason.
GBytes *png_encode_raster(const Raster *r, GError **err);

// Reads a PNG file of any format as RGBA; NULL with an error naming the path and reason.
Raster *png_read_raster(const char *path, GError **err);

#endif
