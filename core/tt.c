// SPDX-License-Identifier: MIT
// Transposition table allocation, clearing and ageing (the probe and the store are inline in
// core/tt.h).
#include "core/tt.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

// calloc leaves large blocks to fresh zero pages, so a big table costs nothing until used;
// the entries start at the next cache-line boundary.
bool tt_init(Tt *tt, size_t mib)
{
    size_t bytes = mib << 20, bucket = TT_BUCKET * sizeof(TtSlot), n = 1;
    while (n * 2 * bucket <= bytes) n *= 2;
    tt->block = calloc(1, n * bucket + 64);
    if (!tt->block) return false;
    tt->slots = (TtSlot *)(((uintptr_t)tt->block + 63) & ~(uintptr_t)63);
    tt->buckets = n;
    tt->generation = 0;
    tt->used = false;
    return true;
}

bool tt_resize(Tt *tt, int *have_mib, int want_mib)
{
    if (want_mib == *have_mib) return true;
    Tt fresh;
    if (!tt_init(&fresh, (size_t)want_mib)) return false; // the old table stays
    tt_free(tt);
    *tt = fresh;
    *have_mib = want_mib;
    return true;
}

void tt_free(Tt *tt)
{
    free(tt->block);
    tt->block = NULL;
    tt->slots = NULL;
    tt->buckets = 0;
}

// A table above TT_CLEAR_IN_PLACE_MAX bytes gets a fresh zeroed block rather than a memset:
// pages are faulted in only as a search uses them. A smaller one is cleared where it is:
// glibc serves a block of that size again from its heap (its mmap threshold grows to the size
// of a freed mapped block, up to 32 MiB), where calloc zeroes it with a memset anyway, so a new
// block would only add a second table held for a moment and, under AddressSanitizer, the
// mapping and unmapping of the block and its shadow at every `newgame`.
#define TT_CLEAR_IN_PLACE_MAX ((size_t)32 << 20)

// A table no search used since its last clear is skipped: a program that starts many games
// (a controller's `newgame` before each, a fuzzing run's after each input) would otherwise
// write the whole table again for nothing, and fault in every page of one not yet touched.
void tt_clear(Tt *tt)
{
    if (!tt->used) return;
    size_t bytes = tt->buckets * TT_BUCKET * sizeof(TtSlot);
    void *fresh = bytes > TT_CLEAR_IN_PLACE_MAX ? calloc(1, bytes + 64) : NULL;
    if (fresh) {
        free(tt->block);
        tt->block = fresh;
        tt->slots = (TtSlot *)(((uintptr_t)fresh + 63) & ~(uintptr_t)63);
    } else {
        memset(tt->slots, 0, bytes);
    }
    tt->generation = 0;
    tt->used = false;
}

void tt_new_search(Tt *tt)
{
    tt->used = true;
    tt->generation = (uint8_t)((tt->generation + 1) & 63);
}

int tt_hashfull(const Tt *tt)
{
    size_t n = MIN(tt->buckets, (size_t)250) * TT_BUCKET, used = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t genbound = tt_slot_read(&tt->slots[i]).genbound;
        used += genbound && (genbound >> 2) == tt->generation;
    }
    return n ? (int)(used * 1000 / n) : 0;
}
