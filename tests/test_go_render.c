// SPDX-License-Identifier: MIT
// Pictures of Go positions, decoded back from PNG: the stone's colour at the centre of every
// occupied point and the board (and the crossing lines) at every empty one, the last move's
// marker there and nowhere else, the image size asked for, every coordinate drawn as its
// glyph inside the image and clear of the stones, the star points where they belong, the side
// to move and the captures as text, for 2x2, 9x9, 13x13 and 19x19 at several widths; the
// geometry at every width; a principal variation's numbered stones; the ownership heat map.
#include <math.h>
#include <string.h>

#include "core/draw/font.h"
#include "go/render.h"
#include "tests/go_random.h"
#include "tests/picture_util.h"
#include "tests/test_util.h"

static const int board_sizes[4] = {2, 9, 13, 19};
static const int widths[5] = {64, 200, 333, 800, 1600};

static Raster *render(const GoBoard *b, const GoRenderOptions *o)
{
    GError *err = NULL;
    Raster *r = go_render_position(b, o, &err);
    g_assert_no_error(err);
    return test_png_roundtrip(r);
}

static GoRenderLayout layout_of(int size, const GoRenderOptions *o)
{
    GoRenderLayout lay;
    g_assert_true(go_render_layout(size, o->width, o->coordinates, o->header, &lay, NULL));
    return lay;
}

// The colour a stone centred on (x, y) gives the pixel holding (x, y): one drawn alone at the
// same offset within its pixel.
static RasterColor stone_centre(int colour, double radius, double x, double y)
{
    int size = (int)(2 * radius) + 8, c = size / 2;
    Raster *r = raster_new(size, size, NULL);
    go_render_draw_stone(r, c + (x - floor(x)), c + (y - floor(y)), radius, colour,
                         go_render_style_default());
    RasterColor col = raster_get(r, c, c);
    raster_free(r);
    return col;
}

// A position after `moves` random moves (captures favoured); returns the last move.
static Move random_position(GoBoard *b, int size, int moves, GRand *rng)
{
    const GoRandomBias bias = {0.01, 0.5, 0};
    go_board_init(b, size);
    Move last = MOVE_NONE;
    for (int i = 0; i < moves; i++) {
        last = go_test_random_move(b, rng, &bias);
        go_board_play(b, last, NULL);
    }
    return last;
}

// Every point of b (drawn at offset ox, oy) but `skip`: the stone's colour at its centre, or
// the line colour there and the board's colour a little off the lines around it.
static void check_points(const Raster *r, const GoRenderLayout *lay, int ox, int oy,
                         const GoBoard *b, Move skip)
{
    const GoRenderStyle *st = go_render_style_default();
    double d = 0.3 * lay->cell;
    bool off_lines = d >= 2 * lay->line_width + 1.5;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y), c = b->color[p];
            if ((Move)p == skip) continue;
            double px, py;
            go_render_point_xy(lay, x, y, &px, &py);
            px += ox, py += oy;
            RasterColor want =
                c == GO_EMPTY ? st->line : stone_centre(c, lay->stone_radius, px, py);
            double dist = test_pixel_distance(r, px, py, want);
            if (dist > 2)
                g_error("%dx%d at %d pixels, point (%d, %d): want %s, %.1f away", b->size, b->size,
                        lay->width, x, y, c == GO_EMPTY ? "the lines" : "a stone", dist);
            if (c != GO_EMPTY || !off_lines) continue;
            for (int k = 0; k < 4; k++) {
                double sx = px + (k & 1 ? d : -d), sy = py + (k & 2 ? d : -d);
                if (test_pixel_distance(r, sx, sy, st->board) > 2)
                    g_error("%dx%d at %d pixels, empty point (%d, %d): no board at (%.1f, %.1f)",
                            b->size, b->size, lay->width, x, y, sx, sy);
            }
        }
}

static void test_points(void)
{
    GRand *rng = test_rand();
    GoBoard *b = g_new(GoBoard, 1);
    GoRenderOptions o;
    go_render_options_default(&o);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 5; k++) {
            int n = board_sizes[i];
            o.last_move = random_position(b, n, n * n * 2 / 3 + 1, rng);
            o.width = widths[k];
            o.coordinates = o.header = k != 2; // 333 pixels: without them
            Raster *r = render(b, &o);
            GoRenderLayout lay = layout_of(n, &o);
            g_assert_cmpint(r->width, ==, o.width);
            g_assert_cmpint(r->height, ==, lay.height);
            check_points(r, &lay, 0, 0, b, o.last_move);
            raster_free(r);
        }
    g_free(b);
    g_rand_free(rng);
}

