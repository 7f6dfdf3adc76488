// SPDX-License-Identifier: MIT
// The framebuffer and its shapes. Every shape computes, for each pixel centre near it, the
// fraction of the pixel it covers (from the signed distance to its edge, clamped to 0..1) and
// blends its colour with that fraction; pixels fully inside are filled by spans without the
// distance computation, which is what keeps a whole board under a few milliseconds.
#include "core/draw/raster.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK(raster - error - quark, raster_error)

Raster *raster_new(int width, int height, GError **err)
{
    if (width < 1 || height < 1 || width > RASTER_MAX_SIDE || height > RASTER_MAX_SIDE ||
        (int64_t)width * height > RASTER_MAX_PIXELS) {
        g_set_error(err, RASTER_ERROR, RASTER_ERROR_SIZE,
                    "image size %d x %d is out of range (1 to %d pixels a side, at most %d "
                    "pixels)",
                    width, height, RASTER_MAX_SIDE, RASTER_MAX_PIXELS);
        return NULL;
    }
    uint8_t *pixels = g_try_malloc0((size_t)width * (size_t)height * 4);
    if (!pixels) {
        g_set_error(err, RASTER_ERROR, RASTER_ERROR_SIZE, "no memory for a %d x %d image", width,
                    height);
        return NULL;
    }
    Raster *r = g_new(Raster, 1);
    *r = (Raster){width, height, pixels};
    return r;
}

Raster *raster_new_filled(int width, int height, RasterColor c, GError **err)
{
    Raster *r = raster_new(width, height, err);
    if (r) raster_clear(r, c);
    return r;
}

void raster_free(Raster *r)
{
    if (!r) return;
    g_free(r->pixels);
    g_free(r);
}

void raster_clear(Raster *r, RasterColor c)
{
    uint8_t px[4] = {c.r, c.g, c.b, c.a};
    size_t n = (size_t)r->width * (size_t)r->height;
    uint8_t *p = r->pixels;
    if (n) memcpy(p, px, 4);
    // Doubling copies fill the buffer in log2(n) memcpy calls.
    for (size_t done = 1; done < n; done *= 2)
        memcpy(p + done * 4, p, (done * 2 <= n ? done : n - done) * 4);
}

RasterColor raster_get(const Raster *r, int x, int y)
{
    if (x < 0 || y < 0 || x >= r->width || y >= r->height) return (RasterColor){0, 0, 0, 0};
    const uint8_t *p = r->pixels + ((size_t)y * (size_t)r->width + (size_t)x) * 4;
    return (RasterColor){p[0], p[1], p[2], p[3]};
}

// x / 255 rounded, exact for 0 <= x <= 255 * 255.
static inline int div255(int x)
{
    x += 128;
    return (x + (x >> 8)) >> 8;
}

// Blends c over one pixel with an effective alpha 0..255 (straight alpha on both sides).
static inline void blend(uint8_t *p, RasterColor c, int alpha)
{
    if (alpha <= 0) return;
    if (alpha >= 255) {
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
        return;
    }
    int ia = 255 - alpha;
    if (p[3] == 255) {
        p[0] = (uint8_t)div255(c.r * alpha + p[0] * ia);
        p[1] = (uint8_t)div255(c.g * alpha + p[1] * ia);
        p[2] = (uint8_t)div255(c.b * alpha + p[2] * ia);
        return;
    }
    int da = div255(p[3] * ia), oa = alpha + da;
    if (oa == 0) return;
    p[0] = (uint8_t)((c.r * alpha + p[0] * da + oa / 2) / oa);
    p[1] = (uint8_t)((c.g * alpha + p[1] * da + oa / 2) / oa);
    p[2] = (uint8_t)((c.b * alpha + p[2] * da + oa / 2) / oa);
    p[3] = (uint8_t)oa;
}

static inline int alpha_of(RasterColor c, double coverage)
{
    if (!(coverage > 0)) return 0;
    if (coverage >= 1) return c.a;
    return (int)(c.a * coverage + 0.5);
}

// fmin and fmax are library calls (they must handle NaN); these inline.
static inline double dmin(double a, double b)
{
    return a < b ? a : b;
}

static inline double dmax(double a, double b)
{
    return a > b ? a : b;
}

