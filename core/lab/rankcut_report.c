// SPDX-License-Identifier: MIT
// Reports on RankCut statistics files (core/lab/rankcut_report.h): the summary and the tables of
// `sumito rankcut show`, merging, the movement between two files and the heat map's summary.
#include "core/lab/rankcut_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "core/lab/lab.h"
#include "core/mcts_widen.h"

static double prob(const RankcutCounts *c, size_t i)
{
    return c->n[i] ? (double)c->better[i] / (double)c->n[i] : 1.0;
}

// A seen cell and its samples, for the list of the most seen.
typedef struct {
    uint64_t n;
    uint32_t cell;
} SeenCell;

// Most samples first; equal counts in cell order.
static int by_samples(const void *a, const void *b)
{
    const SeenCell *x = a, *y = b;
    if (x->n != y->n) return (x->n < y->n) - (x->n > y->n);
    return (x->cell > y->cell) - (x->cell < y->cell);
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

void rankcut_report_show(const RankcutCounts *c, const char *path, int min_samples, int top)
{
    uint64_t cells, samples, kc, ks;
    rankcut_counts_summary(c, (uint64_t)min_samples, &cells, &samples, &kc, &ks);
    printf("%s: game %s, evaluator %s, %" G_GUINT64_FORMAT " games\n", path, c->game, c->evaluator,
           c->games);
    printf("scheme %d (%s); score-gap edges:", c->scheme.scheme,
           c->scheme.scheme == RANKCUT_SCHEME_ALPHA ? "a later move raises alpha"
                                                    : "a later move beats the fail-soft best");
    for (int i = 0; i < (c->scheme.scheme == RANKCUT_SCHEME_ALPHA ? RANKCUT_NEDGES : 3); i++)
        printf(" %d", c->scheme.edges[i]);
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
            if (c->n[i] >= (uint64_t)min_samples && prob(c, i) < thresholds[k]) below += c->n[i];
        printf("  t = %-7g %6.2f%%\n", thresholds[k],
               samples ? 100.0 * (double)below / (double)samples : 0.0);
    }
    print_depths(c, (uint64_t)min_samples);
    print_marginal(c, "move number (bucket start)", 64, f_move);
    print_marginal(c, "phase (0 history, 1 rest)", 2, f_phase);
    print_marginal(c, rankcut_changes_name(&c->scheme), 4, f_changes);
    print_marginal(c, "best - alpha interval", RANKCUT_GAPS, f_alpha_gap);
    print_marginal(c, "last - best interval", RANKCUT_GAPS, f_last_gap);
    SeenCell *order = g_new(SeenCell, cells ? cells : 1);
    size_t k = 0;
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++)
        if (c->n[i]) order[k++] = (SeenCell){c->n[i], i};
    qsort(order, k, sizeof *order, by_samples);
    printf("\n%7s %5s %6s %5s %7s %11s %11s %9s %12s %8s\n", "cell", "depth", "threat", "move",
           c->scheme.scheme == RANKCUT_SCHEME_ALPHA ? "raises" : "changes", "best-a", "last-best",
           "phase", "samples", "P");
    for (size_t i = 0; i < k && (int)i < top; i++) print_cell(c, order[i].cell);
    g_free(order);
}

bool rankcut_report_load(RankcutCounts *c, const char *path)
{
    GError *err = NULL;
    if (rankcut_counts_load(c, path, &err)) return true;
    lab_report(err);
    return false;
}

// Whether path starts as the widening's rank statistics do (any version: version 1 is then
// refused by name by their reader).
static bool is_mcts_ranks(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    if (!file_read_all(path, FILE_READ_MAX, &text, &len, NULL)) return false;
    bool yes = len >= 18 && strncmp(text, "sumito mcts ranks ", 18) == 0;
    g_free(text);
    return yes;
}

