// SPDX-License-Identifier: MIT
// Drawing one Abalone position (abalone/render.h): the board, marbles, coordinates, trays,
// header, last move and principal variation, in that order so that later layers stay on top.
#include "abalone/render.h"

#include <math.h>
#include <stdio.h>

#include "abalone/notation.h"
#include "core/draw/font.h"

static const AbaloneRenderStyle default_style = {
    .background = RASTER_RGB(0xECEAE4),
    .frame = RASTER_RGB(0x2F4157),
    .surface = RASTER_RGB(0x587190),
    .hole = RASTER_RGB(0x3F546D),
    .label = RASTER_RGB(0xD9E2EC),
    .text = RASTER_RGB(0x1F2933),
    .marble = {RASTER_RGB(0x2A2B31), RASTER_RGB(0xEDEBE3)},
    .last_move = RASTER_RGB(0xFF8F1F),
    .pv = {RASTER_RGB(0xFFD23F), RASTER_RGB(0x5BC8F0)},
    .outline = RASTER_RGBA(0x10141A, 200),
};

const AbaloneRenderStyle *abalone_render_style_default(void)
{
    return &default_style;
}

void abalone_render_options_default(AbaloneRenderOptions *o)
{
    *o = (AbaloneRenderOptions){.width = ABALONE_RENDER_DEFAULT_WIDTH,
                                .last_move = MOVE_NONE,
                                .next_move = MOVE_NONE,
                                .coordinates = true,
                                .header = true};
}

// Everything the layers need.
typedef struct {
    Raster *r;
    const AbaloneRenderLayout *lay;
    const AbaloneRenderStyle *st;
    const AbaloneBoard *b;
} Canvas;

static void pos_xy(const Canvas *cv, int pos, double *x, double *y)
{
    abalone_render_cell_xy(cv->lay, abalone_pos_row(pos), abalone_pos_diag(pos), x, y);
}

// A flat-topped hexagon centred on (cx, cy) with rounded corners (radius rc), as a 42-gon.
static void fill_rounded_hexagon(Raster *r, double cx, double cy, double apothem, double rc,
                                 RasterColor c)
{
    double xy[2 * 42], inner = (apothem - rc) * 2 / sqrt(3.0);
    int n = 0;
    for (int v = 0; v < 6; v++) {
        double a = v * G_PI / 3, vx = cx + inner * cos(a), vy = cy + inner * sin(a);
        for (int k = 0; k < 7; k++) {
            double t = a - G_PI / 6 + k * (G_PI / 3) / 6;
            xy[2 * n] = vx + rc * cos(t), xy[2 * n + 1] = vy + rc * sin(t);
            n++;
        }
    }
    raster_fill_polygon(r, xy, n, c);
}

static void draw_board(const Canvas *cv)
{
    const AbaloneRenderLayout *lay = cv->lay;
    double s = lay->cell, cx = lay->cx, cy = lay->cy;
    // The board's shadow falls on the background only: the mixed colour is the same as a
    // translucent black and fills without blending.
    RasterColor shadow = raster_color_mix(cv->st->background, RASTER_RGB(0x000000), 0.24);
    fill_rounded_hexagon(cv->r, cx + 0.05 * s, cy + 0.08 * s, lay->frame_apothem + 0.02 * s,
                         0.42 * s, shadow);
    fill_rounded_hexagon(cv->r, cx, cy, lay->frame_apothem, 0.40 * s, cv->st->frame);
    fill_rounded_hexagon(cv->r, cx, cy, lay->surface_apothem, 0.22 * s, cv->st->surface);
    RasterColor deep = raster_color_mix(cv->st->hole, RASTER_RGB(0x000000), 0.35);
    RasterColor lip = raster_color_mix(cv->st->surface, RASTER_RGB(0xFFFFFF), 0.18);
    for (int cell = 0; cell < ABALONE_CELLS; cell++) {
        double x, y;
        pos_xy(cv, abalone_tables.cell_pos[cell], &x, &y);
        // A hole: lit lower lip, dark upper inside edge, flat middle.
        raster_fill_circle(cv->r, x, y + 0.03 * s, lay->hole_radius, lip);
        raster_fill_circle(cv->r, x, y, lay->hole_radius, deep);
        raster_fill_circle(cv->r, x, y + 0.04 * s, lay->hole_radius * 0.86, cv->st->hole);
    }
}

