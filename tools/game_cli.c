// SPDX-License-Identifier: MIT
// The subcommands every game has, written once over the game descriptor (core/game.h): their
// options here (render's in tools/render_cli.c), their work in core/lab/. `sumito abalone perft`
// and `sumito go perft` are the same code with another descriptor.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/number.h"
#include "core/lab/collect.h"
#include "core/lab/gendata.h"
#include "core/lab/commands.h"
#include "core/lab/compare.h"
#include "core/lab/probcut_fit.h"
#include "abalone/review_cli.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

// Parses a command's options: the game's position options (when opts is not NULL) and extra;
// then no argument may be left. *opts gets the game's position storage (free it).
static bool parse(const GameDesc *game, const char *usage, const char *summary,
                  const GOptionEntry *extra, int default_size, bool rules, void **opts, int *argc,
                  char ***argv)
{
    LabOptions *o = lab_options_new(usage, summary);
    if (opts) {
        GOptionEntry *entries;
        *opts = game->options_new(default_size, rules, &entries);
        lab_options_add(o, entries);
    }
    if (extra) lab_options_add(o, extra);
    bool ok = cli_parse(o, argc, argv);
    lab_options_free(o);
    if (ok && *argc > 1) ok = (cli_error("unexpected argument '%s'", (*argv)[1]), false);
    return ok;
}

// The position the options name; prints the error and returns NULL on bad input.
static GameState *position(const GameDesc *game, void *opts)
{
    GError *err = NULL;
    GameState *s = game->options_state(opts, &err);
    if (!s) lab_report(err);
    return s;
}

GameState *game_cli_position(const GameDesc *game, const char *usage, const char *summary,
                             const GOptionEntry *extra, int *argc, char ***argv)
{
    void *opts = NULL;
    GameState *s = NULL;
    if (parse(game, usage, summary, extra, game->size_max ? 19 : 0, true, &opts, argc, argv))
        s = position(game, opts);
    game->options_free(opts);
    return s;
}

// --size for the commands that take one without a position (Go); prints what is wrong.
static bool check_size(const GameDesc *game, int size)
{
    if (!game->size_max || (size >= game->size_min && size <= game->size_max)) return true;
    cli_error("--size must be %d to %d, not %d", game->size_min, game->size_max, size);
    return false;
}

static int cmd_show(const GameDesc *game, int argc, char **argv)
{
    GameState *s = game_cli_position(game, "- draw a position",
                                     "Draws the board with its coordinates (after the moves of "
                                     "--moves for Go) and what the game adds: Abalone's position "
                                     "string, Go's area count.",
                                     NULL, &argc, &argv);
    if (!s) return EXIT_BAD_INPUT;
    char *text = game->state_show(s);
    printf("%s", text);
    g_free(text);
    game->state_free(s);
    return 0;
}

static int cmd_perft(const GameDesc *game, int argc, char **argv)
{
    static int depth = INT_MIN, repeat = 1;
    static gboolean divide, full;
    const GOptionEntry extra[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "plies (default 4 for Abalone, 3 for Go)", "N"},
        {"divide", 0, 0, G_OPTION_ARG_NONE, &divide, "the count below each first move", NULL},
        {"repeat", 'r', 0, G_OPTION_ARG_INT, &repeat, "run N times and report the median time",
         "N"},
        {"full", 0, 0, G_OPTION_ARG_NONE, &full, "make every last-ply move (no bulk counting)",
         NULL},
        G_OPTION_ENTRY_NULL};
    void *opts = NULL;
    int rc = EXIT_BAD_INPUT;
    if (parse(game, "- count the leaves of the move tree",
              "Counts the positions reached after exactly N plies (bulk counting at the last "
              "ply; Go counts moves on points, pass excluded) and prints the speed.",
              extra, game->size_max ? 19 : 0, true, &opts, &argc, &argv)) {
        GameState *s = position(game, opts);
        if (s) {
            int d = depth != INT_MIN ? depth : game->size_max ? 3 : 4;
            rc = lab_perft(game, s, d, repeat, divide, full);
            game->state_free(s);
        }
    }
    game->options_free(opts);
    return rc;
}

