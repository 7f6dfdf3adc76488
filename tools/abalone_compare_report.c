// SPDX-License-Identifier: MIT
// The compare command's runs and its report: per mode, each configuration's depth, nodes,
// speed, time to depth, agreement with the reference (95% Wilson interval), value lost, and
// McNemar's exact test against the first configuration; a CSV of every run on request.
#include <stdio.h>
#include <string.h>

#include "abalone/eval.h"
#include "abalone/notation.h"
#include "core/stats.h"
#include "tools/abalone_compare.h"
#include "tools/cli.h"

int compare_modes(const CompareJob *job)
{
    return (job->movetime > 0) + (job->nodes > 0) + job->ndepths;
}

// Mode k: the fixed time first, then the fixed node count (when there are), then the depths.
static void mode_limits(const CompareJob *job, int k, double *movetime, uint64_t *nodes, int *depth)
{
    *movetime = 0, *nodes = 0, *depth = 0;
    if (job->movetime > 0 && k-- == 0)
        *movetime = job->movetime;
    else if (job->nodes > 0 && k-- == 0)
        *nodes = job->nodes;
    else
        *depth = job->depths[k];
}

static void mode_name(const CompareJob *job, int k, char *buf, size_t size)
{
    double t;
    uint64_t n;
    int d;
    mode_limits(job, k, &t, &n, &d);
    if (t > 0)
        snprintf(buf, size, "time %gs", t);
    else if (n > 0)
        snprintf(buf, size, "nodes %" G_GUINT64_FORMAT, n);
    else
        snprintf(buf, size, "depth %d", d);
}

void compare_run(CompareJob *job, CompareRunFn run, bool tty, bool verbose)
{
    int n = (int)job->suite.positions->len, modes = compare_modes(job);
    for (int c = 0; c < job->nconfigs; c++)
        job->configs[c].runs = g_new0(CompareRun, (size_t)(n * modes));
    double t0 = cli_now();
    for (int p = 0; p < n; p++) {
        const AbaloneBoard *b = &g_array_index(job->suite.positions, AbaloneBoard, p);
        const AbaloneRefEntry *ref = abalone_reference_find(&job->reference, b);
        if (tty) {
            double per = p ? (cli_now() - t0) / p : 0;
            fprintf(stderr, "\rposition %d/%d, ETA %.1f min   ", p + 1, n, per * (n - p) / 60);
        }
        for (int k = 0; k < modes; k++) {
            double t;
            uint64_t nodes;
            int d;
            mode_limits(job, k, &t, &nodes, &d);
            for (int c = 0; c < job->nconfigs; c++) {
                CompareRun *r = &job->configs[c].runs[p * modes + k];
                run(&job->configs[c], b, t, nodes, d, ref, r);
                if (verbose) {
                    char mode[32], text[ABALONE_MOVE_TEXT];
                    mode_name(job, k, mode, sizeof mode);
                    printf("position %3d %-10s %-12s depth %2d  nodes %10" G_GUINT64_FORMAT
                           "  %7.3f s  %-7s %s lost %d\n",
                           p + 1, mode, job->configs[c].name, r->depth, r->nodes, r->seconds,
                           abalone_move_format(b, r->move, ABALONE_NOTATION_ABAPRO, text),
                           !r->known  ? "(no reference)"
                           : r->agree ? "agrees"
                                      : "differs",
                           r->value_lost);
                }
            }
        }
    }
    if (tty) fprintf(stderr, "\n");
}

typedef struct {
    uint64_t positions, known, agree, nodes;
    double seconds, depth_sum, lost_sum;
    int max_depth;
    double median_depth, median_nodes, median_seconds;
} Summary;

static Summary summarise(const CompareJob *job, int c, int k)
{
    int n = (int)job->suite.positions->len, modes = compare_modes(job);
    Summary s = {0};
    double *depth = g_new(double, (size_t)n), *nodes = g_new(double, (size_t)n),
           *secs = g_new(double, (size_t)n);
    for (int p = 0; p < n; p++) {
        const CompareRun *r = &job->configs[c].runs[p * modes + k];
        s.positions++;
        s.nodes += r->nodes;
        s.seconds += r->seconds;
        s.depth_sum += r->depth;
        s.max_depth = MAX(s.max_depth, r->depth);
        depth[p] = r->depth, nodes[p] = (double)r->nodes, secs[p] = r->seconds;
        if (r->known) s.known++, s.agree += r->agree, s.lost_sum += r->value_lost;
    }
    s.median_depth = stats_median(depth, n);
    s.median_nodes = stats_median(nodes, n);
    s.median_seconds = stats_median(secs, n);
    g_free(depth);
    g_free(nodes);
    g_free(secs);
    return s;
}

static int reference_depth(const CompareJob *job)
{
    int d = 1 << 30;
    for (guint i = 0; i < job->reference.entries->len; i++)
        d = MIN(d, g_array_index(job->reference.entries, AbaloneRefEntry, i).depth);
    return job->reference.entries->len ? d : 0;
}

