// SPDX-License-Identifier: MIT
// The rankcut-collect command of every game: RankCut statistics from self-play (Lim & Lee
// 2006 collect them from self-play games with random openings). Progress and ETA on a
// terminal; Ctrl-C keeps every finished game; running the same command again resumes. With
// --with-pruning it re-collects with RankCut on, round after round, and reports how far the
// probabilities moved (the paper's proposed check that pruning does not shift them). A game
// supplies its engine and its self-play through CollectGame.
#ifndef TOOLS_COLLECT_H
#define TOOLS_COLLECT_H

#include <glib.h>

#include "core/search.h"

// Called after every move of a self-play game with its length so far; false stops the game.
typedef bool (*CollectMoveHook)(void *user, int plies);

typedef struct {
    const char *name;      // the statistics' game name ("abalone", "go9")
    const char *evaluator; // the evaluation they belong to
    int32_t edges[3];
    void *engine;
    Search *search;       // the engine's search: collection buffer and stop requests
    SearchParams *params; // the engine's parameters (rankcut is switched per round)
    // The statistics the engine uses now, or NULL.
    const RankcutCounts *(*table)(void *engine);
    bool (*load)(void *engine, const char *path, GError **err);
    // Plays game `index` of the series seeded with `seed` from its opening to its end;
    // false when it was stopped before the end.
    bool (*play)(void *engine, uint64_t seed, int index, double movetime, CollectMoveHook hook,
                 void *user);
    void (*free)(void *engine);
} CollectGame;

// Sets up the game's engine from NAME=VALUE assignments, a configuration file and a
// statistics file (each may be NULL); prints the error and returns false on bad input.
typedef bool (*CollectSetupFn)(CollectGame *g, char **sets, const char *config,
                               const char *rankcut_file, void *data);

// The whole command: options (--games, --time-per-move, --seed, --out, --with-pruning,
// --rounds, --rankcut-file, --set, --config, and the game's `extra` entries, NULL-ended or
// NULL), then the collection. Returns the exit status (130 after Ctrl-C).
int collect_cli(int argc, char **argv, const char *summary, const GOptionEntry *extra,
                CollectSetupFn setup, void *data);

#endif