static void draw_marble(Raster *r, double x, double y, double radius, RasterColor c)
{
    raster_fill_soft_circle(r, x + 0.10 * radius, y + 0.16 * radius, radius * 1.02,
                            fmax(1, radius * 0.28), RASTER_RGBA(0x000000, 85));
    raster_fill_sphere(r, x, y, radius, c);
}

static void draw_marbles(const Canvas *cv)
{
    for (int colour = 0; colour < 2; colour++)
        for (AbaloneBits m = cv->b->bb[colour]; m; m &= m - 1) {
            double x, y;
            pos_xy(cv, abalone_lsb(m), &x, &y);
            draw_marble(cv->r, x, y, cv->lay->marble_radius, cv->st->marble[colour]);
        }
}

// Row and diagonal steps of the six directions (abalone_dir_step is 10 * row + diagonal).
static const int dir_row[6] = {0, 1, 1, 0, -1, -1}, dir_diag[6] = {1, 1, 0, -1, -1, 0};

// The arrows showing a move, as pixel segments x0, y0, x1, y1: in-line moves one arrow from
// the tail to where the last moving marble lands (the last pushed one's place, off the board
// when ejected), broadside moves one arrow per marble. Off-board places are counted in rows
// and diagonals: bit positions would wrap around the board's east side. Returns the count.
static int move_arrows(const Canvas *cv, Move m, double seg[3][4])
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int dr = dir_row[mi->dir], dd = dir_diag[mi->dir];
    bool inline_move = mi->axis == ABALONE_AXIS_INLINE;
    int n = inline_move ? 1 : mi->count,
        steps = inline_move ? mi->count + ABALONE_MOVE_PUSHED(m) : 1;
    for (int k = 0; k < n; k++) {
        int row = abalone_pos_row(mi->cell[k]), diag = abalone_pos_diag(mi->cell[k]);
        abalone_render_cell_xy(cv->lay, row, diag, &seg[k][0], &seg[k][1]);
        abalone_render_cell_xy(cv->lay, row + steps * dr, diag + steps * dd, &seg[k][2],
                               &seg[k][3]);
    }
    return n;
}

// An ejecting move's arrow stops at the rim of the ejected marble's ghost, so that the tip
// leaves the coordinate label that may share the ghost's place readable.
static void stop_at_ghost(const Canvas *cv, Move m, double seg[4])
{
    if (!ABALONE_MOVE_EJECTS(m)) return;
    double dx = seg[2] - seg[0], dy = seg[3] - seg[1], len = sqrt(dx * dx + dy * dy);
    double back = cv->lay->marble_radius * 0.95;
    if (len <= 2 * back) return;
    seg[2] -= dx / len * back;
    seg[3] -= dy / len * back;
}

// An arrow with a dark edge; scale 1 gives the last move's size.
static void draw_marked_arrow(const Canvas *cv, double x0, double y0, double x1, double y1,
                              double scale, RasterColor c)
{
    double s = cv->lay->cell * scale, w = 0.11 * s, hl = 0.36 * s, hw = 0.36 * s, e = 0.045 * s;
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    // The edge is a larger arrow underneath, its tip pushed out so the edge shows there too.
    double tx = x1 + dx / len * 2.2 * e, ty = y1 + dy / len * 2.2 * e;
    raster_draw_arrow(cv->r, x0, y0, tx, ty, w + 2 * e, hl + 3 * e, hw + 4.4 * e, cv->st->outline);
    raster_draw_arrow(cv->r, x0, y0, x1, y1, w, hl, hw, c);
}