static int merge_mcts_ranks(int nfiles, char *const *files, const char *out)
{
    MctsRanks *total = g_new(MctsRanks, 1), *part = g_new(MctsRanks, 1);
    GError *err = NULL;
    bool ok = mcts_ranks_load(total, files[0], &err);
    for (int i = 1; ok && i < nfiles; i++) {
        ok = mcts_ranks_load(part, files[i], &err);
        if (ok && !(ok = mcts_ranks_merge(total, part, &err)))
            g_prefix_error(&err, "%s and %s: ", files[0], files[i]);
    }
    ok = ok && mcts_ranks_save(total, out, &err);
    int rc = ok ? 0 : lab_report(err);
    if (ok)
        printf("%s: %d files, %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " nodes\n", out,
               nfiles, total->games, mcts_ranks_nodes(total));
    g_free(total);
    g_free(part);
    return rc;
}

int rankcut_report_merge(int nfiles, char *const *files, const char *out)
{
    if (is_mcts_ranks(files[0])) return merge_mcts_ranks(nfiles, files, out);
    RankcutCounts total, part;
    GError *err = NULL;
    bool ok = true;
    if (!rankcut_report_load(&total, files[0])) return EXIT_BAD_INPUT;
    for (int i = 1; ok && i < nfiles; i++) {
        ok = rankcut_counts_load(&part, files[i], &err);
        if (ok) {
            char *what = g_strdup_printf("%s and %s", files[0], files[i]);
            ok = rankcut_counts_check_source(&total, &part, what, &err) &&
                 rankcut_counts_add(&total, &part, &err);
            g_free(what);
            rankcut_counts_free(&part);
        }
    }
    ok = ok && rankcut_counts_save(&total, out, &err);
    int rc = 0;
    if (!ok) {
        rc = lab_report(err);
    } else {
        printf("%s: %d files, %" G_GUINT64_FORMAT " games\n", out, nfiles, total.games);
    }
    rankcut_counts_free(&total);
    return rc;
}

static void print_movement_row(const char *label, const RankcutMovement *m, int d)
{
    printf("  %-6s %9" G_GUINT64_FORMAT " %9.5f %9.4f %+10.5f\n", label, m->cells[d], m->mean[d],
           m->max[d], m->shift[d]);
}

int rankcut_report_diff(const char *old_path, const char *new_path, int min_samples)
{
    RankcutCounts a, b;
    if (!rankcut_report_load(&a, old_path)) return EXIT_BAD_INPUT;
    if (!rankcut_report_load(&b, new_path)) {
        rankcut_counts_free(&a);
        return EXIT_BAD_INPUT;
    }
    GError *err = NULL;
    char *what = g_strdup_printf("%s and %s", old_path, new_path);
    int rc = 0;
    if (!rankcut_counts_check_source(&a, &b, what, &err)) {
        rc = lab_report(err);
    } else {
        RankcutMovement m;
        rankcut_counts_movement(&a, &b, (uint64_t)min_samples, &m);
        int all = RANKCUT_DEPTHS;
        printf("%s (%" G_GUINT64_FORMAT " games) -> %s (%" G_GUINT64_FORMAT
               " games): over %" G_GUINT64_FORMAT
               " cells seen at least %d times in both, probabilities moved by "
               "%.5f on average (weighted by the second file's samples), at most %.4f; mean "
               "signed change %+.5f\n",
               old_path, a.games, new_path, b.games, m.cells[all], min_samples, m.mean[all],
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

int rankcut_report_heatmap(const char *in, RankcutFeature feature, const char *by,
                           const RankcutHeatmapOptions *o, const char *out)
{
    RankcutGrid g;
    GError *err = NULL;
    if (!rankcut_heatmap_write(in, feature, o, out, &g, NULL, &err)) return lab_report(err);
    int shown = 0;
    for (int k = 0; k < g.rows * g.cols; k++) shown += !isnan(g.p[k]);
    printf("%s: %d x %d cells (move number by %s), %d with at least %d samples, holding %.2f%% "
           "of the %" G_GUINT64_FORMAT " samples\n",
           out, g.cols, g.rows, by, shown, (int)o->min_samples,
           g.samples ? 100.0 * (double)g.shown / (double)g.samples : 0.0, g.samples);
    rankcut_grid_free(&g);
    return 0;
}
