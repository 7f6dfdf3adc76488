// SPDX-License-Identifier: MIT
// Transposition table: 64-byte buckets of four 16-byte entries, depth-preferred replacement
// with aging. An entry keeps the move as the game's dense move index, the score (forced
// results stored relative to the node), the depth actually searched and the bound.
#ifndef CORE_TT_H
#define CORE_TT_H

#include "core/score.h"
#include "core/types.h"

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

typedef struct {
    uint64_t key;
    uint16_t move1; // dense move index + 1, 0 for none
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t genbound; // generation << 2 | bound
} TtEntry;

_Static_assert(sizeof(TtEntry) == 16, "four entries fill a 64-byte cache line");

typedef struct {
    void *block;      // the allocation
    TtEntry *entries; // its first cache-line boundary
    size_t buckets;   // a power of two
    uint8_t generation;
} Tt;

#define TT_BUCKET 4

// Allocates about mib MiB (rounded down to a power of two buckets, at least one bucket).
bool tt_init(Tt *tt, size_t mib);
void tt_free(Tt *tt);
// Reallocates the table from *have_mib to want_mib MiB (emptied) unless they are equal. If
// the new size cannot be had, keeps the old table as it was and returns false.
bool tt_resize(Tt *tt, int *have_mib, int want_mib);
void tt_clear(Tt *tt);
// A new search: entries of older generations become the first to be replaced.
void tt_new_search(Tt *tt);
// Permille of the first 1000 buckets' entries used by the current generation.
int tt_hashfull(const Tt *tt);

static inline TtEntry *tt_bucket(const Tt *tt, Key key)
{
    return tt->entries + (size_t)(key & (tt->buckets - 1)) * TT_BUCKET;
}

static inline void tt_prefetch(const Tt *tt, Key key)
{
    __builtin_prefetch(tt_bucket(tt, key));
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

static inline const TtEntry *tt_probe(const Tt *tt, Key key)
{
    TtEntry *e = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (e[i].key == key && e[i].genbound) return &e[i];
    return NULL;
}

// Stores a result; `move_index` is -1 when there is no move (then the old move is kept).
static inline void tt_store(Tt *tt, Key key, int move_index, Score score, Score eval, int depth,
                            int bound, int ply)
{
    TtEntry *e = tt_bucket(tt, key), *victim = NULL;
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (e[i].key == key || !e[i].genbound) {
            victim = &e[i];
            break;
        }
        int age = (uint8_t)(tt->generation - (e[i].genbound >> 2)) & 63;
        int value = e[i].depth - 8 * age;
        if (value < worst) worst = value, victim = &e[i];
    }
    if (victim->key == key && victim->genbound && bound != TT_EXACT && depth + 2 < victim->depth &&
        (victim->genbound >> 2) == tt->generation)
        return; // keep a much deeper result of this search
    if (move_index >= 0 || victim->key != key) victim->move1 = (uint16_t)(move_index + 1);
    victim->key = key;
    victim->score = tt_score_to(score, ply);
    victim->eval = (int16_t)eval;
    victim->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    victim->genbound = (uint8_t)(tt->generation << 2 | bound);
}

#endif
