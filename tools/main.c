// SPDX-License-Identifier: MIT
// The sumito command: dispatches to the subcommands of each game and of the search core.
#include <locale.h>

#include "tools/cli.h"

static const CliEntry commands[] = {
    {"abalone", abalone_cli_main,
     "Abalone: show, moves, perft, replay, play, analyse, render, ..."},
    {"bench", bench_cli_main, "the bench signature: nodes searched at a fixed depth"},
    {"go", go_cli_main,
     "Go: show, moves, perft, playouts, gtp, sgf-check, render, rankcut-collect, compare, ..."},
    {"demo", demo_cli_main, "the main job on built-in defaults (make run)"},
    {"params", params_cli_main, "list every parameter with its default and range"},
    {"rankcut", rankcut_cli_main, "RankCut statistics files: show, merge, heatmap"},
};

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "C");
    return cli_dispatch("sumito", commands, (int)G_N_ELEMENTS(commands), argc, argv);
}
