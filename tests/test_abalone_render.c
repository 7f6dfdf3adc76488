// SPDX-License-Identifier: MIT
// Pictures of Abalone positions, decoded back from PNG: the marble or the empty hole at the
// centre of every cell, every coordinate drawn as its glyph where it belongs, the last move's
// arrows, rings and ejected marble and no marker anywhere else, the trays, the side to move,
// the principal variation; the geometry at every width; contact sheets and frames.
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/render.h"
#include "core/draw/font.h"
#include "core/draw/png.h"
#include "tests/abalone_naive.h"
#include "tests/picture_util.h"
#include "tests/test_util.h"

static const int sizes[3] = {200, 800, 1600};

static Raster *render(const AbaloneBoard *b, const AbaloneRenderOptions *o)
{
    GError *err = NULL;
    Raster *r = abalone_render_position(b, o, &err);
    g_assert_no_error(err);
    return test_png_roundtrip(r);
}

static AbaloneRenderLayout layout_of(const AbaloneRenderOptions *o)
{
    AbaloneRenderLayout lay;
    g_assert_true(abalone_render_layout(o->width, o->header, &lay, NULL));
    if (!o->coordinates) lay.label_scale = 0;
    return lay;
}

// The colour a marble of this colour and radius centred on (x, y) gives the pixel holding
// (x, y): a sphere drawn alone at the same offset within its pixel.
static RasterColor marble_centre(int colour, double radius, double x, double y)
{
    int size = (int)(2 * radius) + 8, c = size / 2;
    Raster *r = raster_new(size, size, NULL);
    raster_fill_sphere(r, c + (x - floor(x)), c + (y - floor(y)), radius,
                       abalone_render_style_default()->marble[colour]);
    RasterColor col = raster_get(r, c, c);
    raster_free(r);
    return col;
}

static void cell_xy(const AbaloneRenderLayout *lay, int pos, double *x, double *y)
{
    abalone_render_cell_xy(lay, abalone_pos_row(pos), abalone_pos_diag(pos), x, y);
}

// Every cell but those in skip: the right marble at its centre, or the hole's colour.
static void check_cells(const Raster *r, const AbaloneRenderLayout *lay, int ox, int oy,
                        const AbaloneBoard *b, AbaloneBits skip)
{
    const AbaloneRenderStyle *st = abalone_render_style_default();
    for (int cell = 0; cell < ABALONE_CELLS; cell++) {
        int pos = abalone_tables.cell_pos[cell], colour = abalone_board_cell(b, cell);
        if (skip & abalone_bit(pos)) continue;
        double x, y;
        cell_xy(lay, pos, &x, &y);
        RasterColor want = colour < 0 ? st->hole : marble_centre(colour, lay->marble_radius, x, y);
        double d = test_pixel_distance(r, ox + x, oy + y, want);
        if (d > 2) {
            char name[3];
            abalone_pos_name(pos, name);
            RasterColor got = raster_get(r, (int)(ox + x), (int)(oy + y));
            g_error("width %d, %s: want %s, got (%d, %d, %d), %.1f away", lay->width, name,
                    colour < 0 ? "a hole"
                    : colour   ? "White"
                               : "Black",
                    got.r, got.g, got.b, d);
        }
    }
}

static void test_cells(void)
{
    GRand *rng = test_rand();
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    for (int k = 0; k < 9; k++) {
        AbaloneBoard b;
        if (k < abalone_layout_count())
            abalone_board_set_layout(&b, abalone_layout_name(k));
        else
            test_random_position(&b, rng, g_rand_int_range(rng, 8, 15),
                                 g_rand_int_range(rng, 8, 15), k % 2);
        o.width = sizes[k % 3];
        Raster *r = render(&b, &o);
        AbaloneRenderLayout lay = layout_of(&o);
        g_assert_cmpint(r->width, ==, o.width);
        g_assert_cmpint(r->height, ==, lay.height);
        check_cells(r, &lay, 0, 0, &b, 0);
        raster_free(r);
    }
    g_rand_free(rng);
}

// Largest distance from a point to a rectangle's area (0 inside).
static double rect_distance(RasterRect box, double x, double y)
{
    double dx = fmax(0, fmax(box.x - x, x - (box.x + box.width)));
    double dy = fmax(0, fmax(box.y - y, y - (box.y + box.height)));
    return hypot(dx, dy);
}

