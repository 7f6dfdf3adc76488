// SPDX-License-Identifier: MIT
// The net trainer's driver and the training-data report (core/lab/netlab.h): progress and
// epoch lines around nets/train.h's trainer, and the statistics of data files.
#include "core/lab/netlab.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lab/lab.h"
#include "base/file.h"
#include "nets/bench.h"

// What the hooks of a run share: the progress line and the work this process does.
typedef struct {
    LabProgress line;
    const NetTrainer *t;
    double last_shown;
    size_t done_before; // samples of the epochs finished in this process
    size_t total;       // samples this process has to train on
    int first_epoch;    // the epoch (from 1) this process starts in
    size_t first_done;  // samples of it done before (a resumed run)
    bool shown;         // a progress line is on the terminal
} Run;

// Ends the progress line, if one is shown.
static void run_line_end(Run *r)
{
    if (r->shown) lab_progress_end(&r->line);
    r->shown = false;
}

static bool run_stop(void *ctx)
{
    (void)ctx;
    return lab_interrupted();
}

static void run_progress(void *ctx, int epoch, size_t done, size_t total, double loss)
{
    Run *r = ctx;
    double now = lab_now();
    if (now - r->last_shown < 0.5 && done < total) return;
    r->last_shown = now;
    r->shown = r->line.tty;
    size_t here = done - (epoch == r->first_epoch ? MIN(done, r->first_done) : 0);
    lab_progress(&r->line, (double)(r->done_before + here), (double)r->total,
                 "epoch %d/%d: %zu/%zu records, training loss %.6f", epoch, r->t->opt.epochs, done,
                 total, loss);
}

static void run_epoch_done(void *ctx, const NetTrainEpoch *e)
{
    Run *r = ctx;
    r->done_before += r->t->ntrain - (e->epoch == r->first_epoch ? r->first_done : 0);
    run_line_end(r);
    printf("epoch %d/%d: training loss %.6f", e->epoch, r->t->opt.epochs, e->train_loss);
    if (r->t->nvalid)
        printf(", validation loss %.6f, results on the right side %.2f%% of %zu", e->valid_loss,
               100 * e->valid_sign, e->valid_decided);
    printf("; dead units %d/%d %d/%d %d/%d", e->dead[0], 2 * NET_L1, e->dead[1], NET_L2, e->dead[2],
           NET_L3);
    if (e->seconds > 0)
        printf("; %.0f records/s (%.1f s)", (double)e->samples / e->seconds, e->seconds);
    printf("\n");
    fflush(stdout);
}

static bool load_data(NetData *d, int nfiles, char *const *files)
{
    for (int i = 0; i < nfiles; i++) {
        GError *err = NULL;
        if (!net_data_load(d, files[i], &err)) {
            lab_report(err);
            return false;
        }
    }
    return true;
}

// Trains, then writes the network; the exit status.
static int train(NetTrainer *t, const char *out, int nfiles, char *const *files,
                 const char *command)
{
    const NetTrainOptions *o = &t->opt;
    if (t->resumed && t->next_batch)
        printf("resuming from %s: epoch %d, after batch %zu\n", t->ckpt, t->epoch + 1,
               t->next_batch);
    else if (t->resumed)
        printf("resuming from %s: after epoch %d\n", t->ckpt, t->epoch);
    Run r = {.t = t,
             .last_shown = -1,
             .first_epoch = t->epoch + 1,
             .first_done = MIN(t->ntrain, t->next_batch * (size_t)o->batch)};
    r.total = t->epoch < o->epochs ? (size_t)(o->epochs - t->epoch) * t->ntrain - r.first_done : 0;
    lab_progress_start(&r.line);
    lab_interrupt_catch();
    NetTrainHooks hooks = {
        .stop = run_stop, .progress = run_progress, .epoch_done = run_epoch_done, .ctx = &r};
    GError *err = NULL;
    NetTrainStatus st = net_trainer_run(t, &hooks, &err);
    run_line_end(&r);
    if (st == NET_TRAIN_FAILED) return lab_report(err);
    if (st == NET_TRAIN_STOPPED) {
        printf("stopped at epoch %d, batch %zu: %s saved; the same command resumes\n", t->epoch + 1,
               t->next_batch, t->ckpt);
        return 130;
    }
    NetTrainCheck c;
    if (!net_train_write(t, out, (const char *const *)files, nfiles, command, &c, &err))
        return lab_report(err);
    printf("quantisation: |integer - float| max %.1f, mean %.2f score units over %zu %s "
           "records; loss %.6f integer, %.6f float\n",
           c.max_diff, c.mean_diff, c.records, t->nvalid ? "validation" : "training", c.int_loss,
           c.float_loss);
    printf("%s: %s, %d inputs, hash %016" G_GINT64_MODIFIER "x\n", out, t->data->header.feature_set,
           t->data->header.inputs, c.hash);
    return 0;
}

