// SPDX-License-Identifier: MIT
// `sumito go sgf-check`: replays an SGF record under the rules, prints the final position and
// score.
#include <stdio.h>

#include "go/sgf.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

int go_cli_sgf_check(int argc, char **argv)
{
    static char **sets, *write_to;
    const GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a rules parameter when the record has no RU or KM (see sumito params)", "NAME=VALUE"},
        {"write", 'w', 0, G_OPTION_ARG_FILENAME, &write_to, "write the record back as sumito does",
         "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - replay an SGF game record",
                     "Replays the main line of an SGF record under its rules, "
                     "checking every move, then prints the final position, the "
                     "Tromp-Taylor area count and the score.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("sgf-check takes one SGF file (see --help)");
    GoRules rules;
    if (!go_cli_rules(sets, &rules)) return EXIT_BAD_INPUT;
    GoGame *g = g_new(GoGame, 1);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *err = NULL;
    int rc = 0;
    bool loaded = go_sgf_load(argv[1], &rules, g, &info, &err);
    for (guint i = 0; i < info.warnings->len; i++)
        g_printerr("sumito: warning: %s\n", (char *)g_ptr_array_index(info.warnings, i));
    if (!loaded) {
        rc = cli_error("%s", err->message);
    } else {
        printf("%s: %dx%d, %d moves, all legal (ko %s, suicide %s)\n", argv[1], g->board.size,
               g->board.size, go_game_length(g), go_ko_rule_name(g->rules.ko),
               go_suicide_rule_name(g->rules.suicide));
        go_cli_print_position(g);
        if (info.result) printf("Recorded result: %s\n", info.result);
        if (write_to && !go_sgf_save(g, &info, write_to, &err)) rc = cli_error("%s", err->message);
    }
    g_clear_error(&err);
    go_sgf_info_free(&info);
    go_game_free(g);
    g_free(g);
    return rc;
}
