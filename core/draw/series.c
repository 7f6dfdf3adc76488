// SPDX-License-Identifier: MIT
// Contact sheets and frame directories of a series of pictures (core/draw/series.h): the
// grid's geometry, the captions and the loops, the pictures themselves drawn by the game.
#include "core/draw/series.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "core/draw/font.h"
#include "core/draw/png.h"

G_DEFINE_QUARK(series - error - quark, series_error)

Raster *series_draw(const Series *s, const SeriesPicture *p, GError **err)
{
    return s->draw(s->game, s->options, p, err);
}

void series_sheet_options_default(SeriesSheetOptions *o)
{
    *o = (SeriesSheetOptions){.width = 1200, .every = 10, .columns = 5};
}

int series_sheet_count(const Series *s, const SeriesSheetOptions *o)
{
    if (o->plies) return o->n_plies;
    return s->length / o->every + 1 + (s->length % o->every ? 1 : 0);
}

static int sheet_gap(const SeriesSheetOptions *o)
{
    return MAX(4, o->width / 100);
}

int series_sheet_thumb_width(const Series *s, const SeriesSheetOptions *o)
{
    if (o->columns < 1 || (o->every < 1 && !o->plies)) return 0;
    int w = (o->width - sheet_gap(o) * (o->columns + 1)) / o->columns;
    return w >= s->min_width && w <= s->max_width ? w : 0;
}

int series_sheet_ply(const Series *s, const SeriesSheetOptions *o, int i)
{
    if (o->plies) return o->plies[i];
    return MIN(i * o->every, s->length);
}

static int caption_scale(int thumb_width)
{
    return MAX(1, thumb_width / 180);
}

// Height of one row of the grid: thumbnail, caption and the gaps below each.
static int sheet_row_height(const Series *s, const SeriesSheetOptions *o, int tw)
{
    int gap = sheet_gap(o);
    return s->height(s->game, tw) + gap / 2 + font_text_height(caption_scale(tw)) + gap;
}

static void sheet_caption(const Series *s, const SeriesSheetOptions *o, int i, char *buf,
                          size_t size)
{
    int ply = series_sheet_ply(s, o, i);
    if (s->caption) {
        s->caption(s->game, ply, buf, size);
        return;
    }
    const char *note = s->note && ply > 0 ? s->note(s->game, ply) : NULL;
    if (ply == 0)
        snprintf(buf, size, "start");
    else
        snprintf(buf, size, "move %d%s", ply, note ? note : "");
}

void series_sheet_thumb_rect(const Series *s, const SeriesSheetOptions *o, int i, RasterRect *thumb,
                             RasterRect *caption)
{
    int tw = series_sheet_thumb_width(s, o), gap = sheet_gap(o), rh = sheet_row_height(s, o, tw);
    int th = s->height(s->game, tw);
    int x = gap + (i % o->columns) * (tw + gap), y = gap + (i / o->columns) * rh;
    *thumb = (RasterRect){x, y, tw, th};
    char text[48];
    sheet_caption(s, o, i, text, sizeof text);
    *caption = font_text_box(text, caption_scale(tw), x + tw / 2.0, y + th + gap / 2.0, 0.5, 0);
}

// Checks that the sheet's thumbnails are wide enough and the whole not too large.
static bool sheet_check(const Series *s, const SeriesSheetOptions *o, int64_t *height, GError **err)
{
    int tw = series_sheet_thumb_width(s, o);
    if (tw == 0) {
        g_set_error(err, SERIES_ERROR, SERIES_ERROR_OPTIONS,
                    "a sheet %d pixels wide with %d columns leaves thumbnails narrower than %d "
                    "pixels",
                    o->width, o->columns, s->min_width);
        return false;
    }
    int n = series_sheet_count(s, o), rows = (n + o->columns - 1) / o->columns;
    *height = sheet_gap(o) + (int64_t)rows * sheet_row_height(s, o, tw);
    if (*height > RASTER_MAX_SIDE || *height * o->width > RASTER_MAX_PIXELS) {
        g_set_error(err, SERIES_ERROR, SERIES_ERROR_OPTIONS,
                    "a sheet of %d positions would be %d x %" G_GINT64_FORMAT
                    " pixels, more than %d pixels: show fewer positions or make it narrower",
                    n, o->width, *height, RASTER_MAX_PIXELS);
        return false;
    }
    return true;
}

Raster *series_sheet(const Series *s, const SeriesSheetOptions *o, GError **err)
{
    int64_t height;
    if (!sheet_check(s, o, &height, err)) return NULL;
    RasterColor shade = raster_color_mix(s->background, RASTER_RGB(0x000000), 0.07);
    Raster *sheet = raster_new_filled(o->width, (int)height, shade, err);
    if (!sheet) return NULL;
    int tw = series_sheet_thumb_width(s, o);
    for (int i = 0, n = series_sheet_count(s, o); i < n; i++) {
        SeriesPicture p = {.ply = series_sheet_ply(s, o, i), .width = tw};
        Raster *thumb = series_draw(s, &p, err);
        if (!thumb) {
            raster_free(sheet);
            return NULL;
        }
        RasterRect box, cap;
        series_sheet_thumb_rect(s, o, i, &box, &cap);
        raster_blit(sheet, thumb, box.x, box.y);
        raster_free(thumb);
        char text[48];
        sheet_caption(s, o, i, text, sizeof text);
        font_draw_text(sheet, cap.x, cap.y, text, caption_scale(tw), s->text);
    }
    return sheet;
}

// Writes frame i, creating the directory with the first one.
static bool write_frame(Raster *r, const char *dir, int i, GError **err)
{
    if (i == 0 && r && g_mkdir_with_parents(dir, 0777) != 0) {
        g_set_error(err, SERIES_ERROR, SERIES_ERROR_IO, "cannot create directory '%s': %s", dir,
                    g_strerror(errno));
        raster_free(r);
        return false;
    }
    char name[32];
    snprintf(name, sizeof name, "frame-%04d.png", i);
    char *path = g_build_filename(dir, name, NULL);
    bool ok = png_write_raster_free(r, path, err);
    g_free(path);
    return ok;
}

int series_frames(const Series *s, const SeriesPicture *look, const char *dir, GError **err)
{
    SeriesPicture p = *look;
    p.pv = NULL, p.pv_length = 0;
    for (int i = 0; i <= s->length; i++) {
        char caption[48];
        snprintf(caption, sizeof caption, "move %d of %d", i, s->length);
        p.ply = i, p.caption = caption;
        if (!write_frame(series_draw(s, &p, err), dir, i, err)) return -1;
    }
    return s->length + 1;
}
