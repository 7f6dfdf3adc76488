// SPDX-License-Identifier: MIT
// The net's inference in portable C (the scalar path, the reference that the AVX2 path of
// nets/infer_avx2.c must match bit for bit), the accumulator's refresh, and the choice of
// path, made once per process.
#include "nets/infer.h"

#include <stdatomic.h>
#include <string.h>

// Accumulator lanes wrap modulo 2^16, as _mm256_add_epi16 does; sums are kept in int (which
// cannot overflow: at most NET_MAX_INPUTS rows of 16 bits) and wrapped once at the end.
static int16_t wrap16(int32_t v)
{
    v &= 0xffff;
    return (int16_t)(v < 32768 ? v : v - 65536);
}

void net_acc_refresh(const Net *n, NetAccumulator *a, int p, const uint16_t *active, int count)
{
    int32_t s[NET_L1];
    for (int j = 0; j < NET_L1; j++) s[j] = n->b1[j];
    for (int i = 0; i < count; i++) {
        const int16_t *w = n->w1 + (size_t)active[i] * NET_L1;
        for (int j = 0; j < NET_L1; j++) s[j] += w[j];
    }
    for (int j = 0; j < NET_L1; j++) a->v[p][j] = wrap16(s[j]);
}

void net_acc_update_scalar(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                           const uint16_t *const add[2], const int nadd[2],
                           const uint16_t *const sub[2], const int nsub[2])
{
    for (int p = 0; p < 2; p++) {
        int32_t s[NET_L1];
        for (int j = 0; j < NET_L1; j++) s[j] = from->v[p][j];
        for (int i = 0; i < nadd[p]; i++) {
            const int16_t *w = n->w1 + (size_t)add[p][i] * NET_L1;
            for (int j = 0; j < NET_L1; j++) s[j] += w[j];
        }
        for (int i = 0; i < nsub[p]; i++) {
            const int16_t *w = n->w1 + (size_t)sub[p][i] * NET_L1;
            for (int j = 0; j < NET_L1; j++) s[j] -= w[j];
        }
        for (int j = 0; j < NET_L1; j++) to->v[p][j] = wrap16(s[j]);
    }
}

// One hidden layer: out[j] = clamp(floor((b[j] + sum_k in[k] * w[j][k]) / NET_QW)). The sums
// are exact int32 (the loader bounds the biases), as on the AVX2 path.
static void hidden_layer(const uint8_t *in, int n_in, const int8_t *w, const int32_t *b, int n_out,
                         uint8_t *out)
{
    for (int j = 0; j < n_out; j++) {
        int32_t s = 0;
        for (int k = 0; k < n_in; k++) s += in[k] * w[j * n_in + k];
        out[j] = (uint8_t)net_clamp_qa(net_shift_floor(s + b[j]));
    }
}

int32_t net_evaluate_scalar(const Net *n, const NetAccumulator *a, int stm)
{
    uint8_t in[2 * NET_L1], h2[NET_L2], h3[NET_L3];
    for (int j = 0; j < NET_L1; j++) {
        in[j] = (uint8_t)net_clamp_qa(a->v[stm][j]);
        in[NET_L1 + j] = (uint8_t)net_clamp_qa(a->v[1 - stm][j]);
    }
    hidden_layer(in, 2 * NET_L1, n->w2, n->b2, NET_L2, h2);
    hidden_layer(h2, NET_L2, n->w3, n->b3, NET_L3, h3);
    int32_t o = n->b4;
    for (int j = 0; j < NET_L3; j++) o += h3[j] * n->w4[j];
    return net_output_score(n, o);
}

// ---------------------------------------------------------------------------------------------
// The path, decided on first use: AVX2 when the CPU has it, unless SUMITO_NET_SIMD=scalar.
// Racing first calls compute the same answer, so a relaxed atomic is enough; afterwards each
// call costs one load and a predictable branch.

enum { PATH_UNDECIDED, PATH_SCALAR, PATH_AVX2 };
static _Atomic int net_path;

static int path(void)
{
    int p = atomic_load_explicit(&net_path, memory_order_relaxed);
    if (G_LIKELY(p != PATH_UNDECIDED)) return p;
    const char *env = g_getenv("SUMITO_NET_SIMD");
    bool scalar = env && strcmp(env, "scalar") == 0;
    p = net_have_avx2() && !scalar ? PATH_AVX2 : PATH_SCALAR;
    atomic_store_explicit(&net_path, p, memory_order_relaxed);
    return p;
}

const char *net_simd_name(void)
{
    return path() == PATH_AVX2 ? "avx2" : "scalar";
}

void net_acc_update(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                    const uint16_t *const add[2], const int nadd[2], const uint16_t *const sub[2],
                    const int nsub[2])
{
    if (path() == PATH_AVX2)
        net_acc_update_avx2(n, from, to, add, nadd, sub, nsub);
    else
        net_acc_update_scalar(n, from, to, add, nadd, sub, nsub);
}

int32_t net_evaluate(const Net *n, const NetAccumulator *a, int stm)
{
    return path() == PATH_AVX2 ? net_evaluate_avx2(n, a, stm) : net_evaluate_scalar(n, a, stm);
}
