// SPDX-License-Identifier: MIT
// A long self-play job cut by game number into shards that run anywhere (the tasks of a Slurm
// job array, GNU parallel over hosts), and the merge of their files into what one run writes.
// A job is the command line of one machine after `sumito`: GAME COMMAND [options...], with
// --games N and --out OUT, for match, gen-data, rankcut-collect, probcut-fit and review (shard K
// of N plays or reviews its share of the games: --first-game and --games, whole opening pairs
// for a match; a review's results files are merged under their one first line),
// or compare-reference (every Nth position: --shard). Shard K writes OUT.shards/K and, once
// its command has ended with status 0, the mark OUT.shards/K.done holding its command line;
// the merge refuses a shard that is missing, unfinished or made by another command, naming
// it, and otherwise writes OUT as one run would.
#ifndef CORE_LAB_SHARD_H
#define CORE_LAB_SHARD_H

#include <glib.h>
#include <stdbool.h>

#include "core/game.h"

typedef enum {
    SHARD_MATCH,
    SHARD_GENDATA,
    SHARD_RANKCUT,
    SHARD_PROBCUT,
    SHARD_REFERENCE,
    SHARD_REVIEW
} ShardKind;

typedef struct {
    ShardKind kind;
    int index, count;
    char **argv;      // the shard's command line (sumito GAME COMMAND options...); NULL: none
    char *out, *mark; // OUT.shards/K and OUT.shards/K.done
    char *job_out;    // the job's OUT
} ShardTask;

// Shard index of count of the job (a NULL-terminated argv: GAME COMMAND options...); makes the
// folder OUT.shards. False with a message on stderr.
bool shard_task_make(char **job, int index, int count, ShardTask *t);
// Parses "K/N" (K from 0) into shard_task_make.
bool shard_task_parse(const char *spec, char **job, ShardTask *t);
// Runs the shard's command (this program again, its output ours) and writes the mark when it
// ended with status 0. Returns the command's status, or 2 when the mark cannot be written.
int shard_task_run(const ShardTask *t);
void shard_task_clear(ShardTask *t);

// The shard command: `shard K/N GAME COMMAND [options...]` runs shard K of N of the job;
// `shard merge N GAME COMMAND [options...]` checks that its N shards have finished and merges
// them into its OUT (exit status 2 naming the first shard missing or unfinished).
int shard_main(int argc, char **argv);

#endif
