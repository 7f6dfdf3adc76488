// SPDX-License-Identifier: MIT
// Go problems with expected answers (GNU Go's regression .tst files in spirit): one position a
// line, the stones set up on an empty board and the side to move, then the answer:
//   ladder-works 9x9 b B:E5,F5,D4 W:E4 =E3   # a comment
//   seki-black 9x9 b B:... W:... !A1|C2
// `=` lists the moves accepted (one of them must be chosen), `!` the moves refused (any other
// is accepted). An item is a vertex, `pass`, or `lineN`: every point on the N-th line from the
// edge (`!line1|line2`: no move on the first two lines). A `*` after the answer marks a known
// failure (GNU Go's regression files mark them so): the engine is known to answer it wrongly.
// B: and W: take comma-separated vertices (`-` for none). The built-in suite is
// go/data/tactics_9.txt.
#ifndef GO_TACTICS_H
#define GO_TACTICS_H

#include <glib.h>

#include "go/player.h"

typedef struct {
    char *name;
    GoGame game;        // the position, the side to move set
    bool accept;        // '=': the moves listed are the right ones; '!': they are wrong
    bool known_failure; // '*': the engine is known to answer wrongly
    uint32_t lines;     // bit N-1: every point on line N is listed
    Move moves[16];     // vertices and GO_PASS listed
    int n_moves;
} GoTactic;

// Parses one line (comments and blank lines are not lines here) under the default rules;
// false with an error naming the problem.
bool go_tactic_parse(GoTactic *t, const char *line, GError **err);
void go_tactic_free(GoTactic *t);

// Whether the answer accepts move m (a point or GO_PASS) in t's position.
bool go_tactic_accepts(const GoTactic *t, Move m);

// Every problem of a suite text ('#' comments, blank lines skipped); NULL with an error naming
// the line. Free with go_tactics_free.
GPtrArray *go_tactics_parse(const char *text, GError **err);
void go_tactics_free(GPtrArray *suite);

// The node budget a problem gets in `make test` and by default in `sumito go tactics`: about
// a tenth of what the player searches in a second on 9x9.
#define GO_TACTICS_NODES 60000

// The player's move (genmove) in t's position from a fresh engine state (TT, history and
// killers cleared), under limits; out gets the choice. info (may be NULL) sees each iteration.
Move go_tactic_solve(GoEngine *e, const GoTactic *t, const SearchLimits *limits, GoChoice *out);

// Solves every problem of the suite with go_tactic_solve under limits and prints a line each
// (name, move, ok or WRONG, a '*' for a known failure, depth, score, nodes, the first moves of
// the principal variation), then the count of right answers; returns that count.
int go_tactics_run(GPtrArray *suite, GoEngine *e, const SearchLimits *limits);

// The built-in 9x9 suite (go/data/tactics_9.txt; caller frees).
char *go_tactics_builtin_text(void);

#endif
