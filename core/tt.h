// SPDX-License-Identifier: MIT
// Transposition table: 64-byte buckets of four 16-byte slots, depth-preferred replacement
// with aging. An entry keeps the move as the game's dense move index, the score (forced
// results stored relative to the node), the depth actually searched and the bound. Several
// search threads share one table without locks (Lazy SMP): a slot is two 64-bit words, the
// entry's data and its key XOR that data, each written and read whole with relaxed C11
// atomics (plain moves on x86-64 and ARM64). Two threads storing into one slot at once can
// leave one's key word beside the other's data word; the probe recomputes the key from the
// pair and so never returns such a torn entry (Hyatt and Mann's lockless hashing, 2002).
#ifndef CORE_TT_H
#define CORE_TT_H

#include <stdatomic.h>

#include "core/score.h"
#include "core/types.h"

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

// An entry as the search reads it: a copy, decoded from one slot.
typedef struct {
    uint64_t key;
    uint16_t move1; // dense move index + 1, 0 for none
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t genbound; // generation << 2 | bound
} TtEntry;

// A slot as it is stored: the data packed in one word (move1 in bits 0-15, score 16-31, eval
// 32-47, depth 48-55, genbound 56-63) and the key XOR that word in the other. An empty slot
// is all zero (genbound 0).
typedef struct {
    _Atomic uint64_t key_xor;
    _Atomic uint64_t data;
} TtSlot;

_Static_assert(sizeof(TtSlot) == 16, "four slots fill a 64-byte cache line");

typedef struct {
    void *block;    // the allocation
    TtSlot *slots;  // its first cache-line boundary
    size_t buckets; // a power of two
    uint8_t generation;
    bool used; // a search may have stored into it since it was made or cleared (tt_new_search)
} Tt;

#define TT_BUCKET 4

// Allocates about mib MiB (rounded down to a power of two buckets, at least one bucket).
bool tt_init(Tt *tt, size_t mib);
void tt_free(Tt *tt);
// Reallocates the table from *have_mib to want_mib MiB (emptied) unless they are equal. If
// the new size cannot be had, keeps the old table as it was and returns false.
bool tt_resize(Tt *tt, int *have_mib, int want_mib);
// Empties the table; no search may be running on it. A table no search used since it was made
// or last cleared is empty already and is left as it is: entries are stored only by searches,
// each of which starts with tt_new_search (a caller storing by hand calls it first).
void tt_clear(Tt *tt);
// A new search: entries of older generations become the first to be replaced, and the table
// counts as used until its next clear. Called before any search thread starts, so the threads
// read the generation without synchronising.
void tt_new_search(Tt *tt);
// Permille of the first 1000 buckets' entries used by the current generation.
int tt_hashfull(const Tt *tt);

static inline TtSlot *tt_bucket(const Tt *tt, Key key)
{
    return tt->slots + (size_t)(key & (tt->buckets - 1)) * TT_BUCKET;
}

static inline void tt_prefetch(const Tt *tt, Key key)
{
    __builtin_prefetch(tt_bucket(tt, key));
}

static inline uint64_t tt_pack(const TtEntry *e)
{
    return (uint64_t)e->move1 | (uint64_t)(uint16_t)e->score << 16 |
           (uint64_t)(uint16_t)e->eval << 32 | (uint64_t)e->depth << 48 |
           (uint64_t)e->genbound << 56;
}

// Reads one slot whole: its data word, and the key it was stored under if neither word was
// overwritten by another thread in between (otherwise a key that matches no probe).
static inline TtEntry tt_slot_read(const TtSlot *slot)
{
    uint64_t data = atomic_load_explicit(&slot->data, memory_order_relaxed);
    uint64_t key = atomic_load_explicit(&slot->key_xor, memory_order_relaxed) ^ data;
    return (TtEntry){key,
                     (uint16_t)data,
                     (int16_t)(uint16_t)(data >> 16),
                     (int16_t)(uint16_t)(data >> 32),
                     (uint8_t)(data >> 48),
                     (uint8_t)(data >> 56)};
}

static inline void tt_slot_write(TtSlot *slot, const TtEntry *e)
{
    uint64_t data = tt_pack(e);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->key_xor, e->key ^ data, memory_order_relaxed);
}

// Forced results are stored as distances from this node, and read back from the reader's ply.
static inline int16_t tt_score_to(Score s, int ply)
{
    return (int16_t)(s > SCORE_MATE_BOUND ? s + ply : s < -SCORE_MATE_BOUND ? s - ply : s);
}

static inline Score tt_score_from(int16_t s, int ply)
{
    return s > SCORE_MATE_BOUND ? s - ply : s < -SCORE_MATE_BOUND ? s + ply : s;
}

// Copies the entry stored under key into *out; false when there is none (or only a torn one).
static inline bool tt_probe(const Tt *tt, Key key, TtEntry *out)
{
    const TtSlot *b = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        TtEntry e = tt_slot_read(&b[i]);
        if (e.key == key && e.genbound) {
            *out = e;
            return true;
        }
    }
    return false;
}

// Stores a result; `move_index` is -1 when there is no move (then the old move is kept).
static inline void tt_store(Tt *tt, Key key, int move_index, Score score, Score eval, int depth,
                            int bound, int ply)
{
    TtSlot *b = tt_bucket(tt, key);
    TtEntry old = {0}, cur;
    int victim = 0, worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        cur = tt_slot_read(&b[i]);
        if (cur.key == key || !cur.genbound) {
            victim = i, old = cur;
            break;
        }
        int age = (uint8_t)(tt->generation - (cur.genbound >> 2)) & 63;
        int value = cur.depth - 8 * age;
        if (value < worst) worst = value, victim = i, old = cur;
    }
    bool same = old.key == key && old.genbound;
    if (same && bound != TT_EXACT && depth + 2 < old.depth && (old.genbound >> 2) == tt->generation)
        return; // keep a much deeper result of this search
    TtEntry e = {key,
                 move_index >= 0 || old.key != key ? (uint16_t)(move_index + 1) : old.move1,
                 tt_score_to(score, ply),
                 (int16_t)eval,
                 (uint8_t)(depth < 0     ? 0
                           : depth > 255 ? 255
                                         : depth),
                 (uint8_t)(tt->generation << 2 | bound)};
    tt_slot_write(&b[victim], &e);
}

#endif
