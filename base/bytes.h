// SPDX-License-Identifier: MIT
// The little-endian integers and the FNV-1a checksums of sumito's binary files (net files,
// training data and checkpoints, RankCut statistics, ProbCut calibrations): loading them from
// bytes and storing them into bytes, appending them to a byte array, and reading them from a
// buffer with bounds checked, all byte by byte (never a cast into the file), so that a file
// reads the same on every machine and at any alignment.
#ifndef BASE_BYTES_H
#define BASE_BYTES_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define BYTES_FNV1A32_INIT  2166136261u
#define BYTES_FNV1A64_INIT  0xcbf29ce484222325ull
#define BYTES_FNV1A64_PRIME 0x100000001b3ull

// FNV-1a, 64 bits, of n bytes.
uint64_t bytes_fnv1a64(const uint8_t *p, size_t n);

// FNV-1a, 32 bits, of n bytes, going on from h (BYTES_FNV1A32_INIT for a fresh hash).
uint32_t bytes_fnv1a32(uint32_t h, const uint8_t *p, size_t n);

// One FNV-1a 64 step over a whole word rather than a byte (a hash of records, not of a file).
static inline uint64_t bytes_fnv1a64_word(uint64_t h, uint64_t word)
{
    return (h ^ word) * BYTES_FNV1A64_PRIME;
}

// The integer stored least significant byte first at p.
static inline uint16_t bytes_load_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t bytes_load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t bytes_load_u64(const uint8_t *p)
{
    return (uint64_t)bytes_load_u32(p) | (uint64_t)bytes_load_u32(p + 4) << 32;
}

// Stores v at p, least significant byte first.
static inline void bytes_store_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

// Appends v, least significant byte first.
void bytes_put_u16(GByteArray *a, uint16_t v);
void bytes_put_u32(GByteArray *a, uint32_t v);
void bytes_put_u64(GByteArray *a, uint64_t v);

// A buffer read from the front: `at` bytes of `size` taken so far.
typedef struct {
    const uint8_t *p;
    size_t size, at;
} BytesReader;

// Each takes the next bytes, or returns false (and takes nothing) when too few are left.
bool bytes_take(BytesReader *r, void *out, size_t n);
bool bytes_get_u32(BytesReader *r, uint32_t *v);
bool bytes_get_u64(BytesReader *r, uint64_t *v);

#endif
