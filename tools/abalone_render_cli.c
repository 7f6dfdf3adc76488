// SPDX-License-Identifier: MIT
// `sumito abalone render`: PNG pictures of a position (from a layout, a position string or a
// game record after N moves, optionally with a principal variation), of a whole game as a
// contact sheet or as numbered frames, and the renderer's speed (--bench).
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/record.h"
#include "abalone/render.h"
#include "core/draw/png.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

#define UNSET INT_MIN

typedef struct {
    char *layout, *position, *game, *pv, *out, *frames, *caption;
    int move, pixels, every, columns, repeat;
    gboolean strip, fftl, bench, plain;
} RenderArgs;

static void args_free(RenderArgs *a)
{
    char **s[] = {&a->layout, &a->position, &a->game, &a->pv, &a->out, &a->frames, &a->caption};
    for (size_t i = 0; i < G_N_ELEMENTS(s); i++) g_free(*s[i]);
}

static bool parse_args(RenderArgs *a, int *argc, char ***argv)
{
    *a = (RenderArgs){
        .move = UNSET, .pixels = UNSET, .every = UNSET, .columns = UNSET, .repeat = 50};
    const GOptionEntry entries[] = {
        {"layout", 'l', 0, G_OPTION_ARG_STRING, &a->layout,
         "start layout: standard, belgian, german, dutch or swiss (default standard)", "NAME"},
        {"position", 'p', 0, G_OPTION_ARG_STRING, &a->position, "a position string", "STRING"},
        {"game", 'g', 0, G_OPTION_ARG_FILENAME, &a->game, "a game record", "FILE"},
        {"move", 'm', 0, G_OPTION_ARG_INT, &a->move,
         "with --game: the position after N moves (default: the end)", "N"},
        {"pv", 0, 0, G_OPTION_ARG_STRING, &a->pv,
         "moves played from the position, drawn as numbered arrows", "'MOVE MOVE ...'"},
        {"fftl", 0, 0, G_OPTION_ARG_NONE, &a->fftl, "--pv moves are in FFTL notation", NULL},
        {"pixels", 'w', 0, G_OPTION_ARG_INT, &a->pixels,
         "image width, 64 to 8192 (default 800, 1200 for --strip)", "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &a->out, "the PNG file to write", "FILE.png"},
        {"caption", 0, 0, G_OPTION_ARG_STRING, &a->caption,
         "text at the top right (default: the move number)", "TEXT"},
        {"plain", 0, 0, G_OPTION_ARG_NONE, &a->plain, "no coordinates and no header", NULL},
        {"strip", 0, 0, G_OPTION_ARG_NONE, &a->strip,
         "with --game: a contact sheet of the game's positions", NULL},
        {"every", 0, 0, G_OPTION_ARG_INT, &a->every,
         "with --strip: the position after every N moves (default 10)", "N"},
        {"columns", 0, 0, G_OPTION_ARG_INT, &a->columns,
         "with --strip: thumbnails a row (default 5)", "N"},
        {"frames", 0, 0, G_OPTION_ARG_FILENAME, &a->frames,
         "with --game: one PNG per position, DIR/frame-0000.png ...", "DIR"},
        {"bench", 0, 0, G_OPTION_ARG_NONE, &a->bench,
         "print the median time to draw the position and write it as PNG", NULL},
        {"repeat", 'r', 0, G_OPTION_ARG_INT, &a->repeat, "with --bench: runs (default 50)", "N"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- draw positions and games as PNG pictures");
    g_option_context_set_summary(
        ctx, "Draws a position (--layout, --position, or --game with --move) as a PNG picture, "
             "a whole game as a contact sheet (--strip) or as numbered frames (--frames).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, argc, argv);
    g_option_context_free(ctx);
    if (ok && *argc > 1) ok = (cli_error("unexpected argument '%s'", (*argv)[1]), false);
    return ok;
}

// The combinations of options that make no sense; prints the first one found.
static bool check_combinations(const RenderArgs *a)
{
    const char *why = NULL;
    if (a->game && (a->layout || a->position))
        why = "--game excludes --layout and --position";
    else if ((a->strip || a->frames) && !a->game)
        why = a->strip ? "--strip needs --game FILE" : "--frames needs --game FILE";
    else if (a->strip && a->frames)
        why = "--strip and --frames exclude each other";
    else if (a->move != UNSET && !a->game)
        why = "--move needs --game FILE";
    else if (a->move != UNSET && (a->strip || a->frames))
        why = "--move picks one position; --strip and --frames show them all";
    else if ((a->every != UNSET || a->columns != UNSET) && !a->strip)
        why = "--every and --columns go with --strip";
    else if (a->pv && (a->strip || a->frames))
        why = "--pv draws on one position, not with --strip or --frames";
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
    if (a->pixels == UNSET) a->pixels = a->strip ? 1200 : ABALONE_RENDER_DEFAULT_WIDTH;
    if (a->every == UNSET) a->every = 10;
    if (a->columns == UNSET) a->columns = 5;
    if (a->pixels < ABALONE_RENDER_MIN_WIDTH || a->pixels > ABALONE_RENDER_MAX_WIDTH)
        return cli_error("--pixels must be %d to %d, not %d", ABALONE_RENDER_MIN_WIDTH,
                         ABALONE_RENDER_MAX_WIDTH, a->pixels),
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

static bool load_game(const char *path, AbaloneRecord *rec)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    GError *err = NULL;
    if (abalone_record_load(rec, path, &rules, &err)) return true;
    cli_error("%s", err->message);
    g_error_free(err);
    abalone_record_free(rec);
    return false;
}

// The moves of --pv, each legal in the position the ones before it lead to.
static int parse_pv(const char *text, const AbaloneBoard *start, bool fftl, Move *pv)
{
    char **words = g_strsplit_set(text, " \t,", -1);
    AbaloneBoard b = *start;
    int n = 0;
    for (char **w = words; *w; w++) {
        if (!**w) continue;
        if (n == ABALONE_RENDER_MAX_PV) {
            cli_error("--pv has more than %d moves", ABALONE_RENDER_MAX_PV);
            n = -1;
            break;
        }
        GError *err = NULL;
        Move m = abalone_board_decided(&b)
                     ? MOVE_NONE
                     : abalone_move_parse(
                           &b, *w, fftl ? ABALONE_NOTATION_FFTL : ABALONE_NOTATION_ABAPRO, &err);
        if (m == MOVE_NONE) {
            cli_error("--pv move %d '%s': %s", n + 1, *w,
                      err ? err->message : "the game is over (six marbles ejected)");
            if (err) g_error_free(err);
            n = -1;
            break;
        }
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
        pv[n++] = m;
    }
    g_strfreev(words);
    return n;
}

static int report(GError *err)
{
    int rc = cli_error("%s", err->message);
    g_error_free(err);
    return rc;
}

typedef struct {
    const AbaloneBoard *b;
    const AbaloneRenderOptions *ro;
} BenchPicture;

static Raster *bench_draw(const void *data, GError **err)
{
    const BenchPicture *p = data;
    return abalone_render_position(p->b, p->ro, err);
}

static int render_sheet(const RenderArgs *a, const AbaloneGame *g)
{
    AbaloneRenderSheetOptions so;
    abalone_render_sheet_options_default(&so);
    so.width = a->pixels, so.every = a->every, so.columns = a->columns;
    GError *err = NULL;
    Raster *r = abalone_render_sheet(g, &so, &err);
    if (!r) return report(err);
    bool ok = png_write_raster(r, a->out, &err);
    raster_free(r);
    if (!ok) return report(err);
    printf("%s: %d positions\n", a->out, abalone_render_sheet_count(g, &so));
    return 0;
}

static void print_size(const char *path, const AbaloneRenderOptions *ro)
{
    AbaloneRenderLayout lay;
    abalone_render_layout(ro->width, ro->header, &lay, NULL);
    printf("%s: %d x %d pixels\n", path, lay.width, lay.height);
}

static char *game_caption(const AbaloneGame *g, int n)
{
    int len = abalone_game_length(g);
    AbaloneEnd why;
    AbaloneOutcome o = n == len ? abalone_game_outcome(g, &why) : ABALONE_ONGOING;
    if (o != ABALONE_ONGOING)
        return g_strdup_printf("move %d of %d, %s", n, len, abalone_outcome_text(o));
    return g_strdup_printf("move %d of %d", n, len);
}

// One position: from the game record or the layout/position options, with --pv.
static int render_one(const RenderArgs *a, AbaloneRenderOptions *ro, const AbaloneGame *g)
{
    AbaloneBoard b;
    char *caption = NULL;
    if (g) {
        int len = abalone_game_length(g), n = a->move == UNSET ? len : a->move;
        if (n > len) return cli_error("--move %d is past the end of the game (%d moves)", n, len);
        b = *abalone_game_position(g, n);
        ro->last_move = n > 0 ? abalone_game_move(g, n - 1) : MOVE_NONE;
        caption = game_caption(g, n);
    } else {
        if (!abalone_cli_board(a->layout, a->position, &b)) return EXIT_BAD_INPUT;
        if (b.ply > 0) caption = g_strdup_printf("ply %d", b.ply);
    }
    Move pv[ABALONE_RENDER_MAX_PV];
    int n = a->pv ? parse_pv(a->pv, &b, a->fftl, pv) : 0;
    int rc = 0;
    if (n < 0) {
        rc = EXIT_BAD_INPUT;
    } else {
        ro->pv = pv, ro->pv_length = n;
        ro->caption = a->caption ? a->caption : caption;
        GError *err = NULL;
        if (a->bench)
            rc = cli_bench_picture(bench_draw, &(BenchPicture){&b, ro}, a->repeat);
        else if (!abalone_render_position_png(&b, ro, a->out, &err))
            rc = report(err);
        else
            print_size(a->out, ro);
    }
    g_free(caption);
    return rc;
}

int abalone_render_cli_main(int argc, char **argv)
{
    RenderArgs a;
    if (!parse_args(&a, &argc, &argv) || !check_combinations(&a) || !check_ranges(&a)) {
        args_free(&a);
        return EXIT_BAD_INPUT;
    }
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.width = a.pixels;
    ro.coordinates = ro.header = !a.plain;
    AbaloneRecord rec;
    int rc = 0;
    bool loaded = a.game && load_game(a.game, &rec);
    if (a.game && !loaded) {
        rc = EXIT_BAD_INPUT;
    } else if (a.strip) {
        rc = render_sheet(&a, &rec.game);
    } else if (a.frames) {
        GError *err = NULL;
        int n = abalone_render_frames(&rec.game, &ro, a.frames, &err);
        if (n < 0)
            rc = report(err);
        else
            printf("%s: %d frames\n", a.frames, n);
    } else {
        rc = render_one(&a, &ro, a.game ? &rec.game : NULL);
    }
    if (loaded) abalone_record_free(&rec);
    args_free(&a);
    return rc;
}
