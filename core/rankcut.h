// SPDX-License-Identifier: MIT
// RankCut statistics (Lim & Lee 2006, "RankCut - A Domain Independent Forward Pruning
// Method for Games"). Before searching move m_i a node computes the features f_i of the
// moves searched so far and looks up Pi'(f_i) = p(max{v(m_i), ..., v(m_k)} > v_best | f_i),
// estimated offline as x/y: y the times cell f_i was seen in unpruned self-play searches,
// x the times a move j >= i then scored better than the best before move i.
//
// The features are the paper's seven, with the game supplying the score scale:
//   1 remaining depth           (1..11, 12 for 12 and more)
//   2 threat ("in check")       (the game's flag)
//   3 move number i at the node (1..16, then buckets of 4 up to 60, then 61+)
//   4 times the best move has changed so far (0, 1, 2, 3+)
//   5 v_best - alpha, alpha as passed into the node, in 7 intervals
//   6 score of the last searched move - v_best, in 7 intervals
//   7 move-generation phase (history-ordered moves, or the remaining moves)
#define RANKCUT_EDGE_MAX 1000000000
// The 7 intervals are cut at -e2, -e1, -e0, +e0, +e1, +e2 with edges e from the game.
//
// Counts are integers per cell, so files from different runs add up. The file records the
// game and the evaluator the counts were collected with; mismatches are refused.
#ifndef CORE_RANKCUT_H
#define CORE_RANKCUT_H

#include <glib.h>

#include "core/types.h"

// RankCut's parameters (name, type, default, min, max, help; core/params.h), composed into the
// search's (core/search.h).
#define RANKCUT_PARAMS(X, S)                                                                       \
    X(S, rankcut, bool, 1, 0, 1, "RankCut forward pruning (Lim & Lee 2006)")                       \
    X(S, rankcut_threshold, double, 0.2, 0, 1,                                                     \
      "reduce the rest of the moves once P(a later move beats the best) falls below this")         \
    X(S, rankcut_reduction, int, 1, 1, 16, "plies taken off a RankCut-reduced move")               \
    X(S, rankcut_min_samples, int, 1000, 1, 2000000000,                                            \
      "cells seen fewer times than this never reduce")                                             \
    X(S, rankcut_min_depth, int, 2, 1, 64, "nodes with less remaining depth are never reduced")    \
    X(S, rankcut_research, bool, 0, 0, 1,                                                          \
      "re-search a reduced move at full depth when it beats alpha (off in the paper)")

#define RANKCUT_DEPTHS  12
#define RANKCUT_MOVES   28
#define RANKCUT_CHANGES 4
#define RANKCUT_GAPS    7
#define RANKCUT_CELLS                                                                              \
    (RANKCUT_DEPTHS * 2 * RANKCUT_MOVES * RANKCUT_CHANGES * RANKCUT_GAPS * RANKCUT_GAPS * 2)

#define RANKCUT_ERROR (rankcut_error_quark())
GQuark rankcut_error_quark(void);

typedef struct {
    char game[16];      // "abalone", "go9"
    char evaluator[64]; // identifies the evaluation the statistics belong to
    int32_t edges[3];   // score-gap interval edges (see above), game units; files give
                        // 0 <= e0 < e1 < e2 <= RANKCUT_EDGE_MAX
    uint64_t games;     // self-play games that contributed
    uint64_t *n;        // [RANKCUT_CELLS] times each cell was seen
    uint64_t *better;   // [RANKCUT_CELLS] ... and a later move beat the best
} RankcutCounts;

// Counts ready for lookups: the probability per cell, 1 where never seen.
typedef struct {
    RankcutCounts counts;
    float *prob;
} RankcutTable;

