// SPDX-License-Identifier: MIT
// Dynamic komi's schedules (go/dynkomi.h).
#include "go/dynkomi.h"

#include <math.h>

int go_dynkomi_handicap(const GoGame *g)
{
    if (g->handicap > 0) return g->handicap;
    const GoBoard *b = &g->start;
    int black = 0;
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] == GO_WHITE) return 0;
        black += b->color[p] == GO_BLACK;
    }
    return black;
}

double go_dynkomi_linear(const GoPlayoutParams *p, int size, int handicap, int move)
{
    double start = handicap * p->dynkomi_stone * size / 19.0;
    int end = MAX(1, (int)lround(p->dynkomi_moves * (double)(size * size) / 361.0));
    return move >= end ? 0.0 : start * (end - MAX(move, 0)) / end;
}

double go_dynkomi_adapt(const GoPlayoutParams *p, double extra, double rate, int colour)
{
    // A positive extra is White's: harder for Black means more of it, for White less.
    double harder = colour == GO_BLACK ? p->dynkomi_step : -p->dynkomi_step;
    if (rate > p->dynkomi_high)
        extra += harder;
    else if (rate < p->dynkomi_low)
        extra -= harder;
    return CLAMP(extra, -p->dynkomi_max, p->dynkomi_max);
}

double go_dynkomi_extra(const GoPlayoutParams *p, GoDynkomi *d, const GoGame *g)
{
    int length = go_game_length(g), size = g->board.size;
    switch (p->dynkomi) {
    case GO_DYNKOMI_LINEAR: return go_dynkomi_linear(p, size, go_dynkomi_handicap(g), length);
    case GO_DYNKOMI_ADAPTIVE:
        if (!d->started || length < d->length) {
            double start = go_dynkomi_linear(p, size, go_dynkomi_handicap(g), length);
            d->extra = CLAMP(start, -p->dynkomi_max, p->dynkomi_max);
            d->started = true;
        }
        d->length = length;
        return d->extra;
    default: return 0.0;
    }
}

void go_dynkomi_learn(const GoPlayoutParams *p, GoDynkomi *d, double rate, int colour)
{
    if (p->dynkomi == GO_DYNKOMI_ADAPTIVE && d->started)
        d->extra = go_dynkomi_adapt(p, d->extra, rate, colour);
}
