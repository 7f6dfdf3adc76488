// SPDX-License-Identifier: MIT
// Abalone's perft: core/perft_body.h over the move generator.
#include "abalone/perft.h"

#include "abalone/movegen.h"

#define PERFT_NAME(x)   abalone_##x
#define PerftBoard      AbaloneBoard
#define PerftUndo       AbaloneUndo
#define PERFT_MAX_MOVES ABALONE_MAX_MOVES
#define perft_leaf      abalone_board_decided
#define perft_count     abalone_count_moves
#define perft_gen       abalone_gen_moves
#define perft_make      abalone_board_make
#define perft_unmake    abalone_board_unmake

#include "core/perft_body.h"
