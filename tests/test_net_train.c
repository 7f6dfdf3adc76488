// SPDX-License-Identifier: MIT
// The trainer: its backward pass against finite differences, the loss driven down on a
// synthetic problem with a known answer, the rounding to the integer network against an
// integer forward pass written here from nets/net.h alone, and checkpoints (a run stopped and
// resumed ends with the same weights as one never stopped; another run's checkpoint refused).
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "nets/train.h"
#include "tests/test_util.h"

// Quantisation bounds (score units at output_scale 1000): after net_train_calibrate, the integer
// network's score differs from the float network's by at most QUANT_MAX_DIFF on a validation
// record of the trained synthetic network, and by QUANT_MEAN_DIFF on average; random networks
// (inputs less regular than a game's) get the looser QUANT_RANDOM_*.
#define QUANT_MAX_DIFF         150.0
#define QUANT_MEAN_DIFF        20.0
#define QUANT_RANDOM_MAX_DIFF  150.0
#define QUANT_RANDOM_MEAN_DIFF 20.0

// The synthetic problem: 16 features, each perspective 3 to 8 of them; the score is 1000 times
// the sum of the side to move's feature values minus the opponent's, values that the second
// symmetry (feature i <-> i + 8) leaves unchanged.
#define SYN_INPUTS 16

typedef struct {
    double value[SYN_INPUTS];
} Rule;

static void rule_init(Rule *r, GRand *rng)
{
    for (int i = 0; i < SYN_INPUTS / 2; i++)
        r->value[i] = r->value[i + SYN_INPUTS / 2] = g_rand_double_range(rng, -0.6, 0.6);
}

// A NetData in memory: games of 50 records each.
static void make_data(NetData *d, GRand *rng, const Rule *rule, int records)
{
    memset(d, 0, sizeof *d);
    NetDataHeader *h = &d->header;
    g_strlcpy(h->feature_set, "synthetic", sizeof h->feature_set);
    h->inputs = SYN_INPUTS;
    h->symmetries = 2;
    h->perm = g_new(uint16_t, 2 * SYN_INPUTS);
    for (int i = 0; i < SYN_INPUTS; i++) {
        h->perm[i] = (uint16_t)i;
        h->perm[SYN_INPUTS + i] = (uint16_t)((i + SYN_INPUTS / 2) % SYN_INPUTS);
    }
    h->provenance = g_strdup("test");
    d->files = 1;
    d->pos = g_new0(NetDataPos, records);
    d->features = g_new(uint16_t, (size_t)records * 16);
    for (int i = 0; i < records; i++) {
        NetDataPos *p = &d->pos[i];
        p->game = (uint32_t)(i / 50);
        p->ply = (uint16_t)(i % 50);
        p->offset = d->nfeatures;
        double v = 0;
        for (int k = 0; k < 2; k++) {
            p->n[k] = (uint8_t)g_rand_int_range(rng, 3, 9);
            uint32_t used = 0;
            for (int j = 0; j < p->n[k]; j++) {
                int f;
                do f = g_rand_int_range(rng, 0, SYN_INPUTS);
                while (used & (1u << f));
                used |= 1u << f;
                d->features[d->nfeatures++] = (uint16_t)f;
                v += k ? -rule->value[f] : rule->value[f];
            }
        }
        p->score = (int16_t)lround(1000 * v);
        p->result = (int8_t)(p->score > 0 ? 1 : p->score < 0 ? -1 : 0);
        d->count++;
    }
    d->games = (size_t)(records + 49) / 50;
}

static void test_target(void)
{
    g_assert_cmpfloat_with_epsilon(net_train_target(0, 1, 0.75, 1000), 0.625, 1e-12);
    g_assert_cmpfloat_with_epsilon(net_train_target(1000, -1, 1, 1000), 1 / (1 + exp(-1.0)), 1e-12);
    g_assert_cmpfloat_with_epsilon(net_train_target(-5000, 0, 0, 1000), 0.5, 1e-12);
    float dy;
    g_assert_cmpfloat_with_epsilon(net_train_loss(0, 0.75, &dy), 0.0625, 1e-12);
    g_assert_cmpfloat_with_epsilon(dy, 2 * -0.25 * 0.25, 1e-7);
}

// Gradient check

#define GC_SAMPLES 6
#define GC_INPUTS  8

