// SPDX-License-Identifier: MIT
// Helpers of the picture tests: pictures go through a PNG file and come back decoded, so
// that the tests check what a file holds, never the bytes of one.
#ifndef TESTS_PICTURE_UTIL_H
#define TESTS_PICTURE_UTIL_H

#include "core/draw/raster.h"

// Writes r (freed) to a PNG file in a fresh temporary directory, reads it back, removes both.
Raster *test_png_roundtrip(Raster *r);

// A temporary directory (caller frees the name) and its removal with every file in it.
char *test_temp_dir(void);
void test_remove_dir(char *dir);

// Colour distance between the pixel at (x, y) (rounded down) and c.
double test_pixel_distance(const Raster *r, double x, double y, RasterColor c);

// Luma of a colour, 0 to 255 (ITU-R BT.601 weights).
double test_luminance(RasterColor c);

#endif
