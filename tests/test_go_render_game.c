// SPDX-License-Identifier: MIT
// Whole Go games as pictures: the positions and move numbers replayed from a game, numbers
// drawn on their stones, contact sheets and frames of a recorded game (decoded from PNG).
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "core/draw/font.h"
#include "core/draw/png.h"
#include "go/notation.h"
#include "go/render.h"
#include "go/sgf.h"
#include "tests/picture_util.h"
#include "tests/test_util.h"

static void play(GoGame *g, const char *moves)
{
    char **words = g_strsplit(moves, " ", -1);
    for (char **w = words; *w; w++) {
        Move m = go_vertex_parse(&g->board, *w, NULL);
        g_assert_cmpuint(m, !=, MOVE_NONE);
        g_assert_true(go_game_play(g, g->board.side, m));
    }
    g_strfreev(words);
}

static int number_at(const GoBoard *b, const int *numbers, const char *vertex)
{
    Move m = go_vertex_parse(b, vertex, NULL);
    return numbers[go_move_index(b, m)];
}

// A capture, the captured point filled again by the other side, and a pass.
#define NUMBERED_GAME "B1 A1 A2 E5 E4 D5 A1 pass C3"

static void test_game_position(void)
{
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    go_game_init(&g, 5, &rules);
    play(&g, NUMBERED_GAME);
    GoBoard b;
    int numbers[GO_MAX_POINTS];
    go_render_game_position(&g, 3, &b, numbers);
    g_assert_cmpint(b.captures[GO_BLACK], ==, 1);
    g_assert_cmpint(b.side, ==, GO_WHITE);
    g_assert_cmpint(number_at(&b, numbers, "B1"), ==, 1);
    g_assert_cmpint(number_at(&b, numbers, "A1"), ==, 0); // captured
    g_assert_cmpint(number_at(&b, numbers, "A2"), ==, 3);
    go_render_game_position(&g, go_game_length(&g), &b, numbers);
    g_assert_true(go_board_same_position(&b, &g.board));
    g_assert_cmpint(number_at(&b, numbers, "A1"), ==, 7); // Black's stone there now
    g_assert_cmpint(number_at(&b, numbers, "C3"), ==, 9);
    int total = 0;
    for (int i = 0; i < 25; i++) total += numbers[i] > 0;
    g_assert_cmpint(total, ==, 7);
    for (int n = 0; n <= go_game_length(&g); n++) { // each position as the game had it
        GoGame h;
        go_game_init(&h, 5, &rules);
        char **words = g_strsplit(NUMBERED_GAME, " ", -1);
        for (int i = 0; i < n; i++) play(&h, words[i]);
        go_render_game_position(&g, n, &b, NULL);
        g_assert_true(go_board_same_position(&b, &h.board));
        g_strfreev(words);
        go_game_free(&h);
    }
    go_game_free(&g);
}

// Pixels near a colour within a stone's inner disc.
static int ink_on_stone(const Raster *r, double x, double y, double radius, RasterColor c)
{
    int count = 0;
    for (int j = (int)(y - radius); j <= (int)(y + radius); j++)
        for (int i = (int)(x - radius); i <= (int)(x + radius); i++)
            if (hypot(i + 0.5 - x, j + 0.5 - y) < 0.8 * radius &&
                raster_color_distance(raster_get(r, i, j), c) < 30)
                count++;
    return count;
}

static void test_numbers(void)
{
    const GoRenderStyle *st = go_render_style_default();
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    go_game_init(&g, 5, &rules);
    play(&g, NUMBERED_GAME);
    GoBoard b;
    int numbers[GO_MAX_POINTS];
    go_render_game_position(&g, go_game_length(&g), &b, numbers);
    GoRenderOptions o;
    go_render_options_default(&o);
    o.last_move = go_game_move(&g, go_game_length(&g) - 1)->move;
    for (int with = 0; with < 2; with++) {
        o.numbers = with ? numbers : NULL;
        GError *err = NULL;
        Raster *r = test_png_roundtrip(go_render_position(&b, &o, &err));
        g_assert_no_error(err);
        GoRenderLayout lay;
        go_render_layout(5, o.width, true, true, &lay, NULL);
        for (int p = 0; p < b.cells; p++) {
            int c = b.color[p];
            if (c != GO_BLACK && c != GO_WHITE) continue;
            double x, y;
            go_render_point_xy(&lay, go_point_x(&b, p), go_point_y(&b, p), &x, &y);
            bool last = (Move)p == o.last_move;
            int ink = ink_on_stone(r, x, y, lay.stone_radius, st->number[c == GO_WHITE]);
            int marker = ink_on_stone(r, x, y, lay.stone_radius, st->marker);
            // Numbers in the stone's number colour; the last one on a disc of the marker's
            // colour (a ring marks it without numbers).
            if (last) ink = ink_on_stone(r, x, y, lay.stone_radius, st->number[0]);
            g_assert_cmpint(ink > 0, ==, with);
            g_assert_cmpint(marker > 0, ==, last);
            if (with) g_assert_cmpint(ink, >=, 4);
        }
        raster_free(r);
    }
    go_game_free(&g);
}

static GoGame *load_game(const char *name)
{
    GoRules rules;
    go_rules_default(&rules);
    GoGame *g = g_new(GoGame, 1);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *err = NULL;
    char *path = g_build_filename(TEST_DATA_DIR, name, NULL);
    g_assert_true(go_sgf_load(path, &rules, g, &info, &err));
    g_assert_no_error(err);
    go_sgf_info_free(&info);
    g_free(path);
    return g;
}

