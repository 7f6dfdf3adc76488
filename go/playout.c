// SPDX-License-Identifier: MIT
// Light random playouts. A move is drawn uniformly among the empty points not yet rejected:
// a rejected point (the ko point, an own eye, an illegal suicide) is swapped to the end of
// the board's empty list and the draw repeats over the rest, so every acceptable move has
// the same chance, whatever the order of the list.
#include "go/playout.h"

#include "go/game.h"
#include "go/movegen.h"

void go_rng_seed(GoRng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        r->s[i] = z ^ (z >> 31);
    }
}

Move go_playout_move(GoBoard *b, GoRng *rng)
{
    int n = b->empty_count, me = b->side;
    while (n > 0) {
        int i = (int)go_rng_below(rng, (uint32_t)n), p = b->empty[i];
        if (p != b->ko && !go_board_is_eye(b, p, me) && go_board_point_legal(b, p)) return (Move)p;
        int q = b->empty[--n];
        b->empty[i] = (uint16_t)q;
        b->empty_at[q] = (uint16_t)i;
        b->empty[n] = (uint16_t)p;
        b->empty_at[p] = (uint16_t)n;
    }
    return GO_PASS;
}

GoPlayoutResult go_playout(GoBoard *b, GoRng *rng, int max_moves, double komi)
{
    GoPlayoutResult r = {0, 0};
    while (r.moves < max_moves && b->passes < 2) {
        go_board_play(b, go_playout_move(b, rng), NULL);
        r.moves++;
    }
    r.score = go_board_score(b, komi);
    return r;
}