// Each label: inside the image, next to the first cell of its row (left) or the lowest cell
// of its diagonal (below right), clear of every marble, and drawn as its glyph.
static void test_labels(void)
{
    const AbaloneRenderStyle *st = abalone_render_style_default();
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    for (int k = 0; k < 3; k++) {
        o.width = sizes[k];
        Raster *r = render(&b, &o);
        AbaloneRenderLayout lay = layout_of(&o);
        g_assert_cmpint(lay.label_scale, >=, 1);
        for (int i = 0; i < 18; i++) {
            char text[2];
            RasterRect box;
            g_assert_true(abalone_render_label(&lay, i, text, &box));
            g_assert_cmpstr(text, ==,
                            ((const char *[]){"A", "B", "C", "D", "E", "F", "G", "H", "I", "1", "2",
                                              "3", "4", "5", "6", "7", "8", "9"})[i]);
            g_assert_cmpint(box.x, >=, 0);
            g_assert_cmpint(box.y, >=, 0);
            g_assert_cmpint(box.x + box.width, <=, r->width);
            g_assert_cmpint(box.y + box.height, <=, r->height);
            // The cell it names, and where the label should be: one step further out.
            int row = i < 9 ? i : MAX(0, i - 9 - 4), diag = i < 9 ? MAX(0, i - 4) : i - 9;
            double cx, cy, x, y, ex, ey;
            abalone_render_cell_xy(&lay, row, diag, &cx, &cy);
            if (i < 9)
                ex = cx - lay.cell, ey = cy;
            else
                ex = cx + lay.cell / 2, ey = cy + lay.cell * sqrt(3) / 2;
            x = box.x + box.width / 2.0, y = box.y + box.height / 2.0;
            g_assert_cmpfloat(hypot(x - ex, y - ey), <, 0.2 * lay.cell + 1);
            for (int cell = 0; cell < ABALONE_CELLS; cell++) {
                double mx, my;
                cell_xy(&lay, abalone_tables.cell_pos[cell], &mx, &my);
                g_assert_cmpfloat(rect_distance(box, mx, my), >, lay.marble_radius);
            }
            uint8_t rows[FONT_GLYPH_ROWS];
            font_glyph(text[0], rows);
            int s = lay.label_scale, inked = 0;
            for (int gy = 0; gy < FONT_CAP_HEIGHT; gy++)
                for (int gx = 0; gx < FONT_GLYPH_WIDTH; gx++) {
                    if (!(rows[gy] & (0x10 >> gx))) continue;
                    double px = box.x + gx * s + s / 2.0, py = box.y + gy * s + s / 2.0;
                    g_assert_cmpfloat(test_pixel_distance(r, px, py, st->label), <, 2);
                    inked++;
                }
            g_assert_cmpint(inked, >=, 7);
        }
        raster_free(r);
    }
}

// Hexagonal distance from E5 in units of apothem: the largest projection on the normals of
// the board's (flat-topped) sides.
static double hex_reach(const AbaloneRenderLayout *lay, double x, double y)
{
    double dx = x - lay->cx, dy = y - lay->cy, best = 0;
    for (int k = 0; k < 3; k++) {
        double a = G_PI / 2 + k * G_PI / 3;
        best = fmax(best, fabs(dx * cos(a) + dy * sin(a)));
    }
    return best;
}

