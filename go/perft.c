// SPDX-License-Identifier: MIT
// Go perft through the search's own calls: gen, play, undo, and the bulk legal-point count.
#include "go/perft.h"

#include "go/movegen.h"

uint64_t go_perft(GoBoard *b, int depth)
{
    if (depth == 0) return 1;
    if (depth == 1) return (uint64_t)go_board_count_points(b);
    Move moves[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves) - 1; // the last is pass
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        GoUndo u;
        go_board_play(b, moves[i], &u);
        total += go_perft(b, depth - 1);
        go_board_undo(b, moves[i], &u);
    }
    return total;
}

uint64_t go_perft_full(GoBoard *b, int depth)
{
    if (depth == 0) return 1;
    Move moves[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves) - 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        GoUndo u;
        go_board_play(b, moves[i], &u);
        total += go_perft_full(b, depth - 1);
        go_board_undo(b, moves[i], &u);
    }
    return total;
}
