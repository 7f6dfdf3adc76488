// SPDX-License-Identifier: MIT
// Perft, the leaf count of the full move tree to a fixed depth, compiled once per game (like
// core/search_body.h) against the game's move generator. A game's perft.c defines
//   PERFT_NAME(x)        the prefix of the two functions defined here, e.g. abalone_##x
//   PerftBoard, PerftUndo, PERFT_MAX_MOVES
//   bool perft_leaf(const PerftBoard *b)     the game is decided here: no moves below
//   int  perft_count(const PerftBoard *b)    the moves perft counts, without generating them
//   int  perft_gen(const PerftBoard *b, Move *out)   the same moves
//   void perft_make(PerftBoard *b, Move m, PerftUndo *u), perft_unmake(...)
// and includes this file, which defines PERFT_NAME(perft) (bulk counting at the last ply)
// and PERFT_NAME(perft_full) (every last-ply move made: a check of the bulk counter).

static uint64_t PERFT_NAME(perft_walk)(PerftBoard *b, int depth, bool bulk)
{
    if (depth == 0) return 1;
    if (perft_leaf(b)) return 0;
    if (bulk && depth == 1) return (uint64_t)perft_count(b);
    Move moves[PERFT_MAX_MOVES];
    int n = perft_gen(b, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        PerftUndo u;
        perft_make(b, moves[i], &u);
        total += PERFT_NAME(perft_walk)(b, depth - 1, bulk);
        perft_unmake(b, moves[i], &u);
    }
    return total;
}

uint64_t PERFT_NAME(perft)(PerftBoard *b, int depth)
{
    return PERFT_NAME(perft_walk)(b, depth, true);
}

uint64_t PERFT_NAME(perft_full)(PerftBoard *b, int depth)
{
    return PERFT_NAME(perft_walk)(b, depth, false);
}