int netlab_train(const NetTrainOptions *o, const char *out, int nfiles, char *const *files,
                 const char *command)
{
    NetData d = {0};
    int rc = load_data(&d, nfiles, files) ? 0 : EXIT_BAD_INPUT;
    NetTrainer t;
    bool ready = false;
    if (!rc) {
        char *ckpt = g_strconcat(out, ".ckpt", NULL);
        GError *err = NULL;
        ready = net_trainer_init(&t, &d, o, ckpt, &err);
        if (!ready) rc = lab_report(err);
        g_free(ckpt);
    }
    if (ready) {
        printf("data: %zu records in %zu games from %d files (%s, %d inputs, %d symmetries): "
               "%zu for training, %zu for validation, %zu noisy skipped\n",
               d.count, d.games, d.files, d.header.feature_set, d.header.inputs,
               d.header.symmetries, t.ntrain, t.nvalid, t.skipped_noisy);
        fflush(stdout);
        rc = train(&t, out, nfiles, files, command);
        net_trainer_free(&t);
    }
    net_data_free(&d);
    return rc;
}

void netlab_data_stats(const NetData *d, NetlabDataStats *s)
{
    memset(s, 0, sizeof *s);
    s->score_min = INT_MAX;
    s->score_max = INT_MIN;
    for (size_t i = 0; i < d->count; i++) {
        const NetDataPos *p = &d->pos[i];
        s->noisy += (p->flags & NET_DATA_NOISY) != 0;
        s->results[p->result + 1]++;
        s->clamped += p->score == NET_DATA_SCORE_MAX || p->score == -NET_DATA_SCORE_MAX;
        if (p->result && p->score) {
            bool same = (p->result > 0) == (p->score > 0);
            s->agree += same;
            s->disagree += !same;
        }
        s->score_sum += p->score;
        s->score_sq += (double)p->score * p->score;
        s->abs_sum += abs(p->score);
        s->ply_sum += p->ply;
        s->score_min = MIN(s->score_min, p->score);
        s->score_max = MAX(s->score_max, p->score);
        for (int k = 0; k < 2; k++) {
            s->active[k] += p->n[k];
            s->max_active = MAX(s->max_active, p->n[k]);
        }
    }
}

