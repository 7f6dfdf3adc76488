// SPDX-License-Identifier: MIT
// An RGBA8 framebuffer and the anti-aliased shapes every picture of sumito is drawn with:
// filled circles and rings, shaded spheres (marbles, stones), thick lines, convex polygons,
// arrows and rectangles, all alpha-blended over what is already there. Coordinates are
// continuous pixels: pixel (i, j) covers [i, i+1) x [j, j+1), so its centre is (i + 0.5,
// j + 0.5) and a circle centred on (10, 10) is symmetric about the corner shared by pixels 9
// and 10. Edges are anti-aliased from the distance of each pixel centre to the shape's edge.
// The module knows nothing of any game; PNG files are core/png.h's business.
#ifndef CORE_DRAW_RASTER_H
#define CORE_DRAW_RASTER_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

// A colour with straight (not premultiplied) alpha; a = 255 is opaque.
typedef struct {
    uint8_t r, g, b, a;
} RasterColor;

// An opaque colour from 0xRRGGBB, and the same with an alpha.
#define RASTER_RGB(hex)                                                                            \
    ((RasterColor){(uint8_t)((hex) >> 16 & 255), (uint8_t)((hex) >> 8 & 255),                      \
                   (uint8_t)((hex)&255), 255})
#define RASTER_RGBA(hex, alpha)                                                                    \
    ((RasterColor){(uint8_t)((hex) >> 16 & 255), (uint8_t)((hex) >> 8 & 255),                      \
                   (uint8_t)((hex)&255), (uint8_t)(alpha)})

// Largest side and pixel count raster_new accepts (8192 x 8192 is 256 MB).
#define RASTER_MAX_SIDE   32768
#define RASTER_MAX_PIXELS (8192 * 8192)

// Pixels row after row, 4 bytes each (r, g, b, a), width * 4 bytes a row.
typedef struct {
    int width, height;
    uint8_t *pixels;
} Raster;

// An integer rectangle: x, y of its top-left pixel, then its size.
typedef struct {
    int x, y, width, height;
} RasterRect;

#define RASTER_ERROR (raster_error_quark())
GQuark raster_error_quark(void);

enum { RASTER_ERROR_SIZE };

// A transparent raster; NULL with an error for a size out of range or memory refused.
Raster *raster_new(int width, int height, GError **err);
// The same filled with one colour (a picture's background).
Raster *raster_new_filled(int width, int height, RasterColor c, GError **err);
void raster_free(Raster *r);

// Sets every pixel (no blending).
void raster_clear(Raster *r, RasterColor c);

// The pixel at (x, y); transparent black outside the raster.
RasterColor raster_get(const Raster *r, int x, int y);

// Blends c over pixel (x, y) with c.a scaled by coverage (0..1); nothing outside the raster.
void raster_blend_pixel(Raster *r, int x, int y, RasterColor c, double coverage);

// Blends a whole raster over this one with its top-left pixel at (x, y), clipped.
void raster_blit(Raster *dst, const Raster *src, int x, int y);

// The rectangle [x0, x1) x [y0, y1); fractional edges are covered in proportion.
void raster_fill_rect(Raster *r, double x0, double y0, double x1, double y1, RasterColor c);

// A rectangle's outline of the given width, drawn inside [x0, x1) x [y0, y1).
void raster_stroke_rect(Raster *r, double x0, double y0, double x1, double y1, double width,
                        RasterColor c);

void raster_fill_circle(Raster *r, double cx, double cy, double radius, RasterColor c);

// A disc whose edge fades over `blur` pixels (shadows, glows); blur <= 1 is a plain disc.
void raster_fill_soft_circle(Raster *r, double cx, double cy, double radius, double blur,
                             RasterColor c);

// A ring: the circle of the given radius stroked with a line of the given width.
void raster_stroke_circle(Raster *r, double cx, double cy, double radius, double width,
                          RasterColor c);

// A disc shaded as a sphere lit from the upper left: diffuse shading of the base colour, a
// faint light reflected from below, a white specular highlight and an anti-aliased edge.
void raster_fill_sphere(Raster *r, double cx, double cy, double radius, RasterColor base);

// A disc with a radial gradient: `inner` at the focus (fx, fy), which lies inside the disc,
// turning into `outer` at the point of the rim farthest from the focus (a flat stone lit from
// one side), with an anti-aliased edge.
void raster_fill_gradient_disc(Raster *r, double cx, double cy, double radius, double fx, double fy,
                               RasterColor inner, RasterColor outer);

// A line of the given width with round caps.
void raster_draw_line(Raster *r, double x0, double y0, double x1, double y1, double width,
                      RasterColor c);

// A convex polygon of n >= 3 vertices (x0, y0, x1, y1, ...), in either winding order.
void raster_fill_polygon(Raster *r, const double *xy, int n, RasterColor c);

// A regular polygon: `radius` from the centre to each vertex, the first vertex at `angle`
// radians (0 points right, positive turns clockwise on the screen since y grows downwards).
void raster_fill_regular_polygon(Raster *r, double cx, double cy, double radius, int sides,
                                 double angle, RasterColor c);

// An arrow from (x0, y0) to its tip at (x1, y1): a round-capped shaft of width `width` and a
// triangular head `head_length` long and `head_width` wide, blended once (no darker seam
// where shaft and head overlap). Heads longer than 60% of the arrow are shortened.
void raster_draw_arrow(Raster *r, double x0, double y0, double x1, double y1, double width,
                       double head_length, double head_width, RasterColor c);

// Mixes two colours: t = 0 gives a, t = 1 gives b (alpha mixed too).
RasterColor raster_color_mix(RasterColor a, RasterColor b, double t);

// Euclidean distance of two colours' r, g, b (tests and nearest-colour checks).
double raster_color_distance(RasterColor a, RasterColor b);

#endif
