// SPDX-License-Identifier: MIT
// The strings' status and the count from the Monte Carlo search's ownership (go/ownership.h).
#include "go/ownership.h"

#include <string.h>

#include "go/contract.h"
#include "go/engine.h"
#include "go/game.h"

double go_ownership_share(const MctsOwnership *o, int p, int colour)
{
    if (!o->playouts || p < 0 || p >= o->indices) return 0.0;
    return (double)o->counts[2 * p + colour - 1] / (double)o->playouts;
}

double go_ownership_win_rate(const MctsOwnership *o, int colour)
{
    if (!o->playouts) return 0.5;
    double won = go_ownership_share(o, GO_PASS_INDEX, colour);
    double lost = go_ownership_share(o, GO_PASS_INDEX, go_other(colour));
    return won + 0.5 * (1.0 - won - lost);
}

// Whether the string with head h is dead: the mean share of the opponent over its stones.
static bool string_dead(const GoBoard *b, const MctsOwnership *o, int h, double dead_share)
{
    if (!o->playouts) return false;
    int opp = go_other(b->color[h]), n = 0, s = h;
    double sum = 0;
    do {
        sum += go_ownership_share(o, s, opp);
        n++;
        s = b->next[s];
    } while (s != h);
    return sum >= dead_share * n;
}

int go_ownership_dead_strings(const GoBoard *b, const MctsOwnership *o, int colour,
                              double dead_share, int *heads)
{
    int n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y);
            if (b->color[h] == colour && b->head[h] == h && string_dead(b, o, h, dead_share))
                heads[n++] = h;
        }
    return n;
}

// Whether a liberty of the string with head h is owned by neither side in most playouts.
static bool string_shares_liberty(const GoBoard *b, const MctsOwnership *o, int h)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int s = h;
    do {
        for (int k = 0; k < 4; k++) {
            int p = s + d[k];
            if (b->color[p] == GO_EMPTY && mcts_ownership_neither(o, p) > 0.5) return true;
        }
        s = b->next[s];
    } while (s != h);
    return false;
}

void go_ownership_status(const GoBoard *b, const MctsOwnership *o, double dead_share,
                         uint8_t *status)
{
    memset(status, GO_STATUS_NONE, GO_MAX_CELLS);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y);
            if ((b->color[h] != GO_BLACK && b->color[h] != GO_WHITE) || b->head[h] != h) continue;
            uint8_t st = string_dead(b, o, h, dead_share) ? GO_STATUS_DEAD
                         : string_shares_liberty(b, o, h) ? GO_STATUS_SEKI
                                                          : GO_STATUS_ALIVE;
            int s = h;
            do {
                status[s] = st;
                s = b->next[s];
            } while (s != h);
        }
}

double go_ownership_count(const GoBoard *b, const MctsOwnership *o, double dead_share, double komi)
{
    int heads[GO_MAX_POINTS], points[GO_MAX_POINTS], n = 0;
    for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
        int k = go_ownership_dead_strings(b, o, colour, dead_share, heads);
        for (int i = 0; i < k; i++) {
            int s = heads[i];
            do {
                points[n++] = s;
                s = b->next[s];
            } while (s != heads[i]);
        }
    }
    if (n == 0) return go_board_score(b, komi);
    GoBoard *c = g_new(GoBoard, 1);
    go_board_copy_position(c, b);
    go_board_set_stones(c, points, n, GO_EMPTY);
    double score = go_board_score(c, komi);
    g_free(c);
    return score;
}

double *go_ownership_map(const GoGame *g, int playouts, GError **err)
{
    GoEngine *e = g_new(GoEngine, 1);
    if (!go_engine_setup(e, NULL, (char *[]){"search=mcts", "threads=1", "hash=1", NULL}, NULL,
                         err)) {
        g_free(e);
        return NULL;
    }
    const MctsOwnership *o = go_engine_ownership(e, g, playouts);
    int n = g->board.size;
    double *map = g_new(double, (size_t)(n * n));
    for (int i = 0; i < n * n; i++)
        map[i] = mcts_ownership_value(o, (int)go_move_from_index(&g->board, i));
    go_engine_free(e);
    g_free(e);
    return map;
}
