// SPDX-License-Identifier: MIT
// The Go board: sizes 2 to 19 chosen at run time, stones, strings with pseudo-liberties,
// captures, simple ko, an incremental Zobrist key, and play/undo with an undo record that
// restores captured stones exactly. Legality and move generation live in go/movegen.h.
//
// Cells form a (N+2) x (N+1) grid plus one: point (x, y), x the column from the left and y
// the row from the bottom (both 0..N-1), is cell (y+1)(N+1) + x + 1. Column 0 is a border
// shared by the right edge of one row and the left edge of the next, so the four neighbours
// of any point are cell -/+ 1 and cell -/+ stride, and never wrap onto another point.
//
// Strings keep pseudo-liberties: one per (stone, empty neighbour) pair, with their count,
// sum and sum of squares. A string has no liberty when the count is 0, and exactly one
// liberty when all its pseudo-liberties are the same cell, i.e. count * sumsq == sum^2.
#ifndef GO_BOARD_H
#define GO_BOARD_H

#include "core/types.h"

#define GO_MIN_SIZE   2
#define GO_MAX_SIZE   19
#define GO_MAX_POINTS (GO_MAX_SIZE * GO_MAX_SIZE)
#define GO_MAX_CELLS  ((GO_MAX_SIZE + 1) * (GO_MAX_SIZE + 2) + 1)
#define GO_MAX_MOVES  (GO_MAX_POINTS + 1) // every point and pass

// A move is the cell of a point (never 0), or GO_PASS.
#define GO_PASS ((Move)1023)

enum { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_OFF = 3 };

static inline int go_other(int colour)
{
    return colour ^ 3;
}

typedef enum { GO_KO_SIMPLE = 0, GO_KO_POSITIONAL = 1, GO_KO_SITUATIONAL = 2 } GoKoRule;
typedef enum {
    GO_SUICIDE_FORBID = 0, // no suicide
    GO_SUICIDE_MULTI = 1,  // a move that removes its own string of 2 or more stones
    GO_SUICIDE_ALL = 2     // single-stone suicide too
} GoSuicideRule;

// A string, indexed by the cell of its head stone.
typedef struct {
    uint16_t stones;
    uint16_t libs;    // pseudo-liberties
    uint32_t lib_sum; // sum of their cells
    uint32_t lib_sq;  // sum of their squares
} GoString;

typedef struct {
    Key zobrist[3][GO_MAX_CELLS]; // [colour][cell]; [GO_EMPTY] is zero
    Key ko[GO_MAX_CELLS];         // the simple-ko point; ko[0] is zero
    Key side;                     // XORed in when White is to move
    Key passes[3];                // 0, 1, 2 or more consecutive passes
} GoTables;

// Filled once by go_init(); read-only afterwards.
extern GoTables go_tables;

// Positions of a game for superko: the board keys (situational: with the side to move) of
// every position since the start, with a chained hash index so that membership is one probe.
// Pushes and pops are last in, first out, as play and undo are.
#define GO_HISTORY_BUCKETS 4096
typedef struct {
    Key *keys;
    int32_t *prev; // previous entry of the same bucket, -1 none
    int len, cap;
    uint32_t bans; // moves refused by superko so far (the search's history stamp)
    int32_t head[GO_HISTORY_BUCKETS];
} GoHistory;

typedef struct {
    int size, stride, cells; // N, N + 1, cells used
    int side;                // GO_BLACK or GO_WHITE: the side to move
    int ko;                  // cell the side to move may not play by simple ko, 0 none
    int passes;              // consecutive passes just played
    int ply;                 // moves played (passes included) since the start position
    int last;                // the last move played (a point or GO_PASS), 0 none since setup
    int ko_rule, suicide_rule;
    int empty_count;
    int captures[3];    // stones captured by Black [1] and White [2] (suicides count for the other)
    Key board_key;      // stones only
    GoHistory *history; // positions for superko; NULL checks simple ko only
    uint8_t color[GO_MAX_CELLS];
    uint16_t nbr[GO_MAX_CELLS];  // neighbour counts: 4 bits per colour, border counted as GO_OFF
    uint16_t head[GO_MAX_CELLS]; // head stone of the string of a stone
    uint16_t next[GO_MAX_CELLS]; // next stone of the same string (a ring)
    uint16_t empty_at[GO_MAX_CELLS]; // index of an empty point in empty[]
    uint16_t empty[GO_MAX_POINTS];   // the empty points
    uint8_t edge[GO_MAX_CELLS];      // 1 for points on the first line
    GoString str[GO_MAX_CELLS];      // per head stone
    int atari_n, atari_ply;          // entries of atari[] (-1: none kept) and the ply they are for
    uint16_t atari[GO_MAX_POINTS];   // the heads of the strings in atari (go_board_ataris)
} GoBoard;