// Pixels of the marker's colour: all on the last move's stone (a ring, or its number).
static int marker_pixels(const Raster *r, const GoRenderLayout *lay, const GoBoard *b, Move m)
{
    const GoRenderStyle *st = go_render_style_default();
    double mx = -1e9, my = -1e9;
    if (m != MOVE_NONE && m != GO_PASS)
        go_render_point_xy(lay, go_point_x(b, (int)m), go_point_y(b, (int)m), &mx, &my);
    int count = 0;
    for (int y = 0; y < r->height; y++)
        for (int x = 0; x < r->width; x++) {
            if (raster_color_distance(raster_get(r, x, y), st->marker) > 60) continue;
            if (hypot(x + 0.5 - mx, y + 0.5 - my) > lay->stone_radius + 1)
                g_error("marker colour at (%d, %d), away from the last move", x, y);
            count++;
        }
    return count;
}

static void test_last_move(void)
{
    GRand *rng = test_rand();
    GoBoard *b = g_new(GoBoard, 1);
    GoRenderOptions o;
    go_render_options_default(&o);
    int numbers[GO_MAX_POINTS];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 5; k++) {
            int n = board_sizes[i];
            Move m = random_position(b, n, n * n / 2 + 1, rng);
            while (m == GO_PASS || b->color[m] == GO_EMPTY) // a stone last
                m = random_position(b, n, n * n / 2 + 1, rng);
            o.width = widths[k];
            o.last_move = m;
            // With move numbers, the last move's number takes the marker's colour.
            for (int p = 0; p < n * n; p++) numbers[p] = p + 1;
            o.numbers = k % 2 ? numbers : NULL;
            Raster *r = render(b, &o);
            GoRenderLayout lay = layout_of(n, &o);
            g_assert_cmpint(marker_pixels(r, &lay, b, m), >, 0);
            raster_free(r);
            // A pass, or no last move: no marker anywhere.
            o.last_move = k % 2 ? GO_PASS : MOVE_NONE;
            r = render(b, &o);
            g_assert_cmpint(marker_pixels(r, &lay, b, o.last_move), ==, 0);
            raster_free(r);
        }
    g_free(b);
    g_rand_free(rng);
}

// Largest distance from a point to a rectangle (0 inside).
static double rect_distance(RasterRect box, double x, double y)
{
    double dx = fmax(0, fmax(box.x - x, x - (box.x + box.width)));
    double dy = fmax(0, fmax(box.y - y, y - (box.y + box.height)));
    return hypot(dx, dy);
}

// Every font pixel of a text drawn at its box: ink where the glyph has it, `paper` elsewhere
// in the box.
static void check_glyphs(const Raster *r, const char *text, int scale, RasterRect box,
                         RasterColor ink, RasterColor paper)
{
    Raster *want = raster_new(r->width, r->height, NULL);
    raster_clear(want, paper);
    font_draw_text(want, box.x, box.y, text, scale, ink);
    int inked = 0;
    for (int y = box.y; y < box.y + box.height; y++)
        for (int x = box.x; x < box.x + box.width; x++) {
            RasterColor w = raster_get(want, x, y);
            if (raster_color_distance(raster_get(r, x, y), w) > 2)
                g_error("text '%s' at scale %d: pixel (%d, %d) is off", text, scale, x, y);
            inked += raster_color_distance(w, ink) < 1;
        }
    g_assert_cmpint(inked, >=, 3 * scale * scale);
    raster_free(want);
}

