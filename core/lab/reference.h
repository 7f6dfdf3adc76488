// SPDX-License-Identifier: MIT
// Reference results for comparing search configurations, for any game: for each suite
// position, the score of every legal move from plain alpha-beta (every method off) at a fixed
// depth, so both the best move and the value lost by any other move are known. Text, one
// position a line:
//   POSITION ; depth D ; MOVE SCORE MOVE SCORE ...      (best first)
// and a comment line "# evaluator NAME" naming the evaluation the scores come from. A deep
// entry holds only the best move of one plain alpha-beta search stopped at N nodes, with the
// depth it completed:
//   POSITION ; depth D ; nodes N ; MOVE SCORE
// There the other moves are known to differ from the best, by an unknown value. A deep
// reference searched with other parameters than plain alpha-beta's (a long Monte Carlo search)
// names them in a comment line "# search P=V,...", and its depth is then the search's
// (the principal variation's length for the Monte Carlo search). The game
// checks and canonicalises positions and moves (ReferenceCheckFn), so that a position is found
// by its text and a move by its text.
#ifndef CORE_LAB_REFERENCE_H
#define CORE_LAB_REFERENCE_H

#include <glib.h>

#include "core/types.h"

typedef struct {
    char *position; // canonical text
    int depth;
    uint64_t nodes; // a deep entry: the search's node limit (0: every move scored at depth)
    int nmoves;
    char **moves; // canonical texts
    Score *scores;
    Score best;
} RefEntry;

typedef struct {
    GPtrArray *entries;  // RefEntry *, owned
    GHashTable *index;   // position text -> RefEntry *
    char evaluator[64];  // from the "# evaluator NAME" line, empty if none
    uint64_t deep_nodes; // the node limit of the deep entries (the last one read or added)
    char search[256];    // the deep search's parameters, "P=V,..." (empty: plain alpha-beta)
} Reference;

// Checks a line's position and moves and replaces each text by its canonical form (freeing
// the old one); false with err (the problem, without the place) on a bad position or move.
typedef bool (*ReferenceCheckFn)(void *game, char **position, char **moves, int nmoves,
                                 GError **err);

void reference_init(Reference *r);
void reference_free(Reference *r);
bool reference_parse(Reference *r, const char *text, const char *source, ReferenceCheckFn check,
                     void *game, GError **err);
bool reference_load(Reference *r, const char *path, ReferenceCheckFn check, void *game,
                    GError **err);

// Entries: an empty one for a position (copied) and depth; a move and its score; the
// moves sorted best first (stable); adding one to r (r takes ownership).
RefEntry *reference_entry_new(const char *position, int depth);
void reference_entry_add_move(RefEntry *e, const char *move, Score score);
void reference_entry_sort(RefEntry *e);
void reference_entry_free(RefEntry *e);
void reference_add(Reference *r, RefEntry *e);

const RefEntry *reference_find(const Reference *r, const char *position);
// The reference score of a move, or false when the entry does not list it.
bool reference_score(const RefEntry *e, const char *move, Score *score);
// Judges a move against an entry: *agree when it is a best move; *lost (when *lost_known: in
// an entry that scores every move) the reference best minus its score. False when the entry
// cannot judge it (a move it does not list, in an entry that scores every move).
bool reference_judge(const RefEntry *e, const char *move, bool *agree, bool *lost_known,
                     Score *lost);
// The shallowest depth of the entries (0 when there are none).
int reference_depth(const Reference *r);
// The entries' depths (0 when there are none): shallowest, mean and deepest. Returns the
// number of deep entries.
uint64_t reference_depths(const Reference *r, int *min, double *mean, int *max);

// One line of the text format (caller frees).
char *reference_format(const RefEntry *e);

#endif
