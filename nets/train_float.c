// SPDX-License-Identifier: MIT
// The trainer's float network: initial weights, the forward and backward passes of one sample,
// the loss and its target, and the Adam step with the clamps that keep every weight within
// what the integer network holds. Sums run in a fixed order (eight explicit lanes, no
// reassociation left to the compiler), so a run gives the same weights on every build.
#include "nets/train.h"
#include "base/rng.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

G_STATIC_ASSERT(sizeof(FloatNetDense) == FLOAT_NET_DENSE * sizeof(float));
G_STATIC_ASSERT(NET_L1 % 8 == 0 && NET_L2 % 8 == 0 && NET_L3 % 8 == 0);

void float_net_alloc(FloatNet *n, int inputs)
{
    memset(n, 0, sizeof *n);
    n->inputs = inputs;
    n->w1 = g_new0(float, (size_t)inputs *NET_L1);
}

void float_net_copy(FloatNet *to, const FloatNet *from)
{
    if (to->inputs != from->inputs) {
        float_net_free(to);
        float_net_alloc(to, from->inputs);
    }
    memcpy(to->w1, from->w1, sizeof(float) * (size_t)from->inputs * NET_L1);
    to->d = from->d;
}

void float_net_free(FloatNet *n)
{
    g_free(n->w1);
    n->w1 = NULL;
}

// Uniform in [-a, a] from draw k of a seed.
static float uniform(uint64_t seed, uint64_t k, double a)
{
    uint64_t r = rng_mix64(seed ^ rng_mix64(k));
    return (float)(a * (2.0 * (double)(r >> 11) / 9007199254740992.0 - 1.0));
}

void float_net_init(FloatNet *n, uint64_t seed, double mean_active)
{
    // Each layer's sums start with a spread of about 0.5 around 0.5, inside the clip: for a
    // first-layer sum of m rows uniform in [-a, a], sd = a * sqrt(m / 3).
    double a1 = 0.5 * sqrt(3.0 / MAX(mean_active, 1.0));
    uint64_t k = 0;
    for (size_t i = 0; i < (size_t)n->inputs * NET_L1; i++) n->w1[i] = uniform(seed, k++, a1);
    FloatNetDense *d = &n->d;
    for (int i = 0; i < NET_L1; i++) d->b1[i] = 0.5f;
    for (int j = 0; j < NET_L2; j++) {
        for (int i = 0; i < 2 * NET_L1; i++)
            d->w2[j][i] = uniform(seed, k++, 1.7 / sqrt(2.0 * NET_L1));
        d->b2[j] = 0.5f;
    }
    for (int j = 0; j < NET_L3; j++) {
        for (int i = 0; i < NET_L2; i++) d->w3[j][i] = uniform(seed, k++, 1.7 / sqrt(NET_L2));
        d->b3[j] = 0.5f;
        d->w4[j] = uniform(seed, k++, 1.0 / sqrt(NET_L3));
    }
    d->b4 = 0;
    float_net_clamp(n);
}

static void clamp_all(float *w, size_t count, float max)
{
    for (size_t i = 0; i < count; i++) w[i] = CLAMP(w[i], -max, max);
}

static void clamp_dense(FloatNetDense *d)
{
    clamp_all(d->b1, NET_L1, NET_TRAIN_W1_MAX);
    clamp_all(&d->w2[0][0], (size_t)NET_L2 * 2 * NET_L1, NET_TRAIN_HIDDEN_MAX);
    clamp_all(&d->w3[0][0], (size_t)NET_L3 * NET_L2, NET_TRAIN_HIDDEN_MAX);
    clamp_all(d->w4, NET_L3, NET_TRAIN_HIDDEN_MAX);
    clamp_all(d->b2, NET_L2, NET_TRAIN_BIAS_MAX);
    clamp_all(d->b3, NET_L3, NET_TRAIN_BIAS_MAX);
    d->b4 = CLAMP(d->b4, -NET_TRAIN_BIAS_MAX, NET_TRAIN_BIAS_MAX);
}

void float_net_clamp(FloatNet *n)
{
    clamp_all(n->w1, (size_t)n->inputs * NET_L1, NET_TRAIN_W1_MAX);
    clamp_dense(&n->d);
}

