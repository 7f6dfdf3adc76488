// SPDX-License-Identifier: MIT
// `sumito rankcut ...`: look at, compare and merge RankCut statistics files (any game).
#include <stdio.h>
#include <string.h>

#include "core/lab/commands.h"
#include "core/lab/rankcut_report.h"
#include "tools/cli.h"

static int cmd_show(int argc, char **argv)
{
    static int min_samples = 1000, top = 40;
    static double movetime = 0.1;
    static gboolean coverage, backoff;
    static char *suite;
    const GOptionEntry entries[] = {
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "samples a cell needs to be used (default 1000)", "N"},
        {"top", 0, 0, G_OPTION_ARG_INT, &top, "cells listed, most seen first (default 40)", "K"},
        {"coverage", 0, 0, G_OPTION_ARG_NONE, &coverage,
         "search a position suite (default: the game's built-in compare suite; Go: 9x9) with "
         "these statistics and report the share of RankCut decisions whose cell had enough "
         "samples",
         NULL},
        {"backoff", 0, 0, G_OPTION_ARG_NONE, &backoff,
         "with --coverage: search with rankcut_backoff on (sparse cells take a shallower "
         "depth's)",
         NULL},
        {"suite", 0, 0, G_OPTION_ARG_FILENAME, &suite,
         "with --coverage: the position suite (a make-suite file of the statistics' game)", "FILE"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "seconds per position for --coverage (default 0.1)", "S"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - show RankCut statistics", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("rankcut show takes one statistics file");
    if (min_samples < 1 || top < 0) return cli_error("--min-samples and --top must be positive");
    if ((suite || backoff) && !coverage)
        return cli_error("--suite and --backoff go with --coverage");
    RankcutCounts c;
    if (!rankcut_report_load(&c, argv[1])) return EXIT_BAD_INPUT;
    rankcut_report_show(&c, argv[1], min_samples, top);
    int rc = 0;
    if (coverage) {
        const GameDesc *game = NULL;
        for (int i = 0; cli_games[i]; i++)
            if (g_str_has_prefix(c.game, cli_games[i]->name)) game = cli_games[i];
        if (game)
            rc = lab_coverage(game, argv[1], suite, min_samples, movetime, backoff);
        else
            rc = cli_error("no coverage suite for game '%s'", c.game);
    }
    rankcut_counts_free(&c);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    static char *out;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the merged file", "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("A B ... -o OUT - add statistics files together", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!out) return cli_error("-o OUT is required");
    if (argc < 2) return cli_error("rankcut merge needs at least one input file");
    if (!lab_check_output("--out", out, NULL, argc - 1, argv + 1)) return EXIT_BAD_INPUT;
    return rankcut_report_merge(argc - 1, argv + 1, out);
}

static int cmd_diff(int argc, char **argv)
{
    static int min_samples = 1000;
    const GOptionEntry entries[] = {
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "samples a cell needs in both files to be compared (default 1000)", "N"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("OLD NEW - how far the probabilities moved from one statistics file to "
                     "another",
                     "Compares the cells both files saw at least --min-samples times: the mean "
                     "absolute change of P weighted by NEW's samples (what rankcut-collect "
                     "--with-pruning compares with --settle), the largest change and the mean "
                     "signed change (NEW - OLD), in all and by remaining depth.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 3) return cli_error("rankcut diff takes two statistics files, OLD and NEW");
    if (min_samples < 1) return cli_error("--min-samples must be 1 or more, not %d", min_samples);
    return rankcut_report_diff(argv[1], argv[2], min_samples);
}

// Checks the options and writes the heat map; prints what it drew.
static int heatmap_run(const char *in, const char *out, const char *by, int min_samples, int pixels,
                       bool linear)
{
    RankcutFeature feature;
    if (!out) return cli_error("missing --out FILE.png (where to write the picture)");
    if (!lab_check_output("--out", out, NULL, 1, (char *[]){(char *)in})) return EXIT_BAD_INPUT;
    if (!rankcut_feature_parse(by, &feature))
        return cli_error("--by '%s': not one of depth, phase, changes, threat, alpha-gap, "
                         "last-gap",
                         by);
    if (min_samples < 1) return cli_error("--min-samples must be 1 or more, not %d", min_samples);
    if (pixels < RANKCUT_HEATMAP_MIN_WIDTH || pixels > RANKCUT_HEATMAP_MAX_WIDTH)
        return cli_error("--pixels must be %d to %d, not %d", RANKCUT_HEATMAP_MIN_WIDTH,
                         RANKCUT_HEATMAP_MAX_WIDTH, pixels);
    RankcutHeatmapOptions o = {pixels, linear, (uint64_t)min_samples};
    return rankcut_report_heatmap(in, feature, by, &o, out);
}

static int cmd_heatmap(int argc, char **argv)
{
    int min_samples = 1000, pixels = 1000;
    char *out = NULL, *by = NULL;
    gboolean linear = FALSE;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the PNG file to write", "FILE.png"},
        {"by", 0, 0, G_OPTION_ARG_STRING, &by,
         "the feature along y: depth (remaining depth, the default), phase (history-ordered "
         "moves or the rest), changes (best-move changes), threat, alpha-gap (best - alpha) or "
         "last-gap (last move's score - best); move 1 has no best yet and counts in the lowest "
         "score-gap interval",
         "FEATURE"},
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "pooled samples a cell needs to be drawn (default 1000); fewer: grey", "N"},
        {"pixels", 'w', 0, G_OPTION_ARG_INT, &pixels, "image width, 320 to 8192 (default 1000)",
         "N"},
        {"linear", 0, 0, G_OPTION_ARG_NONE, &linear,
         "a linear colour scale from 0 to 1 (default: logarithmic from 0.001 to 1)", NULL},
        G_OPTION_ENTRY_NULL};
    bool ok = cli_options("FILE --out FILE.png - draw RankCut statistics",
                          "Draws P(a later move beats the best so far) as a heat map: better / n "
                          "of the statistics file pooled over every feature but the move number "
                          "at the node (x) and one other (y, --by), so weighted by samples.",
                          entries, &argc, &argv);
    int rc = !ok ? EXIT_BAD_INPUT
             : argc != 2
                 ? cli_error("rankcut heatmap takes one statistics file")
                 : heatmap_run(argv[1], out, by ? by : "depth", min_samples, pixels, linear);
    g_free(out);
    g_free(by);
    return rc;
}

static const CliEntry commands[] = {
    {"show", cmd_show, "a statistics file: summary, probabilities, coverage"},
    {"merge", cmd_merge, "add statistics files together"},
    {"diff", cmd_diff, "how far the probabilities moved from one statistics file to another"},
    {"heatmap", cmd_heatmap, "draw P by move number and another feature as a PNG heat map"},
};

int rankcut_cli_main(int argc, char **argv)
{
    return cli_dispatch("sumito rankcut", commands, (int)G_N_ELEMENTS(commands), argc, argv);
}
