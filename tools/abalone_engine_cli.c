// SPDX-License-Identifier: MIT
// Engine set-up shared by the Abalone commands that search (parameters from --set, --config
// and --rankcut-file), and `sumito abalone aep`.
#include <stdio.h>
#include <string.h>

#include "abalone/aep.h"
#include "abalone/notation.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

bool abalone_cli_engine_setup(AbaloneEngine *e, char **sets, const char *config,
                              const char *rankcut_file)
{
    GError *err = NULL;
    if (abalone_engine_setup(e, config, sets, rankcut_file, &err)) return true;
    lab_report(err);
    return false;
}

int abalone_cli_aep(int argc, char **argv)
{
    static char **sets, *config, *rankcut_file, *net;
    const GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter", "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "parameters from a file", "FILE"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file, "RankCut statistics", "FILE"},
        {"net", 0, 0, G_OPTION_ARG_FILENAME, &net, "evaluate with this neural net (net=FILE)",
         "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("- the engine protocol",
                     "Speaks a UCI-like protocol on stdin/stdout: aep, isready, "
                     "newgame, setoption, position, go, stop, quit.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    AbaloneEngine e;
    char **all = cli_sets_with_net(sets, net);
    bool ok = abalone_cli_engine_setup(&e, all, config, rankcut_file);
    g_strfreev(all);
    if (!ok) return EXIT_BAD_INPUT;
    abalone_aep_serve(&e, stdin, stdout);
    abalone_engine_free(&e);
    return 0;
}
