// SPDX-License-Identifier: MIT
// The playout policy (go/policy.h). Each stage lists its candidate points, and one of those
// that pass the common test (legal, no own eye, no refused self-atari) is drawn at random; a
// stage with none passes the turn to the next.
#include "go/policy.h"

#include <pthread.h>
#include <string.h>

#include "go/movegen.h"
#include "go/reading.h"

#define MAX_CANDIDATES 32

// The MoGo hand patterns, as the literature draws them (one orientation and colour each).
const char *const go_policy_patterns[] = {
    "XOX"
    "..."
    "???", // hane: enclosing hane
    "XO."
    "..."
    "?.?", // hane: non-cutting hane
    "XO?"
    "X.."
    "x.?", // hane: magari
    "XOO"
    "..."
    "?.?", // hane: thin hane
    "XO?"
    "O.o"
    "?o?", // cut: unprotected cut
    "XO?"
    "O.X"
    "???", // cut: peeped cut
    "?X?"
    "O.O"
    "ooo", // cut: the cut between two stones
    "X.?"
    "O.?"
    "###", // edge: chase
    "OX?"
    "X.O"
    "###", // edge: block the cut
    "?X?"
    "x.O"
    "###", // edge: block the connection
    "?XO"
    "x.x"
    "###", // edge: sagari
    "?OX"
    "X.O"
    "###", // edge: cut
};
const int go_policy_pattern_count = G_N_ELEMENTS(go_policy_patterns);

// The neighbours in code order, clockwise from the upper left: their index in a pattern
// string (their cells: neighbour_offsets).
static const int slot_index[8] = {0, 1, 2, 5, 8, 7, 6, 3};

// The cell offsets of the eight neighbours in code order (rows upward are + stride).
static inline void neighbour_offsets(const GoBoard *b, int *off)
{
    int s = b->stride;
    off[0] = s - 1, off[1] = s, off[2] = s + 1, off[3] = 1;
    off[4] = 1 - s, off[5] = -s, off[6] = -1 - s, off[7] = -1;
}

static uint64_t pattern_table[1 << 16 >> 6];

static inline bool pattern_bit(int code)
{
    return (pattern_table[code >> 6] >> (code & 63)) & 1;
}

// The colours a pattern character allows (bit c for colour c), X being Black.
static int pattern_allowed(char ch)
{
    const int all = 15, black = 1 << GO_BLACK, white = 1 << GO_WHITE;
    switch (ch) {
    case 'X': return black;
    case 'O': return white;
    case '.': return 1 << GO_EMPTY;
    case '#': return 1 << GO_OFF;
    case 'x': return all & ~black;
    case 'o': return all & ~white;
    default: return all;
    }
}

// Marks every code the pattern string s allows, from neighbour slot on.
static void pattern_expand(const char *s, int slot, int code)
{
    if (slot == 8) {
        pattern_table[code >> 6] |= (uint64_t)1 << (code & 63);
        return;
    }
    int allowed = pattern_allowed(s[slot_index[slot]]);
    for (int c = 0; c < 4; c++)
        if (allowed >> c & 1) pattern_expand(s, slot + 1, code | c << (2 * slot));
}

// The pattern s under symmetry t (0-3 quarter turns, plus a mirror from 4 on) and, with swap,
// with X and O (x and o) exchanged.
static void pattern_transform(const char *s, int t, bool swap, char *out)
{
    static const char from[] = "XOxo", to[] = "OXox";
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            int rr = r, cc = t >= 4 ? 2 - c : c;
            for (int k = 0; k < t % 4; k++) {
                int tmp = rr;
                rr = cc;
                cc = 2 - tmp;
            }
            char ch = s[3 * r + c];
            const char *at = swap ? strchr(from, ch) : NULL;
            out[3 * rr + cc] = at && ch ? to[at - from] : ch;
        }
    out[9] = 0;
}

static void pattern_fill(void)
{
    for (int i = 0; i < go_policy_pattern_count; i++)
        for (int t = 0; t < 8; t++)
            for (int swap = 0; swap < 2; swap++) {
                char s[10];
                pattern_transform(go_policy_patterns[i], t, swap, s);
                pattern_expand(s, 0, 0);
            }
}

