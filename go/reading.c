// SPDX-License-Identifier: MIT
// Ladder reading: a depth-first search over ataris and extensions, with a node budget.
#include "go/reading.h"

#include "go/movegen.h"

int go_string_libs(const GoBoard *b, int p, int *libs, int max)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int n = 0, h = b->head[p], s = h;
    do {
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (b->color[q] != GO_EMPTY) continue;
            bool seen = false;
            for (int i = 0; i < n; i++) seen |= libs[i] == q;
            if (seen) continue;
            libs[n++] = q;
            if (n == max) return n;
        }
        s = b->next[s];
    } while (s != h);
    return n;
}

// Plays `colour` on the empty point q of the scratch board when that is not a suicide nor the
// simple-ko point; false (nothing played) otherwise.
static bool try_play(GoBoard *b, int q, int colour, GoUndo *u)
{
    if (b->side != colour) {
        b->side = colour;
        b->ko = 0;
    }
    if (q == b->ko) return false;
    GoMoveEffect e;
    go_move_effect(b, q, colour, &e);
    if (e.suicide) return false;
    go_board_play(b, (Move)q, u);
    return true;
}

static bool attack(GoBoard *b, int p, int *budget);

// The defender's turn: the string through p is in atari.
static bool defend(GoBoard *b, int p, int *budget)
{
    if (--*budget <= 0) return true;
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int me = b->color[p], opp = go_other(me), h = b->head[p], s = h;
    do { // a capture of an adjacent attacking string in atari saves the string
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (b->color[q] == opp && go_string_in_atari(go_string_of(b, q))) {
                int lib = go_string_atari_point(go_string_of(b, q));
                if (lib != b->ko || b->side != me) return true;
            }
        }
        s = b->next[s];
    } while (s != h);
    int lib = go_string_atari_point(go_string_of(b, p)), libs[3];
    GoUndo u;
    if (!try_play(b, lib, me, &u)) return false;
    int n = go_string_libs(b, p, libs, 3);
    bool escaped = n >= 3 || (n == 2 && !attack(b, p, budget));
    go_board_undo(b, (Move)lib, &u);
    return escaped;
}

// The attacker's turn: the string through p has one or two liberties.
static bool attack(GoBoard *b, int p, int *budget)
{
    if (--*budget <= 0) return false;
    int libs[3], n = go_string_libs(b, p, libs, 3), opp = go_other(b->color[p]);
    if (n == 1) return libs[0] != b->ko || b->side != opp;
    if (n != 2) return false;
    for (int i = 0; i < 2; i++) {
        GoUndo u;
        if (!try_play(b, libs[i], opp, &u)) continue;
        // An atari stone that is itself in atari can be taken: defend() sees that capture.
        bool captured = go_string_in_atari(go_string_of(b, p)) && !defend(b, p, budget);
        go_board_undo(b, (Move)libs[i], &u);
        if (captured) return true;
    }
    return false;
}

bool go_ladder_attack(GoBoard *scratch, int p)
{
    int budget = GO_LADDER_BUDGET, side = scratch->side, ko = scratch->ko;
    bool r = attack(scratch, p, &budget);
    scratch->side = side, scratch->ko = ko;
    return r;
}

bool go_ladder_defend(GoBoard *scratch, int p)
{
    int budget = GO_LADDER_BUDGET, side = scratch->side, ko = scratch->ko;
    bool r = defend(scratch, p, &budget);
    scratch->side = side, scratch->ko = ko;
    return r;
}
