// SPDX-License-Identifier: MIT
// Shared helpers of the sumito subcommands: option parsing, errors and exit statuses.
#ifndef TOOLS_CLI_H
#define TOOLS_CLI_H

#include <glib.h>

#include "core/game.h"
#include "core/lab/lab.h"
#include "core/lab/options.h"
#include "core/search.h"
#include "core/types.h"

typedef int (*CliCommand)(int argc, char **argv);

typedef struct {
    const char *name;
    CliCommand run;
    const char *summary;
} CliEntry;

// Prints "sumito: <message>" on stderr and returns EXIT_BAD_INPUT: lab_error, under the name
// the commands use.
#define cli_error lab_error

// The NAME=VALUE assignments of a command with "net=FILE" added when net is not NULL (its
// --net option), as a new string vector (g_strfreev).
char **cli_sets_with_net(char *const *sets, const char *net);

// Parses options with a context made for "sumito <path>"; on failure prints the error and
// returns false. Leftover arguments stay in argc/argv.
// True when v is a number of seconds above 0 (or 0 when `zero`) and at most max; else says
// so, naming the option and the value (nan and inf included), and returns false.
bool cli_check_seconds(const char *option, double v, bool zero, double max);

bool cli_parse(LabOptions *o, int *argc, char ***argv);

// The same with a context made here from a usage line, a summary (may be NULL) and entries.
bool cli_options(const char *usage, const char *summary, const GOptionEntry *entries, int *argc,
                 char ***argv);

// Runs the entry named argv[1] of a table; prints the table for --help or no argument.
int cli_dispatch(const char *path, const CliEntry *entries, int n, int argc, char **argv);

// A subcommand every game has (tools/game_cli.c), run with the game's descriptor.
typedef struct {
    const char *name;
    int (*run)(const GameDesc *game, int argc, char **argv);
    const char *summary;
} GameCommand;

// A command that belongs to one game: the game's name, then the command.
typedef struct {
    const char *game;
    CliEntry entry;
} GameOwnCommand;

// `sumito GAME render` (tools/render_cli.c).
int game_cli_render(const GameDesc *game, int argc, char **argv);

// Parses the options of a command of one game that takes a position (the game's position
// options, rules included, and extra), and returns that position; NULL after printing why.
GameState *game_cli_position(const GameDesc *game, const char *usage, const char *summary,
                             const GOptionEntry *extra, int *argc, char ***argv);

// The registered games, NULL-ended.
extern const GameDesc *const cli_games[];

// `sumito GAME ...` for every game of cli_games (argv[0] names it): the game's own commands
// (cli_own_commands), then those every game has.
int game_cli_main(int argc, char **argv);
int demo_cli_main(int argc, char **argv);
int params_cli_main(int argc, char **argv);
int bench_cli_main(int argc, char **argv);
int rankcut_cli_main(int argc, char **argv);
// `sumito probcut fit GAME ...` (the same as `sumito GAME probcut-fit ...`), show, merge.
int probcut_cli_main(int argc, char **argv);
// `sumito net ...` (tools/net_cli.c): net files and the net's speed.
int net_cli_main(int argc, char **argv);

// `sumito GAME match` and `sumito match ...` (tools/match_cli.c).
int game_cli_match(const GameDesc *game, int argc, char **argv);
int match_cli_main(int argc, char **argv);

// `sumito net train` and `sumito net data-info` (tools/net_train_cli.c).
int net_train_cli_main(int argc, char **argv);
int net_data_cli_main(int argc, char **argv);

// `sumito serve` (tools/serve_cli.c): Abalone in a browser against the engine.
int serve_cli_main(int argc, char **argv);

// The options naming an engine: --set, --config, --rankcut-file, --net (CLI_ENGINE_ENTRIES).
typedef struct {
    char **sets, *config, *rankcut_file, *net;
} CliEngineArgs;

// clang-format off
#define CLI_ENGINE_ENTRIES(a)                                                                      \
    {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &(a).sets,                                          \
     "a parameter (see sumito params; 'plain' is plain alpha-beta)", "NAME=VALUE"},                \
    {"config", 'c', 0, G_OPTION_ARG_FILENAME, &(a).config, "parameters from a file ([sumito])",    \
     "FILE"},                                                                                      \
    {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &(a).rankcut_file,                               \
     "RankCut statistics to use instead of the built-in ones", "FILE"},                            \
    {"net", 0, 0, G_OPTION_ARG_FILENAME, &(a).net,                                                 \
     "evaluate with this neural net (the same as --set net=FILE)", "FILE"}
// clang-format on

// The engine's assignments: --set's and --net's (owned by a, which keeps them).
char **cli_engine_sets(CliEngineArgs *a);

// The game's engine the options name; NULL after printing why not.
GameEngine *cli_engine_new(const GameDesc *game, CliEngineArgs *a);

// --out FILE given, writable and none of the files the entries of inputs name
// (lab_check_output); else prints why and returns false.
bool cli_check_out(const char *out, const GOptionEntry *inputs);

// The commit the program was built from (git describe), "unknown" outside a checkout.
const char *cli_commit(void);

#endif
