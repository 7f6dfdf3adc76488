// SPDX-License-Identifier: MIT
// Drawing one Go position (go/render.h): the board, grid and star points, the coordinates,
// the stones with their shadows, move numbers, the last move and a principal variation, then
// header and footer, in that order so that later layers stay on top.
#include "go/render.h"

#include <math.h>
#include <stdio.h>

#include "core/draw/font.h"

static const GoRenderStyle default_style = {
    .background = RASTER_RGB(0xECEAE4),
    .board = RASTER_RGB(0xDCB468),
    .line = RASTER_RGB(0x3B2A14),
    .label = RASTER_RGB(0x4A3418),
    .text = RASTER_RGB(0x1F2933),
    .stone = {RASTER_RGB(0x5C5F66), RASTER_RGB(0xFFFFFF)},
    .stone_rim = {RASTER_RGB(0x0E0F12), RASTER_RGB(0xBDB9AE)},
    .stone_edge = RASTER_RGBA(0x5A4A30, 110),
    .marker = RASTER_RGB(0xE8432E),
    .number = {RASTER_RGB(0xF4F4F4), RASTER_RGB(0x16171A)},
};

const GoRenderStyle *go_render_style_default(void)
{
    return &default_style;
}

void go_render_options_default(GoRenderOptions *o)
{
    *o = (GoRenderOptions){.width = GO_RENDER_DEFAULT_WIDTH,
                           .last_move = MOVE_NONE,
                           .coordinates = true,
                           .header = true};
}

typedef struct {
    Raster *r;
    const GoRenderLayout *lay;
    const GoRenderStyle *st;
    const GoBoard *b;
} Canvas;

static void point_of(const Canvas *cv, int p, double *x, double *y)
{
    go_render_point_xy(cv->lay, go_point_x(cv->b, p), go_point_y(cv->b, p), x, y);
}

static void draw_board(const Canvas *cv)
{
    const GoRenderLayout *lay = cv->lay;
    double s = lay->cell, x0 = lay->board_x0, y0 = lay->board_y0, x1 = lay->board_x1,
           y1 = lay->board_y1;
    RasterColor shadow = raster_color_mix(cv->st->background, RASTER_RGB(0x000000), 0.22);
    double d = fmin(0.06 * s, 0.008 * lay->width);
    raster_fill_rect(cv->r, x0 + 0.7 * d, y0 + d, x1 + 0.7 * d, y1 + d, shadow);
    raster_fill_rect(cv->r, x0, y0, x1, y1, cv->st->board);
    // A lighter band along the top and left edges and a darker one along the others give the
    // board some thickness.
    double e = fmax(1, fmin(0.05 * s, 0.004 * lay->width));
    RasterColor light = raster_color_mix(cv->st->board, RASTER_RGB(0xFFFFFF), 0.22);
    RasterColor dark = raster_color_mix(cv->st->board, RASTER_RGB(0x000000), 0.18);
    raster_fill_rect(cv->r, x0, y0, x1, y0 + e, light);
    raster_fill_rect(cv->r, x0, y0 + e, x0 + e, y1, light);
    raster_fill_rect(cv->r, x0 + e, y1 - e, x1, y1, dark);
    raster_fill_rect(cv->r, x1 - e, y0 + e, x1, y1 - e, dark);
}

// The heat map: each point's square of the grid darkened towards black where Black owns it and
// lightened towards white where White does, in proportion to the share (owned in every
// playout: 80 % of the way).
static void draw_ownership(const Canvas *cv, const double *own)
{
    int n = cv->b->size;
    double h = cv->lay->cell / 2;
    for (int i = 0; i < n * n; i++) {
        double v = own[i], x, y;
        if (!(v >= -1 && v <= 1) || v == 0) continue;
        go_render_point_xy(cv->lay, i % n, i / n, &x, &y);
        RasterColor towards = RASTER_RGB(v > 0 ? 0x000000 : 0xFFFFFF);
        RasterColor c = raster_color_mix(cv->st->board, towards, 0.8 * fabs(v));
        raster_fill_rect(cv->r, x - h, y - h, x + h, y + h, c);
    }
}

static void draw_grid(const Canvas *cv)
{
    const GoRenderLayout *lay = cv->lay;
    int n = lay->size;
    double lw = lay->line_width, h = lw / 2, left, top, right, bottom;
    go_render_point_xy(lay, 0, n - 1, &left, &top);
    go_render_point_xy(lay, n - 1, 0, &right, &bottom);
    for (int k = 0; k < n; k++) {
        double x, y;
        go_render_point_xy(lay, k, k, &x, &y);
        raster_fill_rect(cv->r, x - h, top - h, x + h, bottom + h, cv->st->line);
        raster_fill_rect(cv->r, left - h, y - h, right + h, y + h, cv->st->line);
    }
    // The edge lines are twice as wide, thickened outwards.
    raster_stroke_rect(cv->r, left - h - lw, top - h - lw, right + h + lw, bottom + h + lw, lw,
                       cv->st->line);
    int sx[GO_RENDER_MAX_STARS], sy[GO_RENDER_MAX_STARS];
    int stars = go_render_star_points(n, sx, sy);
    for (int i = 0; i < stars; i++) {
        double x, y;
        go_render_point_xy(lay, sx[i], sy[i], &x, &y);
        raster_fill_circle(cv->r, x, y, fmax(1.2 * lw, 0.11 * lay->cell), cv->st->line);
    }
}

