// SPDX-License-Identifier: MIT
// Rounding the trained float network to the integer network of nets/net.h.
#include "nets/train.h"

#include <math.h>
#include <string.h>

static int32_t round_to(double x, double lo, double hi)
{
    return (int32_t)lround(CLAMP(x, lo, hi));
}

void net_train_quantize(const FloatNet *f, const char *feature_set, int32_t output_scale, Net *out)
{
    const double qa = NET_QA, qw = NET_QW, qb = (double)NET_QA * NET_QW;
    // Half a unit of the shift added to the hidden biases: (s + 2^(k-1)) >> k rounds s / 2^k
    // to the nearest, where s >> k alone would round it down (half a unit lost a layer).
    const int32_t half = 1 << (NET_QW_SHIFT - 1);
    memset(out, 0, sizeof *out);
    g_strlcpy(out->feature_set, feature_set, sizeof out->feature_set);
    out->inputs = f->inputs;
    out->output_scale = output_scale;
    size_t n1 = (size_t)f->inputs * NET_L1;
    out->w1 = g_aligned_alloc0(n1, sizeof(int16_t), 32);
    out->b1 = g_aligned_alloc0(NET_L1, sizeof(int16_t), 32);
    out->w2 = g_aligned_alloc0((size_t)NET_L2 * 2 * NET_L1, sizeof(int8_t), 32);
    out->w3 = g_aligned_alloc0((size_t)NET_L3 * NET_L2, sizeof(int8_t), 32);
    for (size_t i = 0; i < n1; i++) out->w1[i] = (int16_t)round_to(f->w1[i] * qa, -32767, 32767);
    const FloatNetDense *d = &f->d;
    for (int i = 0; i < NET_L1; i++) out->b1[i] = (int16_t)round_to(d->b1[i] * qa, -32767, 32767);
    for (int j = 0; j < NET_L2; j++) {
        for (int i = 0; i < 2 * NET_L1; i++)
            out->w2[j * 2 * NET_L1 + i] = (int8_t)round_to(d->w2[j][i] * qw, -127, 127);
        out->b2[j] = round_to(d->b2[j] * qb, -NET_TRAIN_QBIAS_MAX, NET_TRAIN_QBIAS_MAX) + half;
    }
    for (int j = 0; j < NET_L3; j++) {
        for (int i = 0; i < NET_L2; i++)
            out->w3[j * NET_L2 + i] = (int8_t)round_to(d->w3[j][i] * qw, -127, 127);
        out->b3[j] = round_to(d->b3[j] * qb, -NET_TRAIN_QBIAS_MAX, NET_TRAIN_QBIAS_MAX) + half;
        out->w4[j] = (int8_t)round_to(d->w4[j] * qw, -127, 127);
    }
    out->b4 = round_to(d->b4 * qb, -NET_TRAIN_QBIAS_MAX, NET_TRAIN_QBIAS_MAX);
}

// The integer network's passes for one sample, with the sums before each shift kept (the same
// arithmetic as the inference of nets/net.c, written out here for the bias correction).
typedef struct {
    int32_t x[2 * NET_L1];
    int32_t s2[NET_L2], a2[NET_L2], s3[NET_L3], a3[NET_L3];
    int32_t o; // output sum, units of 1 / (NET_QA * NET_QW)
} IntTape;

static void int_forward(const Net *q, const uint16_t *const f[2], const int count[2], IntTape *t)
{
    for (int p = 0; p < 2; p++) {
        int32_t acc[NET_L1];
        for (int i = 0; i < NET_L1; i++) acc[i] = q->b1[i];
        for (int k = 0; k < count[p]; k++) {
            const int16_t *row = q->w1 + (size_t)f[p][k] * NET_L1;
            for (int i = 0; i < NET_L1; i++) acc[i] += row[i];
        }
        for (int i = 0; i < NET_L1; i++) t->x[p * NET_L1 + i] = CLAMP(acc[i], 0, NET_QA);
    }
    for (int j = 0; j < NET_L2; j++) {
        int32_t s = q->b2[j];
        for (int i = 0; i < 2 * NET_L1; i++) s += q->w2[j * 2 * NET_L1 + i] * t->x[i];
        t->s2[j] = s;
        t->a2[j] = CLAMP(s >> NET_QW_SHIFT, 0, NET_QA);
    }
    for (int j = 0; j < NET_L3; j++) {
        int32_t s = q->b3[j];
        for (int i = 0; i < NET_L2; i++) s += q->w3[j * NET_L2 + i] * t->a2[i];
        t->s3[j] = s;
        t->a3[j] = CLAMP(s >> NET_QW_SHIFT, 0, NET_QA);
    }
    int32_t o = q->b4;
    for (int j = 0; j < NET_L3; j++) o += q->w4[j] * t->a3[j];
    t->o = o;
}

