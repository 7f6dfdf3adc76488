// SPDX-License-Identifier: MIT
// The search core compiled for Abalone (abalone/search.c instantiates core/search_body.h).
#ifndef ABALONE_SEARCH_H
#define ABALONE_SEARCH_H

#include "abalone/board.h"
#include "core/search.h"

// Searches b within s->limits (s->game_ctx must point to the AbaloneRules in force).
Move abalone_search_run(Search *s, AbaloneBoard *b, SearchInfo *out);

#endif
