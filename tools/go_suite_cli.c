// SPDX-License-Identifier: MIT
// `sumito go make-suite`: a Go position suite drawn from self-play games (openings seeded apart
// from the RankCut collection's), one position a line as the board size and the moves.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "go/selfplay.h"
#include "go/suite.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

// The position text after every move of a game, for sampling.
static bool trace_hook(const GoGame *g, Move m, const GoChoice *choice, void *user)
{
    g_ptr_array_add(user, go_game_over(g) ? NULL : go_position_format(g));
    return true;
}

// Draws up to per_game positions of a game from move 10 on (still undecided, none twice).
static void draw_positions(GPtrArray *trace, GRand *draw, int per_game, int wanted, int game,
                           GString *body)
{
    for (int k = 0; k < per_game && trace->len > 12 && cli_count_lines(body) < wanted; k++) {
        int i = g_rand_int_range(draw, 10, (int)trace->len - 1);
        char *text = g_ptr_array_index(trace, i);
        if (!text) continue;
        g_string_append_printf(body, "%s  # game %d move %d\n", text, game, i + 1);
        g_free(text);
        g_ptr_array_index(trace, i) = NULL;
    }
}

int go_cli_make_suite(int argc, char **argv)
{
    static int positions = 100, per_game = 4, size = 9;
    static double movetime = 0.1;
    static gint64 seed = 1000001;
    static char *out;
    const GOptionEntry entries[] = {
        {"positions", 'n', 0, G_OPTION_ARG_INT, &positions, "positions wanted (default 100)", "N"},
        {"per-game", 0, 0, G_OPTION_ARG_INT, &per_game, "positions drawn per game (default 4)",
         "K"},
        {"size", 0, 0, G_OPTION_ARG_INT, &size, "board size (default 9)", "N"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "self-play seconds per move (default 0.1)", "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of openings and draws (default 1000001)",
         "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the suite file (resumed if present)", "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- draw a position suite from self-play");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!out) return cli_error("--out FILE is required");
    if (positions < 1 || per_game < 1 || !(movetime > 0 && movetime <= 3600))
        return cli_error("--positions, --per-game and --time-per-move must be positive");
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE) return cli_error("--size must be 2 to 19");
    GoEngine e;
    if (!go_cli_engine_setup(&e, NULL, NULL, NULL)) return EXIT_BAD_INPUT;
    char *header =
        g_strdup_printf("# Go position suite: sumito go make-suite --positions %d "
                        "--per-game %d --size %d --time-per-move %g --seed %" G_GINT64_FORMAT,
                        positions, per_game, size, movetime, seed);
    GString *body = g_string_new(NULL);
    int games = cli_suite_read(out, body);
    bool tty = isatty(2);
    GRand *rng = g_rand_new_with_seed((guint32)seed);
    for (int i = 0; i < games; i++) g_rand_int(rng); // the draws continue where they stopped
    while (ok && cli_count_lines(body) < positions) {
        GoGame g;
        go_opening((uint64_t)seed, games, size, &e.rules, &g);
        GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
        go_engine_new_game(&e);
        if (tty)
            fprintf(stderr, "\rgame %d: %d of %d positions   ", games + 1, cli_count_lines(body),
                    positions);
        go_selfplay(&e, &e, &g, movetime, trace_hook, trace, NULL);
        GRand *draw = g_rand_new_with_seed(g_rand_int(rng));
        draw_positions(trace, draw, per_game, positions, games, body);
        g_rand_free(draw);
        g_ptr_array_free(trace, TRUE);
        go_game_free(&g);
        games++;
        ok = cli_suite_save(out, header, games, body);
    }
    if (tty) fprintf(stderr, "\n");
    if (ok) printf("%s: %d positions from %d games\n", out, cli_count_lines(body), games);
    g_free(header);
    g_rand_free(rng);
    g_string_free(body, TRUE);
    go_engine_free(&e);
    return ok ? 0 : EXIT_BAD_INPUT;
}

int go_cli_coverage(const char *rankcut_file, const char *suite_file, int min_samples,
                    double movetime)
{
    char *set = g_strdup_printf("rankcut_min_samples=%d", min_samples);
    char *sets[] = {set, NULL};
    GoEngine e;
    bool ok = go_cli_engine_setup(&e, sets, NULL, rankcut_file);
    g_free(set);
    if (!ok) return EXIT_BAD_INPUT;
    GoSuite suite;
    GError *err = NULL;
    if (!suite_file) {
        go_suite_builtin(&suite, &e.rules);
    } else if (!go_suite_load(&suite, suite_file, &e.rules, &err)) {
        cli_error("%s", err->message);
        g_error_free(err);
        go_suite_free(&suite); // a failed load leaves an empty suite to free
        go_engine_free(&e);
        return EXIT_BAD_INPUT;
    }
    CliCoverage cov = {0};
    bool sized = false;
    for (guint i = 0; i < suite.games->len; i++) {
        const GoGame *g = g_ptr_array_index(suite.games, i);
        sized |= go_engine_has_rankcut(&e, g->board.size);
        SearchLimits limits = {0};
        limits.movetime = movetime;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        go_engine_new_game(&e);
        go_engine_search(&e, g, g->board.side, &limits, NULL, NULL, &info);
        cli_coverage_add(&cov, &e.search.stats);
    }
    cli_coverage_print(&cov, suite_file ? suite_file : "the built-in Go compare suite",
                       suite.games->len, movetime, min_samples,
                       sized ? "" : " (no position has the statistics' board size: RankCut off)");
    go_suite_free(&suite);
    go_engine_free(&e);
    return 0;
}
