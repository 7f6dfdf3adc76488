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
//   4 scheme 2: times alpha was raised so far; scheme 1: times the best move changed (0..3+)
//   5 v_best - alpha, alpha as passed into the node, in 7 intervals
//   6 score of the last searched move - v_best, in 7 intervals
//   7 move-generation phase (history-ordered moves, or the remaining moves)
//
// Two schemes, recorded in every file:
//   2 (what collection writes): the paper's event. Crafty's search is fail-hard, so "a later
//     move beats the best" meant "a later move raises alpha (or fails high)": record i counts
//     as better when some move j >= i scores above alpha as it stood before move i. Both gaps
//     are one-sided (v_best <= alpha except at PV nodes, last <= v_best always): interval 0
//     holds gaps >= 0, intervals 1..6 the negative gaps cut at -g0 > -g1 > ... > -g4, with
//     five edges for feature 5 (edges[0..4]) and five for feature 6 (edges[5..9]).
//   1 (the first collections, still read): "better" meant above the fail-soft best score,
//     which at all-nodes counts moves that still fail low; the gaps are symmetric, cut at
//     -e2, -e1, -e0, +e0, +e1, +e2 (edges[0..2]).
#define RANKCUT_EDGE_MAX 1000000000
//
// Counts are integers per cell, so files from different runs add up. The file records the
// game, the evaluator and the scheme the counts were collected with; mismatches are refused.
#ifndef CORE_RANKCUT_H
#define CORE_RANKCUT_H

#include <glib.h>

#include "core/types.h"

// RankCut's parameters (name, type, default, min, max, help; core/params.h), composed into the
// search's (core/search.h).
#define RANKCUT_PARAMS(X, S)                                                                       \
    X(S, rankcut, bool, 1, 0, 1, "RankCut forward pruning (Lim & Lee 2006)")                       \
    X(S, rankcut_threshold, double, 0.0075, 0, 1,                                                  \
      "reduce the rest of the moves once P(a later move raises alpha) falls below this "           \
      "(statistics of scheme 2; the paper's 0.75%)")                                               \
    X(S, rankcut_threshold_v1, double, 0.2, 0, 1,                                                  \
      "the same for statistics of scheme 1, P(a later move beats the fail-soft best), "            \
      "whose probabilities run higher")                                                            \
    X(S, rankcut_reduction, int, 1, 1, 16, "plies taken off a RankCut-reduced move")               \
    X(S, rankcut_min_samples, int, 1000, 1, 2000000000,                                            \
      "cells seen fewer times than this never reduce")                                             \
    X(S, rankcut_min_depth, int, 2, 1, 64, "nodes with less remaining depth are never reduced")    \
    X(S, rankcut_research, bool, 0, 0, 1,                                                          \
      "re-search a reduced move at full depth when it beats alpha (off in the paper)")             \
    X(S, rankcut_backoff, bool, 0, 0, 1,                                                           \
      "a cell with too few samples takes Pi' of the same features at the deepest shallower "       \
      "remaining depth that has enough (off: the paper's rule, such cells never reduce)")          \
    X(S, rankcut_graded, int, 0, 0, 4,                                                             \
      "graded reductions: one more ply for each k <= N with Pi' below the threshold / 4^k, "       \
      "Pi' then looked up for every later move too (0: the paper's fixed reduction)")              \
    X(S, rankcut_depth_step, int, 0, 0, 64,                                                        \
      "with N > 0, one more ply of reduction per N plies of remaining depth above "                \
      "rankcut_min_depth (0: none)")

#define RANKCUT_DEPTHS  12
#define RANKCUT_MOVES   28
#define RANKCUT_CHANGES 4
#define RANKCUT_GAPS    7
#define RANKCUT_CELLS                                                                              \
    (RANKCUT_DEPTHS * 2 * RANKCUT_MOVES * RANKCUT_CHANGES * RANKCUT_GAPS * RANKCUT_GAPS * 2)

#define RANKCUT_ERROR (rankcut_error_quark())
GQuark rankcut_error_quark(void);

enum { RANKCUT_SCHEME_BEST = 1, RANKCUT_SCHEME_ALPHA = 2 };
#define RANKCUT_NEDGES 10

// What a cell means: the scheme (above) and its score-gap edges in game units (scheme 1:
// 0 <= e0 < e1 < e2, the rest 0; scheme 2: 0 < g0 < ... < g4 twice; all <= RANKCUT_EDGE_MAX).
typedef struct {
    int32_t scheme;
    int32_t edges[RANKCUT_NEDGES];
} RankcutScheme;

