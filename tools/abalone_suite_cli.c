// SPDX-License-Identifier: MIT
// Position suites for Abalone: `sumito abalone make-suite` draws positions from self-play
// games (openings seeded apart from the RankCut collection's), and the coverage check of
// `sumito rankcut show --coverage`.
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "abalone/notation.h"
#include "abalone/selfplay.h"
#include "abalone/suite.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

typedef struct {
    GArray *boards; // every position of the game, for sampling
} GameTrace;

static bool trace_hook(const AbaloneGame *g, Move m, const SearchInfo *info, void *user)
{
    GameTrace *t = user;
    g_array_append_val(t->boards, g->board);
    return true;
}

int abalone_cli_make_suite(int argc, char **argv)
{
    static int positions = 200, per_game = 8;
    static double movetime = 0.1;
    static gint64 seed = 1000001;
    static char *out;
    const GOptionEntry entries[] = {
        {"positions", 'n', 0, G_OPTION_ARG_INT, &positions, "positions wanted (default 200)", "N"},
        {"per-game", 0, 0, G_OPTION_ARG_INT, &per_game, "positions drawn per game (default 8)",
         "K"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime, "self-play seconds per move",
         "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of openings and draws (default 1000001)",
         "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the suite file (resumed if present)", "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- draw a position suite from self-play");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (!out) return cli_error("--out FILE is required");
    if (positions < 1 || per_game < 1 || !(movetime > 0)) return cli_error("bad numbers");
    AbaloneEngine e;
    if (!abalone_cli_engine_setup(&e, NULL, NULL, NULL)) return EXIT_BAD_INPUT;
    char *header = g_strdup_printf("# Abalone position suite: sumito abalone make-suite "
                                   "--positions %d --per-game %d --time-per-move %g "
                                   "--seed %" G_GINT64_FORMAT,
                                   positions, per_game, movetime, seed);
    GString *body = g_string_new(NULL);
    int games = cli_suite_read(out, body);
    bool tty = isatty(2);
    GRand *rng = g_rand_new_with_seed((guint32)seed);
    for (int i = 0; i < games; i++) g_rand_int(rng); // the draws continue where they stopped
    while (ok && cli_count_lines(body) < positions) {
        AbaloneGame g;
        const char *layout = abalone_opening((uint64_t)seed, games, &e.rules, &g);
        GameTrace t = {g_array_new(FALSE, FALSE, sizeof(AbaloneBoard))};
        abalone_engine_new_game(&e);
        if (tty)
            fprintf(stderr, "\rgame %d: %d of %d positions   ", games + 1, cli_count_lines(body),
                    positions);
        abalone_selfplay(&e, &e, &g, movetime, trace_hook, &t);
        GRand *draw = g_rand_new_with_seed(g_rand_int(rng));
        for (int k = 0; k < per_game && t.boards->len > 12; k++) {
            // Positions from ply 10 on, still undecided, no position twice.
            int i = g_rand_int_range(draw, 10, (int)t.boards->len - 1);
            AbaloneBoard *b = &g_array_index(t.boards, AbaloneBoard, i);
            if (abalone_board_decided(b) || b->ply < 0) continue;
            char pos[ABALONE_POSITION_TEXT];
            g_string_append_printf(body, "%s  # %s game %d ply %d\n",
                                   abalone_position_format(b, pos), layout, games, b->ply);
            b->ply = -1;
            if (cli_count_lines(body) >= positions) break;
        }
        g_rand_free(draw);
        g_array_free(t.boards, TRUE);
        abalone_game_free(&g);
        games++;
        ok = cli_suite_save(out, header, games, body);
    }
    if (tty) fprintf(stderr, "\n");
    if (ok) printf("%s: %d positions from %d games\n", out, cli_count_lines(body), games);
    g_free(header);
    g_rand_free(rng);
    g_string_free(body, TRUE);
    abalone_engine_free(&e);
    return ok ? 0 : EXIT_BAD_INPUT;
}

int abalone_cli_coverage(const char *rankcut_file, const char *suite_file, int min_samples,
                         double movetime)
{
    char *set = g_strdup_printf("rankcut_min_samples=%d", min_samples);
    char *sets[] = {set, NULL};
    AbaloneEngine e;
    bool ok = abalone_cli_engine_setup(&e, sets, NULL, rankcut_file);
    g_free(set);
    if (!ok) return EXIT_BAD_INPUT;
    AbaloneSuite suite;
    GError *err = NULL;
    if (!suite_file) {
        abalone_suite_builtin(&suite);
    } else if (!abalone_suite_load(&suite, suite_file, &err)) {
        cli_error("%s", err->message);
        g_error_free(err);
        abalone_suite_free(&suite); // a failed load leaves an empty suite to free
        abalone_engine_free(&e);
        return EXIT_BAD_INPUT;
    }
    CliCoverage cov = {0};
    for (guint i = 0; i < suite.positions->len; i++) {
        AbaloneGame g;
        abalone_game_init(&g, &g_array_index(suite.positions, AbaloneBoard, i), &e.rules);
        SearchLimits limits = {0};
        limits.movetime = movetime;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        abalone_engine_new_game(&e);
        abalone_engine_search(&e, &g, &limits, NULL, NULL, &info);
        cli_coverage_add(&cov, &e.search.stats);
        abalone_game_free(&g);
    }
    cli_coverage_print(&cov, suite_file ? suite_file : "the built-in compare suite",
                       suite.positions->len, movetime, min_samples, "");
    abalone_suite_free(&suite);
    abalone_engine_free(&e);
    return 0;
}
