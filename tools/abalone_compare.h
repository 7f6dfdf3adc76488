// SPDX-License-Identifier: MIT
// The compare command's runs and report (tools/abalone_compare_report.c).
#ifndef TOOLS_ABALONE_COMPARE_H
#define TOOLS_ABALONE_COMPARE_H

#include "abalone/reference.h"
#include "abalone/suite.h"
#include "core/chart.h"

#define COMPARE_MAX_CONFIGS 8
#define COMPARE_MAX_DEPTHS  8

// One configuration's search of one position in one mode.
typedef struct {
    Move move;
    int depth;
    uint64_t nodes;
    double seconds;
    bool known;       // the reference scores this move
    bool agree;       // ... as well as its best move
    Score value_lost; // reference best minus the reference score of this move
} CompareRun;

typedef struct {
    char *name;
    char **sets;
    AbaloneEngine engine;
    CompareRun *runs; // [position * modes + mode]
} CompareConfig;

typedef struct {
    AbaloneSuite suite;
    AbaloneReference reference;
    CompareConfig configs[COMPARE_MAX_CONFIGS];
    int nconfigs;
    double movetime; // 0: no fixed-time mode
    uint64_t nodes;  // 0: no fixed-nodes mode
    int depths[COMPARE_MAX_DEPTHS];
    int ndepths;
} CompareJob;

typedef void (*CompareRunFn)(CompareConfig *c, const AbaloneBoard *b, double movetime,
                             uint64_t nodes, int depth, const AbaloneRefEntry *ref, CompareRun *r);

int compare_modes(const CompareJob *job);
// Runs every configuration on every position in every mode, interleaved per position.
void compare_run(CompareJob *job, CompareRunFn run, bool tty, bool verbose);
// Prints the tables; writes the CSV when asked. Returns an exit status.
int compare_report(const CompareJob *job, const char *csv);

// The chart of a finished job (tools/abalone_compare_chart.c): a picture COMPARE_CHART_WIDTH
// wide with a panel COMPARE_CHART_PANEL_HEIGHT high for each mode kind there is: the depth
// each configuration reached on each position at the fixed time per move (line chart, on
// top), then the median nodes each configuration searched at each fixed depth (bar chart,
// logarithmic y).
#define COMPARE_CHART_WIDTH        1000
#define COMPARE_CHART_PANEL_HEIGHT 460

typedef struct {
    bool has_depth, has_nodes;
    RasterRect depth_panel, nodes_panel; // where each panel is in the picture
    ChartLayout depth, nodes;            // each panel's chart, in the panel's own pixels
} CompareChartLayout;

// NULL with an error when there is nothing to draw or no memory.
Raster *compare_chart_render(const CompareJob *job, CompareChartLayout *lay, GError **err);
// Writes the chart as a PNG file (atomically) and prints where it went.
bool compare_chart_write(const CompareJob *job, const char *path, GError **err);

#endif
