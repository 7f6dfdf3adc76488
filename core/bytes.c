// SPDX-License-Identifier: MIT
// Little-endian integers and FNV-1a for binary data files (core/bytes.h).
#include "core/bytes.h"

#include <string.h>

uint64_t bytes_fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

void bytes_put_u32(GByteArray *a, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
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
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
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