// The table is filled once, by whichever thread comes first (pthread_once, which
// ThreadSanitizer follows: GLib's g_once_init_leave runs inside the uninstrumented library, so
// the table's first readers in other threads were reported as racing with its filling).
static void pattern_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, pattern_fill);
}

bool go_policy_pattern(int code)
{
    pattern_init();
    return pattern_bit(code);
}

// Written out in neighbour_offsets' order: eight loads and no loop (the pattern stage codes up to
// eight points a move).
int go_policy_code(const GoBoard *b, int p)
{
    const uint8_t *c = b->color + p;
    int s = b->stride;
    return c[s - 1] | c[s] << 2 | c[s + 1] << 4 | c[1] << 6 | c[1 - s] << 8 | c[-s] << 10 |
           c[-1 - s] << 12 | c[-1] << 14;
}

static bool chance(Rng *rng, double p)
{
    return p >= 1 || (p > 0 && (double)(rng_next(rng) >> 11) * 0x1p-53 < p);
}

static bool holds(const int *points, int n, int p)
{
    for (int i = 0; i < n; i++)
        if (points[i] == p) return true;
    return false;
}

// Distinct liberties, up to max (at most 3), of the string of colour that a move of colour on
// the empty point p makes, not counting the stones it would capture nor the point skip (0: none).
static int libs_after(const GoBoard *b, int p, int colour, int max, int skip)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int libs[3], n_libs = 0;
    for (int k = 0; k < 4 && n_libs < max; k++)
        if (b->color[p + d[k]] == GO_EMPTY && p + d[k] != skip) libs[n_libs++] = p + d[k];
    for (int k = 0; k < 4 && n_libs < max; k++) {
        if (b->color[p + d[k]] != colour) continue;
        int found[4], n = go_string_libs(b, p + d[k], found, max + 1);
        for (int j = 0; j < n && n_libs < max; j++)
            if (found[j] != p && found[j] != skip && !holds(libs, n_libs, found[j]))
                libs[n_libs++] = found[j];
    }
    return n_libs;
}

bool go_policy_self_atari(const GoBoard *b, int p, int big)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int me = b->side, opp = go_other(me), stones = 1, heads[4], n_heads = 0;
    if (go_nbr_count(b, p, GO_EMPTY) >= 2) return false;
    for (int k = 0; k < 4; k++) {
        int n = p + d[k], c = b->color[n];
        if (c == opp && go_string_in_atari(go_string_of(b, n))) return false;
        if (c != me) continue;
        bool seen = false;
        for (int i = 0; i < n_heads; i++) seen |= heads[i] == b->head[n];
        if (seen) continue;
        heads[n_heads++] = b->head[n];
        stones += b->str[b->head[n]].stones;
    }
    return stones >= big && libs_after(b, p, me, 2, 0) < 2;
}

// The test every candidate passes: an empty point, legal, no own eye, not a refused self-atari.
// (No stage proposes an own eye today: a capture's point touches the other colour, an escape
// into an own eye is a suicide or leaves the string out of atari, no pattern surrounds its
// point with one colour and a vital point touches empty points. The eye test keeps it so.)
static bool acceptable(const GoBoard *b, int p, int big)
{
    return b->color[p] == GO_EMPTY && p != b->ko && !go_board_is_eye(b, p, b->side) &&
           go_board_point_legal(b, p) && !(big && go_policy_self_atari(b, p, big));
}

// One of the n candidates that pass the test, drawn at random; 0 when none does.
static int pick(const GoBoard *b, int *cand, int n, int big, Rng *rng)
{
    while (n > 0) {
        int i = (int)rng_below(rng, (uint32_t)n), p = cand[i];
        if (acceptable(b, p, big)) return p;
        cand[i] = cand[--n];
    }
    return 0;
}

static void add_candidate(int *cand, int *n, int p)
{
    for (int i = 0; i < *n; i++)
        if (cand[i] == p) return;
    if (*n < MAX_CANDIDATES) cand[(*n)++] = p;
}

