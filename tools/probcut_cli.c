// SPDX-License-Identifier: MIT
// `sumito probcut ...`: make, look at and merge ProbCut calibrations (any game).
#include <stdio.h>
#include <string.h>

#include "core/lab/probcut_fit.h"
#include "tools/cli.h"

// fit GAME ...: the game's probcut-fit command.
static int cmd_fit(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        printf("Usage: sumito probcut fit GAME [OPTION...]   (GAME: ");
        for (int i = 0; cli_games[i]; i++) printf("%s%s", i ? ", " : "", cli_games[i]->name);
        printf(")\nThe same as sumito GAME probcut-fit; sumito GAME probcut-fit --help lists the "
               "options.\n");
        return argc < 2 ? EXIT_BAD_INPUT : 0;
    }
    for (int i = 0; cli_games[i]; i++)
        if (strcmp(argv[1], cli_games[i]->name) == 0) {
            char **args = g_new0(char *, (size_t)argc + 1);
            args[0] = argv[1];
            args[1] = "probcut-fit";
            for (int k = 2; k < argc; k++) args[k] = argv[k];
            int rc = game_cli_main(argc, args);
            g_free(args);
            return rc;
        }
    return cli_error("probcut fit: unknown game '%s'", argv[1]);
}

static int cmd_show(int argc, char **argv)
{
    static int min_samples = 50;
    const GOptionEntry entries[] = {{"min-samples", 0, 0, G_OPTION_ARG_INT, &min_samples,
                                     "show depth pairs with at least N pairs (default 50)", "N"},
                                    G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - a calibration and its fits", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("probcut show needs one file");
    if (min_samples < 3) return cli_error("--min-samples must be at least 3");
    return probcut_fit_show(argv[1], min_samples);
}

static int cmd_merge(int argc, char **argv)
{
    static char *out;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the merged file", "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("A B ... -o OUT - add calibrations together", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!out) return cli_error("-o OUT is required");
    if (argc < 2) return cli_error("probcut merge needs at least one input file");
    if (!lab_check_output("--out", out, NULL, argc - 1, argv + 1)) return EXIT_BAD_INPUT;
    return probcut_fit_merge(argc - 1, argv + 1, out);
}

int probcut_cli_main(int argc, char **argv)
{
    static const CliEntry entries[] = {
        {"fit", cmd_fit, "ProbCut's calibration from self-play for a game, and its fits"},
        {"show", cmd_show, "a calibration: its source and the fit of every stage and depth pair"},
        {"merge", cmd_merge, "add calibrations of the same game and evaluator together"},
    };
    return cli_dispatch("sumito probcut", entries, G_N_ELEMENTS(entries), argc, argv);
}
