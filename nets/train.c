// SPDX-License-Identifier: MIT
// The training loop: the split into training and validation records, the epochs of shuffled
// mini-batches whose gradient worker threads compute in shares and add up in a fixed order,
// one Adam step a batch, validation and a checkpoint after every epoch, and a clean stop.
#include "nets/train.h"
#include "base/bytes.h"
#include "base/rng.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

G_DEFINE_QUARK(net - train - error - quark, net_train_error)

#define MAX_THREADS 64

// One thread's share of a batch (or of the validation records) and its gradient.
struct NetTrainWorker {
    NetTrainer *t;
    pthread_t thread;
    FloatNet grad;
    uint8_t *touched; // [inputs]: first-layer rows with a gradient
    uint32_t *rows;
    int nrows;
    FloatNetTape tape;
    uint16_t buf[2][NET_DATA_MAX_ACTIVE];
    // The job: items[begin..end), the first at position `first` of the epoch; train or validate.
    const uint32_t *items;
    size_t begin, end, first;
    bool train;
    double loss;
    size_t decided, right;
    bool alive1[2 * NET_L1], alive2[NET_L2], alive3[NET_L3]; // inside their clip once
};

void net_train_options_default(NetTrainOptions *o)
{
    *o = (NetTrainOptions){.epochs = 10,
                           .batch = 4096,
                           .lr = 1e-3,
                           .lambda = 0.75,
                           .scale = 1000,
                           .threads = 2,
                           .seed = 1,
                           .include_noisy = false,
                           .validation_every = 20};
}

// The symmetry of the sample at position i of an epoch's order.
static int symmetry_of(const NetTrainer *t, int epoch, size_t i)
{
    int s = t->data->header.symmetries;
    if (s == 1) return 0;
    uint64_t r = rng_mix64(rng_mix64(rng_mix64(t->opt.seed) + (uint64_t)epoch) + i);
    return (int)(r % (uint64_t)s);
}

// The order of the training records in an epoch: a Fisher-Yates shuffle of the data order
// drawn from the seed and the epoch alone, so a resumed run draws it again.
static void shuffle(NetTrainer *t, int epoch)
{
    memcpy(t->order, t->train, sizeof *t->order * t->ntrain);
    uint64_t base = rng_mix64(rng_mix64(t->opt.seed ^ 0x5eed) + (uint64_t)epoch);
    for (size_t k = t->ntrain; k > 1; k--) {
        size_t j = (size_t)(rng_mix64(base + k) % k);
        uint32_t x = t->order[k - 1];
        t->order[k - 1] = t->order[j];
        t->order[j] = x;
    }
    t->order_epoch = epoch;
}

// One sample: the features under its symmetry, the forward pass, the loss, and either the
// backward pass or the validation counts.
static void sample(NetTrainWorker *w, uint32_t rec, int sym)
{
    const NetTrainer *t = w->t;
    const NetData *d = t->data;
    const NetDataPos *p = &d->pos[rec];
    const uint16_t *f[2];
    int count[2] = {p->n[0], p->n[1]};
    const uint16_t *perm = d->header.perm + (size_t)sym * (size_t)d->header.inputs;
    for (int k = 0; k < 2; k++) {
        f[k] = net_data_features(d, rec, k);
        if (sym == 0) continue;
        for (int i = 0; i < count[k]; i++) w->buf[k][i] = perm[f[k][i]];
        f[k] = w->buf[k];
    }
    float y = float_net_forward(&t->net, f, count, &w->tape), dy;
    double target = net_train_target(p->score, p->result, t->opt.lambda, t->opt.scale);
    w->loss += net_train_loss(y, target, &dy);
    if (w->train) {
        float_net_backward(&t->net, f, count, &w->tape, dy, &w->grad, w->touched, w->rows,
                           &w->nrows);
        return;
    }
    if (p->result) {
        w->decided++;
        w->right += (y > 0 && p->result > 0) || (y < 0 && p->result < 0);
    }
    const FloatNetTape *tp = &w->tape;
    for (int i = 0; i < 2 * NET_L1; i++)
        w->alive1[i] |= tp->acc[i / NET_L1][i % NET_L1] > 0 && tp->acc[i / NET_L1][i % NET_L1] < 1;
    for (int j = 0; j < NET_L2; j++) w->alive2[j] |= tp->h2[j] > 0 && tp->h2[j] < 1;
    for (int j = 0; j < NET_L3; j++) w->alive3[j] |= tp->h3[j] > 0 && tp->h3[j] < 1;
}

