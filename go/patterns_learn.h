// SPDX-License-Identifier: MIT
// Learning Go's move weights (go/patterns.h) from game records, and measuring them: `sumito
// go patterns learn` replays SGF games and keeps, at each move, every legal move's pattern
// and features and which one was played; then fits the gammas by minorization-maximization of
// the generalized Bradley-Terry model (Coulom 2007, "Computing Elo ratings of move patterns in
// the game of Go"), each gamma with a prior of one win and one loss against a virtual
// opponent of gamma 1, so that a pattern seldom seen stays near 1. `sumito go patterns test`
// reports how often the move played is the first, or among the first five, of the legal moves
// ranked by the weights, beside the playout policy's typed-in patterns, the tree's hand-made
// prior and a uniform choice.
#ifndef GO_PATTERNS_LEARN_H
#define GO_PATTERNS_LEARN_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "go/patterns.h"

#define GO_PATTERN_NONE UINT32_MAX // the "pattern" of a pass

// The positions of the training games: for each, its candidates (pattern code and feature
// bits) and the one played.
typedef struct GoPatternsData GoPatternsData;

GoPatternsData *go_patterns_data_new(void);
void go_patterns_data_free(GoPatternsData *d);
// Adds a position of n candidates (codes canonical, or GO_PATTERN_NONE), played the index
// of the one played.
void go_patterns_data_add(GoPatternsData *d, const uint32_t *codes, const unsigned *features, int n,
                          int played);
uint64_t go_patterns_data_positions(const GoPatternsData *d);

// Fits the gammas to the data into w (initialised here): patterns seen as a candidate fewer
// than min_count times share the gamma "rare"; at most iterations rounds, fewer when no gamma
// moves by more than 0.1 % in one. Progress on stderr when verbose. False when stopped by
// Ctrl-C.
bool go_patterns_fit(GoPatternsData *d, int min_count, int iterations, bool verbose, GoPatterns *w);

// `sumito go patterns learn`: the games of the SGF files and folders (their *.sgf files) in
// paths, each distinct game once, fitted and written to out atomically; the summary on
// stdout, progress on stderr. 0, or EXIT_BAD_INPUT after saying why.
int go_patterns_learn(int n, char **paths, int min_count, int iterations, const char *out);

// `sumito go patterns test`: the top-1 and top-5 move-prediction rates of the weights (the
// built-in ones when weights is NULL) on the games in paths, beside the baselines. 0, or
// EXIT_BAD_INPUT after saying why.
int go_patterns_test(const char *weights, int n, char **paths);

#endif
