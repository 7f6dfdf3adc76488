// SPDX-License-Identifier: MIT
// Go perft: the number of move sequences of exactly `depth` moves on points (pass excluded)
// from a position, under the board's rules, the standard check of a move generator.
#ifndef GO_PERFT_H
#define GO_PERFT_H

#include "go/board.h"

// Counts the last ply without playing it (bulk counting).
uint64_t go_perft(GoBoard *b, int depth);

// The same, playing every move of the last ply too (slower; a check of the bulk counter).
uint64_t go_perft_full(GoBoard *b, int depth);

#endif