// The marks the last move leaves under the labels: rings in the holes it emptied and the
// ejected marble fading off the board.
static void draw_last_move_marks(const Canvas *cv, Move m)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    const AbaloneRenderLayout *lay = cv->lay;
    int step = abalone_dir_step[mi->dir];
    for (int k = 0; k < mi->count; k++) {
        int pos = mi->cell[k];
        bool refilled = false;
        for (int j = 0; j < mi->count; j++) refilled |= mi->cell[j] + step == pos;
        if (refilled) continue;
        double x, y;
        pos_xy(cv, pos, &x, &y);
        raster_stroke_circle(cv->r, x, y, lay->hole_radius * 0.62, 0.07 * lay->cell,
                             cv->st->last_move);
    }
    if (ABALONE_MOVE_EJECTS(m)) {
        double seg[3][4];
        move_arrows(cv, m, seg);
        double x = seg[0][2], y = seg[0][3];
        // A faded marble of the mover's opponent on a pale disc, so that Black's shows on the
        // dark frame too, ringed in the marker's colour.
        RasterColor ghost = cv->st->marble[cv->b->side];
        ghost.a = 140;
        raster_fill_circle(cv->r, x, y, lay->marble_radius * 0.95, RASTER_RGBA(0xFFFFFF, 110));
        raster_fill_sphere(cv->r, x, y, lay->marble_radius * 0.9, ghost);
        RasterColor ring = cv->st->last_move;
        ring.a = 190;
        raster_stroke_circle(cv->r, x, y, lay->marble_radius * 0.95, 0.05 * lay->cell, ring);
    }
}

// The last move's arrows, over everything but the principal variation.
static void draw_last_move_arrows(const Canvas *cv, Move m)
{
    double seg[3][4];
    int n = move_arrows(cv, m, seg);
    stop_at_ghost(cv, m, seg[0]);
    for (int k = 0; k < n; k++)
        draw_marked_arrow(cv, seg[k][0], seg[k][1], seg[k][2], seg[k][3], 1.0, cv->st->last_move);
}

// The principal variation: numbered arrows, the side to move's moves in pv[0].
static void draw_pv(const Canvas *cv, const Move *pv, int len)
{
    const AbaloneRenderLayout *lay = cv->lay;
    double seg[3][4];
    for (int i = 0; i < len; i++) {
        int n = move_arrows(cv, pv[i], seg);
        stop_at_ghost(cv, pv[i], seg[0]);
        for (int k = 0; k < n; k++)
            draw_marked_arrow(cv, seg[k][0], seg[k][1], seg[k][2], seg[k][3], 0.85,
                              cv->st->pv[i & 1]);
    }
    int scale = MAX(1, (int)floor(0.22 * lay->cell / FONT_CAP_HEIGHT));
    for (int i = 0; i < len; i++) {
        move_arrows(cv, pv[i], seg);
        char num[12];
        snprintf(num, sizeof num, "%d", i + 1);
        double x = seg[0][0], y = seg[0][1];
        double tw = font_text_width(num, scale), th = font_text_height(scale);
        double radius = fmax(0.2 * lay->cell, 0.5 * sqrt(tw * tw + th * th) + 1.5);
        raster_fill_circle(cv->r, x, y, radius + fmax(1, 0.03 * lay->cell), cv->st->outline);
        raster_fill_circle(cv->r, x, y, radius, cv->st->pv[i & 1]);
        font_draw_text_anchored(cv->r, x, y, 0.5, 0.5, num, scale, cv->st->text);
    }
}

// The coordinates. A label under the ghost of a marble the last move ejected (a pale disc) gets
// a dark edge so that it stays readable there.
static void draw_labels(const Canvas *cv, Move last)
{
    double gx = 0, gy = 0, reach = -1;
    if (last != MOVE_NONE && ABALONE_MOVE_EJECTS(last)) {
        double seg[3][4];
        move_arrows(cv, last, seg);
        gx = seg[0][2];
        gy = seg[0][3];
        reach = cv->lay->marble_radius;
    }
    int s = cv->lay->label_scale;
    for (int i = 0; i < 18; i++) {
        char text[2];
        RasterRect box;
        if (!abalone_render_label(cv->lay, i, text, &box)) return;
        double cx = box.x + box.width / 2.0, cy = box.y + box.height / 2.0;
        if (hypot(cx - gx, cy - gy) < reach) // the glyph shifted a pixel-cell each way
            for (int dy = -s; dy <= s; dy += s)
                for (int dx = -s; dx <= s; dx += s)
                    if (dx || dy)
                        font_draw_text(cv->r, box.x + dx, box.y + dy, text, s, cv->st->frame);
        font_draw_text(cv->r, box.x, box.y, text, s, cv->st->label);
    }
}

