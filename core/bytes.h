// SPDX-License-Identifier: MIT
// The little-endian integers and the FNV-1a checksum of sumito's binary data files (RankCut
// statistics, ProbCut calibrations): writing them into a byte array and reading them back from
// a buffer with bounds checked, byte by byte, so a file reads the same on every machine.
#ifndef CORE_BYTES_H
#define CORE_BYTES_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

// FNV-1a, 64 bits, of n bytes.
uint64_t bytes_fnv1a64(const uint8_t *p, size_t n);

// Appends v, least significant byte first.
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
