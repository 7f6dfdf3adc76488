// SPDX-License-Identifier: MIT
// Where the parts of a Go picture go: every length a multiple of the line spacing s, chosen so
// that the board with its coordinates fills the width, the header above and the footer below
// it; the grid lines on whole pixels and the text in whole font scales.
#include "go/render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/draw/font.h"

G_DEFINE_QUARK(go - render - error - quark, go_render_error)

// Lengths in units of the line spacing s.
#define U_STONE       0.475 // stone radius (a gap of 0.05 between neighbours)
#define U_EDGE_PLAIN  0.62  // from the edge lines to the board's edge, without coordinates
#define U_EDGE_LABELS 1.40  // ... with coordinates
#define U_MARGIN      0.22  // around the board
#define U_LINE        0.03  // grid lines (at least one pixel)

static const char column_letters[] = "ABCDEFGHJKLMNOPQRST";

// The header's font scale for an image width: 3 at 800 pixels, 0 below 120.
static int text_scale_for(int width)
{
    return width < 120 ? 0 : MAX(1, (int)floor(width / 260.0 + 0.5));
}

// Width at scale 1 of the widest coordinate of a board size.
static int widest_label(int size)
{
    int w = 0;
    for (int i = 0; i < size; i++) {
        char num[12] = {column_letters[i], 0};
        w = MAX(w, font_text_width(num, 1));
        snprintf(num, sizeof num, "%d", i + 1);
        w = MAX(w, font_text_width(num, 1));
    }
    return w;
}

// The coordinates' scale: a cap height of about 0.42 s, no larger than the header's text,
// reduced until the widest label fits its band and neighbours stay apart; 0
// when even scale 1 does not fit.
static int label_scale_for(double s, int size, int ts)
{
    int wide = widest_label(size);
    int ls = MAX(1, MIN((int)floor(0.42 * s / FONT_CAP_HEIGHT + 0.5), MAX(ts, 1)));
    // Across the band, 1.5 pixels to spare on each side for the rounding to whole pixels.
    double room = (U_EDGE_LABELS - U_STONE - 0.05) * s - 3;
    while (ls >= 1 && !(wide * ls <= room && FONT_CAP_HEIGHT * ls <= room &&
                        FONT_GLYPH_WIDTH * ls <= s - 3 && FONT_CAP_HEIGHT * ls <= s - 3))
        ls--;
    return ls;
}

// The room the coordinates take across their band: the widest label or the cap height, with
// a gap of three font pixels and 1.5 pixels for rounding on each side.
static double label_extent(int size, int ls)
{
    return MAX(widest_label(size), FONT_CAP_HEIGHT) * ls + 6 * ls + 3;
}

bool go_render_layout(int size, int width, bool coordinates, bool header, GoRenderLayout *lay,
                      GError **err)
{
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "board size %d is out of range (%d to %d)", size, GO_MIN_SIZE, GO_MAX_SIZE);
        return false;
    }
    if (width < GO_RENDER_MIN_WIDTH || width > GO_RENDER_MAX_WIDTH) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "image width %d is out of range (%d to %d pixels)", width, GO_RENDER_MIN_WIDTH,
                    GO_RENDER_MAX_WIDTH);
        return false;
    }
    int ts = text_scale_for(width);
    double edge = U_EDGE_LABELS, s = width / (size - 1 + 2 * edge + 2 * U_MARGIN);
    int ls = coordinates ? label_scale_for(s, size, ts) : 0;
    if (ls < 1) {
        edge = U_EDGE_PLAIN;
    } else {
        // Large cells (small boards) need less than the full band: the board's edge shrinks to
        // what the coordinates take, and s grows, which keeps them fitting.
        edge = fmin(U_EDGE_LABELS, U_STONE + 0.05 + label_extent(size, ls) / s);
    }
    s = width / (size - 1 + 2 * edge + 2 * U_MARGIN);
    int hh = header && ts ? ts * (FONT_CAP_HEIGHT + 8) : 0;
    double margin = U_MARGIN * s, board = (size - 1 + 2 * edge) * s;
    *lay = (GoRenderLayout){
        .width = width,
        .height = 2 * hh + (int)ceil(2 * margin + board),
        .size = size,
        .cell = s,
        .stone_radius = U_STONE * s,
        // Lines of about 0.03 s, at most 0.25% of the width (small boards stay fine-lined).
        .line_width = fmax(1, floor(fmin(U_LINE * s, 0.0025 * width) + 0.5)),
        .board_x0 = margin,
        .board_y0 = hh + margin,
        .board_x1 = margin + board,
        .board_y1 = hh + margin + board,
        .grid_x0 = margin + edge * s,
        .grid_y0 = hh + margin + edge * s,
        .label_offset = (U_STONE + 0.05 + edge) / 2 * s,
        .label_scale = ls,
        .header_height = hh,
        .footer_height = hh,
        .text_scale = hh ? ts : 0,
    };
    lay->turn_radius = 0.5 * ts * FONT_CAP_HEIGHT;
    lay->turn_x = margin + lay->turn_radius;
    lay->turn_y = hh / 2.0;
    return true;
}

// A line position on whole pixels: a pixel centre for lines of odd width, a pixel edge for
// even ones, so that every line covers whole pixels.
static double snap(const GoRenderLayout *lay, double v)
{
    return (int)lay->line_width % 2 ? floor(v) + 0.5 : floor(v + 0.5);
}

void go_render_point_xy(const GoRenderLayout *lay, int x, int y, double *px, double *py)
{
    *px = snap(lay, lay->grid_x0 + x * lay->cell);
    *py = snap(lay, lay->grid_y0 + (lay->size - 1 - y) * lay->cell);
}

