// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Abalone. None are compiled in yet.
#include "abalone/engine.h"

const uint8_t *abalone_rankcut_builtin(size_t *size)
{
    *size = 0;
    return NULL;
}
