// SPDX-License-Identifier: MIT
// Heat maps of RankCut statistics (tools/rankcut_heatmap.h): counts pooled into a grid of
// move-number buckets by one other feature's values, drawn with core/chart.h.
#include "core/lab/heatmap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/draw/png.h"

static const char *const feature_names[RANKCUT_BY_COUNT] = {"depth",  "phase",     "changes",
                                                            "threat", "alpha-gap", "last-gap"};

static const char *const feature_titles[RANKCUT_BY_COUNT] = {
    "remaining depth",   "move-generation phase",    "best-move changes or alpha raises so far",
    "threat (in check)", "best - alpha (score gap)", "last move - best (score gap)"};

bool rankcut_feature_parse(const char *name, RankcutFeature *f)
{
    for (int i = 0; i < RANKCUT_BY_COUNT; i++)
        if (strcmp(name, feature_names[i]) == 0) {
            *f = (RankcutFeature)i;
            return true;
        }
    return false;
}

static int feature_values(RankcutFeature by)
{
    static const int values[RANKCUT_BY_COUNT] = {RANKCUT_DEPTHS, 2,           RANKCUT_CHANGES, 2,
                                                 RANKCUT_GAPS,   RANKCUT_GAPS};
    return values[by];
}

// The feature's value, 0..feature_values - 1.
static int feature_value(RankcutFeature by, const RankcutFeatures *f)
{
    switch (by) {
    case RANKCUT_BY_DEPTH: return f->depth - 1;
    case RANKCUT_BY_PHASE: return f->remaining_phase;
    case RANKCUT_BY_CHANGES: return f->best_changes;
    case RANKCUT_BY_THREAT: return f->threat;
    case RANKCUT_BY_ALPHA_GAP: return (int)f->best_minus_alpha;
    default: return (int)f->last_minus_best;
    }
}

int rankcut_grid_row(const RankcutGrid *g, const RankcutFeatures *f)
{
    return g->rows - 1 - feature_value(g->by, f);
}

int rankcut_grid_col(const RankcutFeatures *f)
{
    int i = f->move_number;
    return i <= 16 ? i - 1 : MIN(16 + (i - 17) / 4, RANKCUT_MOVES - 1);
}

static char *row_label(RankcutFeature by, int value, const RankcutScheme *sc)
{
    static const char *const phase[2] = {"history", "rest"}, *const threat[2] = {"no", "yes"};
    switch (by) {
    case RANKCUT_BY_DEPTH:
        return g_strdup_printf(value + 1 == RANKCUT_DEPTHS ? "%d+" : "%d", value + 1);
    case RANKCUT_BY_PHASE: return g_strdup(phase[value]);
    case RANKCUT_BY_CHANGES:
        return g_strdup_printf(value + 1 == RANKCUT_CHANGES ? "%d+" : "%d", value);
    case RANKCUT_BY_THREAT: return g_strdup(threat[value]);
    case RANKCUT_BY_ALPHA_GAP: return rankcut_gap_label(sc, 5, value);
    default: return rankcut_gap_label(sc, 6, value);
    }
}

static char *col_label(int col)
{
    if (col < 16) return g_strdup_printf("%d", col + 1);
    int first = 17 + (col - 16) * 4;
    return g_strdup_printf(col == RANKCUT_MOVES - 1 ? "%d+" : "%d", first);
}

