// SPDX-License-Identifier: MIT
// Whole Go games as pictures (go/render.h): positions replayed from the game's start with the
// move number of every stone, a contact sheet of thumbnails and a directory of numbered
// frames, all made of go_render_position's pictures.
#include "go/render.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "core/draw/font.h"
#include "core/draw/png.h"

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

void go_render_sheet_options_default(GoRenderSheetOptions *o)
{
    *o = (GoRenderSheetOptions){.width = 1200, .every = 10, .columns = 5};
}

int go_render_sheet_count(const GoGame *g, const GoRenderSheetOptions *o)
{
    int len = go_game_length(g);
    return len / o->every + 1 + (len % o->every ? 1 : 0);
}

static int sheet_gap(const GoRenderSheetOptions *o)
{
    return MAX(4, o->width / 100);
}

int go_render_sheet_thumb_width(const GoRenderSheetOptions *o)
{
    if (o->columns < 1 || o->every < 1) return 0;
    int w = (o->width - sheet_gap(o) * (o->columns + 1)) / o->columns;
    return w >= GO_RENDER_MIN_WIDTH && w <= GO_RENDER_MAX_WIDTH ? w : 0;
}

int go_render_sheet_ply(const GoGame *g, const GoRenderSheetOptions *o, int i)
{
    return MIN(i * o->every, go_game_length(g));
}

static int caption_scale(int thumb_width)
{
    return MAX(1, thumb_width / 180);
}

static GoRenderLayout thumb_layout(const GoGame *g, int tw)
{
    GoRenderLayout lay;
    go_render_layout(g->start.size, tw, false, false, &lay, NULL);
    return lay;
}

// Height of one row of the grid: thumbnail, caption and the gaps below each.
static int sheet_row_height(const GoGame *g, const GoRenderSheetOptions *o, int tw)
{
    int gap = sheet_gap(o);
    return thumb_layout(g, tw).height + gap / 2 + font_text_height(caption_scale(tw)) + gap;
}

static void sheet_caption(const GoGame *g, const GoRenderSheetOptions *o, int i, char *buf,
                          size_t size)
{
    int ply = go_render_sheet_ply(g, o, i);
    bool pass = ply > 0 && go_game_move(g, ply - 1)->move == GO_PASS;
    if (ply == 0)
        snprintf(buf, size, "start");
    else
        snprintf(buf, size, "move %d%s", ply, pass ? " (pass)" : "");
}

void go_render_sheet_thumb_rect(const GoGame *g, const GoRenderSheetOptions *o, int i,
                                RasterRect *thumb, RasterRect *caption)
{
    int tw = go_render_sheet_thumb_width(o), gap = sheet_gap(o), rh = sheet_row_height(g, o, tw);
    int th = thumb_layout(g, tw).height;
    int x = gap + (i % o->columns) * (tw + gap), y = gap + (i / o->columns) * rh;
    *thumb = (RasterRect){x, y, tw, th};
    char text[32];
    sheet_caption(g, o, i, text, sizeof text);
    *caption = font_text_box(text, caption_scale(tw), x + tw / 2.0, y + th + gap / 2.0, 0.5, 0);
}

// Checks that the sheet's thumbnails are wide enough and the whole not too large.
static bool sheet_check(const GoGame *g, const GoRenderSheetOptions *o, int64_t *height,
                        GError **err)
{
    int tw = go_render_sheet_thumb_width(o);
    if (tw == 0) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "a sheet %d pixels wide with %d columns leaves thumbnails narrower than %d "
                    "pixels",
                    o->width, o->columns, GO_RENDER_MIN_WIDTH);
        return false;
    }
    int n = go_render_sheet_count(g, o), rows = (n + o->columns - 1) / o->columns;
    *height = sheet_gap(o) + (int64_t)rows * sheet_row_height(g, o, tw);
    if (*height > RASTER_MAX_SIDE || *height * o->width > RASTER_MAX_PIXELS) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_OPTIONS,
                    "a sheet of %d positions would be %d x %" G_GINT64_FORMAT
                    " pixels, more than %d pixels: show fewer positions or make it narrower",
                    n, o->width, *height, RASTER_MAX_PIXELS);
        return false;
    }
    return true;
}

Raster *go_render_sheet(const GoGame *g, const GoRenderSheetOptions *o, GError **err)
{
    int64_t height;
    if (!sheet_check(g, o, &height, err)) return NULL;
    Raster *sheet = raster_new(o->width, (int)height, err);
    if (!sheet) return NULL;
    const GoRenderStyle *st = o->style ? o->style : go_render_style_default();
    raster_clear(sheet, raster_color_mix(st->background, RASTER_RGB(0x000000), 0.07));
    int tw = go_render_sheet_thumb_width(o), size = g->start.size;
    GoRenderOptions ro;
    go_render_options_default(&ro);
    ro.width = tw, ro.coordinates = false, ro.header = false, ro.style = st;
    GoBoard *b = g_new(GoBoard, 1);
    int *numbers = g_new(int, size *size);
    ro.numbers = o->numbers ? numbers : NULL;
    for (int i = 0, n = go_render_sheet_count(g, o); i < n && sheet; i++) {
        int ply = go_render_sheet_ply(g, o, i);
        go_render_game_position(g, ply, b, numbers);
        ro.last_move = ply > 0 ? go_game_move(g, ply - 1)->move : MOVE_NONE;
        Raster *thumb = go_render_position(b, &ro, err);
        if (!thumb) {
            raster_free(sheet);
            sheet = NULL;
            break;
        }
        RasterRect box, cap;
        go_render_sheet_thumb_rect(g, o, i, &box, &cap);
        raster_blit(sheet, thumb, box.x, box.y);
        raster_free(thumb);
        char text[32];
        sheet_caption(g, o, i, text, sizeof text);
        font_draw_text(sheet, cap.x, cap.y, text, caption_scale(tw), st->text);
    }
    g_free(numbers);
    g_free(b);
    return sheet;
}

int go_render_frames(const GoGame *g, const GoRenderOptions *opt, bool numbers, const char *dir,
                     GError **err)
{
    GoRenderLayout lay;
    if (!go_render_layout(g->start.size, opt->width, opt->coordinates, opt->header, &lay, err))
        return -1;
    if (g_mkdir_with_parents(dir, 0777) != 0) {
        g_set_error(err, GO_RENDER_ERROR, GO_RENDER_ERROR_IO, "cannot create directory '%s': %s",
                    dir, g_strerror(errno));
        return -1;
    }
    GoRenderOptions ro = *opt;
    int len = go_game_length(g), size = g->start.size, written = 0;
    GoBoard *b = g_new(GoBoard, 1);
    int *nums = g_new(int, size *size);
    ro.numbers = numbers ? nums : NULL;
    for (int i = 0; i <= len; i++) {
        char caption[48], name[32];
        snprintf(caption, sizeof caption, "move %d of %d", i, len);
        snprintf(name, sizeof name, "frame-%04d.png", i);
        ro.caption = caption;
        ro.last_move = i > 0 ? go_game_move(g, i - 1)->move : MOVE_NONE;
        go_render_game_position(g, i, b, nums);
        char *path = g_build_filename(dir, name, NULL);
        bool ok = go_render_position_png(b, &ro, path, err);
        g_free(path);
        if (!ok) break;
        written++;
    }
    g_free(nums);
    g_free(b);
    return written == len + 1 ? written : -1;
}
