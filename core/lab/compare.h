// SPDX-License-Identifier: MIT
// The compare and compare-reference commands of every game. `compare` searches a position
// suite with search configurations side by side, at a fixed time per move and at fixed
// depths, against a reference (plain alpha-beta, deeper; core/lab/reference.h): depth reached,
// nodes, speed, time to depth, agreement with the reference's best move (95% Wilson
// interval), McNemar's test of the paired difference, and the value lost.
// `compare-reference` computes the reference file. Written once over the game descriptor
// (core/game.h); the options are parsed in tools/.
#ifndef CORE_LAB_COMPARE_H
#define CORE_LAB_COMPARE_H

#include "core/draw/chart.h"
#include "core/game.h"
#include "core/lab/lab.h"
#include "core/lab/reference.h"

#define COMPARE_MAX_CONFIGS 8
#define COMPARE_MAX_DEPTHS  8
#define COMPARE_MOVE_TEXT   24

// One configuration's search of one position in one mode.
typedef struct {
    char move[COMPARE_MOVE_TEXT]; // the move chosen, in the reference's notation
    int depth;
    uint64_t nodes;
    double seconds;
    bool known;       // the reference can judge this move
    bool agree;       // ... and it is a best move
    bool lost_known;  // the reference scores this move
    Score value_lost; // ... reference best minus that score
} CompareRun;

// ---------------------------------------------------------------------------------------
// Shared by the commands (core/lab/compare.c) and the report (core/lab/compare_report.c).

typedef struct {
    char *name;
    char **sets;
    GameEngine *engine;
    CompareRun *runs; // [position * modes + mode]
} CompareConfig;

typedef struct {
    const GameDesc *game; // NULL in tests of the report and chart
    LabSuite suite;
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

// The compare command after its options: loads the suite (suite_file, or the built-in one)
// and the reference (reference_file, or the built-in one), sets up one engine per
// configuration "NAME:param=value,..." (configs NULL: plain alpha-beta and RankCut), runs
// them and prints the report, the CSV and the chart when asked. job holds the modes (movetime,
// nodes, depths). Returns an exit status.
int compare_run(CompareJob *job, const char *suite_file, const char *reference_file, char **configs,
                const char *rankcut_file, bool verbose, const char *csv, const char *chart);

// What compare-reference computes: every move scored at `depth` (nodes 0), or one deep search
// of `nodes` nodes per position (its best move), plain alpha-beta or, with sets, plain
// alpha-beta's parameters changed by them ("search=mcts", ...); over every suite position, or
// (shards > 1) those whose number (from 1) is `shard` modulo `shards`.
typedef struct {
    int depth;
    uint64_t nodes;
    int shard, shards;
    char **sets; // NULL-terminated, or NULL; only with nodes
} ReferenceJob;

// The compare-reference command after its options: computes the job into `out`, resuming it.
// Returns an exit status (130 after Ctrl-C).
int compare_reference_run(const GameDesc *game, const char *suite_file, const ReferenceJob *job,
                          const char *out);

// Scores every move the search considers at the root of s by plain alpha-beta to depth - 1
// (depth >= 2) after it (a move that ends the game by the rules), best first (stable). The
// engine's pruning is switched off for the duration. Returns the number of moves.
int compare_reference_moves(const GameDesc *game, GameEngine *e, const GameState *s, int depth,
                            Move *moves, Score *scores);

#endif