// Whether the own string through q, extended at its liberty lib to exactly two liberties, is
// then taken in a ladder (go/reading.h), read on b itself and taken back. Undo drops the list
// of strings in atari (go_board_ataris), which the later stages use: it is put back as it was.
static bool escape_fails(GoBoard *b, int q, int lib)
{
    int atari_n = b->atari_n, atari_ply = b->atari_ply;
    GoUndo u;
    go_board_play(b, (Move)lib, &u);
    bool taken = go_ladder_attack(b, q);
    go_board_undo(b, (Move)lib, &u);
    b->atari_n = atari_n, b->atari_ply = atari_ply;
    return taken;
}

// Stage 1: the own strings next to the last move that are in atari; the liberties of the
// opposing strings in atari that touch them (captures), and their own liberty when extending
// there leaves two liberties or more, unless (ladder true) the two are read as a ladder that
// the attacker wins.
static int atari_answers(GoBoard *b, int last, bool ladder, int *cand)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int me = b->side, opp = go_other(me), n = 0;
    for (int k = 0; k < 4; k++) {
        int q = last + d[k];
        if (b->color[q] != me || !go_string_in_atari(go_string_of(b, q))) continue;
        int h = b->head[q], s = h;
        do {
            for (int j = 0; j < 4; j++) {
                int a = s + d[j];
                if (b->color[a] == opp && go_string_in_atari(go_string_of(b, a)))
                    add_candidate(cand, &n, go_string_atari_point(go_string_of(b, a)));
            }
            s = b->next[s];
        } while (s != h);
        int lib = go_string_atari_point(&b->str[h]), libs = libs_after(b, lib, me, 3, 0);
        if (libs >= 3 || (libs == 2 && !(ladder && go_board_point_legal(b, lib) && lib != b->ko &&
                                         escape_fails(b, q, lib))))
            add_candidate(cand, &n, lib);
    }
    return n;
}

// Stage 2: the liberties of opposing strings in atari on the last move or next to it.
static int near_captures(const GoBoard *b, int last, int *cand)
{
    int opp = go_other(b->side), n = 0, off[8];
    neighbour_offsets(b, off);
    for (int k = -1; k < 8; k++) {
        int q = k < 0 ? last : last + off[k];
        if (b->color[q] == opp && go_string_in_atari(go_string_of(b, q)))
            add_candidate(cand, &n, go_string_atari_point(go_string_of(b, q)));
    }
    return n;
}

// Stage 2 again over the whole board: the capture of the most stones that passes the test, the
// string with the lowest head among equals, from the board's list of strings in atari (brought
// up to date by go_policy_move).
static int best_capture(const GoBoard *b, int big)
{
    int opp = go_other(b->side), best = 0, best_size = 0, best_head = 0;
    for (int i = 0; i < b->atari_n; i++) {
        int h = b->atari[i];
        const GoString *s = &b->str[h];
        if (b->color[h] != opp || s->stones < best_size ||
            (s->stones == best_size && h > best_head))
            continue;
        int lib = go_string_atari_point(s);
        if (acceptable(b, lib, big)) best = lib, best_size = s->stones, best_head = h;
    }
    return best;
}

// Stage 3: the strings on the last move or next to it that have two liberties. An own one: a
// liberty where extending gives it three or more. An opposing one: a liberty whose atari
// leaves the attacking stone two liberties or more while the string, extending at its other
// liberty, would still have fewer than three (it is taken, or must run along a ladder).
static int lowlib_moves(const GoBoard *b, int last, int *cand)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int me = b->side, opp = go_other(me), n = 0, heads[5], n_heads = 0;
    for (int k = -1; k < 4; k++) {
        int q = k < 0 ? last : last + d[k], c = b->color[q], libs[3];
        if ((c != me && c != opp) || holds(heads, n_heads, b->head[q])) continue;
        heads[n_heads++] = b->head[q];
        // Two liberties make at most eight pseudo-liberties (four stones next to each).
        if (b->str[b->head[q]].libs > 8 || go_string_libs(b, q, libs, 3) != 2) continue;
        for (int i = 0; i < 2; i++) {
            int lib = libs[i], other = libs[1 - i];
            if (c == me
                    ? libs_after(b, lib, me, 3, 0) >= 3
                    : libs_after(b, lib, me, 2, 0) >= 2 && libs_after(b, other, opp, 3, lib) < 3)
                add_candidate(cand, &n, lib);
        }
    }
    return n;
}

