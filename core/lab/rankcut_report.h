// SPDX-License-Identifier: MIT
// Reports on RankCut statistics files (`sumito rankcut show|merge|diff|heatmap`): what a file
// holds and how its probabilities spread over the features, files added together, how far the
// probabilities moved from one file to another, and a heat map's summary line.
#ifndef CORE_LAB_RANKCUT_REPORT_H
#define CORE_LAB_RANKCUT_REPORT_H

#include "core/lab/heatmap.h"
#include "core/rankcut.h"

// Prints the statistics c read from path: source and scheme, cells and samples seen (usable:
// cells with at least min_samples samples), the usable samples below thresholds of P, P by
// remaining depth and by each feature pooled over the others, then the top cells most seen.
void rankcut_report_show(const RankcutCounts *c, const char *path, int min_samples, int top);

// Loads a statistics file, or prints why not (lab_report) and returns false.
bool rankcut_report_load(RankcutCounts *c, const char *path);

// Adds the nfiles (at least 1) statistics files of one source together into out and prints
// the games; the Monte Carlo widening's rank statistics (core/mcts_widen.h) when the first file
// is one, of one game, prior and minimum of visits. 0, or EXIT_BAD_INPUT after printing why.
int rankcut_report_merge(int nfiles, char *const *files, const char *out);

// Prints how far P moved from old_path to new_path over the cells both saw at least
// min_samples times: in all and by remaining depth; 0, or EXIT_BAD_INPUT after printing why.
int rankcut_report_diff(const char *old_path, const char *new_path, int min_samples);

// Draws the statistics file in as a heat map by move number and feature (named by) into out
// and prints what it drew; 0, or EXIT_BAD_INPUT after printing why.
int rankcut_report_heatmap(const char *in, RankcutFeature feature, const char *by,
                           const RankcutHeatmapOptions *o, const char *out);

#endif