// The stones of a position drawn at (ox, oy) but the last move's: dark or light at the centre.
static void check_stones(const Raster *r, const GoRenderLayout *lay, int ox, int oy,
                         const GoBoard *b, Move last)
{
    int stones = 0;
    for (int p = 0; p < b->cells; p++) {
        int c = b->color[p];
        if (c != GO_BLACK && c != GO_WHITE) continue;
        stones++;
        if ((Move)p == last) continue;
        double x, y;
        go_render_point_xy(lay, go_point_x(b, p), go_point_y(b, p), &x, &y);
        RasterColor got = raster_get(r, (int)floor(ox + x), (int)floor(oy + y));
        double lum = test_luminance(got);
        if (c == GO_BLACK ? lum > 90 : lum < 190)
            g_error("stone at (%d, %d): luminance %.0f", go_point_x(b, p), go_point_y(b, p), lum);
    }
    g_assert_cmpint(stones, ==, b->size * b->size - b->empty_count);
}

static void test_sheet(void)
{
    const GoRenderStyle *st = go_render_style_default();
    GoGame *g = load_game("go_gnugo_9.sgf");
    int len = go_game_length(g);
    g_assert_cmpint(len, ==, 48);
    Series series;
    go_render_series(g, NULL, &series);
    SeriesSheetOptions o;
    series_sheet_options_default(&o);
    o.every = 10;
    GError *err = NULL;
    Raster *r = test_png_roundtrip(series_sheet(&series, &o, &err));
    g_assert_no_error(err);
    int n = series_sheet_count(&series, &o), tw = series_sheet_thumb_width(&series, &o);
    g_assert_cmpint(n, ==, 6); // start, 10, 20, 30, 40, 48
    g_assert_cmpint(r->width, ==, o.width);
    GoRenderLayout lay;
    go_render_layout(9, tw, false, false, &lay, NULL);
    GoBoard b;
    for (int i = 0; i < n; i++) {
        RasterRect thumb, cap;
        series_sheet_thumb_rect(&series, &o, i, &thumb, &cap);
        g_assert_cmpint(thumb.width, ==, tw);
        g_assert_cmpint(thumb.height, ==, lay.height);
        g_assert_cmpint(cap.y + cap.height, <=, r->height);
        int ply = series_sheet_ply(&series, &o, i);
        g_assert_cmpint(ply, ==, MIN(10 * i, len));
        go_render_game_position(g, ply, &b, NULL);
        check_stones(r, &lay, thumb.x, thumb.y, &b,
                     ply ? go_game_move(g, ply - 1)->move : MOVE_NONE);
        int ink = 0;
        for (int y = cap.y; y < cap.y + cap.height; y++)
            for (int x = cap.x; x < cap.x + cap.width; x++)
                ink += raster_color_distance(raster_get(r, x, y), st->text) < 2;
        g_assert_cmpint(ink, >=, 10);
    }
    raster_free(r);
    // Too many columns for the width: refused.
    o.columns = 40;
    g_assert_null(series_sheet(&series, &o, &err));
    g_assert_nonnull(strstr(err->message, "narrower than 64 pixels"));
    g_clear_error(&err);
    go_game_free(g);
    g_free(g);
}

static void test_frames(void)
{
    GoGame *g = load_game("go_gnugo_9.sgf");
    char *dir = test_temp_dir(), *sub = g_build_filename(dir, "frames", NULL);
    GoRenderOptions o;
    go_render_options_default(&o);
    o.width = 160;
    Series series;
    go_render_series(g, &(GoRenderSeriesOptions){.style = o.style, .numbers = false}, &series);
    SeriesPicture look = {.width = o.width, .coordinates = o.coordinates, .header = o.header};
    GError *err = NULL;
    int len = go_game_length(g);
    g_assert_cmpint(series_frames(&series, &look, sub, &err), ==, len + 1);
    g_assert_no_error(err);
    GoRenderLayout lay;
    go_render_layout(9, o.width, true, true, &lay, NULL);
    GoBoard b;
    for (int i = 0; i <= len; i += len / 4) {
        char name[32];
        g_snprintf(name, sizeof name, "frame-%04d.png", i);
        char *path = g_build_filename(sub, name, NULL);
        Raster *r = png_read_raster(path, &err);
        g_assert_no_error(err);
        g_assert_cmpint(r->width, ==, o.width);
        g_assert_cmpint(r->height, ==, lay.height);
        go_render_game_position(g, i, &b, NULL);
        check_stones(r, &lay, 0, 0, &b, i ? go_game_move(g, i - 1)->move : MOVE_NONE);
        raster_free(r);
        g_free(path);
    }
    // The directory holds the frames and nothing else.
    GDir *d = g_dir_open(sub, 0, NULL);
    int files = 0;
    while (g_dir_read_name(d)) files++;
    g_dir_close(d);
    g_assert_cmpint(files, ==, len + 1);
    test_remove_dir(sub);
    // A file where the directory should be.
    char *file = g_build_filename(dir, "file", NULL);
    g_assert_true(g_file_set_contents(file, "x", 1, NULL));
    g_assert_cmpint(series_frames(&series, &look, file, &err), ==, -1);
    g_assert_nonnull(strstr(err->message, "cannot create directory"));
    g_clear_error(&err);
    g_unlink(file);
    g_free(file);
    test_remove_dir(dir);
    go_game_free(g);
    g_free(g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/render/game-position", test_game_position);
    g_test_add_func("/go/render/numbers", test_numbers);
    g_test_add_func("/go/render/sheet", test_sheet);
    g_test_add_func("/go/render/frames", test_frames);
    return g_test_run();
}
