// SPDX-License-Identifier: MIT
// Dynamic move sequences (Greer 2013, "Tree Pruning for New Search Techniques in Computer
// Games"): chains of moves stored by the move that starts them, not by position. When a move
// raises alpha at a node, the line that followed it (the best reply, the best answer to that,
// ...) is stored under that move and the side that played it, replacing any older chain. When
// the same move is searched again anywhere in the tree, its chain is played over first: if
// every move of it is legal in the new position, the chain's plies are searched with that one
// move each (the forward pruning), and the normal search takes over where the chain ends; if
// one is illegal, the chain is dropped and the move is searched normally. A chain that ran
// and raised alpha again is replaced by the line found through it.
//
// Chains hold dense move indices (game_move_index); they live as long as the history tables
// (search_clear_tables clears them). The search part is in core/search_methods.h.
#ifndef CORE_MOVE_CHAINS_H
#define CORE_MOVE_CHAINS_H

#include <stddef.h>
#include <stdint.h>

#define MOVE_CHAINS_MAX 4 // the longest chain the table can hold

#define MOVE_CHAINS_PARAMS(X, S)                                                                   \
    X(S, move_chains, bool, 0, 0, 1, "dynamic move sequences: chains stored by move (Greer)")      \
    X(S, move_chains_length, int, 2, 1, MOVE_CHAINS_MAX,                                           \
      "moves a chain holds after the move that keys it")                                           \
    X(S, move_chains_min_depth, int, 3, 2, 64,                                                     \
      "nodes with less remaining depth neither use nor store chains")

typedef struct {
    uint8_t len;
    uint16_t index[MOVE_CHAINS_MAX]; // dense move indices of the moves after the key move
} MoveChain;

// One chain per side and move index.
typedef struct {
    MoveChain *chain; // [2 * move_indices]
    int move_indices;
} MoveChains;

void move_chains_init(MoveChains *c, int move_indices);
void move_chains_free(MoveChains *c);
void move_chains_clear(MoveChains *c);

static inline MoveChain *move_chains_slot(MoveChains *c, int side, int index)
{
    return &c->chain[(size_t)side * (size_t)c->move_indices + (size_t)index];
}

#endif