static void draw_labels(const Canvas *cv)
{
    for (int i = 0; i < 4 * cv->lay->size; i++) {
        char text[GO_RENDER_LABEL_TEXT];
        RasterRect box;
        if (!go_render_label(cv->lay, i, text, &box)) return;
        font_draw_text(cv->r, box.x, box.y, text, cv->lay->label_scale, cv->st->label);
    }
}

void go_render_draw_stone(Raster *r, double x, double y, double radius, int colour,
                          const GoRenderStyle *st)
{
    int k = colour == GO_WHITE;
    double fx = x - 0.38 * radius, fy = y - 0.42 * radius;
    raster_fill_gradient_disc(r, x, y, radius, fx, fy, st->stone[k], st->stone_rim[k]);
    if (k) raster_stroke_circle(r, x, y, radius - 0.5, 1, st->stone_edge);
}

static void draw_shadow(Raster *r, double x, double y, double radius)
{
    raster_fill_soft_circle(r, x + 0.07 * radius, y + 0.12 * radius, radius, fmax(1, 0.22 * radius),
                            RASTER_RGBA(0x000000, 90));
}

// Every point lies at the same offset within its pixel, so all stones of a colour look the
// same: each is drawn once into a sprite (kind 0, 1: the stones; 2: the shadow) and copied.
static Raster *stone_sprite(const Canvas *cv, int kind, double fx, double fy, int *half)
{
    double radius = cv->lay->stone_radius;
    *half = (int)ceil(1.3 * radius) + 2;
    Raster *s = raster_new(2 * *half + 1, 2 * *half + 1, NULL);
    if (!s) return NULL;
    raster_clear(s, RASTER_RGBA(0x000000, 0));
    if (kind == 2)
        draw_shadow(s, *half + fx, *half + fy, radius);
    else
        go_render_draw_stone(s, *half + fx, *half + fy, radius, kind + 1, cv->st);
    return s;
}

static void draw_stones(const Canvas *cv)
{
    const GoBoard *b = cv->b;
    double x, y;
    go_render_point_xy(cv->lay, 0, 0, &x, &y);
    int half;
    Raster *sprite[3];
    for (int k = 0; k < 3; k++) sprite[k] = stone_sprite(cv, k, x - floor(x), y - floor(y), &half);
    // Shadows first, so that none falls on a neighbouring stone.
    for (int layer = 0; layer < 2; layer++)
        for (int p = 0; p < b->cells; p++) {
            if (b->color[p] != GO_BLACK && b->color[p] != GO_WHITE) continue;
            point_of(cv, p, &x, &y);
            int kind = layer == 0 ? 2 : b->color[p] - 1;
            if (sprite[kind])
                raster_blit(cv->r, sprite[kind], (int)floor(x) - half, (int)floor(y) - half);
            else if (kind == 2)
                draw_shadow(cv->r, x, y, cv->lay->stone_radius);
            else
                go_render_draw_stone(cv->r, x, y, cv->lay->stone_radius, b->color[p], cv->st);
        }
    for (int k = 0; k < 3; k++) raster_free(sprite[k]);
}

// The font scale of the move numbers: the largest at which the widest fits a stone.
static int number_scale(const Canvas *cv, const int *numbers)
{
    int top = 0, n = cv->lay->size;
    for (int i = 0; i < n * n; i++) top = MAX(top, numbers[i]);
    char text[16];
    snprintf(text, sizeof text, "%d", top);
    double r = cv->lay->stone_radius;
    return font_fit_scale(text, (int)(1.45 * r), (int)(0.9 * r));
}

// Move numbers on their stones; the last move's on a disc of the marker's colour. Returns
// whether the last move got its number.
static bool draw_numbers(const Canvas *cv, const int *numbers, Move last)
{
    int scale = number_scale(cv, numbers);
    bool marked = false;
    if (scale < 1) return false;
    for (int p = 0; p < cv->b->cells; p++) {
        int colour = cv->b->color[p];
        if (colour != GO_BLACK && colour != GO_WHITE) continue;
        int num = numbers[go_move_index(cv->b, (Move)p)];
        if (num < 1) continue;
        double x, y;
        point_of(cv, p, &x, &y);
        char text[16];
        snprintf(text, sizeof text, "%d", num);
        bool is_last = (Move)p == last;
        if (is_last) raster_fill_circle(cv->r, x, y, 0.8 * cv->lay->stone_radius, cv->st->marker);
        RasterColor c = cv->st->number[colour == GO_WHITE && !is_last];
        font_draw_text_anchored(cv->r, x, y, 0.5, 0.5, text, scale, c);
        marked |= is_last;
    }
    return marked;
}

