// SPDX-License-Identifier: MIT
// The compare and compare-reference commands of every game. `compare` searches a position
// suite with search configurations side by side, at a fixed time per move and at fixed
// depths, against a reference (plain alpha-beta, deeper; tools/reference.h): depth reached,
// nodes, speed, time to depth, agreement with the reference's best move (95% Wilson
// interval), McNemar's test of the paired difference, and the value lost.
// `compare-reference` computes the reference file. A game supplies its suite, its engines and
// its searches through CompareGame; everything else (options, runs, statistics, report, CSV)
// is shared.
#ifndef TOOLS_COMPARE_H
#define TOOLS_COMPARE_H

#include "core/draw/chart.h"
#include "core/search.h"
#include "tools/reference.h"

#define COMPARE_MAX_CONFIGS 8
#define COMPARE_MAX_DEPTHS  8
#define COMPARE_MOVE_TEXT   24

// One configuration's search of one position in one mode.
typedef struct {
    char move[COMPARE_MOVE_TEXT]; // the move chosen, in the reference's notation
    int depth;
    uint64_t nodes;
    double seconds;
    bool known;       // the reference scores this move
    bool agree;       // ... as well as its best move
    Score value_lost; // reference best minus the reference score of this move
} CompareRun;

typedef struct {
    const char *name;      // "abalone", "go": the command's word, in file headers
    const char *evaluator; // the evaluation the engines use
    void *game;            // the game's state: the loaded suite
    ReferenceCheckFn check;
    // Loads the suite from a file, or the built-in one when path is NULL.
    bool (*load_suite)(void *game, const char *path, GError **err);
    int (*positions)(void *game);
    const char *(*position)(void *game, int p); // canonical text, as the reference writes it
    char *(*builtin_reference)(void *game);     // the built-in reference's text (caller frees)
    // An engine from NAME=VALUE assignments and a statistics file (either may be NULL);
    // prints the error and returns NULL on bad input.
    void *(*engine_new)(void *game, char **sets, const char *rankcut_file);
    void (*engine_free)(void *engine);
    // Scores every legal move of position p by plain alpha-beta (RankCut off) to depth - 1
    // after it (moves that end the game by the rules); a new entry, moves best first.
    RefEntry *(*reference)(void *game, void *engine, int p, int depth);
    // Searches position p (fresh tables) for movetime seconds, a number of nodes or to depth
    // (the others 0); fills the move, depth, nodes and seconds of r.
    void (*search)(void *game, void *engine, int p, double movetime, uint64_t nodes, int depth,
                   CompareRun *r);
} CompareGame;

int compare_cli(int argc, char **argv, const CompareGame *g);
int compare_reference_cli(int argc, char **argv, const CompareGame *g);

// ---------------------------------------------------------------------------------------
// Shared by the commands (tools/compare.c) and the report (tools/compare_report.c).

typedef struct {
    char *name;
    char **sets;
    void *engine;
    CompareRun *runs; // [position * modes + mode]
} CompareConfig;

typedef struct {
    const CompareGame *game; // NULL in tests of the report and chart
    int npositions;
    Reference reference;
    CompareConfig configs[COMPARE_MAX_CONFIGS];
    int nconfigs;
    double movetime; // 0: no fixed-time mode
    uint64_t nodes;  // 0: no fixed-nodes mode
    int depths[COMPARE_MAX_DEPTHS];
    int ndepths;
} CompareJob;

int compare_modes(const CompareJob *job);
// Mode k: the fixed time first, then the fixed node count (when there are), then the depths.
void compare_mode_limits(const CompareJob *job, int k, double *movetime, uint64_t *nodes,
                         int *depth);
void compare_mode_name(const CompareJob *job, int k, char *buf, size_t size);
// Prints the tables; writes the CSV when asked. Returns an exit status.
int compare_report(const CompareJob *job, const char *csv);

// The chart of a finished job (tools/compare_chart.c): a picture COMPARE_CHART_WIDTH
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