// Geometry at every width: neighbours one cell apart, everything inside the image, labels on
// the frame, trays off the board, the header above it.
static void test_geometry(void)
{
    for (int w = ABALONE_RENDER_MIN_WIDTH; w <= ABALONE_RENDER_MAX_WIDTH; w += w < 400 ? 1 : 61)
        for (int header = 0; header < 2; header++) {
            AbaloneRenderLayout lay;
            g_assert_true(abalone_render_layout(w, header, &lay, NULL));
            g_assert_cmpint(lay.width, ==, w);
            double x0, y0, x1, y1;
            abalone_render_cell_xy(&lay, 4, 4, &x0, &y0);
            for (int d = 0; d < 6; d++) {
                int p = abalone_pos_of(4, 4) + abalone_dir_step[d];
                cell_xy(&lay, p, &x1, &y1);
                g_assert_cmpfloat_with_epsilon(hypot(x1 - x0, y1 - y0), lay.cell, 1e-9);
            }
            for (int cell = 0; cell < ABALONE_CELLS; cell++) {
                cell_xy(&lay, abalone_tables.cell_pos[cell], &x0, &y0);
                g_assert_cmpfloat(x0 - lay.marble_radius, >=, 0);
                g_assert_cmpfloat(x0 + lay.marble_radius, <=, w);
                g_assert_cmpfloat(y0 - lay.marble_radius, >=, lay.header_height);
                g_assert_cmpfloat(hex_reach(&lay, x0, y0) + lay.marble_radius, <,
                                  lay.surface_apothem);
            }
            g_assert_cmpfloat(lay.cy - lay.frame_apothem, >=, lay.header_height);
            g_assert_cmpfloat(lay.cy + lay.frame_apothem, <=, lay.height);
            g_assert_cmpfloat(lay.cx - lay.frame_apothem * 2 / sqrt(3), >=, 0);
            for (int c = 0; c < 2; c++)
                for (int k = 0; k < 6; k++) {
                    abalone_render_tray_xy(&lay, c, k, &x0, &y0);
                    double rr = lay.tray_radius;
                    g_assert_cmpfloat(x0 - rr, >=, 0);
                    g_assert_cmpfloat(x0 + rr, <=, w);
                    g_assert_cmpfloat(y0 + rr, <=, lay.height);
                    g_assert_cmpfloat(hex_reach(&lay, x0, y0) - rr, >, lay.frame_apothem);
                }
            g_assert_cmpfloat(lay.turn_x - lay.turn_radius, >=, 0);
            g_assert_cmpfloat(lay.turn_y - lay.turn_radius, >=, 0);
            for (int i = 0; i < 18 && lay.label_scale; i++) {
                char text[2];
                RasterRect box;
                abalone_render_label(&lay, i, text, &box);
                g_assert_cmpint(box.x, >=, 0);
                g_assert_cmpint(box.x + box.width, <=, w);
                double reach = hex_reach(&lay, box.x + box.width / 2.0, box.y + box.height / 2.0);
                g_assert_cmpfloat(reach, >, lay.surface_apothem);
                g_assert_cmpfloat(reach, <, lay.frame_apothem);
            }
            // Text appears at about 150 pixels, and the header with it.
            if (w >= 150 || w < 140) g_assert_cmpint(lay.label_scale > 0, ==, w >= 150);
            g_assert_cmpint(lay.header_height > 0, ==, header && lay.label_scale > 0);
        }
    GError *err = NULL;
    AbaloneRenderLayout lay;
    g_assert_false(abalone_render_layout(ABALONE_RENDER_MIN_WIDTH - 1, true, &lay, &err));
    g_assert_nonnull(strstr(err->message, "out of range"));
    g_clear_error(&err);
    g_assert_false(abalone_render_layout(ABALONE_RENDER_MAX_WIDTH + 1, true, &lay, &err));
    g_clear_error(&err);
}

// A place by row and diagonal, on the board or just off it.
typedef struct {
    int row, diag;
} Spot;

// The arrows of a move as the picture must show them: in-line, from the tail to where the
// last moving marble lands (the last pushed one's place, off the board when ejected);
// broadside, from each marble to its new cell.
static int move_segments(Move m, Spot from[3], Spot to[3])
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int step = abalone_dir_step[mi->dir], dr = (int)lround(step / 10.0), dd = step - 10 * dr;
    bool inline_move = mi->axis == ABALONE_AXIS_INLINE;
    int n = inline_move ? 1 : mi->count, k = inline_move ? mi->count + ABALONE_MOVE_PUSHED(m) : 1;
    for (int i = 0; i < n; i++) {
        from[i] = (Spot){abalone_pos_row(mi->cell[i]), abalone_pos_diag(mi->cell[i])};
        to[i] = (Spot){from[i].row + k * dr, from[i].diag + k * dd};
    }
    return n;
}

static void spot_xy(const AbaloneRenderLayout *lay, Spot p, double *x, double *y)
{
    abalone_render_cell_xy(lay, p.row, p.diag, x, y);
}