static void test_labels(void)
{
    const GoRenderStyle *st = go_render_style_default();
    const char *letters = "ABCDEFGHJKLMNOPQRST";
    GoBoard *b = g_new(GoBoard, 1);
    GRand *rng = test_rand();
    GoRenderOptions o;
    go_render_options_default(&o);
    for (int i = 0; i < 4; i++)
        for (int k = 1; k < 5; k++) {
            int n = board_sizes[i];
            random_position(b, n, n * n / 2, rng);
            o.width = widths[k];
            GoRenderLayout lay = layout_of(n, &o);
            if (o.width >= 800 || n < 13) g_assert_cmpint(lay.label_scale, >=, 1);
            if (lay.label_scale < 1) continue;
            Raster *r = render(b, &o);
            for (int j = 0; j < 4 * n; j++) {
                char text[GO_RENDER_LABEL_TEXT], want[4];
                RasterRect box;
                g_assert_true(go_render_label(&lay, j, text, &box));
                int side = j / n, q = j % n;
                if (side < 2)
                    g_snprintf(want, sizeof want, "%c", letters[q]);
                else
                    g_snprintf(want, sizeof want, "%d", q + 1);
                g_assert_cmpstr(text, ==, want);
                g_assert_cmpint(box.x, >=, 0);
                g_assert_cmpint(box.y, >=, lay.header_height);
                g_assert_cmpint(box.x + box.width, <=, r->width);
                g_assert_cmpint(box.y + box.height, <=, r->height - lay.footer_height);
                // Beside the line it names, outside the grid, clear of every stone's place.
                double px, py, cx = box.x + box.width / 2.0, cy = box.y + box.height / 2.0;
                go_render_point_xy(&lay, side < 2 ? q : 0, side < 2 ? 0 : q, &px, &py);
                g_assert_cmpfloat(fabs(side < 2 ? cx - px : cy - py), <=, 1);
                for (int y = 0; y < n; y++)
                    for (int x = 0; x < n; x++) {
                        go_render_point_xy(&lay, x, y, &px, &py);
                        g_assert_cmpfloat(rect_distance(box, px, py), >, lay.stone_radius);
                    }
                check_glyphs(r, text, lay.label_scale, box, st->label, st->board);
            }
            g_assert_false(go_render_label(&lay, 4 * n, (char[4]){0}, &(RasterRect){0}));
            raster_free(r);
        }
    g_rand_free(rng);
    g_free(b);
}

// The star points as lists, and on empty boards of every size: a dot at each, none elsewhere.
static void test_stars(void)
{
    int x[GO_RENDER_MAX_STARS], y[GO_RENDER_MAX_STARS];
    static const char *const want[20] = {
        [9] = "22 26 44 62 66",
        [13] = "33 39 66 93 99",
        [19] = "33 39 3f 93 99 9f f3 f9 ff"}; // x then y, in hexadecimal
    for (int n = GO_MIN_SIZE; n <= GO_MAX_SIZE; n++) {
        int count = go_render_star_points(n, x, y);
        GString *s = g_string_new(NULL);
        for (int i = 0; i < count; i++)
            g_string_append_printf(s, "%s%x%x", i ? " " : "", x[i], y[i]);
        g_assert_cmpstr(s->str, ==, want[n] ? want[n] : "");
        g_string_free(s, TRUE);
    }
    const GoRenderStyle *st = go_render_style_default();
    GoBoard *b = g_new(GoBoard, 1);
    GoRenderOptions o;
    go_render_options_default(&o);
    for (int n = GO_MIN_SIZE; n <= GO_MAX_SIZE; n++)
        for (int w = 400; w <= 1600; w *= 2) {
            go_board_init(b, n);
            o.width = w;
            GoRenderLayout lay = layout_of(n, &o);
            Raster *r = render(b, &o);
            bool star[GO_MAX_POINTS] = {false};
            int count = go_render_star_points(n, x, y);
            for (int i = 0; i < count; i++) star[y[i] * n + x[i]] = true;
            double d = lay.line_width / 2 + 0.5; // the centre of a pixel next to the lines
            for (int py = 0; py < n; py++)
                for (int px = 0; px < n; px++) {
                    double cx, cy;
                    go_render_point_xy(&lay, px, py, &cx, &cy);
                    RasterColor c = star[py * n + px] ? st->line : st->board;
                    // Towards the inside of the grid: the edge lines are thicker outwards.
                    double sx = px < n - 1 ? d : -d, sy = py > 0 ? d : -d;
                    if (test_pixel_distance(r, cx + sx, cy + sy, c) > 2)
                        g_error("%dx%d at %d pixels, (%d, %d): %s", n, n, w, px, py,
                                star[py * n + px] ? "no star point" : "a dot where none belongs");
                }
            raster_free(r);
        }
    g_free(b);
}