static void draw_trays(const Canvas *cv)
{
    const AbaloneRenderLayout *lay = cv->lay;
    RasterColor bed = raster_color_mix(cv->st->background, RASTER_RGB(0x000000), 0.07);
    RasterColor slot = raster_color_mix(cv->st->background, RASTER_RGB(0x000000), 0.17);
    for (int colour = 0; colour < 2; colour++) {
        double x0, y0, x1, y1;
        abalone_render_tray_xy(lay, colour, 0, &x0, &y0);
        abalone_render_tray_xy(lay, colour, 5, &x1, &y1);
        raster_draw_line(cv->r, x0, y0, x1, y1, 2 * (lay->tray_radius + 0.1 * lay->cell), bed);
        int lost = abalone_board_lost(cv->b, colour);
        for (int k = 0; k < 6; k++) {
            double x, y;
            abalone_render_tray_xy(lay, colour, k, &x, &y);
            if (k < lost)
                draw_marble(cv->r, x, y, lay->tray_radius, cv->st->marble[colour]);
            else
                raster_fill_circle(cv->r, x, y, lay->tray_radius * 0.55, slot);
        }
    }
}

// The side to move (or the winner once six marbles are out) and the caption.
static void draw_header(const Canvas *cv, const char *caption)
{
    const AbaloneRenderLayout *lay = cv->lay;
    int side = cv->b->side;
    const char *what = "to move";
    if (abalone_board_decided(cv->b)) {
        side = abalone_board_lost(cv->b, ABALONE_BLACK) >= ABALONE_EJECT_TO_WIN ? ABALONE_WHITE
                                                                                : ABALONE_BLACK;
        what = "wins";
    }
    draw_marble(cv->r, lay->turn_x, lay->turn_y, lay->turn_radius, cv->st->marble[side]);
    if (lay->text_scale < 1) return;
    char text[32];
    snprintf(text, sizeof text, "%s %s", side == ABALONE_BLACK ? "Black" : "White", what);
    double left = lay->turn_x + lay->turn_radius * 1.8;
    RasterRect box = font_draw_text_anchored(cv->r, left, lay->turn_y, 0, 0.5, text,
                                             lay->text_scale, cv->st->text);
    if (!caption || !*caption) return;
    double right = lay->width - (lay->turn_x - lay->turn_radius);
    int room = (int)(right - (box.x + box.width) - 2 * lay->turn_radius);
    int scale = MIN(lay->text_scale, font_fit_scale(caption, room, lay->header_height));
    if (scale >= 1)
        font_draw_text_anchored(cv->r, right, lay->turn_y, 1, 0.5, caption, scale, cv->st->text);
}

Raster *abalone_render_position(const AbaloneBoard *b, const AbaloneRenderOptions *opt,
                                GError **err)
{
    AbaloneRenderLayout lay;
    if (!abalone_render_layout(opt->width, opt->header, &lay, err)) return NULL;
    if (opt->pv_length < 0 || opt->pv_length > ABALONE_RENDER_MAX_PV) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "a principal variation of %d moves (at most %d are drawn)", opt->pv_length,
                    ABALONE_RENDER_MAX_PV);
        return NULL;
    }
    if (!opt->coordinates) lay.label_scale = 0;
    const AbaloneRenderStyle *st = opt->style ? opt->style : &default_style;
    Canvas cv = {raster_new_filled(lay.width, lay.height, st->background, err), &lay, st, b};
    if (!cv.r) return NULL;
    draw_board(&cv);
    draw_marbles(&cv);
    if (opt->last_move != MOVE_NONE) draw_last_move_marks(&cv, opt->last_move);
    draw_labels(&cv, opt->last_move);
    if (opt->last_move != MOVE_NONE) draw_last_move_arrows(&cv, opt->last_move);
    if (opt->next_move != MOVE_NONE) draw_last_move_arrows(&cv, opt->next_move);
    if (opt->pv && opt->pv_length) draw_pv(&cv, opt->pv, opt->pv_length);
    draw_trays(&cv);
    draw_header(&cv, opt->caption);
    return cv.r;
}
