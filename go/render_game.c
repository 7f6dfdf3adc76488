// SPDX-License-Identifier: MIT
// Whole Go games as pictures (go/render.h): positions replayed from the game's start with the
// move number of every stone, and the game's positions as a series of go_render_position's
// pictures, which core/draw/series.h lays out as a contact sheet or writes as frames.
#include "go/render.h"

#include <string.h>

void go_render_game_position(const GoGame *g, int n, GoBoard *b, int *numbers)
{
    go_board_copy_position(b, &g->start);
    int size = g->start.size;
    if (numbers) memset(numbers, 0, (size_t)(size * size) * sizeof *numbers);
    for (int i = 0; i < n && i < go_game_length(g); i++) {
        const GoGameMove *gm = go_game_move(g, i);
        // A move out of turn (GTP allows them) takes the turn; the ko ban bound the other side.
        if (b->side != gm->colour) b->side = gm->colour, b->ko = 0;
        go_board_play(b, gm->move, NULL);
        if (numbers && gm->move != GO_PASS) numbers[go_move_index(b, gm->move)] = i + 1;
    }
    // The stone now on a point was put there by the last move played on it; points emptied
    // by captures keep no number.
    for (int p = 0; numbers && p < size * size; p++)
        if (b->color[go_move_from_index(b, p)] == GO_EMPTY) numbers[p] = 0;
}

static Raster *draw(const void *game, const void *options, const SeriesPicture *p, GError **err)
{
    const GoGame *g = game;
    const GoRenderSeriesOptions *o = options;
    GoRenderOptions ro;
    go_render_options_default(&ro);
    ro.width = p->width, ro.coordinates = p->coordinates, ro.header = p->header;
    ro.caption = p->caption, ro.pv = p->pv, ro.pv_length = p->pv_length;
    ro.last_move = p->ply > 0 ? go_game_move(g, p->ply - 1)->move : MOVE_NONE;
    GoBoard *b = g_new(GoBoard, 1);
    int size = g->start.size, *numbers = g_new(int, size *size);
    go_render_game_position(g, p->ply, b, numbers);
    if (o) ro.style = o->style, ro.numbers = o->numbers ? numbers : NULL;
    if (o && p->ply == o->ownership_ply) ro.ownership = o->ownership;
    Raster *r = go_render_position(b, &ro, err);
    g_free(numbers);
    g_free(b);
    return r;
}

static int thumb_height(const void *game, int width)
{
    GoRenderLayout lay;
    go_render_layout(((const GoGame *)game)->start.size, width, false, false, &lay, NULL);
    return lay.height;
}

// A thumbnail after a pass says so: the picture alone does not show it.
static const char *note(const void *game, int ply)
{
    return go_game_move(game, ply - 1)->move == GO_PASS ? " (pass)" : NULL;
}

void go_render_series(const GoGame *g, const GoRenderSeriesOptions *o, Series *out)
{
    const GoRenderStyle *st = o && o->style ? o->style : go_render_style_default();
    *out =
        (Series){.length = go_game_length(g), .draw = draw, .height = thumb_height, .note = note};
    out->min_width = GO_RENDER_MIN_WIDTH, out->max_width = GO_RENDER_MAX_WIDTH;
    out->background = st->background, out->text = st->text;
    out->game = g, out->options = o;
}