static int cmd_analyse(const GameDesc *game, int argc, char **argv)
{
    static double movetime;
    static int depth = INT_MIN; // INT_MIN, INT64_MIN: not given (0 is refused like -1)
    static gint64 nodes = INT64_MIN;
    static CliEngineArgs ea;
    const GOptionEntry extra[] = {
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime, "seconds for the search", "S"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "search to this depth", "D"},
        {"nodes", game->size_max ? 0 : 'n', 0, G_OPTION_ARG_INT64, &nodes, // -n: Go's size
         "stop after about N nodes", "N"},
        CLI_ENGINE_ENTRIES(ea),
        G_OPTION_ENTRY_NULL};
    void *opts = NULL;
    GameState *s = NULL;
    GameEngine *e = NULL;
    int rc = EXIT_BAD_INPUT;
    if (!parse(game, "- search one position",
               "Searches a position, printing one info line per completed iteration, then the "
               "best move. Without a limit it searches for 1 second.",
               extra, game->size_default, false, &opts, &argc, &argv)) {
    } else if (!cli_check_seconds("--time-per-move", movetime, true, 1e6)) {
    } else if (depth != INT_MIN && (depth < 1 || depth > MAX_PLY - 2)) {
        cli_error("--depth must be 1 to %d, not %d", MAX_PLY - 2, depth);
    } else if (nodes != INT64_MIN && nodes < 1) {
        cli_error("--nodes must be positive, not %" G_GINT64_FORMAT, nodes);
    } else if ((s = position(game, opts)) && (e = cli_engine_new(game, &ea))) {
        depth = MAX(depth, 0), nodes = MAX(nodes, 0);
        game->state_adopt_rules(s, e);
        // No clock under a depth or node limit alone: a clock of 0 s would be one without
        // a deadline, which the Monte Carlo search, having no depth, would never end.
        SearchLimits limits =
            lab_limits(!movetime && !depth && !nodes ? 1.0 : movetime, (uint64_t)nodes, depth);
        rc = lab_analyse(game, e, s, &limits);
    }
    if (e) game_engine_free(game, e);
    if (s) game->state_free(s);
    game->options_free(opts);
    return rc;
}

static int cmd_collect(const GameDesc *game, int argc, char **argv)
{
    static CollectOptions o = {
        .games = 100, .rounds = 3, .movetime = 0.25, .seed = 1, .settle = 0.0005};
    static gint64 seed = 1, nodes = 0;
    static gboolean with_pruning, mcts_ranks;
    static CliEngineArgs ea;
    o.size = game->size_default;
    const GOptionEntry entries[] = {
        {"games", 'g', 0, G_OPTION_ARG_INT, &o.games, "self-play games (default 100)", "N"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &o.movetime,
         "seconds per move (default 0.25)", "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of the random openings (default 1)", "K"},
        {"first-game", 0, 0, G_OPTION_ARG_INT, &o.first_game,
         "the number of the first game (shards of a collection; default 0)", "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o.out, "the statistics file (resumed if present)",
         "FILE"},
        {"with-pruning", 0, 0, G_OPTION_ARG_NONE, &with_pruning,
         "re-collect with RankCut on, starting from the current statistics, for --rounds rounds",
         NULL},
        {"mcts-ranks", 0, 0, G_OPTION_ARG_NONE, &mcts_ranks,
         "collect the Monte Carlo search's widening statistics instead: the prior's rank of each "
         "node's most visited child (search=mcts, every child open)",
         NULL},
        {"nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, "--mcts-ranks: playouts a move, not a time",
         "N"},
        {"rounds", 0, 0, G_OPTION_ARG_INT, &o.rounds, "rounds of --with-pruning (default 3)", "R"},
        {"settle", 0, 0, G_OPTION_ARG_DOUBLE, &o.settle,
         "--with-pruning stops early once the probabilities moved less than this between two "
         "rounds (sample-weighted mean over cells known in both; default 0.0005)",
         "D"},
        CLI_ENGINE_ENTRIES(ea),
        {game->size_max ? "size" : NULL, 'n', 0, G_OPTION_ARG_INT, &o.size,
         "board size (default 9); the statistics are for one size (go9 for 9x9)", "N"},
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- RankCut statistics from self-play",
               "Plays self-play games from varied openings (a few random moves from the start) "
               "and counts, at every node and for every move from the history phase on, whether "
               "a later move raised alpha as it stood before that move (the paper's event; "
               "statistics scheme 2). Ctrl-C keeps finished games; the same command resumes.",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!cli_check_out(o.out, entries)) return EXIT_BAD_INPUT;
    if (o.games < 1 || o.games > 10000000) return cli_error("--games must be at least 1");
    if (!cli_check_seconds("--time-per-move", o.movetime, false, 3600)) return EXIT_BAD_INPUT;
    if (o.rounds < 1 || o.rounds > 100) return cli_error("--rounds must be 1 to 100");
    if (!(o.settle >= 0 && o.settle <= 1)) return cli_error("--settle must be 0 to 1");
    if (o.first_game < 0 || o.first_game > 1000000000)
        return cli_error("--first-game must not be negative");
    if (!check_size(game, o.size)) return EXIT_BAD_INPUT;
    o.seed = (uint64_t)seed;
    o.with_pruning = with_pruning;
    o.mcts_ranks = mcts_ranks;
    if (mcts_ranks && with_pruning) return cli_error("--mcts-ranks takes no --with-pruning");
    if (nodes < 0 || (nodes && !mcts_ranks)) return cli_error("--nodes N goes with --mcts-ranks");
    o.nodes = (uint64_t)nodes;
    o.sets = cli_engine_sets(&ea), o.config = ea.config, o.rankcut_file = ea.rankcut_file;
    return collect_run(game, &o);
}

