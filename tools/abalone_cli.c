// SPDX-License-Identifier: MIT
// `sumito abalone ...`: the rules engine's commands (show, moves, replay, play, aep); the
// commands every game has are tools/game_cli.c's.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "abalone/desc.h"
#include "abalone/replay.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

bool abalone_cli_board(const char *layout, const char *position, AbaloneBoard *b)
{
    GError *err = NULL;
    if (abalone_board_from_options(b, layout, position, &err)) return true;
    lab_report(err);
    return false;
}

int abalone_cli_moves(int argc, char **argv)
{
    static gboolean verbose;
    const GOptionEntry extra[] = {{"verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
                                   "one move per line with what it does", NULL},
                                  G_OPTION_ENTRY_NULL};
    GameState *s = game_cli_position(&abalone_game_desc, "- list the legal moves",
                                     "Lists the legal moves of the side to move in Aba-Pro "
                                     "notation (FFTL with --fftl).",
                                     extra, &argc, &argv);
    if (!s) return EXIT_BAD_INPUT;
    AbaloneBoard b = abalone_state_game(s)->board;
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_board_decided(&b) ? 0 : abalone_gen_moves(&b, moves);
    printf("%d legal move%s%s\n", n, n == 1 ? "" : "s",
           abalone_board_decided(&b) ? " (the game is over)" : "");
    int col = 0;
    for (int i = 0; i < n; i++) {
        char text[ABALONE_MOVE_TEXT], what[64];
        abalone_game_desc.move_format(s, moves[i], text);
        if (verbose) {
            abalone_move_describe(moves[i], what, sizeof what);
            printf("%-7s %s\n", text, what);
            continue;
        }
        if (col + (int)strlen(text) + 1 > 79) printf("\n"), col = 0;
        col += printf("%s%s", col ? " " : "", text);
    }
    if (!verbose && n) printf("\n");
    abalone_game_desc.state_free(s);
    return 0;
}

int abalone_cli_replay(int argc, char **argv)
{
    static char **sets;
    static gboolean fftl; // accepted for symmetry with the other commands; replay prints no move
    static int index;
    const GOptionEntry entries[] = {
        {"fftl", 0, 0, G_OPTION_ARG_NONE, &fftl, "write moves in FFTL notation", NULL},
        {"game-index", 0, 0, G_OPTION_ARG_INT, &index, "replay only game N (from 1)", "N"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a rules parameter over the record's (move_cap, repetition_draw)", "NAME=VALUE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - check game records",
                     "Checks every move of each game of a record file against the record's "
                     "rules; prints one game's final position and result, or a line a game.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2 || index < 0)
        return cli_error("replay takes one game file and --game-index from 1");
    return abalone_replay_file(argv[1], index, sets);
}
