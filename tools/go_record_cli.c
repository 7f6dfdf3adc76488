// SPDX-License-Identifier: MIT
// `sumito go sgf-check`: replays an SGF record under the rules, prints the final position and
// score.
#include "go/sgf_check.h"
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
    if (write_to && !lab_check_output("--write", write_to, NULL, 1, argv + 1))
        return EXIT_BAD_INPUT;
    GoRules rules;
    if (!go_cli_rules(sets, &rules)) return EXIT_BAD_INPUT;
    return go_sgf_check(argv[1], &rules, write_to);
}
