// SPDX-License-Identifier: MIT
// `sumito demo`: the main job on built-in defaults (what `make run` does): one Abalone game,
// RankCut (Black) against plain alpha-beta (White) at a fixed time per move, its record
// written to a directory.
#include <stdio.h>

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
        {"dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "where the game's files go (default build/run)",
         "DIR"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- the main job on built-in defaults");
    g_option_context_set_summary(ctx, "Plays one Abalone game, RankCut (Black) against plain "
                                      "alpha-beta (White), at a fixed time per move, and writes "
                                      "its record.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (g_mkdir_with_parents(dir, 0755) != 0) return cli_error("cannot create directory %s", dir);
    char *record = g_build_filename(dir, "game.txt", NULL);
    char *tpm = g_strdup_printf("%g", movetime);
    char *args[] = {"play",        "--time-per-move", tpm,           "--layout",      layout,
                    "--set-black", "rankcut=true",    "--set-white", "rankcut=false", "--record",
                    record,        "--quiet",         NULL};
    int rc = abalone_cli_play((int)G_N_ELEMENTS(args) - 1, args);
    g_free(record);
    g_free(tpm);
    return rc;
}