static int cmd_gendata(const GameDesc *game, int argc, char **argv)
{
    static GenDataOptions o = {.games = 1000, .seed = 1};
    static gint64 seed = 1, nodes = 5000;
    static CliEngineArgs ea;
    static char *features;
    o.size = game->size_default;
    char *args = g_strjoinv(" ", argv);
    char *command = g_strdup_printf("sumito %s %s", game->name, args);
    char *feature_help =
        g_strdup_printf("the input feature set written (default %s)",
                        game->net_feature_sets ? game->net_feature_set_name(0) : "none");
    g_free(args);
    const GOptionEntry entries[] = {
        {"games", 'g', 0, G_OPTION_ARG_INT, &o.games,
         "self-play games of this shard (default 1000)", "N"},
        {"first-game", 0, 0, G_OPTION_ARG_INT, &o.first_game,
         "the number of the shard's first game (default 0)", "K"},
        {"nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
         "nodes searched per move, the label's search (default 5000; 0: --depth alone)", "N"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &o.depth, "plies searched per move (default none)",
         "D"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of the random openings (default 1)", "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o.out, "the data file (resumed if present)",
         "FILE"},
        {"features", 0, 0, G_OPTION_ARG_STRING, &features, feature_help, "NAME"},
        CLI_ENGINE_ENTRIES(ea),
        // Entries a game has not come last: a NULL name ends the list.
        {game->size_max ? "size" : NULL, 'n', 0, G_OPTION_ARG_INT, &o.size,
         "board size (default 9)", "N"},
        {game->net_label ? "label-playouts" : NULL, 0, 0, G_OPTION_ARG_INT, &o.label_playouts,
         "label each position with the mean count of N random playouts from it instead of the "
         "search's score (default 0: the search's score)",
         "N"},
        G_OPTION_ENTRY_NULL};
    int rc = EXIT_BAD_INPUT;
    if (!parse(game, "- neural-net training positions from self-play",
               "Plays self-play games from varied openings (never a match opening) at a fixed "
               "node count per move and writes every searched position with its score and the "
               "game's result. Ctrl-C keeps finished games; the same command resumes.",
               entries, 0, false, NULL, &argc, &argv)) {
    } else if (!cli_check_out(o.out, entries)) {
    } else if (o.games < 1 || o.games > 100000000) {
        cli_error("--games must be 1 to 100000000");
    } else if (o.first_game < 0 || o.first_game > 1000000000) {
        cli_error("--first-game must be 0 to 1000000000");
    } else if (nodes < 0 || nodes > 1000000000000) {
        cli_error("--nodes must be 0 to 10^12");
    } else if (o.depth < 0 || o.depth > MAX_PLY - 2) {
        cli_error("--depth must be 0 to %d", MAX_PLY - 2);
    } else if (!nodes && !o.depth) {
        cli_error("--nodes 0 needs --depth");
    } else if (o.label_playouts < 0 || o.label_playouts > 100000) {
        cli_error("--label-playouts must be 0 to 100000");
    } else if ((o.feature_set = gendata_feature_set(game, features)) < 0) {
    } else if (game->net_size && o.size != game->net_size) {
        cli_error("the net's features are for %dx%d boards only, not --size %d", game->net_size,
                  game->net_size, o.size);
    } else if (check_size(game, o.size)) {
        o.seed = (uint64_t)seed;
        o.nodes = (uint64_t)nodes;
        o.sets = cli_engine_sets(&ea), o.config = ea.config, o.rankcut_file = ea.rankcut_file;
        o.command = command;
        rc = gendata_run(game, &o);
    }
    g_free(command);
    g_free(feature_help);
    return rc;
}

