// SPDX-License-Identifier: MIT
// The review written out (abalone/review_out.h): the annotated record through the record's own
// writer, the balance chart through core/draw/chart.h and the sheet of the critical positions
// through core/draw/series.h, each board drawn by abalone/render.h.
#include "abalone/review_out.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/render.h"
#include "base/file.h"
#include "core/draw/chart.h"
#include "core/draw/png.h"
#include "core/mcts.h"

static const AbaloneReviewMove *move_at(const AbaloneReview *r, int i)
{
    return &g_array_index(r->moves, AbaloneReviewMove, (guint)i);
}

char *abalone_review_comment(const AbaloneReview *r, const AbaloneRecord *rec, int i)
{
    const AbaloneReviewMove *mv = move_at(r, i);
    GString *c = g_string_new(NULL);
    g_string_printf(c, "review: score %+d", mv->played_score);
    if (mv->loss > 0) {
        char best[ABALONE_MOVE_TEXT];
        abalone_move_format(abalone_game_position(&rec->game, i), mv->best, rec->notation, best);
        g_string_append_printf(c, ", better %s %+d", best, mv->best_score);
    }
    g_string_append_printf(c, ", loss %d (%.1f %%)", mv->loss, 100.0 * mv->win_loss);
    if (mv->mark) g_string_append_printf(c, ", %s", abalone_review_mark_name(mv->mark));
    return g_string_free(c, FALSE);
}

char *abalone_review_annotate(const AbaloneReview *r, const AbaloneRecord *rec)
{
    AbaloneRecord copy = *rec;
    copy.comments = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < rec->comments->len; i++) {
        const char *old = g_ptr_array_index(rec->comments, i);
        char *add = i > 0 && i <= r->moves->len ? abalone_review_comment(r, rec, (int)i - 1) : NULL;
        char *both = old && add ? g_strconcat(old, " ", add, NULL) : g_strdup(add ? add : old);
        g_ptr_array_add(copy.comments, both);
        g_free(add);
    }
    char *text = abalone_record_format(&copy);
    g_ptr_array_free(copy.comments, TRUE);
    return text;
}

// The balance series: Black's win probability in % at ply 0 (the start, the engine's score of
// it) to n; the marks series: the same at the mistakes' (m) and blunders' (m + 1) plies only.
static void chart_values(const AbaloneReview *r, double *x, double *y, double *marks[2])
{
    int n = (int)r->moves->len;
    for (int i = 0; i <= n; i++) {
        x[i] = i;
        if (i == 0) {
            const AbaloneReviewMove *first = move_at(r, 0);
            double p = mcts_score_rate(first->best_score, r->scale);
            y[0] = 100.0 * (first->side == 0 ? p : 1.0 - p);
        } else {
            y[i] = 100.0 * move_at(r, i - 1)->black_win;
        }
        for (int k = 0; k < 2; k++) marks[k][i] = NAN;
        if (i > 0 && move_at(r, i - 1)->mark >= ABALONE_REVIEW_MISTAKE)
            marks[move_at(r, i - 1)->mark - ABALONE_REVIEW_MISTAKE][i] = y[i];
    }
}

Raster *abalone_review_chart(const AbaloneReview *r, GError **err)
{
    int n = (int)r->moves->len;
    if (n == 0) {
        g_set_error(err, CHART_ERROR, CHART_ERROR_DATA, "a game of no moves has no chart");
        return NULL;
    }
    double *x = g_new(double, n + 1), *y = g_new(double, n + 1);
    double *marks[2] = {g_new(double, n + 1), g_new(double, n + 1)};
    chart_values(r, x, y, marks);
    ChartSeries series[] = {{"Black's win probability", x, y, n + 1},
                            {"mistake", x, marks[0], n + 1},
                            {"blunder", x, marks[1], n + 1}};
    Chart c = {.kind = CHART_LINES,
               .width = 800,
               .height = 360,
               .series = series,
               .n_series = 3,
               .title = "Balance over the game",
               .x_label = "ply",
               .y_label = "Black wins, %",
               .y_zero = true};
    ChartLayout lay;
    Raster *img = chart_render(&c, &lay, err);
    for (int k = 0; img && k < 2; k++)
        for (int i = 0; i <= n; i++) {
            if (isnan(marks[k][i])) continue;
            double px, py;
            chart_map(&lay, x[i], marks[k][i], &px, &py);
            raster_fill_circle(img, px, py, 6.5, CHART_AXIS);
            raster_fill_circle(img, px, py, 5, chart_series_colour(k + 1));
        }
    g_free(x), g_free(y), g_free(marks[0]), g_free(marks[1]);
    return img;
}