static inline double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static inline uint8_t *pixel_at(Raster *r, int x, int y)
{
    return r->pixels + ((size_t)y * (size_t)r->width + (size_t)x) * 4;
}

void raster_blend_pixel(Raster *r, int x, int y, RasterColor c, double coverage)
{
    if (x < 0 || y < 0 || x >= r->width || y >= r->height) return;
    blend(pixel_at(r, x, y), c, alpha_of(c, coverage));
}

// Pixels x0 <= x < x1 of row y at full coverage.
static void fill_span(Raster *r, int y, int x0, int x1, RasterColor c)
{
    if (x0 < 0) x0 = 0;
    if (x1 > r->width) x1 = r->width;
    if (x0 >= x1 || y < 0 || y >= r->height) return;
    uint8_t *p = pixel_at(r, x0, y);
    if (c.a == 255) {
        uint32_t v;
        uint8_t px[4] = {c.r, c.g, c.b, 255};
        memcpy(&v, px, 4);
        uint32_t *q = (uint32_t *)(void *)p; // rows of 4-byte pixels from g_malloc: aligned
        for (int x = x0; x < x1; x++) *q++ = v;
        return;
    }
    for (int x = x0; x < x1; x++, p += 4) blend(p, c, c.a);
}

// Integer range [*a, *b) of pixels whose index lies in [lo, hi), clipped to [0, limit).
static bool clip_range(double lo, double hi, int limit, int *a, int *b)
{
    if (!(lo < hi)) return false; // also rejects NaN
    double fa = floor(lo), fb = ceil(hi);
    *a = fa < 0 ? 0 : fa > limit ? limit : (int)fa;
    *b = fb < 0 ? 0 : fb > limit ? limit : (int)fb;
    return *a < *b;
}

void raster_blit(Raster *dst, const Raster *src, int x, int y)
{
    for (int j = 0; j < src->height; j++) {
        int dy = y + j;
        if (dy < 0 || dy >= dst->height) continue;
        for (int i = 0; i < src->width; i++) {
            int dx = x + i;
            if (dx < 0 || dx >= dst->width) continue;
            const uint8_t *s = src->pixels + ((size_t)j * (size_t)src->width + (size_t)i) * 4;
            blend(pixel_at(dst, dx, dy), (RasterColor){s[0], s[1], s[2], s[3]}, s[3]);
        }
    }
}

