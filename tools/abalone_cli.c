// SPDX-License-Identifier: MIT
// `sumito abalone ...`: the rules engine's commands (show, moves, replay, play, aep); the
// commands every game has are tools/game_cli.c's.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "abalone/desc.h"
#include "abalone/record.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

bool abalone_cli_board(const char *layout, const char *position, AbaloneBoard *b)
{
    GError *err = NULL;
    if (abalone_board_from_options(b, layout, position, &err)) return true;
    cli_error("%s", err->message);
    g_error_free(err);
    return false;
}

static void describe_move(const AbaloneBoard *b, Move m, char *buf, size_t size)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int pushed = ABALONE_MOVE_PUSHED(m);
    snprintf(buf, size, "%d marble%s %s%s%s", mi->count, mi->count > 1 ? "s" : "",
             mi->axis == ABALONE_AXIS_INLINE ? "in-line" : "broadside",
             pushed == 1   ? ", pushes 1"
             : pushed == 2 ? ", pushes 2"
                           : "",
             ABALONE_MOVE_EJECTS(m) ? ", ejects" : "");
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
            describe_move(&b, moves[i], what, sizeof what);
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
    const GOptionEntry entries[] = {
        {"fftl", 0, 0, G_OPTION_ARG_NONE, &fftl, "write moves in FFTL notation", NULL},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a rules parameter (move_cap, repetition_draw)", "NAME=VALUE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - check a game record",
                     "Checks every move of a game record against the rules, "
                     "then prints the final position and the result.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("replay takes one game file (see --help)");
    AbaloneRules rules;
    abalone_rules_default(&rules);
    ParamGroup g = abalone_rules_params(&rules);
    for (char **s = sets; s && *s; s++) {
        GError *err = NULL;
        if (!params_set_assignment(&g, 1, *s, &err)) {
            int rc = cli_error("%s", err->message);
            g_error_free(err);
            return rc;
        }
    }
    AbaloneRecord rec;
    GError *err = NULL;
    if (!abalone_record_load(&rec, argv[1], &rules, &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        abalone_record_free(&rec);
        return rc;
    }
    AbaloneEnd why;
    AbaloneOutcome ruled = abalone_game_outcome(&rec.game, &why);
    char *ascii = abalone_board_render_ascii(&rec.game.board);
    char pos[ABALONE_POSITION_TEXT];
    printf("%s: %d moves, all legal\n%s%s\n", argv[1], abalone_game_length(&rec.game), ascii,
           abalone_position_format(&rec.game.board, pos));
    if (ruled != ABALONE_ONGOING)
        printf("Result: %s (%s)\n", abalone_outcome_text(ruled), abalone_end_text(why));
    else
        printf("Result: %s (as recorded; by the rules the game is not over)\n",
               abalone_outcome_text(rec.result));
    g_free(ascii);
    abalone_record_free(&rec);
    return 0;
}
