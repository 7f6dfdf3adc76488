// SPDX-License-Identifier: MIT
// Go's playouts. A light move is drawn uniformly among the empty points not yet rejected: a
// rejected point (the ko point, an own eye, an illegal suicide) is swapped to the end of the
// board's empty list and the draw repeats over the rest, so every acceptable move has the same
// chance, whatever the order of the list.
#include "go/playout.h"

#include "go/game.h"
#include "go/movegen.h"
#include "go/policy.h"

PARAMS_DEFINE(GoPlayoutParams, GO_PLAYOUT_PARAMS, "go playout", go_playout_params_group,
              go_playout_params_default)

Move go_playout_draw(GoBoard *b, Rng *rng, int big)
{
    int n = b->empty_count, me = b->side;
    while (n > 0) {
        int i = (int)rng_below(rng, (uint32_t)n), p = b->empty[i];
        if (p != b->ko && !go_board_is_eye(b, p, me) && go_board_point_legal(b, p) &&
            !(big && go_policy_self_atari(b, p, big)))
            return (Move)p;
        int q = b->empty[--n];
        b->empty[i] = (uint16_t)q;
        b->empty_at[q] = (uint16_t)i;
        b->empty[n] = (uint16_t)p;
        b->empty_at[p] = (uint16_t)n;
    }
    return GO_PASS;
}

Move go_playout_move(GoBoard *b, Rng *rng)
{
    return go_playout_draw(b, rng, 0);
}

Move go_playout_choose(GoBoard *b, const GoPlayoutParams *p, Rng *rng)
{
    if (p && p->playout_policy == GO_PLAYOUT_HEAVY) return go_policy_move(b, p, rng);
    return go_playout_draw(b, rng, 0);
}

double go_playout_value(const GoBoard *b, double komi)
{
    double black = go_board_score(b, komi), mine = b->side == GO_BLACK ? black : -black;
    return mine > 0 ? 1.0 : mine < 0 ? 0.0 : 0.5;
}

GoPlayoutResult go_playout(GoBoard *b, const GoPlayoutParams *p, Rng *rng, int max_moves,
                           double komi)
{
    GoPlayoutResult r = {0, 0};
    while (r.moves < max_moves && b->passes < 2) {
        go_board_play(b, go_playout_choose(b, p, rng), NULL);
        r.moves++;
    }
    r.score = go_board_score(b, komi);
    return r;
}
