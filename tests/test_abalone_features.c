// SPDX-License-Identifier: MIT
// The neural net's Abalone features, in both feature sets: a move's feature changes equal the
// difference of the features recomputed from scratch (random games from every layout,
// ejections included, down to the sixth), the two perspectives see the same picture turned
// 180 degrees, the twelve symmetries are symmetries of the rules (same move counts) and of
// the features, and the pair features are those of a naive enumeration of neighbouring cells
// by row and diagonal.
#include <stdlib.h>
#include <string.h>

#include "abalone/features.h"
#include "abalone/eval.h"
#include "abalone/perft.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

#define MAX_INPUTS ABALONE_NET_MAX_INPUTS

// The pair features of perspective p as the header describes them, found the slow way: dense
// cells by row and diagonal, neighbours E (d + 1), NE (r + 1, d + 1) and NW (r + 1).
static int naive_pair_features(const AbaloneBoard *b, int p, int *counts)
{
    int cell_of[9][9], r_of[ABALONE_CELLS], d_of[ABALONE_CELLS], n = 0;
    for (int r = 0; r < 9; r++)
        for (int d = 0; d < 9; d++) {
            cell_of[r][d] = -1;
            if (abs(r - d) <= 4) r_of[n] = r, d_of[n] = d, cell_of[r][d] = n++;
        }
    g_assert_cmpint(n, ==, ABALONE_CELLS);
    int pair = 0, active = 0;
    for (int u = 0; u < ABALONE_CELLS; u++) {
        const int dr[3] = {0, 1, 1}, dd[3] = {1, 1, 0};
        for (int k = 0; k < 3; k++) {
            int r = r_of[u] + dr[k], d = d_of[u] + dd[k];
            if (r > 8 || d > 8 || cell_of[r][d] < 0) continue;
            int v = cell_of[r][d];
            // u and v are viewed cells: Black's view is the board, White's the board turned.
            int real_u = p == ABALONE_BLACK ? u : ABALONE_CELLS - 1 - u;
            int real_v = p == ABALONE_BLACK ? v : ABALONE_CELLS - 1 - v;
            int cu = abalone_board_cell(b, real_u), cv = abalone_board_cell(b, real_v);
            if (cu >= 0 && cv >= 0) {
                counts[ABALONE_NET_INPUTS + 4 * pair + 2 * (cu != p) + (cv != p)]++;
                active++;
            }
            pair++;
        }
    }
    g_assert_cmpint(pair, ==, ABALONE_NET_PAIRS);
    return active;
}

// Feature multiplicities of perspective p in feature set fs (each feature is active at most
// once), checked against the naive pair features.
static void feature_counts(const AbaloneBoard *b, int p, AbaloneFeatures fs, int *counts)
{
    uint16_t f[ABALONE_NET_MAX_ACTIVE];
    int inputs = abalone_features_inputs(fs);
    memset(counts, 0, sizeof(int) * MAX_INPUTS);
    int n = abalone_net_features_of(b, p, fs, f);
    int expected = abalone_popcount(b->bb[0] | b->bb[1]) + 2;
    if (fs == ABALONE_FEATURES_PAIRS) {
        int naive[MAX_INPUTS] = {0};
        expected += naive_pair_features(b, p, naive);
        for (int i = 0; i < n; i++)
            if (f[i] >= ABALONE_NET_INPUTS) naive[f[i]]--;
        for (int i = ABALONE_NET_INPUTS; i < MAX_INPUTS; i++) g_assert_cmpint(naive[i], ==, 0);
    }
    g_assert_cmpint(n, ==, expected);
    g_assert_cmpint(n, <=, ABALONE_NET_MAX_ACTIVE);
    for (int i = 0; i < n; i++) {
        g_assert_cmpint(f[i], <, inputs);
        counts[f[i]]++;
        g_assert_cmpint(counts[f[i]], ==, 1);
    }
}

