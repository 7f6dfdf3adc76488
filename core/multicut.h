// SPDX-License-Identifier: MIT
// Multi-Cut (Bjornsson & Marsland 1998/2001, "Multi-cut alpha-beta pruning"): at an expected
// cut node, before the normal search, the first M moves are searched to depth - 1 - R with a
// null window; if C of them fail high the node returns beta. Expected node types follow
// principal variation search: the siblings of a PV move are expected cut nodes, the children
// of a cut node expected all nodes and the other way round. As in the paper, the side to move
// must not be under threat (the game's "in check", game_threat) and the remaining depth must
// be at least R.
//
// The helper is try_multicut in core/search_methods.h.
#ifndef CORE_MULTICUT_H
#define CORE_MULTICUT_H

#define MULTICUT_PARAMS(X, S)                                                                      \
    X(S, multicut, bool, 0, 0, 1,                                                                  \
      "Multi-Cut pruning at expected cut nodes (Bjornsson & Marsland)")                            \
    X(S, multicut_c, int, 3, 1, 400, "C: fail-highs among the first M moves that cut the node")    \
    X(S, multicut_m, int, 10, 1, 400, "M: moves searched at reduced depth before the node")        \
    X(S, multicut_r, int, 2, 0, 16, "R: plies taken off the Multi-Cut searches")                   \
    X(S, multicut_min_depth, int, 2, 1, 64,                                                        \
      "nodes with less remaining depth never try (the paper: depth >= R)")

#endif
