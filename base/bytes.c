// SPDX-License-Identifier: MIT
// Little-endian integers and FNV-1a for binary files (base/bytes.h).
#include "base/bytes.h"

#include <string.h>

uint64_t bytes_fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = BYTES_FNV1A64_INIT;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * BYTES_FNV1A64_PRIME;
    return h;
}

uint32_t bytes_fnv1a32(uint32_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

void bytes_put_u16(GByteArray *a, uint16_t v)
{
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    g_byte_array_append(a, b, 2);
}

void bytes_put_u32(GByteArray *a, uint32_t v)
{
    uint8_t b[4];
    bytes_store_u32(b, v);
    g_byte_array_append(a, b, 4);
}

void bytes_put_u64(GByteArray *a, uint64_t v)
{
    bytes_put_u32(a, (uint32_t)v);
    bytes_put_u32(a, (uint32_t)(v >> 32));
}

bool bytes_take(BytesReader *r, void *out, size_t n)
{
    if (r->size - r->at < n) return false;
    memcpy(out, r->p + r->at, n);
    r->at += n;
    return true;
}

bool bytes_get_u32(BytesReader *r, uint32_t *v)
{
    uint8_t b[4];
    if (!bytes_take(r, b, 4)) return false;
    *v = bytes_load_u32(b);
    return true;
}

bool bytes_get_u64(BytesReader *r, uint64_t *v)
{
    uint32_t lo, hi;
    if (r->size - r->at < 8) return false;
    bytes_get_u32(r, &lo);
    bytes_get_u32(r, &hi);
    *v = (uint64_t)hi << 32 | lo;
    return true;
}