// Everything play changes, to undo it. Captured stones are listed string by string in ring
// order from the string's head.
typedef struct {
    Key board_key;
    int16_t ko, empty_index;
    uint8_t side, passes;
    uint16_t last;
    uint8_t n_own, n_merge, n_cap, suicide;
    uint16_t own_head[4];
    GoString own_str[4];
    uint16_t merge_keep[4], merge_gone[4];
    uint16_t cap_head[4], cap_len[4];
    int16_t cap_total;
    uint16_t cap_stone[GO_MAX_POINTS];
} GoUndo;

// Builds the tables; idempotent and thread-safe. go_board_init calls it.
void go_init(void);

// An empty board of size 2..19, Black to move, simple ko and suicide forbidden, no history.
void go_board_init(GoBoard *b, int size);

// ---------------------------------------------------------------------------------------
// Points

static inline int go_point(const GoBoard *b, int x, int y)
{
    return (y + 1) * b->stride + x + 1;
}

static inline int go_point_x(const GoBoard *b, int p)
{
    return p % b->stride - 1;
}

static inline int go_point_y(const GoBoard *b, int p)
{
    return p / b->stride - 1;
}

static inline bool go_board_on_board(const GoBoard *b, Move m)
{
    return m < (Move)b->cells && b->color[m] != GO_OFF;
}

// Dense move index for history tables: y * N + x for points, N * N for pass.
static inline int go_move_index(const GoBoard *b, Move m)
{
    if (m == GO_PASS) return b->size * b->size;
    return go_point_y(b, (int)m) * b->size + go_point_x(b, (int)m);
}

static inline Move go_move_from_index(const GoBoard *b, int index)
{
    if (index == b->size * b->size) return GO_PASS;
    return (Move)go_point(b, index % b->size, index / b->size);
}

// ---------------------------------------------------------------------------------------
// Strings

static inline int go_nbr_count(const GoBoard *b, int p, int colour)
{
    return (b->nbr[p] >> (4 * colour)) & 15;
}

static inline const GoString *go_string_of(const GoBoard *b, int p)
{
    return &b->str[b->head[p]];
}

// True when the string has exactly one liberty.
static inline bool go_string_in_atari(const GoString *s)
{
    return s->libs > 0 && (uint64_t)s->libs * s->lib_sq == (uint64_t)s->lib_sum * s->lib_sum;
}

// The liberty of a string in atari.
static inline int go_string_atari_point(const GoString *s)
{
    return (int)(s->lib_sum / s->libs);
}

// The empty region (points joined through empty neighbours) holding the empty point p, not
// yet marked in seen: marks its points in seen, lists them in region (GO_MAX_POINTS long) and
// returns their number; *reach gets the colours of the stones next to it (GO_BLACK, GO_WHITE
// or both or'ed). A flood fill for scoring and evaluation, not for the move generator.
static inline int go_board_empty_region(const GoBoard *b, int p, uint8_t *seen, uint16_t *region,
                                        int *reach)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int size = 0;
    *reach = 0;
    region[size++] = (uint16_t)p;
    seen[p] = 1;
    for (int head = 0; head < size; head++) {
        int s = region[head];
        for (int k = 0; k < 4; k++) {
            int n = s + d[k], c = b->color[n];
            if (c == GO_BLACK || c == GO_WHITE) *reach |= c;
            if (c != GO_EMPTY || seen[n]) continue;
            seen[n] = 1;
            region[size++] = (uint16_t)n;
        }
    }
    return size;
}

static inline void go_lib_add(GoString *s, int p)
{
    s->libs++;
    s->lib_sum += (uint32_t)p;
    s->lib_sq += (uint32_t)(p * p);
}

static inline void go_lib_remove(GoString *s, int p)
{
    s->libs--;
    s->lib_sum -= (uint32_t)p;
    s->lib_sq -= (uint32_t)(p * p);
}