typedef struct {
    uint16_t f[GC_SAMPLES][2][8];
    int n[GC_SAMPLES][2];
    double target[GC_SAMPLES];
} Batch;

// The summed loss and a signature of which units sit inside their clip, over the batch.
static double batch_loss(const FloatNet *n, const Batch *b, uint64_t *mask)
{
    double loss = 0;
    uint64_t h = 0;
    for (int s = 0; s < GC_SAMPLES; s++) {
        FloatNetTape t;
        const uint16_t *f[2] = {b->f[s][0], b->f[s][1]};
        float y = float_net_forward(n, f, b->n[s], &t);
        loss += net_train_loss(y, b->target[s], NULL);
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < NET_L1; i++) h = h * 31 + (t.acc[p][i] > 0) + 2 * (t.acc[p][i] < 1);
        for (int j = 0; j < NET_L2; j++) h = h * 31 + (t.h2[j] > 0) + 2 * (t.h2[j] < 1);
        for (int j = 0; j < NET_L3; j++) h = h * 31 + (t.h3[j] > 0) + 2 * (t.h3[j] < 1);
    }
    *mask = h;
    return loss;
}

static void test_gradient(void)
{
    GRand *rng = test_rand();
    FloatNet n, g;
    float_net_alloc(&n, GC_INPUTS);
    float_net_alloc(&g, GC_INPUTS);
    float_net_init(&n, g_rand_int(rng), 4);
    // Biases away from their start so that units differ.
    for (int j = 0; j < NET_L2; j++) n.d.b2[j] = (float)g_rand_double_range(rng, 0, 1);
    for (int j = 0; j < NET_L3; j++) n.d.b3[j] = (float)g_rand_double_range(rng, 0, 1);
    n.d.b4 = (float)g_rand_double_range(rng, -1, 1);
    Batch b;
    for (int s = 0; s < GC_SAMPLES; s++) {
        for (int p = 0; p < 2; p++) {
            b.n[s][p] = g_rand_int_range(rng, 1, 6);
            for (int k = 0; k < b.n[s][p]; k++)
                b.f[s][p][k] = (uint16_t)g_rand_int_range(rng, 0, GC_INPUTS);
        }
        b.target[s] = g_rand_double_range(rng, 0, 1);
    }
    uint8_t touched[GC_INPUTS] = {0};
    uint32_t rows[GC_INPUTS];
    int nrows = 0;
    for (int s = 0; s < GC_SAMPLES; s++) {
        FloatNetTape t;
        const uint16_t *f[2] = {b.f[s][0], b.f[s][1]};
        float dy, y = float_net_forward(&n, f, b.n[s], &t);
        net_train_loss(y, b.target[s], &dy);
        float_net_backward(&n, f, b.n[s], &t, dy, &g, touched, rows, &nrows);
    }
    // Every weight: the first layer's and the dense ones, in one list of pointers.
    size_t n1 = (size_t)GC_INPUTS * NET_L1, total = n1 + FLOAT_NET_DENSE;
    int checked = 0, skipped = 0, checked_w1 = 0;
    double worst = 0, largest = 0;
    uint64_t m0, mp, mm;
    batch_loss(&n, &b, &m0);
    for (size_t i = 0; i < total; i++) {
        float *w = i < n1 ? &n.w1[i] : (float *)&n.d + (i - n1);
        float ana = i < n1 ? g.w1[i] : ((float *)&g.d)[i - n1];
        if (i < n1 && !touched[i / NET_L1]) g_assert_cmpfloat(ana, ==, 0);
        // A step small enough that no unit crosses a clip edge, where the loss has a kink.
        float keep = *w, eps = 0;
        double lp = 0, lm = 0;
        for (float e = 1e-2f; e >= 1e-3f && !eps; e /= 10) {
            *w = keep + e;
            lp = batch_loss(&n, &b, &mp);
            *w = keep - e;
            lm = batch_loss(&n, &b, &mm);
            *w = keep;
            if (mp == m0 && mm == m0) eps = e;
        }
        if (!eps) {
            skipped++;
            continue;
        }
        checked_w1 += i < n1;
        double num = (lp - lm) / (2.0 * ((double)(keep + eps) - (double)keep));
        double err = fabs(num - ana);
        worst = MAX(worst, err / (1e-4 + 1e-2 * fabs(ana)));
        largest = MAX(largest, fabs(ana));
        checked++;
        if (err > 1e-4 + 1e-2 * fabs(ana))
            g_test_message("weight %zu: backward %g, finite differences %g", i, ana, num);
        g_assert_cmpfloat(err, <=, 1e-4 + 1e-2 * fabs(ana));
    }
    g_test_message("gradient check: %d weights checked, %d skipped at a clip edge, worst error "
                   "%.3f of the tolerance, largest gradient %g",
                   checked, skipped, worst, largest);
    // Most weights are checked; a batch with units near their clip edges loses more of them.
    g_assert_cmpint(checked, >, (int)total / 5);
    g_assert_cmpint(checked_w1, >, 0);
    g_assert_cmpfloat(largest, >, 1e-2);
    float_net_free(&n);
    float_net_free(&g);
    g_rand_free(rng);
}

