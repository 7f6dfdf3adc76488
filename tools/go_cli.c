// SPDX-License-Identifier: MIT
// `sumito go ...`: the Go rules engine's commands.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "go/game.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/desc.h"
#include "go/suite.h"
#include "go/patterns_learn.h"
#include "go/playout_bench.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

bool go_cli_rules(char **sets, GoRules *rules)
{
    go_rules_default(rules);
    for (char **s = sets; s && *s; s++) {
        GError *err = NULL;
        if (!go_rules_set_assignment(rules, *s, &err)) {
            lab_report(err);
            return false;
        }
    }
    return true;
}

bool go_cli_engine_setup(GoEngine *e, char **sets, const char *config, const char *rankcut_file)
{
    GError *err = NULL;
    if (go_engine_setup(e, config, sets, rankcut_file, &err)) return true;
    lab_report(err);
    return false;
}

int go_cli_moves(int argc, char **argv)
{
    GameState *s = game_cli_position(&go_game_desc, "- list the legal moves",
                                     "Lists the legal moves of the side to move (pass included) "
                                     "as GTP vertices.",
                                     NULL, &argc, &argv);
    if (!s) return EXIT_BAD_INPUT;
    const GoBoard *b = &go_state_game(s)->board;
    Move moves[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves);
    printf("%d legal moves\n", n);
    for (int i = 0; i < n; i++) {
        char v[GO_VERTEX_TEXT];
        printf("%s%s", go_vertex_format(b, moves[i], v), i + 1 < n ? " " : "\n");
    }
    go_game_desc.state_free(s);
    return 0;
}

int go_cli_playouts(int argc, char **argv)
{
    static double seconds = 2;
    static int repeat = 5, seed = 1, count = 0;
    static char *policy = NULL;
    const GOptionEntry extra[] = {
        {"policy", 0, 0, G_OPTION_ARG_STRING, &policy,
         "light (uniformly random, the default) or heavy (the playout policy)", "light|heavy"},
        {"seconds", 't', 0, G_OPTION_ARG_DOUBLE, &seconds, "length of each run (default 2)", "S"},
        {"repeat", 'r', 0, G_OPTION_ARG_INT, &repeat, "runs, the median is reported (default 5)",
         "K"},
        {"seed", 0, 0, G_OPTION_ARG_INT, &seed, "random seed (default 1)", "N"},
        {"playouts", 'n', 0, G_OPTION_ARG_INT, &count,
         "runs of N playouts instead of S seconds (the same moves on every machine)", "N"},
        G_OPTION_ENTRY_NULL};
    GameState *s = game_cli_position(&go_game_desc, "- playouts per second",
                                     "Runs playouts (light: uniform over legal moves that do not "
                                     "fill an own eye; heavy: the playout policy first; simple "
                                     "ko, to two passes or the move cap) on one core.",
                                     extra, &argc, &argv);
    if (!s) return EXIT_BAD_INPUT;
    const GoGame *g = go_state_game(s);
    GoPlayoutParams p;
    go_playout_params_default(&p);
    ParamGroup group = go_playout_params_group(&p);
    GError *err = NULL;
    if (policy && !params_set(&group, 1, "playout_policy", policy, &err)) {
        go_game_desc.state_free(s);
        int rc = cli_error("--policy: %s", err->message);
        g_error_free(err);
        return rc;
    }
    if (!(seconds > 0 && seconds <= 3600) || repeat < 1 || repeat > 1000 || count < 0 ||
        count > 100000000) {
        go_game_desc.state_free(s);
        return cli_error("--seconds must be in (0, 3600], --repeat 1 to 1000 and --playouts 0 "
                         "to 100000000");
    }
    go_playout_bench(g, &p, seconds, count, repeat, (uint64_t)seed);
    go_game_desc.state_free(s);
    return 0;
}

int go_cli_patterns(int argc, char **argv)
{
    static char *out = NULL, *weights = NULL;
    static int min_count = 10, rounds = 200;
    bool learn = argc >= 2 && strcmp(argv[1], "learn") == 0;
    if (!learn && (argc < 2 || strcmp(argv[1], "test") != 0))
        return cli_error("usage: sumito go patterns learn SGF... -o FILE | test SGF...");
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "learn: the weights file to write", "FILE"},
        {"min-count", 'k', 0, G_OPTION_ARG_INT, &min_count,
         "learn: patterns seen fewer times share one weight (default 10)", "K"},
        {"rounds", 0, 0, G_OPTION_ARG_INT, &rounds, "learn: MM rounds at most (default 200)", "N"},
        {"weights", 'w', 0, G_OPTION_ARG_FILENAME, &weights,
         "test: the weights (default: the built-in ones)", "FILE"},
        G_OPTION_ENTRY_NULL};
    argc--, argv++;
    if (!cli_options("SGF... - 3x3 pattern weights: learn them, or test their move prediction",
                     "SGF files, or folders of them. learn fits the weights by "
                     "minorization-maximization (docs/go.md); test prints the top-1 and top-5 "
                     "rates of the weights and of the baselines.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc < 2) return cli_error("go patterns %s: no SGF file or folder", argv[0]);
    if (learn && !out) return cli_error("go patterns learn: --out FILE is needed");
    if (min_count < 1 || min_count > 1000000 || rounds < 1 || rounds > 100000)
        return cli_error("--min-count must be 1 to 1000000 and --rounds 1 to 100000");
    return learn ? go_patterns_learn(argc - 1, argv + 1, min_count, rounds, out)
                 : go_patterns_test(weights, argc - 1, argv + 1);
}