static inline float clip01(float x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static inline bool inside(float x)
{
    return x > 0 && x < 1;
}

// a . b over n floats (n a multiple of 8) in eight lanes, added in a fixed order.
static inline float dot(const float *restrict a, const float *restrict b, int n)
{
    float s[8] = {0};
    for (int i = 0; i < n; i += 8)
        for (int k = 0; k < 8; k++) s[k] += a[i + k] * b[i + k];
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// y[0..n) += x[0..n) (restrict on parameters: GCC vectorises without a run-time alias check)
static inline void add(float *restrict y, const float *restrict x, int n)
{
    for (int i = 0; i < n; i++) y[i] += x[i];
}

// y[0..n) += c * x[0..n)
static inline void axpy(float *restrict y, float c, const float *restrict x, int n)
{
    for (int i = 0; i < n; i++) y[i] += c * x[i];
}

float float_net_forward(const FloatNet *n, const uint16_t *const f[2], const int count[2],
                        FloatNetTape *tape)
{
    FloatNetTape local;
    FloatNetTape *t = tape ? tape : &local;
    const FloatNetDense *d = &n->d;
    for (int p = 0; p < 2; p++) {
        float *acc = t->acc[p];
        memcpy(acc, d->b1, sizeof d->b1);
        for (int k = 0; k < count[p]; k++) add(acc, n->w1 + (size_t)f[p][k] * NET_L1, NET_L1);
        for (int i = 0; i < NET_L1; i++) t->x[p * NET_L1 + i] = clip01(acc[i]);
    }
    for (int j = 0; j < NET_L2; j++) {
        t->h2[j] = dot(d->w2[j], t->x, 2 * NET_L1) + d->b2[j];
        t->a2[j] = clip01(t->h2[j]);
    }
    for (int j = 0; j < NET_L3; j++) {
        t->h3[j] = dot(d->w3[j], t->a2, NET_L2) + d->b3[j];
        t->a3[j] = clip01(t->h3[j]);
    }
    t->y = dot(d->w4, t->a3, NET_L3) + d->b4;
    return t->y;
}

void float_net_backward(const FloatNet *n, const uint16_t *const f[2], const int count[2],
                        const FloatNetTape *t, float dy, FloatNet *g, uint8_t *touched,
                        uint32_t *rows, int *nrows)
{
    const FloatNetDense *d = &n->d;
    FloatNetDense *gd = &g->d;
    gd->b4 += dy;
    axpy(gd->w4, dy, t->a3, NET_L3);
    float da2[NET_L2] = {0};
    for (int j = 0; j < NET_L3; j++) {
        if (!inside(t->h3[j])) continue;
        float dh = dy * d->w4[j];
        gd->b3[j] += dh;
        axpy(gd->w3[j], dh, t->a2, NET_L2);
        axpy(da2, dh, d->w3[j], NET_L2);
    }
    float dx[2 * NET_L1] = {0};
    for (int j = 0; j < NET_L2; j++) {
        if (!inside(t->h2[j]) || da2[j] == 0) continue;
        float dh = da2[j];
        gd->b2[j] += dh;
        axpy(gd->w2[j], dh, t->x, 2 * NET_L1);
        axpy(dx, dh, d->w2[j], 2 * NET_L1);
    }
    for (int p = 0; p < 2; p++) {
        float dacc[NET_L1];
        for (int i = 0; i < NET_L1; i++) dacc[i] = inside(t->acc[p][i]) ? dx[p * NET_L1 + i] : 0;
        add(gd->b1, dacc, NET_L1);
        for (int k = 0; k < count[p]; k++) {
            uint16_t row = f[p][k];
            if (!touched[row]) {
                touched[row] = 1;
                rows[(*nrows)++] = row;
            }
            add(g->w1 + (size_t)row * NET_L1, dacc, NET_L1);
        }
    }
}

double net_train_target(int score, int result, double lambda, double scale)
{
    double s = 1.0 / (1.0 + exp(-(double)score / scale));
    return lambda * s + (1.0 - lambda) * (result + 1) / 2.0;
}

double net_train_loss(float y, double target, float *dy)
{
    double s = 1.0 / (1.0 + exp(-(double)y));
    double e = s - target;
    if (dy) *dy = (float)(2.0 * e * s * (1.0 - s));
    return e * e;
}

// One Adam update of count weights; lr and eps already bias-corrected.
static void adam_block(float *restrict w, const float *restrict g, float *restrict m,
                       float *restrict v, size_t count, float gscale, float b1, float b2, float lr,
                       float eps)
{
    for (size_t i = 0; i < count; i++) {
        float gi = g[i] * gscale;
        m[i] = b1 * m[i] + (1 - b1) * gi;
        v[i] = b2 * v[i] + (1 - b2) * gi * gi;
        w[i] -= lr * m[i] / (sqrtf(v[i]) + eps);
    }
}

void float_net_adam(FloatNet *n, const FloatNet *g, FloatNet *m, FloatNet *v, const NetAdam *a,
                    int64_t t, float gscale, const uint32_t *rows, int nrows)
{
    // The bias corrections folded into the rate and epsilon (Kingma and Ba 2015, section 2).
    double c1 = 1 - pow(a->beta1, (double)t), c2 = 1 - pow(a->beta2, (double)t);
    float lr = (float)(a->lr * sqrt(c2) / c1), eps = (float)(a->eps * sqrt(c2));
    float b1 = (float)a->beta1, b2 = (float)a->beta2;
    // The dense block in three parts: b1, then w2 at its own rate, then the rest.
    float *w = (float *)&n->d, *mm = (float *)&m->d, *vv = (float *)&v->d;
    const float *gg = (const float *)&g->d;
    size_t at = offsetof(FloatNetDense, w2) / sizeof(float), n2 = (size_t)NET_L2 * 2 * NET_L1;
    adam_block(w, gg, mm, vv, at, gscale, b1, b2, lr, eps);
    adam_block(w + at, gg + at, mm + at, vv + at, n2, gscale, b1, b2, lr * (float)NET_TRAIN_W2_RATE,
               eps);
    at += n2;
    adam_block(w + at, gg + at, mm + at, vv + at, FLOAT_NET_DENSE - at, gscale, b1, b2, lr, eps);
    clamp_dense(&n->d);
    for (int k = 0; k < nrows; k++) {
        size_t o = (size_t)rows[k] * NET_L1;
        adam_block(n->w1 + o, g->w1 + o, m->w1 + o, v->w1 + o, NET_L1, gscale, b1, b2, lr, eps);
        clamp_all(n->w1 + o, NET_L1, NET_TRAIN_W1_MAX);
    }
}
