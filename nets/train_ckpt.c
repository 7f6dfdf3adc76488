// SPDX-License-Identifier: MIT
// Training checkpoints: everything a run needs to go on exactly where it stopped.
//
// Format (little-endian): char magic[8] "SUMITOTC"; u32 version; u32 run_text_length;
// char run_text[run_text_length] (the options and the data the run was started with, one
// "key value" a line; a resumed run must have the same); i64 Adam steps; u32 epochs finished;
// u64 next batch of the current epoch; f64 loss sum and u64 sample count of the current
// epoch; the last finished epoch's figures (u32 epoch; f64 train loss, validation loss, sign
// share; u64 decided results; u32 dead units of layers 1, 2, 3; f64 seconds; u64 samples); u32
// inputs; then the weights, the Adam first and the second moments, each as f32 w1[inputs][NET_L1]
// and the FloatNetDense floats in declaration order; u64 FNV-1a 64 of every byte before it. The
// random draws are functions of the seed, the epoch and the position in it, so the position is
// their state.
#include "nets/train.h"
#include "base/file.h"
#include "base/bytes.h"

#include <string.h>

#define MAGIC   "SUMITOTC"
#define VERSION 1

static void put_f64(GByteArray *a, double x)
{
    uint64_t v;
    memcpy(&v, &x, sizeof v);
    bytes_put_u64(a, v);
}

static void put_floats(GByteArray *a, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, &x[i], sizeof v);
        bytes_put_u32(a, v);
    }
}

static void put_net(GByteArray *a, const FloatNet *n)
{
    put_floats(a, n->w1, (size_t)n->inputs * NET_L1);
    put_floats(a, (const float *)&n->d, FLOAT_NET_DENSE);
}

bool net_trainer_save(const NetTrainer *t, GError **err)
{
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (const uint8_t *)MAGIC, 8);
    bytes_put_u32(a, VERSION);
    bytes_put_u32(a, (uint32_t)strlen(t->run_text));
    g_byte_array_append(a, (const uint8_t *)t->run_text, (guint)strlen(t->run_text));
    bytes_put_u64(a, (uint64_t)t->step);
    bytes_put_u32(a, (uint32_t)t->epoch);
    bytes_put_u64(a, t->next_batch);
    put_f64(a, t->loss_sum);
    bytes_put_u64(a, t->loss_count);
    const NetTrainEpoch *e = &t->last;
    bytes_put_u32(a, (uint32_t)e->epoch);
    put_f64(a, e->train_loss);
    put_f64(a, e->valid_loss);
    put_f64(a, e->valid_sign);
    bytes_put_u64(a, e->valid_decided);
    for (int k = 0; k < 3; k++) bytes_put_u32(a, (uint32_t)e->dead[k]);
    put_f64(a, e->seconds);
    bytes_put_u64(a, e->samples);
    bytes_put_u32(a, (uint32_t)t->net.inputs);
    put_net(a, &t->net);
    put_net(a, &t->m);
    put_net(a, &t->v);
    bytes_put_u64(a, bytes_fnv1a64(a->data, a->len));
    bool ok = file_write_atomic(t->ckpt, a->data, a->len, err);
    g_byte_array_unref(a);
    return ok;
}

// A checkpoint being read.
typedef struct {
    const uint8_t *p;
    size_t left;
} Reader;

static uint32_t get32(Reader *r)
{
    const uint8_t *p = r->p;
    r->p += 4;
    r->left -= 4;
    return bytes_load_u32(p);
}

static uint64_t get64(Reader *r)
{
    uint64_t lo = get32(r);
    return lo | (uint64_t)get32(r) << 32;
}

static double get_f64(Reader *r)
{
    uint64_t v = get64(r);
    double x;
    memcpy(&x, &v, sizeof x);
    return x;
}

static void get_net(Reader *r, FloatNet *n)
{
    float *parts[2] = {n->w1, (float *)&n->d};
    size_t counts[2] = {(size_t)n->inputs * NET_L1, FLOAT_NET_DENSE};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < counts[k]; i++) {
            uint32_t v = get32(r);
            memcpy(&parts[k][i], &v, sizeof v);
        }
}