// The cells a move's arrows pass over (markers cover their centres).
static AbaloneBits move_cells(Move m)
{
    Spot from[3], to[3];
    int n = move_segments(m, from, to);
    AbaloneBits cells = 0;
    for (int k = 0; k < n; k++) {
        int len = MAX(abs(to[k].row - from[k].row), abs(to[k].diag - from[k].diag));
        for (int i = 0; i <= len; i++) {
            int row = from[k].row + i * (to[k].row - from[k].row) / len;
            int diag = from[k].diag + i * (to[k].diag - from[k].diag) / len;
            if (row >= 0 && row < 9 && diag >= 0 && diag < 9 && abs(row - diag) <= 4)
                cells |= abalone_bit(abalone_pos_of(row, diag));
        }
    }
    return cells;
}

static double segment_distance(double px, double py, double x0, double y0, double x1, double y1)
{
    double dx = x1 - x0, dy = y1 - y0, t = ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(px - x0 - t * dx, py - y0 - t * dy);
}

// Pixels of the last-move colour outside the places the marker may use, and the count of
// those inside.
static void count_marker(const Raster *r, const AbaloneRenderLayout *lay, Move m, int *inside,
                         int *outside)
{
    RasterColor accent = abalone_render_style_default()->last_move;
    Spot from[3], to[3];
    int n = m ? move_segments(m, from, to) : 0;
    *inside = *outside = 0;
    for (int y = 0; y < r->height; y++)
        for (int x = 0; x < r->width; x++) {
            if (test_pixel_distance(r, x, y, accent) > 40) continue;
            bool near = false;
            for (int k = 0; k < n && !near; k++) {
                double x0, y0, x1, y1;
                spot_xy(lay, from[k], &x0, &y0);
                spot_xy(lay, to[k], &x1, &y1);
                double reach = ABALONE_MOVE_EJECTS(m) ? lay->marble_radius + 2 : 0.3 * lay->cell;
                near = segment_distance(x + 0.5, y + 0.5, x0, y0, x1, y1) < 0.3 * lay->cell ||
                       hypot(x + 0.5 - x0, y + 0.5 - y0) < lay->hole_radius ||
                       hypot(x + 0.5 - x1, y + 0.5 - y1) < reach;
            }
            ++*(near ? inside : outside);
        }
}

// The smallest colour distance to c among the pixels up to `around` pixels from (x, y).
static double nearest(const Raster *r, double x, double y, RasterColor c, int around)
{
    double best = INFINITY;
    for (int dy = -around; dy <= around; dy++)
        for (int dx = -around; dx <= around; dx++)
            best = fmin(best, test_pixel_distance(r, x + dx, y + dy, c));
    return best;
}

// Whether (x, y) lies in the box of a coordinate label, with a pixel's margin.
static bool on_label(const AbaloneRenderLayout *lay, double x, double y)
{
    char text[2];
    RasterRect box;
    for (int i = 0; abalone_render_label(lay, i, text, &box); i++)
        if (x >= box.x - 1 && x <= box.x + box.width + 1 && y >= box.y - 1 &&
            y <= box.y + box.height + 1)
            return true;
    return false;
}