static void check_delta(AbaloneFeatures fs)
{
    GRand *r = test_rand();
    int games = TEST_SCALED(200), ejections = 0, finished = 0, most = 0;
    for (int g = 0; g < games; g++) {
        AbaloneBoard b;
        abalone_board_set_layout(&b, abalone_layout_name(g % abalone_layout_count()));
        for (int ply = 0; ply < 400 && !abalone_board_decided(&b); ply++) {
            Move m = test_random_ejecting_move(&b, r);
            if (m == MOVE_NONE) break;
            static int before[2][MAX_INPUTS], after[2][MAX_INPUTS];
            for (int p = 0; p < 2; p++) feature_counts(&b, p, fs, before[p]);
            AbaloneNetDelta d;
            abalone_net_delta_of(&b, m, fs, &d);
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
            ejections += ABALONE_MOVE_EJECTS(m);
            for (int p = 0; p < 2; p++) {
                feature_counts(&b, p, fs, after[p]);
                g_assert_cmpint(d.nadd[p], <=, ABALONE_NET_MAX_CHANGES);
                g_assert_cmpint(d.nsub[p], <=, ABALONE_NET_MAX_CHANGES);
                most = MAX(most, MAX(d.nadd[p], d.nsub[p]));
                for (int i = 0; i < d.nsub[p]; i++) before[p][d.sub[p][i]]--;
                for (int i = 0; i < d.nadd[p]; i++) before[p][d.add[p][i]]++;
                for (int f = 0; f < MAX_INPUTS; f++) g_assert_cmpint(before[p][f], ==, after[p][f]);
            }
        }
        finished += abalone_board_decided(&b);
    }
    g_assert_cmpint(ejections, >, games * 3);
    g_assert_cmpint(finished, >, games / 4);
    // The pair set changes far more features a move than the cell set (3 at most each way).
    int least_most = fs == ABALONE_FEATURES_PAIRS ? 8 : 2;
    g_assert_cmpint(most, >, least_most);
    g_rand_free(r);
}

static void test_delta(void)
{
    check_delta(ABALONE_FEATURES_CELLS);
}

static void test_delta_pairs(void)
{
    check_delta(ABALONE_FEATURES_PAIRS);
}

