// SPDX-License-Identifier: MIT
// RankCut statistics from self-play, for any game (tools/collect.h).
#include "tools/collect.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tools/cli.h"

static volatile sig_atomic_t interrupted;
static Search *running; // the search Ctrl-C must stop

static void on_sigint(int sig)
{
    interrupted = 1;
    if (running) search_request_stop(running);
}

typedef struct {
    int games, current, first;
    double movetime, started;
    uint64_t seed;
    bool tty;
    const char *label;
} Progress;

static bool progress_hook(void *user, int plies)
{
    Progress *p = user;
    if (p->tty) {
        double elapsed = cli_now() - p->started;
        int done = p->current - p->first;
        double eta = done > 0 ? elapsed / done * (p->games - p->current) : 0;
        fprintf(stderr, "\r%sgame %d/%d, ply %d, %.0f s elapsed, ETA %s%.0f min   ", p->label,
                p->current + 1, p->games, plies, elapsed, done ? "" : "~", done ? eta / 60 : 0.0);
    }
    return !interrupted;
}

// Plays games counts->games .. p->games-1 into counts, saving after each finished game.
static bool collect_round(CollectGame *g, RankcutCounts *counts, const char *out, Progress *p,
                          bool pruning)
{
    RankcutCounts game;
    rankcut_counts_init(&game, g->name, g->evaluator, g->edges);
    g->search->collect = &game;
    g->params->rankcut = pruning;
    running = g->search;
    p->started = cli_now();
    p->first = (int)counts->games;
    bool ok = true;
    for (p->current = p->first; p->current < p->games && !interrupted; p->current++) {
        rankcut_counts_clear(&game);
        bool finished = g->play(g->engine, p->seed, p->current, p->movetime, progress_hook, p);
        if (!finished || interrupted) break; // an unfinished game adds nothing
        GError *err = NULL;
        game.games = 1;
        rankcut_counts_add(counts, &game, NULL);
        if (!rankcut_counts_save(counts, out, &err)) {
            cli_error("%s", err->message);
            g_error_free(err);
            ok = false;
            break;
        }
    }
    if (p->tty) fprintf(stderr, "\n");
    running = NULL;
    g->search->collect = NULL;
    rankcut_counts_free(&game);
    return ok;
}

// Opens OUT to resume it, or starts empty counts; refuses a file of another kind.
static bool open_counts(const CollectGame *g, RankcutCounts *c, const char *path, int games)
{
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        rankcut_counts_init(c, g->name, g->evaluator, g->edges);
        return true;
    }
    GError *err = NULL;
    RankcutCounts want;
    rankcut_counts_init(&want, g->name, g->evaluator, g->edges);
    bool ok =
        rankcut_counts_load(c, path, &err) && rankcut_counts_check_source(&want, c, path, &err);
    rankcut_counts_free(&want);
    if (!ok) {
        cli_error("%s (cannot resume it)", err->message);
        g_error_free(err);
        return false;
    }
    if ((int)c->games >= games)
        fprintf(stderr, "%s already holds %d games\n", path, (int)c->games);
    else if (c->games)
        fprintf(stderr, "resuming %s after %d games\n", path, (int)c->games);
    return true;
}

// How far the probabilities moved between two tables, over cells both know well: the
// sample-weighted mean and the largest absolute change.
static void compare_rounds(const RankcutCounts *a, const RankcutCounts *b, uint64_t min_samples,
                           double *mean, double *max, uint64_t *cells)
{
    double wsum = 0, dsum = 0;
    *max = 0;
    *cells = 0;
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        if (a->n[i] < min_samples || b->n[i] < min_samples) continue;
        double d =
            fabs((double)a->better[i] / (double)a->n[i] - (double)b->better[i] / (double)b->n[i]);
        double w = (double)b->n[i];
        dsum += d * w, wsum += w;
        if (d > *max) *max = d;
        (*cells)++;
    }
    *mean = wsum > 0 ? dsum / wsum : 0;
}