// ---------------------------------------------------------------------------------------
// Keys

// The key of the position: stones, side to move, simple-ko point and consecutive passes.
static inline Key go_board_key(const GoBoard *b)
{
    return b->board_key ^ (b->side == GO_WHITE ? go_tables.side : 0) ^ go_tables.ko[b->ko] ^
           go_tables.passes[b->passes < 2 ? b->passes : 2];
}

// What the superko history records for a board key with `side` to move.
static inline Key go_history_key(const GoBoard *b, Key board_key, int side)
{
    return b->ko_rule == GO_KO_SITUATIONAL && side == GO_WHITE ? board_key ^ go_tables.side
                                                               : board_key;
}

static inline bool go_history_contains(const GoHistory *h, Key k)
{
    for (int32_t i = h->head[k & (GO_HISTORY_BUCKETS - 1)]; i >= 0; i = h->prev[i])
        if (h->keys[i] == k) return true;
    return false;
}

void go_history_grow(GoHistory *h);

static inline void go_history_push(GoHistory *h, Key k)
{
    if (h->len == h->cap) go_history_grow(h);
    int bucket = (int)(k & (GO_HISTORY_BUCKETS - 1));
    h->keys[h->len] = k;
    h->prev[h->len] = h->head[bucket];
    h->head[bucket] = h->len++;
}

static inline void go_history_pop(GoHistory *h)
{
    int i = --h->len;
    h->head[h->keys[i] & (GO_HISTORY_BUCKETS - 1)] = h->prev[i];
}

void go_history_init(GoHistory *h);
void go_history_free(GoHistory *h);
void go_history_clear(GoHistory *h);

// Makes dst (initialised) a copy of src.
void go_history_copy(GoHistory *dst, const GoHistory *src);

// Clears h and records b's position as the first of a game.
void go_history_start(GoHistory *h, const GoBoard *b);

// ---------------------------------------------------------------------------------------
// Play and undo

// Puts a stone on an empty point: colour, neighbour counts, key and the empty list.
static inline void go_board_put(GoBoard *b, int p, int colour)
{
    static const uint16_t delta[4] = {0, 0x0010 - 1, 0x0100 - 1, 0};
    b->color[p] = (uint8_t)colour;
    b->board_key ^= go_tables.zobrist[colour][p];
    b->nbr[p - b->stride] += delta[colour];
    b->nbr[p - 1] += delta[colour];
    b->nbr[p + 1] += delta[colour];
    b->nbr[p + b->stride] += delta[colour];
}

static inline void go_board_lift(GoBoard *b, int p)
{
    static const uint16_t delta[4] = {0, 0x0010 - 1, 0x0100 - 1, 0};
    int colour = b->color[p];
    b->color[p] = GO_EMPTY;
    b->board_key ^= go_tables.zobrist[colour][p];
    b->nbr[p - b->stride] -= delta[colour];
    b->nbr[p - 1] -= delta[colour];
    b->nbr[p + 1] -= delta[colour];
    b->nbr[p + b->stride] -= delta[colour];
}

static inline void go_empty_remove(GoBoard *b, int p)
{
    int i = b->empty_at[p], last = b->empty[--b->empty_count];
    b->empty[i] = (uint16_t)last;
    b->empty_at[last] = (uint16_t)i;
}

static inline void go_empty_add(GoBoard *b, int p)
{
    b->empty_at[p] = (uint16_t)b->empty_count;
    b->empty[b->empty_count++] = (uint16_t)p;
}

// Removes the string with head h (no liberty left): its stones become liberties of the
// neighbouring strings of the other colour. Returns the number of stones.
static inline int go_board_remove_string(GoBoard *b, int h, GoUndo *u)
{
    int colour = b->color[h], other = go_other(colour), n = 0, s = h;
    const int d[4] = {-b->stride, -1, 1, b->stride};
    do {
        go_board_lift(b, s);
        go_empty_add(b, s);
        if (u) u->cap_stone[u->cap_total + n] = (uint16_t)s;
        n++;
        for (int k = 0; k < 4; k++)
            if (b->color[s + d[k]] == other) go_lib_add(&b->str[b->head[s + d[k]]], s);
        s = b->next[s];
    } while (s != h);
    if (u) {
        u->cap_head[u->n_cap] = (uint16_t)h;
        u->cap_len[u->n_cap++] = (uint16_t)n;
        u->cap_total = (int16_t)(u->cap_total + n);
    }
    return n;
}

