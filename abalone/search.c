// SPDX-License-Identifier: MIT
// Compiles the search recursion and the Monte Carlo search once for Abalone against
// abalone/contract.h.
#include "abalone/search.h"

#include "abalone/contract.h"

#define SEARCH_NAME(x) abalone_search_##x
#include "core/search_body.h"
#include "core/mcts_body.h"

void abalone_search_board_init(AbaloneSearchBoard *sb, const AbaloneBoard *pos, const Net *net,
                               NetAccumulator *stack)
{
    sb->pos = *pos;
    sb->net = net;
    sb->acc = stack;
    sb->features = ABALONE_FEATURES_CELLS;
    sb->defensive = false;
    sb->press_edge = sb->press_threat = 0;
    if (!net) return;
    int fs = abalone_features_find(net->feature_set);
    sb->features = fs < 0 ? ABALONE_FEATURES_CELLS : (AbaloneFeatures)fs;
    uint16_t f[ABALONE_NET_MAX_ACTIVE];
    for (int p = 0; p < 2; p++)
        net_acc_refresh(net, stack, p, f, abalone_net_features_of(pos, p, sb->features, f));
}