static void print_info(const char *path, const NetData *d)
{
    const NetDataHeader *h = &d->header;
    NetlabDataStats s;
    netlab_data_stats(d, &s);
    double n = (double)MAX(d->count, 1);
    double mean = s.score_sum / n, sd = sqrt(MAX(0, s.score_sq / n - mean * mean));
    printf("%s: feature set %s, %d inputs, %d symmetries\n", path, h->feature_set, h->inputs,
           h->symmetries);
    printf("  records %zu in %zu games (%.1f a game), mean ply %.1f\n", d->count, d->games,
           d->games ? (double)d->count / (double)d->games : 0.0, s.ply_sum / n);
    printf("  noisy %zu (%.2f%%)\n", s.noisy, 100 * (double)s.noisy / n);
    printf("  results (side to move): win %.2f%%, draw %.2f%%, loss %.2f%%\n",
           100 * (double)s.results[2] / n, 100 * (double)s.results[1] / n,
           100 * (double)s.results[0] / n);
    printf("  score: mean %.1f, sd %.1f, mean |score| %.1f, min %d, max %d, %zu at the clamp "
           "(+-%d)\n",
           mean, sd, s.abs_sum / n, d->count ? s.score_min : 0, d->count ? s.score_max : 0,
           s.clamped, NET_DATA_SCORE_MAX);
    size_t both = s.agree + s.disagree;
    printf("  score and result on the same side: %.2f%% of %zu decided records with a score\n",
           both ? 100 * (double)s.agree / (double)both : 0.0, both);
    printf("  active features: side to move %.1f, opponent %.1f on average, at most %zu\n",
           (double)s.active[0] / n, (double)s.active[1] / n, s.max_active);
    if (h->provenance && *h->provenance) {
        char **lines = g_strsplit(h->provenance, "\n", -1);
        char *indented = g_strjoinv("\n    ", lines);
        printf("  provenance:\n    %s\n", indented);
        g_free(indented);
        g_strfreev(lines);
    }
}

int netlab_data_info(int nfiles, char *const *files)
{
    NetDataHeader first = {0};
    int rc = 0;
    for (int i = 0; i < nfiles; i++) {
        NetData d = {0};
        GError *err = NULL;
        if (!net_data_load(&d, files[i], &err)) {
            rc = lab_report(err);
            net_data_free(&d);
            continue;
        }
        print_info(files[i], &d);
        if (i == 0) {
            net_data_header_copy(&first, &d.header);
        } else if (!net_data_header_same(&first, &d.header, files[0], files[i], &err)) {
            rc = lab_report(err);
        }
        net_data_free(&d);
    }
    if (first.perm) net_data_header_free(&first);
    return rc;
}

int netlab_info_data(const uint8_t *data, size_t size, const char *what)
{
    Net n;
    GError *err = NULL;
    if (!net_load_data(&n, data, size, what, NULL, 0, &err)) return lab_report(err);
    char *text = net_describe(&n);
    printf("source          %s\n%sinference       %s\n", what, text, net_simd_name());
    g_free(text);
    net_free(&n);
    return 0;
}

int netlab_info_file(const char *path)
{
    gchar *data;
    gsize size;
    GError *err = NULL;
    if (!file_read_all(path, FILE_READ_MAX, &data, &size, &err)) return lab_report(err);
    int rc = netlab_info_data((const uint8_t *)data, size, path);
    g_free(data);
    return rc;
}

static void print_times(const char *path, const NetBenchTimes *t)
{
    printf("%-8s %10.1f %10.1f %17.1f\n", path, t->update, t->evaluate, t->both);
}

int netlab_bench(const char *path, int inputs, int rows, int runs, int calls)
{
    Net n;
    GError *err = NULL;
    if (path) {
        if (!net_load(&n, path, NULL, 0, &err)) return lab_report(err);
    } else {
        net_init(&n, "bench", inputs, 1000, NULL);
        net_fill_random(&n, 1);
    }
    int half = (rows + 1) / 2;
    printf("net bench: %d inputs, %d rows per perspective an update (%d added, %d removed), "
           "median of %d runs of %d calls\n",
           n.inputs, 2 * half, half, half, runs, calls);
    printf("%-8s %10s %10s %17s   (ns per call)\n", "path", "update", "evaluate",
           "update+evaluate");
    NetBenchTimes scalar, avx2;
    bool have_avx2 = net_have_avx2();
    net_bench(&n, rows, runs, calls, &scalar, have_avx2 ? &avx2 : NULL);
    print_times("scalar", &scalar);
    if (have_avx2) {
        print_times("avx2", &avx2);
        printf("scalar/avx2 %7.2f %10.2f %17.2f\n", scalar.update / avx2.update,
               scalar.evaluate / avx2.evaluate, scalar.both / avx2.both);
    } else {
        printf("avx2     (not on this machine)\n");
    }
    printf("the search's path: %s\n", net_simd_name());
    net_free(&n);
    return 0;
}
