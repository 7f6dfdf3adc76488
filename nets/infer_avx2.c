// SPDX-License-Identifier: MIT
// The net's inference with AVX2 intrinsics, compiled for AVX2 function by function (the rest
// of the build may target any x86-64) and chosen at run time (nets/infer.c). It computes
// exactly what the scalar path computes: the same wrapping int16 accumulators, the same exact
// int32 sums (_mm256_maddubs_epi16 cannot saturate: its unsigned inputs are at most 127, so a
// pair of products stays within +-2 * 127 * 128), the same floor shift (_mm256_srai_epi32)
// and clamps. Every load is unaligned-safe (loadu), so accumulators may live anywhere.
#include "nets/infer.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

bool net_have_avx2(void)
{
    return __builtin_cpu_supports("avx2");
}

#define ACC_VECS (NET_L1 / 16) // __m256i per perspective

AVX2 static __m256i load(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

AVX2 void net_acc_update_avx2(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                              const uint16_t *const add[2], const int nadd[2],
                              const uint16_t *const sub[2], const int nsub[2])
{
    for (int p = 0; p < 2; p++) {
        // Unrolled, so that the eight vectors stay in registers across the rows.
        __m256i r[ACC_VECS];
#pragma GCC unroll 8
        for (int k = 0; k < ACC_VECS; k++) r[k] = load(&from->v[p][16 * k]);
        for (int i = 0; i < nadd[p]; i++) {
            const int16_t *w = n->w1 + (size_t)add[p][i] * NET_L1;
#pragma GCC unroll 8
            for (int k = 0; k < ACC_VECS; k++) r[k] = _mm256_add_epi16(r[k], load(w + 16 * k));
        }
        for (int i = 0; i < nsub[p]; i++) {
            const int16_t *w = n->w1 + (size_t)sub[p][i] * NET_L1;
#pragma GCC unroll 8
            for (int k = 0; k < ACC_VECS; k++) r[k] = _mm256_sub_epi16(r[k], load(w + 16 * k));
        }
#pragma GCC unroll 8
        for (int k = 0; k < ACC_VECS; k++) _mm256_storeu_si256((__m256i *)&to->v[p][16 * k], r[k]);
    }
}

// 32 accumulator lanes clamped to 0..NET_QA as bytes, in order: packus saturates to 0..255 and
// interleaves the 128-bit halves (quads a0 b0 a1 b1), the permute puts them back (a0 a1 b0 b1).
AVX2 static __m256i clamp_pack(const int16_t *x)
{
    __m256i p = _mm256_packus_epi16(load(x), load(x + 16));
    p = _mm256_min_epu8(p, _mm256_set1_epi8(NET_QA));
    return _mm256_permute4x64_epi64(p, 0xD8);
}

// The dot products of four int32 vectors' lanes: [sum s0, sum s1, sum s2, sum s3].
AVX2 static __m128i hsum4(__m256i s0, __m256i s1, __m256i s2, __m256i s3)
{
    __m256i c = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
    return _mm_add_epi32(_mm256_castsi256_si128(c), _mm256_extracti128_si256(c, 1));
}

AVX2 static int32_t hsum8(__m256i v)
{
    __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    x = _mm_add_epi32(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(x);
}

// Bias, floor shift and clamp of int32 sums (AVX2 shifts arithmetically: floor division).
AVX2 static __m128i activate4(__m128i s, const int32_t *b)
{
    s = _mm_srai_epi32(_mm_add_epi32(s, _mm_loadu_si128((const __m128i *)b)), NET_QW_SHIFT);
    return _mm_min_epi32(_mm_max_epi32(s, _mm_setzero_si128()), _mm_set1_epi32(NET_QA));
}

AVX2 static __m256i activate8(__m256i s, const int32_t *b)
{
    s = _mm256_srai_epi32(_mm256_add_epi32(s, load(b)), NET_QW_SHIFT);
    return _mm256_min_epi32(_mm256_max_epi32(s, _mm256_setzero_si256()), _mm256_set1_epi32(NET_QA));
}

// L2: 16 sums over the 256 clamped inputs (8 vectors of 32 bytes), activated, as 16 bytes.
AVX2 static __m128i layer2(const Net *n, const __m256i in[8])
{
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i s[NET_L2];
    for (int j = 0; j < NET_L2; j++) {
        const int8_t *w = n->w2 + j * 2 * NET_L1;
        __m256i acc = _mm256_madd_epi16(_mm256_maddubs_epi16(in[0], load(w)), ones);
        for (int k = 1; k < 8; k++)
            acc = _mm256_add_epi32(
                acc, _mm256_madd_epi16(_mm256_maddubs_epi16(in[k], load(w + 32 * k)), ones));
        s[j] = acc;
    }
    __m128i h[4];
    for (int g = 0; g < 4; g++)
        h[g] = activate4(hsum4(s[4 * g], s[4 * g + 1], s[4 * g + 2], s[4 * g + 3]), n->b2 + 4 * g);
    return _mm_packus_epi16(_mm_packs_epi32(h[0], h[1]), _mm_packs_epi32(h[2], h[3]));
}

// L3: 8 outputs from rows b..b+7. Vector k holds row b+k in its low half and row b+4+k in its
// high half, so that the two rounds of hadd leave the rows in order.
AVX2 static __m256i layer3_half(const Net *n, __m256i h2, int b)
{
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i v[4];
    for (int k = 0; k < 4; k++) {
        const int8_t *lo = n->w3 + (b + k) * NET_L2, *hi = n->w3 + (b + 4 + k) * NET_L2;
        __m256i w =
            _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)lo)),
                                    _mm_loadu_si128((const __m128i *)hi), 1);
        v[k] = _mm256_madd_epi16(_mm256_maddubs_epi16(h2, w), ones);
    }
    __m256i c = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    return activate8(c, n->b3 + b);
}

AVX2 int32_t net_evaluate_avx2(const Net *n, const NetAccumulator *a, int stm)
{
    _Static_assert(NET_L1 == 128 && NET_L2 == 16 && NET_L3 == 16, "the AVX2 path's layout");
    __m256i in[8];
    for (int k = 0; k < 4; k++) {
        in[k] = clamp_pack(&a->v[stm][32 * k]);
        in[4 + k] = clamp_pack(&a->v[1 - stm][32 * k]);
    }
    __m256i h2 = _mm256_broadcastsi128_si256(layer2(n, in));
    __m256i h3a = layer3_half(n, h2, 0), h3b = layer3_half(n, h2, 8);
    // packs interleaves the halves (outputs 0-3 8-11 4-7 12-15); w4 is permuted the same way.
    __m256i h3 = _mm256_packs_epi32(h3a, h3b);
    __m256i w4 = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)n->w4));
    w4 = _mm256_permute4x64_epi64(w4, 0xD8);
    int32_t o = hsum8(_mm256_madd_epi16(h3, w4)) + n->b4;
    return net_output_score(n, o);
}

#else // no AVX2 path in this build: the scalar one stands in, and net_have_avx2 says no

bool net_have_avx2(void)
{
    return false;
}

void net_acc_update_avx2(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                         const uint16_t *const add[2], const int nadd[2],
                         const uint16_t *const sub[2], const int nsub[2])
{
    net_acc_update_scalar(n, from, to, add, nadd, sub, nsub);
}

int32_t net_evaluate_avx2(const Net *n, const NetAccumulator *a, int stm)
{
    return net_evaluate_scalar(n, a, stm);
}

#endif
