// SPDX-License-Identifier: MIT
// Compiles the search recursion once for Abalone against abalone/contract.h.
#include "abalone/search.h"

#include "abalone/contract.h"

#define SEARCH_NAME(x) abalone_search_##x
#include "core/search_body.h"
