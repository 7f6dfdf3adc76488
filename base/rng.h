// SPDX-License-Identifier: MIT
// Random numbers owned by their caller, never a hidden global: splitmix64 (Steele, Lea and
// Flood), which draws the Zobrist keys and seeds the others, its finaliser as a counter-based
// hash (a draw that is a function of where it is made), and xoshiro256** (Blackman and Vigna)
// for long streams such as playouts. All static inline: they sit on hot paths, and every
// sequence they give is part of what the bench signature and the saved files depend on.
#ifndef BASE_RNG_H
#define BASE_RNG_H

#include <stdint.h>

// The next number of the splitmix64 sequence whose state is *state (advanced).
static inline uint64_t rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The number splitmix64 draws from state x: a well-mixed function of x.
static inline uint64_t rng_mix64(uint64_t x)
{
    return rng_splitmix64(&x);
}

// xoshiro256**: its state.
typedef struct {
    uint64_t s[4];
} Rng;

// Seeds r from seed through splitmix64, as its authors advise.
static inline void rng_seed(Rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = rng_splitmix64(&seed);
}

static inline uint64_t rng_next(Rng *r)
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
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t floor = -n % n;
        while ((uint32_t)m < floor) m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

#endif