static void *work(void *arg)
{
    NetTrainWorker *w = arg;
    w->loss = 0;
    w->decided = w->right = 0;
    memset(w->alive1, 0, sizeof w->alive1);
    memset(w->alive2, 0, sizeof w->alive2);
    memset(w->alive3, 0, sizeof w->alive3);
    for (size_t i = w->begin; i < w->end; i++)
        sample(w, w->items[i], w->train ? symmetry_of(w->t, w->t->epoch, w->first + i) : 0);
    return NULL;
}

// Runs items[0..n) in equal shares on the workers (the first on this thread).
static void run_workers(NetTrainer *t, const uint32_t *items, size_t n, size_t first, bool train)
{
    int k = t->opt.threads;
    for (int i = 0; i < k; i++) {
        NetTrainWorker *w = &t->workers[i];
        w->items = items;
        w->begin = n * (size_t)i / (size_t)k;
        w->end = n * (size_t)(i + 1) / (size_t)k;
        w->first = first;
        w->train = train;
    }
    int started = 1;
    for (int i = 1; i < k; i++, started++)
        if (pthread_create(&t->workers[i].thread, NULL, work, &t->workers[i])) break;
    work(&t->workers[0]);
    for (int i = 1; i < started; i++) pthread_join(t->workers[i].thread, NULL);
    for (int i = started; i < k; i++) work(&t->workers[i]); // no thread: do it here
}

// Adds the other workers' gradients to the first's, in worker order, and clears them.
static void gather(NetTrainer *t)
{
    NetTrainWorker *w0 = &t->workers[0];
    for (int k = 1; k < t->opt.threads; k++) {
        NetTrainWorker *w = &t->workers[k];
        float *to = (float *)&w0->grad.d, *from = (float *)&w->grad.d;
        for (size_t i = 0; i < FLOAT_NET_DENSE; i++) to[i] += from[i];
        memset(&w->grad.d, 0, sizeof w->grad.d);
        for (int r = 0; r < w->nrows; r++) {
            size_t o = (size_t)w->rows[r] * NET_L1;
            if (!w0->touched[w->rows[r]]) {
                w0->touched[w->rows[r]] = 1;
                w0->rows[w0->nrows++] = w->rows[r];
                memcpy(w0->grad.w1 + o, w->grad.w1 + o, sizeof(float) * NET_L1);
            } else {
                for (int i = 0; i < NET_L1; i++) w0->grad.w1[o + i] += w->grad.w1[o + i];
            }
            memset(w->grad.w1 + o, 0, sizeof(float) * NET_L1);
            w->touched[w->rows[r]] = 0;
        }
        w->nrows = 0;
    }
}

