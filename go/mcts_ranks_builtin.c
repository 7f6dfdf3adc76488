// SPDX-License-Identifier: MIT
// The built-in rank statistics of the Monte Carlo search's widening (mcts_widen=rank) for Go:
// 9x9 self-play with the tree's prior knowledge on, every node of 8 simulations or more by its
// visits, depth and phase (go/data/mcts_ranks_go9.txt, made by `sumito go rankcut-collect
// --mcts-ranks`; docs/go.md gives the command). The order they rank is the prior's, so they
// belong to the priors' default parameters with prior=1 (its identity is in the file).
#include "go/engine.h"

#include "core/embed.h"

EMBED_FILE(go_mcts_ranks_go9, "go/data/mcts_ranks_go9.txt");

const uint8_t *go_mcts_ranks_builtin(size_t *size)
{
    *size = (size_t)(go_mcts_ranks_go9_end - go_mcts_ranks_go9);
    return go_mcts_ranks_go9;
}
