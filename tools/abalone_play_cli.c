// SPDX-License-Identifier: MIT
// `sumito abalone play`: the options of a game between two players, each an engine (with its
// own parameter overrides) or a human; the game is abalone/play.c's.
#include <string.h>

#include "abalone/play.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

static bool setup_player(AbalonePlayer *p, const char *kind, char **common, char **own,
                         const char *label)
{
    p->human = strcmp(kind, "human") == 0;
    if (!p->human && strcmp(kind, "engine") != 0) {
        cli_error("--%s must be engine or human, not '%s'", label, kind);
        return false;
    }
    p->name = p->human ? g_strdup("human") : NULL;
    if (p->human) return true;
    int n = (common ? (int)g_strv_length(common) : 0) + (own ? (int)g_strv_length(own) : 0);
    char **all = g_new0(char *, n + 1);
    int k = 0;
    for (int i = 0; common && common[i]; i++) all[k++] = common[i];
    for (int i = 0; own && own[i]; i++) all[k++] = own[i];
    bool ok = abalone_cli_engine_setup(&p->engine, all, NULL, NULL);
    g_free(all);
    if (ok)
        p->name = g_strdup(p->engine.core.params.rankcut && p->engine.core.have_table
                               ? "sumito RankCut"
                               : "sumito alpha-beta");
    return ok;
}

int abalone_cli_play(int argc, char **argv)
{
    static double movetime = 1.0;
    static char *black = "engine", *white = "engine", *layout, *position,
                *record = "sumito-game.txt";
    static char **sets, **sets_black, **sets_white, *net;
    static gboolean quiet;
    const GOptionEntry entries[] = {
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "engine seconds per move (default 1)", "S"},
        {"black", 0, 0, G_OPTION_ARG_STRING, &black, "engine or human (default engine)", "WHO"},
        {"white", 0, 0, G_OPTION_ARG_STRING, &white, "engine or human (default engine)", "WHO"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter for both engines",
         "NAME=VALUE"},
        {"set-black", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets_black,
         "a parameter for Black's engine", "NAME=VALUE"},
        {"set-white", 0, 0, G_OPTION_ARG_STRING_ARRAY, &sets_white,
         "a parameter for White's engine", "NAME=VALUE"},
        {"net", 0, 0, G_OPTION_ARG_FILENAME, &net,
         "both engines evaluate with this neural net (--set net=FILE)", "FILE"},
        {"layout", 'l', 0, G_OPTION_ARG_STRING, &layout, "start layout (default standard)", "NAME"},
        {"position", 'p', 0, G_OPTION_ARG_STRING, &position, "start position string", "STRING"},
        {"record", 'r', 0, G_OPTION_ARG_FILENAME, &record,
         "game record to write (default sumito-game.txt)", "FILE"},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "one line per move, no boards", NULL},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("- play a game",
                     "Plays a game between two players, each an engine or a "
                     "human typing Aba-Pro moves ('undo' takes back a move "
                     "pair). Writes the game record.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!cli_check_seconds("--time-per-move", movetime, false, 86400)) return EXIT_BAD_INPUT;
    if (!lab_check_output("--record", record, entries, 0, NULL)) return EXIT_BAD_INPUT;
    AbaloneBoard start;
    if (!abalone_cli_board(layout, position, &start)) return EXIT_BAD_INPUT;
    AbalonePlayer players[2] = {{0}};
    char **common = cli_sets_with_net(sets, net);
    bool ok = setup_player(&players[0], black, common, sets_black, "black");
    if (ok && !setup_player(&players[1], white, common, sets_white, "white")) {
        abalone_player_free(&players[0]);
        ok = false;
    }
    g_strfreev(common);
    if (!ok) return EXIT_BAD_INPUT;
    int rc = abalone_play_game(players, &start, position ? NULL : (layout ? layout : "standard"),
                               movetime, quiet, record);
    abalone_player_free(&players[0]);
    abalone_player_free(&players[1]);
    return rc;
}
