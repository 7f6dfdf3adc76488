// SPDX-License-Identifier: MIT
// The gen-data command of every game with a net: training positions from self-play. An
// engine plays both sides from the game's varied openings (never a match opening) at a fixed
// node count or depth per move; every position it searches becomes a record of the data file
// (nets/data.h): its active features, the search's score (or, with label_playouts, the game's
// own sampled label, such as a mean playout count) and, once the game is over, the result.
// Games are numbered; --first-game and --games pick a shard, so machines can share the work
// and the trainer reads all the files. Ctrl-C keeps every finished game; the same command
// resumes after the file's last game.
#ifndef CORE_LAB_GENDATA_H
#define CORE_LAB_GENDATA_H

#include "core/game.h"

typedef struct {
    int size;       // board size (games with sizes)
    int games;      // games of this shard
    int first_game; // the number of its first game: game k's opening depends on k and seed
    uint64_t seed;
    uint64_t nodes;     // per move (0: none)
    int depth;          // per move (0: none)
    int feature_set;    // the game's input feature set written (0: its first)
    int label_playouts; // > 0: label with the game's net_label of that many samples
    const char *out;
    const char *config, *rankcut_file;
    char **sets;
    const char *command; // the command line, kept in the file's provenance
} GenDataOptions;

// The whole command after its options. Returns the exit status (130 after Ctrl-C).
int gendata_run(const GameDesc *game, const GenDataOptions *o);

// The number of the game's input feature set of that name (its first when name is NULL); -1
// after printing an error (--features) that names the sets there are.
int gendata_feature_set(const GameDesc *game, const char *name);

#endif