static int run_rounds(CollectGame *g, const char *out, Progress *p, int rounds)
{
    for (int round = 1; round <= rounds && !interrupted; round++) {
        char *path = g_strdup_printf("%s.round%d", out, round);
        char label[32];
        snprintf(label, sizeof label, "round %d: ", round);
        p->label = label;
        RankcutCounts c = {0};
        bool ok = open_counts(g, &c, path, p->games) && collect_round(g, &c, path, p, true);
        if (ok && !interrupted) {
            double mean, max;
            uint64_t cells;
            compare_rounds(g->table(g->engine), &c, (uint64_t)g->params->rankcut_min_samples, &mean,
                           &max, &cells);
            printf("round %d: %d games with RankCut on; over %" G_GUINT64_FORMAT
                   " cells known in both, probabilities moved by %.4f on average (weighted by "
                   "samples), at most %.4f\n",
                   round, (int)c.games, cells, mean, max);
            fflush(stdout);
            GError *err = NULL;
            ok = rankcut_counts_save(&c, out, &err) && g->load(g->engine, path, &err);
            if (!ok) cli_error("%s", err->message), g_clear_error(&err);
        }
        if (c.n) rankcut_counts_free(&c);
        g_free(path);
        if (!ok) return EXIT_BAD_INPUT;
    }
    return interrupted ? 130 : 0;
}

static int collect_plain(CollectGame *g, const char *out, Progress *p)
{
    RankcutCounts c = {0};
    int rc = open_counts(g, &c, out, p->games) && collect_round(g, &c, out, p, false)
                 ? 0
                 : EXIT_BAD_INPUT;
    if (c.n) {
        uint64_t cells, samples, kc, ks;
        int min = g->params->rankcut_min_samples;
        rankcut_counts_summary(&c, (uint64_t)min, &cells, &samples, &kc, &ks);
        printf("%s: %d games, %" G_GUINT64_FORMAT " cells seen, %" G_GUINT64_FORMAT
               " samples; %" G_GUINT64_FORMAT " cells with at least %d samples\n",
               out, (int)c.games, cells, samples, kc, min);
        rankcut_counts_free(&c);
    }
    return rc == 0 && interrupted ? 130 : rc;
}

int collect_cli(int argc, char **argv, const char *summary, const GOptionEntry *extra,
                CollectSetupFn setup, void *data)
{
    static int games = 100, rounds = 3;
    static double movetime = 0.25;
    static gint64 seed = 1;
    static char *out, *config, *rankcut_file, **sets;
    static gboolean with_pruning;
    const GOptionEntry entries[] = {
        {"games", 'g', 0, G_OPTION_ARG_INT, &games, "self-play games (default 100)", "N"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime, "seconds per move (default 0.25)",
         "S"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "seed of the random openings (default 1)", "K"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the statistics file (resumed if present)",
         "FILE"},
        {"with-pruning", 0, 0, G_OPTION_ARG_NONE, &with_pruning,
         "re-collect with RankCut on, starting from the current statistics, for --rounds rounds",
         NULL},
        {"rounds", 0, 0, G_OPTION_ARG_INT, &rounds, "rounds of --with-pruning (default 3)", "R"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file,
         "statistics to start --with-pruning from (default: the built-in ones)", "FILE"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter", "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "parameters from a file", "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- RankCut statistics from self-play");
    g_option_context_set_summary(ctx, summary);
    g_option_context_add_main_entries(ctx, entries, NULL);
    if (extra) g_option_context_add_main_entries(ctx, extra, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!out) return cli_error("--out FILE is required");
    if (games < 1 || games > 10000000) return cli_error("--games must be at least 1");
    if (!(movetime > 0 && movetime <= 3600)) return cli_error("--time-per-move must be positive");
    if (rounds < 1 || rounds > 100) return cli_error("--rounds must be 1 to 100");
    CollectGame g;
    memset(&g, 0, sizeof g);
    if (!setup(&g, sets, config, rankcut_file, data)) return EXIT_BAD_INPUT;
    if (with_pruning && !g.table(g.engine)) {
        g.free(g.engine);
        return cli_error("--with-pruning needs statistics to start from (--rankcut-file)");
    }
    Progress p = {games, 0, 0, movetime, 0, (uint64_t)seed, isatty(2), ""};
    signal(SIGINT, on_sigint);
    int rc = with_pruning ? run_rounds(&g, out, &p, rounds) : collect_plain(&g, out, &p);
    if (interrupted)
        fprintf(stderr, "interrupted: finished games are saved; run the same "
                        "command to resume\n");
    g.free(g.engine);
    return rc;
}
