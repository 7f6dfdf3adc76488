// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Abalone: abalone/data/rankcut.bin, made by
// `sumito abalone rankcut-collect` (docs/experiments.md gives the exact command).
#include "abalone/engine.h"
#include "core/embed.h"
#include "abalone/eval.h"

EMBED_FILE(abalone_rankcut_default, "abalone/data/rankcut.bin");

const uint8_t *abalone_rankcut_builtin(const char *evaluator, size_t *size)
{
    if (strcmp(evaluator, ABALONE_EVAL_ID) != 0) return NULL;
    *size = (size_t)(abalone_rankcut_default_end - abalone_rankcut_default);
    return abalone_rankcut_default;
}
