// SPDX-License-Identifier: MIT
// The Go board's tables (Zobrist keys), its construction, setup stones (which rebuild the
// strings from scratch), the superko history's storage, and cold-path helpers.
#include "go/board.h"

#include "base/rng.h"

#include <glib.h>
#include <pthread.h>
#include <string.h>

GoTables go_tables;

static void build_tables(void)
{
    uint64_t seed = 0x476f426f617264ULL; // fixed: keys must not change between runs
    memset(&go_tables, 0, sizeof go_tables);
    for (int c = GO_BLACK; c <= GO_WHITE; c++)
        for (int p = 0; p < GO_MAX_CELLS; p++) go_tables.zobrist[c][p] = rng_splitmix64(&seed);
    for (int p = 1; p < GO_MAX_CELLS; p++) go_tables.ko[p] = rng_splitmix64(&seed);
    go_tables.side = rng_splitmix64(&seed);
    go_tables.passes[1] = rng_splitmix64(&seed);
    go_tables.passes[2] = rng_splitmix64(&seed);
}

// Once, by whichever thread asks first (pthread_once, which ThreadSanitizer follows, unlike
// GLib's g_once inside the uninstrumented library).
void go_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
}

// Rebuilds neighbour counts, the empty list (in board order), strings and the key from the
// colours alone; the list of strings in atari is no longer kept.
static void rebuild(GoBoard *b)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    memset(b->nbr, 0, sizeof b->nbr);
    b->empty_count = 0;
    b->atari_n = -1;
    b->board_key = 0;
    for (int p = 0; p < b->cells; p++) {
        b->head[p] = 0;
        if (b->color[p] == GO_OFF) continue;
        for (int k = 0; k < 4; k++)
            b->nbr[p] = (uint16_t)(b->nbr[p] + (1 << (4 * b->color[p + d[k]])));
        b->board_key ^= go_tables.zobrist[b->color[p]][p];
        if (b->color[p] == GO_EMPTY) go_empty_add(b, p);
    }
    uint16_t stack[GO_MAX_POINTS];
    for (int p = 0; p < b->cells; p++) {
        int c = b->color[p];
        if (c != GO_BLACK && c != GO_WHITE) continue;
        if (b->head[p]) continue;
        // Flood fill the string, linking its ring as stones are found.
        int top = 0, last = p;
        b->head[p] = (uint16_t)p;
        b->next[p] = (uint16_t)p;
        b->str[p] = (GoString){0, 0, 0, 0};
        stack[top++] = (uint16_t)p;
        while (top) {
            int s = stack[--top];
            b->str[p].stones++;
            for (int k = 0; k < 4; k++) {
                int n = s + d[k];
                if (b->color[n] == GO_EMPTY) go_lib_add(&b->str[p], n);
                if (b->color[n] != c || b->head[n]) continue;
                b->head[n] = (uint16_t)p;
                b->next[n] = b->next[last];
                b->next[last] = (uint16_t)n;
                last = n;
                stack[top++] = (uint16_t)n;
            }
        }
    }
}

void go_board_init(GoBoard *b, int size)
{
    go_init();
    g_assert(size >= GO_MIN_SIZE && size <= GO_MAX_SIZE);
    memset(b, 0, sizeof *b);
    b->size = size;
    b->stride = size + 1;
    b->cells = (size + 1) * (size + 2) + 1;
    b->side = GO_BLACK;
    memset(b->color, GO_OFF, sizeof b->color);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            int p = go_point(b, x, y);
            b->color[p] = GO_EMPTY;
            b->edge[p] = x == 0 || y == 0 || x == size - 1 || y == size - 1;
        }
    rebuild(b);
}

void go_board_set_rules(GoBoard *b, int ko_rule, int suicide_rule)
{
    b->ko_rule = ko_rule;
    b->suicide_rule = suicide_rule;
}

void go_board_set_stone(GoBoard *b, int p, int colour)
{
    go_board_set_stones(b, &p, 1, colour);
}

void go_board_set_stones(GoBoard *b, const int *points, int n, int colour)
{
    for (int i = 0; i < n; i++) b->color[points[i]] = (uint8_t)colour;
    b->ko = 0;
    b->passes = 0;
    b->last = 0;
    rebuild(b);
}

void go_board_copy_position(GoBoard *dst, const GoBoard *src)
{
    memcpy(dst, src, sizeof *dst);
    dst->history = NULL;
    dst->ko_rule = GO_KO_SIMPLE;
}

Key go_board_compute_key(const GoBoard *b)
{
    Key k = 0;
    for (int p = 0; p < b->cells; p++)
        if (b->color[p] == GO_BLACK || b->color[p] == GO_WHITE)
            k ^= go_tables.zobrist[b->color[p]][p];
    k ^= b->side == GO_WHITE ? go_tables.side : 0;
    return k ^ go_tables.ko[b->ko] ^ go_tables.passes[b->passes < 2 ? b->passes : 2];
}

bool go_board_same_position(const GoBoard *a, const GoBoard *b)
{
    return a->size == b->size && a->side == b->side && a->ko == b->ko && a->passes == b->passes &&
           memcmp(a->color, b->color, (size_t)a->cells) == 0;
}