// The integer network, from the description in nets/net.h alone.
static int32_t int_score(const Net *n, const uint16_t *const f[2], const int count[2])
{
    int32_t x[2 * NET_L1], a2[NET_L2], a3[NET_L3];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < NET_L1; i++) {
            int32_t acc = n->b1[i];
            for (int k = 0; k < count[p]; k++) acc += n->w1[f[p][k] * NET_L1 + i];
            g_assert_cmpint(acc, >=, INT16_MIN);
            g_assert_cmpint(acc, <=, INT16_MAX);
            x[p * NET_L1 + i] = CLAMP(acc, 0, NET_QA);
        }
    for (int j = 0; j < NET_L2; j++) {
        int32_t s = n->b2[j];
        for (int i = 0; i < 2 * NET_L1; i++) s += n->w2[j * 2 * NET_L1 + i] * x[i];
        a2[j] = CLAMP(s >> NET_QW_SHIFT, 0, NET_QA);
    }
    for (int j = 0; j < NET_L3; j++) {
        int32_t s = n->b3[j];
        for (int i = 0; i < NET_L2; i++) s += n->w3[j * NET_L2 + i] * a2[i];
        a3[j] = CLAMP(s >> NET_QW_SHIFT, 0, NET_QA);
    }
    int32_t o = n->b4;
    for (int j = 0; j < NET_L3; j++) o += n->w4[j] * a3[j];
    return (int32_t)((int64_t)o * n->output_scale / (NET_QA * NET_QW));
}

static void net_release(Net *n)
{
    g_aligned_free(n->w1);
    g_aligned_free(n->b1);
    g_aligned_free(n->w2);
    g_aligned_free(n->w3);
    g_free(n->provenance);
}

// Random records: inputs features, up to max_active of them a perspective (scores zero).
static void random_data(NetData *d, GRand *rng, int inputs, int records, int max_active)
{
    memset(d, 0, sizeof *d);
    g_strlcpy(d->header.feature_set, "random", sizeof d->header.feature_set);
    d->header.inputs = inputs;
    d->header.symmetries = 1;
    d->header.perm = g_new(uint16_t, inputs);
    for (int i = 0; i < inputs; i++) d->header.perm[i] = (uint16_t)i;
    d->header.provenance = g_strdup("");
    d->files = 1;
    d->pos = g_new0(NetDataPos, records);
    d->features = g_new(uint16_t, (size_t)records * 2 * max_active);
    for (int r = 0; r < records; r++) {
        NetDataPos *p = &d->pos[d->count++];
        p->game = (uint32_t)r;
        p->offset = d->nfeatures;
        for (int k = 0; k < 2; k++) {
            p->n[k] = (uint8_t)g_rand_int_range(rng, 0, max_active + 1);
            for (int j = 0; j < p->n[k]; j++)
                d->features[d->nfeatures++] = (uint16_t)g_rand_int_range(rng, 0, inputs);
        }
    }
}

// |integer score - float score| over records [begin, end) of d: returns the mean, sets *max.
static double quant_diff(const FloatNet *fn, const Net *q, const NetData *d, const uint32_t *recs,
                         size_t n, double *max_diff)
{
    double sum = 0;
    *max_diff = 0;
    for (size_t i = 0; i < n; i++) {
        const uint16_t *f[2] = {net_data_features(d, recs[i], 0), net_data_features(d, recs[i], 1)};
        int count[2] = {d->pos[recs[i]].n[0], d->pos[recs[i]].n[1]};
        double diff = fabs(int_score(q, f, count) -
                           q->output_scale * (double)float_net_forward(fn, f, count, NULL));
        sum += diff;
        *max_diff = MAX(*max_diff, diff);
    }
    return n ? sum / (double)n : 0;
}

