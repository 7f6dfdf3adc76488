// SPDX-License-Identifier: MIT
// The net trainer's driver (`sumito net train`) and the report on training-data files
// (`sumito net data-info`), over nets/train.h and nets/data.h.
#ifndef CORE_LAB_NETLAB_H
#define CORE_LAB_NETLAB_H

#include <glib.h>

#include "nets/data.h"
#include "nets/net.h"
#include "nets/train.h"

// Loads the nfiles data files, trains the network with the options o (checked by the caller)
// and writes it to out, recording command (the command line) in it; the checkpoint is
// out.ckpt and a run finds it to resume. Prints the data's line, a progress line on a terminal,
// a line per epoch and the quantisation check. Returns 0, EXIT_BAD_INPUT after printing why
// (lab_report), or 130 when Ctrl-C stopped it (the checkpoint saved).
int netlab_train(const NetTrainOptions *o, const char *out, int nfiles, char *const *files,
                 const char *command);

// What the records of a data set hold.
typedef struct {
    size_t noisy, results[3], clamped, agree, disagree, active[2], max_active;
    double score_sum, score_sq, abs_sum, ply_sum;
    int score_min, score_max; // INT_MAX and INT_MIN when there is no record
} NetlabDataStats;

// Counts the noisy records, the results (loss, draw, win of the side to move), the scores at
// the clamp, the decided records whose score is on the result's side (agree) or not
// (disagree), the active features per perspective, and the sums of the scores and plies.
void netlab_data_stats(const NetData *d, NetlabDataStats *s);

// Prints the description of each of the nfiles data files and names the files whose features
// differ from the first's; 0, or EXIT_BAD_INPUT when a file could not be read or differs.
int netlab_data_info(int nfiles, char *const *files);

// Describes the net in data (what names it in errors): the file's own description, then the
// inference path this machine's evaluations take. 0, or EXIT_BAD_INPUT after printing why the
// data is no net.
int netlab_info_data(const uint8_t *data, size_t size, const char *what);

// The same for the net file at path (read whole, at most FILE_READ_MAX bytes).
int netlab_info_file(const char *path);

// Times the net of the file at path (NULL: one of pseudo-random weights with inputs features)
// on each inference path (nets/bench.h) and prints the table: rows feature rows a perspective
// an update changes, the median of runs runs of calls calls. 0, or EXIT_BAD_INPUT after
// printing why the file could not be loaded.
int netlab_bench(const char *path, int inputs, int rows, int runs, int calls);

#endif