static void check_last_move(const AbaloneBoard *after, Move m, int width)
{
    const AbaloneRenderStyle *st = abalone_render_style_default();
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    o.width = width, o.last_move = m;
    Raster *r = render(after, &o);
    AbaloneRenderLayout lay = layout_of(&o);
    int inside, outside;
    count_marker(r, &lay, m, &inside, &outside);
    g_assert_cmpint(outside, ==, 0);
    g_assert_cmpint(inside, >, 0);
    check_cells(r, &lay, 0, 0, after, move_cells(m)); // the rest of the board untouched
    Spot from[3], to[3];
    int n = move_segments(m, from, to);
    for (int k = 0; k < n; k++) {
        double x0, y0, x1, y1;
        spot_xy(&lay, from[k], &x0, &y0);
        spot_xy(&lay, to[k], &x1, &y1);
        // The shaft halfway, and the ring in the emptied hole behind the arrow's start.
        double len = hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
        // Thin lines of small pictures may fall between pixel centres: look one pixel around.
        int around = width >= 800 ? 0 : 1;
        g_assert_cmpfloat(nearest(r, (x0 + x1) / 2, (y0 + y1) / 2, st->last_move, around), <,
                          width >= 800 ? 6 : 40);
        double ring = 0.62 * lay.hole_radius;
        g_assert_cmpfloat(nearest(r, x0 - ux * ring, y0 - uy * ring, st->last_move, around), <,
                          width >= 800 ? 30 : 80);
        if (ABALONE_MOVE_EJECTS(m)) {
            // A faded marble on the frame where the ejected one went, the arrow's tip at its
            // rim: around its centre (where a coordinate label may sit), not the frame colour.
            // A label under the ghost is edged in the frame colour on purpose (it stays
            // readable), and the arrow's tip, outlined in a dark colour, sits on the rim:
            // sample points inside a label's box or near the tip do not count. A black
            // marble's ghost is dark: 15 colour units from the frame, not more, tell it.
            int faded = 0, sampled = 0;
            for (int a = 0; a < 8; a++) {
                double gx = x1 + cos(a * G_PI / 4) * 0.75 * lay.marble_radius,
                       gy = y1 + sin(a * G_PI / 4) * 0.75 * lay.marble_radius;
                double tip =
                    hypot(gx - (x1 - ux * lay.marble_radius), gy - (y1 - uy * lay.marble_radius));
                if (on_label(&lay, gx, gy) || tip < 0.6 * lay.marble_radius) continue;
                sampled++;
                faded += test_pixel_distance(r, gx, gy, st->frame) > 15;
            }
            g_assert_cmpint(sampled, >=, 4);
            g_assert_cmpint(faded, >=, sampled - 1);
        }
    }
    raster_free(r);
    // Without the last move, no pixel of its colour at all.
    o.last_move = MOVE_NONE;
    r = render(after, &o);
    count_marker(r, &lay, MOVE_NONE, &inside, &outside);
    g_assert_cmpint(inside + outside, ==, 0);
    raster_free(r);
}

static void test_last_move(void)
{
    GRand *rng = test_rand();
    int checked = 0, ejections = 0, broadsides = 0;
    for (int game = 0; game < 30 && (checked < 12 || ejections < 2 || broadsides < 2); game++) {
        AbaloneBoard b;
        abalone_board_set_layout(&b, abalone_layout_name(game % abalone_layout_count()));
        for (int ply = 0; ply < 200 && !abalone_board_decided(&b); ply++) {
            Move m = test_random_move(&b, rng, 0.7);
            if (m == MOVE_NONE) break;
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
            bool eject = ABALONE_MOVE_EJECTS(m);
            bool broad = abalone_tables.move[ABALONE_MOVE_INDEX(m)].axis != ABALONE_AXIS_INLINE;
            if (!(eject && ejections < 3) && !(broad && broadsides < 2) &&
                g_rand_int_range(rng, 0, 40))
                continue;
            check_last_move(&b, m, sizes[checked % 3]);
            checked++, ejections += eject, broadsides += broad;
        }
    }
    g_assert_cmpint(ejections, >=, 2);
    g_assert_cmpint(broadsides, >=, 2);
    g_rand_free(rng);
}

