// SPDX-License-Identifier: MIT
// The built-in ProbCut calibration for Go: go/data/probcut_go9.bin, made on 9x9 by
// `sumito go probcut-fit` with the evaluation named below (docs/results/go.md gives the
// command). An engine asked for probcut=true without probcut_file= takes it, on any board
// size, as it would take a file of go9 (ProbCut's stages are by move number relative to the
// board's points); an engine with another evaluation has none.
#include "go/engine.h"

#include <string.h>

#include "core/embed.h"

EMBED_FILE(go_probcut_go9, "go/data/probcut_go9.bin");

#define GO_PROBCUT_BUILTIN_EVAL "go-influence-2"

const uint8_t *go_probcut_builtin(const char *evaluator, size_t *size)
{
    if (strcmp(evaluator, GO_PROBCUT_BUILTIN_EVAL) != 0) return NULL;
    *size = (size_t)(go_probcut_go9_end - go_probcut_go9);
    return go_probcut_go9;
}
