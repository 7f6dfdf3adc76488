// SPDX-License-Identifier: MIT
// `sumito demo`: the main job on built-in defaults (what `make run` does): one Abalone game,
// the default search (Black) against plain alpha-beta (White) at a fixed time per move, its record
// written to a directory, then pictures of it: the final position with the last move marked
// and a contact sheet of the whole game.
#include <glib/gstdio.h>
#include <stdio.h>

#include "abalone/record.h"
#include "abalone/render.h"
#include "core/draw/png.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

// The final position (last move marked, the result as caption) at 800 pixels.
static bool write_final(const AbaloneGame *g, const char *path, GError **err)
{
    int len = abalone_game_length(g);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(g, &why);
    char *caption = o == ABALONE_ONGOING
                        ? g_strdup_printf("move %d", len)
                        : g_strdup_printf("move %d, %s", len, abalone_outcome_text(o));
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.last_move = len > 0 ? abalone_game_move(g, len - 1) : MOVE_NONE;
    ro.caption = caption;
    bool ok = png_write_raster_free(
        abalone_render_position(abalone_game_position(g, len), &ro, err), path, err);
    g_free(caption);
    return ok;
}

// A contact sheet of at most about 21 positions: every 10 moves, or every 20, 30, ... in
// longer games.
static bool write_strip(const AbaloneGame *g, const char *path, int *every, GError **err)
{
    Series series;
    abalone_render_series(g, NULL, &series);
    SeriesSheetOptions so;
    series_sheet_options_default(&so);
    int len = abalone_game_length(g);
    so.every = *every = len <= 200 ? 10 : 10 * ((len + 199) / 200);
    return png_write_raster_free(series_sheet(&series, &so, err), path, err);
}

// Reads the record the game left and draws it; prints where the pictures are.
static int write_pictures(const char *dir, const char *record)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    AbaloneRecord rec;
    GError *err = NULL;
    if (!abalone_record_load(&rec, record, &rules, &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        abalone_record_free(&rec);
        return rc;
    }
    char *final = g_build_filename(dir, "final.png", NULL);
    char *strip = g_build_filename(dir, "strip.png", NULL);
    int every = 0, rc = 0;
    if (write_final(&rec.game, final, &err) && write_strip(&rec.game, strip, &every, &err)) {
        printf("Pictures: %s (the final position, last move marked)\n"
               "          %s (the game, every %d moves)\n",
               final, strip, every);
    } else {
        rc = cli_error("%s", err->message);
        g_error_free(err);
    }
    g_free(final);
    g_free(strip);
    abalone_record_free(&rec);
    return rc;
}

int demo_cli_main(int argc, char **argv)
{
    static double movetime = 0.25;
    static char *dir = "build/run", *layout = "belgian";
    const GOptionEntry entries[] = {
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime, "seconds per move (default 0.25)",
         "S"},
        {"layout", 'l', 0, G_OPTION_ARG_STRING, &layout, "start layout (default belgian)", "NAME"},
        {"dir", 0, 0, G_OPTION_ARG_FILENAME, &dir,
         "where the game's files go: game.txt, final.png, strip.png (default build/run)", "DIR"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("- the main job on built-in defaults",
                     "Plays one Abalone game, sumito's default search (Black: RankCut "
                     "with the other methods of its default configuration) against plain "
                     "alpha-beta (White), at a fixed time per move, writes its record, and "
                     "draws the final position and the whole game.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    bool made = !g_file_test(dir, G_FILE_TEST_EXISTS);
    if (g_mkdir_with_parents(dir, 0755) != 0) return cli_error("cannot create directory %s", dir);
    char *record = g_build_filename(dir, "game.txt", NULL);
    char *tpm = g_strdup_printf("%g", movetime);
    char *args[] = {"play",  "--time-per-move", tpm,    "--layout", layout, "--set-white",
                    "plain", "--record",        record, "--quiet",  NULL};
    int rc = abalone_cli_play((int)G_N_ELEMENTS(args) - 1, args);
    if (rc == 0) rc = write_pictures(dir, record);
    if (rc != 0 && made) g_rmdir(dir); // the folder it made, when nothing could be written there
    g_free(record);
    g_free(tpm);
    return rc;
}
