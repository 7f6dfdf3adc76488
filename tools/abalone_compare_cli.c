// SPDX-License-Identifier: MIT
// `sumito abalone compare`: search configurations side by side on a position suite, at a fixed
// time per move and at fixed depths, against a reference (plain alpha-beta, deeper): depth
// reached, nodes, speed, time to depth, agreement with the reference's best move (95% Wilson
// interval), McNemar's test of the paired difference, and the value lost. Also
// `sumito abalone compare-reference`, which computes the reference file.
#include <math.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "abalone/eval.h"
#include "abalone/notation.h"
#include "abalone/reference.h"
#include "abalone/suite.h"
#include "core/stats.h"
#include "tools/abalone_cli.h"
#include "tools/abalone_compare.h"
#include "tools/cli.h"

// ---------------------------------------------------------------------------------------
// compare-reference

static volatile sig_atomic_t interrupted;
static void on_sigint(int sig)
{
    interrupted = 1;
}

int abalone_cli_compare_reference(int argc, char **argv)
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
    if (!out) return cli_error("--out FILE is required");
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    AbaloneSuite suite;
    GError *err = NULL;
    if (suite_file && !abalone_suite_load(&suite, suite_file, &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        abalone_suite_free(&suite);
        return rc;
    }
    if (!suite_file) abalone_suite_builtin(&suite);
    AbaloneReference done;
    if (g_file_test(out, G_FILE_TEST_EXISTS)) {
        if (!abalone_reference_load(&done, out, &err)) {
            int rc = cli_error("%s (cannot resume it)", err->message);
            g_error_free(err);
            return rc;
        }
    } else {
        abalone_reference_init(&done);
    }
    AbaloneEngine e;
    char *sets[] = {"rankcut=false", NULL};
    if (!abalone_cli_engine_setup(&e, sets, NULL, NULL)) return EXIT_BAD_INPUT;
    signal(SIGINT, on_sigint);
    bool tty = isatty(2);
    double t0 = cli_now();
    int computed = 0, n = (int)suite.positions->len;
    for (int i = 0; i < n && !interrupted && ok; i++) {
        const AbaloneBoard *b = &g_array_index(suite.positions, AbaloneBoard, i);
        const AbaloneRefEntry *have = abalone_reference_find(&done, b);
        if (have && have->depth == depth) continue;
        if (tty) {
            double per = computed ? (cli_now() - t0) / computed : 0;
            fprintf(stderr, "\rposition %d/%d, ETA %.0f min   ", i + 1, n, per * (n - i) / 60);
        }
        AbaloneRefEntry entry;
        abalone_engine_new_game(&e);
        abalone_reference_compute(&e, b, depth, &entry);
        if (interrupted) break;
        abalone_reference_add(&done, &entry);
        computed++;
        GString *text = g_string_new(NULL);
        g_string_append_printf(text,
                               "# Compare reference: sumito abalone compare-reference --depth %d\n"
                               "# evaluator %s\n",
                               depth, ABALONE_EVAL_ID);
        for (guint k = 0; k < done.entries->len; k++) {
            char *line = abalone_reference_format(&g_array_index(done.entries, AbaloneRefEntry, k));
            g_string_append_printf(text, "%s\n", line);
            g_free(line);
        }
        ok = g_file_set_contents(out, text->str, (gssize)text->len, &err);
        g_string_free(text, TRUE);
    }
    if (tty) fprintf(stderr, "\n");
    int rc = 0;
    if (!ok) {
        rc = cli_error("%s", err->message);
        g_error_free(err);
    } else {
        printf("%s: %u positions at depth %d (%d computed now)%s\n", out, done.entries->len, depth,
               computed, interrupted ? "; interrupted, the same command resumes" : "");
    }
    abalone_engine_free(&e);
    abalone_reference_free(&done);
    abalone_suite_free(&suite);
    return interrupted ? 130 : rc;
}

// ---------------------------------------------------------------------------------------
// compare

// Parses "NAME:key=value,key=value" (or "NAME" alone) into a configuration.
static bool parse_config(const char *text, CompareConfig *c, const char *rankcut_file)
{
    const char *colon = strchr(text, ':');
    c->name = colon ? g_strndup(text, (gsize)(colon - text)) : g_strdup(text);
    c->sets = colon && colon[1] ? g_strsplit(colon + 1, ",", -1) : g_new0(char *, 1);
    if (!*c->name) return cli_error("configuration '%s' has no name", text), false;
    return abalone_cli_engine_setup(&c->engine, c->sets, NULL, rankcut_file);
}

