// SPDX-License-Identifier: MIT
// The naive reference Go board (see the header).
#include "tests/go_naive.h"

#include <string.h>

// One past position: the grid and the side to move, as a key for the hash table.
typedef struct {
    uint8_t grid[NAIVE_MAX];
    int side;
} NaivePast;

static int neighbours(int size, int i, int *out)
{
    int x = i % size, y = i / size, n = 0;
    if (x > 0) out[n++] = i - 1;
    if (x < size - 1) out[n++] = i + 1;
    if (y > 0) out[n++] = i - size;
    if (y < size - 1) out[n++] = i + size;
    return n;
}

// Marks the string through i in `mark` and returns its number of liberties.
static int flood(int size, const uint8_t *grid, int i, uint8_t *mark)
{
    uint8_t lib[NAIVE_MAX] = {0};
    int stack[NAIVE_MAX], top = 0, libs = 0, colour = grid[i];
    memset(mark, 0, (size_t)(size * size));
    mark[i] = 1;
    stack[top++] = i;
    while (top) {
        int s = stack[--top], nb[4];
        int k = neighbours(size, s, nb);
        for (int j = 0; j < k; j++) {
            int t = nb[j];
            if (grid[t] == 0 && !lib[t]) lib[t] = 1, libs++;
            if (grid[t] == colour && !mark[t]) mark[t] = 1, stack[top++] = t;
        }
    }
    return libs;
}

static int remove_marked(int size, uint8_t *grid, const uint8_t *mark)
{
    int n = 0;
    for (int i = 0; i < size * size; i++)
        if (mark[i]) grid[i] = 0, n++;
    return n;
}

static guint64 hash_past(int size, const uint8_t *grid, int side)
{
    guint64 h = 1469598103934665603ull;
    for (int i = 0; i < size * size; i++) h = (h ^ grid[i]) * 1099511628211ull;
    return (h ^ (guint64)side) * 1099511628211ull;
}

// The side recorded with a past grid: situational superko compares it, positional does not.
static int past_side(const NaiveGo *n, int side)
{
    return n->ko_rule == 2 ? side : 0;
}

static bool seen_before(const NaiveGo *n, const uint8_t *grid, int side)
{
    guint64 h = hash_past(n->size, grid, past_side(n, side));
    if (!g_hash_table_contains(n->seen, &h)) return false;
    for (guint k = 0; k < n->past->len; k++) {
        const NaivePast *p = &g_array_index(n->past, NaivePast, k);
        if (p->side == past_side(n, side) &&
            memcmp(p->grid, grid, (size_t)(n->size * n->size)) == 0)
            return true;
    }
    return false;
}

static void remember(NaiveGo *n)
{
    NaivePast p;
    memset(&p, 0, sizeof p);
    memcpy(p.grid, n->grid, sizeof p.grid);
    p.side = past_side(n, n->side);
    g_array_append_val(n->past, p);
    guint64 h = hash_past(n->size, n->grid, p.side);
    guint64 *key = g_new(guint64, 1);
    *key = h;
    g_hash_table_replace(n->seen, key, GINT_TO_POINTER(1));
}

void naive_go_init(NaiveGo *n, int size, int ko_rule, int suicide_rule)
{
    memset(n, 0, sizeof *n);
    n->size = size;
    n->ko_rule = ko_rule;
    n->suicide_rule = suicide_rule;
    n->side = 1;
    n->last_point = -1;
    n->past = g_array_new(FALSE, FALSE, sizeof(NaivePast));
    n->seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    remember(n);
}

void naive_go_free(NaiveGo *n)
{
    g_array_free(n->past, TRUE);
    g_hash_table_destroy(n->seen);
}

bool naive_go_try(const NaiveGo *n, int i, uint8_t *after, int *captured)
{
    int size = n->size, me = n->side, opp = 3 - me, nb[4];
    if (n->grid[i] != 0) return false;
    memcpy(after, n->grid, NAIVE_MAX);
    after[i] = (uint8_t)me;
    uint8_t mark[NAIVE_MAX];
    int caps = 0, last_single = -1;
    int k = neighbours(size, i, nb);
    for (int j = 0; j < k; j++) {
        if (after[nb[j]] != opp) continue;
        if (flood(size, after, nb[j], mark) > 0) continue;
        int removed = remove_marked(size, after, mark);
        caps += removed;
        if (removed == 1) last_single = nb[j];
    }
    if (flood(size, after, i, mark) == 0) {
        int own = remove_marked(size, after, mark);
        if (n->suicide_rule == 0 || (n->suicide_rule == 1 && own == 1)) return false;
    }
    // Simple ko: taking back at once the single stone that has just taken a single stone,
    // back to the grid before that move.
    if (caps == 1 && last_single == n->last_point &&
        memcmp(after, n->before_last, (size_t)(size * size)) == 0)
        return false;
    if (n->ko_rule != 0 && seen_before(n, after, opp)) return false;
    *captured = caps;
    return true;
}

void naive_go_play(NaiveGo *n, int i)
{
    memcpy(n->before_last, n->grid, NAIVE_MAX);
    if (i >= 0) {
        uint8_t after[NAIVE_MAX];
        int caps = 0;
        bool ok = naive_go_try(n, i, after, &caps);
        g_assert_true(ok);
        int own_before = 0, own_after = 0;
        for (int k = 0; k < n->size * n->size; k++) {
            own_before += n->grid[k] == n->side;
            own_after += after[k] == n->side;
        }
        n->captures[n->side] += caps;
        n->captures[3 - n->side] += own_before + 1 - own_after; // a suicide's stones
        memcpy(n->grid, after, NAIVE_MAX);
    }
    n->last_point = i;
    n->side = 3 - n->side;
    remember(n);
}

void naive_go_copy(NaiveGo *dst, const NaiveGo *src)
{
    *dst = *src;
    dst->past = g_array_copy(src->past);
    dst->seen = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    GHashTableIter it;
    gpointer key, value;
    g_hash_table_iter_init(&it, src->seen);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        guint64 *k = g_new(guint64, 1);
        *k = *(guint64 *)key;
        g_hash_table_replace(dst->seen, k, value);
    }
}

uint64_t naive_go_perft(const NaiveGo *n, int depth)
{
    if (depth == 0) return 1;
    uint64_t total = 0;
    for (int i = 0; i < n->size * n->size; i++) {
        uint8_t after[NAIVE_MAX];
        int caps;
        if (!naive_go_try(n, i, after, &caps)) continue;
        if (depth == 1) {
            total++;
            continue;
        }
        NaiveGo child;
        naive_go_copy(&child, n);
        naive_go_play(&child, i);
        total += naive_go_perft(&child, depth - 1);
        naive_go_free(&child);
    }
    return total;
}
