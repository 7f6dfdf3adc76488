// SPDX-License-Identifier: MIT
// Learned weights of Go moves: the 3x3 neighbourhood of a move in a canonical form, and a
// weight ("gamma", Coulom 2007's generalized Bradley-Terry strength) for each canonical pattern
// and for each of the prior's move features (go/prior.h). A move's strength is the product of
// the gammas of its pattern and features; the chance that it is the move played among the
// legal ones is its strength over the sum of theirs. The canonical form is the same under the
// eight symmetries of the square and the colour swap: the neighbourhood is read from the side
// to move's view (its stones X, the other side's O), and the four stones next to the move
// carry whether their string is in atari. The weights are a text file (a header line, then
// `key value` lines, read by a reader that refuses anything else with the line and the
// reason); the built-in weights, learned from GNU Go's games (docs/go.md), are embedded.
#ifndef GO_PATTERNS_H
#define GO_PATTERNS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "go/board.h"

// The features fitted beside the pattern, in this order: the prior's (go/prior.h, default
// parameters) and the pass itself.
enum {
    GO_PATTERN_CAPTURE,
    GO_PATTERN_ESCAPE,
    GO_PATTERN_SELFATARI,
    GO_PATTERN_NEAR,
    GO_PATTERN_LINE_LOW,
    GO_PATTERN_LINE_THIRD,
    GO_PATTERN_EYE,
    GO_PATTERN_PASS_EARLY,
    GO_PATTERN_PASS,
    GO_PATTERN_FEATURES
};

#define GO_PATTERNS_MAX_BYTES (4u << 20) // the largest weights file read
#define GO_PATTERN_TEXT       10         // a pattern's 9 characters and the NUL

// The canonical 3x3 code of the empty point p for the side to move on b: 3 bits per
// neighbour (its colour from the mover's view, and the atari bit of the four next to p), the
// least of the eight symmetric codes.
uint32_t go_patterns_code(const GoBoard *b, int p);

// The same for a raw code (the neighbours clockwise from the upper left, 3 bits each): the
// least of its eight symmetric forms.
uint32_t go_patterns_canonical(uint32_t raw);

// A code as 9 characters, rows from the top, the move '.' in the middle: '.' empty, 'X' the
// mover's stone, 'O' the other side's, '#' off the board, 'x' and 'o' such a stone in atari.
char *go_patterns_code_text(uint32_t code, char *out);
// Reads that text back into a raw code; false when it is not one.
bool go_patterns_code_parse(const char *text, uint32_t *code);

// The weights: the gamma of each feature, of each pattern seen often enough, and of the
// others ("rare", also every pattern never seen).
typedef struct {
    uint64_t games, positions; // the games and positions they were learned from
    int min_count;             // patterns seen fewer times are rare
    double feature[GO_PATTERN_FEATURES];
    double rare;
    GHashTable *gamma; // canonical code -> index into gammas
    GArray *gammas;    // double
} GoPatterns;

extern const char *const go_pattern_feature_names[GO_PATTERN_FEATURES];

// Every gamma 1 and no pattern.
void go_patterns_init(GoPatterns *w);
void go_patterns_free(GoPatterns *w);
// Sets a pattern's gamma (code canonical).
void go_patterns_set(GoPatterns *w, uint32_t code, double gamma);
// The gamma of a canonical pattern: its own, or the rare one.
double go_patterns_gamma(const GoPatterns *w, uint32_t code);

// The feature bits (1 << GO_PATTERN_*) of move m for the side to move on b.
unsigned go_patterns_features(const GoBoard *b, Move m);
// A move's strength: the product of its pattern's and features' gammas.
double go_patterns_strength(const GoPatterns *w, const GoBoard *b, Move m);

// The text form and its reader (w initialised here; free it even on failure).
char *go_patterns_format(const GoPatterns *w);
bool go_patterns_parse(GoPatterns *w, const char *text, size_t len, const char *name, GError **err);
bool go_patterns_load(GoPatterns *w, const char *path, GError **err);
bool go_patterns_save(const GoPatterns *w, const char *path, GError **err);

// The built-in weights (go/data/patterns_go9.txt), read once.
const GoPatterns *go_patterns_builtin(void);

#endif