// One mini-batch: the gradient of the mean loss, one Adam step; returns the loss summed.
static double train_batch(NetTrainer *t, size_t begin, size_t end)
{
    run_workers(t, t->order + begin, end - begin, begin, true);
    double loss = 0;
    for (int k = 0; k < t->opt.threads; k++) loss += t->workers[k].loss;
    gather(t);
    NetTrainWorker *w0 = &t->workers[0];
    t->step++;
    // The rate rises over the first steps: Adam's first steps move every weight by about lr,
    // which shifts a second-layer sum over 256 inputs by up to 128 lr a step, and can push all
    // its units out of the clip for good (measured on the synthetic problem of the tests, 72
    // runs of 2 epochs at lr 3e-3 before NET_TRAIN_W2_RATE: without warm-up, one ended at a
    // loss of 0.049 with its second layer dead; over 100 steps, the worst ended at 0.0052).
    double warm = MIN(1.0, (double)t->step / NET_TRAIN_WARMUP);
    NetAdam adam = {.lr = t->opt.lr * warm, .beta1 = 0.9, .beta2 = 0.999, .eps = 1e-8};
    float_net_adam(&t->net, &w0->grad, &t->m, &t->v, &adam, t->step, 1.0f / (float)(end - begin),
                   w0->rows, w0->nrows);
    memset(&w0->grad.d, 0, sizeof w0->grad.d);
    for (int r = 0; r < w0->nrows; r++) {
        memset(w0->grad.w1 + (size_t)w0->rows[r] * NET_L1, 0, sizeof(float) * NET_L1);
        w0->touched[w0->rows[r]] = 0;
    }
    w0->nrows = 0;
    return loss;
}

void net_trainer_validate(NetTrainer *t, NetTrainEpoch *e)
{
    e->valid_loss = NAN;
    e->valid_sign = 0;
    e->valid_decided = 0;
    memset(e->dead, 0, sizeof e->dead);
    if (!t->nvalid) return;
    run_workers(t, t->valid, t->nvalid, 0, false);
    double sum = 0;
    size_t right = 0;
    for (int k = 0; k < t->opt.threads; k++) {
        sum += t->workers[k].loss;
        e->valid_decided += t->workers[k].decided;
        right += t->workers[k].right;
    }
    e->valid_loss = sum / (double)t->nvalid;
    e->valid_sign = e->valid_decided ? (double)right / (double)e->valid_decided : 0;
    // A unit is dead when no worker saw it inside its clip.
    int sizes[3] = {2 * NET_L1, NET_L2, NET_L3};
    for (int layer = 0; layer < 3; layer++)
        for (int i = 0; i < sizes[layer]; i++) {
            bool alive = false;
            for (int k = 0; k < t->opt.threads && !alive; k++) {
                const NetTrainWorker *w = &t->workers[k];
                alive = layer == 0 ? w->alive1[i] : layer == 1 ? w->alive2[i] : w->alive3[i];
            }
            e->dead[layer] += !alive;
        }
}

static double now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

static bool stop_asked(const NetTrainHooks *h)
{
    return h && h->stop && h->stop(h->ctx);
}

// The rest of the current epoch from t->next_batch; false when a stop was asked first.
static bool run_epoch(NetTrainer *t, const NetTrainHooks *h, double *seconds, size_t *samples)
{
    if (t->order_epoch != t->epoch) shuffle(t, t->epoch);
    size_t b = (size_t)t->opt.batch, batches = (t->ntrain + b - 1) / b;
    double start = now();
    while (t->next_batch < batches) {
        size_t begin = t->next_batch * b, end = MIN(begin + b, t->ntrain);
        t->loss_sum += train_batch(t, begin, end);
        t->loss_count += end - begin;
        *samples += end - begin;
        t->next_batch++;
        if (h && h->progress)
            h->progress(h->ctx, t->epoch + 1, end, t->ntrain, t->loss_sum / (double)t->loss_count);
        if (t->next_batch < batches && stop_asked(h)) break;
    }
    *seconds += now() - start;
    return t->next_batch == batches;
}

