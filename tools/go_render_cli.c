// SPDX-License-Identifier: MIT
// `sumito go render`: PNG pictures of a Go position (an empty board, moves given as GTP
// vertices, or an SGF record's main line after N moves), of a whole game as a contact sheet
// or as numbered frames, and the renderer's speed (--bench).
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/draw/png.h"
#include "go/notation.h"
#include "go/render.h"
#include "go/sgf.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

#define UNSET INT_MIN

typedef struct {
    char *sgf, *moves, *out, *frames, *caption, *pv;
    int size, move, pixels, every, columns, repeat;
    gboolean numbers, strip, plain, bench;
} RenderArgs;

static void args_free(RenderArgs *a)
{
    char **s[] = {&a->sgf, &a->moves, &a->out, &a->frames, &a->caption, &a->pv};
    for (size_t i = 0; i < G_N_ELEMENTS(s); i++) g_free(*s[i]);
}

static bool parse_args(RenderArgs *a, int *argc, char ***argv)
{
    *a = (RenderArgs){.size = UNSET,
                      .move = UNSET,
                      .pixels = UNSET,
                      .every = UNSET,
                      .columns = UNSET,
                      .repeat = 50};
    const GOptionEntry entries[] = {
        {"board-size", 'n', 0, G_OPTION_ARG_INT, &a->size, "board size, 2 to 19 (default 19)", "N"},
        {"moves", 'm', 0, G_OPTION_ARG_STRING, &a->moves,
         "moves played from the empty board, alternating from Black, as GTP vertices", "LIST"},
        {"sgf", 'g', 0, G_OPTION_ARG_FILENAME, &a->sgf, "an SGF game record (its main line)",
         "FILE"},
        {"move", 0, 0, G_OPTION_ARG_INT, &a->move,
         "the position after N moves of the game (default: the end)", "N"},
        {"pixels", 'w', 0, G_OPTION_ARG_INT, &a->pixels,
         "image width, 64 to 8192 (default 800, 1200 for --strip)", "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &a->out, "the PNG file to write", "FILE.png"},
        {"numbers", 0, 0, G_OPTION_ARG_NONE, &a->numbers, "move numbers on the stones", NULL},
        {"pv", 0, 0, G_OPTION_ARG_STRING, &a->pv,
         "a principal variation played from the position, as numbered translucent stones",
         "'MOVE MOVE ...'"},
        {"caption", 0, 0, G_OPTION_ARG_STRING, &a->caption,
         "text at the top right (default: the move number)", "TEXT"},
        {"plain", 0, 0, G_OPTION_ARG_NONE, &a->plain, "no coordinates, header or footer", NULL},
        {"strip", 0, 0, G_OPTION_ARG_NONE, &a->strip, "a contact sheet of the game's positions",
         NULL},
        {"every", 0, 0, G_OPTION_ARG_INT, &a->every,
         "with --strip: the position after every N moves (default 10)", "N"},
        {"columns", 0, 0, G_OPTION_ARG_INT, &a->columns,
         "with --strip: thumbnails a row (default 5)", "N"},
        {"frames", 0, 0, G_OPTION_ARG_FILENAME, &a->frames,
         "one PNG per position of the game, DIR/frame-0000.png ...", "DIR"},
        {"bench", 0, 0, G_OPTION_ARG_NONE, &a->bench,
         "print the median time to draw the position and write it as PNG", NULL},
        {"repeat", 'r', 0, G_OPTION_ARG_INT, &a->repeat, "with --bench: runs (default 50)", "N"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- draw Go positions and games as PNG pictures");
    g_option_context_set_summary(
        ctx, "Draws a position (an empty board of --board-size, --moves from it, or --sgf with "
             "--move) as a PNG picture, a whole game as a contact sheet (--strip) or as numbered "
             "frames (--frames).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, argc, argv);
    g_option_context_free(ctx);
    if (ok && *argc > 1) ok = (cli_error("unexpected argument '%s'", (*argv)[1]), false);
    return ok;
}

// The combinations of options that make no sense; prints the first one found.
static bool check_combinations(const RenderArgs *a)
{
    bool game = a->sgf || a->moves;
    const char *why = NULL;
    if (a->sgf && (a->size != UNSET || a->moves))
        why = "--sgf excludes --board-size and --moves (the record gives both)";
    else if ((a->strip || a->frames) && !game)
        why = a->strip ? "--strip needs a game: --sgf FILE or --moves"
                       : "--frames needs a game: --sgf FILE or --moves";
    else if (a->strip && a->frames)
        why = "--strip and --frames exclude each other";
    else if (a->move != UNSET && !game)
        why = "--move needs a game: --sgf FILE or --moves";
    else if (a->move != UNSET && (a->strip || a->frames))
        why = "--move picks one position; --strip and --frames show them all";
    else if ((a->every != UNSET || a->columns != UNSET) && !a->strip)
        why = "--every and --columns go with --strip";
    else if (a->pv && (a->strip || a->frames))
        why = "--pv draws on one position, not --strip or --frames";
    else if (a->bench && (a->strip || a->frames))
        why = "--bench times one position, not --strip or --frames";
    else if (a->frames && a->out)
        why = "--frames writes into its directory; --out is not used with it";
    else if (!a->out && !a->frames && !a->bench)
        why = "missing --out FILE.png (where to write the picture)";
    if (why) cli_error("%s", why);
    return why == NULL;
}

static bool check_ranges(RenderArgs *a)
{
    if (a->pixels == UNSET) a->pixels = a->strip ? 1200 : GO_RENDER_DEFAULT_WIDTH;
    if (a->every == UNSET) a->every = 10;
    if (a->columns == UNSET) a->columns = 5;
    if (a->size != UNSET && (a->size < GO_MIN_SIZE || a->size > GO_MAX_SIZE))
        return cli_error("--board-size must be %d to %d, not %d", GO_MIN_SIZE, GO_MAX_SIZE,
                         a->size),
               false;
    if (a->pixels < GO_RENDER_MIN_WIDTH || a->pixels > GO_RENDER_MAX_WIDTH)
        return cli_error("--pixels must be %d to %d, not %d", GO_RENDER_MIN_WIDTH,
                         GO_RENDER_MAX_WIDTH, a->pixels),
               false;
    if (a->every < 1 || a->every > 100000)
        return cli_error("--every must be 1 to 100000, not %d", a->every), false;
    if (a->columns < 1 || a->columns > 100)
        return cli_error("--columns must be 1 to 100, not %d", a->columns), false;
    if (a->repeat < 1 || a->repeat > 10000)
        return cli_error("--repeat must be 1 to 10000, not %d", a->repeat), false;
    if (a->move != UNSET && a->move < 0)
        return cli_error("--move must be 0 or more, not %d", a->move), false;
    return true;
}

// The game: an SGF record's main line, or --moves on an empty board of --board-size.
static bool load_game(const RenderArgs *a, GoGame *g)
{
    GoRules rules;
    go_rules_default(&rules);
    if (!a->sgf) {
        go_game_init(g, a->size == UNSET ? 19 : a->size, &rules);
        if (go_cli_play_list(g, a->moves)) return true;
        go_game_free(g);
        return false;
    }
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *err = NULL;
    bool ok = go_sgf_load(a->sgf, &rules, g, &info, &err);
    for (guint i = 0; i < info.warnings->len; i++)
        g_printerr("sumito: warning: %s\n", (char *)g_ptr_array_index(info.warnings, i));
    go_sgf_info_free(&info);
    if (ok) return true;
    cli_error("%s", err->message);
    g_error_free(err);
    go_game_free(g);
    return false;
}

static int report(GError *err)
{
    int rc = cli_error("%s", err->message);
    g_error_free(err);
    return rc;
}

typedef struct {
    const GoBoard *b;
    const GoRenderOptions *ro;
} BenchPicture;

static Raster *bench_draw(const void *data, GError **err)
{
    const BenchPicture *p = data;
    return go_render_position(p->b, p->ro, err);
}

static char *game_caption(const GoGame *g, int n)
{
    int len = go_game_length(g);
    if (n == len && go_game_over(g)) {
        char *score = go_score_text(go_game_score(g));
        char *text = g_strdup_printf("move %d of %d, %s", n, len, score);
        g_free(score);
        return text;
    }
    return g_strdup_printf("move %d of %d", n, len);
}

// The principal variation --pv from the position after n moves, each move checked by the
// rules (superko included) on the game cut back to n moves. Returns the number of moves, or
// -1 with the error printed. The game keeps only its first n moves afterwards.
static int parse_pv(GoGame *g, int n, const char *list, Move pv[GO_RENDER_MAX_PV])
{
    while (go_game_length(g) > n) go_game_undo(g);
    return go_cli_play_moves(g, list, "--pv ", pv, GO_RENDER_MAX_PV);
}

// One position of the game (the start when there is none), after --move moves.
static int render_one(const RenderArgs *a, GoRenderOptions *ro, GoGame *g)
{
    int len = go_game_length(g), n = a->move == UNSET ? len : a->move;
    if (n > len) return cli_error("--move %d is past the end of the game (%d moves)", n, len);
    int size = g->start.size;
    GoBoard *b = g_new(GoBoard, 1);
    int *numbers = g_new(int, size *size);
    go_render_game_position(g, n, b, numbers);
    ro->last_move = n > 0 ? go_game_move(g, n - 1)->move : MOVE_NONE;
    ro->numbers = a->numbers ? numbers : NULL;
    char *caption = len > 0 ? game_caption(g, n) : NULL;
    ro->caption = a->caption ? a->caption : caption;
    GError *err = NULL;
    int rc = 0;
    Move pv[GO_RENDER_MAX_PV];
    ro->pv = pv;
    ro->pv_length = a->pv ? parse_pv(g, n, a->pv, pv) : 0;
    if (ro->pv_length < 0) {
        rc = EXIT_BAD_INPUT;
    } else if (a->bench) {
        rc = cli_bench_picture(bench_draw, &(BenchPicture){b, ro}, a->repeat);
    } else if (!go_render_position_png(b, ro, a->out, &err)) {
        rc = report(err);
    } else {
        GoRenderLayout lay;
        go_render_layout(size, ro->width, ro->coordinates, ro->header, &lay, NULL);
        printf("%s: %d x %d pixels, %dx%d board after %d moves\n", a->out, lay.width, lay.height,
               size, size, n);
    }
    g_free(caption);
    g_free(numbers);
    g_free(b);
    return rc;
}

static int render_sheet(const RenderArgs *a, const GoGame *g)
{
    GoRenderSheetOptions so;
    go_render_sheet_options_default(&so);
    so.width = a->pixels, so.every = a->every, so.columns = a->columns, so.numbers = a->numbers;
    GError *err = NULL;
    Raster *r = go_render_sheet(g, &so, &err);
    if (!r) return report(err);
    bool ok = png_write_raster(r, a->out, &err);
    raster_free(r);
    if (!ok) return report(err);
    printf("%s: %d positions\n", a->out, go_render_sheet_count(g, &so));
    return 0;
}

int go_cli_render(int argc, char **argv)
{
    RenderArgs a;
    if (!parse_args(&a, &argc, &argv) || !check_combinations(&a) || !check_ranges(&a)) {
        args_free(&a);
        return EXIT_BAD_INPUT;
    }
    GoRenderOptions ro;
    go_render_options_default(&ro);
    ro.width = a.pixels;
    ro.coordinates = ro.header = !a.plain;
    GoGame *g = g_new(GoGame, 1);
    int rc = 0;
    if (!load_game(&a, g)) {
        g_free(g);
        args_free(&a);
        return EXIT_BAD_INPUT;
    }
    if (a.strip) {
        rc = render_sheet(&a, g);
    } else if (a.frames) {
        GError *err = NULL;
        int n = go_render_frames(g, &ro, a.numbers, a.frames, &err);
        if (n < 0)
            rc = report(err);
        else
            printf("%s: %d frames\n", a.frames, n);
    } else {
        rc = render_one(&a, &ro, g);
    }
    go_game_free(g);
    g_free(g);
    args_free(&a);
    return rc;
}