// Mean differences between the float network's sums and the integer network's, layer by layer.
typedef struct {
    double sum[NET_L1];
    size_t n[NET_L1];
} Drift;

static void drift_add(Drift *d, int j, double want, double got)
{
    d->sum[j] += want - got;
    d->n[j]++;
}

// The mean drift of unit j, rounded to whole units; 0 when it never left its clip.
static int32_t drift_mean(const Drift *d, int j)
{
    return d->n[j] ? (int32_t)lround(d->sum[j] / (double)d->n[j]) : 0;
}

// One pass over the records measuring the drift of layer `layer` (1, 2, 3, 4: the output),
// counting only the samples where the float unit is inside its clip (the output: all).
static void measure(const FloatNet *f, const Net *q, const NetData *d, const uint32_t *records,
                    size_t n, int layer, Drift *dr)
{
    const double qb = (double)NET_QA * NET_QW, half = 1 << (NET_QW_SHIFT - 1);
    memset(dr, 0, sizeof *dr);
    for (size_t r = 0; r < n; r++) {
        const NetDataPos *p = &d->pos[records[r]];
        const uint16_t *feat[2] = {net_data_features(d, records[r], 0),
                                   net_data_features(d, records[r], 1)};
        int count[2] = {p->n[0], p->n[1]};
        FloatNetTape ft;
        IntTape it;
        float_net_forward(f, feat, count, &ft);
        int_forward(q, feat, count, &it);
        if (layer == 1) {
            // The integer accumulator is x unless clipped: compare where both are inside.
            for (int k = 0; k < 2; k++)
                for (int i = 0; i < NET_L1; i++) {
                    int32_t x = it.x[k * NET_L1 + i];
                    if (ft.acc[k][i] > 0 && ft.acc[k][i] < 1 && x > 0 && x < NET_QA)
                        drift_add(dr, i, ft.acc[k][i] * NET_QA, x);
                }
        } else if (layer == 2) {
            for (int j = 0; j < NET_L2; j++)
                if (ft.h2[j] > 0 && ft.h2[j] < 1) drift_add(dr, j, ft.h2[j] * qb, it.s2[j] - half);
        } else if (layer == 3) {
            for (int j = 0; j < NET_L3; j++)
                if (ft.h3[j] > 0 && ft.h3[j] < 1) drift_add(dr, j, ft.h3[j] * qb, it.s3[j] - half);
        } else {
            drift_add(dr, 0, ft.y * qb, it.o);
        }
    }
}

void net_train_correct_biases(const FloatNet *f, Net *q, const NetData *d, const uint32_t *records,
                              size_t n)
{
    Drift *dr = g_new(Drift, 1);
    measure(f, q, d, records, n, 1, dr);
    for (int i = 0; i < NET_L1; i++)
        q->b1[i] = (int16_t)CLAMP(q->b1[i] + drift_mean(dr, i), -32767, 32767);
    measure(f, q, d, records, n, 2, dr);
    const int32_t m = NET_TRAIN_QBIAS_MAX;
    for (int j = 0; j < NET_L2; j++) q->b2[j] = CLAMP(q->b2[j] + drift_mean(dr, j), -m, m);
    measure(f, q, d, records, n, 3, dr);
    for (int j = 0; j < NET_L3; j++) q->b3[j] = CLAMP(q->b3[j] + drift_mean(dr, j), -m, m);
    measure(f, q, d, records, n, 4, dr);
    q->b4 = CLAMP(q->b4 + drift_mean(dr, 0), -m, m);
    g_free(dr);
}

