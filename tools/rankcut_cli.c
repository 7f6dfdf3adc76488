// SPDX-License-Identifier: MIT
// `sumito rankcut ...`: look at, compare and merge RankCut statistics files (any game).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lab/commands.h"
#include "core/lab/heatmap.h"
#include "core/rankcut.h"
#include "tools/cli.h"

static double prob(const RankcutCounts *c, size_t i)
{
    return c->n[i] ? (double)c->better[i] / (double)c->n[i] : 1.0;
}

typedef struct {
    const RankcutCounts *c;
} SortCtx;

static const RankcutCounts *sort_counts;

static int by_samples(const void *a, const void *b)
{
    uint64_t x = sort_counts->n[*(const uint32_t *)a], y = sort_counts->n[*(const uint32_t *)b];
    return (x < y) - (x > y);
}

static void print_cell(const RankcutCounts *c, uint32_t cell)
{
    RankcutFeatures f;
    rankcut_cell_decode(cell, &f);
    char *g1 = rankcut_gap_label(&c->scheme, 5, (int)f.best_minus_alpha);
    char *g2 = rankcut_gap_label(&c->scheme, 6, (int)f.last_minus_best);
    printf("%7u %5d %6s %5d %7d %11s %11s %9s %12" G_GUINT64_FORMAT " %8.5f\n", cell, f.depth,
           f.threat ? "yes" : "no", f.move_number, f.best_changes, g1, g2,
           f.remaining_phase ? "rest" : "history", c->n[cell], prob(c, cell));
    g_free(g1);
    g_free(g2);
}

// Probability by one feature, pooled over the others (cells with samples only).
static void print_marginal(const RankcutCounts *c, const char *name, int values,
                           int (*feature)(const RankcutFeatures *))
{
    uint64_t *n = g_new0(uint64_t, (size_t)values), *b = g_new0(uint64_t, (size_t)values);
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++) {
        if (!c->n[i]) continue;
        RankcutFeatures f;
        rankcut_cell_decode(i, &f);
        n[feature(&f)] += c->n[i];
        b[feature(&f)] += c->better[i];
    }
    printf("\nP(a later move beats the best: the scheme's event) by %s:\n", name);
    for (int v = 0; v < values; v++)
        if (n[v])
            printf("  %-4d %14" G_GUINT64_FORMAT " samples  %.5f\n", v, n[v],
                   (double)b[v] / (double)n[v]);
    g_free(n);
    g_free(b);
}

// The label of remaining-depth index d (0-based): "1" .. "11", then "12+".
static void depth_label(int d, char label[8])
{
    g_snprintf(label, 8, d + 1 == RANKCUT_DEPTHS ? "%d+" : "%d", d + 1);
}

// By remaining depth: the samples, P pooled, and how many samples sit in usable cells.
static void print_depths(const RankcutCounts *c, uint64_t min_samples)
{
    uint64_t n[RANKCUT_DEPTHS] = {0}, b[RANKCUT_DEPTHS] = {0}, usable[RANKCUT_DEPTHS] = {0};
    uint64_t cells[RANKCUT_DEPTHS] = {0};
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++) {
        if (!c->n[i]) continue;
        int d = (int)(i / RANKCUT_DEPTH_STRIDE);
        n[d] += c->n[i];
        b[d] += c->better[i];
        if (c->n[i] >= min_samples) usable[d] += c->n[i], cells[d]++;
    }
    printf("\nby remaining depth (usable: cells with at least %" G_GUINT64_FORMAT " samples):\n",
           min_samples);
    printf("  %-6s %14s %9s %13s %14s\n", "depth", "samples", "P", "usable cells",
           "usable samples");
    for (int d = 0; d < RANKCUT_DEPTHS; d++) {
        if (!n[d]) continue;
        char label[8];
        depth_label(d, label);
        printf("  %-6s %14" G_GUINT64_FORMAT " %9.5f %13" G_GUINT64_FORMAT " %13.2f%%\n", label,
               n[d], (double)b[d] / (double)n[d], cells[d],
               100.0 * (double)usable[d] / (double)n[d]);
    }
}
static int f_move(const RankcutFeatures *f)
{
    return f->move_number;
}
static int f_phase(const RankcutFeatures *f)
{
    return f->remaining_phase;
}
static int f_changes(const RankcutFeatures *f)
{
    return f->best_changes;
}
static int f_alpha_gap(const RankcutFeatures *f)
{
    return (int)f->best_minus_alpha;
}
static int f_last_gap(const RankcutFeatures *f)
{
    return (int)f->last_minus_best;
}

