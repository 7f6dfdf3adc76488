// SPDX-License-Identifier: MIT
// Compiles the search recursion and the Monte Carlo search once for Go against go/contract.h.
#include "go/search.h"

#include "go/contract.h"

#define SEARCH_NAME(x) go_search_##x
#include "core/search_body.h"
#include "core/mcts_body.h"
