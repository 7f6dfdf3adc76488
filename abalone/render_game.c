// SPDX-License-Identifier: MIT
// Whole Abalone games as pictures (abalone/render.h): the game's positions as a series of
// abalone_render_position's pictures, which core/draw/series.h lays out as a contact sheet or
// writes as frames.
#include "abalone/render.h"

static Raster *draw(const void *game, const void *style, const SeriesPicture *p, GError **err)
{
    const AbaloneGame *g = game;
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.width = p->width, ro.coordinates = p->coordinates, ro.header = p->header, ro.style = style;
    ro.caption = p->caption, ro.pv = p->pv, ro.pv_length = p->pv_length;
    ro.last_move = p->ply > 0 ? abalone_game_move(g, p->ply - 1) : MOVE_NONE;
    return abalone_render_position(abalone_game_position(g, p->ply), &ro, err);
}

static int thumb_height(const void *game, int width)
{
    AbaloneRenderLayout lay;
    abalone_render_layout(width, false, &lay, NULL);
    return lay.height;
}

void abalone_render_series(const AbaloneGame *g, const AbaloneRenderStyle *style, Series *out)
{
    const AbaloneRenderStyle *st = style ? style : abalone_render_style_default();
    *out = (Series){.length = abalone_game_length(g), .draw = draw, .height = thumb_height};
    out->min_width = ABALONE_RENDER_MIN_WIDTH, out->max_width = ABALONE_RENDER_MAX_WIDTH;
    out->background = st->background, out->text = st->text;
    out->game = g, out->options = style;
}