// The features of one decision.
typedef struct {
    int depth;        // remaining depth of the node
    bool threat;      // the game's "in check" flag for the side to move
    int move_number;  // 1-based rank of the move at this node
    int best_changes; // times the best move changed so far
    bool have_best;   // false before the first move is searched
    Score best_minus_alpha;
    Score last_minus_best;
    bool remaining_phase; // past the history-ordered moves
} RankcutFeatures;

// Per-node collection buffer: the cell and best-so-far before each candidate move, and each
// searched move's score, turned into counts when the node completes.
#define RANKCUT_MAX_MOVES 400

typedef struct {
    int count;
    uint32_t cell[RANKCUT_MAX_MOVES];
    Score best_before[RANKCUT_MAX_MOVES];
    Score score[RANKCUT_MAX_MOVES];
} RankcutNode;

static inline int rankcut_gap_bucket(Score d, const int32_t *e)
{
    return d < -e[2]   ? 0
           : d < -e[1] ? 1
           : d < -e[0] ? 2
           : d <= e[0] ? 3
           : d <= e[1] ? 4
           : d <= e[2] ? 5
                       : 6;
}

static inline uint32_t rankcut_cell(const RankcutFeatures *f, const int32_t *edges)
{
    int depth = (f->depth < 1 ? 1 : f->depth > RANKCUT_DEPTHS ? RANKCUT_DEPTHS : f->depth) - 1;
    int i = f->move_number;
    int move = i <= 16 ? i - 1 : 16 + ((i - 17) / 4 < 11 ? (i - 17) / 4 : 11);
    int changes = f->best_changes < 3 ? f->best_changes : 3;
    int g1 = f->have_best ? rankcut_gap_bucket(f->best_minus_alpha, edges) : 0;
    int g2 = f->have_best ? rankcut_gap_bucket(f->last_minus_best, edges) : 0;
    uint32_t c = (uint32_t)depth;
    c = c * 2 + f->threat;
    c = c * RANKCUT_MOVES + (uint32_t)move;
    c = c * RANKCUT_CHANGES + (uint32_t)changes;
    c = c * RANKCUT_GAPS + (uint32_t)g1;
    c = c * RANKCUT_GAPS + (uint32_t)g2;
    return c * 2 + f->remaining_phase;
}

// Decodes a cell back into features (gaps as bucket numbers 0..6 in the score fields).
void rankcut_cell_decode(uint32_t cell, RankcutFeatures *f);

void rankcut_counts_init(RankcutCounts *c, const char *game, const char *evaluator,
                         const int32_t *edges);
void rankcut_counts_free(RankcutCounts *c);
void rankcut_counts_clear(RankcutCounts *c);

// Adds the finished node's records to the counts: record i counts as "better" when some move
// j >= i scored above the best score before move i.
void rankcut_node_flush(RankcutNode *node, RankcutCounts *c);

// True when b was collected for the same game, evaluator and edges as a; else err says why,
// prefixed with `what`.
bool rankcut_counts_check_source(const RankcutCounts *a, const RankcutCounts *b, const char *what,
                                 GError **err);

// Adds b into a; refused (false, err) when game, evaluator or edges differ.
bool rankcut_counts_add(RankcutCounts *a, const RankcutCounts *b, GError **err);

// Versioned binary file with a checksum; written to a temporary name and renamed.
bool rankcut_counts_save(const RankcutCounts *c, const char *path, GError **err);
bool rankcut_counts_load(RankcutCounts *c, const char *path, GError **err);
bool rankcut_counts_load_data(RankcutCounts *c, const uint8_t *data, size_t size,
                              const char *source, GError **err);

// Builds a lookup table (takes ownership of counts' arrays).
void rankcut_table_init(RankcutTable *t, RankcutCounts *counts);
void rankcut_table_free(RankcutTable *t);

// Cells seen at least min_samples times, and the samples they hold.
void rankcut_counts_summary(const RankcutCounts *c, uint64_t min_samples, uint64_t *cells,
                            uint64_t *samples, uint64_t *known_cells, uint64_t *known_samples);

#endif