static int cmd_show(int argc, char **argv)
{
    static int min_samples = 1000, top = 40;
    static double movetime = 0.1;
    static gboolean coverage, backoff;
    static char *suite;
    const GOptionEntry entries[] = {
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "samples a cell needs to be used (default 1000)", "N"},
        {"top", 0, 0, G_OPTION_ARG_INT, &top, "cells listed, most seen first (default 40)", "K"},
        {"coverage", 0, 0, G_OPTION_ARG_NONE, &coverage,
         "search a position suite (default: the game's built-in compare suite; Go: 9x9) with "
         "these statistics and report the share of RankCut decisions whose cell had enough "
         "samples",
         NULL},
        {"backoff", 0, 0, G_OPTION_ARG_NONE, &backoff,
         "with --coverage: search with rankcut_backoff on (sparse cells take a shallower "
         "depth's)",
         NULL},
        {"suite", 0, 0, G_OPTION_ARG_FILENAME, &suite,
         "with --coverage: the position suite (a make-suite file of the statistics' game)", "FILE"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "seconds per position for --coverage (default 0.1)", "S"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("FILE - show RankCut statistics", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 2) return cli_error("rankcut show takes one statistics file");
    if (min_samples < 1 || top < 0) return cli_error("--min-samples and --top must be positive");
    if ((suite || backoff) && !coverage)
        return cli_error("--suite and --backoff go with --coverage");
    RankcutCounts c;
    GError *err = NULL;
    if (!rankcut_counts_load(&c, argv[1], &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        return rc;
    }
    uint64_t cells, samples, kc, ks;
    rankcut_counts_summary(&c, (uint64_t)min_samples, &cells, &samples, &kc, &ks);
    printf("%s: game %s, evaluator %s, %" G_GUINT64_FORMAT " games\n", argv[1], c.game, c.evaluator,
           c.games);
    printf("scheme %d (%s); score-gap edges:", c.scheme.scheme,
           c.scheme.scheme == RANKCUT_SCHEME_ALPHA ? "a later move raises alpha"
                                                   : "a later move beats the fail-soft best");
    for (int i = 0; i < (c.scheme.scheme == RANKCUT_SCHEME_ALPHA ? RANKCUT_NEDGES : 3); i++)
        printf(" %d", c.scheme.edges[i]);
    printf("\n");
    printf("%" G_GUINT64_FORMAT " of %d cells seen, %" G_GUINT64_FORMAT
           " samples; %" G_GUINT64_FORMAT
           " cells with at least %d samples hold %.2f%% of the samples\n",
           cells, RANKCUT_CELLS, samples, kc, min_samples,
           samples ? 100.0 * (double)ks / (double)samples : 0.0);
    static const double thresholds[] = {0.001, 0.0025, 0.0075, 0.02, 0.05, 0.1};
    printf("\nsamples in usable cells with P below t:\n");
    for (size_t k = 0; k < G_N_ELEMENTS(thresholds); k++) {
        uint64_t below = 0;
        for (size_t i = 0; i < RANKCUT_CELLS; i++)
            if (c.n[i] >= (uint64_t)min_samples && prob(&c, i) < thresholds[k]) below += c.n[i];
        printf("  t = %-7g %6.2f%%\n", thresholds[k],
               samples ? 100.0 * (double)below / (double)samples : 0.0);
    }
    print_depths(&c, (uint64_t)min_samples);
    print_marginal(&c, "move number (bucket start)", 64, f_move);
    print_marginal(&c, "phase (0 history, 1 rest)", 2, f_phase);
    print_marginal(&c, rankcut_changes_name(&c.scheme), 4, f_changes);
    print_marginal(&c, "best - alpha interval", RANKCUT_GAPS, f_alpha_gap);
    print_marginal(&c, "last - best interval", RANKCUT_GAPS, f_last_gap);
    uint32_t *order = g_new(uint32_t, cells ? cells : 1);
    size_t k = 0;
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++)
        if (c.n[i]) order[k++] = i;
    sort_counts = &c;
    qsort(order, k, sizeof *order, by_samples);
    printf("\n%7s %5s %6s %5s %7s %11s %11s %9s %12s %8s\n", "cell", "depth", "threat", "move",
           c.scheme.scheme == RANKCUT_SCHEME_ALPHA ? "raises" : "changes", "best-a", "last-best",
           "phase", "samples", "P");
    for (size_t i = 0; i < k && (int)i < top; i++) print_cell(&c, order[i]);
    g_free(order);
    int rc = 0;
    if (coverage) {
        const GameDesc *game = NULL;
        for (int i = 0; cli_games[i]; i++)
            if (g_str_has_prefix(c.game, cli_games[i]->name)) game = cli_games[i];
        if (game)
            rc = lab_coverage(game, argv[1], suite, min_samples, movetime, backoff);
        else
            rc = cli_error("no coverage suite for game '%s'", c.game);
    }
    rankcut_counts_free(&c);
    return rc;
}

// Loads a statistics file for a command, or says why not.
static bool load_or_report(RankcutCounts *c, const char *path)
{
    GError *err = NULL;
    if (rankcut_counts_load(c, path, &err)) return true;
    cli_error("%s", err->message);
    g_error_free(err);
    return false;
}

static int cmd_merge(int argc, char **argv)
{
    static char *out;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the merged file", "FILE"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("A B ... -o OUT - add statistics files together", NULL, entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (!out) return cli_error("-o OUT is required");
    if (argc < 2) return cli_error("rankcut merge needs at least one input file");
    RankcutCounts total, part;
    GError *err = NULL;
    bool ok = true;
    if (!load_or_report(&total, argv[1])) return EXIT_BAD_INPUT;
    for (int i = 2; ok && i < argc; i++) {
        ok = rankcut_counts_load(&part, argv[i], &err);
        if (ok) {
            char *what = g_strdup_printf("%s and %s", argv[1], argv[i]);
            ok = rankcut_counts_check_source(&total, &part, what, &err) &&
                 rankcut_counts_add(&total, &part, &err);
            g_free(what);
            rankcut_counts_free(&part);
        }
    }
    ok = ok && rankcut_counts_save(&total, out, &err);
    int rc = 0;
    if (!ok) {
        rc = cli_error("%s", err->message);
        g_error_free(err);
    } else {
        printf("%s: %d files, %" G_GUINT64_FORMAT " games\n", out, argc - 1, total.games);
    }
    rankcut_counts_free(&total);
    return rc;
}

static void print_movement_row(const char *label, const RankcutMovement *m, int d)
{
    printf("  %-6s %9" G_GUINT64_FORMAT " %9.5f %9.4f %+10.5f\n", label, m->cells[d], m->mean[d],
           m->max[d], m->shift[d]);
}

static int cmd_diff(int argc, char **argv)
{
    static int min_samples = 1000;
    const GOptionEntry entries[] = {
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "samples a cell needs in both files to be compared (default 1000)", "N"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("OLD NEW - how far the probabilities moved from one statistics file to "
                     "another",
                     "Compares the cells both files saw at least --min-samples times: the mean "
                     "absolute change of P weighted by NEW's samples (what rankcut-collect "
                     "--with-pruning compares with --settle), the largest change and the mean "
                     "signed change (NEW - OLD), in all and by remaining depth.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc != 3) return cli_error("rankcut diff takes two statistics files, OLD and NEW");
    if (min_samples < 1) return cli_error("--min-samples must be 1 or more, not %d", min_samples);
    RankcutCounts a, b;
    if (!load_or_report(&a, argv[1])) return EXIT_BAD_INPUT;
    if (!load_or_report(&b, argv[2])) {
        rankcut_counts_free(&a);
        return EXIT_BAD_INPUT;
    }
    GError *err = NULL;
    char *what = g_strdup_printf("%s and %s", argv[1], argv[2]);
    int rc = 0;
    if (!rankcut_counts_check_source(&a, &b, what, &err)) {
        rc = cli_error("%s", err->message);
        g_error_free(err);
    } else {
        RankcutMovement m;
        rankcut_counts_movement(&a, &b, (uint64_t)min_samples, &m);
        int all = RANKCUT_DEPTHS;
        printf("%s (%" G_GUINT64_FORMAT " games) -> %s (%" G_GUINT64_FORMAT
               " games): over %" G_GUINT64_FORMAT
               " cells seen at least %d times in both, probabilities moved by "
               "%.5f on average (weighted by the second file's samples), at most %.4f; mean "
               "signed change %+.5f\n",
               argv[1], a.games, argv[2], b.games, m.cells[all], min_samples, m.mean[all],
               m.max[all], m.shift[all]);
        printf("\nby remaining depth:\n  %-6s %9s %9s %9s %10s\n", "depth", "cells", "mean", "max",
               "signed");
        for (int d = 0; d < RANKCUT_DEPTHS; d++) {
            if (!m.cells[d]) continue;
            char label[8];
            depth_label(d, label);
            print_movement_row(label, &m, d);
        }
        print_movement_row("all", &m, all);
    }
    g_free(what);
    rankcut_counts_free(&a);
    rankcut_counts_free(&b);
    return rc;
}

// Checks the options and writes the heat map; prints what it drew.
static int heatmap_run(const char *in, const char *out, const char *by, int min_samples, int pixels,
                       bool linear)
{
    RankcutFeature feature;
    if (!out) return cli_error("missing --out FILE.png (where to write the picture)");
    if (!rankcut_feature_parse(by, &feature))
        return cli_error("--by '%s': not one of depth, phase, changes, threat, alpha-gap, "
                         "last-gap",
                         by);
    if (min_samples < 1) return cli_error("--min-samples must be 1 or more, not %d", min_samples);
    if (pixels < RANKCUT_HEATMAP_MIN_WIDTH || pixels > RANKCUT_HEATMAP_MAX_WIDTH)
        return cli_error("--pixels must be %d to %d, not %d", RANKCUT_HEATMAP_MIN_WIDTH,
                         RANKCUT_HEATMAP_MAX_WIDTH, pixels);
    RankcutHeatmapOptions o = {pixels, linear, (uint64_t)min_samples};
    RankcutGrid g;
    GError *err = NULL;
    if (!rankcut_heatmap_write(in, feature, &o, out, &g, NULL, &err)) {
        int rc = cli_error("%s", err->message);
        g_error_free(err);
        return rc;
    }
    int shown = 0;
    for (int k = 0; k < g.rows * g.cols; k++) shown += !isnan(g.p[k]);
    printf("%s: %d x %d cells (move number by %s), %d with at least %d samples, holding %.2f%% "
           "of the %" G_GUINT64_FORMAT " samples\n",
           out, g.cols, g.rows, by, shown, min_samples,
           g.samples ? 100.0 * (double)g.shown / (double)g.samples : 0.0, g.samples);
    rankcut_grid_free(&g);
    return 0;
}

static int cmd_heatmap(int argc, char **argv)
{
    int min_samples = 1000, pixels = 1000;
    char *out = NULL, *by = NULL;
    gboolean linear = FALSE;
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &out, "the PNG file to write", "FILE.png"},
        {"by", 0, 0, G_OPTION_ARG_STRING, &by,
         "the feature along y: depth (remaining depth, the default), phase (history-ordered "
         "moves or the rest), changes (best-move changes), threat, alpha-gap (best - alpha) or "
         "last-gap (last move's score - best); move 1 has no best yet and counts in the lowest "
         "score-gap interval",
         "FEATURE"},
        {"min-samples", 'm', 0, G_OPTION_ARG_INT, &min_samples,
         "pooled samples a cell needs to be drawn (default 1000); fewer: grey", "N"},
        {"pixels", 'w', 0, G_OPTION_ARG_INT, &pixels, "image width, 320 to 8192 (default 1000)",
         "N"},
        {"linear", 0, 0, G_OPTION_ARG_NONE, &linear,
         "a linear colour scale from 0 to 1 (default: logarithmic from 0.001 to 1)", NULL},
        G_OPTION_ENTRY_NULL};
    GOptionContext *ctx = g_option_context_new("FILE --out FILE.png - draw RankCut statistics");
    g_option_context_set_summary(
        ctx, "Draws P(a later move beats the best so far) as a heat map: better / n of the "
             "statistics file pooled over every feature but the move number at the node (x) "
             "and one other (y, --by), so weighted by samples.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    int rc = !ok ? EXIT_BAD_INPUT
             : argc != 2
                 ? cli_error("rankcut heatmap takes one statistics file")
                 : heatmap_run(argv[1], out, by ? by : "depth", min_samples, pixels, linear);
    g_free(out);
    g_free(by);
    return rc;
}

static const CliEntry commands[] = {
    {"show", cmd_show, "a statistics file: summary, probabilities, coverage"},
    {"merge", cmd_merge, "add statistics files together"},
    {"diff", cmd_diff, "how far the probabilities moved from one statistics file to another"},
    {"heatmap", cmd_heatmap, "draw P by move number and another feature as a PNG heat map"},
};

int rankcut_cli_main(int argc, char **argv)
{
    return cli_dispatch("sumito rankcut", commands, (int)G_N_ELEMENTS(commands), argc, argv);
}
