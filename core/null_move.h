// SPDX-License-Identifier: MIT
// Null-move pruning: at a node whose static evaluation is already at or above beta, the side
// to move passes and the opponent searches to a depth reduced by R; if even that fails to
// bring the score below beta, the node is cut. Games without a pass (Abalone) get an
// artificial one from the contract (game_make_null); a game whose pass is real (Go) refuses
// the null move where a pass would end the game (game_null_allowed). From a given depth a
// cutoff is confirmed by a verification search of the node itself at the reduced depth, with
// null moves forbidden for most of its plies, which catches zugzwang-like positions.
//
// The helper that does this is try_null_move in core/search_methods.h.
#ifndef CORE_NULL_MOVE_H
#define CORE_NULL_MOVE_H

// Null move's parameters (name, type, default, min, max, help; core/params.h).
#define NULL_MOVE_PARAMS(X, S)                                                                     \
    X(S, null_move, bool, 0, 0, 1, "null-move pruning (a pass searched to a reduced depth)")       \
    X(S, null_move_reduction, int, 3, 1, 16,                                                       \
      "R: plies the null move's search takes off, besides the pass itself")                        \
    X(S, null_move_depth_step, int, 6, 0, 64,                                                      \
      "R grows by one ply per this many plies of remaining depth (0: R stays fixed)")              \
    X(S, null_move_min_depth, int, 2, 1, 64, "nodes with less remaining depth never pass")         \
    X(S, null_move_verify_depth, int, 8, 0, 64,                                                    \
      "from this remaining depth a cutoff is confirmed by a verification search (0: never)")

#endif
