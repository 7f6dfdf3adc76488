// SPDX-License-Identifier: MIT
// Reference results for comparing search configurations: for each suite position, the score
// of every legal move from plain alpha-beta (RankCut off) at a fixed depth, so both the best
// move and the value lost by any other move are known. Text, one position a line:
//   POSITION ; depth D ; MOVE SCORE MOVE SCORE ...      (moves in Aba-Pro, best first)
// and a comment line "# evaluator NAME" naming the evaluation the scores come from.
#ifndef ABALONE_REFERENCE_H
#define ABALONE_REFERENCE_H

#include <glib.h>

#include "abalone/engine.h"

typedef struct {
    AbaloneBoard board;
    int depth;
    int nmoves;
    Move moves[ABALONE_MAX_MOVES];
    Score scores[ABALONE_MAX_MOVES];
    Score best;
} AbaloneRefEntry;

typedef struct {
    GArray *entries;    // AbaloneRefEntry
    GHashTable *index;  // position key -> entry index + 1
    char evaluator[64]; // from the "# evaluator NAME" line, empty if none
} AbaloneReference;

void abalone_reference_init(AbaloneReference *r);
void abalone_reference_free(AbaloneReference *r);
bool abalone_reference_parse(AbaloneReference *r, const char *text, const char *source,
                             GError **err);
bool abalone_reference_load(AbaloneReference *r, const char *path, GError **err);
// The built-in reference for the built-in compare suite.
void abalone_reference_builtin(AbaloneReference *r);

void abalone_reference_add(AbaloneReference *r, const AbaloneRefEntry *e);
const AbaloneRefEntry *abalone_reference_find(const AbaloneReference *r, const AbaloneBoard *b);
// The reference score of a move, or false when the entry does not list it.
bool abalone_reference_score(const AbaloneRefEntry *e, Move m, Score *score);

// Scores every legal move of b by a full-window plain alpha-beta search of the position after
// it to depth - 1 (moves that end the game are scored by the rules). The engine's RankCut
// setting is switched off for the duration.
void abalone_reference_compute(AbaloneEngine *e, const AbaloneBoard *b, int depth,
                               AbaloneRefEntry *out);

// One line of the text format (caller frees).
char *abalone_reference_format(const AbaloneRefEntry *e);

#endif
