// SPDX-License-Identifier: MIT
// The search core compiled for Go (go/search.c instantiates core/search_body.h against
// go/contract.h).
#ifndef GO_SEARCH_H
#define GO_SEARCH_H

#include "core/search.h"
#include "go/board.h"

// ProbCut's game stages (go/contract.h's game_stage).
#define GO_PROBCUT_STAGES 4

// Searches b within s->limits; s->game_ctx must point to a GoEvalCtx. b carries the game's
// superko history (b->history), which the search extends along its path and restores.
Move go_search_run(Search *s, GoBoard *b, SearchInfo *out);

// The Monte Carlo search of the same position (core/mcts_body.h), and the algorithm
// s->params.search names (the engine calls this one).
Move go_search_mcts_run(Search *s, GoBoard *b, SearchInfo *out);
Move go_search_dispatch(Search *s, GoBoard *b, SearchInfo *out);

#endif
