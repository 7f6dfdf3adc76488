// SPDX-License-Identifier: MIT
// The Go evaluation: the strings' verdicts (ladders, zones, influence), small one-colour
// regions, and an influence function over a padded grid (no bounds checks in the kernel loop).
#include "go/eval.h"

#include <math.h>
#include <string.h>

#include "go/game.h"
#include "go/life.h"
#include "go/reading.h"

#define PAD  3 // the influence reaches distance 3
#define GRID (GO_MAX_SIZE + 2 * PAD)

// Influence at distance 1, 2, 3; a difference of INFLUENCE_FULL owns a point outright.
static const int influence_weight[4] = {0, 4, 2, 1};
#define INFLUENCE_FULL 8

// What a stone dead only by reading costs the side that gains it, in units: a quarter of the
// two points its capture swings, so that a capture played beats the same capture read.
#define READ_DOUBT (GO_POINT / 2)

void go_eval_ctx_init(GoEvalCtx *ctx, double komi, int move_cap)
{
    ctx->komi = komi;
    ctx->playout_komi = komi;
    ctx->move_cap = move_cap;
    ctx->komi_units = go_eval_units(komi);
    ctx->net = NULL;
    ctx->playout = NULL;
    ctx->prior = NULL;
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

// Strings in danger (one or two liberties), read as ladders: one that its attacker captures
// even when its owner moves first is dead; one that the side to move can settle either way is
// unsettled. Unsettled strings are settled the way the side not to move wants (it moves next),
// and the side to move gets the swing of settling the largest one its way instead: two points a
// stone, less the doubt of a capture still to be read out. (Settling one chosen string would
// depend on which of equal ones comes first; the evaluation stays symmetric.) dead[] gets
// DEAD_TAKEN at the head of a string the side to move captures at once, DEAD_READ at the other
// strings judged dead. Returns the side to move's swing in units.
enum { DEAD_TAKEN = 1, DEAD_READ = 2, DEAD_ZONE = 3, DEAD_INFLUENCE_RULE = 4 };

static int judge_tactics(const GoBoard *b, uint8_t *dead)
{
    GoBoard scratch;
    bool copied = false;
    int me = b->side, swing = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y), c = b->color[h], libs[3];
            if ((c != GO_BLACK && c != GO_WHITE) || b->head[h] != h) continue;
            int n = go_string_libs(b, h, libs, 3);
            if (n > 2) continue;
            if (!copied) go_board_copy_position(&scratch, b), copied = true;
            bool attack, defend;
            if (n == 1) {
                attack = c == me || libs[0] != b->ko;
                defend = attack && go_ladder_defend(&scratch, h);
            } else {
                attack = go_ladder_attack(&scratch, h);
                defend = true;
            }
            if (!attack) continue;
            uint8_t how = n == 1 && c != me ? DEAD_TAKEN : DEAD_READ;
            if (defend) { // unsettled: lost by the side to move, which may settle it instead
                int stones = b->str[h].stones;
                int gain = stones * 2 * GO_POINT - (how == DEAD_READ ? stones * READ_DOUBT : 0);
                swing = MAX(swing, gain);
                if (c == me) dead[h] = DEAD_READ;
                continue;
            }
            dead[h] = how;
        }
    return swing;
}

// Stones: each string counts for its colour and radiates influence (Black positive), or, when
// judged dead, counts for the other colour and radiates nothing. Stones dead only by reading
// (ladders: a sequence still to be played, which the reader may misjudge) are counted in
// doubt[] for the colour that gains them.
static void count_stones(const GoBoard *b, Influence *f, int area[3], int doubt[3],
                         const uint8_t *dead)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y), c = b->color[p];
            if (c != GO_BLACK && c != GO_WHITE) continue;
            if (dead[b->head[p]]) {
                area[go_other(c)]++;
                doubt[go_other(c)] += dead[b->head[p]] == DEAD_READ;
                continue;
            }
            area[c]++;
            influence_emit(f, grid_index(f, b, p), c == GO_BLACK ? 1 : -1);
        }
}

// A string of three liberties or more in an open zone is taken for dead when the other side's
// influence over its stones is strong: on average at least DEAD_INFLUENCE (a stone hemmed in
// at distance 1 and 2). All such strings are judged on the same influence, then the dead ones
// count for the other side and stop radiating. Their heads are marked in dead[].
#define DEAD_INFLUENCE 10

static void remove_dead(const GoBoard *b, Influence *f, int area[3], uint8_t *dead,
                        const uint8_t *zone)
{
    int ndead = 0, found[GO_MAX_POINTS];
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y), c = b->color[h];
            if ((c != GO_BLACK && c != GO_WHITE) || b->head[h] != h) continue;
            if (dead[h] || zone[h] != GO_ZONE_OPEN) continue;
            const GoString *s = &b->str[h];
            int sign = c == GO_BLACK ? 1 : -1, sum = 0, p = h;
            do {
                sum += f->infl[grid_index(f, b, p)];
                p = b->next[p];
            } while (p != h);
            if (sign * sum <= -DEAD_INFLUENCE * s->stones) found[ndead++] = h;
        }
    for (int i = 0; i < ndead; i++) {
        int h = found[i], c = b->color[h], p = h;
        do {
            influence_emit(f, grid_index(f, b, p), c == GO_BLACK ? -1 : 1);
            p = b->next[p];
        } while (p != h);
        area[c] -= b->str[h].stones;
        area[go_other(c)] += b->str[h].stones;
        dead[h] = DEAD_INFLUENCE_RULE;
    }
}

