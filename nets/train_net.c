// SPDX-License-Identifier: MIT
// The end of a training run: the float network rounded and calibrated into the integer network
// of nets/net.h, its scores checked against the float network's through the inference of
// nets/net.c, and the file written with its provenance.
#include "nets/train.h"

#include <math.h>
#include <string.h>

// Calibration records: at most this many training records, spread evenly over them.
#define CALIBRATION_RECORDS 10000
// Check records: at most this many validation records (training records when there are none).
#define CHECK_RECORDS 200000

// Up to max of the n records, evenly spread; *count gets how many.
static uint32_t *spread(const uint32_t *records, size_t n, size_t max, size_t *count)
{
    *count = MIN(n, max);
    uint32_t *out = g_new(uint32_t, MAX(*count, 1));
    for (size_t i = 0; i < *count; i++) out[i] = records[i * n / *count];
    return out;
}

void net_train_check(const NetTrainer *t, const Net *n, size_t max_records, NetTrainCheck *c)
{
    const NetData *d = t->data;
    size_t count;
    uint32_t *recs = t->nvalid ? spread(t->valid, t->nvalid, max_records, &count)
                               : spread(t->train, t->ntrain, max_records, &count);
    double sum = 0, max = 0, float_loss = 0, int_loss = 0;
    NetAccumulator *a = g_aligned_alloc(1, sizeof *a, 32);
    for (size_t i = 0; i < count; i++) {
        const NetDataPos *p = &d->pos[recs[i]];
        const uint16_t *f[2] = {net_data_features(d, recs[i], 0), net_data_features(d, recs[i], 1)};
        int cnt[2] = {p->n[0], p->n[1]};
        net_acc_refresh(n, a, 0, f[0], cnt[0]);
        net_acc_refresh(n, a, 1, f[1], cnt[1]);
        float y = float_net_forward(&t->net, f, cnt, NULL);
        int32_t score = net_evaluate(n, a, 0);
        double diff = fabs((double)score - (double)n->output_scale * y);
        sum += diff;
        max = MAX(max, diff);
        double target = net_train_target(p->score, p->result, t->opt.lambda, t->opt.scale);
        float_loss += net_train_loss(y, target, NULL);
        int_loss += net_train_loss((float)score / (float)n->output_scale, target, NULL);
    }
    g_aligned_free(a);
    g_free(recs);
    double k = (double)MAX(count, 1);
    *c = (NetTrainCheck){.records = count,
                         .max_diff = max,
                         .mean_diff = sum / k,
                         .float_loss = float_loss / k,
                         .int_loss = int_loss / k};
}

static char *provenance(const NetTrainer *t, const char *const *files, int nfiles,
                        const char *command, const NetTrainCheck *c)
{
    const NetTrainOptions *o = &t->opt;
    const NetDataHeader *h = &t->data->header;
    const NetTrainEpoch *e = &t->last;
    GString *s = g_string_new("sumito net train\ndata:");
    for (int i = 0; i < nfiles; i++) g_string_append_printf(s, " %s", files[i]);
    g_string_append_printf(s, " (feature set %s, %d inputs, %d symmetries)\n", h->feature_set,
                           h->inputs, h->symmetries);
    g_string_append_printf(s,
                           "records: %zu in %zu games: %zu for training, %zu for validation "
                           "(games %% %d == 0), %zu noisy %s\n",
                           t->data->count, t->data->games, t->ntrain, t->nvalid,
                           o->validation_every, t->skipped_noisy,
                           o->include_noisy ? "included" : "skipped");
    g_string_append_printf(s,
                           "options: epochs %d, batch %d, lr %g, lambda %g, scale %d, seed "
                           "%" G_GUINT64_FORMAT ", threads %d, validation-every %d%s\n",
                           t->epoch, o->batch, o->lr, o->lambda, o->scale, o->seed, o->threads,
                           o->validation_every, o->include_noisy ? ", include-noisy" : "");
    g_string_append_printf(s,
                           "final: training loss %.6f, validation loss %.6f, results on the "
                           "right side %.4f of %zu\n",
                           e->train_loss, e->valid_loss, e->valid_sign, e->valid_decided);
    g_string_append_printf(s,
                           "quantisation: |integer - float| max %.1f, mean %.2f score units "
                           "over %zu %s records; loss %.6f integer, %.6f float\n",
                           c->max_diff, c->mean_diff, c->records,
                           t->nvalid ? "validation" : "training", c->int_loss, c->float_loss);
    g_string_append_printf(s, "command: %s\n", command);
    GDateTime *now = g_date_time_new_now_utc();
    char *date = g_date_time_format_iso8601(now);
    g_string_append_printf(s, "date: %s", date);
    g_free(date);
    g_date_time_unref(now);
    return g_string_free(s, false);
}

bool net_train_write(const NetTrainer *t, const char *path, const char *const *files, int nfiles,
                     const char *command, NetTrainCheck *c, GError **err)
{
    Net q;
    net_train_quantize(&t->net, t->data->header.feature_set, t->opt.scale, &q);
    size_t count;
    uint32_t *recs = spread(t->train, t->ntrain, CALIBRATION_RECORDS, &count);
    net_train_calibrate(&t->net, &q, t->data, recs, count);
    g_free(recs);
    q.arch_hash = net_arch_hash(q.feature_set, q.inputs);
    net_train_check(t, &q, CHECK_RECORDS, c);
    q.provenance = provenance(t, files, nfiles, command, c);
    bool ok = net_save(&q, path, err);
    c->hash = q.hash;
    net_free(&q);
    return ok;
}
