// SPDX-License-Identifier: MIT
// `sumito bench`: the bench signature (core/lab/bench.c) of every game: its compiled-in
// positions (the game descriptor's) searched by alpha-beta to a fixed depth, and Go's by its
// default engine, the Monte Carlo search, at a fixed number of simulations; the total count
// identifies the searches' behaviour (tests/bench.ref holds the expected value).
#include "core/lab/commands.h"
#include "tools/cli.h"

// The default simulations a Go bench position: the Monte Carlo part of the bench in about as
// much time as the alpha-beta part.
#define BENCH_GO_SIMULATIONS 1000

int bench_cli_main(int argc, char **argv)
{
    static int depth = 5, go_depth = 4; // abalone_game_desc.bench_depth, go_game_desc's
    static int go_simulations = BENCH_GO_SIMULATIONS;
    static char **sets;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "Abalone search depth (default 5)", "D"},
        {"go-depth", 0, 0, G_OPTION_ARG_INT, &go_depth, "Go search depth (default 4)", "D"},
        {"go-simulations", 0, 0, G_OPTION_ARG_INT, &go_simulations,
         "simulations of Go's Monte Carlo search a position (default " G_STRINGIFY(
             BENCH_GO_SIMULATIONS) ")",
         "N"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a parameter, given to each game's engine that has it (search parameters to both)",
         "NAME=VALUE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options(
            "- the bench signature",
            "Searches compiled-in Abalone positions (to --depth) and 9x9 Go positions (to "
            "--go-depth) by alpha-beta, then the Go positions by Go's default engine, the Monte "
            "Carlo search (--go-simulations a position), with one thread, a 16 MiB TT and the "
            "tables cleared per position, and prints the node count of each game (the moves of "
            "the Monte Carlo search's simulations, in the tree and in the playouts), then the "
            "total on the last line, \"Nodes searched: N\" (tests/bench.ref holds N for the "
            "defaults).",
            entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    if (go_depth < 1 || go_depth > 20) return cli_error("--go-depth must be 1 to 20");
    if (go_simulations < 1 || go_simulations > 1000000)
        return cli_error("--go-simulations must be 1 to 1000000");
    const int depths[2] = {depth, go_depth};
    const uint64_t simulations[2] = {0, (uint64_t)go_simulations}; // Abalone's runs alpha-beta
    return lab_bench(cli_games, 2, depths, simulations, sets);
}
