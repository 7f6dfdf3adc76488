// SPDX-License-Identifier: MIT
// Go's perft: core/perft_body.h over the board's move generator, moves on points only (the
// generator's last move, pass, is left out).
#include "go/perft.h"

#include "go/movegen.h"

static inline bool perft_leaf(const GoBoard *b)
{
    return false;
}

static inline int perft_gen(const GoBoard *b, Move *out)
{
    return go_board_gen_moves(b, out) - 1; // the last is pass
}

#define PERFT_NAME(x)   go_##x
#define PerftBoard      GoBoard
#define PerftUndo       GoUndo
#define PERFT_MAX_MOVES GO_MAX_MOVES
#define perft_count     go_board_count_points
#define perft_make      go_board_play
#define perft_unmake    go_board_undo

#include "core/perft_body.h"
