// SPDX-License-Identifier: MIT
// Perft with bulk counting at the last ply, and a plain variant that makes every move.
#include "abalone/perft.h"

#include "abalone/movegen.h"

uint64_t abalone_perft(AbaloneBoard *b, int depth)
{
    if (depth == 0) return 1;
    if (abalone_board_decided(b)) return 0;
    if (depth == 1) return (uint64_t)abalone_count_moves(b);
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        AbaloneUndo u;
        abalone_board_make(b, moves[i], &u);
        total += abalone_perft(b, depth - 1);
        abalone_board_unmake(b, moves[i], &u);
    }
    return total;
}

uint64_t abalone_perft_full(AbaloneBoard *b, int depth)
{
    if (depth == 0) return 1;
    if (abalone_board_decided(b)) return 0;
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        AbaloneUndo u;
        abalone_board_make(b, moves[i], &u);
        total += abalone_perft_full(b, depth - 1);
        abalone_board_unmake(b, moves[i], &u);
    }
    return total;
}