// Joins the strings with heads a and c (a contains the new stone); returns the new head.
static inline int go_board_merge(GoBoard *b, int a, int c, GoUndo *u)
{
    int keep = b->str[a].stones >= b->str[c].stones ? a : c, gone = keep ^ a ^ c;
    int s = gone;
    do {
        b->head[s] = (uint16_t)keep;
        s = b->next[s];
    } while (s != gone);
    uint16_t t = b->next[keep];
    b->next[keep] = b->next[gone];
    b->next[gone] = t;
    GoString *k = &b->str[keep];
    const GoString *g = &b->str[gone];
    k->stones = (uint16_t)(k->stones + g->stones);
    k->libs = (uint16_t)(k->libs + g->libs);
    k->lib_sum += g->lib_sum;
    k->lib_sq += g->lib_sq;
    if (u) {
        u->merge_keep[u->n_merge] = (uint16_t)keep;
        u->merge_gone[u->n_merge++] = (uint16_t)gone;
    }
    return keep;
}

static inline void go_undo_save(const GoBoard *b, GoUndo *u)
{
    u->board_key = b->board_key;
    u->ko = (int16_t)b->ko;
    u->side = (uint8_t)b->side;
    u->passes = (uint8_t)b->passes;
    u->last = (uint16_t)b->last;
    u->n_own = u->n_merge = u->n_cap = u->suicide = 0;
    u->cap_total = 0;
}

// Places the stone and links it with its neighbours' strings; returns its string's head.
static inline int go_board_place(GoBoard *b, int p, int me, GoUndo *u)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    if (u) u->empty_index = (int16_t)b->empty_at[p];
    go_board_put(b, p, me);
    go_empty_remove(b, p);
    b->head[p] = (uint16_t)p;
    b->next[p] = (uint16_t)p;
    b->str[p] = (GoString){1, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
        int n = p + d[k], c = b->color[n];
        if (c == GO_EMPTY) {
            go_lib_add(&b->str[p], n);
        } else if (c != GO_OFF) {
            int h = b->head[n];
            if (u && c == me) {
                bool seen = false;
                for (int i = 0; i < u->n_own; i++) seen |= u->own_head[i] == h;
                if (!seen) {
                    u->own_head[u->n_own] = (uint16_t)h;
                    u->own_str[u->n_own++] = b->str[h];
                }
            }
            go_lib_remove(&b->str[h], p);
        }
    }
    int head = p;
    for (int k = 0; k < 4; k++) {
        int n = p + d[k];
        if (b->color[n] == me && b->head[n] != head) head = go_board_merge(b, head, b->head[n], u);
    }
    return head;
}

// Plays a move for the side to move; the caller checked that it is legal (go_board_is_legal).
// u may be NULL when the move will never be undone (playouts).
static inline void go_board_play(GoBoard *b, Move m, GoUndo *u)
{
    int me = b->side, opp = go_other(me);
    if (u) go_undo_save(b, u);
    b->side = opp;
    b->ply++;
    b->ko = 0;
    b->last = (int)m;
    if (m == GO_PASS) {
        b->passes++;
    } else {
        const int d[4] = {-b->stride, -1, 1, b->stride};
        int p = (int)m, captured = 0, last = 0;
        b->passes = 0;
        int head = go_board_place(b, p, me, u);
        for (int k = 0; k < 4; k++) {
            int n = p + d[k];
            if (b->color[n] == opp && b->str[b->head[n]].libs == 0) {
                captured += go_board_remove_string(b, b->head[n], u);
                last = n;
            }
        }
        b->captures[me] += captured;
        if (b->str[head].libs == 0) {
            if (u) u->suicide = 1;
            b->captures[opp] += go_board_remove_string(b, head, u);
        } else if (captured == 1 && b->str[head].stones == 1 && b->str[head].libs == 1) {
            b->ko = last;
        }
    }
    if (b->history) go_history_push(b->history, go_history_key(b, b->board_key, b->side));
}

