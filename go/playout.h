// SPDX-License-Identifier: MIT
// Light random playouts: from a position, each side plays a uniformly random legal move
// that does not fill one of its own eyes (go_board_is_eye), and passes when it has none,
// until two consecutive passes or a move limit; simple ko. The final position is counted
// by Tromp-Taylor area. Used for the speed benchmark and by Monte-Carlo evaluation.
#ifndef GO_PLAYOUT_H
#define GO_PLAYOUT_H

#include "go/board.h"

// xoshiro256** (Blackman and Vigna): a fast generator owned by the caller.
typedef struct {
    uint64_t s[4];
} GoRng;

void go_rng_seed(GoRng *r, uint64_t seed);

static inline uint64_t go_rng_next(GoRng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

// Uniform in 0..n-1 (n > 0), without modulo bias (Lemire's multiply-and-reject).
static inline uint32_t go_rng_below(GoRng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(go_rng_next(r) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t floor = -n % n;
        while ((uint32_t)m < floor) m = (uint64_t)(uint32_t)(go_rng_next(r) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

typedef struct {
    int moves;    // moves played, passes included
    double score; // Black's area minus White's, minus komi
} GoPlayoutResult;

// Plays a playout on b itself (pass a copy made with go_board_copy_position), at most
// max_moves moves. Reorders b's empty list.
GoPlayoutResult go_playout(GoBoard *b, GoRng *rng, int max_moves, double komi);

// The move a playout would choose for the side to move (GO_PASS when none).
Move go_playout_move(GoBoard *b, GoRng *rng);

#endif
