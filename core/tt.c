// SPDX-License-Identifier: MIT
// Transposition table allocation, clearing and ageing.
#include "core/tt.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

bool tt_init(Tt *tt, size_t mib)
{
    size_t bytes = mib << 20, bucket = TT_BUCKET * sizeof(TtEntry), n = 1;
    while (n * 2 * bucket <= bytes) n *= 2;
    tt->entries = aligned_alloc(64, n * bucket);
    if (!tt->entries) return false;
    tt->buckets = n;
    tt->generation = 0;
    tt_clear(tt);
    return true;
}

void tt_free(Tt *tt)
{
    free(tt->entries);
    tt->entries = NULL;
    tt->buckets = 0;
}

void tt_clear(Tt *tt)
{
    memset(tt->entries, 0, tt->buckets * TT_BUCKET * sizeof(TtEntry));
    tt->generation = 0;
}

void tt_new_search(Tt *tt)
{
    tt->generation = (uint8_t)((tt->generation + 1) & 63);
}

int tt_hashfull(const Tt *tt)
{
    size_t n = MIN(tt->buckets, (size_t)250) * TT_BUCKET, used = 0;
    for (size_t i = 0; i < n; i++)
        used += tt->entries[i].genbound && (tt->entries[i].genbound >> 2) == tt->generation;
    return n ? (int)(used * 1000 / n) : 0;
}