static int cmd_compare_reference(const GameDesc *game, int argc, char **argv)
{
    static int depth = INT_MIN; // INT_MIN, INT64_MIN: not given
    static gint64 nodes = INT64_MIN;
    static char *out, *suite_file, *shard, **sets;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth,
         "score every move at this depth, 2 to 20 (the default, depth 7)", "D"},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes,
         "instead, one deep search of N nodes a position, its best move (a deep reference)", "N"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "with --nodes: a parameter of that search (search=mcts: a long Monte Carlo search)",
         "P=V"},
        {"shard", 0, 0, G_OPTION_ARG_STRING, &shard,
         "only positions K, K + N, K + 2N, ... (numbered from 1; shards of one reference are "
         "merged by concatenating their files)",
         "K/N"},
        {"suite", 0, 0, G_OPTION_ARG_FILENAME, &suite_file, "position suite (default built-in)",
         "FILE"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the reference file (resumed if present)",
         "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- compute the compare command's reference",
               "Scores every legal move of every suite position with plain alpha-beta (every "
               "pruning method off) at a fixed depth, or (--nodes) searches each position once "
               "with plain alpha-beta (changed by --set) to a node count and keeps its best move, "
               "score and depth. Progress on a terminal; Ctrl-C keeps finished positions; the "
               "same command resumes.",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!cli_check_out(out, entries)) return EXIT_BAD_INPUT;
    if (depth != INT_MIN && nodes != INT64_MIN)
        return cli_error("--depth and --nodes exclude each other");
    // Each move is scored by a search of depth - 1 after it, and a search limit of depth 0
    // means no limit: depth 1 would search the first position for ever.
    if (depth != INT_MIN && (depth < 2 || depth > 20))
        return cli_error("--depth must be 2 to 20, not %d", depth);
    if (nodes != INT64_MIN && (nodes < 1 || nodes > 1000000000000000ll))
        return cli_error("--nodes must be 1 to 10^15, not %" G_GINT64_FORMAT, nodes);
    ReferenceJob job = {.depth = depth != INT_MIN ? depth : 7, .nodes = (uint64_t)MAX(nodes, 0)};
    int64_t k = 1, n = 1;
    if (shard && (!lab_parse_pair(shard, "/", false, 1, 1000, &k, &n) || k > n))
        return cli_error("--shard must be K/N with 1 <= K <= N <= 1000, not '%s'", shard);
    job.shard = (int)k, job.shards = (int)n, job.sets = sets;
    return compare_reference_run(game, suite_file, &job, out);
}