// Stage 4: the empty points next to the last move whose neighbourhood fits a pattern.
static int pattern_moves(const GoBoard *b, int last, int *cand)
{
    int n = 0, off[8];
    neighbour_offsets(b, off);
    for (int k = 0; k < 8; k++) {
        int q = last + off[k];
        if (b->color[q] == GO_EMPTY && pattern_bit(go_policy_code(b, q))) cand[n++] = q;
    }
    return n;
}

int go_policy_nakade_point(const GoBoard *b, int q, int colour)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int region[4], size = 1;
    region[0] = q;
    for (int head = 0; head < size; head++)
        for (int k = 0; k < 4; k++) {
            int n = region[head] + d[k], c = b->color[n];
            if (c != GO_EMPTY) {
                if (c != colour && c != GO_OFF) return 0;
                continue;
            }
            bool seen = false;
            for (int i = 0; i < size; i++) seen |= region[i] == n;
            if (seen) continue;
            if (size == 3) return 0;
            region[size++] = n;
        }
    if (size != 3) return 0;
    for (int i = 0; i < 3; i++) {
        int inside = 0;
        for (int k = 0; k < 4; k++) inside += b->color[region[i] + d[k]] == GO_EMPTY;
        if (inside == 2) return region[i];
    }
    return 0;
}

// Stage 5: the vital point of an opposing 3-point eye space next to the last move.
static int nakade_move(const GoBoard *b, int last, int big)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    for (int k = 0; k < 4; k++) {
        int q = last + d[k];
        if (b->color[q] != GO_EMPTY || go_nbr_count(b, q, b->side)) continue;
        int vital = go_policy_nakade_point(b, q, go_other(b->side));
        if (vital && acceptable(b, vital, big)) return vital;
    }
    return 0;
}

// Whether a string of colour is in atari, by the board's list (brought up to date by
// go_policy_move): most moves have none of either colour, and stages 1 and 2 then look no
// further (after drawing their chance, so that the random numbers stay the same).
static bool any_atari(const GoBoard *b, int colour)
{
    for (int i = 0; i < b->atari_n; i++)
        if (b->color[b->atari[i]] == colour) return true;
    return false;
}

// Stages 1 to 5 in order; 0 when none gives a move.
static int policy_stages(GoBoard *b, const GoPlayoutParams *p, int big, Rng *rng)
{
    int cand[MAX_CANDIDATES], n, m;
    int last = b->last != (int)GO_PASS && b->color[b->last] == go_other(b->side) ? b->last : 0;
    if (last && chance(rng, p->playout_atari) && any_atari(b, b->side) &&
        (n = atari_answers(b, last, chance(rng, p->playout_ladder), cand)) &&
        (m = pick(b, cand, n, big, rng)))
        return m;
    if (chance(rng, p->playout_capture) && any_atari(b, go_other(b->side))) {
        if (last && (n = near_captures(b, last, cand)) && (m = pick(b, cand, n, big, rng)))
            return m;
        if ((m = best_capture(b, big))) return m;
    }
    if (!last) return 0;
    if (chance(rng, p->playout_lowlib) && (n = lowlib_moves(b, last, cand)) &&
        (m = pick(b, cand, n, big, rng)))
        return m;
    if (chance(rng, p->playout_pattern) && (n = pattern_moves(b, last, cand)) &&
        (m = pick(b, cand, n, big, rng)))
        return m;
    if (chance(rng, p->playout_nakade) && (m = nakade_move(b, last, big))) return m;
    return 0;
}

Move go_policy_move(GoBoard *b, const GoPlayoutParams *p, Rng *rng)
{
    pattern_init();
    // Called once a move, the list takes in one move at a time instead of scanning the board.
    go_board_ataris(b);
    int big = chance(rng, p->playout_selfatari) ? p->playout_selfatari_stones : 0;
    int m = policy_stages(b, p, big, rng);
    return m ? (Move)m : go_playout_draw(b, rng, big);
}