// White's view is Black's turned 180 degrees with the colours exchanged.
static void test_perspectives(void)
{
    GRand *r = test_rand();
    AbaloneBoard b;
    abalone_board_set_layout(&b, "belgian");
    for (int ply = 0; ply < 60; ply++) {
        AbaloneBoard turned;
        abalone_board_symmetry(&b, 3, &turned);
        AbaloneBoard swapped = turned;
        swapped.bb[0] = turned.bb[1];
        swapped.bb[1] = turned.bb[0];
        for (int fs = 0; fs < ABALONE_FEATURE_SETS; fs++) {
            static int black[MAX_INPUTS], white[MAX_INPUTS];
            feature_counts(&b, ABALONE_WHITE, fs, white);
            feature_counts(&swapped, ABALONE_BLACK, fs, black);
            for (int f = 0; f < MAX_INPUTS; f++) g_assert_cmpint(white[f], ==, black[f]);
        }
        Move m = test_random_ejecting_move(&b, r);
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    g_rand_free(r);
}

static void check_symmetries(AbaloneFeatures fs)
{
    int inputs = abalone_features_inputs(fs);
    uint16_t *perm = g_new(uint16_t, (gsize)ABALONE_NET_SYMMETRIES * (gsize)inputs);
    abalone_net_symmetries_of(fs, perm);
    for (int f = 0; f < inputs; f++) g_assert_cmpint(perm[f], ==, f);
    for (int k = 0; k < ABALONE_NET_SYMMETRIES; k++) {
        const uint16_t *q = perm + k * inputs;
        int seen[MAX_INPUTS] = {0};
        for (int f = 0; f < inputs; f++) seen[q[f]]++;
        for (int f = 0; f < inputs; f++) g_assert_cmpint(seen[f], ==, 1);
        for (int j = 0; j < k; j++)
            g_assert_cmpint(memcmp(perm + j * inputs, q, sizeof *q * (size_t)inputs), !=, 0);
    }
    if (fs == ABALONE_FEATURES_CELLS) { // the old interface gives the same permutations
        static uint16_t old[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS];
        abalone_net_symmetries(old);
        g_assert_cmpint(memcmp(old, perm, sizeof old), ==, 0);
    }
    GRand *r = test_rand();
    AbaloneBoard b;
    abalone_board_set_layout(&b, "german");
    for (int ply = 0; ply < 40; ply++) {
        uint64_t moves = abalone_perft(&b, 2);
        for (int k = 0; k < ABALONE_NET_SYMMETRIES; k++) {
            AbaloneBoard s;
            abalone_board_symmetry(&b, k, &s);
            g_assert_cmpuint(abalone_perft(&s, 2), ==, moves);
            for (int p = 0; p < 2; p++) {
                static int mine[MAX_INPUTS], image[MAX_INPUTS], mapped[MAX_INPUTS];
                feature_counts(&b, p, fs, mine);
                feature_counts(&s, p, fs, image);
                memset(mapped, 0, sizeof mapped);
                for (int f = 0; f < inputs; f++) mapped[perm[k * inputs + f]] += mine[f];
                for (int f = 0; f < MAX_INPUTS; f++) g_assert_cmpint(mapped[f], ==, image[f]);
            }
        }
        Move m = test_random_ejecting_move(&b, r);
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    g_rand_free(r);
    g_free(perm);
}

static void test_symmetries(void)
{
    check_symmetries(ABALONE_FEATURES_CELLS);
}

static void test_symmetries_pairs(void)
{
    check_symmetries(ABALONE_FEATURES_PAIRS);
}

static void test_sets(void)
{
    g_assert_cmpint(abalone_features_find("abalone-cells-v1"), ==, ABALONE_FEATURES_CELLS);
    g_assert_cmpint(abalone_features_find("abalone-pairs-v1"), ==, ABALONE_FEATURES_PAIRS);
    g_assert_cmpint(abalone_features_find("abalone-v1"), ==, -1);
    g_assert_cmpint(abalone_features_inputs(ABALONE_FEATURES_PAIRS), ==, 758);
    // The standard layout: 27 pairs of neighbouring marbles a side, none between the sides.
    AbaloneBoard start;
    abalone_board_set_layout(&start, "standard");
    uint16_t g[ABALONE_NET_MAX_ACTIVE];
    g_assert_cmpint(abalone_net_features_of(&start, ABALONE_WHITE, ABALONE_FEATURES_PAIRS, g), ==,
                    28 + 2 + 54);
    // 28 marbles filling the middle rows: many pairs, within the bound of 65.
    AbaloneBoard b;
    abalone_board_clear(&b);
    for (int c = 0; c < 28; c++) abalone_board_set_cell(&b, 16 + c, c % 2);
    uint16_t f[ABALONE_NET_MAX_ACTIVE];
    int n = abalone_net_features_of(&b, ABALONE_BLACK, ABALONE_FEATURES_PAIRS, f);
    g_assert_cmpint(n, <=, 95);
    g_assert_cmpint(n, >, 28 + 2 + 40);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_features_init();
    g_test_add_func("/abalone/features/delta", test_delta);
    g_test_add_func("/abalone/features/delta-pairs", test_delta_pairs);
    g_test_add_func("/abalone/features/perspectives", test_perspectives);
    g_test_add_func("/abalone/features/symmetries", test_symmetries);
    g_test_add_func("/abalone/features/symmetries-pairs", test_symmetries_pairs);
    g_test_add_func("/abalone/features/sets", test_sets);
    return g_test_run();
}