// Puts back the stones of one removed string (listed from `first` in u) with head h.
static inline void go_board_restore_string(GoBoard *b, const GoUndo *u, int first, int len, int h,
                                           int colour)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int other = go_other(colour);
    for (int i = 0; i < len; i++) {
        int s = u->cap_stone[first + i];
        go_board_put(b, s, colour);
        b->head[s] = (uint16_t)h;
        b->next[s] = u->cap_stone[first + (i + 1 < len ? i + 1 : 0)];
        for (int k = 0; k < 4; k++)
            if (b->color[s + d[k]] == other) go_lib_remove(&b->str[b->head[s + d[k]]], s);
    }
    b->str[h] = (GoString){(uint16_t)len, 0, 0, 0};
}

// Takes back move m, which was the last move played on b with undo record u.
static inline void go_board_undo(GoBoard *b, Move m, const GoUndo *u)
{
    int me = u->side, opp = go_other(me);
    b->atari_n = -1; // the list of strings in atari is not restored: go_board_ataris scans again
    if (b->history) go_history_pop(b->history);
    if (m != GO_PASS) {
        const int d[4] = {-b->stride, -1, 1, b->stride};
        int p = (int)m, first = u->cap_total;
        b->empty_count -= u->cap_total;
        for (int i = u->n_cap - 1; i >= 0; i--) {
            first -= u->cap_len[i];
            bool own = u->suicide && i == u->n_cap - 1;
            go_board_restore_string(b, u, first, u->cap_len[i], u->cap_head[i], own ? me : opp);
            b->captures[own ? opp : me] -= u->cap_len[i];
        }
        for (int i = u->n_merge - 1; i >= 0; i--) {
            int keep = u->merge_keep[i], gone = u->merge_gone[i];
            uint16_t t = b->next[keep];
            b->next[keep] = b->next[gone];
            b->next[gone] = t;
            int s = gone;
            do {
                b->head[s] = (uint16_t)gone;
                s = b->next[s];
            } while (s != gone);
        }
        go_board_lift(b, p);
        // p goes back to its index; the point that took its place there goes to the end.
        int i = u->empty_index;
        if (i < b->empty_count) {
            int x = b->empty[i];
            b->empty[b->empty_count] = (uint16_t)x;
            b->empty_at[x] = (uint16_t)b->empty_count;
        }
        b->empty_count++;
        b->empty[i] = (uint16_t)p;
        b->empty_at[p] = (uint16_t)i;
        for (int k = 0; k < 4; k++)
            if (b->color[p + d[k]] == opp) go_lib_add(&b->str[b->head[p + d[k]]], p);
        for (int k = 0; k < u->n_own; k++) b->str[u->own_head[k]] = u->own_str[k];
    }
    b->board_key = u->board_key;
    b->ko = u->ko;
    b->side = me;
    b->passes = u->passes;
    b->last = u->last;
    b->ply--;
}

// ---------------------------------------------------------------------------------------
// Cold path

// The key recomputed from scratch (tests compare it with the incremental one).
Key go_board_compute_key(const GoBoard *b);

// Sets the rules the board checks: ko (simple, positional, situational) and suicide.
void go_board_set_rules(GoBoard *b, int ko_rule, int suicide_rule);

// Puts a stone of a colour (or GO_EMPTY) on a point without capturing, and rebuilds the
// strings; for setup (handicap, SGF AB/AW/AE). Clears the ko point, the passes and the last
// move.
void go_board_set_stone(GoBoard *b, int p, int colour);
// The same on n points at once, with one rebuild.
void go_board_set_stones(GoBoard *b, const int *points, int n, int colour);

// A copy of src's position that checks simple ko only and has no history (for playouts).
void go_board_copy_position(GoBoard *dst, const GoBoard *src);

// Same stones, side to move, ko point and passes (strings and lists not compared).
bool go_board_same_position(const GoBoard *a, const GoBoard *b);

// The strings in atari (of both colours), for the playout policy: makes b->atari list exactly
// the head of each, and returns their number. The list is kept from call to call: when one move
// has been played since the last call, only the strings next to it or through it are looked at
// (go/board.c says why that is enough); otherwise (the first call, two moves or more since, an
// undo, a setup) the board is scanned. Play costs nothing more for it.
int go_board_ataris(GoBoard *b);

// Liberties of the string through p, counted exactly (distinct empty neighbours).
int go_board_string_liberties(const GoBoard *b, int p);

// The board as text, with coordinates (A-T without I, rows from the bottom). Caller frees.
char *go_board_render_ascii(const GoBoard *b);

#endif