// Header and footer: the side to move and each side's captures as text with the right stone
// beside it, inside their bands.
static void check_texts(const Raster *r, const GoRenderLayout *lay, const GoBoard *b,
                        const GoRenderOptions *o, const char *turn)
{
    const GoRenderStyle *st = go_render_style_default();
    GoRenderText t[GO_RENDER_TEXTS];
    go_render_texts(lay, b, o, t);
    g_assert_cmpstr(t[GO_RENDER_TEXT_TURN].text, ==, turn);
    g_assert_cmpint(t[GO_RENDER_TEXT_TURN].icon, ==, b->side);
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        const GoRenderText *c =
            &t[colour == GO_BLACK ? GO_RENDER_TEXT_BLACK_CAPTURES : GO_RENDER_TEXT_WHITE_CAPTURES];
        char want[64];
        g_snprintf(want, sizeof want, "%s captured %d", colour == GO_BLACK ? "Black" : "White",
                   b->captures[colour]);
        g_assert_cmpstr(c->text, ==, want);
        g_assert_cmpint(c->icon, ==, colour);
        g_assert_cmpint(c->box.y, >=, lay->height - lay->footer_height);
    }
    for (int k = 0; k < GO_RENDER_TEXTS; k++) {
        if (!t[k].text[0]) continue;
        g_assert_cmpint(t[k].box.x, >=, 0);
        g_assert_cmpint(t[k].box.x + t[k].box.width, <=, r->width);
        g_assert_cmpint(t[k].box.y + t[k].box.height, <=, r->height);
        if (k <= GO_RENDER_TEXT_CAPTION)
            g_assert_cmpint(t[k].box.y + t[k].box.height, <=, lay->header_height);
        check_glyphs(r, t[k].text, t[k].scale, t[k].box, st->text, st->background);
        if (t[k].icon == GO_EMPTY) continue;
        RasterColor want = stone_centre(t[k].icon, t[k].icon_radius, t[k].icon_x, t[k].icon_y);
        g_assert_cmpfloat(test_pixel_distance(r, t[k].icon_x, t[k].icon_y, want), <=, 2);
        g_assert_cmpfloat(t[k].icon_x + t[k].icon_radius, <, t[k].box.x);
    }
}

static void test_texts(void)
{
    GRand *rng = test_rand();
    GoBoard *b = g_new(GoBoard, 1);
    const GoRandomBias bias = {0, 1, 0};
    go_board_init(b, 9);
    while (b->captures[GO_BLACK] < 2 || b->captures[GO_WHITE] < 3)
        go_board_play(b, go_test_random_move(b, rng, &bias), NULL);
    GoRenderOptions o;
    go_render_options_default(&o);
    o.caption = "move 99 of 100";
    char turn[64];
    for (int k = 0; k < 3; k++) {
        o.last_move = k == 0 ? MOVE_NONE : GO_PASS;
        const char *side = b->side == GO_BLACK ? "Black" : "White";
        const char *other = b->side == GO_BLACK ? "White" : "Black";
        if (k == 0) g_snprintf(turn, sizeof turn, "%s to move", side);
        if (k == 1) g_snprintf(turn, sizeof turn, "%s to move, %s passed", side, other);
        if (k == 2) g_snprintf(turn, sizeof turn, "%s to move, game over (two passes)", side);
        for (int w = 800; w <= 1600; w += 800) {
            o.width = w;
            Raster *r = render(b, &o);
            GoRenderLayout lay = layout_of(9, &o);
            g_assert_cmpint(lay.header_height, >, 0);
            check_texts(r, &lay, b, &o, turn);
            raster_free(r);
        }
        go_board_play(b, GO_PASS, NULL);
    }
    // Narrow pictures keep the texts, shorter or smaller; the narrowest have none.
    for (int w = GO_RENDER_MIN_WIDTH; w <= 400; w += 7) {
        GoRenderLayout lay;
        g_assert_true(go_render_layout(9, w, true, true, &lay, NULL));
        GoRenderText t[GO_RENDER_TEXTS];
        go_render_texts(&lay, b, &o, t);
        for (int k = 0; k < GO_RENDER_TEXTS; k++)
            if (k != GO_RENDER_TEXT_CAPTION) g_assert_cmpint(t[k].text[0] != 0, ==, w >= 120);
        g_assert_cmpint(lay.header_height > 0, ==, w >= 120);
    }
    g_free(b);
    g_rand_free(rng);
}

