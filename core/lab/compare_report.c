// SPDX-License-Identifier: MIT
// The compare command's report, for any game: per mode, each configuration's depth, nodes,
// speed, time to depth, agreement with the reference (95% Wilson interval), value lost, and
// McNemar's exact test against the first configuration; a CSV of every run on request.
#include <stdio.h>
#include "base/file.h"
#include <string.h>

#include "core/stats.h"
#include "core/lab/compare.h"

int compare_modes(const CompareJob *job)
{
    return (job->movetime > 0) + (job->nodes > 0) + job->ndepths;
}

void compare_mode_limits(const CompareJob *job, int k, double *movetime, uint64_t *nodes,
                         int *depth)
{
    *movetime = 0, *nodes = 0, *depth = 0;
    if (job->movetime > 0 && k-- == 0)
        *movetime = job->movetime;
    else if (job->nodes > 0 && k-- == 0)
        *nodes = job->nodes;
    else
        *depth = job->depths[k];
}

void compare_mode_name(const CompareJob *job, int k, char *buf, size_t size)
{
    double t;
    uint64_t n;
    int d;
    compare_mode_limits(job, k, &t, &n, &d);
    if (t > 0)
        snprintf(buf, size, "time %gs", t);
    else if (n > 0)
        snprintf(buf, size, "nodes %" G_GUINT64_FORMAT, n);
    else
        snprintf(buf, size, "depth %d", d);
}

typedef struct {
    uint64_t positions, known, agree, nodes;
    uint64_t lost_n;
    double seconds, depth_sum, lost_sum;
    int max_depth;
    double median_depth, median_nodes, median_seconds;
} Summary;

static Summary summarise(const CompareJob *job, int c, int k)
{
    int n = job->npositions, modes = compare_modes(job);
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
        if (r->known) s.known++, s.agree += r->agree;
        if (r->lost_known) s.lost_n++, s.lost_sum += r->value_lost;
    }
    s.median_depth = stats_median(depth, n);
    s.median_nodes = stats_median(nodes, n);
    s.median_seconds = stats_median(secs, n);
    g_free(depth);
    g_free(nodes);
    g_free(secs);
    return s;
}

static void report_mode(const CompareJob *job, int k)
{
    char mode[32];
    compare_mode_name(job, k, mode, sizeof mode);
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
        char lost[16] = "-"; // a deep reference does not score the moves that differ
        if (s.lost_n) snprintf(lost, sizeof lost, "%.1f", s.lost_sum / (double)s.lost_n);
        printf("%-14s %9s %12.0f %10.0f %10.1f %7.1f%% %7.1f%% - %5.1f%% %10s\n",
               job->configs[c].name, first, s.median_nodes,
               s.seconds > 0 ? (double)s.nodes / s.seconds : 0,
               timed ? s.median_seconds : s.median_seconds * 1000,
               s.known ? 100.0 * (double)s.agree / (double)s.known : 0, 100 * lo, 100 * hi, lost);
        deepest = MAX(deepest, s.max_depth);
    }
    int n = job->npositions, modes = compare_modes(job);
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
    int ref = reference_depth(&job->reference);
    if (ref && deepest + 2 > ref && !job->reference.search[0]) // alpha-beta's depths only
        printf("note: a configuration reached depth %d; the reference (depth %d) is less than 2 "
               "plies deeper there\n",
               deepest, ref);
}

static bool write_csv(const CompareJob *job, const char *path)
{
    GString *s = g_string_new(
        "mode,config,position,depth,nodes,seconds,move,reference_known,agree,value_lost\n");
    int n = job->npositions, modes = compare_modes(job);
    for (int k = 0; k < modes; k++) {
        char mode[32];
        compare_mode_name(job, k, mode, sizeof mode);
        for (int c = 0; c < job->nconfigs; c++)
            for (int p = 0; p < n; p++) {
                const CompareRun *r = &job->configs[c].runs[p * modes + k];
                char lost[16] = "";
                if (r->lost_known) snprintf(lost, sizeof lost, "%d", r->value_lost);
                g_string_append_printf(s, "%s,%s,%d,%d,%" G_GUINT64_FORMAT ",%.6f,%s,%d,%d,%s\n",
                                       mode, job->configs[c].name, p + 1, r->depth, r->nodes,
                                       r->seconds, r->move, r->known, r->agree, lost);
            }
    }
    GError *err = NULL;
    bool ok = file_write_atomic(path, s->str, s->len, &err);
    if (!ok) {
        lab_report(err);
    }
    g_string_free(s, TRUE);
    return ok;
}

int compare_report(const CompareJob *job, const char *csv)
{
    const GameDesc *g = job->game;
    int n = job->npositions, known = 0;
    for (int p = 0; p < n; p++)
        known += reference_find(&job->reference, g_ptr_array_index(job->suite.texts, p)) != NULL;
    int dmin, dmax;
    double dmean;
    uint64_t deep = reference_depths(&job->reference, &dmin, &dmean, &dmax);
    const char *search = job->reference.search[0] ? job->reference.search : "plain alpha-beta";
    if (deep)
        printf("%d positions, %d with reference results (%s, %" G_GUINT64_FORMAT
               " of them one search of %" G_GUINT64_FORMAT " nodes: depth %d to %d, mean %.2f); "
               "agreement counts the reference's best move (or one it scores as high)\n",
               n, known, search, deep, job->reference.deep_nodes, dmin, dmax, dmean);
    else
        printf("%d positions, %d with reference results (plain alpha-beta, depth %d); agreement "
               "counts a move the reference scores as high as its best\n",
               n, known, dmin);
    const char *evaluator = job->nconfigs && job->configs[0].engine
                                ? game_engine_core(job->configs[0].engine)->evaluator
                                : g->evaluator;
    if (strcmp(job->reference.evaluator, evaluator) != 0)
        printf("warning: the reference was computed with evaluator '%s', not '%s'\n",
               job->reference.evaluator, evaluator);
    for (int k = 0; k < compare_modes(job); k++) report_mode(job, k);
    return csv && !write_csv(job, csv) ? EXIT_BAD_INPUT : 0;
}
