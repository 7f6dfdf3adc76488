// SPDX-License-Identifier: MIT
// The neural net's Abalone features: a move's feature changes equal the difference of the
// features recomputed from scratch (random games from every layout, ejections included, down
// to the sixth), the two perspectives see the same picture turned 180 degrees, and the twelve
// symmetries are symmetries of the rules (same move counts) and of the features.
#include <string.h>

#include "abalone/features.h"
#include "abalone/eval.h"
#include "abalone/perft.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

// Feature multiplicities of perspective p (each feature is active at most once).
static void feature_counts(const AbaloneBoard *b, int p, int counts[ABALONE_NET_INPUTS])
{
    uint16_t f[ABALONE_CELLS + 2];
    memset(counts, 0, sizeof(int) * ABALONE_NET_INPUTS);
    int n = abalone_net_features(b, p, f);
    g_assert_cmpint(n, ==, abalone_popcount(b->bb[0] | b->bb[1]) + 2);
    for (int i = 0; i < n; i++) {
        g_assert_cmpint(f[i], <, ABALONE_NET_INPUTS);
        counts[f[i]]++;
        g_assert_cmpint(counts[f[i]], ==, 1);
    }
}

static void test_delta(void)
{
    GRand *r = test_rand();
    int games = TEST_SCALED(200), ejections = 0, finished = 0;
    for (int g = 0; g < games; g++) {
        AbaloneBoard b;
        abalone_board_set_layout(&b, abalone_layout_name(g % abalone_layout_count()));
        for (int ply = 0; ply < 400 && !abalone_board_decided(&b); ply++) {
            Move m = test_random_ejecting_move(&b, r);
            if (m == MOVE_NONE) break;
            int before[2][ABALONE_NET_INPUTS], after[2][ABALONE_NET_INPUTS];
            for (int p = 0; p < 2; p++) feature_counts(&b, p, before[p]);
            AbaloneNetDelta d;
            abalone_net_delta(&b, m, &d);
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
            ejections += ABALONE_MOVE_EJECTS(m);
            for (int p = 0; p < 2; p++) {
                feature_counts(&b, p, after[p]);
                g_assert_cmpint(d.nadd[p], <=, ABALONE_NET_MAX_CHANGES);
                g_assert_cmpint(d.nsub[p], <=, ABALONE_NET_MAX_CHANGES);
                for (int i = 0; i < d.nsub[p]; i++) before[p][d.sub[p][i]]--;
                for (int i = 0; i < d.nadd[p]; i++) before[p][d.add[p][i]]++;
                for (int f = 0; f < ABALONE_NET_INPUTS; f++)
                    g_assert_cmpint(before[p][f], ==, after[p][f]);
            }
        }
        finished += abalone_board_decided(&b);
    }
    g_assert_cmpint(ejections, >, games * 3);
    g_assert_cmpint(finished, >, games / 4);
    g_rand_free(r);
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
        int black[ABALONE_NET_INPUTS], white[ABALONE_NET_INPUTS];
        feature_counts(&b, ABALONE_WHITE, white);
        feature_counts(&swapped, ABALONE_BLACK, black);
        for (int f = 0; f < ABALONE_NET_INPUTS; f++) g_assert_cmpint(white[f], ==, black[f]);
        Move m = test_random_ejecting_move(&b, r);
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    g_rand_free(r);
}

static void test_symmetries(void)
{
    static uint16_t perm[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS];
    abalone_net_symmetries(perm);
    for (int f = 0; f < ABALONE_NET_INPUTS; f++) g_assert_cmpint(perm[0][f], ==, f);
    for (int k = 0; k < ABALONE_NET_SYMMETRIES; k++) {
        int seen[ABALONE_NET_INPUTS] = {0};
        for (int f = 0; f < ABALONE_NET_INPUTS; f++) seen[perm[k][f]]++;
        for (int f = 0; f < ABALONE_NET_INPUTS; f++) g_assert_cmpint(seen[f], ==, 1);
        for (int j = 0; j < k; j++)
            g_assert_cmpint(memcmp(perm[j], perm[k], sizeof perm[k]), !=, 0);
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
                int mine[ABALONE_NET_INPUTS], image[ABALONE_NET_INPUTS], mapped[ABALONE_NET_INPUTS];
                feature_counts(&b, p, mine);
                feature_counts(&s, p, image);
                memset(mapped, 0, sizeof mapped);
                for (int f = 0; f < ABALONE_NET_INPUTS; f++) mapped[perm[k][f]] += mine[f];
                for (int f = 0; f < ABALONE_NET_INPUTS; f++)
                    g_assert_cmpint(mapped[f], ==, image[f]);
            }
        }
        Move m = test_random_ejecting_move(&b, r);
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/features/delta", test_delta);
    g_test_add_func("/abalone/features/perspectives", test_perspectives);
    g_test_add_func("/abalone/features/symmetries", test_symmetries);
    return g_test_run();
}
