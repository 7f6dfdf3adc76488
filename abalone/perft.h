// SPDX-License-Identifier: MIT
// Perft: the number of leaf positions of the full move tree to a fixed depth, the standard
// check of a move generator. Decided games (six marbles ejected) are leaves with no moves.
#ifndef ABALONE_PERFT_H
#define ABALONE_PERFT_H

#include "abalone/board.h"

// Leaves at `depth` plies below b, counting the last ply with popcounts (bulk counting).
uint64_t abalone_perft(AbaloneBoard *b, int depth);

// The same, making every move of the last ply (slower; a check of the bulk counter).
uint64_t abalone_perft_full(AbaloneBoard *b, int depth);

#endif