static bool atari_head(const GoBoard *b, int h)
{
    int c = b->color[h];
    return b->head[h] == h && (c == GO_BLACK || c == GO_WHITE) && go_string_in_atari(&b->str[h]);
}

// After a move on p, only a string next to p or through p can have lost a liberty or changed its
// head (a string next to a captured stone gains liberties, so it is out of atari, and the others
// do not change): each of those in atari is added unless its head is listed already. The
// entries that went stale (captured, merged, out of atari) are dropped by the caller.
static void atari_note(GoBoard *b, int p)
{
    const int d[5] = {0, -b->stride, -1, 1, b->stride};
    for (int k = 0; k < 5; k++) {
        int c = b->color[p + d[k]];
        if (c != GO_BLACK && c != GO_WHITE) continue;
        int h = b->head[p + d[k]], i = 0;
        if (!go_string_in_atari(&b->str[h])) continue;
        while (i < b->atari_n && b->atari[i] != h) i++;
        if (i == b->atari_n) b->atari[b->atari_n++] = (uint16_t)h;
    }
}

// A string without a liberty (only a setup makes one) that gains one by a capture away from it
// would not be noted: while the board has one, every call scans.
int go_board_ataris(GoBoard *b)
{
    int n = 0, since = b->ply - b->atari_ply;
    bool lifeless = false;
    if (b->atari_n < 0 || since < 0 || since > 1) {
        for (int p = b->stride + 1; p < b->cells - b->stride; p++) {
            int c = b->color[p];
            if (atari_head(b, p)) b->atari[n++] = (uint16_t)p;
            lifeless |= b->head[p] == p && (c == GO_BLACK || c == GO_WHITE) && !b->str[p].libs;
        }
    } else {
        if (since == 1 && b->last != (int)GO_PASS) atari_note(b, b->last);
        for (int i = 0; i < b->atari_n; i++)
            if (atari_head(b, b->atari[i])) b->atari[n++] = b->atari[i];
    }
    b->atari_ply = lifeless ? b->ply - 2 : b->ply; // two plies back: the next call scans
    return b->atari_n = n;
}

int go_board_string_liberties(const GoBoard *b, int p)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    uint8_t seen[GO_MAX_CELLS] = {0};
    int n = 0, h = b->head[p], s = h;
    do {
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (b->color[q] == GO_EMPTY && !seen[q]) seen[q] = 1, n++;
        }
        s = b->next[s];
    } while (s != h);
    return n;
}

char *go_board_render_ascii(const GoBoard *b)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRST";
    GString *out = g_string_new("   ");
    for (int x = 0; x < b->size; x++) g_string_append_printf(out, " %c", letters[x]);
    g_string_append_c(out, '\n');
    for (int y = b->size - 1; y >= 0; y--) {
        g_string_append_printf(out, "%2d ", y + 1);
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            char c = b->color[p] == GO_BLACK ? 'X' : b->color[p] == GO_WHITE ? 'O' : '.';
            g_string_append_printf(out, " %c", p == b->ko ? '*' : c);
        }
        g_string_append_printf(out, " %2d\n", y + 1);
    }
    g_string_append(out, "   ");
    for (int x = 0; x < b->size; x++) g_string_append_printf(out, " %c", letters[x]);
    g_string_append_printf(out, "\n%s to move, captures: Black %d, White %d\n",
                           b->side == GO_BLACK ? "Black" : "White", b->captures[GO_BLACK],
                           b->captures[GO_WHITE]);
    return g_string_free(out, FALSE);
}

// ---------------------------------------------------------------------------------------
// Superko history

void go_history_init(GoHistory *h)
{
    h->keys = NULL;
    h->prev = NULL;
    h->len = h->cap = 0;
    h->bans = 0;
    memset(h->head, -1, sizeof h->head);
}

void go_history_free(GoHistory *h)
{
    g_free(h->keys);
    g_free(h->prev);
    go_history_init(h);
}

void go_history_clear(GoHistory *h)
{
    h->len = 0;
    memset(h->head, -1, sizeof h->head);
}

void go_history_copy(GoHistory *dst, const GoHistory *src)
{
    if (dst->cap < src->len) {
        dst->cap = MAX(src->len, 512);
        dst->keys = g_renew(Key, dst->keys, dst->cap);
        dst->prev = g_renew(int32_t, dst->prev, dst->cap);
    }
    dst->len = src->len;
    dst->bans = src->bans;
    if (src->len) {
        memcpy(dst->keys, src->keys, (size_t)src->len * sizeof *src->keys);
        memcpy(dst->prev, src->prev, (size_t)src->len * sizeof *src->prev);
    }
    memcpy(dst->head, src->head, sizeof dst->head);
}

void go_history_grow(GoHistory *h)
{
    h->cap = h->cap ? 2 * h->cap : 512;
    h->keys = g_renew(Key, h->keys, h->cap);
    h->prev = g_renew(int32_t, h->prev, h->cap);
}

void go_history_start(GoHistory *h, const GoBoard *b)
{
    go_history_clear(h);
    go_history_push(h, go_history_key(b, b->board_key, b->side));
}