// Covariances of a layer's inputs over the records (float network, identity symmetry), one
// matrix for each of its units over the samples where that unit is inside its clip (the others
// do not feel its error): layer 2 takes x (2 * NET_L1 inputs, NET_L2 units), layer 3 a2 (NET_L3
// units), layer 4 a3 (the output: one unit, every sample).
static double *covariances(const FloatNet *f, const NetData *d, const uint32_t *records, size_t n,
                           int layer)
{
    int dim = layer == 2 ? 2 * NET_L1 : layer == 3 ? NET_L2 : NET_L3;
    int units = layer == 2 ? NET_L2 : layer == 3 ? NET_L3 : 1;
    size_t dd = (size_t)dim * dim;
    double *cov = g_new0(double, dd *units), *mean = g_new0(double, (size_t)dim *units);
    size_t *count = g_new0(size_t, units);
    for (size_t r = 0; r < n; r++) {
        const NetDataPos *p = &d->pos[records[r]];
        const uint16_t *feat[2] = {net_data_features(d, records[r], 0),
                                   net_data_features(d, records[r], 1)};
        int cnt[2] = {p->n[0], p->n[1]};
        FloatNetTape t;
        float_net_forward(f, feat, cnt, &t);
        const float *v = layer == 2 ? t.x : layer == 3 ? t.a2 : t.a3;
        const float *h = layer == 2 ? t.h2 : layer == 3 ? t.h3 : NULL;
        for (int u = 0; u < units; u++) {
            if (h && !(h[u] > 0 && h[u] < 1)) continue;
            count[u]++;
            double *c = cov + dd * u, *m = mean + (size_t)dim * u;
            for (int i = 0; i < dim; i++) {
                m[i] += v[i];
                if (v[i] == 0) continue;
                for (int k = 0; k <= i; k++) c[i * dim + k] += (double)v[i] * v[k];
            }
        }
    }
    for (int u = 0; u < units; u++) {
        double *c = cov + dd * u, *m = mean + (size_t)dim * u, nu = (double)MAX(count[u], 1);
        for (int i = 0; i < dim; i++) m[i] /= nu;
        for (int i = 0; i < dim; i++)
            for (int k = 0; k <= i; k++)
                c[i * dim + k] = c[k * dim + i] = c[i * dim + k] / nu - m[i] * m[k];
    }
    g_free(mean);
    g_free(count);
    return cov;
}

// Rounds each weight of a row w[0..dim) (scale NET_QW) down or up so that the variance of the
// rounding's error on the unit's sum, e^T cov e with e = q / NET_QW - w, is small (its mean is
// the bias correction's business): nearest rounding, then sweeps that flip a weight to its
// other neighbour while that lowers it (greedy; the choice AdaRound makes, Nagel et al. 2020,
// "Up or down? Adaptive rounding for post-training quantization").
static void round_row(const float *w, int dim, const double *cov, int8_t *q)
{
    double *e = g_new(double, dim), *g = g_new0(double, dim); // g = cov e
    for (int i = 0; i < dim; i++) e[i] = q[i] / (double)NET_QW - w[i];
    for (int i = 0; i < dim; i++)
        for (int k = 0; k < dim; k++) g[i] += cov[i * dim + k] * e[k];
    for (int sweep = 0; sweep < 8; sweep++) {
        bool changed = false;
        for (int i = 0; i < dim; i++) {
            int step = e[i] > 0 ? -1 : 1; // towards the other neighbour of w
            if (q[i] + step < -127 || q[i] + step > 127) continue;
            double delta = step / (double)NET_QW;
            if (2 * delta * g[i] + delta * delta * cov[i * dim + i] >= -1e-15) continue;
            q[i] = (int8_t)(q[i] + step);
            e[i] += delta;
            for (int k = 0; k < dim; k++) g[k] += delta * cov[k * dim + i];
            changed = true;
        }
        if (!changed) break;
    }
    g_free(e);
    g_free(g);
}

void net_train_calibrate(const FloatNet *f, Net *q, const NetData *d, const uint32_t *records,
                         size_t n)
{
    const size_t d2 = (size_t)4 * NET_L1 * NET_L1, d3 = (size_t)NET_L2 * NET_L2;
    double *cov = covariances(f, d, records, n, 2);
    for (int j = 0; j < NET_L2; j++)
        round_row(f->d.w2[j], 2 * NET_L1, cov + d2 * j, q->w2 + j * 2 * NET_L1);
    g_free(cov);
    cov = covariances(f, d, records, n, 3);
    for (int j = 0; j < NET_L3; j++)
        round_row(f->d.w3[j], NET_L2, cov + d3 * j, q->w3 + j * NET_L2);
    g_free(cov);
    cov = covariances(f, d, records, n, 4);
    round_row(f->d.w4, NET_L3, cov, q->w4);
    g_free(cov);
    net_train_correct_biases(f, q, d, records, n);
}
