// SPDX-License-Identifier: MIT
// What the scalar (nets/infer.c) and AVX2 (nets/infer_avx2.c) paths of the net's inference
// share, so that both compute the same integers by construction: the hidden layers' floor
// shift and clamp, and the output's conversion to a score.
#ifndef NETS_INFER_H
#define NETS_INFER_H

#include "nets/net.h"

// floor(x / NET_QW), which is what an arithmetic right shift by NET_QW_SHIFT (the AVX2 path's
// _mm256_srai_epi32) gives, written so that it does not rely on how C shifts negative numbers.
// The loader's bounds keep |x| far below INT32_MAX.
static inline int32_t net_shift_floor(int32_t x)
{
    return x >= 0 ? x / NET_QW : -((-x + NET_QW - 1) / NET_QW);
}

static inline int32_t net_clamp_qa(int32_t x)
{
    return x < 0 ? 0 : x > NET_QA ? NET_QA : x;
}

// The output sum o (units of 1 / (NET_QA * NET_QW)) in score units, truncated toward zero.
static inline int32_t net_output_score(const Net *n, int32_t o)
{
    return (int32_t)((int64_t)o * n->output_scale / (NET_QA * NET_QW));
}

#endif