static void report_mode(const CompareJob *job, int k)
{
    char mode[32];
    mode_name(job, k, mode, sizeof mode);
    bool timed = strncmp(mode, "depth", 5) != 0; // fixed time or nodes: depth reached
    printf("\n%s\n%-14s %9s %12s %10s %10s %8s %17s %10s\n", mode, "config",
           timed ? "depth" : "positions", "nodes(med)", "nodes/s", timed ? "s(med)" : "ms to dep",
           "agree", "95% interval", "lost(mean)");
    int deepest = 0;
    for (int c = 0; c < job->nconfigs; c++) {
        Summary s = summarise(job, c, k);
        double lo, hi;
        stats_wilson(s.agree, s.known, 1.96, &lo, &hi);
        char first[24];
        if (timed)
            snprintf(first, sizeof first, "%.2f/%.0f", s.depth_sum / (double)s.positions,
                     s.median_depth);
        else
            snprintf(first, sizeof first, "%" G_GUINT64_FORMAT, s.positions);
        printf("%-14s %9s %12.0f %10.0f %10.1f %7.1f%% %7.1f%% - %5.1f%% %10.1f\n",
               job->configs[c].name, first, s.median_nodes,
               s.seconds > 0 ? (double)s.nodes / s.seconds : 0,
               timed ? s.median_seconds : s.median_seconds * 1000,
               s.known ? 100.0 * (double)s.agree / (double)s.known : 0, 100 * lo, 100 * hi,
               s.known ? s.lost_sum / (double)s.known : 0);
        deepest = MAX(deepest, s.max_depth);
    }
    int n = (int)job->suite.positions->len, modes = compare_modes(job);
    for (int c = 1; c < job->nconfigs; c++) {
        uint64_t b = 0, d = 0;
        for (int p = 0; p < n; p++) {
            const CompareRun *x = &job->configs[0].runs[p * modes + k],
                             *y = &job->configs[c].runs[p * modes + k];
            if (!x->known || !y->known) continue;
            b += x->agree && !y->agree;
            d += !x->agree && y->agree;
        }
        printf("McNemar %s vs %s: %" G_GUINT64_FORMAT " agree only with %s, %" G_GUINT64_FORMAT
               " only with %s, p = %.4f%s\n",
               job->configs[c].name, job->configs[0].name, b, job->configs[0].name, d,
               job->configs[c].name, stats_mcnemar_p(b, d),
               stats_mcnemar_p(b, d) < 0.05 ? " (significant at 5%)" : "");
    }
    int ref = reference_depth(job);
    if (ref && deepest + 2 > ref)
        printf("note: a configuration reached depth %d; the reference (depth %d) is less than 2 "
               "plies deeper there\n",
               deepest, ref);
}

static bool write_csv(const CompareJob *job, const char *path)
{
    GString *s = g_string_new(
        "mode,config,position,depth,nodes,seconds,move,reference_known,agree,value_lost\n");
    int n = (int)job->suite.positions->len, modes = compare_modes(job);
    for (int k = 0; k < modes; k++) {
        char mode[32];
        mode_name(job, k, mode, sizeof mode);
        for (int c = 0; c < job->nconfigs; c++)
            for (int p = 0; p < n; p++) {
                const CompareRun *r = &job->configs[c].runs[p * modes + k];
                char text[ABALONE_MOVE_TEXT];
                abalone_move_format(&g_array_index(job->suite.positions, AbaloneBoard, p), r->move,
                                    ABALONE_NOTATION_ABAPRO, text);
                g_string_append_printf(s, "%s,%s,%d,%d,%" G_GUINT64_FORMAT ",%.6f,%s,%d,%d,%d\n",
                                       mode, job->configs[c].name, p + 1, r->depth, r->nodes,
                                       r->seconds, text, r->known, r->agree, r->value_lost);
            }
    }
    GError *err = NULL;
    bool ok = g_file_set_contents(path, s->str, (gssize)s->len, &err);
    if (!ok) {
        cli_error("%s", err->message);
        g_error_free(err);
    }
    g_string_free(s, TRUE);
    return ok;
}

int compare_report(const CompareJob *job, const char *csv)
{
    int n = (int)job->suite.positions->len, known = 0;
    for (int p = 0; p < n; p++)
        known += abalone_reference_find(&job->reference, &g_array_index(job->suite.positions,
                                                                        AbaloneBoard, p)) != NULL;
    printf("%d positions, %d with reference results (plain alpha-beta, depth %d); agreement "
           "counts a move the reference scores as high as its best\n",
           n, known, reference_depth(job));
    if (strcmp(job->reference.evaluator, ABALONE_EVAL_ID) != 0)
        printf("warning: the reference was computed with evaluator '%s', not '%s'\n",
               job->reference.evaluator, ABALONE_EVAL_ID);
    for (int k = 0; k < compare_modes(job); k++) report_mode(job, k);
    return csv && !write_csv(job, csv) ? EXIT_BAD_INPUT : 0;
}