// When the ejected marble's ghost lands on a coordinate label, the label stays readable: its
// glyph in the label colour, edged with the frame colour against the pale ghost, and no pixel
// of the arrow inside its box. Returns whether the ejection landed on a label.
static bool check_label_under_ghost(const AbaloneBoard *after, Move m, int width)
{
    const AbaloneRenderStyle *st = abalone_render_style_default();
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    o.width = width, o.last_move = m;
    AbaloneRenderLayout lay = layout_of(&o);
    Spot from[3], to[3];
    move_segments(m, from, to);
    double gx, gy;
    spot_xy(&lay, to[0], &gx, &gy);
    char text[2];
    RasterRect box;
    int i = 0;
    for (; i < 18; i++) {
        g_assert_true(abalone_render_label(&lay, i, text, &box));
        if (hypot(box.x + box.width / 2.0 - gx, box.y + box.height / 2.0 - gy) < lay.marble_radius)
            break;
    }
    if (i == 18) return false;
    Raster *r = render(after, &o);
    uint8_t rows[FONT_GLYPH_ROWS];
    font_glyph(text[0], rows);
    int s = lay.label_scale, inked = 0, edged = 0, edge_places = 0;
    for (int y = -1; y <= FONT_CAP_HEIGHT; y++)
        for (int x = -1; x <= FONT_GLYPH_WIDTH; x++) {
            bool in = y >= 0 && y < FONT_CAP_HEIGHT && x >= 0 && x < FONT_GLYPH_WIDTH;
            bool ink = in && (rows[y] & (0x10 >> x));
            double px = box.x + x * s + s / 2.0, py = box.y + y * s + s / 2.0;
            if (ink) {
                g_assert_cmpfloat(test_pixel_distance(r, px, py, st->label), <, 2);
                inked++;
                continue;
            }
            bool next_to_ink = false; // a blank glyph cell touching an inked one
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int yy = y + dy, xx = x + dx;
                    next_to_ink |= yy >= 0 && yy < FONT_CAP_HEIGHT && xx >= 0 &&
                                   xx < FONT_GLYPH_WIDTH && (rows[yy] & (0x10 >> xx));
                }
            if (!next_to_ink) continue;
            edge_places++;
            edged += test_pixel_distance(r, px, py, st->frame) < 24;
        }
    g_assert_cmpint(inked, >=, 7);
    // The font joins diagonal strokes by inking halves of some blank places: not all, but most
    // blank places next to the ink show the edge at their centre (none would without it).
    g_assert_cmpint(edged * 2, >=, edge_places);
    for (int y = box.y; y < box.y + box.height; y++)
        for (int x = box.x; x < box.x + box.width; x++)
            g_assert_cmpfloat(test_pixel_distance(r, x + 0.5, y + 0.5, st->last_move), >, 40);
    raster_free(r);
    return true;
}

// An ejection in each of the six directions, from every edge cell the direction leaves by:
// the ejected marble shows just off the board where it went, in rows and diagonals (bit
// positions wrap around the east side).
static void test_ejections(void)
{
    int checked[6] = {0}, on_label = 0;
    for (int cell = 0; cell < ABALONE_CELLS; cell++)
        for (int d = 0; d < 6; d++) {
            int pos = abalone_tables.cell_pos[cell], step = abalone_dir_step[d];
            int dr = (int)lround(step / 10.0), dd = step - 10 * dr;
            int r = abalone_pos_row(pos) + dr, c = abalone_pos_diag(pos) + dd;
            bool leaves = r < 0 || r > 8 || c < 0 || c > 8 || abs(r - c) > 4;
            int tail = pos - 2 * step;
            if (!leaves || !abalone_pos_valid(pos - step) || !abalone_pos_valid(tail)) continue;
            AbaloneBoard b;
            abalone_board_clear(&b);
            b.bb[ABALONE_BLACK] = abalone_bit(tail) | abalone_bit(pos - step);
            b.bb[ABALONE_WHITE] = abalone_bit(pos);
            b.key = abalone_board_compute_key(&b);
            int index = abalone_tables.inline_index[1][d][tail];
            g_assert_cmpint(index, >=, 0);
            Move m = abalone_board_move_from_index(&b, index);
            g_assert_cmpint(ABALONE_MOVE_EJECTS(m), ==, 1);
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
            check_last_move(&b, m, checked[d]++ % 2 ? 400 : 800);
            on_label += check_label_under_ghost(&b, m, 800);
        }
    for (int d = 0; d < 6; d++) g_assert_cmpint(checked[d], ==, 9); // 9 edge cells a side
    g_assert_cmpint(on_label, >, 0);
    g_test_message("%d ejections land on a coordinate label", on_label);
}

