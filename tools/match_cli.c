// SPDX-License-Identifier: MIT
// `sumito GAME match` (every game) and `sumito match merge|summary|odds`: the options; the runner
// is core/lab/match.c.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/number.h"
#include "core/lab/match.h"
#include "core/lab/match_odds.h"
#include "tools/cli.h"

// The players in the order given, from --engine and --engine-cmd.
static GPtrArray *player_specs; // char *: "E" or "C" then the option's value

static gboolean add_player(const char *name, const char *value, gpointer data, GError **err)
{
    (void)data;
    (void)err;
    bool outside = strcmp(name, "--engine-cmd") == 0;
    g_ptr_array_add(player_specs, g_strdup_printf("%c%s", outside ? 'C' : 'E', value));
    return TRUE;
}

// Checks the limits and numbers among themselves; prints what is wrong.
static bool check_numbers(const MatchOptions *o, const char *clock, gint64 nodes, gint64 seed)
{
    if (o->movetime < 0 || o->movetime > 86400 || isnan(o->movetime))
        return cli_error("--time-per-move must be 0 to 86400 seconds"), false;
    if (o->depth != INT_MIN && (o->depth < 1 || o->depth > MAX_PLY - 2))
        return cli_error("--depth must be 1 to %d, not %d", MAX_PLY - 2, o->depth), false;
    if (nodes != INT64_MIN && nodes < 1)
        return cli_error("--nodes must be positive, not %" G_GINT64_FORMAT, nodes), false;
    if (clock && o->clock <= 0)
        return cli_error("--clock must be MAIN or MAIN+INC in seconds, MAIN > 0, not '%s'", clock),
               false;
    if (!(o->margin >= 0 || o->margin == -1) || o->margin > 3600)
        return cli_error("--margin must be 0 to 3600 seconds"), false;
    if (!(o->hang > 0 && o->hang <= 86400))
        return cli_error("--hang must be 0 to 86400 seconds"), false;
    if (o->games < 1 || o->games > 10000000) return cli_error("--games must be positive"), false;
    if (o->games % 2) return cli_error("--games must be even: each opening is played twice"), false;
    if (o->first_game < 0 || o->first_game % 2)
        return cli_error("--first-game must be even and not negative"), false;
    if (o->concurrency < 1 || o->concurrency > 1024)
        return cli_error("--concurrency must be 1 to 1024"), false;
    if (seed < 0) return cli_error("--seed must not be negative"), false;
    if (o->game->size_max && (o->size < o->game->size_min || o->size > o->game->size_max))
        return cli_error("--size must be %d to %d", o->game->size_min, o->game->size_max), false;
    return true;
}

