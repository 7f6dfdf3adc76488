// SPDX-License-Identifier: MIT
// Whole games as pictures (abalone/render.h): a contact sheet of thumbnails and a directory
// of numbered frames, both made of abalone_render_position's pictures.
#include "abalone/render.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "abalone/notation.h"
#include "core/draw/font.h"
#include "core/draw/png.h"

void abalone_render_sheet_options_default(AbaloneRenderSheetOptions *o)
{
    *o = (AbaloneRenderSheetOptions){.width = 1200, .every = 10, .columns = 5, .style = NULL};
}

int abalone_render_sheet_count(const AbaloneGame *g, const AbaloneRenderSheetOptions *o)
{
    int len = abalone_game_length(g);
    return len / o->every + 1 + (len % o->every ? 1 : 0);
}

static int sheet_gap(const AbaloneRenderSheetOptions *o)
{
    return MAX(4, o->width / 100);
}

int abalone_render_sheet_thumb_width(const AbaloneRenderSheetOptions *o)
{
    if (o->columns < 1 || o->every < 1) return 0;
    int w = (o->width - sheet_gap(o) * (o->columns + 1)) / o->columns;
    return w >= ABALONE_RENDER_MIN_WIDTH && w <= ABALONE_RENDER_MAX_WIDTH ? w : 0;
}

int abalone_render_sheet_ply(const AbaloneGame *g, const AbaloneRenderSheetOptions *o, int i)
{
    return MIN(i * o->every, abalone_game_length(g));
}

static int caption_scale(int thumb_width)
{
    return MAX(1, thumb_width / 180);
}

// Height of one row of the grid: thumbnail, caption and the gaps below each.
static int sheet_row_height(const AbaloneRenderSheetOptions *o, int tw)
{
    AbaloneRenderLayout lay;
    abalone_render_layout(tw, false, &lay, NULL);
    int gap = sheet_gap(o);
    return lay.height + gap / 2 + font_text_height(caption_scale(tw)) + gap;
}

static void sheet_caption(const AbaloneGame *g, const AbaloneRenderSheetOptions *o, int i,
                          char *buf, size_t size)
{
    int ply = abalone_render_sheet_ply(g, o, i);
    if (ply == 0)
        snprintf(buf, size, "start");
    else
        snprintf(buf, size, "move %d", ply);
}

void abalone_render_sheet_thumb_rect(const AbaloneGame *g, const AbaloneRenderSheetOptions *o,
                                     int i, RasterRect *thumb, RasterRect *caption)
{
    int tw = abalone_render_sheet_thumb_width(o), gap = sheet_gap(o), rh = sheet_row_height(o, tw);
    AbaloneRenderLayout lay;
    abalone_render_layout(tw, false, &lay, NULL);
    int x = gap + (i % o->columns) * (tw + gap), y = gap + (i / o->columns) * rh;
    *thumb = (RasterRect){x, y, tw, lay.height};
    char text[32];
    sheet_caption(g, o, i, text, sizeof text);
    *caption =
        font_text_box(text, caption_scale(tw), x + tw / 2.0, y + lay.height + gap / 2.0, 0.5, 0);
}

Raster *abalone_render_sheet(const AbaloneGame *g, const AbaloneRenderSheetOptions *o, GError **err)
{
    int tw = abalone_render_sheet_thumb_width(o);
    if (tw == 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "a sheet %d pixels wide with %d columns (every %d moves) leaves thumbnails "
                    "narrower than %d pixels",
                    o->width, o->columns, o->every, ABALONE_RENDER_MIN_WIDTH);
        return NULL;
    }
    int n = abalone_render_sheet_count(g, o), rows = (n + o->columns - 1) / o->columns;
    int64_t height = sheet_gap(o) + (int64_t)rows * sheet_row_height(o, tw);
    if (height > RASTER_MAX_SIDE || height * o->width > RASTER_MAX_PIXELS) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "a sheet of %d positions would be %d x %" G_GINT64_FORMAT
                    " pixels, more than %d pixels: show fewer positions or make it narrower",
                    n, o->width, height, RASTER_MAX_PIXELS);
        return NULL;
    }
    Raster *sheet = raster_new(o->width, (int)height, err);
    if (!sheet) return NULL;
    const AbaloneRenderStyle *st = o->style ? o->style : abalone_render_style_default();
    raster_clear(sheet, raster_color_mix(st->background, RASTER_RGB(0x000000), 0.07));
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.width = tw, ro.coordinates = false, ro.header = false, ro.style = st;
    for (int i = 0; i < n; i++) {
        int ply = abalone_render_sheet_ply(g, o, i);
        ro.last_move = ply > 0 ? abalone_game_move(g, ply - 1) : MOVE_NONE;
        Raster *thumb = abalone_render_position(abalone_game_position(g, ply), &ro, err);
        if (!thumb) {
            raster_free(sheet);
            return NULL;
        }
        RasterRect box, cap;
        abalone_render_sheet_thumb_rect(g, o, i, &box, &cap);
        raster_blit(sheet, thumb, box.x, box.y);
        raster_free(thumb);
        char text[32];
        sheet_caption(g, o, i, text, sizeof text);
        font_draw_text(sheet, cap.x, cap.y, text, caption_scale(tw), st->text);
    }
    return sheet;
}

int abalone_render_frames(const AbaloneGame *g, const AbaloneRenderOptions *opt, const char *dir,
                          GError **err)
{
    if (g_mkdir_with_parents(dir, 0777) != 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_IO, "cannot create directory '%s': %s", dir,
                    g_strerror(errno));
        return -1;
    }
    AbaloneRenderOptions ro = *opt;
    ro.pv = NULL, ro.pv_length = 0;
    int len = abalone_game_length(g);
    for (int i = 0; i <= len; i++) {
        char caption[48], name[32];
        snprintf(caption, sizeof caption, "move %d of %d", i, len);
        snprintf(name, sizeof name, "frame-%04d.png", i);
        ro.caption = caption;
        ro.last_move = i > 0 ? abalone_game_move(g, i - 1) : MOVE_NONE;
        char *path = g_build_filename(dir, name, NULL);
        bool ok = abalone_render_position_png(abalone_game_position(g, i), &ro, path, err);
        g_free(path);
        if (!ok) return -1;
    }
    return len + 1;
}
