// SPDX-License-Identifier: MIT
// The Go evaluation: stones with atari awareness, small one-colour regions, and an influence
// function over a padded grid (no bounds checks in the kernel loop).
#include "go/eval.h"

#include <math.h>
#include <string.h>

#include "go/game.h"

#define PAD  3 // the influence reaches distance 3
#define GRID (GO_MAX_SIZE + 2 * PAD)

// Influence at distance 1, 2, 3; a difference of INFLUENCE_FULL owns a point outright.
static const int influence_weight[4] = {0, 4, 2, 1};
#define INFLUENCE_FULL 4

void go_eval_ctx_init(GoEvalCtx *ctx, double komi, int move_cap)
{
    ctx->komi = komi;
    ctx->move_cap = move_cap;
    ctx->komi_units = go_eval_units(komi);
}

Score go_eval_units(double points)
{
    double u = points * GO_POINT, limit = SCORE_MATE_BOUND - 1;
    return (Score)lround(u > limit ? limit : u < -limit ? -limit : u);
}

typedef struct {
    int stride; // of the padded grid
    int nk;
    int offset[24], weight[24];
    int16_t infl[GRID * GRID];
} Influence;

static void influence_init(Influence *f, int size)
{
    f->stride = size + 2 * PAD;
    f->nk = 0;
    for (int dy = -PAD; dy <= PAD; dy++)
        for (int dx = -PAD; dx <= PAD; dx++) {
            int d = ABS(dx) + ABS(dy);
            if (d == 0 || d > PAD) continue;
            f->offset[f->nk] = dy * f->stride + dx;
            f->weight[f->nk++] = influence_weight[d];
        }
    memset(f->infl, 0, (size_t)(f->stride * f->stride) * sizeof f->infl[0]);
}

static inline int grid_index(const Influence *f, const GoBoard *b, int p)
{
    return (go_point_y(b, p) + PAD) * f->stride + go_point_x(b, p) + PAD;
}

static void influence_emit(Influence *f, int q, int sign)
{
    for (int k = 0; k < f->nk; k++) f->infl[q + f->offset[k]] += (int16_t)(sign * f->weight[k]);
}

// Stones: counted for their colour (area[]), or for the mover when capturable now; every
// stone not counted as captured radiates influence (Black positive).
static void count_stones(const GoBoard *b, Influence *f, int area[3])
{
    int me = b->side;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y), c = b->color[p];
            if (c != GO_BLACK && c != GO_WHITE) continue;
            const GoString *s = go_string_of(b, p);
            bool atari = go_string_in_atari(s);
            if (atari && c != me && go_string_atari_point(s) != b->ko) {
                area[me]++;
                continue;
            }
            if (!atari || c != me) area[c]++;
            influence_emit(f, grid_index(f, b, p), c == GO_BLACK ? 1 : -1);
        }
}

// A string is taken for dead when the other side's influence over its stones is strong: on
// average at least DEAD_INFLUENCE (a stone hemmed in at distance 1 and 2). All strings are
// judged on the same influence, then the dead ones count for the other side and stop
// radiating. Heads of the dead strings go to dead[] (room for GO_MAX_POINTS).
#define DEAD_INFLUENCE 10

static int remove_dead(const GoBoard *b, Influence *f, int area[3], int *dead)
{
    int ndead = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y), c = b->color[h];
            if ((c != GO_BLACK && c != GO_WHITE) || b->head[h] != h) continue;
            const GoString *s = &b->str[h];
            if (go_string_in_atari(s)) continue; // counted already
            int sign = c == GO_BLACK ? 1 : -1, sum = 0, p = h;
            do {
                sum += f->infl[grid_index(f, b, p)];
                p = b->next[p];
            } while (p != h);
            if (sign * sum <= -DEAD_INFLUENCE * s->stones) dead[ndead++] = h;
        }
    for (int i = 0; i < ndead; i++) {
        int h = dead[i], c = b->color[h], p = h;
        do {
            influence_emit(f, grid_index(f, b, p), c == GO_BLACK ? -1 : 1);
            p = b->next[p];
        } while (p != h);
        area[c] -= b->str[h].stones;
        area[go_other(c)] += b->str[h].stones;
    }
    return ndead;
}

// Empty regions: a small one-colour region is that colour's area; the points of the others
// are shared by influence. Returns Black's share minus White's, in units.
static int count_empty(const GoBoard *b, const Influence *f, int area[3])
{
    int limit = MAX(4, b->size * b->size / 4), shared = 0;
    uint8_t seen[GO_MAX_CELLS];
    uint16_t region[GO_MAX_POINTS];
    memset(seen, 0, (size_t)b->cells);
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i], reach;
        if (seen[p]) continue;
        int size = go_board_empty_region(b, p, seen, region, &reach);
        if ((reach == GO_BLACK || reach == GO_WHITE) && size <= limit) {
            area[reach] += size;
            continue;
        }
        for (int k = 0; k < size; k++) {
            int v = f->infl[grid_index(f, b, region[k])];
            shared += v > INFLUENCE_FULL    ? INFLUENCE_FULL
                      : v < -INFLUENCE_FULL ? -INFLUENCE_FULL
                                            : v;
        }
    }
    return shared * (GO_POINT / INFLUENCE_FULL);
}

Score go_evaluate(const GoBoard *b, const GoEvalCtx *ctx)
{
    Influence f;
    influence_init(&f, b->size);
    int area[3] = {0, 0, 0};
    count_stones(b, &f, area);
    int dead[GO_MAX_POINTS];
    remove_dead(b, &f, area, dead);
    int shared = count_empty(b, &f, area);
    int black = (area[GO_BLACK] - area[GO_WHITE]) * GO_POINT + shared - ctx->komi_units;
    int limit = SCORE_MATE_BOUND - 1;
    if (black > limit) black = limit;
    if (black < -limit) black = -limit;
    return b->side == GO_BLACK ? black : -black;
}

Score go_eval_final(const GoBoard *b, const GoEvalCtx *ctx)
{
    Score black = go_eval_units(go_board_score(b, ctx->komi));
    return b->side == GO_BLACK ? black : -black;
}

int go_eval_dead_strings(const GoBoard *b, int colour, int *heads)
{
    Influence f;
    influence_init(&f, b->size);
    int area[3] = {0, 0, 0}, dead[GO_MAX_POINTS], n = 0;
    count_stones(b, &f, area);
    int ndead = remove_dead(b, &f, area, dead);
    for (int i = 0; i < ndead; i++)
        if (b->color[dead[i]] == colour) heads[n++] = dead[i];
    return n;
}

// Every empty region small and reaching one colour only.
static bool regions_decided(const GoBoard *b)
{
    int limit = MAX(4, b->size * b->size / 4);
    uint8_t seen[GO_MAX_CELLS];
    uint16_t region[GO_MAX_POINTS];
    memset(seen, 0, (size_t)b->cells);
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i], reach;
        if (seen[p]) continue;
        int size = go_board_empty_region(b, p, seen, region, &reach);
        if ((reach != GO_BLACK && reach != GO_WHITE) || size > limit) return false;
    }
    return true;
}

bool go_eval_settled(const GoBoard *b, const GoEvalCtx *ctx)
{
    return regions_decided(b) && go_evaluate(b, ctx) == go_eval_final(b, ctx);
}
