// SPDX-License-Identifier: MIT
// Go's prior knowledge (go/prior.h). What depends on the node only (the last move, whether a
// pass is early) is worked out once per expansion; each move then costs a few looks at its
// neighbours: the capture test of the move generator, the escape test of the quiescence
// search, the playout policy's self-atari test and 3x3 pattern table, and at most twelve
// points around it for the empty-area test.
#include "go/prior.h"

#include <stdlib.h>

#include "go/contract.h"
#include "go/patterns.h"
#include "go/policy.h"

PARAMS_DEFINE(GoPriorParams, GO_PRIOR_PARAMS, "go prior", go_prior_params_group,
              go_prior_params_default)

// What every move of one node shares.
typedef struct {
    int last_x, last_y; // the last move's point; last_x < 0 when it was a pass or none
    bool early;         // a pass now would be early
} PriorNode;

static PriorNode prior_node(const GoBoard *b)
{
    PriorNode n = {-1, -1, false};
    if (b->last && b->last != (int)GO_PASS)
        n.last_x = go_point_x(b, b->last), n.last_y = go_point_y(b, b->last);
    n.early = b->passes == 0 && 2 * b->empty_count > b->size * b->size;
    return n;
}

// True when no stone stands within Manhattan distance 2 of point (x, y).
static bool empty_area(const GoBoard *b, int x, int y)
{
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = abs(dy) - 2; dx <= 2 - abs(dy); dx++) {
            int u = x + dx, v = y + dy;
            if (u < 0 || v < 0 || u >= b->size || v >= b->size) continue;
            if (b->color[go_point(b, u, v)] != GO_EMPTY) return false;
        }
    return true;
}

// Every neighbour on the board is an own stone.
static bool own_eye_shape(const GoBoard *b, int p)
{
    return go_nbr_count(b, p, b->side) + go_nbr_count(b, p, GO_OFF) == 4;
}

static unsigned point_features(const GoBoard *b, const GoPriorParams *pp, const PriorNode *n, int p)
{
    unsigned f = 0;
    int x = go_point_x(b, p), y = go_point_y(b, p), edge = b->size - 1;
    if (go_board_move_captures(b, (Move)p)) f |= GO_PRIOR_CAPTURE;
    if (go_move_escapes(b, p)) f |= GO_PRIOR_ESCAPE;
    if (go_policy_self_atari(b, p, pp->prior_selfatari_stones)) f |= GO_PRIOR_SELFATARI;
    if (go_policy_pattern(go_policy_code(b, p))) f |= GO_PRIOR_PATTERN;
    if (n->last_x >= 0 && abs(x - n->last_x) + abs(y - n->last_y) <= pp->prior_near_distance)
        f |= GO_PRIOR_NEAR;
    int line = MIN(MIN(x, y), MIN(edge - x, edge - y));
    bool third = line == 2 || (line == 3 && b->size >= pp->prior_line_fourth_size);
    if ((line < 2 || third) && empty_area(b, x, y))
        f |= line < 2 ? GO_PRIOR_LINE_LOW : GO_PRIOR_LINE_THIRD;
    if (own_eye_shape(b, p) && !(f & GO_PRIOR_ESCAPE)) f |= GO_PRIOR_EYE;
    return f;
}

static unsigned move_features(const GoBoard *b, const GoPriorParams *p, const PriorNode *n, Move m)
{
    if (m == GO_PASS) return n->early ? GO_PRIOR_PASS : 0;
    return point_features(b, p, n, (int)m);
}

unsigned go_prior_features(const GoBoard *b, const GoPriorParams *p, Move m)
{
    PriorNode n = prior_node(b);
    return move_features(b, p, &n, m);
}

static void add(MctsPrior *out, int visits, double rate)
{
    out->visits += (uint32_t)visits;
    out->wins += visits * rate;
}

// Adds the visits of the features f to out.
static void add_features(MctsPrior *out, const GoPriorParams *p, unsigned f)
{
    add(out, p->prior_even, 0.5);
    if (f & GO_PRIOR_CAPTURE) add(out, p->prior_capture, p->prior_capture_rate);
    if (f & GO_PRIOR_ESCAPE) add(out, p->prior_escape, p->prior_escape_rate);
    if (f & GO_PRIOR_SELFATARI) add(out, p->prior_selfatari, p->prior_selfatari_rate);
    if (f & GO_PRIOR_PATTERN) add(out, p->prior_pattern, p->prior_pattern_rate);
    if (f & GO_PRIOR_NEAR) add(out, p->prior_near, p->prior_near_rate);
    if (f & GO_PRIOR_LINE_LOW) add(out, p->prior_line, p->prior_line_low_rate);
    if (f & GO_PRIOR_LINE_THIRD) add(out, p->prior_line, p->prior_line_third_rate);
    if (f & GO_PRIOR_EYE) add(out, p->prior_eye, p->prior_eye_rate);
    if (f & GO_PRIOR_PASS) add(out, p->prior_pass, p->prior_pass_rate);
}

void go_prior_moves(const GoBoard *b, const GoPriorParams *p, const Move *moves, int n,
                    MctsPrior *out)
{
    if (!p->prior) return;
    PriorNode node = prior_node(b);
    const GoPatterns *learned = p->prior_patterns ? go_patterns_builtin() : NULL;
    for (int i = 0; i < n; i++) {
        unsigned f = move_features(b, p, &node, moves[i]);
        add_features(&out[i], p, learned ? f & ~(unsigned)GO_PRIOR_PATTERN : f);
        if (!learned || moves[i] == GO_PASS) continue;
        // The learned pattern in place of the typed-in one: a gamma of 1 (a pattern rarely
        // seen) is an even prior, a strong one a rate near 1.
        double gamma = go_patterns_gamma(learned, go_patterns_code(b, (int)moves[i]));
        add(&out[i], p->prior_pattern, gamma / (1 + gamma));
    }
}