bool go_render_label(const GoRenderLayout *lay, int i, char text[GO_RENDER_LABEL_TEXT],
                     RasterRect *box)
{
    int n = lay->size;
    if (lay->label_scale < 1 || i < 0 || i >= 4 * n) return false;
    int side = i / n, k = i % n;
    double x, y, top_x, top_y, bottom_x, bottom_y, off = lay->label_offset;
    go_render_point_xy(lay, side < 2 ? k : 0, side < 2 ? n - 1 : k, &top_x, &top_y);
    go_render_point_xy(lay, side < 2 ? k : n - 1, side < 2 ? 0 : k, &bottom_x, &bottom_y);
    if (side < 2) {
        snprintf(text, GO_RENDER_LABEL_TEXT, "%c", column_letters[k]);
        x = top_x;
        y = side == 0 ? top_y - off : bottom_y + off;
    } else {
        char num[12];
        snprintf(num, sizeof num, "%d", k + 1);
        g_strlcpy(text, num, GO_RENDER_LABEL_TEXT);
        y = top_y;
        x = side == 2 ? top_x - off : bottom_x + off;
    }
    *box = font_text_box(text, lay->label_scale, x, y, 0.5, 0.5);
    return true;
}

int go_render_star_points(int size, int *x, int *y)
{
    int line = size == 9 ? 2 : size == 13 || size == 19 ? 3 : -1;
    if (line < 0) return 0;
    int lo = line, mid = size / 2, hi = size - 1 - line, n = 0;
    int v[3] = {lo, mid, hi};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            bool side_point = (i == 1) != (j == 1); // 4-10 points: on 19x19 only
            if (side_point && size != 19) continue;
            x[n] = v[i], y[n] = v[j], n++;
        }
    return n;
}

// Places a text with a stone before it: the icon's centre at icon_x, the text after it, the
// whole within `room` pixels at the largest scale up to max_scale at which one of the texts
// fits (the first that does, trying them in turn); clears t when none fits.
static void place_text(GoRenderText *t, const char *const *tries, int n_tries, int max_scale,
                       double icon_x, double y, double radius, int icon, double room)
{
    memset(t, 0, sizeof *t);
    double icon_w = icon != GO_EMPTY ? 2.6 * radius : 0;
    for (int i = 0; i < max_scale * n_tries; i++) {
        int k = i % n_tries, scale = max_scale - i / n_tries;
        if (font_text_width(tries[k], scale) > room - icon_w) continue;
        snprintf(t->text, sizeof t->text, "%s", tries[k]);
        t->scale = scale;
        t->icon = icon;
        t->icon_x = icon_x, t->icon_y = y, t->icon_radius = radius;
        t->box = font_text_box(t->text, scale, icon_x - radius + icon_w, y, 0, 0.5);
        return;
    }
}

void go_render_texts(const GoRenderLayout *lay, const GoBoard *b, const GoRenderOptions *opt,
                     GoRenderText texts[GO_RENDER_TEXTS])
{
    memset(texts, 0, GO_RENDER_TEXTS * sizeof *texts);
    if (lay->header_height < 1) return;
    int ts = lay->text_scale;
    double r = lay->turn_radius, margin = lay->board_x0, right = lay->width - margin;
    const char *side = b->side == GO_BLACK ? "Black" : "White";
    const char *other = b->side == GO_BLACK ? "White" : "Black";
    char full[64], turn[32];
    snprintf(turn, sizeof turn, "%s to move", side);
    if (b->passes >= 2)
        snprintf(full, sizeof full, "%s to move, game over (two passes)", side);
    else if (opt->last_move == GO_PASS)
        snprintf(full, sizeof full, "%s to move, %s passed", side, other);
    else
        snprintf(full, sizeof full, "%s", turn);
    const char *turn_tries[3] = {full, turn, side};
    GoRenderText *t = &texts[GO_RENDER_TEXT_TURN];
    place_text(t, turn_tries, 3, ts, lay->turn_x, lay->turn_y, r, b->side,
               right - (lay->turn_x - r));
    if (opt->caption && *opt->caption && t->scale) {
        GoRenderText *c = &texts[GO_RENDER_TEXT_CAPTION];
        int room = (int)(right - (t->box.x + t->box.width) - 2 * r);
        int scale = MIN(t->scale, font_fit_scale(opt->caption, room, lay->header_height));
        if (scale >= 1) {
            snprintf(c->text, sizeof c->text, "%s", opt->caption);
            c->scale = scale;
            c->box = font_text_box(c->text, scale, right, lay->turn_y, 1, 0.5);
        }
    }
    double y = lay->height - lay->footer_height / 2.0, half = (right - margin) / 2;
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        char a[64], m[32], n[16];
        snprintf(a, sizeof a, "%s captured %d", colour == GO_BLACK ? "Black" : "White",
                 b->captures[colour]);
        snprintf(m, sizeof m, "captured %d", b->captures[colour]);
        snprintf(n, sizeof n, "%d", b->captures[colour]);
        const char *tries[3] = {a, m, n};
        GoRenderText *c = &texts[colour == GO_BLACK ? GO_RENDER_TEXT_BLACK_CAPTURES
                                                    : GO_RENDER_TEXT_WHITE_CAPTURES];
        place_text(c, tries, 3, ts, margin + r + (colour == GO_WHITE ? half : 0), y, r, colour,
                   half - r);
        if (colour == GO_WHITE && c->scale) { // right-aligned: shift icon and text together
            double shift = right - (c->box.x + c->box.width);
            c->icon_x += floor(shift);
            c->box.x += (int)floor(shift);
        }
    }
}
