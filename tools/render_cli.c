// SPDX-License-Identifier: MIT
// `sumito GAME render`: the options of the pictures command every game has (the game's own,
// which name a position or a game, and the shared ones: --pixels, --move, --pv, --strip,
// --frames, --bench...) and the checks of their combinations and ranges. The work is
// core/lab/render.c's.
#include <stdio.h>

#include "core/lab/commands.h"
#include "tools/cli.h"

#define UNSET LAB_RENDER_UNSET

typedef struct {
    char *pv, *out, *frames, *caption;
    int move, pixels, every, columns, repeat;
    gboolean strip, bench, plain;
} RenderArgs;

// Drops the short names that the game's own options already use (Go's -m is --moves).
static void drop_taken_short_names(GOptionEntry *entries, const GOptionEntry *own)
{
    for (GOptionEntry *e = entries; e->long_name; e++)
        for (const GOptionEntry *o = own; o->long_name; o++)
            if (e->short_name && e->short_name == o->short_name) e->short_name = 0;
}

static bool parse_args(const GameDesc *game, RenderArgs *a, const GOptionEntry *own, int *argc,
                       char ***argv)
{
    char *pixels =
        g_strdup_printf("image width, %d to %d (default %d, 1200 for --strip)",
                        game->render_width_min, game->render_width_max, game->render_width_default);
    GOptionEntry shared[] = {
        {"move", 'm', 0, G_OPTION_ARG_INT, &a->move,
         "the position after N moves of the game (default: the end)", "N"},
        {"pv", 0, 0, G_OPTION_ARG_STRING, &a->pv,
         "moves played from the position, drawn over it and numbered", "'MOVE MOVE ...'"},
        {"pixels", 'w', 0, G_OPTION_ARG_INT, &a->pixels, pixels, "N"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &a->out, "the PNG file to write", "FILE.png"},
        {"caption", 0, 0, G_OPTION_ARG_STRING, &a->caption,
         "text at the top right (default: the move number)", "TEXT"},
        {"plain", 0, 0, G_OPTION_ARG_NONE, &a->plain, "no coordinates, no header or footer", NULL},
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
        G_OPTION_ENTRY_NULL};
    drop_taken_short_names(shared, own);
    char *summary = g_strdup_printf("Draws a position (%s) as a PNG picture, a whole game as a "
                                    "contact sheet (--strip) or as numbered frames (--frames).",
                                    game->render_position_hint);
    LabOptions *o = lab_options_new("- draw positions and games as PNG pictures", summary);
    lab_options_add(o, own);
    lab_options_add(o, shared);
    bool ok = cli_parse(o, argc, argv);
    lab_options_free(o);
    g_free(summary);
    g_free(pixels);
    if (ok && *argc > 1) ok = (cli_error("unexpected argument '%s'", (*argv)[1]), false);
    return ok;
}

// The combinations of options that make no sense; prints the first one found. The game's own
// options are checked first (a game's record excludes the options naming a position).
static bool check_combinations(const GameDesc *game, const RenderArgs *a, const void *opts)
{
    GError *err = NULL;
    int game_named = game->render_options_check(opts, &err);
    if (game_named < 0) return lab_report(err), false;
    char need[128];
    const char *why = NULL, *whole = a->strip ? "--strip" : "--frames";
    if ((a->strip || a->frames) && !game_named)
        why = need, snprintf(need, sizeof need, "%s needs %s", whole, game->render_game_hint);
    else if (a->strip && a->frames)
        why = "--strip and --frames exclude each other";
    else if (a->move != UNSET && !game_named)
        why = need, snprintf(need, sizeof need, "--move needs %s", game->render_game_hint);
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

static bool check_ranges(const GameDesc *game, RenderArgs *a)
{
    int lo = game->render_width_min, hi = game->render_width_max;
    if (a->pixels == UNSET) a->pixels = a->strip ? 1200 : game->render_width_default;
    if (a->every == UNSET) a->every = 10;
    if (a->columns == UNSET) a->columns = 5;
    if (a->pixels < lo || a->pixels > hi)
        return cli_error("--pixels must be %d to %d, not %d", lo, hi, a->pixels), false;
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

int game_cli_render(const GameDesc *game, int argc, char **argv)
{
    RenderArgs a = {.move = UNSET, .pixels = UNSET, .every = UNSET, .columns = UNSET, .repeat = 50};
    GOptionEntry *own;
    void *opts = game->render_options_new(&own);
    int rc = EXIT_BAD_INPUT;
    if (parse_args(game, &a, own, &argc, &argv) && check_combinations(game, &a, opts) &&
        check_ranges(game, &a) && (!a.out || lab_check_output("--out", a.out, own, 0, NULL))) {
        RenderJob job = {.out = a.out,
                         .frames = a.frames,
                         .caption = a.caption,
                         .pv = a.pv,
                         .move = a.move,
                         .width = a.pixels,
                         .every = a.every,
                         .columns = a.columns,
                         .repeat = a.repeat,
                         .strip = a.strip,
                         .bench = a.bench,
                         .plain = a.plain};
        rc = lab_render(game, opts, &job);
    }
    game->render_options_free(opts);
    char **s[] = {&a.pv, &a.out, &a.frames, &a.caption};
    for (size_t i = 0; i < G_N_ELEMENTS(s); i++) g_free(*s[i]);
    return rc;
}
