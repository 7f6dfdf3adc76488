// SPDX-License-Identifier: MIT
// `sumito bench`: the bench signature (core/lab/bench.c) of every game: its compiled-in
// positions (the game descriptor's) searched to a fixed depth; the total node count
// identifies the search's behaviour (tests/bench.ref holds the expected value).
#include "core/lab/commands.h"
#include "tools/cli.h"

int bench_cli_main(int argc, char **argv)
{
    static int depth = 5, go_depth = 4; // abalone_game_desc.bench_depth, go_game_desc's
    static char **sets;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "Abalone search depth (default 5)", "D"},
        {"go-depth", 0, 0, G_OPTION_ARG_INT, &go_depth, "Go search depth (default 4)", "D"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a parameter, given to each game's engine that has it (search parameters to both)",
         "NAME=VALUE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options(
            "- the bench signature",
            "Searches compiled-in Abalone positions (to --depth) and 9x9 Go positions (to "
            "--go-depth) with one thread, a 16 MiB TT and the tables cleared per position, and "
            "prints the node count of each game, then the total on the last line, "
            "\"Nodes searched: N\" (tests/bench.ref holds N for the defaults).",
            entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    if (go_depth < 1 || go_depth > 20) return cli_error("--go-depth must be 1 to 20");
    const int depths[2] = {depth, go_depth};
    return lab_bench(cli_games, 2, depths, sets);
}
