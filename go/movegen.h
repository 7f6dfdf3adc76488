// SPDX-License-Identifier: MIT
// Go legality and move generation: the hot path of searches and playouts. A move on an
// empty point is legal unless it is the simple-ko point, a forbidden suicide, or (under
// positional or situational superko) recreates an earlier position of the game.
//
// Superko costs one hash probe per candidate: the board key after the move is the current
// key with the new stone, minus any captured strings (walked only for captures and suicides).
#ifndef GO_MOVEGEN_H
#define GO_MOVEGEN_H

#include "go/board.h"

typedef struct {
    uint16_t cap_head[4]; // distinct opposing strings the move captures
    uint16_t own_head[4]; // distinct own strings it joins
    int n_cap, n_own;
    int captured; // stones captured
    bool has_lib; // the new string keeps a liberty (an empty neighbour or a safe own string)
    bool suicide; // no liberty and no capture
} GoMoveEffect;

// What a move on empty point p by `me` captures and joins, without playing it.
static inline void go_move_effect(const GoBoard *b, int p, int me, GoMoveEffect *e)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int opp = go_other(me);
    e->n_cap = e->n_own = e->captured = 0;
    e->has_lib = (b->nbr[p] & 15) != 0;
    for (int k = 0; k < 4; k++) {
        int n = p + d[k], c = b->color[n];
        if (c != me && c != opp) continue;
        int h = b->head[n];
        const GoString *s = &b->str[h];
        bool atari = go_string_in_atari(s);
        if (c == me) {
            if (!atari) e->has_lib = true;
            bool seen = false;
            for (int i = 0; i < e->n_own; i++) seen |= e->own_head[i] == h;
            if (!seen) e->own_head[e->n_own++] = (uint16_t)h;
        } else if (atari) {
            bool seen = false;
            for (int i = 0; i < e->n_cap; i++) seen |= e->cap_head[i] == h;
            if (!seen) {
                e->cap_head[e->n_cap++] = (uint16_t)h;
                e->captured += s->stones;
            }
        }
    }
    e->suicide = !e->has_lib && e->n_cap == 0;
}

static inline Key go_string_key(const GoBoard *b, int h)
{
    Key k = 0;
    int s = h;
    const Key *z = go_tables.zobrist[b->color[h]];
    do {
        k ^= z[s];
        s = b->next[s];
    } while (s != h);
    return k;
}

// The board key after the move described by e (p empty, played by me).
static inline Key go_move_board_key(const GoBoard *b, int p, int me, const GoMoveEffect *e)
{
    Key k = b->board_key;
    if (e->suicide) {
        for (int i = 0; i < e->n_own; i++) k ^= go_string_key(b, e->own_head[i]);
        return k;
    }
    k ^= go_tables.zobrist[me][p];
    for (int i = 0; i < e->n_cap; i++) k ^= go_string_key(b, e->cap_head[i]);
    return k;
}

// Legality of a move on an empty point other than the ko point, for the side to move.
static inline bool go_board_point_legal(const GoBoard *b, int p)
{
    int me = b->side;
    bool check_history = b->ko_rule != GO_KO_SIMPLE && b->history;
    if (!check_history && (b->nbr[p] & 15)) return true;
    GoMoveEffect e;
    go_move_effect(b, p, me, &e);
    if (e.suicide) {
        if (b->suicide_rule == GO_SUICIDE_FORBID) return false;
        if (b->suicide_rule == GO_SUICIDE_MULTI && e.n_own == 0) return false;
    }
    if (!check_history) return true;
    Key k = go_history_key(b, go_move_board_key(b, p, me, &e), go_other(me));
    if (!go_history_contains(b->history, k)) return true;
    b->history->bans++; // the history is the board's by reference: counting keeps b const
    return false;
}

// Whether m (a point, GO_PASS, or anything else) is legal for the side to move.
static inline bool go_board_is_legal(const GoBoard *b, Move m)
{
    if (m == GO_PASS) return true;
    if (m >= (Move)b->cells || b->color[m] != GO_EMPTY || (int)m == b->ko) return false;
    return go_board_point_legal(b, (int)m);
}

// Writes the legal moves of the side to move into out (room for GO_MAX_MOVES): the legal
// points in the order of the board's empty list, then GO_PASS. Returns their number.
static inline int go_board_gen_moves(const GoBoard *b, Move *out)
{
    int n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i];
        if (p != b->ko && go_board_point_legal(b, p)) out[n++] = (Move)p;
    }
    out[n++] = GO_PASS;
    return n;
}

// The number of legal moves on points (pass excluded), for perft's last ply.
static inline int go_board_count_points(const GoBoard *b)
{
    int n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i];
        n += p != b->ko && go_board_point_legal(b, p);
    }
    return n;
}

// True when p is an eye of colour c: every neighbour on the board is c, and not a false eye
// (off the edge at most one diagonal is the other colour; on the edge none).
static inline bool go_board_is_eye(const GoBoard *b, int p, int c)
{
    if (go_nbr_count(b, p, c) + go_nbr_count(b, p, GO_OFF) != 4) return false;
    int o = go_other(c), s = b->stride;
    int bad = (b->color[p - s - 1] == o) + (b->color[p - s + 1] == o) + (b->color[p + s - 1] == o) +
              (b->color[p + s + 1] == o);
    return bad <= (b->edge[p] ? 0 : 1);
}

// Stones that move m would capture (0 for pass and illegal points); a cheap ordering feature.
static inline int go_board_move_captures(const GoBoard *b, Move m)
{
    if (m == GO_PASS || m >= (Move)b->cells || b->color[m] != GO_EMPTY) return 0;
    GoMoveEffect e;
    go_move_effect(b, (int)m, b->side, &e);
    return e.captured;
}

// True when m is next to an own string in atari (a candidate escape); an ordering feature.
static inline bool go_board_move_touches_atari(const GoBoard *b, Move m)
{
    if (m == GO_PASS || m >= (Move)b->cells || b->color[m] != GO_EMPTY) return false;
    const int d[4] = {-b->stride, -1, 1, b->stride};
    for (int k = 0; k < 4; k++) {
        int n = (int)m + d[k];
        if (b->color[n] == b->side && go_string_in_atari(&b->str[b->head[n]])) return true;
    }
    return false;
}

// True after two consecutive passes.
static inline bool go_board_game_over(const GoBoard *b)
{
    return b->passes >= 2;
}

#endif
