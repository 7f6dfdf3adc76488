// SPDX-License-Identifier: MIT
// Engine set-up shared by the Abalone commands that search (parameters from --set, --config
// and --rankcut-file; info lines), and `sumito abalone analyse`.
#include <stdio.h>
#include <string.h>

#include "abalone/aep.h"
#include "abalone/notation.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

bool abalone_cli_engine_setup(AbaloneEngine *e, char **sets, const char *config,
                              const char *rankcut_file)
{
    SearchParams p;
    AbaloneRules r;
    search_params_default(&p);
    abalone_rules_default(&r);
    ParamGroup groups[2] = {search_params_group(&p), abalone_rules_params(&r)};
    GError *err = NULL;
    bool ok = !config || params_load_file(groups, 2, config, &err);
    for (char **s = sets; ok && s && *s; s++) ok = params_set_assignment(groups, 2, *s, &err);
    ok = ok && abalone_engine_init(e, &p, &r, &err);
    if (ok && rankcut_file && !abalone_engine_load_rankcut(e, rankcut_file, &err)) {
        abalone_engine_free(e);
        ok = false;
    }
    if (!ok) {
        cli_error("%s", err->message);
        g_error_free(err);
    }
    return ok;
}

typedef struct {
    const AbaloneBoard *root;
} InfoPrinter;

static void print_info(const SearchInfo *info, void *user)
{
    InfoPrinter *p = user;
    GString *line = g_string_new(NULL);
    abalone_format_info(p->root, info, line);
    printf("%s\n", line->str);
    fflush(stdout);
    g_string_free(line, TRUE);
}

int abalone_cli_analyse(int argc, char **argv)
{
    static char *layout, *position, *config, *rankcut_file, **sets;
    static double movetime;
    static int depth;
    static gint64 nodes;
    const GOptionEntry entries[] = {
        {"layout", 'l', 0, G_OPTION_ARG_STRING, &layout, "start layout (default standard)", "NAME"},
        {"position", 'p', 0, G_OPTION_ARG_STRING, &position, "a position string", "STRING"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime, "seconds for the search", "S"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "search to this depth", "D"},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, "stop after about N nodes", "N"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter (see sumito params)",
         "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "parameters from a file ([sumito])",
         "FILE"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file,
         "RankCut statistics to use instead of the built-in ones", "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- search one position");
    g_option_context_set_summary(ctx, "Searches a position, printing one info line per completed "
                                      "iteration, then the best move. Without a limit it searches "
                                      "for 1 second.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (movetime < 0 || movetime > 1e6) return cli_error("--time-per-move must be positive");
    if (depth < 0 || depth > MAX_PLY - 2) return cli_error("--depth must be 1 to %d", MAX_PLY - 2);
    if (nodes < 0) return cli_error("--nodes must be positive");
    AbaloneBoard b;
    if (!abalone_cli_board(layout, position, &b)) return EXIT_BAD_INPUT;
    AbaloneEngine e;
    if (!abalone_cli_engine_setup(&e, sets, config, rankcut_file)) return EXIT_BAD_INPUT;
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&g, &why);
    int rc = 0;
    if (o != ABALONE_ONGOING) {
        rc = cli_error("the game is over (%s): nothing to search", abalone_end_text(why));
    } else {
        SearchLimits limits = {0};
        limits.start_us = g_get_monotonic_time();
        limits.movetime = movetime;
        limits.depth = depth;
        limits.nodes = (uint64_t)nodes;
        if (!movetime && !depth && !nodes) limits.movetime = 1.0;
        InfoPrinter printer = {&b};
        SearchInfo info;
        Move best = abalone_engine_search(&e, &g, &limits, print_info, &printer, &info);
        char text[ABALONE_MOVE_TEXT];
        printf("bestmove %s\n", abalone_move_format(&b, best, ABALONE_NOTATION_ABAPRO, text));
        const SearchStats *st = &e.search.stats;
        printf("info string rankcut %s (%s), lookups %" G_GUINT64_FORMAT
               ", known %" G_GUINT64_FORMAT ", reductions %" G_GUINT64_FORMAT "\n",
               e.params.rankcut && e.have_table ? "on" : "off",
               e.have_table ? e.table_source : "no statistics", st->rankcut_lookups,
               st->rankcut_known, st->rankcut_reductions);
    }
    abalone_game_free(&g);
    abalone_engine_free(&e);
    return rc;
}

int abalone_cli_aep(int argc, char **argv)
{
    static char **sets, *config, *rankcut_file;
    const GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter", "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "parameters from a file", "FILE"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file, "RankCut statistics", "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- the engine protocol");
    g_option_context_set_summary(ctx, "Speaks a UCI-like protocol on stdin/stdout: aep, isready, "
                                      "newgame, setoption, position, go, stop, quit.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    AbaloneEngine e;
    if (!abalone_cli_engine_setup(&e, sets, config, rankcut_file)) return EXIT_BAD_INPUT;
    abalone_aep_serve(&e, stdin, stdout);
    abalone_engine_free(&e);
    return 0;
}