// Every string's verdict before the influence rule: dead[] by head, from the zones and the
// ladders. Returns the side to move's swing from the ladders.
static int judge_strings(const GoBoard *b, uint8_t *dead, uint8_t *zone)
{
    memset(dead, 0, (size_t)b->cells);
    go_life_zones(b, zone);
    int swing = judge_tactics(b, dead);
    for (int p = 0; p < b->cells; p++)
        if ((b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) && b->head[p] == p &&
            zone[p] == GO_ZONE_DEAD)
            dead[p] = DEAD_ZONE;
    return swing;
}

// Empty regions: a small one-colour region is that colour's area; the points of the others
// are shared by influence. Returns Black's share minus White's, in units.
// The colours an empty region reaches, a dead string counting for the other colour.
static int region_reach(const GoBoard *b, const uint16_t *region, int size, const uint8_t *dead)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int reach = 0;
    for (int i = 0; i < size; i++)
        for (int k = 0; k < 4; k++) {
            int q = region[i] + d[k], c = b->color[q];
            if (c == GO_BLACK || c == GO_WHITE) reach |= dead[b->head[q]] ? go_other(c) : c;
        }
    return reach;
}

static int count_empty(const GoBoard *b, const Influence *f, int area[3], const uint8_t *dead,
                       bool any_dead)
{
    int limit = MAX(4, b->size * b->size / 4), shared = 0;
    uint8_t seen[GO_MAX_CELLS];
    uint16_t region[GO_MAX_POINTS];
    memset(seen, 0, (size_t)b->cells);
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i], reach;
        if (seen[p]) continue;
        int size = go_board_empty_region(b, p, seen, region, &reach);
        if (any_dead) reach = region_reach(b, region, size, dead);
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
    int area[3] = {0, 0, 0}, doubt[3] = {0, 0, 0};
    uint8_t dead[GO_MAX_CELLS], zone[GO_MAX_CELLS];
    int swing = judge_strings(b, dead, zone);
    count_stones(b, &f, area, doubt, dead);
    remove_dead(b, &f, area, dead, zone);
    bool any_dead = false;
    for (int p = 0; p < b->cells && !any_dead; p++) any_dead = dead[p] != 0;
    int shared = count_empty(b, &f, area, dead, any_dead);
    int black = (area[GO_BLACK] - area[GO_WHITE]) * GO_POINT + shared - ctx->komi_units -
                (doubt[GO_BLACK] - doubt[GO_WHITE]) * READ_DOUBT +
                (b->side == GO_BLACK ? swing : -swing);
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

// Every string's verdict, by head in dead[] (nonzero: dead), on every rule the estimate uses.
static void judge_all(const GoBoard *b, uint8_t *dead)
{
    Influence f;
    influence_init(&f, b->size);
    int area[3] = {0, 0, 0}, doubt[3] = {0, 0, 0};
    uint8_t zone[GO_MAX_CELLS];
    judge_strings(b, dead, zone);
    count_stones(b, &f, area, doubt, dead);
    remove_dead(b, &f, area, dead, zone);
}

// Tromp-Taylor's flood fill with the dead strings' points taken as empty: a region of empty
// and dead points counts for the one colour of live stones around it. A string counts as dead
// when it is taken for dead with either side to move: the verdicts give an unsettled string to
// the side not to move, and after two passes either side may start the removal (a lone stone
// that the opponent captures by moving first is not worth the area it touches).
// The count; *neutral tells whether some region of empty and dead points reaches live stones
// of both colours (counted for no one).
static Score fair_count(const GoBoard *b, const GoEvalCtx *ctx, bool *neutral)
{
    uint8_t dead[GO_MAX_CELLS], other[GO_MAX_CELLS], seen[GO_MAX_CELLS];
    uint16_t region[GO_MAX_POINTS];
    judge_all(b, dead);
    GoBoard flipped = *b; // on the stack, as judge_tactics's scratch board: no allocation
    flipped.side = go_other(b->side), flipped.ko = 0;
    judge_all(&flipped, other);
    for (int p = 0; p < b->cells; p++) dead[p] |= other[p];
    memset(seen, 0, (size_t)b->cells);
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int area[3] = {0, 0, 0};
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y), c = b->color[p];
            bool live = (c == GO_BLACK || c == GO_WHITE) && !dead[b->head[p]];
            if (live) area[c]++;
            if (live || seen[p]) continue;
            int size = 0, reach = 0;
            region[size++] = (uint16_t)p, seen[p] = 1;
            for (int head = 0; head < size; head++)
                for (int k = 0; k < 4; k++) {
                    int n = region[head] + d[k], nc = b->color[n];
                    if (nc == GO_OFF || seen[n]) continue;
                    if (nc != GO_EMPTY && !dead[b->head[n]]) {
                        reach |= nc;
                        continue;
                    }
                    seen[n] = 1, region[size++] = (uint16_t)n;
                }
            if (reach == GO_BLACK || reach == GO_WHITE) area[reach] += size;
            if (reach == (GO_BLACK | GO_WHITE)) *neutral = true;
        }
    Score black = go_eval_units(area[GO_BLACK] - area[GO_WHITE] - ctx->komi);
    return b->side == GO_BLACK ? black : -black;
}

Score go_eval_final_fair(const GoBoard *b, const GoEvalCtx *ctx, bool *neutral)
{
    bool any = false;
    Score count = fair_count(b, ctx, &any);
    if (neutral) *neutral = any;
    return count;
}

int go_eval_dead_strings(const GoBoard *b, int colour, int *heads)
{
    int n = 0;
    uint8_t dead[GO_MAX_CELLS];
    judge_all(b, dead);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int h = go_point(b, x, y);
            if (b->color[h] == colour && b->head[h] == h && dead[h]) heads[n++] = h;
        }
    return n;
}

bool go_eval_regions_decided(const GoBoard *b)
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