static void free_config(CompareConfig *c)
{
    abalone_engine_free(&c->engine);
    g_free(c->name);
    g_strfreev(c->sets);
    g_free(c->runs);
}

static void run_one(CompareConfig *c, const AbaloneBoard *b, double movetime, uint64_t nodes,
                    int depth, const AbaloneRefEntry *ref, CompareRun *r)
{
    AbaloneGame g;
    abalone_game_init(&g, b, &c->engine.rules);
    abalone_engine_new_game(&c->engine);
    SearchLimits limits = {0};
    limits.movetime = movetime;
    limits.nodes = nodes;
    limits.depth = depth;
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    r->move = abalone_engine_search(&c->engine, &g, &limits, NULL, NULL, &info);
    r->depth = info.depth;
    r->nodes = c->engine.search.nodes;
    r->seconds = search_elapsed(&c->engine.search);
    Score s;
    r->known = ref && abalone_reference_score(ref, r->move, &s);
    r->agree = r->known && s == ref->best;
    r->value_lost = r->known ? ref->best - s : 0;
    abalone_game_free(&g);
}

int abalone_cli_compare(int argc, char **argv)
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
                                      "fixed time per move and at fixed depths, and compares "
                                      "them with the reference (plain alpha-beta, deeper).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (!no_time && !(movetime > 0 && movetime < 3600))
        return cli_error("--time-per-move must be positive");
    CompareJob job = {0};
    job.movetime = no_time ? 0 : movetime;
    if (nodes < 0) return cli_error("--nodes must be positive");
    job.nodes = (uint64_t)nodes;
    for (int i = 0; depths && depths[i]; i++) {
        int d = atoi(depths[i]);
        if (d < 1 || d > 30 || job.ndepths >= COMPARE_MAX_DEPTHS)
            return cli_error("--depth '%s': 1 to 30, at most %d of them", depths[i],
                             COMPARE_MAX_DEPTHS);
        job.depths[job.ndepths++] = d;
    }
    if (no_time && !job.ndepths && !job.nodes)
        return cli_error("--no-time needs --nodes or at least one --depth");
    if (chart && !cli_check_output("--chart", chart)) return EXIT_BAD_INPUT;
    GError *err = NULL;
    int rc = 0;
    abalone_reference_init(&job.reference);
    if (suite_file ? !abalone_suite_load(&job.suite, suite_file, &err)
                   : (abalone_suite_builtin(&job.suite), false)) {
        rc = cli_error("%s", err->message);
        goto done;
    }
    if (reference_file) {
        abalone_reference_free(&job.reference);
        if (!abalone_reference_load(&job.reference, reference_file, &err)) {
            rc = cli_error("%s", err->message);
            goto done;
        }
    } else {
        abalone_reference_free(&job.reference);
        abalone_reference_builtin(&job.reference);
    }
    static char *defaults[] = {"alphabeta:rankcut=false", "rankcut:rankcut=true", NULL};
    char **specs = configs ? configs : defaults;
    for (int i = 0; specs[i]; i++) {
        if (job.nconfigs >= COMPARE_MAX_CONFIGS) {
            rc = cli_error("at most %d configurations", COMPARE_MAX_CONFIGS);
            goto done;
        }
        if (!parse_config(specs[i], &job.configs[job.nconfigs], rankcut_file)) {
            g_free(job.configs[job.nconfigs].name);
            g_strfreev(job.configs[job.nconfigs].sets);
            rc = EXIT_BAD_INPUT;
            goto done;
        }
        job.nconfigs++;
    }
    compare_run(&job, run_one, isatty(2), verbose);
    rc = compare_report(&job, csv);
    if (rc == 0 && chart && !compare_chart_write(&job, chart, &err))
        rc = cli_error("%s", err->message);
done:
    g_clear_error(&err);
    for (int i = 0; i < job.nconfigs; i++) free_config(&job.configs[i]);
    abalone_suite_free(&job.suite);
    abalone_reference_free(&job.reference);
    return rc;
}
