// SPDX-License-Identifier: MIT
// ProbCut and Multi-ProbCut (Buro 1995, 1997; Jiang & Buro 2003, "First Experimental Results
// of ProbCut Applied to Chess"). The result v of a deep search to depth D is modelled from the
// result v' of a shallow search to depth d of the same position as v = a v' + b + e, e normal
// with mean 0 and deviation sigma. At a node of height D a null-window search to depth d then
// decides a cut with confidence t (in units of sigma): v >= beta is taken as likely when
// v' >= (t sigma + beta - b) / a, v <= alpha when v' <= (-t sigma + alpha - b) / a. As in
// Multi-ProbCut the parameters depend on the game stage (core/game_contract.h's game_stage),
// every height from probcut_min_depth on has its check, and a second depth pair per height can
// be tried.
//
// The calibration holds, per stage and depth pair (d, D), the sums that linear regression
// needs (n, sums of v', v, v'^2, v' v, v^2): integers, so files from several runs add up. It
// is collected from the root scores of the iterations of self-play searches (a position
// searched to depth D has its scores at every depth d < D), records the game and the
// evaluator, and is refused for another one. The fit gives a, b, sigma and the correlation r.
#ifndef CORE_PROBCUT_H
#define CORE_PROBCUT_H

#include <glib.h>

#include "core/types.h"

#define PROBCUT_PARAMS(X, S)                                                                       \
    X(S, probcut, bool, 0, 0, 1, "ProbCut / Multi-ProbCut (Buro; needs a calibration)")            \
    X(S, probcut_t, double, 1.0, 0, 1000000,                                                       \
      "t: the cut threshold in units of sigma (1000000 never cuts)")                               \
    X(S, probcut_min_depth, int, 3, 2, 15, "nodes with less remaining depth have no check")        \
    X(S, probcut_gap, int, 2, 1, 14, "the check at height D searches to depth D - gap")            \
    X(S, probcut_gap2, int, 0, 0, 14,                                                              \
      "a second check per height, to depth D - gap2, when the first does not cut (0: none)")       \
    X(S, probcut_min_samples, int, 50, 3, 2000000000,                                              \
      "depth pairs fitted on fewer positions are not used")

#define PROBCUT_STAGES 8  // at most; each game says how many it uses (GAME_PROBCUT_STAGES)
#define PROBCUT_DEPTHS 16 // depths 1..15

#define PROBCUT_ERROR (probcut_error_quark())
GQuark probcut_error_quark(void);

// Sufficient statistics of one regression: x = v' (shallow), y = v (deep).
typedef struct {
    int64_t n, sx, sy, sxx, sxy, syy;
} ProbcutSums;

typedef struct {
    char game[16];
    char evaluator[64];
    int32_t stages; // the game's number of stages
    int32_t range;  // pairs whose shallow or deep score is beyond +-range were left out
    uint64_t games; // self-play games that contributed
    ProbcutSums sums[PROBCUT_STAGES][PROBCUT_DEPTHS][PROBCUT_DEPTHS]; // [stage][d][D]
} ProbcutData;

typedef struct {
    double a, b, sigma, r;
    int64_t n;
} ProbcutFit;

// The fits ready for the search: ok when n >= min_samples and a > 0.
typedef struct {
    ProbcutFit fit[PROBCUT_STAGES][PROBCUT_DEPTHS][PROBCUT_DEPTHS];
    bool ok[PROBCUT_STAGES][PROBCUT_DEPTHS][PROBCUT_DEPTHS];
    int stages;
    int64_t min_samples; // what ok was decided with
} ProbcutTable;

void probcut_data_init(ProbcutData *c, const char *game, const char *evaluator, int stages,
                       int range);

// Adds one observation (shallow v', deep v) of a position of stage `stage`.
void probcut_data_add_pair(ProbcutData *c, int stage, int d, int deep, Score shallow,
                           Score deep_score);

// Adds the pairs of one searched position: scores[k] is the root score of depth k for
// k = 1..depth (completed iterations), forced results and scores beyond the range left out.
void probcut_data_add_position(ProbcutData *c, int stage, const Score *scores, int depth);

// Least squares: a, b, sigma (residual deviation, n - 2 degrees of freedom) and r. False when
// there are fewer than three pairs or the shallow scores do not vary.
bool probcut_fit(const ProbcutSums *s, ProbcutFit *f);

// True when b was made for the same game, evaluator, stages and range as a; else err says why.
bool probcut_data_check_source(const ProbcutData *a, const ProbcutData *b, const char *what,
                               GError **err);
// Adds b into a (refused like check_source).
bool probcut_data_add(ProbcutData *a, const ProbcutData *b, GError **err);

// Versioned little-endian file with a checksum, written to a temporary name and renamed.
bool probcut_data_save(const ProbcutData *c, const char *path, GError **err);
bool probcut_data_load(ProbcutData *c, const char *path, GError **err);
bool probcut_data_load_data(ProbcutData *c, const uint8_t *data, size_t size, const char *source,
                            GError **err);

// Fits every stage and pair.
void probcut_table_build(ProbcutTable *t, const ProbcutData *c, int64_t min_samples);

#endif
