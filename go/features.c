// SPDX-License-Identifier: MIT
// Go's net features on 9x9, their symmetries, and the playout labels of its training data.
#include "go/features.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "go/playout.h"
#include "go/reading.h"
#include "go/units.h"

int go_net_features(const GoBoard *b, int colour, uint16_t *out)
{
    int8_t bucket_of[GO_MAX_CELLS]; // per string head, -1 until counted
    memset(bucket_of, -1, sizeof bucket_of);
    int n = 0;
    for (int y = 0; y < GO_NET_SIZE; y++) {
        for (int x = 0; x < GO_NET_SIZE; x++) {
            int p = go_point(b, x, y), c = b->color[p];
            if (c != GO_BLACK && c != GO_WHITE) continue;
            int h = b->head[p];
            if (bucket_of[h] < 0) {
                int libs[GO_NET_LIB_BUCKETS];
                bucket_of[h] = (int8_t)(go_string_libs(b, p, libs, GO_NET_LIB_BUCKETS) - 1);
            }
            int block = (c == colour ? 0 : GO_NET_LIB_BUCKETS) + bucket_of[h];
            out[n++] = (uint16_t)(block * GO_NET_POINTS + y * GO_NET_SIZE + x);
        }
    }
    // Indices grow with the block, not with the point: sort the few stones' features.
    for (int i = 1; i < n; i++) {
        uint16_t v = out[i];
        int j = i;
        for (; j > 0 && out[j - 1] > v; j--) out[j] = out[j - 1];
        out[j] = v;
    }
    out[n++] = (uint16_t)(GO_NET_COLOUR + (colour == GO_WHITE));
    return n;
}

void go_symmetry_point(int n, int k, int x, int y, int *sx, int *sy)
{
    if (k & 4) {
        int t = x;
        x = y;
        y = t;
    }
    if (k & 1) x = n - 1 - x;
    if (k & 2) y = n - 1 - y;
    *sx = x;
    *sy = y;
}

void go_net_symmetry_perms(uint16_t *perm)
{
    for (int k = 0; k < GO_NET_SYMMETRIES; k++) {
        uint16_t *q = perm + (size_t)k * GO_NET_INPUTS;
        for (int i = 0; i < GO_NET_COLOUR; i++) {
            int block = i / GO_NET_POINTS, p = i % GO_NET_POINTS, sx, sy;
            go_symmetry_point(GO_NET_SIZE, k, p % GO_NET_SIZE, p / GO_NET_SIZE, &sx, &sy);
            q[i] = (uint16_t)(block * GO_NET_POINTS + sy * GO_NET_SIZE + sx);
        }
        q[GO_NET_COLOUR] = GO_NET_COLOUR;
        q[GO_NET_COLOUR + 1] = GO_NET_COLOUR + 1;
    }
}

Score go_net_evaluate(const Net *net, const GoBoard *b, double komi)
{
    NetAccumulator acc;
    uint16_t f[GO_NET_POINTS + 1];
    for (int p = 0; p < 2; p++) {
        int n = go_net_features(b, p ? go_other(b->side) : b->side, f);
        net_acc_refresh(net, &acc, p, f, n);
    }
    double black = (GO_NET_KOMI - komi) * GO_POINT;
    double s = net_evaluate(net, &acc, 0) + (b->side == GO_BLACK ? black : -black);
    double limit = SCORE_MATE_BOUND - 1;
    return (Score)lround(s > limit ? limit : s < -limit ? -limit : s);
}

Score go_net_playout_label(const GoBoard *b, int playouts, uint64_t seed, double komi)
{
    Rng rng;
    rng_seed(&rng, seed);
    GoBoard *scratch = g_new(GoBoard, 1);
    int cap = 3 * b->size * b->size;
    double sum = 0;
    for (int i = 0; i < playouts; i++) {
        go_board_copy_position(scratch, b);
        sum += go_playout(scratch, NULL, &rng, cap, komi).score;
    }
    g_free(scratch);
    Score black = go_eval_units(playouts > 0 ? sum / playouts : 0);
    return b->side == GO_BLACK ? black : -black;
}