static int cmd_compare(const GameDesc *game, int argc, char **argv)
{
    static double movetime = 0.1;
    static gint64 nodes = INT64_MIN; // not given
    static char **configs, **depths, *suite_file, *reference_file, *csv, *rankcut_file, *chart;
    static gboolean no_time, verbose;
    const GOptionEntry entries[] = {
        {"config", 'C', 0, G_OPTION_ARG_STRING_ARRAY, &configs,
         "a configuration NAME:param=value,... (repeat; default alphabeta:plain and "
         "rankcut:plain,rankcut=true)",
         "SPEC"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "fixed time per move (default 0.1)", "S"},
        {"no-time", 0, 0, G_OPTION_ARG_NONE, &no_time, "skip the fixed-time runs", NULL},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes,
         "also at a fixed node count (equal effort whatever the machine's load)", "N"},
        {"depth", 'd', 0, G_OPTION_ARG_STRING_ARRAY, &depths, "a fixed depth (repeat)", "D"},
        {"suite", 0, 0, G_OPTION_ARG_FILENAME, &suite_file, "position suite (default built-in)",
         "FILE"},
        {"reference", 0, 0, G_OPTION_ARG_FILENAME, &reference_file,
         "reference file (default built-in)", "FILE"},
        {"csv", 0, 0, G_OPTION_ARG_FILENAME, &csv, "write every run as CSV", "FILE"},
        {"chart", 0, 0, G_OPTION_ARG_FILENAME, &chart,
         "write one PNG picture of two panels, 1000 x 920 pixels: the depth each configuration "
         "reached per position at the fixed time (lines), then its median nodes at each --depth "
         "(bars, log scale); one panel of 1000 x 460 with --no-time or without --depth",
         "FILE.png"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file,
         "RankCut statistics for every configuration (default built-in)", "FILE"},
        {"verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "a line per position", NULL},
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- compare search configurations",
               "Searches every suite position with each configuration at a fixed time per move, "
               "a fixed node count and fixed depths, and compares them with the reference (plain "
               "alpha-beta, deeper).",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!no_time && !cli_check_seconds("--time-per-move", movetime, false, 3600))
        return EXIT_BAD_INPUT;
    CompareJob job = {0};
    job.game = game;
    job.movetime = no_time ? 0 : movetime;
    if (nodes != INT64_MIN && nodes < 1)
        return cli_error("--nodes must be positive, not %" G_GINT64_FORMAT, nodes);
    job.nodes = (uint64_t)MAX(nodes, 0);
    GError *err = NULL;
    if (!lab_parse_ints("--depth", depths, 1, 30, COMPARE_MAX_DEPTHS, job.depths, &job.ndepths,
                        &err))
        return lab_report(err);
    if (no_time && !job.ndepths && !job.nodes)
        return cli_error("--no-time needs --nodes or at least one --depth");
    if (csv && !lab_check_output("--csv", csv, entries, 0, NULL)) return EXIT_BAD_INPUT;
    if (chart && !lab_check_output("--chart", chart, entries, 0, NULL)) return EXIT_BAD_INPUT;
    return compare_run(&job, suite_file, reference_file, configs, rankcut_file, verbose, csv,
                       chart);
}

static int cmd_make_suite(const GameDesc *game, int argc, char **argv)
{
    static SuiteOptions o = {.movetime = 0.1, .seed = 1000001};
    static gint64 seed = 1000001;
    static char *out;
    o.size = game->size_default;
    o.positions = game->suite_defaults[0], o.per_game = game->suite_defaults[1];
    char *help[2] = {g_strdup_printf("positions wanted (default %d)", o.positions),
                     g_strdup_printf("positions drawn per game (default %d)", o.per_game)};
    const GOptionEntry entries[] = {
        {"positions", 'n', 0, G_OPTION_ARG_INT, &o.positions, help[0], "N"},
        {"per-game", 0, 0, G_OPTION_ARG_INT, &o.per_game, help[1], "K"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &o.movetime,
         "self-play seconds per move (default 0.1)", "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of openings and draws (default 1000001)",
         "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the suite file (resumed if present)", "FILE"},
        {game->size_max ? "size" : NULL, 0, 0, G_OPTION_ARG_INT, &o.size, "board size (default 9)",
         "N"},
        G_OPTION_ENTRY_NULL};
    bool ok = parse(game, "- draw a position suite from self-play",
                    "Plays self-play games from varied openings (seeded apart from the "
                    "statistics collection's) and draws positions from move 10 on. Ctrl-C keeps "
                    "finished games; the same command resumes.",
                    entries, 0, false, NULL, &argc, &argv);
    g_free(help[0]), g_free(help[1]);
    if (!ok) return EXIT_BAD_INPUT;
    if (!cli_check_out(out, entries)) return EXIT_BAD_INPUT;
    if (o.positions < 1) return cli_error("--positions must be at least 1, not %d", o.positions);
    if (o.per_game < 1) return cli_error("--per-game must be at least 1, not %d", o.per_game);
    if (!cli_check_seconds("--time-per-move", o.movetime, false, 3600)) return EXIT_BAD_INPUT;
    if (!check_size(game, o.size)) return EXIT_BAD_INPUT;
    o.seed = seed, o.out = out;
    return lab_make_suite(game, &o);
}