static void test_quantize(void)
{
    GRand *rng = test_rand();
    FloatNet n;
    float_net_alloc(&n, 64);
    NetData d;
    int records = TEST_SCALED(6000);
    random_data(&d, rng, 64, records, 32);
    uint32_t *recs = g_new(uint32_t, records);
    for (int i = 0; i < records; i++) recs[i] = (uint32_t)i;
    size_t cal = (size_t)records * 2 / 3; // calibrate on these, measure on the others
    double worst[2][2] = {{0}};           // plain, calibrated; max, mean
    for (int round = 0; round < 4; round++) {
        // A random network like a trained one: its biases spread, the output's weights larger.
        float_net_init(&n, g_rand_int(rng), 16);
        for (int j = 0; j < NET_L2; j++) n.d.b2[j] = (float)g_rand_double_range(rng, -0.5, 1.5);
        for (int j = 0; j < NET_L3; j++) {
            n.d.b3[j] = (float)g_rand_double_range(rng, -0.5, 1.5);
            n.d.w4[j] = (float)g_rand_double_range(rng, -0.6, 0.6);
        }
        n.d.b4 = (float)g_rand_double_range(rng, -2, 2);
        Net q;
        net_train_quantize(&n, "random", 1000, &q);
        for (int k = 0; k < 2; k++) {
            if (k) net_train_calibrate(&n, &q, &d, recs, cal);
            double max_diff, mean = quant_diff(&n, &q, &d, recs + cal, records - cal, &max_diff);
            worst[k][0] = MAX(worst[k][0], max_diff);
            worst[k][1] = MAX(worst[k][1], mean);
        }
        net_release(&q);
    }
    g_test_message("random networks: |integer - float| max %.2f, mean %.2f score units rounded "
                   "to the nearest; max %.2f, mean %.2f calibrated",
                   worst[0][0], worst[0][1], worst[1][0], worst[1][1]);
    g_assert_cmpfloat(worst[1][0], <=, QUANT_RANDOM_MAX_DIFF);
    g_assert_cmpfloat(worst[1][1], <=, QUANT_RANDOM_MEAN_DIFF);
    // At the weights' limits the accumulators still fit int16 with every feature active
    // (int_score asserts it).
    for (size_t i = 0; i < (size_t)n.inputs * NET_L1; i++)
        n.w1[i] = i % 3 ? NET_TRAIN_W1_MAX : -NET_TRAIN_W1_MAX;
    for (int i = 0; i < NET_L1; i++) n.d.b1[i] = i % 2 ? NET_TRAIN_W1_MAX : -NET_TRAIN_W1_MAX;
    Net q;
    net_train_quantize(&n, "random", 1000, &q);
    uint16_t all[NET_DATA_MAX_ACTIVE];
    for (int i = 0; i < NET_DATA_MAX_ACTIVE; i++) all[i] = (uint16_t)(3 * (i % 22));
    const uint16_t *f[2] = {all, all};
    int count[2] = {NET_DATA_MAX_ACTIVE, NET_DATA_MAX_ACTIVE};
    int_score(&q, f, count);
    g_assert_cmpint(q.w1[1], ==, (int)lround(NET_TRAIN_W1_MAX * NET_QA));
    net_release(&q);
    g_free(recs);
    net_data_free(&d);
    float_net_free(&n);
    g_rand_free(rng);
}

static NetTrainOptions syn_options(void)
{
    NetTrainOptions o;
    net_train_options_default(&o);
    o.epochs = 6;
    o.batch = 256;
    o.lr = 3e-3;
    o.lambda = 1;
    o.validation_every = 10;
    return o;
}

static void record_epoch(void *ctx, const NetTrainEpoch *e)
{
    double *losses = ctx;
    losses[e->epoch - 1] = e->valid_loss;
}

