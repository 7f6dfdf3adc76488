// SPDX-License-Identifier: MIT
// The render command for any game (core/lab/commands.h): what the game's options name is
// loaded through the descriptor and drawn as the game's series of pictures
// (core/draw/series.h): one position with its caption and principal variation, a contact
// sheet or numbered frames; and the time one picture takes to draw and write (--bench).
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/draw/png.h"
#include "core/lab/commands.h"
#include "core/lab/lab.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// Draws a picture and writes it as PNG `repeat` times into a temporary directory, then prints
// the medians of the whole, of the drawing and of the PNG encoding and writing, and the
// fastest run.
static int bench(const Series *s, const SeriesPicture *p, int repeat)
{
    GError *err = NULL;
    char *dir = g_dir_make_tmp("sumito-render-XXXXXX", &err);
    if (!dir) return lab_report(err);
    char *path = g_build_filename(dir, "bench.png", NULL);
    double *t[3] = {g_new(double, repeat), g_new(double, repeat), g_new(double, repeat)};
    int w = 0, h = 0, rc = 0;
    for (int i = 0; i < repeat && rc == 0; i++) {
        double t0 = lab_now();
        Raster *r = series_draw(s, p, &err);
        double t1 = lab_now();
        if (!r || !png_write_raster(r, path, &err)) rc = lab_report(err), err = NULL;
        double t2 = lab_now();
        if (r) w = r->width, h = r->height;
        raster_free(r);
        t[0][i] = t2 - t0, t[1][i] = t1 - t0, t[2][i] = t2 - t1;
    }
    if (rc == 0) {
        for (int k = 0; k < 3; k++) qsort(t[k], (size_t)repeat, sizeof(double), compare_double);
        printf("render %d x %d: median %.2f ms a picture (drawing %.2f ms, PNG %.2f ms), "
               "%d runs, fastest %.2f ms\n",
               w, h, 1e3 * t[0][repeat / 2], 1e3 * t[1][repeat / 2], 1e3 * t[2][repeat / 2], repeat,
               1e3 * t[0][0]);
    }
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    for (int k = 0; k < 3; k++) g_free(t[k]);
    return rc;
}

// "move N of M", with the result after the last move of a finished game.
static char *game_caption(const GameDesc *game, const GameState *s, int n)
{
    int len = game->length(s);
    GameResult r = {0};
    if (n == len) game->result(s, &r);
    if (r.over) return g_strdup_printf("move %d of %d, %s", n, len, r.text);
    return g_strdup_printf("move %d of %d", n, len);
}

// Writes the picture and prints its size (and the board's, for a game of several sizes).
static int write_picture(const GameDesc *game, const GameState *s, const Series *series,
                         const SeriesPicture *p, const char *path)
{
    GError *err = NULL;
    Raster *r = series_draw(series, p, &err);
    int width = r ? r->width : 0, height = r ? r->height : 0;
    if (!png_write_raster_free(r, path, &err)) return lab_report(err);
    printf("%s: %d x %d pixels", path, width, height);
    int size = game->size(s);
    if (game->size_max) printf(", %dx%d board after %d moves", size, size, p->ply);
    printf("\n");
    return 0;
}

// One position: after --move moves (default: the end), with its caption and --pv.
static int render_one(const GameDesc *game, const GameState *s, void *opts, const Series *series,
                      const RenderJob *job)
{
    int len = game->length(s), n = job->move == LAB_RENDER_UNSET ? len : job->move;
    if (n > len) return lab_error("--move %d is past the end of the game (%d moves)", n, len);
    char buf[32];
    const char *own = game->render_caption(s, opts, buf);
    char *caption = own ? NULL : game_caption(game, s, n);
    SeriesPicture p = {.ply = n, .width = job->width, .coordinates = !job->plain};
    p.header = !job->plain;
    p.caption = job->caption ? job->caption : own ? (*own ? own : NULL) : caption;
    Move *pv = g_new(Move, game->render_pv_max);
    GError *err = NULL;
    p.pv = pv;
    p.pv_length = job->pv ? game->render_pv(s, n, job->pv, opts, pv, &err) : 0;
    int rc;
    if (p.pv_length < 0)
        rc = lab_report(err);
    else if (job->bench)
        rc = bench(series, &p, job->repeat);
    else
        rc = write_picture(game, s, series, &p, job->out);
    g_free(pv);
    g_free(caption);
    return rc;
}

static int render_sheet(const Series *series, const RenderJob *job)
{
    SeriesSheetOptions so = {.width = job->width, .every = job->every, .columns = job->columns};
    GError *err = NULL;
    if (!png_write_raster_free(series_sheet(series, &so, &err), job->out, &err))
        return lab_report(err);
    printf("%s: %d positions\n", job->out, series_sheet_count(series, &so));
    return 0;
}

static int render_frames(const Series *series, const RenderJob *job)
{
    SeriesPicture look = {.width = job->width, .coordinates = !job->plain, .header = !job->plain};
    GError *err = NULL;
    int n = series_frames(series, &look, job->frames, &err);
    if (n < 0) return lab_report(err);
    printf("%s: %d frames\n", job->frames, n);
    return 0;
}

int lab_render(const GameDesc *game, void *opts, const RenderJob *job)
{
    GPtrArray *warnings = g_ptr_array_new_with_free_func(g_free);
    GError *err = NULL;
    GameState *s = game->render_load(opts, warnings, &err);
    for (guint i = 0; i < warnings->len; i++)
        lab_error("warning: %s", (char *)g_ptr_array_index(warnings, i));
    g_ptr_array_free(warnings, TRUE);
    if (!s) return lab_report(err);
    Series series;
    game->render_series(s, opts, &series);
    int rc;
    if (job->strip)
        rc = render_sheet(&series, job);
    else if (job->frames)
        rc = render_frames(&series, job);
    else
        rc = render_one(game, s, opts, &series, job);
    game->state_free(s);
    return rc;
}