// Geometry at every width: neighbours s apart (to a pixel), stones on the board, the board and
// the coordinates inside the image, texts from about 120 pixels, coordinates from s = 16.
static void test_geometry(void)
{
    for (int n = GO_MIN_SIZE; n <= GO_MAX_SIZE; n++)
        for (int w = GO_RENDER_MIN_WIDTH; w <= GO_RENDER_MAX_WIDTH; w += w < 500 ? 3 : 173) {
            GoRenderLayout lay;
            g_assert_true(go_render_layout(n, w, true, true, &lay, NULL));
            g_assert_cmpint(lay.width, ==, w);
            g_assert_cmpfloat(lay.board_x0, >=, 0);
            g_assert_cmpfloat(lay.board_x1, <=, w);
            g_assert_cmpfloat(lay.board_y0, >=, lay.header_height);
            g_assert_cmpfloat(lay.board_y1, <=, lay.height - lay.footer_height);
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    double px, py, qx, qy;
                    go_render_point_xy(&lay, x, y, &px, &py);
                    g_assert_cmpfloat(px - lay.stone_radius, >=, lay.board_x0);
                    g_assert_cmpfloat(px + lay.stone_radius, <=, lay.board_x1);
                    g_assert_cmpfloat(py - lay.stone_radius, >=, lay.board_y0);
                    g_assert_cmpfloat(py + lay.stone_radius, <=, lay.board_y1);
                    go_render_point_xy(&lay, MIN(x + 1, n - 1), MAX(y - 1, 0), &qx, &qy);
                    if (x + 1 < n) g_assert_cmpfloat(fabs(qx - px - lay.cell), <=, 1 + 1e-9);
                    if (y > 0) g_assert_cmpfloat(fabs(qy - py - lay.cell), <=, 1 + 1e-9);
                }
            for (int i = 0; i < 4 * n && lay.label_scale; i++) {
                char text[GO_RENDER_LABEL_TEXT];
                RasterRect box;
                g_assert_true(go_render_label(&lay, i, text, &box));
                g_assert_cmpint(box.x, >=, lay.board_x0);
                g_assert_cmpint(box.y, >=, lay.board_y0);
                g_assert_cmpint(box.x + box.width, <=, lay.board_x1);
                g_assert_cmpint(box.y + box.height, <=, lay.board_y1);
            }
            g_assert_cmpint(lay.header_height > 0, ==, w >= 120);
            // s as it is with coordinates (1.40 s from the edge lines to the board's edge).
            if (w / (n - 1 + 2 * 1.40 + 2 * 0.22) >= 16) g_assert_cmpint(lay.label_scale, >=, 1);
            if (lay.cell < 9) g_assert_cmpint(lay.label_scale, ==, 0);
        }
    GError *err = NULL;
    GoRenderLayout lay;
    g_assert_false(go_render_layout(19, GO_RENDER_MIN_WIDTH - 1, true, true, &lay, &err));
    g_assert_nonnull(strstr(err->message, "out of range"));
    g_clear_error(&err);
    g_assert_false(go_render_layout(19, GO_RENDER_MAX_WIDTH + 1, true, true, &lay, &err));
    g_clear_error(&err);
    g_assert_false(go_render_layout(GO_MAX_SIZE + 1, 800, true, true, &lay, &err));
    g_assert_nonnull(strstr(err->message, "board size 20"));
    g_clear_error(&err);
}

// Pixels of a colour within a square of half-side `half` around (x, y).
static int pixels_near(const Raster *r, double x, double y, double half, RasterColor c)
{
    int n = 0;
    for (int py = (int)(y - half); py <= (int)(y + half); py++)
        for (int px = (int)(x - half); px <= (int)(x + half); px++)
            n += raster_color_distance(raster_get(r, px, py), c) < 40;
    return n;
}