// The trays hold the lost marbles from slot 0 on; the marble at the top left shows the side
// to move, or the winner once six are out.
static void test_trays_and_turn(void)
{
    GRand *rng = test_rand();
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    for (int k = 0; k < 8; k++) {
        AbaloneBoard b;
        int lost[2] = {k % 7, (k * 3 + 1) % 7};
        test_random_position(&b, rng, 14 - lost[0], 14 - lost[1], k % 2);
        o.width = sizes[k % 3], o.header = k % 2 == 0;
        Raster *r = render(&b, &o);
        AbaloneRenderLayout lay = layout_of(&o);
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < 6; s++) {
                double x, y;
                abalone_render_tray_xy(&lay, c, s, &x, &y);
                double d = test_pixel_distance(r, x, y, marble_centre(c, lay.tray_radius, x, y));
                if (s < lost[c])
                    g_assert_cmpfloat(d, <, 2);
                else
                    g_assert_cmpfloat(d, >, 40);
            }
        int shown = b.side;
        if (lost[0] == 6) shown = ABALONE_WHITE;
        if (lost[1] == 6) shown = ABALONE_BLACK;
        double tx = lay.turn_x, ty = lay.turn_y, tr = lay.turn_radius;
        g_assert_cmpfloat(test_pixel_distance(r, tx, ty, marble_centre(shown, tr, tx, ty)), <, 2);
        g_assert_cmpfloat(test_pixel_distance(r, tx, ty, marble_centre(!shown, tr, tx, ty)), >,
                          100);
        raster_free(r);
    }
    g_rand_free(rng);
}

// A principal variation: an arrow and a numbered badge for each move.
static void test_pv(void)
{
    GRand *rng = test_rand();
    const AbaloneRenderStyle *st = abalone_render_style_default();
    AbaloneBoard b, walk;
    abalone_board_set_layout(&b, "belgian");
    Move pv[4];
    walk = b;
    for (int i = 0; i < 4; i++) {
        AbaloneUndo u;
        pv[i] = test_random_move(&walk, rng, 0);
        abalone_board_make(&walk, pv[i], &u);
    }
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    o.pv = pv, o.pv_length = 4;
    Raster *r = render(&b, &o);
    AbaloneRenderLayout lay = layout_of(&o);
    for (int i = 0; i < 4; i++) {
        Spot from[3], to[3];
        move_segments(pv[i], from, to);
        double x, y;
        spot_xy(&lay, from[0], &x, &y);
        // Badges of later moves may cover earlier ones on the same cell.
        bool covered = false;
        for (int j = i + 1; j < 4; j++) {
            Spot f2[3], t2[3];
            move_segments(pv[j], f2, t2);
            covered |= f2[0].row == from[0].row && f2[0].diag == from[0].diag;
        }
        if (covered) continue;
        RasterColor colour = st->pv[i & 1];
        double ring = 0.2 * lay.cell - 2; // inside the badge, outside its number
        g_assert_cmpfloat(test_pixel_distance(r, x - ring, y + ring * 0.2, colour), <, 10);
        int text = 0; // the number's ink in the middle
        for (int dy = -4; dy <= 4; dy++)
            for (int dx = -4; dx <= 4; dx++)
                text += test_pixel_distance(r, x + dx, y + dy, st->text) < 10;
        g_assert_cmpint(text, >, 3);
    }
    raster_free(r);
    GError *err = NULL;
    o.pv_length = ABALONE_RENDER_MAX_PV + 1;
    g_assert_null(abalone_render_position(&b, &o, &err));
    g_assert_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE);
    g_clear_error(&err);
    o.pv_length = 0, o.width = 10;
    g_assert_null(abalone_render_position(&b, &o, &err));
    g_clear_error(&err);
    g_rand_free(rng);
}

static void random_game(AbaloneGame *g, GRand *rng, int plies)
{
    AbaloneBoard start;
    AbaloneRules rules;
    abalone_board_set_layout(&start, "belgian");
    abalone_rules_default(&rules);
    abalone_game_init(g, &start, &rules);
    for (int i = 0; i < plies && !abalone_board_decided(&g->board); i++)
        abalone_game_play(g, test_random_move(&g->board, rng, 0.5));
}