static void draw_last_move(const Canvas *cv, Move m)
{
    double x, y, s = cv->lay->cell;
    point_of(cv, (int)m, &x, &y);
    double width = 0.08 * s;
    if (width < 1.5)
        raster_fill_circle(cv->r, x, y, fmax(1, 0.22 * s), cv->st->marker);
    else
        raster_stroke_circle(cv->r, x, y, 0.24 * s, width, cv->st->marker);
}

// The principal variation: a translucent stone of the mover's colour on each point it plays,
// numbered from 1 (a pass keeps its number; a point played twice shows the later move).
static void draw_pv(const Canvas *cv, const Move *pv, int len)
{
    double r = cv->lay->stone_radius;
    char widest[16];
    snprintf(widest, sizeof widest, "%d", len);
    int scale = font_fit_scale(widest, (int)(1.45 * r), (int)(0.9 * r));
    for (int i = 0; i < len; i++) {
        if (pv[i] == GO_PASS) continue;
        int colour = i % 2 ? go_other(cv->b->side) : cv->b->side, k = colour - 1;
        double x, y;
        point_of(cv, (int)pv[i], &x, &y);
        RasterColor body = raster_color_mix(cv->st->stone[k], cv->st->stone_rim[k], 0.5);
        body.a = k ? 215 : 165; // White's needs more to stand out from the wood
        raster_fill_circle(cv->r, x, y, r, body);
        raster_stroke_circle(cv->r, x, y, r - 0.5, fmax(1, 0.06 * r), cv->st->stone_rim[k]);
        if (scale < 1) continue;
        char text[16];
        snprintf(text, sizeof text, "%d", i + 1);
        font_draw_text_anchored(cv->r, x, y, 0.5, 0.5, text, scale, cv->st->number[k]);
    }
}

static void draw_texts(const Canvas *cv, const GoRenderOptions *opt)
{
    GoRenderText t[GO_RENDER_TEXTS];
    go_render_texts(cv->lay, cv->b, opt, t);
    for (int k = 0; k < GO_RENDER_TEXTS; k++) {
        if (!t[k].text[0]) continue;
        if (t[k].icon != GO_EMPTY) {
            draw_shadow(cv->r, t[k].icon_x, t[k].icon_y, t[k].icon_radius);
            go_render_draw_stone(cv->r, t[k].icon_x, t[k].icon_y, t[k].icon_radius, t[k].icon,
                                 cv->st);
        }
        font_draw_text(cv->r, t[k].box.x, t[k].box.y, t[k].text, t[k].scale, cv->st->text);
    }
}

Raster *go_render_position(const GoBoard *b, const GoRenderOptions *opt, GError **err)
{
    GoRenderLayout lay;
    if (!go_render_layout(b->size, opt->width, opt->coordinates, opt->header, &lay, err))
        return NULL;
    // The last move's point may be empty: a suicide (where the rules allow it) took it away.
    bool on_board = opt->last_move != MOVE_NONE && opt->last_move != GO_PASS;
    if (on_board && !go_board_on_board(b, opt->last_move)) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "the last move is not a point of the board");
        return NULL;
    }
    if (opt->pv_length < 0 || opt->pv_length > GO_RENDER_MAX_PV || (opt->pv_length && !opt->pv)) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "a principal variation of %d moves (at most %d are drawn)", opt->pv_length,
                    GO_RENDER_MAX_PV);
        return NULL;
    }
    for (int i = 0; i < opt->pv_length; i++)
        if (opt->pv[i] != GO_PASS && !go_board_on_board(b, opt->pv[i])) {
            g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                        "move %d of the principal variation is not a point of the board", i + 1);
            return NULL;
        }
    const GoRenderStyle *st = opt->style ? opt->style : &default_style;
    Canvas cv = {raster_new_filled(lay.width, lay.height, st->background, err), &lay, st, b};
    if (!cv.r) return NULL;
    draw_board(&cv);
    if (opt->ownership) draw_ownership(&cv, opt->ownership);
    draw_grid(&cv);
    draw_labels(&cv);
    draw_stones(&cv);
    bool numbered = opt->numbers && draw_numbers(&cv, opt->numbers, opt->last_move);
    if (on_board && !numbered) draw_last_move(&cv, opt->last_move);
    if (opt->pv_length) draw_pv(&cv, opt->pv, opt->pv_length);
    draw_texts(&cv, opt);
    return cv.r;
}