void raster_fill_rect(Raster *r, double x0, double y0, double x1, double y1, RasterColor c)
{
    int ia, ib, ja, jb;
    if (!clip_range(x0, x1, r->width, &ia, &ib) || !clip_range(y0, y1, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double cy = dmin(y1, j + 1) - dmax(y0, j);
        if (cy >= 1 && ib - ia > 2) {
            // Whole row: anti-alias the two end pixels, fill the rest.
            double cl = dmin(x1, ia + 1) - dmax(x0, ia), cr = dmin(x1, ib) - dmax(x0, ib - 1);
            blend(pixel_at(r, ia, j), c, alpha_of(c, cl));
            fill_span(r, j, ia + 1, ib - 1, c);
            blend(pixel_at(r, ib - 1, j), c, alpha_of(c, cr));
            continue;
        }
        for (int i = ia; i < ib; i++) {
            double cx = dmin(x1, i + 1) - dmax(x0, i);
            blend(pixel_at(r, i, j), c, alpha_of(c, clamp01(cx) * clamp01(cy)));
        }
    }
}

void raster_stroke_rect(Raster *r, double x0, double y0, double x1, double y1, double width,
                        RasterColor c)
{
    double w = dmin(width, dmin((x1 - x0) / 2, (y1 - y0) / 2));
    if (!(w > 0)) return;
    raster_fill_rect(r, x0, y0, x1, y0 + w, c);
    raster_fill_rect(r, x0, y1 - w, x1, y1, c);
    raster_fill_rect(r, x0, y0 + w, x0 + w, y1 - w, c);
    raster_fill_rect(r, x1 - w, y0 + w, x1, y1 - w, c);
}

void raster_fill_circle(Raster *r, double cx, double cy, double radius, RasterColor c)
{
    if (!(radius > 0)) return;
    double ro = radius + 0.5, ri = radius - 0.5;
    int ja, jb, ia, ib;
    if (!clip_range(cy - ro, cy + ro, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double dy = j + 0.5 - cy, o2 = ro * ro - dy * dy;
        if (o2 <= 0) continue;
        double xo = sqrt(o2), i2 = ri > 0 ? ri * ri - dy * dy : -1;
        if (!clip_range(cx - xo - 0.5, cx + xo - 0.5, r->width, &ia, &ib)) continue;
        int fa = ib, fb = ib; // full-coverage pixels [fa, fb)
        if (i2 > 0) {
            double xi = sqrt(i2);
            fa = (int)ceil(cx - xi - 0.5), fb = (int)floor(cx + xi - 0.5) + 1;
            fa = fa < ia ? ia : fa, fb = fb > ib ? ib : fb;
            if (fa >= fb) fa = fb = ib;
        }
        for (int i = ia; i < ib; i++) {
            if (i == fa) {
                fill_span(r, j, fa, fb, c);
                i = fb - 1;
                continue;
            }
            double dx = i + 0.5 - cx;
            blend(pixel_at(r, i, j), c, alpha_of(c, radius - sqrt(dx * dx + dy * dy) + 0.5));
        }
    }
}

void raster_fill_soft_circle(Raster *r, double cx, double cy, double radius, double blur,
                             RasterColor c)
{
    if (blur <= 1) {
        raster_fill_circle(r, cx, cy, radius, c);
        return;
    }
    double ro = radius + blur / 2, ri = radius - blur / 2; // inside ri the alpha is c.a
    int ja, jb, ia, ib;
    if (!clip_range(cy - ro, cy + ro, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double dy = j + 0.5 - cy, o2 = ro * ro - dy * dy, i2 = ri > 0 ? ri * ri - dy * dy : -1;
        if (o2 <= 0) continue;
        double xo = sqrt(o2);
        if (!clip_range(cx - xo - 0.5, cx + xo - 0.5, r->width, &ia, &ib)) continue;
        int fa = ib, fb = ib;
        if (i2 > 0) {
            double xi = sqrt(i2);
            fa = (int)ceil(cx - xi - 0.5), fb = (int)floor(cx + xi - 0.5) + 1;
            fa = fa < ia ? ia : fa, fb = fb > ib ? ib : fb;
            if (fa >= fb) fa = fb = ib;
        }
        for (int i = ia; i < ib; i++) {
            if (i == fa) {
                fill_span(r, j, fa, fb, c);
                i = fb - 1;
                continue;
            }
            double dx = i + 0.5 - cx;
            double t = clamp01((radius - sqrt(dx * dx + dy * dy)) / blur + 0.5);
            blend(pixel_at(r, i, j), c, alpha_of(c, t * t * (3 - 2 * t)));
        }
    }
}

void raster_stroke_circle(Raster *r, double cx, double cy, double radius, double width,
                          RasterColor c)
{
    if (!(width > 0) || !(radius > 0)) return;
    double hw = width / 2, ro = radius + hw + 0.5, peak = dmin(width, 1);
    int ja, jb, ia, ib;
    if (!clip_range(cy - ro, cy + ro, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double dy = j + 0.5 - cy, o2 = ro * ro - dy * dy;
        if (o2 <= 0) continue;
        double xo = sqrt(o2);
        if (!clip_range(cx - xo - 0.5, cx + xo - 0.5, r->width, &ia, &ib)) continue;
        // Skip the hole in the middle of the ring.
        double ri = radius - hw - 0.5, i2 = ri > 0 ? ri * ri - dy * dy : -1;
        int ha = ib, hb = ib;
        if (i2 > 0) {
            double xi = sqrt(i2);
            ha = (int)ceil(cx - xi - 0.5), hb = (int)floor(cx + xi - 0.5) + 1;
        }
        for (int i = ia; i < ib; i++) {
            if (i == ha && hb > ha) {
                i = hb - 1;
                continue;
            }
            double dx = i + 0.5 - cx, d = fabs(sqrt(dx * dx + dy * dy) - radius);
            blend(pixel_at(r, i, j), c, alpha_of(c, dmin(hw + 0.5 - d, peak)));
        }
    }
}

// The light of raster_fill_sphere: from the upper left and in front (unit vectors; y grows
// downwards), and the half vector between it and the viewer for the highlight.
#define LIGHT_X  (-0.42)
#define LIGHT_Y  (-0.52)
#define LIGHT_Z  (0.7437)
#define HALF_X   (-0.2238)
#define HALF_Y   (-0.2771)
#define HALF_Z   (0.9344)
#define AMBIENT  0.50
#define DIFFUSE  0.55
#define BOUNCE   0.22
#define SPECULAR 0.90

// The shaded colour of a sphere at normalised offset (u, v) from its centre, |(u, v)| <= 1.
static inline RasterColor sphere_shade(RasterColor base, double u, double v)
{
    double nz = sqrt(dmax(0, 1 - u * u - v * v));
    double ndl = u * LIGHT_X + v * LIGHT_Y + nz * LIGHT_Z;
    double diffuse = AMBIENT + DIFFUSE * dmax(0, ndl);
    // Light bounced off the board onto the lower right, strongest near the rim.
    double bounce = BOUNCE * dmax(0, -ndl) * (1 - nz);
    double h = dmax(0, u * HALF_X + v * HALF_Y + nz * HALF_Z);
    double h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8, h32 = h16 * h16;
    double spec = SPECULAR * h32 * h8 + 0.12 * h4 * h2; // sharp highlight plus a soft sheen
    double ch[3] = {base.r, base.g, base.b};
    uint8_t out[3];
    for (int k = 0; k < 3; k++) {
        double x = ch[k] * diffuse + 255 * (bounce + spec);
        out[k] = (uint8_t)(x > 255 ? 255 : x + 0.5);
    }
    return (RasterColor){out[0], out[1], out[2], base.a};
}

void raster_fill_sphere(Raster *r, double cx, double cy, double radius, RasterColor base)
{
    if (!(radius > 0)) return;
    double ro = radius + 0.5, ri = radius - 0.5, inv = 1 / radius;
    double ro2 = ro * ro, ri2 = ri > 0 ? ri * ri : 0;
    int ja, jb, ia, ib;
    if (!clip_range(cy - ro, cy + ro, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double dy = j + 0.5 - cy, o2 = ro2 - dy * dy;
        if (o2 <= 0) continue;
        double xo = sqrt(o2);
        if (!clip_range(cx - xo - 0.5, cx + xo - 0.5, r->width, &ia, &ib)) continue;
        uint8_t *p = pixel_at(r, ia, j);
        for (int i = ia; i < ib; i++, p += 4) {
            double dx = i + 0.5 - cx, d2 = dx * dx + dy * dy;
            if (d2 <= ri2) {
                RasterColor c = sphere_shade(base, dx * inv, dy * inv);
                blend(p, c, c.a);
                continue;
            }
            // Rim pixels: coverage from the distance, the colour of the edge just inside.
            double d = sqrt(d2), cov = radius - d + 0.5;
            if (cov <= 0) continue;
            double k = ri > 0 ? ri / d * inv : 0;
            RasterColor c = sphere_shade(base, dx * k, dy * k);
            blend(p, c, alpha_of(c, cov));
        }
    }
}

void raster_fill_gradient_disc(Raster *r, double cx, double cy, double radius, double fx, double fy,
                               RasterColor inner, RasterColor outer)
{
    if (!(radius > 0)) return;
    double ro = radius + 0.5, ri = radius - 0.5;
    double span = radius + sqrt((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy));
    int ja, jb, ia, ib;
    if (!clip_range(cy - ro, cy + ro, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double dy = j + 0.5 - cy, o2 = ro * ro - dy * dy;
        if (o2 <= 0) continue;
        double xo = sqrt(o2);
        if (!clip_range(cx - xo - 0.5, cx + xo - 0.5, r->width, &ia, &ib)) continue;
        uint8_t *p = pixel_at(r, ia, j);
        for (int i = ia; i < ib; i++, p += 4) {
            double dx = i + 0.5 - cx, d2 = dx * dx + dy * dy;
            double cov = d2 <= (ri > 0 ? ri * ri : 0) ? 1 : radius - sqrt(d2) + 0.5;
            if (cov <= 0) continue;
            double gx = i + 0.5 - fx, gy = j + 0.5 - fy;
            double t = clamp01(sqrt(gx * gx + gy * gy) / span);
            RasterColor c = raster_color_mix(inner, outer, t * t * (3 - 2 * t));
            blend(p, c, alpha_of(c, cov));
        }
    }
}

// Coverage of pixel centre (px, py) by a round-capped segment (a capsule) of half width hw.
static double capsule_coverage(double px, double py, double x0, double y0, double dx, double dy,
                               double len2, double hw)
{
    double t = len2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double ex = px - (x0 + t * dx), ey = py - (y0 + t * dy);
    return dmin(hw + 0.5 - sqrt(ex * ex + ey * ey), 2 * hw);
}

void raster_draw_line(Raster *r, double x0, double y0, double x1, double y1, double width,
                      RasterColor c)
{
    if (!(width > 0)) return;
    double hw = width / 2, m = hw + 1, dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    int ja, jb, ia, ib;
    if (!clip_range(dmin(y0, y1) - m, dmax(y0, y1) + m, r->height, &ja, &jb)) return;
    double xmin = dmin(x0, x1) - m, xmax = dmax(x0, x1) + m;
    for (int j = ja; j < jb; j++) {
        double py = j + 0.5, lo = xmin, hi = xmax;
        if (fabs(dy) > 1e-9) {
            // The row's stretch of the infinite strip around the line holds the capsule's.
            double xc = x0 + dx * (py - y0) / dy, h = m * sqrt(len2) / fabs(dy);
            lo = dmax(lo, xc - h), hi = dmin(hi, xc + h);
        }
        if (!clip_range(lo, hi, r->width, &ia, &ib)) continue;
        for (int i = ia; i < ib; i++) {
            double cov = capsule_coverage(i + 0.5, py, x0, y0, dx, dy, len2, hw);
            blend(pixel_at(r, i, j), c, alpha_of(c, cov));
        }
    }
}

// Edges of a convex polygon as inward unit normals: distance(p) = a x + b y + e, positive
// inside. Returns false for a degenerate polygon.
static bool polygon_edges(const double *xy, int n, double *a, double *b, double *e)
{
    double area = 0;
    for (int i = 0; i < n; i++) {
        int k = (i + 1) % n;
        area += xy[2 * i] * xy[2 * k + 1] - xy[2 * k] * xy[2 * i + 1];
    }
    if (!(fabs(area) > 1e-12)) return false;
    double sign = area > 0 ? 1 : -1;
    for (int i = 0; i < n; i++) {
        int k = (i + 1) % n;
        double ex = xy[2 * k] - xy[2 * i], ey = xy[2 * k + 1] - xy[2 * i + 1];
        double len = sqrt(ex * ex + ey * ey);
        if (len < 1e-12) len = 1e-12;
        a[i] = -ey / len * sign, b[i] = ex / len * sign;
        e[i] = -(a[i] * xy[2 * i] + b[i] * xy[2 * i + 1]);
    }
    return true;
}

// Pixel centres x of a row where every edge distance a x + f >= t: [*lo, *hi].
static void polygon_row_bounds(const double *a, const double *f, int n, double t, double *lo,
                               double *hi)
{
    *lo = -INFINITY, *hi = INFINITY;
    for (int k = 0; k < n; k++) {
        if (fabs(a[k]) < 1e-12) {
            if (f[k] < t) *lo = INFINITY, *hi = -INFINITY;
        } else if (a[k] > 0) {
            *lo = dmax(*lo, (t - f[k]) / a[k]);
        } else {
            *hi = dmin(*hi, (t - f[k]) / a[k]);
        }
    }
}

#define POLYGON_MAX 64

void raster_fill_polygon(Raster *r, const double *xy, int n, RasterColor c)
{
    double a[POLYGON_MAX], b[POLYGON_MAX], e[POLYGON_MAX], f[POLYGON_MAX];
    if (n < 3 || n > POLYGON_MAX || !polygon_edges(xy, n, a, b, e)) return;
    double ymin = INFINITY, ymax = -INFINITY;
    for (int i = 0; i < n; i++) ymin = dmin(ymin, xy[2 * i + 1]), ymax = dmax(ymax, xy[2 * i + 1]);
    int ja, jb;
    if (!clip_range(ymin - 1, ymax + 1, r->height, &ja, &jb)) return;
    for (int j = ja; j < jb; j++) {
        double py = j + 0.5, tlo, thi, flo, fhi;
        for (int k = 0; k < n; k++) f[k] = b[k] * py + e[k];
        polygon_row_bounds(a, f, n, -0.5, &tlo, &thi);
        polygon_row_bounds(a, f, n, 0.5, &flo, &fhi);
        int ia, ib, fa = 0, fb = 0;
        if (!clip_range(tlo - 0.5, thi + 0.5, r->width, &ia, &ib)) continue;
        if (flo <= fhi) {
            fa = (int)dmax(ia, ceil(flo - 0.5)), fb = (int)dmin(ib, floor(fhi - 0.5) + 1);
            if (fa >= fb) fa = fb = 0;
        }
        for (int i = ia; i < ib; i++) {
            if (i == fa && fb > fa) {
                fill_span(r, j, fa, fb, c);
                i = fb - 1;
                continue;
            }
            double px = i + 0.5, d = INFINITY;
            for (int k = 0; k < n; k++) d = dmin(d, a[k] * px + f[k]);
            blend(pixel_at(r, i, j), c, alpha_of(c, d + 0.5));
        }
    }
}

void raster_fill_regular_polygon(Raster *r, double cx, double cy, double radius, int sides,
                                 double angle, RasterColor c)
{
    double xy[2 * POLYGON_MAX];
    if (sides < 3 || sides > POLYGON_MAX) return;
    for (int i = 0; i < sides; i++) {
        double t = angle + 2 * G_PI * i / sides;
        xy[2 * i] = cx + radius * cos(t), xy[2 * i + 1] = cy + radius * sin(t);
    }
    raster_fill_polygon(r, xy, sides, c);
}

void raster_draw_arrow(Raster *r, double x0, double y0, double x1, double y1, double width,
                       double head_length, double head_width, RasterColor c)
{
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (!(len > 1e-9) || !(width > 0)) return;
    double ux = dx / len, uy = dy / len, hl = dmin(head_length, 0.6 * len), hw = head_width / 2;
    double bx = x1 - ux * hl, by = y1 - uy * hl; // the middle of the head's base
    double tri[6] = {x1, y1, bx - uy * hw, by + ux * hw, bx + uy * hw, by - ux * hw};
    double a[3], b[3], e[3];
    bool head = polygon_edges(tri, 3, a, b, e);
    // The shaft stops inside the head so that its round cap never pokes out of the tip.
    double sx = x1 - ux * hl * 0.5 - x0, sy = y1 - uy * hl * 0.5 - y0, slen2 = sx * sx + sy * sy;
    double m = dmax(width / 2, hw) + 1;
    int ja, jb, ia, ib;
    if (!clip_range(dmin(y0, y1) - m, dmax(y0, y1) + m, r->height, &ja, &jb) ||
        !clip_range(dmin(x0, x1) - m, dmax(x0, x1) + m, r->width, &ia, &ib))
        return;
    for (int j = ja; j < jb; j++)
        for (int i = ia; i < ib; i++) {
            double px = i + 0.5, py = j + 0.5;
            double cov = capsule_coverage(px, py, x0, y0, sx, sy, slen2, width / 2);
            if (head) {
                double d = INFINITY;
                for (int k = 0; k < 3; k++) d = dmin(d, a[k] * px + b[k] * py + e[k]);
                cov = dmax(cov, d + 0.5);
            }
            blend(pixel_at(r, i, j), c, alpha_of(c, cov));
        }
}

RasterColor raster_color_mix(RasterColor a, RasterColor b, double t)
{
    t = clamp01(t);
    return (RasterColor){
        (uint8_t)(a.r + (b.r - a.r) * t + 0.5), (uint8_t)(a.g + (b.g - a.g) * t + 0.5),
        (uint8_t)(a.b + (b.b - a.b) * t + 0.5), (uint8_t)(a.a + (b.a - a.a) * t + 0.5)};
}

double raster_color_distance(RasterColor a, RasterColor b)
{
    double dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
    return sqrt(dr * dr + dg * dg + db * db);
}
