// SPDX-License-Identifier: MIT
// Futility pruning near the leaves: at a node with little remaining depth whose static
// evaluation plus a margin per ply of depth cannot reach alpha, the quiet moves after the
// first are not searched (tactical moves, which the quiescence search would follow, still
// are). The margin is in the evaluator's units, so it suits an evaluator whose scale is known
// (Abalone's: a marble is 1000; Go's: a point is 32); the node's result becomes an upper bound
// no lower than the futility value.
//
// The decision is futility_skips in core/search_methods.h.
#ifndef CORE_FUTILITY_H
#define CORE_FUTILITY_H

#define FUTILITY_PARAMS(X, S)                                                                      \
    X(S, futility, bool, 0, 0, 1, "futility pruning of quiet moves near the leaves")               \
    X(S, futility_depth, int, 2, 1, 16, "nodes with at most this remaining depth may prune")       \
    X(S, futility_margin, int, 300, 0, 1000000,                                                    \
      "margin per ply of remaining depth, in evaluation units (Abalone: 1000 a marble)")

#endif
