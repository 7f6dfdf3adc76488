// SPDX-License-Identifier: MIT
// Openings and the self-play game loop.
#include "abalone/selfplay.h"

#include "abalone/movegen.h"

const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g)
{
    const char *layout = abalone_layout_name(index % abalone_layout_count());
    AbaloneBoard b;
    abalone_board_set_layout(&b, layout);
    abalone_game_init(g, &b, rules);
    GRand *rng = g_rand_new_with_seed((guint32)(seed * 1000003u + (uint64_t)index * 7919u));
    int plies = g_rand_int_range(rng, 2, 5);
    for (int i = 0; i < plies; i++) {
        Move moves[ABALONE_MAX_MOVES];
        int n = abalone_gen_moves(&g->board, moves);
        if (n == 0) break;
        abalone_game_play(g, moves[g_rand_int_range(rng, 0, n)]);
    }
    g_rand_free(rng);
    return layout;
}

bool abalone_selfplay(AbaloneEngine *black, AbaloneEngine *white, AbaloneGame *g, double movetime,
                      AbaloneMoveHook hook, void *user)
{
    while (abalone_game_outcome(g, NULL) == ABALONE_ONGOING) {
        AbaloneEngine *e = g->board.side == ABALONE_BLACK ? black : white;
        SearchLimits limits = {0};
        limits.movetime = movetime;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        Move m = abalone_engine_search(e, g, &limits, NULL, NULL, &info);
        if (m == MOVE_NONE || (e->core.search.stop_requested)) return false;
        abalone_game_play(g, m);
        if (hook && !hook(g, m, &info, user)) return false;
    }
    return true;
}