NetTrainStatus net_trainer_run(NetTrainer *t, const NetTrainHooks *h, GError **err)
{
    while (t->epoch < t->opt.epochs) {
        double seconds = 0;
        size_t samples = 0;
        if (!run_epoch(t, h, &seconds, &samples)) {
            if (t->ckpt && !net_trainer_save(t, err)) return NET_TRAIN_FAILED;
            return NET_TRAIN_STOPPED;
        }
        NetTrainEpoch *e = &t->last;
        e->epoch = t->epoch + 1;
        e->train_loss = t->loss_sum / (double)MAX(t->loss_count, 1);
        e->seconds = seconds;
        e->samples = samples;
        net_trainer_validate(t, e);
        t->epoch++;
        t->next_batch = 0;
        t->loss_sum = 0;
        t->loss_count = 0;
        if (t->ckpt && !net_trainer_save(t, err)) return NET_TRAIN_FAILED;
        if (h && h->epoch_done) h->epoch_done(h->ctx, e);
        if (t->epoch < t->opt.epochs && stop_asked(h)) return NET_TRAIN_STOPPED;
    }
    return NET_TRAIN_DONE;
}

// Setting up

static bool options_valid(const NetTrainOptions *o, GError **err)
{
    const char *bad = NULL;
    if (o->epochs < 0)
        bad = "--epochs must be 0 or more";
    else if (o->batch < 1)
        bad = "--batch must be 1 or more";
    else if (!(o->lr > 0 && o->lr < 1))
        bad = "--lr must lie in (0, 1)";
    else if (!(o->lambda >= 0 && o->lambda <= 1))
        bad = "--lambda must lie in [0, 1]";
    else if (o->scale < 1)
        bad = "--scale must be 1 or more";
    else if (o->threads < 1 || o->threads > MAX_THREADS)
        bad = "--threads must be 1 to 64";
    else if (o->validation_every < 0)
        bad = "--validation-every must be 0 or more";
    if (bad) g_set_error(err, NET_TRAIN_ERROR, NET_TRAIN_ERROR_DATA, "%s", bad);
    return !bad;
}

// The records to train on and to validate on, and a hash of all the data.
static bool split(NetTrainer *t, GError **err)
{
    const NetData *d = t->data;
    t->train = g_new(uint32_t, MAX(d->count, 1));
    t->valid = g_new(uint32_t, MAX(d->count, 1));
    uint64_t h = BYTES_FNV1A64_INIT, active = 0;
    for (size_t i = 0; i < d->count; i++) {
        const NetDataPos *p = &d->pos[i];
        h = bytes_fnv1a64_word(h, (uint64_t)p->game | (uint64_t)p->ply << 32 |
                                      (uint64_t)(uint16_t)p->score << 48);
        h = bytes_fnv1a64_word(h, (uint64_t)(uint8_t)p->result | (uint64_t)p->flags << 8 |
                                      (uint64_t)p->n[0] << 16 | (uint64_t)p->n[1] << 24);
        const uint16_t *f = net_data_features(d, i, 0);
        for (int k = 0; k < p->n[0] + p->n[1]; k++) h = bytes_fnv1a64_word(h, f[k]);
        if ((p->flags & NET_DATA_NOISY) && !t->opt.include_noisy)
            t->skipped_noisy++;
        else if (t->opt.validation_every && p->game % (uint32_t)t->opt.validation_every == 0)
            t->valid[t->nvalid++] = (uint32_t)i;
        else {
            t->train[t->ntrain++] = (uint32_t)i;
            active += (uint64_t)p->n[0] + p->n[1];
        }
    }
    t->data_hash = h;
    t->mean_active = t->ntrain ? (double)active / (2.0 * (double)t->ntrain) : 1;
    if (!t->ntrain) {
        g_set_error(err, NET_TRAIN_ERROR, NET_TRAIN_ERROR_DATA,
                    "no training records (%zu records: %zu noisy skipped, %zu held out)", d->count,
                    t->skipped_noisy, t->nvalid);
        return false;
    }
    return true;
}

// The shortest of %.15g, %.16g, %.17g that reads back as x.
static void shortest(char *buf, size_t size, double x)
{
    for (int digits = 15; digits <= 17; digits++) {
        char fmt[8];
        g_snprintf(fmt, sizeof fmt, "%%.%dg", digits);
        g_ascii_formatd(buf, (int)size, fmt, x);
        if (g_ascii_strtod(buf, NULL) == x) return;
    }
}

