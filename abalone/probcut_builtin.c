// SPDX-License-Identifier: MIT
// The built-in ProbCut calibrations for Abalone, one per built-in evaluator, each made by
// `sumito abalone probcut-fit` with that evaluator (docs/results/abalone-search.md gives the
// exact commands): abalone/data/probcut.bin for the handcrafted evaluation, and
// abalone/data/probcut-net-<hash>.bin for the built-in net. An engine asked for probcut=true
// without probcut_file= takes the one of its evaluator.
#include "abalone/engine.h"
#include "core/embed.h"
#include "abalone/eval.h"

#define ABALONE_PROBCUT_NET_FILE "abalone/data/probcut-net-" ABALONE_NET_BUILTIN_HASH ".bin"

EMBED_FILE(abalone_probcut_hce, "abalone/data/probcut.bin");
EMBED_FILE(abalone_probcut_net, ABALONE_PROBCUT_NET_FILE);

const uint8_t *abalone_probcut_builtin(const char *evaluator, size_t *size)
{
    if (strcmp(evaluator, ABALONE_EVAL_ID) == 0) {
        *size = (size_t)(abalone_probcut_hce_end - abalone_probcut_hce);
        return abalone_probcut_hce;
    }
    if (strcmp(evaluator, ABALONE_NET_BUILTIN_ID) == 0) {
        *size = (size_t)(abalone_probcut_net_end - abalone_probcut_net);
        return abalone_probcut_net;
    }
    return NULL;
}