static void test_sheet(void)
{
    GRand *rng = test_rand();
    const AbaloneRenderStyle *st = abalone_render_style_default();
    AbaloneGame g;
    random_game(&g, rng, 25);
    Series series;
    abalone_render_series(&g, NULL, &series);
    SeriesSheetOptions so;
    series_sheet_options_default(&so);
    so.width = 900, so.every = 4, so.columns = 3;
    int n = series_sheet_count(&series, &so), len = abalone_game_length(&g);
    g_assert_cmpint(n, ==, len / 4 + 1 + (len % 4 ? 1 : 0));
    GError *err = NULL;
    Raster *r = test_png_roundtrip(series_sheet(&series, &so, &err));
    g_assert_no_error(err);
    g_assert_cmpint(r->width, ==, 900);
    AbaloneRenderLayout lay;
    abalone_render_layout(series_sheet_thumb_width(&series, &so), false, &lay, NULL);
    for (int i = 0; i < n; i++) {
        RasterRect thumb, cap;
        series_sheet_thumb_rect(&series, &so, i, &thumb, &cap);
        g_assert_cmpint(thumb.x + thumb.width, <=, r->width);
        g_assert_cmpint(cap.y + cap.height, <=, r->height);
        g_assert_cmpint(cap.y, >=, thumb.y + thumb.height);
        int ply = series_sheet_ply(&series, &so, i);
        g_assert_cmpint(ply, ==, i == n - 1 ? len : 4 * i);
        AbaloneBits marked = ply ? move_cells(abalone_game_move(&g, ply - 1)) : 0;
        check_cells(r, &lay, thumb.x, thumb.y, abalone_game_position(&g, ply), marked);
        int ink = 0;
        for (int y = cap.y; y < cap.y + cap.height; y++)
            for (int x = cap.x; x < cap.x + cap.width; x++)
                ink += test_pixel_distance(r, x, y, st->text) < 2;
        g_assert_cmpint(ink, >=, cap.width * cap.height / 8);
    }
    raster_free(r);
    so.columns = 20; // thumbnails too narrow
    g_assert_null(series_sheet(&series, &so, &err));
    g_assert_nonnull(strstr(err->message, "narrower than"));
    g_clear_error(&err);
    abalone_game_free(&g);
    g_rand_free(rng);
}

static void test_frames(void)
{
    GRand *rng = test_rand();
    AbaloneGame g;
    random_game(&g, rng, 5);
    char *dir = test_temp_dir(), *sub = g_build_filename(dir, "frames", NULL);
    AbaloneRenderOptions o;
    abalone_render_options_default(&o);
    o.width = 240;
    Series series;
    abalone_render_series(&g, o.style, &series);
    SeriesPicture look = {.width = o.width, .coordinates = o.coordinates, .header = o.header};
    GError *err = NULL;
    g_assert_cmpint(series_frames(&series, &look, sub, &err), ==, 6);
    g_assert_no_error(err);
    AbaloneRenderLayout lay = layout_of(&o);
    for (int i = 0; i <= 6; i++) {
        char name[32];
        snprintf(name, sizeof name, "frame-%04d.png", i);
        char *path = g_build_filename(sub, name, NULL);
        Raster *r = png_read_raster(path, NULL);
        g_assert_cmpint(r != NULL, ==, i < 6);
        if (r) {
            AbaloneBits marked = i ? move_cells(abalone_game_move(&g, i - 1)) : 0;
            check_cells(r, &lay, 0, 0, abalone_game_position(&g, i), marked);
        }
        raster_free(r);
        g_unlink(path);
        g_free(path);
    }
    g_assert_cmpint(g_rmdir(sub), ==, 0); // nothing else was left in it
    // A file where the directory should be.
    g_assert_true(g_file_set_contents(sub, "x", 1, NULL));
    g_assert_cmpint(series_frames(&series, &look, sub, &err), ==, -1);
    g_assert_nonnull(strstr(err->message, "frames"));
    g_clear_error(&err);
    g_free(sub);
    test_remove_dir(dir);
    abalone_game_free(&g);
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/render/cells", test_cells);
    g_test_add_func("/abalone/render/labels", test_labels);
    g_test_add_func("/abalone/render/geometry", test_geometry);
    g_test_add_func("/abalone/render/last-move", test_last_move);
    g_test_add_func("/abalone/render/ejections", test_ejections);
    g_test_add_func("/abalone/render/trays-turn", test_trays_and_turn);
    g_test_add_func("/abalone/render/pv", test_pv);
    g_test_add_func("/abalone/render/sheet", test_sheet);
    g_test_add_func("/abalone/render/frames", test_frames);
    return g_test_run();
}