char *net_trainer_run_text(const NetTrainer *t)
{
    const NetTrainOptions *o = &t->opt;
    const NetDataHeader *h = &t->data->header;
    char lr[G_ASCII_DTOSTR_BUF_SIZE], lambda[G_ASCII_DTOSTR_BUF_SIZE];
    shortest(lr, sizeof lr, o->lr);
    shortest(lambda, sizeof lambda, o->lambda);
    return g_strdup_printf("batch %d\nlr %s\nlambda %s\nscale %d\nseed %" G_GUINT64_FORMAT
                           "\ninclude-noisy %s\nvalidation-every %d\nfeature-set %s\n"
                           "inputs %d\nsymmetries %d\nrecords %zu\ntraining-records %zu\n"
                           "validation-records %zu\ndata-hash %016" G_GINT64_MODIFIER "x\n",
                           o->batch, lr, lambda, o->scale, o->seed, o->include_noisy ? "yes" : "no",
                           o->validation_every, h->feature_set, h->inputs, h->symmetries,
                           t->data->count, t->ntrain, t->nvalid, t->data_hash);
}

// net_trainer_init's work; on failure t may hold allocations, which the caller frees.
static bool trainer_setup(NetTrainer *t, const NetData *d, const NetTrainOptions *o,
                          const char *ckpt_path, GError **err)
{
    memset(t, 0, sizeof *t);
    t->opt = *o;
    t->data = d;
    t->order_epoch = -1;
    if (!options_valid(o, err)) return false;
    if (d->header.inputs > NET_MAX_INPUTS) {
        g_set_error(err, NET_TRAIN_ERROR, NET_TRAIN_ERROR_DATA,
                    "%d inputs: the network takes at most %d", d->header.inputs, NET_MAX_INPUTS);
        return false;
    }
    if (!split(t, err)) return false;
    t->run_text = net_trainer_run_text(t);
    t->ckpt = g_strdup(ckpt_path);
    t->order = g_new(uint32_t, t->ntrain);
    int inputs = d->header.inputs;
    float_net_alloc(&t->net, inputs);
    float_net_alloc(&t->m, inputs);
    float_net_alloc(&t->v, inputs);
    t->workers = g_new0(NetTrainWorker, o->threads);
    for (int k = 0; k < o->threads; k++) {
        NetTrainWorker *w = &t->workers[k];
        w->t = t;
        float_net_alloc(&w->grad, inputs);
        w->touched = g_new0(uint8_t, inputs);
        w->rows = g_new(uint32_t, inputs);
    }
    GError *why = NULL;
    if (t->ckpt && net_trainer_load(t, &why)) {
        t->resumed = true;
        return true;
    }
    if (why && !g_error_matches(why, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
        g_propagate_error(err, why);
        return false;
    }
    g_clear_error(&why);
    float_net_init(&t->net, o->seed, t->mean_active);
    return true;
}

bool net_trainer_init(NetTrainer *t, const NetData *d, const NetTrainOptions *o,
                      const char *ckpt_path, GError **err)
{
    if (trainer_setup(t, d, o, ckpt_path, err)) return true;
    net_trainer_free(t);
    return false;
}

void net_trainer_free(NetTrainer *t)
{
    for (int k = 0; t->workers && k < t->opt.threads; k++) {
        float_net_free(&t->workers[k].grad);
        g_free(t->workers[k].touched);
        g_free(t->workers[k].rows);
    }
    g_free(t->workers);
    float_net_free(&t->net);
    float_net_free(&t->m);
    float_net_free(&t->v);
    g_free(t->train);
    g_free(t->valid);
    g_free(t->order);
    g_free(t->run_text);
    g_free(t->ckpt);
    memset(t, 0, sizeof *t);
}
