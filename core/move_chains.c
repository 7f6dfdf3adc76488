// SPDX-License-Identifier: MIT
// The table of move chains (core/move_chains.h).
#include "core/move_chains.h"

#include <glib.h>
#include <string.h>

void move_chains_init(MoveChains *c, int move_indices)
{
    c->move_indices = move_indices;
    c->chain = g_new0(MoveChain, 2 * (size_t)move_indices);
}

void move_chains_free(MoveChains *c)
{
    g_free(c->chain);
    c->chain = NULL;
}

void move_chains_clear(MoveChains *c)
{
    memset(c->chain, 0, 2 * (size_t)c->move_indices * sizeof *c->chain);
}