typedef struct {
    char game[16];        // "abalone", "go9"
    char evaluator[64];   // identifies the evaluation the statistics belong to
    RankcutScheme scheme; // what the cells mean
    uint64_t games;       // self-play games that contributed
    uint64_t *n;          // [RANKCUT_CELLS] times each cell was seen
    uint64_t *better;     // [RANKCUT_CELLS] ... and a later move counted as better (scheme)
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
    int best_changes; // scheme 1: times the best move changed so far
    int alpha_raises; // scheme 2: times alpha was raised so far
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
    Score best_before[RANKCUT_MAX_MOVES]; // the bound a later move had to beat
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

// Scheme 2's one-sided intervals: 0 for d >= 0, then 1..6 going down past -e[0] .. -e[4].
static inline int rankcut_below_bucket(Score d, const int32_t *e)
{
    return d >= 0      ? 0
           : d > -e[0] ? 1
           : d > -e[1] ? 2
           : d > -e[2] ? 3
           : d > -e[3] ? 4
           : d > -e[4] ? 5
                       : 6;
}

static inline uint32_t rankcut_cell(const RankcutFeatures *f, const RankcutScheme *sc)
{
    int depth = (f->depth < 1 ? 1 : f->depth > RANKCUT_DEPTHS ? RANKCUT_DEPTHS : f->depth) - 1;
    int i = f->move_number;
    int move = i <= 16 ? i - 1 : 16 + ((i - 17) / 4 < 11 ? (i - 17) / 4 : 11);
    bool alpha = sc->scheme == RANKCUT_SCHEME_ALPHA;
    int changes = alpha ? f->alpha_raises : f->best_changes;
    if (changes > 3) changes = 3;
    int g1 = 0, g2 = 0;
    if (f->have_best && alpha) {
        g1 = rankcut_below_bucket(f->best_minus_alpha, sc->edges);
        g2 = rankcut_below_bucket(f->last_minus_best, sc->edges + 5);
    } else if (f->have_best) {
        g1 = rankcut_gap_bucket(f->best_minus_alpha, sc->edges);
        g2 = rankcut_gap_bucket(f->last_minus_best, sc->edges);
    }
    uint32_t c = (uint32_t)depth;
    c = c * 2 + f->threat;
    c = c * RANKCUT_MOVES + (uint32_t)move;
    c = c * RANKCUT_CHANGES + (uint32_t)changes;
    c = c * RANKCUT_GAPS + (uint32_t)g1;
    c = c * RANKCUT_GAPS + (uint32_t)g2;
    return c * 2 + f->remaining_phase;
}

// Cells per remaining depth: the same features one ply shallower sit this far below.
#define RANKCUT_DEPTH_STRIDE (RANKCUT_CELLS / RANKCUT_DEPTHS)

// Decodes a cell back into features (gaps as bucket numbers 0..6 in the score fields;
// feature 4 in both best_changes and alpha_raises).
void rankcut_cell_decode(uint32_t cell, RankcutFeatures *f);

// Whether the scheme's number and edges are valid (see RankcutScheme); else why in *why.
bool rankcut_scheme_valid(const RankcutScheme *sc, const char **why);

// Feature 4's name in the scheme ("alpha raises" or "best-move changes"), and the label of
// score-gap interval `bucket` (0..6) of feature 5 (best - alpha) or 6 (last - best), newly
// allocated.
const char *rankcut_changes_name(const RankcutScheme *sc);
char *rankcut_gap_label(const RankcutScheme *sc, int feature, int bucket);

void rankcut_counts_init(RankcutCounts *c, const char *game, const char *evaluator,
                         const RankcutScheme *scheme);
void rankcut_counts_free(RankcutCounts *c);
void rankcut_counts_clear(RankcutCounts *c);

// Adds the finished node's records to the counts: record i counts as "better" when some move
// j >= i scored above best_before[i] (scheme 2: alpha before move i; 1: the best score).
void rankcut_node_flush(RankcutNode *node, RankcutCounts *c);

// True when b was collected for the same game, evaluator and scheme as a; else err says why,
// prefixed with `what`.
bool rankcut_counts_check_source(const RankcutCounts *a, const RankcutCounts *b, const char *what,
                                 GError **err);

// Adds b into a; refused (false, err) when game, evaluator or scheme differ.
bool rankcut_counts_add(RankcutCounts *a, const RankcutCounts *b, GError **err);

// Versioned binary file with a checksum; written to a temporary name and renamed. Files of
// version 1 (scheme 1, before the scheme was recorded) still load.
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

// How far the probabilities moved from a to b, over the cells both saw at least min_samples
// times: per remaining depth (index d - 1) and in all (index RANKCUT_DEPTHS), the cells, the
// mean absolute change weighted by b's samples, the largest absolute change, and the weighted
// mean signed change (b - a). Re-collection rounds and `sumito rankcut diff` report it.
typedef struct {
    uint64_t cells[RANKCUT_DEPTHS + 1];
    double mean[RANKCUT_DEPTHS + 1], max[RANKCUT_DEPTHS + 1], shift[RANKCUT_DEPTHS + 1];
} RankcutMovement;

void rankcut_counts_movement(const RankcutCounts *a, const RankcutCounts *b, uint64_t min_samples,
                             RankcutMovement *m);

#endif
