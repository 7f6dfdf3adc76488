// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Abalone: abalone/data/rankcut.bin, made by
// `sumito abalone rankcut-collect` (docs/experiments.md gives the exact command).
#include "abalone/engine.h"
#include "core/embed.h"

EMBED_FILE(abalone_rankcut_default, "abalone/data/rankcut.bin");

const uint8_t *abalone_rankcut_builtin(size_t *size)
{
    *size = (size_t)(abalone_rankcut_default_end - abalone_rankcut_default);
    return abalone_rankcut_default;
}
