// SPDX-License-Identifier: MIT
// Heat maps of RankCut statistics (`sumito rankcut heatmap`): P, the chance that a later move
// beats the best so far, as better / n pooled over every feature but the move number (the
// columns) and one other (the rows), so weighted by samples; cells with too few pooled
// samples are drawn as missing.
#ifndef CORE_LAB_HEATMAP_H
#define CORE_LAB_HEATMAP_H

#include "core/draw/chart.h"
#include "core/rankcut.h"

typedef enum {
    RANKCUT_BY_DEPTH,     // remaining depth, 1..11 and 12+
    RANKCUT_BY_PHASE,     // history-ordered moves or the rest
    RANKCUT_BY_CHANGES,   // best-move changes so far, 0..2 and 3+
    RANKCUT_BY_THREAT,    // the game's "in check" flag
    RANKCUT_BY_ALPHA_GAP, // best minus alpha, in the 7 score-gap intervals
    RANKCUT_BY_LAST_GAP,  // last move's score minus best, in the 7 intervals
    RANKCUT_BY_COUNT
} RankcutFeature;

// The names --by takes: depth, phase, changes, threat, alpha-gap, last-gap.
bool rankcut_feature_parse(const char *name, RankcutFeature *f);

// Counts pooled by move-number bucket (RANKCUT_MOVES columns, move 1 at the left) and by a
// feature's values (rows; the largest value in row 0, drawn at the top).
typedef struct {
    RankcutFeature by;
    int rows, cols;
    uint64_t *n, *better; // [row * cols + col]
    double *p;            // better / n, NAN when n < min_samples
    char **row_labels, **col_labels;
    uint64_t samples, shown; // all samples, and those in cells drawn
} RankcutGrid;

void rankcut_grid_build(const RankcutCounts *c, RankcutFeature by, uint64_t min_samples,
                        RankcutGrid *g);
void rankcut_grid_free(RankcutGrid *g);

// The row and column of a decision's features in a grid.
int rankcut_grid_row(const RankcutGrid *g, const RankcutFeatures *f);
int rankcut_grid_col(const RankcutFeatures *f);

// The colour scale runs logarithmically from RANKCUT_HEATMAP_LOG_MIN (and below) to 1, or
// linearly from 0 to 1.
#define RANKCUT_HEATMAP_LOG_MIN   0.001
#define RANKCUT_HEATMAP_MIN_WIDTH 320
#define RANKCUT_HEATMAP_MAX_WIDTH 8192

typedef struct {
    int width; // pixels; the height follows from the number of rows
    bool linear;
    uint64_t min_samples;
} RankcutHeatmapOptions;

// The heat map of a grid; lay may be NULL.
Raster *rankcut_heatmap_render(const RankcutGrid *g, const RankcutHeatmapOptions *o,
                               ChartHeatmapLayout *lay, GError **err);

// Reads a statistics file and writes its heat map as a PNG file (atomically); fills *grid
// (free it with rankcut_grid_free) and *lay when they are not NULL.
bool rankcut_heatmap_write(const char *in, RankcutFeature by, const RankcutHeatmapOptions *o,
                           const char *out, RankcutGrid *grid, ChartHeatmapLayout *lay,
                           GError **err);

#endif
