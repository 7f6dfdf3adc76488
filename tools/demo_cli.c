// SPDX-License-Identifier: MIT
// `sumito demo`: the main job on built-in defaults (what `make run` does): one Abalone game,
// the default search (Black) against plain alpha-beta (White) at a fixed time per move, its record
// written to a directory, then pictures of it: the final position with the last move marked
// and a contact sheet of the whole game.
#include <glib/gstdio.h>
#include <stdio.h>

#include "abalone/play.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

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
    if (rc == 0) rc = abalone_play_draw(dir, record);
    if (rc != 0 && made) g_rmdir(dir); // the folder it made, when nothing could be written there
    g_free(record);
    g_free(tpm);
    return rc;
}