// "key: there A, here B" for each line that differs between two run texts.
static char *run_differences(const char *there, const char *here)
{
    GString *s = g_string_new(NULL);
    char **a = g_strsplit(there, "\n", -1), **b = g_strsplit(here, "\n", -1);
    for (int i = 0; b[i]; i++) {
        const char *sp = strchr(b[i], ' ');
        if (!sp) continue;
        size_t klen = (size_t)(sp - b[i]) + 1;
        const char *other = NULL;
        for (int j = 0; a[j] && !other; j++)
            if (!strncmp(a[j], b[i], klen)) other = a[j];
        if (other && !strcmp(other, b[i])) continue;
        g_string_append_printf(s, "%s%.*s: checkpoint %s, this run %s", s->len ? "; " : "",
                               (int)klen - 1, b[i], other ? other + klen : "(none)", sp + 1);
    }
    g_strfreev(a);
    g_strfreev(b);
    return g_string_free(s, false);
}

static bool ckpt_error(GError **err, const char *path, const char *what)
{
    g_set_error(err, NET_TRAIN_ERROR, NET_TRAIN_ERROR_CHECKPOINT, "%s: %s", path, what);
    return false;
}

bool net_trainer_load(NetTrainer *t, GError **err)
{
    gchar *text;
    gsize len;
    if (!file_read_all(t->ckpt, FILE_READ_MAX, &text, &len, err)) return false;
    Reader r = {(const uint8_t *)text, len};
    size_t weights = 3 * 4 * ((size_t)t->net.inputs * NET_L1 + FLOAT_NET_DENSE);
    bool ok = false;
    uint64_t sum = 0;
    if (len >= 24) {
        Reader tail = {(const uint8_t *)text + len - 8, 8};
        sum = get64(&tail);
    }
    if (len < 24 || memcmp(text, MAGIC, 8)) {
        ckpt_error(err, t->ckpt, "not a sumito training checkpoint");
    } else if (bytes_fnv1a64(r.p, len - 8) != sum) {
        ckpt_error(err, t->ckpt, "checksum mismatch: the checkpoint is damaged");
    } else {
        r = (Reader){(const uint8_t *)text + 8, len - 8};
        uint32_t version = get32(&r), tlen = get32(&r);
        if (version != VERSION) {
            ckpt_error(err, t->ckpt, "a checkpoint of another version");
        } else if (tlen > r.left) {
            ckpt_error(err, t->ckpt, "damaged: the run text runs past the end");
        } else {
            char *run = g_strndup((const char *)r.p, tlen);
            r.p += tlen;
            r.left -= tlen;
            if (strcmp(run, t->run_text)) {
                char *diff = run_differences(run, t->run_text);
                char *what = g_strdup_printf("made by another run (%s); remove it to start "
                                             "afresh, or run with the checkpoint's options",
                                             diff);
                ckpt_error(err, t->ckpt, what);
                g_free(what);
                g_free(diff);
            } else if (r.left != 8 + 4 + 8 + 16 + 4 + 8 * 6 + 12 + 4 + weights + 8) {
                ckpt_error(err, t->ckpt, "damaged: wrong size");
            } else {
                ok = true;
            }
            g_free(run);
        }
    }
    if (ok) {
        t->step = (int64_t)get64(&r);
        t->epoch = (int)get32(&r);
        t->next_batch = get64(&r);
        t->loss_sum = get_f64(&r);
        t->loss_count = get64(&r);
        NetTrainEpoch *e = &t->last;
        e->epoch = (int)get32(&r);
        e->train_loss = get_f64(&r);
        e->valid_loss = get_f64(&r);
        e->valid_sign = get_f64(&r);
        e->valid_decided = get64(&r);
        for (int k = 0; k < 3; k++) e->dead[k] = (int)get32(&r);
        e->seconds = get_f64(&r);
        e->samples = get64(&r);
        if ((int)get32(&r) != t->net.inputs) {
            ok = ckpt_error(err, t->ckpt, "damaged: another input count");
        } else {
            get_net(&r, &t->net);
            get_net(&r, &t->m);
            get_net(&r, &t->v);
        }
    }
    g_free(text);
    return ok;
}
