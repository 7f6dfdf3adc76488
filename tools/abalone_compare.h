// SPDX-License-Identifier: MIT
// The compare command's runs and report (tools/abalone_compare_report.c).
#ifndef TOOLS_ABALONE_COMPARE_H
#define TOOLS_ABALONE_COMPARE_H

#include "abalone/reference.h"
#include "abalone/suite.h"

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

#endif
