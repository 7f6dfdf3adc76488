// SPDX-License-Identifier: MIT
// The compare and compare-reference commands, for any game (tools/compare.h): options, the
// reference's computation with resumption, and the runs of every configuration.
#include "tools/compare.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/cli.h"

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig)
{
    interrupted = 1;
}

// ---------------------------------------------------------------------------------------
// compare-reference

static bool write_reference(const CompareGame *g, const Reference *r, int depth, const char *out,
                            GError **err)
{
    GString *text = g_string_new(NULL);
    g_string_append_printf(text,
                           "# Compare reference: sumito %s compare-reference --depth %d\n"
                           "# evaluator %s\n",
                           g->name, depth, g->evaluator);
    for (guint k = 0; k < r->entries->len; k++) {
        char *line = reference_format(g_ptr_array_index(r->entries, k));
        g_string_append_printf(text, "%s\n", line);
        g_free(line);
    }
    bool ok = g_file_set_contents(out, text->str, (gssize)text->len, err);
    g_string_free(text, TRUE);
    return ok;
}

// Computes the positions out does not hold at this depth yet, saving after each one.
static bool compute_reference(const CompareGame *g, Reference *done, int depth, const char *out,
                              int *computed, GError **err)
{
    void *engine = g->engine_new(g->game, (char *[]){"rankcut=false", NULL}, NULL);
    if (!engine) return false;
    signal(SIGINT, on_sigint);
    bool tty = isatty(2), ok = true;
    double t0 = cli_now();
    int n = g->positions(g->game);
    for (int i = 0; i < n && !interrupted && ok; i++) {
        const RefEntry *have = reference_find(done, g->position(g->game, i));
        if (have && have->depth == depth) continue;
        if (tty) {
            double per = *computed ? (cli_now() - t0) / *computed : 0;
            fprintf(stderr, "\rposition %d/%d, ETA %.0f min   ", i + 1, n, per * (n - i) / 60);
        }
        RefEntry *entry = g->reference(g->game, engine, i, depth);
        if (interrupted) {
            reference_entry_free(entry);
            break;
        }
        reference_add(done, entry);
        (*computed)++;
        ok = write_reference(g, done, depth, out, err);
    }
    if (tty) fprintf(stderr, "\n");
    g->engine_free(engine);
    return ok;
}

int compare_reference_cli(int argc, char **argv, const CompareGame *g)
{
    static int depth = 7;
    static char *out, *suite_file;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "reference depth (default 7)", "D"},
        {"suite", 0, 0, G_OPTION_ARG_FILENAME, &suite_file, "position suite (default built-in)",
         "FILE"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the reference file (resumed if present)",
         "FILE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- compute the compare command's reference");
    g_option_context_set_summary(ctx, "Scores every legal move of every suite position with plain "
                                      "alpha-beta (RankCut off) at a fixed depth. Progress on a "
                                      "terminal; Ctrl-C keeps finished positions; the same "
                                      "command resumes.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!out) return cli_error("--out FILE is required");
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    GError *err = NULL;
    Reference done;
    int computed = 0, rc = 0;
    if (!g->load_suite(g->game, suite_file, &err)) {
        rc = cli_error("%s", err->message);
        g_error_free(err);
        return rc;
    }
    if (g_file_test(out, G_FILE_TEST_EXISTS)) {
        if (!reference_load(&done, out, g->check, g->game, &err)) {
            rc = cli_error("%s (cannot resume it)", err->message);
            g_error_free(err);
            reference_free(&done);
            return rc;
        }
    } else {
        reference_init(&done);
    }
    if (!compute_reference(g, &done, depth, out, &computed, &err)) {
        rc = err ? cli_error("%s", err->message) : EXIT_BAD_INPUT;
        g_clear_error(&err);
    } else {
        printf("%s: %u positions at depth %d (%d computed now)%s\n", out, done.entries->len, depth,
               computed, interrupted ? "; interrupted, the same command resumes" : "");
    }
    reference_free(&done);
    return interrupted ? 130 : rc;
}

// ---------------------------------------------------------------------------------------
// compare

// Runs every configuration on every position in every mode, interleaved per position.
static void run_all(CompareJob *job, bool tty, bool verbose)
{
    const CompareGame *g = job->game;
    int n = job->npositions, modes = compare_modes(job);
    for (int c = 0; c < job->nconfigs; c++)
        job->configs[c].runs = g_new0(CompareRun, (size_t)(n * modes));
    double t0 = cli_now();
    for (int p = 0; p < n; p++) {
        const RefEntry *ref = reference_find(&job->reference, g->position(g->game, p));
        if (tty) {
            double per = p ? (cli_now() - t0) / p : 0;
            fprintf(stderr, "\rposition %d/%d, ETA %.1f min   ", p + 1, n, per * (n - p) / 60);
        }
        for (int k = 0; k < modes; k++) {
            double t;
            uint64_t nodes;
            int d;
            compare_mode_limits(job, k, &t, &nodes, &d);
            for (int c = 0; c < job->nconfigs; c++) {
                CompareRun *r = &job->configs[c].runs[p * modes + k];
                g->search(g->game, job->configs[c].engine, p, t, nodes, d, r);
                Score s;
                r->known = ref && reference_score(ref, r->move, &s);
                r->agree = r->known && s == ref->best;
                r->value_lost = r->known ? ref->best - s : 0;
                if (!verbose) continue;
                char mode[32];
                compare_mode_name(job, k, mode, sizeof mode);
                printf("position %3d %-10s %-12s depth %2d  nodes %10" G_GUINT64_FORMAT
                       "  %7.3f s  %-7s %s lost %d\n",
                       p + 1, mode, job->configs[c].name, r->depth, r->nodes, r->seconds, r->move,
                       !r->known  ? "(no reference)"
                       : r->agree ? "agrees"
                                  : "differs",
                       r->value_lost);
            }
        }
    }
    if (tty) fprintf(stderr, "\n");
}

