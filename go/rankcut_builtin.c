// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Go: 9x9 (go/data/rankcut_go9.rc, made by
// `sumito go rankcut-collect`; docs/results/go.md gives the command).
#include "go/engine.h"

#include <string.h>

#include "core/embed.h"

EMBED_FILE(go_rankcut_go9, "go/data/rankcut_go9.rc");

// The evaluation the embedded statistics were collected with: an engine with another one has
// no built-in statistics (RankCut cannot act until some are given).
#define GO_RANKCUT_BUILTIN_EVAL "go-influence-2"

const uint8_t *go_rankcut_builtin(const char *evaluator, size_t *size)
{
    if (strcmp(evaluator, GO_RANKCUT_BUILTIN_EVAL) != 0) return NULL;
    *size = (size_t)(go_rankcut_go9_end - go_rankcut_go9);
    return go_rankcut_go9;
}
