// SPDX-License-Identifier: MIT
// Openings and the self-play game loop for Go.
#include "go/selfplay.h"

#include "go/movegen.h"

void go_opening(uint64_t seed, int index, int size, const GoRules *rules, GoGame *g)
{
    go_game_init(g, size, rules);
    GRand *rng = g_rand_new_with_seed((guint32)(seed * 1000003u + (uint64_t)index * 7919u));
    int plies = g_rand_int_range(rng, 2, 5);
    for (int i = 0; i < plies; i++) {
        const GoBoard *b = &g->board;
        Move moves[GO_MAX_MOVES];
        int n = 0;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                Move m = (Move)go_point(b, x, y);
                bool inner = size <= 3 || (x > 0 && y > 0 && x < size - 1 && y < size - 1);
                if (inner && go_board_is_legal(b, m)) moves[n++] = m;
            }
        if (n == 0) break;
        go_game_play(g, b->side, moves[g_rand_int_range(rng, 0, n)]);
    }
    g_rand_free(rng);
}

bool go_selfplay(GoEngine *black, GoEngine *white, GoGame *g, double movetime, GoMoveHook hook,
                 void *user, int *resigned)
{
    if (resigned) *resigned = 0;
    while (!go_game_over(g)) {
        int colour = g->board.side;
        GoEngine *e = colour == GO_BLACK ? black : white;
        SearchLimits limits = {0};
        limits.movetime = movetime;
        limits.start_us = g_get_monotonic_time();
        GoChoice c;
        go_player_choose(e, g, colour, &limits, GO_GENMOVE_NORMAL, &c);
        if (e->core.search.stop_requested) return false;
        if (c.move == MOVE_NONE) {
            if (resigned) *resigned = colour;
            return true;
        }
        go_game_play(g, colour, c.move);
        if (hook && !hook(g, c.move, &c, user)) return false;
    }
    return true;
}