static void test_loss_drops(void)
{
    GRand *rng = test_rand();
    Rule rule;
    rule_init(&rule, rng);
    NetData d;
    // Sanitised builds (ten times slower) train on fewer records for more epochs.
    make_data(&d, rng, &rule, TEST_SANITIZED ? 10000 : 25000);
    NetTrainOptions o = syn_options();
    o.epochs = TEST_SANITIZED ? 10 : 6;
    o.seed = g_rand_int(rng);
    NetTrainer t;
    GError *err = NULL;
    g_assert_true(net_trainer_init(&t, &d, &o, NULL, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(t.nvalid, ==, d.count / 10);
    NetTrainEpoch before;
    net_trainer_validate(&t, &before);
    double start = before.valid_loss;
    double t0 = g_get_monotonic_time() / 1e6, losses[16];
    NetTrainHooks hooks = {.epoch_done = record_epoch, .ctx = losses};
    g_assert_cmpint(net_trainer_run(&t, &hooks, &err), ==, NET_TRAIN_DONE);
    double seconds = g_get_monotonic_time() / 1e6 - t0;
    double end = t.last.valid_loss;
    g_test_message("synthetic problem: validation loss %.6f before, %.6f after %d epochs "
                   "(%.6f after the first; training loss %.6f), results on the right side %.4f; "
                   "%.0f records/s",
                   start, end, o.epochs, losses[0], t.last.train_loss, t.last.valid_sign,
                   (double)t.ntrain * o.epochs / seconds);
    g_assert_cmpfloat(end, <, start / 20);
    g_assert_cmpfloat(end, <, 3e-3);
    g_assert_cmpfloat(t.last.valid_sign, >, 0.9);
    // The trained network rounded: its scores on the validation records.
    Net q;
    const FloatNet *fin = &t.net;
    net_train_quantize(fin, "synthetic", o.scale, &q);
    double max_plain, mean_plain = quant_diff(fin, &q, &d, t.valid, t.nvalid, &max_plain);
    net_train_calibrate(fin, &q, &d, t.train, MIN(t.ntrain, 10000));
    double max_diff, mean = quant_diff(fin, &q, &d, t.valid, t.nvalid, &max_diff);
    g_test_message("trained network: |integer - float| max %.2f, mean %.2f score units rounded "
                   "to the nearest; max %.2f, mean %.2f calibrated",
                   max_plain, mean_plain, max_diff, mean);
    g_assert_cmpfloat(max_diff, <=, QUANT_MAX_DIFF);
    g_assert_cmpfloat(mean, <=, QUANT_MEAN_DIFF);
    net_release(&q);
    net_trainer_free(&t);
    net_data_free(&d);
    g_rand_free(rng);
}

// Checkpoints

typedef struct {
    int polls, stop_at;
} StopAfter;

static bool stop_after(void *ctx)
{
    StopAfter *s = ctx;
    return ++s->polls == s->stop_at;
}

static void assert_same_net(const FloatNet *a, const FloatNet *b)
{
    g_assert_cmpint(a->inputs, ==, b->inputs);
    g_assert_cmpmem(a->w1, sizeof(float) * (size_t)a->inputs * NET_L1, b->w1,
                    sizeof(float) * (size_t)b->inputs * NET_L1);
    g_assert_cmpmem(&a->d, sizeof a->d, &b->d, sizeof b->d);
}

static void check_resume(const NetData *d, int threads, const char *dir)
{
    NetTrainOptions o = syn_options();
    o.epochs = 3;
    o.batch = 100;
    o.threads = threads;
    char *ca = g_build_filename(dir, "a.ckpt", NULL), *cb = g_build_filename(dir, "b.ckpt", NULL);
    NetTrainer a, b;
    GError *err = NULL;
    g_assert_true(net_trainer_init(&a, d, &o, ca, &err));
    g_assert_false(a.resumed);
    g_assert_cmpint(net_trainer_run(&a, NULL, &err), ==, NET_TRAIN_DONE);
    // Stopped in the first epoch, then in the third, then run to the end.
    const int stops[] = {7, 2 * 36 + 5, 0};
    for (int k = 0; k < 3; k++) {
        g_assert_true(net_trainer_init(&b, d, &o, cb, &err));
        g_assert_no_error(err);
        g_assert_cmpint(b.resumed, ==, k > 0);
        StopAfter s = {0, stops[k] - (k == 1 ? 7 : 0)};
        NetTrainHooks h = {.stop = stop_after, .ctx = &s};
        NetTrainStatus st = net_trainer_run(&b, &h, &err);
        g_assert_no_error(err);
        g_assert_cmpint(st, ==, k < 2 ? NET_TRAIN_STOPPED : NET_TRAIN_DONE);
        if (k == 0) g_assert_cmpuint(b.next_batch, ==, 7);
        if (k == 1) g_assert_cmpint(b.epoch, ==, 2);
        if (k < 2) net_trainer_free(&b);
    }
    assert_same_net(&a.net, &b.net);
    assert_same_net(&a.m, &b.m);
    assert_same_net(&a.v, &b.v);
    g_assert_cmpint(a.step, ==, b.step);
    g_assert_cmpfloat(a.last.valid_loss, ==, b.last.valid_loss);
    g_assert_cmpfloat(a.last.train_loss, ==, b.last.train_loss);
    net_trainer_free(&a);
    net_trainer_free(&b);
    g_remove(ca);
    g_remove(cb);
    g_free(ca);
    g_free(cb);
}

static void test_resume(void)
{
    GRand *rng = test_rand();
    Rule rule;
    rule_init(&rule, rng);
    NetData d;
    make_data(&d, rng, &rule, 4000); // 3600 training records: 36 batches of 100
    char *dir = g_dir_make_tmp("sumito-train-XXXXXX", NULL);
    check_resume(&d, 1, dir);
    check_resume(&d, 2, dir);
    g_rmdir(dir);
    g_free(dir);
    net_data_free(&d);
    g_rand_free(rng);
}

static void test_resume_refused(void)
{
    GRand *rng = test_rand();
    Rule rule;
    rule_init(&rule, rng);
    NetData d;
    make_data(&d, rng, &rule, 2000);
    char *dir = g_dir_make_tmp("sumito-train-XXXXXX", NULL);
    char *path = g_build_filename(dir, "run.ckpt", NULL);
    NetTrainOptions o = syn_options();
    o.epochs = 1;
    NetTrainer t;
    GError *err = NULL;
    g_assert_true(net_trainer_init(&t, &d, &o, path, &err));
    g_assert_cmpint(net_trainer_run(&t, NULL, &err), ==, NET_TRAIN_DONE);
    net_trainer_free(&t);
    // More epochs and other thread counts are the same run.
    o.epochs = 2;
    o.threads = 1;
    g_assert_true(net_trainer_init(&t, &d, &o, path, &err));
    g_assert_true(t.resumed);
    g_assert_cmpint(t.epoch, ==, 1);
    net_trainer_free(&t);
    // Other options are not.
    NetTrainOptions other = o;
    other.lr = 0.002;
    other.include_noisy = true;
    g_assert_false(net_trainer_init(&t, &d, &other, path, &err));
    g_assert_error(err, NET_TRAIN_ERROR, NET_TRAIN_ERROR_CHECKPOINT);
    g_assert_nonnull(strstr(err->message, "lr: checkpoint 0.003, this run 0.002"));
    g_assert_nonnull(strstr(err->message, "include-noisy: checkpoint no, this run yes"));
    g_clear_error(&err);
    net_trainer_free(&t);
    // Nor other data.
    d.pos[5].score++;
    g_assert_false(net_trainer_init(&t, &d, &o, path, &err));
    g_assert_nonnull(strstr(err->message, "data-hash: checkpoint "));
    g_clear_error(&err);
    net_trainer_free(&t);
    d.pos[5].score--;
    // A damaged checkpoint is refused.
    gchar *text;
    gsize len;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    text[len / 2] ^= 1;
    g_assert_true(g_file_set_contents(path, text, (gssize)len, NULL));
    g_assert_false(net_trainer_init(&t, &d, &o, path, &err));
    g_assert_nonnull(strstr(err->message, "checksum mismatch"));
    g_clear_error(&err);
    net_trainer_free(&t);
    g_free(text);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    net_data_free(&d);
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/nets/train/target", test_target);
    g_test_add_func("/nets/train/gradient", test_gradient);
    g_test_add_func("/nets/train/quantize", test_quantize);
    g_test_add_func("/nets/train/loss-drops", test_loss_drops);
    g_test_add_func("/nets/train/resume", test_resume);
    g_test_add_func("/nets/train/resume-refused", test_resume_refused);
    return g_test_run();
}