static int by_loss(const void *a, const void *b, void *user)
{
    const AbaloneReview *r = user;
    int la = move_at(r, *(const int *)a)->loss, lb = move_at(r, *(const int *)b)->loss;
    return la != lb ? lb - la : *(const int *)a - *(const int *)b;
}

int abalone_review_critical(const AbaloneReview *r, int *plies)
{
    int n = (int)r->moves->len, *all = g_new(int, n + 1), k = 0;
    for (int least = ABALONE_REVIEW_MISTAKE; k == 0 && least > ABALONE_REVIEW_GOOD; least--)
        for (int i = 0; i < n; i++)
            if (move_at(r, i)->mark >= (AbaloneReviewMark)least) all[k++] = i;
    g_qsort_with_data(all, k, sizeof *all, by_loss, (void *)r);
    k = MIN(k, ABALONE_REVIEW_SHEET_MAX);
    memcpy(plies, all, sizeof *all * (size_t)k);
    g_free(all);
    return k;
}

typedef struct {
    const AbaloneReview *r;
    const AbaloneRecord *rec;
} SheetGame;

// The position before move ply + 1, the move played drawn as a last move is and the better move
// as a principal variation of one move.
static Raster *sheet_draw(const void *game, const void *options, const SeriesPicture *p,
                          GError **err)
{
    const SheetGame *sg = game;
    const AbaloneReviewMove *mv = move_at(sg->r, p->ply);
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.width = p->width, ro.coordinates = p->coordinates, ro.header = p->header;
    ro.style = options, ro.next_move = mv->played;
    ro.pv = mv->best && mv->best != mv->played ? &mv->best : NULL, ro.pv_length = ro.pv ? 1 : 0;
    return abalone_render_position(abalone_game_position(&sg->rec->game, p->ply), &ro, err);
}

static void sheet_caption(const void *game, int ply, char *buf, size_t size)
{
    const SheetGame *sg = game;
    char played[ABALONE_MOVE_TEXT];
    abalone_move_format(abalone_game_position(&sg->rec->game, ply), move_at(sg->r, ply)->played,
                        sg->rec->notation, played);
    snprintf(buf, size, "ply %d: %s, loss %d", ply + 1, played, move_at(sg->r, ply)->loss);
}

Raster *abalone_review_sheet(const AbaloneReview *r, const AbaloneRecord *rec, GError **err)
{
    int plies[ABALONE_REVIEW_SHEET_MAX], n = abalone_review_critical(r, plies);
    if (n == 0) {
        g_set_error(err, SERIES_ERROR, SERIES_ERROR_OPTIONS,
                    "no move is marked: the sheet would be empty");
        return NULL;
    }
    SheetGame sg = {r, rec};
    // The game's series (its widths, colours, thumbnail height), drawn and captioned here.
    Series s;
    abalone_render_series(&rec->game, NULL, &s);
    s.draw = sheet_draw, s.caption = sheet_caption, s.game = &sg;
    SeriesSheetOptions o;
    series_sheet_options_default(&o);
    o.width = 800, o.columns = MIN(n, 4), o.plies = plies, o.n_plies = n;
    return series_sheet(&s, &o, err);
}

bool abalone_review_write(const AbaloneReview *r, const AbaloneRecord *rec, const char *out,
                          const char *chart, const char *sheet, GError **err)
{
    if (out) {
        char *text = abalone_review_annotate(r, rec);
        bool ok = file_write_atomic(out, text, strlen(text), err);
        g_free(text);
        if (!ok) return false;
    }
    Raster *img;
    if (chart && (!(img = abalone_review_chart(r, err)) || !png_write_raster_free(img, chart, err)))
        return false;
    if (sheet &&
        (!(img = abalone_review_sheet(r, rec, err)) || !png_write_raster_free(img, sheet, err)))
        return false;
    return true;
}
