// SPDX-License-Identifier: MIT
// `sumito abalone play`: a game between two players, each an engine (with its own parameter
// overrides) or a human typing Aba-Pro moves. Prints the board and the search figures after
// every move and writes the game record.
#include <stdio.h>
#include <string.h>

#include "abalone/aep.h"
#include "abalone/notation.h"
#include "abalone/record.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

typedef struct {
    bool human;
    char *name;
    AbaloneEngine engine;
} Player;

static void print_move_line(const AbaloneGame *g, const Player *p, Move m, const SearchInfo *info,
                            const AbaloneBoard *before)
{
    char text[ABALONE_MOVE_TEXT];
    int number = (abalone_game_length(g) - 1 + (g->start.side == ABALONE_WHITE)) / 2 + 1;
    printf("%d. %s (%s): %s", number, before->side == ABALONE_BLACK ? "Black" : "White", p->name,
           abalone_move_format(before, m, ABALONE_NOTATION_ABAPRO, text));
    if (info) {
        GString *s = g_string_new(NULL);
        search_format_score(info->score, s);
        double secs = info->seconds > 0 ? info->seconds : 1e-9;
        printf("  depth %d  score %s  nodes %" G_GUINT64_FORMAT "  %.2f M nodes/s  %.3f s",
               info->depth, s->str, info->nodes, (double)info->nodes / secs / 1e6, info->seconds);
        g_string_free(s, TRUE);
    }
    printf("\n");
}

// Reads a human's move. Returns MOVE_NONE on quit/end of input, and 1 for "undo".
static Move read_human_move(AbaloneGame *g)
{
    char line[256];
    for (;;) {
        printf("%s to move (Aba-Pro move, 'undo' or 'quit'): ",
               g->board.side == ABALONE_BLACK ? "Black" : "White");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) return MOVE_NONE;
        char *t = g_strstrip(line);
        if (!*t) continue;
        if (strcmp(t, "quit") == 0) return MOVE_NONE;
        if (strcmp(t, "undo") == 0) return (Move)1;
        GError *err = NULL;
        Move m = abalone_move_parse(&g->board, t, ABALONE_NOTATION_ABAPRO, &err);
        if (m != MOVE_NONE) return m;
        printf("illegal: %s\n", err->message);
        g_error_free(err);
    }
}

static bool setup_player(Player *p, const char *kind, char **common, char **own, const char *label)
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

static void free_player(Player *p)
{
    if (!p->human && p->name) abalone_engine_free(&p->engine);
    g_free(p->name);
}

// Plays the game out; returns false if a human quit.
static bool play_game(AbaloneRecord *rec, Player players[2], double movetime, bool quiet)
{
    AbaloneGame *g = &rec->game;
    while (abalone_game_outcome(g, NULL) == ABALONE_ONGOING) {
        Player *p = &players[g->board.side];
        AbaloneBoard before = g->board;
        SearchInfo info;
        Move m;
        if (p->human) {
            m = read_human_move(g);
            if (m == MOVE_NONE) return false;
            if (m == (Move)1) { // take back a move pair
                int back = 0;
                while (back < 2 && abalone_game_undo(g)) back++;
                g_ptr_array_set_size(rec->comments, (guint)abalone_game_length(g) + 1);
                printf(back ? "took back %d move%s\n" : "nothing to take back\n", back,
                       back == 1 ? "" : "s");
                char *ascii = abalone_board_render_ascii(&g->board);
                printf("%s", ascii);
                g_free(ascii);
                continue;
            }
        } else {
            SearchLimits limits = {0};
            limits.time = timeman_per_move(movetime);
            limits.start_us = g_get_monotonic_time();
            m = abalone_engine_search(&p->engine, g, &limits, NULL, NULL, &info);
        }
        char *comment = NULL;
        if (!p->human)
            comment =
                g_strdup_printf("depth %d, %" G_GUINT64_FORMAT " nodes", info.depth, info.nodes);
        abalone_record_play(rec, m, comment);
        g_free(comment);
        print_move_line(g, p, m, p->human ? NULL : &info, &before);
        if (!quiet) {
            char *ascii = abalone_board_render_ascii(&g->board);
            printf("%s\n", ascii);
            g_free(ascii);
        }
        fflush(stdout);
    }
    return true;
}

// The record's header: event, date, players and time per move.
static void set_tags(AbaloneRecord *rec, const Player players[2], double movetime)
{
    GDateTime *now = g_date_time_new_now_local();
    char *date = g_date_time_format(now, "%Y.%m.%d");
    char *tpm = g_strdup_printf("%g", movetime);
    abalone_record_set_tag(rec, "Event", "sumito abalone play");
    abalone_record_set_tag(rec, "Date", date);
    abalone_record_set_tag(rec, "Black", players[0].name);
    abalone_record_set_tag(rec, "White", players[1].name);
    abalone_record_set_tag(rec, "TimePerMove", tpm);
    g_free(date);
    g_free(tpm);
    g_date_time_unref(now);
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
    AbaloneBoard start;
    if (!abalone_cli_board(layout, position, &start)) return EXIT_BAD_INPUT;
    Player players[2] = {{0}};
    char **common = cli_sets_with_net(sets, net);
    bool ok = setup_player(&players[0], black, common, sets_black, "black");
    if (ok && !setup_player(&players[1], white, common, sets_white, "white")) {
        free_player(&players[0]);
        ok = false;
    }
    g_strfreev(common);
    if (!ok) return EXIT_BAD_INPUT;
    AbaloneRules rules;
    abalone_rules_default(&rules);
    if (!players[0].human) rules = players[0].engine.rules;
    AbaloneRecord rec;
    abalone_record_init(&rec, &start, position ? NULL : (layout ? layout : "standard"), &rules);
    set_tags(&rec, players, movetime);
    char *ascii = abalone_board_render_ascii(&start);
    printf("%s (Black) against %s (White), %g s per move\n%s\n", players[0].name, players[1].name,
           movetime, ascii);
    g_free(ascii);
    bool finished = play_game(&rec, players, movetime, quiet);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&rec.game, &why);
    printf("%s: %s (%s) after %d plies; lost: Black %d, White %d\n",
           finished ? "Game over" : "Stopped", abalone_outcome_text(o), abalone_end_text(why),
           abalone_game_length(&rec.game), abalone_board_lost(&rec.game.board, 0),
           abalone_board_lost(&rec.game.board, 1));
    GError *err = NULL;
    int rc = 0;
    if (!abalone_record_save(&rec, record, &err)) {
        rc = cli_error("%s", err->message);
        g_error_free(err);
    } else {
        printf("Game record: %s\n", record);
    }
    abalone_record_free(&rec);
    free_player(&players[0]);
    free_player(&players[1]);
    return rc;
}