void rankcut_grid_build(const RankcutCounts *c, RankcutFeature by, uint64_t min_samples,
                        RankcutGrid *g)
{
    memset(g, 0, sizeof *g);
    g->by = by;
    g->rows = feature_values(by);
    g->cols = RANKCUT_MOVES;
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    g->n = g_new0(uint64_t, cells);
    g->better = g_new0(uint64_t, cells);
    g->p = g_new(double, cells);
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++) {
        if (!c->n[i]) continue;
        RankcutFeatures f;
        rankcut_cell_decode(i, &f);
        size_t k = (size_t)rankcut_grid_row(g, &f) * (size_t)g->cols + (size_t)rankcut_grid_col(&f);
        g->n[k] += c->n[i];
        g->better[k] += c->better[i];
        g->samples += c->n[i];
    }
    for (size_t k = 0; k < cells; k++) {
        bool enough = g->n[k] >= min_samples && g->n[k] > 0;
        g->p[k] = enough ? (double)g->better[k] / (double)g->n[k] : NAN;
        if (enough) g->shown += g->n[k];
    }
    g->row_labels = g_new0(char *, (size_t)g->rows + 1);
    g->col_labels = g_new0(char *, (size_t)g->cols + 1);
    for (int r = 0; r < g->rows; r++) g->row_labels[r] = row_label(by, g->rows - 1 - r, &c->scheme);
    for (int k = 0; k < g->cols; k++) g->col_labels[k] = col_label(k);
}

void rankcut_grid_free(RankcutGrid *g)
{
    g_free(g->n);
    g_free(g->better);
    g_free(g->p);
    g_strfreev(g->row_labels);
    g_strfreev(g->col_labels);
    memset(g, 0, sizeof *g);
}

Raster *rankcut_heatmap_render(const RankcutGrid *g, const RankcutHeatmapOptions *o,
                               ChartHeatmapLayout *lay, GError **err)
{
    if (o->width < RANKCUT_HEATMAP_MIN_WIDTH || o->width > RANKCUT_HEATMAP_MAX_WIDTH) {
        g_set_error(err, CHART_ERROR, CHART_ERROR_DATA,
                    "heat map width %d is out of range (%d to %d pixels)", o->width,
                    RANKCUT_HEATMAP_MIN_WIDTH, RANKCUT_HEATMAP_MAX_WIDTH);
        return NULL;
    }
    char title[128], x_label[128];
    if (g->samples >= 1000000)
        snprintf(title, sizeof title, "P(a later move beats the best so far), %.1f million samples",
                 (double)g->samples / 1e6);
    else
        snprintf(title, sizeof title,
                 "P(a later move beats the best so far), %" G_GUINT64_FORMAT " samples",
                 g->samples);
    snprintf(x_label, sizeof x_label,
             "move number at the node (grey: fewer than %" G_GUINT64_FORMAT " samples)",
             o->min_samples);
    // About 44 pixels a row at 1000 pixels wide, with room for the title, labels and scale.
    double k = o->width / 1000.0;
    int height = MAX(260, (int)(k * CLAMP(220 + 44 * g->rows, 320, 900)));
    ChartHeatmap h = {.width = o->width,
                      .height = height,
                      .title = title,
                      .x_label = x_label,
                      .y_label = feature_titles[g->by],
                      .scale_label = o->linear ? "P" : "P (log scale)",
                      .values = g->p,
                      .rows = g->rows,
                      .cols = g->cols,
                      .row_labels = (const char *const *)g->row_labels,
                      .col_labels = (const char *const *)g->col_labels,
                      .annotate = true,
                      .log_min = o->linear ? 0 : RANKCUT_HEATMAP_LOG_MIN};
    return chart_render_heatmap(&h, lay, err);
}

bool rankcut_heatmap_write(const char *in, RankcutFeature by, const RankcutHeatmapOptions *o,
                           const char *out, RankcutGrid *grid, ChartHeatmapLayout *lay,
                           GError **err)
{
    RankcutCounts c;
    if (!rankcut_counts_load(&c, in, err)) return false;
    RankcutGrid g;
    rankcut_grid_build(&c, by, o->min_samples, &g);
    rankcut_counts_free(&c);
    Raster *r = rankcut_heatmap_render(&g, o, lay, err);
    bool ok = r && png_write_raster(r, out, err);
    raster_free(r);
    if (ok && grid)
        *grid = g;
    else
        rankcut_grid_free(&g);
    return ok;
}
