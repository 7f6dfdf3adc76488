// SPDX-License-Identifier: MIT
// Compiles the search recursion once for Go against go/contract.h.
#include "go/search.h"

#include "go/contract.h"

#define SEARCH_NAME(x) go_search_##x
#include "core/search_body.h"