// A principal variation: each point it plays shows a translucent stone of the mover's colour
// (darker than the board for Black, lighter for White) with its number in the stone's number
// colour; a pass keeps its number; other points are untouched; bad variations are refused.
static void test_pv(void)
{
    const GoRenderStyle *st = go_render_style_default();
    GoBoard *b = g_new(GoBoard, 1);
    go_board_init(b, 9);
    GoRenderOptions o;
    go_render_options_default(&o);
    o.width = 400;
    const Move pv[4] = {(Move)go_point(b, 4, 4), (Move)go_point(b, 3, 3), GO_PASS,
                        (Move)go_point(b, 2, 2)};
    const int colour[4] = {GO_BLACK, GO_WHITE, GO_EMPTY, GO_WHITE};
    o.pv = pv;
    o.pv_length = 4;
    Raster *r = render(b, &o);
    o.pv_length = 0;
    Raster *plain = render(b, &o);
    GoRenderLayout lay = layout_of(9, &o);
    double board = test_luminance(st->board), rad = lay.stone_radius;
    for (int i = 0; i < 4; i++) {
        if (pv[i] == GO_PASS) continue;
        double x, y;
        go_render_point_xy(&lay, go_point_x(b, (int)pv[i]), go_point_y(b, (int)pv[i]), &x, &y);
        // Inside the disc, clear of the number and of the grid lines through the centre.
        RasterColor in = raster_get(r, (int)(x + 0.6 * rad), (int)(y + 0.45 * rad));
        RasterColor was = raster_get(plain, (int)(x + 0.6 * rad), (int)(y + 0.45 * rad));
        g_assert_cmpfloat(raster_color_distance(was, st->board), <, 30);
        if (colour[i] == GO_BLACK)
            g_assert_cmpfloat(test_luminance(in), <, board - 60);
        else
            g_assert_cmpfloat(test_luminance(in), >, board + 20);
        g_assert_cmpint(pixels_near(r, x, y, 0.45 * rad, st->number[colour[i] - 1]), >, 3);
        g_assert_cmpint(pixels_near(plain, x, y, 0.45 * rad, st->number[colour[i] - 1]), ==, 0);
    }
    // A point the variation does not play looks as it did.
    double x, y;
    go_render_point_xy(&lay, 7, 1, &x, &y);
    RasterColor a = raster_get(r, (int)(x + 0.6 * rad), (int)(y + 0.45 * rad));
    RasterColor c = raster_get(plain, (int)(x + 0.6 * rad), (int)(y + 0.45 * rad));
    g_assert_cmpfloat(raster_color_distance(a, c), <, 1);
    raster_free(r);
    raster_free(plain);

    GError *err = NULL;
    o.pv_length = GO_RENDER_MAX_PV + 1;
    g_assert_null(go_render_position(b, &o, &err));
    g_assert_nonnull(strstr(err->message, "principal variation of 100 moves"));
    g_clear_error(&err);
    const Move off[1] = {0};
    o.pv = off;
    o.pv_length = 1;
    g_assert_null(go_render_position(b, &o, &err));
    g_assert_nonnull(strstr(err->message, "move 1 of the principal variation"));
    g_clear_error(&err);
    g_free(b);
}

// The ownership heat map: the board's colour off the lines at every point owned by neither,
// darker where Black owns the point, darker still where it owns it in every playout, lighter
// where White does; the picture as large as the layout says.
static void test_ownership(void)
{
    GoBoard b;
    go_board_init(&b, 9);
    double own[81] = {0};
    own[0] = 1.0;   // A1
    own[1] = 0.5;   // B1
    own[80] = -1.0; // J9
    GoRenderOptions o;
    go_render_options_default(&o);
    o.ownership = own;
    Raster *r = render(&b, &o);
    GoRenderLayout lay = layout_of(9, &o);
    g_assert_cmpint(r->width, ==, lay.width);
    g_assert_cmpint(r->height, ==, lay.height);
    double luma[81];
    for (int i = 0; i < 81; i++) {
        double x, y;
        go_render_point_xy(&lay, i % 9, i / 9, &x, &y);
        luma[i] =
            test_luminance(raster_get(r, (int)(x + 0.3 * lay.cell), (int)(y + 0.3 * lay.cell)));
    }
    double board = test_luminance(go_render_style_default()->board);
    for (int i = 2; i < 80; i++) g_assert_cmpfloat(fabs(luma[i] - board), <, 3);
    g_assert_cmpfloat(luma[1], <, board - 30);
    g_assert_cmpfloat(luma[0], <, luma[1] - 30);
    g_assert_cmpfloat(luma[80], >, board + 20);
    raster_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/render/points", test_points);
    g_test_add_func("/go/render/last-move", test_last_move);
    g_test_add_func("/go/render/labels", test_labels);
    g_test_add_func("/go/render/stars", test_stars);
    g_test_add_func("/go/render/texts", test_texts);
    g_test_add_func("/go/render/geometry", test_geometry);
    g_test_add_func("/go/render/pv", test_pv);
    g_test_add_func("/go/render/ownership", test_ownership);
    return g_test_run();
}