// "A..B" (or "A": A..A) with 0 <= A <= B <= 200.
static bool parse_plies(const char *text, int *lo, int *hi)
{
    int64_t a = 0, b = 0;
    if (!lab_parse_pair(text, "..", true, 0, 200, &a, &b) || a > b)
        return cli_error("--plies '%s': expected A..B with 0 <= A <= B <= 200", text), false;
    *lo = (int)a, *hi = (int)b;
    return true;
}

static int cmd_make_openings(const GameDesc *game, int argc, char **argv)
{
    static int count = 600, size, depth = INT_MIN; // INT_MIN, G_MININT64: the game's default
    static gint64 seed = 5000001, margin = G_MININT64;
    static char *out, *plies;
    size = game->size_default;
    const GOptionEntry entries[] = {
        {"count", 'n', 0, G_OPTION_ARG_INT, &count, "openings wanted (default 600)", "N"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of the openings (default 5000001)", "K"},
        {"plies", 0, 0, G_OPTION_ARG_STRING, &plies,
         "random plies added to each self-play opening (default 2..4 for Abalone, 3..4 for Go)",
         "A..B"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth,
         "depth of the balancing search (default 4 for Abalone, 3 for Go 9x9, 2 for 19x19)", "D"},
        {"margin", 'm', 0, G_OPTION_ARG_INT64, &margin,
         "the largest absolute score kept, in the search's units (default 40 for Abalone, a "
         "25th of a marble; 64 for Go, 2 points)",
         "M"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the suite file (resumed if present)", "FILE"},
        {game->size_max ? "size" : NULL, 0, 0, G_OPTION_ARG_INT, &size, "board size (default 9)",
         "N"},
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- make a suite of match openings near balance",
               "Adds random plies to self-play openings (seeded apart from the statistics "
               "collection's, which never start from a built-in match opening), searches each to "
               "a shallow depth and keeps it when the mean score of the last two iterations is "
               "within the margin, none twice, each Abalone layout its share, no Go stone on the "
               "first two lines. Progress on a terminal; Ctrl-C keeps what is found; the same "
               "command resumes.",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!check_size(game, size)) return EXIT_BAD_INPUT;
    OpeningsOptions o;
    lab_openings_default(game, game->size_max ? size : 0, &o);
    if (!cli_check_out(out, entries)) return EXIT_BAD_INPUT;
    if (count < 1 || count > 1000000) return cli_error("--count must be 1 to 1000000");
    if (plies && !parse_plies(plies, &o.plies_min, &o.plies_max)) return EXIT_BAD_INPUT;
    if (depth != INT_MIN && (depth < 1 || depth > 20)) return cli_error("--depth must be 1 to 20");
    if (margin != G_MININT64 && (margin < 0 || margin > SCORE_INF))
        return cli_error("--margin must be 0 to %d", SCORE_INF);
    if (margin == G_MININT64 && o.margin < 0)
        return cli_error("--margin M is required for %s", game->name);
    o.count = count, o.seed = seed, o.out = out;
    if (depth != INT_MIN) o.depth = depth;
    if (margin != G_MININT64) o.margin = (Score)margin;
    return lab_make_openings(game, &o);
}

// "--threads N" options as numbers; false (with the message) when one is not a count.
static int cmd_speed(const GameDesc *game, int argc, char **argv)
{
    static char **times, **thread_texts, **ttd_positions;
    static int moves = 200, ttd_depth = 0, ttd_repeat = 1;
    static gboolean skip_nps, skip_overrun, skip_depth;
    static CliEngineArgs ea;
    const GOptionEntry entries[] = {
        {"threads", 0, 0, G_OPTION_ARG_STRING_ARRAY, &thread_texts,
         "search threads for nodes/s and time to depth (repeat: one figure each, ratios to the "
         "first)",
         "N"},
        {"ttd-depth", 0, 0, G_OPTION_ARG_INT, &ttd_depth,
         "time to this depth with each --threads count (default: no such figure)", "D"},
        {"ttd-position", 0, 0, G_OPTION_ARG_STRING_ARRAY, &ttd_positions,
         "a position for the time to depth (repeat; default: the bench positions)", "POS"},
        {"ttd-repeat", 0, 0, G_OPTION_ARG_INT, &ttd_repeat,
         "searches per position and thread count, their median counts (default 1)", "N"},
        {"depth-time", 0, 0, G_OPTION_ARG_STRING_ARRAY, &times,
         "seconds for the depth comparison (repeat; default 1 and 10)", "S"},
        {"moves", 0, 0, G_OPTION_ARG_INT, &moves, "moves for the overrun figure (default 200)",
         "N"},
        {"no-nps", 0, 0, G_OPTION_ARG_NONE, &skip_nps, "skip nodes/s", NULL},
        {"no-overrun", 0, 0, G_OPTION_ARG_NONE, &skip_overrun, "skip the overrun figure", NULL},
        {"no-depth", 0, 0, G_OPTION_ARG_NONE, &skip_depth, "skip the depth comparison", NULL},
        CLI_ENGINE_ENTRIES(ea),
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- search speed figures",
               "Nodes/s (plain alpha-beta), the worst overrun of a time per move over many moves "
               "of self-play, and the depth plain alpha-beta and sumito's search complete at "
               "fixed times, measured side by side in one run; with --ttd-depth, the time to that "
               "depth with each --threads count and the median ratio of the first count's time "
               "to each other's. --set, --config, --rankcut-file and --net set up every engine "
               "(nodes/s and the depth's first side then switch every pruning method off; the "
               "overrun, the depth's second side and time to depth use the engine as set up, "
               "the game's default search when nothing is set).",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    int nthreads, *threads = g_new0(int, thread_texts ? g_strv_length(thread_texts) + 1 : 1);
    GError *err = NULL;
    if (!lab_parse_ints("--threads", thread_texts, 1, SEARCH_MAX_THREADS, G_MAXINT, threads,
                        &nthreads, &err)) {
        g_free(threads);
        return lab_report(err);
    }
    SpeedOptions o = {.depth_times = times,
                      .moves = moves,
                      .nps = !skip_nps,
                      .overrun = !skip_overrun,
                      .depth = !skip_depth,
                      .sets = cli_engine_sets(&ea),
                      .config = ea.config,
                      .rankcut_file = ea.rankcut_file,
                      .threads = threads,
                      .nthreads = nthreads,
                      .ttd_depth = ttd_depth,
                      .ttd_repeat = ttd_repeat,
                      .ttd_positions = ttd_positions};
    int rc = lab_speed(game, game->size_default, &o);
    g_free(threads);
    return rc;
}

static int cmd_probcut_fit(const GameDesc *game, int argc, char **argv)
{
    static ProbcutFitOptions o = {.games = 20, .movetime = 0.25, .seed = 7000001, .range = 3000};
    static gint64 seed = 7000001;
    static CliEngineArgs ea;
    o.size = game->size_default;
    const GOptionEntry entries[] = {
        {"games", 'g', 0, G_OPTION_ARG_INT, &o.games, "self-play games (default 20)", "N"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &o.movetime,
         "seconds per move (default 0.25)", "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of the random openings (default 7000001)",
         "K"},
        {"first-game", 0, 0, G_OPTION_ARG_INT, &o.first_game,
         "the number of the first game (shards of a calibration; default 0)", "K"},
        {"range", 0, 0, G_OPTION_ARG_INT, &o.range,
         "shallow scores beyond +-R are left out of the fit (default 3000)", "R"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &o.out, "the calibration file (resumed if present)",
         "FILE"},
        CLI_ENGINE_ENTRIES(ea),
        {game->size_max ? "size" : NULL, 'n', 0, G_OPTION_ARG_INT, &o.size,
         "board size (default 9); a calibration is for one size (go9 for 9x9)", "N"},
        G_OPTION_ENTRY_NULL};
    if (!parse(game, "- ProbCut's calibration from self-play",
               "Plays self-play games from varied openings; every searched position adds the "
               "root scores of its iterations as (shallow, deep) pairs per game stage; then fits "
               "v_deep = a v_shallow + b + e per stage and depth pair and prints a, b, sigma and "
               "r. Ctrl-C keeps finished games; the same command resumes.",
               entries, 0, false, NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!cli_check_out(o.out, entries)) return EXIT_BAD_INPUT;
    if (o.games < 1 || o.games > 10000000) return cli_error("--games must be at least 1");
    if (!cli_check_seconds("--time-per-move", o.movetime, false, 3600)) return EXIT_BAD_INPUT;
    if (o.first_game < 0 || o.first_game > 1000000000)
        return cli_error("--first-game must not be negative");
    if (o.range < 1 || o.range > 1000000) return cli_error("--range must be 1 to 1000000");
    if (!check_size(game, o.size)) return EXIT_BAD_INPUT;
    o.seed = (uint64_t)seed;
    o.sets = cli_engine_sets(&ea), o.config = ea.config;
    return probcut_fit_run(game, &o);
}

static const GameCommand generic[] = {
    {"show", cmd_show, "draw a position with coordinates"},
    {"perft", cmd_perft, "count the leaves of the move tree, with its speed"},
    {"analyse", cmd_analyse, "search one position and print its info lines"},
    {"rankcut-collect", cmd_collect, "RankCut statistics from self-play"},
    {"probcut-fit", cmd_probcut_fit, "ProbCut's calibration from self-play, and its fits"},
    {"gen-data", cmd_gendata, "neural-net training positions from self-play"},
    {"compare", cmd_compare, "compare search configurations on a position suite"},
    {"compare-reference", cmd_compare_reference, "compute the compare command's reference"},
    {"make-suite", cmd_make_suite, "draw a position suite from self-play games"},
    {"make-openings", cmd_make_openings, "make a suite of match openings near balance"},
    {"speed", cmd_speed, "search speed: nodes/s, time overrun, depth at fixed times"},
    {"render", game_cli_render, "draw positions and games as PNG pictures"},
    {"match", game_cli_match, "a match between two players: W-D-L, Elo, LOS, SPRT"},
};

// The commands that belong to one game (tools/abalone_*.c, tools/go_*.c).
static const GameOwnCommand own_commands[] = {
    {"abalone", {"moves", abalone_cli_moves, "list the legal moves"}},
    {"abalone", {"replay", abalone_cli_replay, "check every move of a game record"}},
    {"abalone",
     {"play", abalone_cli_play, "a game between engines and/or humans at a fixed time per move"}},
    {"abalone", {"aep", abalone_cli_aep, "the engine protocol on stdin/stdout"}},
    {"abalone", {"review", abalone_review_main, "the engine's review of played games"}},
    {"go", {"moves", go_cli_moves, "list the legal moves"}},
    {"go", {"playouts", go_cli_playouts, "light or heavy playouts per second (benchmark)"}},
    {"go", {"gtp", go_cli_gtp, "speak the Go Text Protocol on standard input and output"}},
    {"go",
     {"sgf-check", go_cli_sgf_check, "replay an SGF game record and print the final position"}},
    {"go", {"tactics", go_cli_tactics, "the player's answers to a suite of Go problems"}},
    {"go", {"patterns", go_cli_patterns, "learn 3x3 pattern weights from games, or test them"}},
};

// gen-data exists for the games with a net.
static bool has_command(const GameDesc *game, const GameCommand *c)
{
    return c->run != cmd_gendata || game->net_features;
}

int game_cli_main(int argc, char **argv)
{
    const GameDesc *game = NULL;
    for (int i = 0; cli_games[i]; i++)
        if (strcmp(argv[0], cli_games[i]->name) == 0) game = cli_games[i];
    g_assert(game); // main's table names only registered games
    game->init();
    int n = 0;
    CliEntry all[G_N_ELEMENTS(own_commands) + G_N_ELEMENTS(generic)];
    for (size_t i = 0; i < G_N_ELEMENTS(own_commands); i++)
        if (strcmp(own_commands[i].game, game->name) == 0) all[n++] = own_commands[i].entry;
    for (size_t i = 0; i < G_N_ELEMENTS(generic); i++)
        if (has_command(game, &generic[i]))
            all[n++] = (CliEntry){generic[i].name, NULL, generic[i].summary};
    const char *word = argc >= 2 ? argv[1] : "";
    for (size_t i = 0; i < G_N_ELEMENTS(generic); i++)
        if (strcmp(word, generic[i].name) == 0 && has_command(game, &generic[i]))
            return generic[i].run(game, argc - 1, argv + 1);
    char *path = g_strdup_printf("sumito %s", game->name);
    int rc = cli_dispatch(path, all, n, argc, argv);
    g_free(path);
    return rc;
}
