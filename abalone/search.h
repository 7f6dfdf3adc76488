// SPDX-License-Identifier: MIT
// The search core compiled for Abalone (abalone/search.c instantiates core/search_body.h).
#ifndef ABALONE_SEARCH_H
#define ABALONE_SEARCH_H

#include "abalone/board.h"
#include "abalone/features.h"
#include "core/search.h"
#include "nets/net.h"

// ProbCut's game stages (abalone/contract.h's game_stage).
#define ABALONE_PROBCUT_STAGES 4

// The position the search works on: the board and, when a net evaluates, its accumulators.
typedef struct {
    AbaloneBoard pos;
    const Net *net;           // NULL: the handcrafted evaluation
    NetAccumulator *acc;      // the current position's, in a stack of at least MAX_PLY + 1
    AbaloneFeatures features; // the net's feature set
    bool defensive;           // without a net: the defensive weights (abalone_evaluate_defensive)
    int press_edge, press_threat; // the side ahead's progress terms (abalone_evaluate_press)
} AbaloneSearchBoard;

// Readies a search board on pos (the handcrafted evaluation's usual weights when net is NULL):
// with a net, acc[0] is computed from scratch. The net's
// feature set must be one of abalone/features.h's (net loaders check it).
void abalone_search_board_init(AbaloneSearchBoard *sb, const AbaloneBoard *pos, const Net *net,
                               NetAccumulator *stack);

// Searches b within s->limits (s->game_ctx must point to the AbaloneRules in force).
Move abalone_search_run(Search *s, AbaloneSearchBoard *b, SearchInfo *out);

// The Monte Carlo search of the same position (core/mcts_body.h, with the contract's uniformly
// random playouts), and the algorithm s->params.search names (the engine calls this one).
Move abalone_search_mcts_run(Search *s, AbaloneSearchBoard *b, SearchInfo *out);
Move abalone_search_dispatch(Search *s, AbaloneSearchBoard *b, SearchInfo *out);

#endif
