// SPDX-License-Identifier: MIT
// `sumito go tactics`: the player's answers to a suite of Go problems (go/tactics.h), at a
// fixed node budget or depth, so that the result does not depend on the machine's load.
#include <stdio.h>

#include "base/file.h"
#include "go/tactics.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

int go_cli_tactics(int argc, char **argv)
{
    static char **sets, *config, *file;
    static gint64 nodes = GO_TACTICS_NODES;
    static int depth = INT_MIN; // not given
    const GOptionEntry entries[] = {
        {"file", 'f', 0, G_OPTION_ARG_FILENAME, &file,
         "a problem suite (default: the built-in 9x9)", "FILE"},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, "nodes a problem (default 60000)", "N"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "depth a problem instead of nodes", "D"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a search, player or rules parameter (see sumito params)", "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "a configuration file", "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("- the player's answers to Go problems",
                     "Searches each problem of a suite (one position a line with its expected "
                     "answer, go/data/tactics_9.txt by default) from a fresh engine state at a "
                     "fixed node budget or depth, and prints the move chosen, whether the answer "
                     "accepts it, the depth, score and principal variation.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 1) return cli_error("tactics takes no arguments (see --help)");
    if (nodes < 1 && depth == INT_MIN) return cli_error("--nodes must be positive");
    if (depth != INT_MIN && (depth < 1 || depth > 60))
        return cli_error("--depth must be 1 to 60, not %d", depth);
    depth = MAX(depth, 0);
    char *text = NULL;
    GError *err = NULL;
    if (file && !file_read_all(file, FILE_READ_MAX, &text, NULL, &err)) return lab_report(err);
    if (!file) text = go_tactics_builtin_text();
    GPtrArray *suite = go_tactics_parse(text, &err);
    g_free(text);
    if (!suite) {
        int rc = cli_error("%s: %s", file ? file : "built-in suite", err->message);
        g_error_free(err);
        return rc;
    }
    GoEngine e;
    int rc = EXIT_BAD_INPUT;
    if (go_cli_engine_setup(&e, sets, config, NULL)) {
        SearchLimits limits = {0};
        if (depth)
            limits.depth = depth;
        else
            limits.nodes = (uint64_t)nodes;
        go_tactics_run(suite, &e, &limits);
        rc = 0;
        go_engine_free(&e);
    }
    go_tactics_free(suite);
    return rc;
}
