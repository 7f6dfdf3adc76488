// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Go. None are compiled in yet.
#include "go/engine.h"

const uint8_t *go_rankcut_builtin(size_t *size)
{
    *size = 0;
    return NULL;
}
