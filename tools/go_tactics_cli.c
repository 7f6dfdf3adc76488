// SPDX-License-Identifier: MIT
// `sumito go tactics`: the player's answers to a suite of Go problems (go/tactics.h), at a
// fixed node budget or depth, so that the result does not depend on the machine's load.
#include <stdio.h>
#include "base/file.h"

#include "go/notation.h"
#include "go/tactics.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

static void print_answer(const GoTactic *t, const GoChoice *c, bool ok)
{
    const GoBoard *b = &t->game.board;
    char v[GO_VERTEX_TEXT] = "resign";
    if (c->move != MOVE_NONE) go_vertex_format(b, c->move, v);
    printf("%-24s %-6s %-6s depth %2d score %6d nodes %8llu  pv", t->name, v,
           ok ? (t->known_failure ? "ok*" : "ok") : (t->known_failure ? "WRONG*" : "WRONG"),
           c->info.depth, c->info.score, (unsigned long long)c->info.nodes);
    for (int i = 0; i < c->info.pv_len && i < 8; i++) {
        char w[GO_VERTEX_TEXT];
        printf(" %s", go_vertex_format(b, c->info.pv[i], w));
    }
    printf("\n");
}

static int run(GPtrArray *suite, GoEngine *e, const SearchLimits *limits)
{
    int right = 0;
    for (guint i = 0; i < suite->len; i++) {
        const GoTactic *t = g_ptr_array_index(suite, i);
        GoChoice c;
        Move m = go_tactic_solve(e, t, limits, &c);
        bool ok = m != MOVE_NONE && go_tactic_accepts(t, m);
        right += ok;
        print_answer(t, &c, ok);
    }
    printf("%d of %u right (* a known failure)\n", right, suite->len);
    return 0;
}

int go_cli_tactics(int argc, char **argv)
{
    static char **sets, *config, *file;
    static gint64 nodes = GO_TACTICS_NODES;
    static int depth;
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
    if (nodes < 1 && !depth) return cli_error("--nodes must be positive");
    if (depth < 0 || depth > 60) return cli_error("--depth must be 1 to 60");
    char *text = NULL;
    GError *err = NULL;
    if (file && !file_read_all(file, FILE_READ_MAX, &text, NULL, &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        return rc;
    }
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
        rc = run(suite, &e, &limits);
        go_engine_free(&e);
    }
    go_tactics_free(suite);
    return rc;
}