// Parses "NAME:key=value,key=value" (or "NAME" alone) into a configuration.
static bool parse_config(const CompareGame *g, const char *text, CompareConfig *c,
                         const char *rankcut_file)
{
    const char *colon = strchr(text, ':');
    c->name = colon ? g_strndup(text, (gsize)(colon - text)) : g_strdup(text);
    c->sets = colon && colon[1] ? g_strsplit(colon + 1, ",", -1) : g_new0(char *, 1);
    if (!*c->name) return cli_error("configuration '%s' has no name", text), false;
    c->engine = g->engine_new(g->game, c->sets, rankcut_file);
    return c->engine != NULL;
}

static void free_config(const CompareGame *g, CompareConfig *c)
{
    if (c->engine) g->engine_free(c->engine);
    g_free(c->name);
    g_strfreev(c->sets);
    g_free(c->runs);
}

static bool load_inputs(CompareJob *job, const char *suite_file, const char *reference_file)
{
    const CompareGame *g = job->game;
    GError *err = NULL;
    bool ok = g->load_suite(g->game, suite_file, &err);
    if (ok) job->npositions = g->positions(g->game);
    if (ok && reference_file) {
        ok = reference_load(&job->reference, reference_file, g->check, g->game, &err);
    } else if (ok) {
        char *text = g->builtin_reference(g->game);
        ok = reference_parse(&job->reference, text, "built-in compare reference", g->check, g->game,
                             &err);
        g_free(text);
    } else {
        reference_init(&job->reference);
    }
    if (!ok) {
        cli_error("%s", err->message);
        g_error_free(err);
    }
    return ok;
}

static bool set_configs(CompareJob *job, char **specs, const char *rankcut_file)
{
    static char *defaults[] = {"alphabeta:rankcut=false", "rankcut:rankcut=true", NULL};
    specs = specs ? specs : defaults;
    for (int i = 0; specs[i]; i++) {
        if (job->nconfigs >= COMPARE_MAX_CONFIGS)
            return cli_error("at most %d configurations", COMPARE_MAX_CONFIGS), false;
        CompareConfig *c = &job->configs[job->nconfigs++];
        if (!parse_config(job->game, specs[i], c, rankcut_file)) return false;
    }
    return true;
}

static bool set_depths(CompareJob *job, char **depths)
{
    for (int i = 0; depths && depths[i]; i++) {
        int d = atoi(depths[i]);
        if (d < 1 || d > 30 || job->ndepths >= COMPARE_MAX_DEPTHS)
            return cli_error("--depth '%s': 1 to 30, at most %d of them", depths[i],
                             COMPARE_MAX_DEPTHS),
                   false;
        job->depths[job->ndepths++] = d;
    }
    return true;
}

int compare_cli(int argc, char **argv, const CompareGame *g)
{
    static double movetime = 0.1;
    static gint64 nodes;
    static char **configs, **depths, *suite_file, *reference_file, *csv, *rankcut_file;
    g_autofree char *chart = NULL; // freed on every return
    static gboolean no_time, verbose;
    const GOptionEntry entries[] = {
        {"config", 'C', 0, G_OPTION_ARG_STRING_ARRAY, &configs,
         "a configuration NAME:param=value,... (repeat; default alphabeta:rankcut=false and "
         "rankcut:rankcut=true)",
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
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- compare search configurations");
    g_option_context_set_summary(ctx, "Searches every suite position with each configuration at a "
                                      "fixed time per move, a fixed node count and fixed depths, "
                                      "and compares them with the reference (plain alpha-beta, "
                                      "deeper).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!no_time && !(movetime > 0 && movetime < 3600))
        return cli_error("--time-per-move must be positive");
    CompareJob job = {0};
    job.game = g;
    job.movetime = no_time ? 0 : movetime;
    if (nodes < 0) return cli_error("--nodes must be positive");
    job.nodes = (uint64_t)nodes;
    if (!set_depths(&job, depths)) return EXIT_BAD_INPUT;
    if (no_time && !job.ndepths && !job.nodes)
        return cli_error("--no-time needs --nodes or at least one --depth");
    if (chart && !cli_check_output("--chart", chart)) return EXIT_BAD_INPUT;
    int rc = EXIT_BAD_INPUT;
    if (load_inputs(&job, suite_file, reference_file) && set_configs(&job, configs, rankcut_file)) {
        run_all(&job, isatty(2), verbose);
        rc = compare_report(&job, csv);
        GError *err = NULL;
        if (rc == 0 && chart && !compare_chart_write(&job, chart, &err)) {
            rc = cli_error("%s", err->message);
            g_error_free(err);
        }
    }
    for (int i = 0; i < job.nconfigs; i++) free_config(g, &job.configs[i]);
    reference_free(&job.reference);
    return rc;
}