int game_cli_match(const GameDesc *game, int argc, char **argv)
{
    static MatchOptions o;
    static char *clock, *sprt, *out, *openings;
    static gint64 nodes = INT64_MIN, seed = 1; // INT64_MIN, INT_MIN: not given
    o = (MatchOptions){.game = game,
                       .depth = INT_MIN,
                       .size = game->size_default,
                       .margin = -1,
                       .hang = 60,
                       .games = 100,
                       .concurrency = (int)g_get_num_processors()};
    player_specs = g_ptr_array_new_with_free_func(g_free);
    const GOptionEntry entries[] = {
        {"engine", 'e', 0, G_OPTION_ARG_CALLBACK, add_player,
         "a player: an engine configuration (NAME: for the defaults; config=FILE and "
         "rankcut_file=FILE name files; time-per-move=S, depth=D, nodes=N, clock=MAIN+INC its "
         "own limits)",
         "NAME:param=value,..."},
        {"engine-cmd", 0, 0, G_OPTION_ARG_CALLBACK, add_player,
         "a player: an outside program speaking the game's protocol (AEP, GTP), its own limits "
         "after its name",
         "'NAME[,limit,...]:COMMAND LINE'"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &o.movetime,
         "seconds a move (default 0.1 when no other limit is given)", "S"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &o.depth, "plies a move", "D"},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, "nodes a move", "N"},
        {"clock", 0, 0, G_OPTION_ARG_STRING, &clock, "a clock: seconds a game, plus seconds a move",
         "MAIN+INC"},
        {"margin", 0, 0, G_OPTION_ARG_DOUBLE, &o.margin,
         "a move over its time by more than S seconds loses the game (default: never)", "S"},
        {"hang", 0, 0, G_OPTION_ARG_DOUBLE, &o.hang,
         "seconds past its limit before an outside engine has hung (default 60)", "S"},
        {"games", 'g', 0, G_OPTION_ARG_INT, &o.games, "games to play, even (default 100)", "N"},
        {"first-game", 0, 0, G_OPTION_ARG_INT, &o.first_game,
         "the number of the first game, even (shards of a match; default 0)", "K"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "draws the order of the openings (default 1)",
         "K"},
        {"openings", 0, 0, G_OPTION_ARG_FILENAME, &openings,
         "a suite of openings, one position a line (default: the built-in match openings)", "FILE"},
        {"concurrency", 'j', 0, G_OPTION_ARG_INT, &o.concurrency,
         "games at once (default: the number of cores)", "N"},
        {"sprt", 0, 0, G_OPTION_ARG_STRING, &sprt,
         "stop when the SPRT of H0 elo0 against H1 elo1 decides", "ELO0,ELO1,ALPHA,BETA"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
         "the match's folder (default: named from the options, here)", "DIR"},
        {game->size_max ? "size" : NULL, 0, 0, G_OPTION_ARG_INT, &o.size, "board size (default 9)",
         "N"},
        G_OPTION_ENTRY_NULL};
    int rc = EXIT_BAD_INPUT;
    if (!cli_options("- a match between two players",
                     "Plays game pairs from a suite of openings, each opening twice with "
                     "colours swapped, and prints W-D-L, the score, Elo with its 95 % interval, "
                     "LOS and the SPRT. Results and game records go to the match's folder; "
                     "Ctrl-C keeps finished games and the same command resumes.",
                     entries, &argc, &argv)) {
    } else if (argc > 1) {
        cli_error("unexpected argument '%s'", argv[1]);
    } else {
        if (clock && !match_clock_parse(clock, &o.clock, &o.increment)) o.clock = -1;
        GError *err = NULL;
        if (!check_numbers(&o, clock, nodes, seed)) {
        } else if (!match_players_make(&o, player_specs, &err)) {
            lab_report(err);
        } else if (sprt && !elo_sprt_parse(sprt, &o.sprt, &err)) {
            cli_error("--sprt %s: %s", sprt, err->message);
            g_error_free(err);
        } else {
            o.nodes = (uint64_t)MAX(nodes, 0), o.depth = MAX(o.depth, 0);
            o.seed = (uint64_t)seed;
            o.openings = openings;
            o.commit = cli_commit();
            o.sprt_on = sprt != NULL;
            rc = match_start(&o, out);
        }
    }
    for (int i = 0; i < 2; i++) match_player_clear(&o.players[i]);
    g_ptr_array_free(player_specs, TRUE);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    static char *out;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the merged match's folder", "DIR"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("DIR... - merge the results of one match's shards",
                     "Merges match folders (or results files) whose headers are equal: the "
                     "results and the game records go to --out, and the summary is printed. A "
                     "game found twice is an error.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!out) return cli_error("match merge needs --out DIR");
    if (argc < 2) return cli_error("match merge needs at least one match folder");
    return match_merge(argv + 1, out, cli_games);
}

static int cmd_summary(int argc, char **argv)
{
    if (!cli_options("DIR - the summary of a match", NULL,
                     (const GOptionEntry[]){G_OPTION_ENTRY_NULL}, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("match summary needs one match folder");
    return match_summary(argv[1], cli_games);
}

static int cmd_odds(int argc, char **argv)
{
    if (!cli_options("DIR... - the time factor at which two players break even", NULL,
                     (const GOptionEntry[]){G_OPTION_ENTRY_NULL}, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc < 2) return cli_error("match odds needs at least one match folder");
    return match_odds_run(argv + 1);
}

int match_cli_main(int argc, char **argv)
{
    static const CliEntry commands[] = {
        {"merge", cmd_merge, "merge the results of one match's shards"},
        {"summary", cmd_summary, "print the summary of a match's results"},
        {"odds", cmd_odds, "the time factor at which two players break even, from matches"},
    };
    return cli_dispatch("sumito match", commands, (int)G_N_ELEMENTS(commands), argc, argv);
}
