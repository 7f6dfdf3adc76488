// SPDX-License-Identifier: MIT
// The built-in RankCut statistics for Abalone, one table per built-in evaluator, each made by
// `sumito abalone rankcut-collect` with that evaluator (docs/results/abalone-search.md gives
// the exact commands): abalone/data/rankcut.bin for the handcrafted evaluation, and
// abalone/data/rankcut-net-<hash>.bin for the built-in net.
#include "abalone/engine.h"
#include "core/embed.h"
#include "abalone/eval.h"

#define ABALONE_RANKCUT_NET_FILE "abalone/data/rankcut-net-" ABALONE_NET_BUILTIN_HASH ".bin"

EMBED_FILE(abalone_rankcut_hce, "abalone/data/rankcut.bin");
EMBED_FILE(abalone_rankcut_net, ABALONE_RANKCUT_NET_FILE);

const uint8_t *abalone_rankcut_builtin(const char *evaluator, size_t *size)
{
    if (strcmp(evaluator, ABALONE_EVAL_ID) == 0) {
        *size = (size_t)(abalone_rankcut_hce_end - abalone_rankcut_hce);
        return abalone_rankcut_hce;
    }
    if (strcmp(evaluator, ABALONE_NET_BUILTIN_ID) == 0) {
        *size = (size_t)(abalone_rankcut_net_end - abalone_rankcut_net);
        return abalone_rankcut_net;
    }
    return NULL;
}
