// SPDX-License-Identifier: MIT
// Go's net features on 9x9: the features of random positions against a naive recomputation
// from the board's colours (liberties by flood fill), the two perspectives, the eight
// symmetries of the square as symmetries of the features, the playout labels (the same for a
// seed, exact on a position where no move is left), and the net's evaluation (komi, 9x9 only).
#include <stdlib.h>
#include <string.h>

#include "go/contract.h"
#include "go/eval.h"
#include "go/features.h"
#include "go/movegen.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

#define N GO_NET_SIZE

// Liberties of the string through i on a naive grid (index y * N + x), by flood fill.
static int naive_liberties(const uint8_t *grid, int i)
{
    bool seen[GO_NET_POINTS] = {false}, lib[GO_NET_POINTS] = {false};
    int stack[GO_NET_POINTS], top = 0, libs = 0;
    stack[top++] = i;
    seen[i] = true;
    while (top > 0) {
        int p = stack[--top], x = p % N, y = p / N;
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || ny < 0 || nx >= N || ny >= N) continue;
            int q = ny * N + nx;
            if (grid[q] == 0 && !lib[q]) {
                lib[q] = true;
                libs++;
            } else if (grid[q] == grid[i] && !seen[q]) {
                seen[q] = true;
                stack[top++] = q;
            }
        }
    }
    return libs;
}

// The features of perspective colour as go/features.h describes them, as a 0/1 vector.
static void naive_features(const GoBoard *b, int colour, uint8_t *on)
{
    uint8_t grid[GO_MAX_POINTS]; // go_test_grid fills that many
    go_test_grid(b, grid);
    memset(on, 0, GO_NET_INPUTS);
    for (int i = 0; i < GO_NET_POINTS; i++) {
        if (!grid[i]) continue;
        int libs = naive_liberties(grid, i), bucket = (libs < 4 ? libs : 4) - 1;
        on[((grid[i] == colour ? 0 : 4) + bucket) * GO_NET_POINTS + i] = 1;
    }
    on[GO_NET_COLOUR + (colour == GO_WHITE)] = 1;
}

static void check_features(const GoBoard *b, int colour)
{
    uint16_t f[GO_NET_POINTS + 1];
    uint8_t want[GO_NET_INPUTS], got[GO_NET_INPUTS] = {0};
    int n = go_net_features(b, colour, f);
    g_assert_cmpint(n, <=, GO_NET_POINTS + 1);
    for (int i = 0; i < n; i++) {
        g_assert_cmpint(f[i], <, GO_NET_INPUTS);
        if (i > 0) g_assert_cmpint(f[i - 1], <, f[i]);
        got[f[i]] = 1;
    }
    naive_features(b, colour, want);
    g_assert_cmpmem(got, GO_NET_INPUTS, want, GO_NET_INPUTS);
}

// A random 9x9 position a random number of moves into a game.
static void random_position(GoBoard *b, GRand *rng)
{
    go_board_init(b, N);
    GoRandomBias bias = {0, 0.3, 0};
    int plies = g_rand_int_range(rng, 0, 2 * GO_NET_POINTS);
    for (int i = 0; i < plies && !go_board_game_over(b); i++)
        go_board_play(b, go_test_random_move(b, rng, &bias), NULL);
}

static void test_features_naive(void)
{
    GRand *rng = test_rand();
    long stones = 0, buckets[4] = {0};
    for (int game = 0; game < TEST_SCALED(400); game++) {
        GoBoard b;
        random_position(&b, rng);
        check_features(&b, GO_BLACK);
        check_features(&b, GO_WHITE);
        uint16_t f[GO_NET_POINTS + 1];
        int n = go_net_features(&b, b.side, f);
        stones += n - 1;
        for (int i = 0; i < n - 1; i++) buckets[(f[i] / GO_NET_POINTS) % 4]++;
    }
    // The positions reached every liberty bucket.
    g_assert_cmpint(stones, >, 1000);
    for (int k = 0; k < 4; k++) g_assert_cmpint(buckets[k], >, 0);
    g_rand_free(rng);
}

static void test_features_examples(void)
{
    GoBoard b;
    go_board_init(&b, N);
    uint16_t f[GO_NET_POINTS + 1];
    g_assert_cmpint(go_net_features(&b, GO_BLACK, f), ==, 1);
    g_assert_cmpint(f[0], ==, GO_NET_COLOUR);
    g_assert_cmpint(go_net_features(&b, GO_WHITE, f), ==, 1);
    g_assert_cmpint(f[0], ==, GO_NET_COLOUR + 1);
    // Black E5 (4 liberties, bucket 3), White A1 (2 liberties, bucket 1).
    go_board_play(&b, (Move)go_point(&b, 4, 4), NULL);
    go_board_play(&b, (Move)go_point(&b, 0, 0), NULL);
    g_assert_cmpint(go_net_features(&b, GO_BLACK, f), ==, 3);
    g_assert_cmpint(f[0], ==, 3 * GO_NET_POINTS + 40);
    g_assert_cmpint(f[1], ==, 5 * GO_NET_POINTS + 0);
    g_assert_cmpint(f[2], ==, GO_NET_COLOUR);
    g_assert_cmpint(go_net_features(&b, GO_WHITE, f), ==, 3);
    g_assert_cmpint(f[0], ==, 1 * GO_NET_POINTS + 0);
    g_assert_cmpint(f[1], ==, 7 * GO_NET_POINTS + 40);
    g_assert_cmpint(f[2], ==, GO_NET_COLOUR + 1);
}

// Each permutation is one, the first the identity, and the features of a turned board are
// the permuted features of the board.
static void test_symmetries(void)
{
    static uint16_t perm[GO_NET_SYMMETRIES * GO_NET_INPUTS];
    go_net_symmetry_perms(perm);
    for (int k = 0; k < GO_NET_SYMMETRIES; k++) {
        uint8_t hit[GO_NET_INPUTS] = {0};
        for (int i = 0; i < GO_NET_INPUTS; i++) {
            uint16_t v = perm[k * GO_NET_INPUTS + i];
            g_assert_cmpint(v, <, GO_NET_INPUTS);
            g_assert_false(hit[v]);
            hit[v] = 1;
            if (k == 0) g_assert_cmpint(v, ==, i);
        }
    }
    GRand *rng = test_rand();
    for (int game = 0; game < TEST_SCALED(100); game++) {
        GoBoard b;
        random_position(&b, rng);
        for (int k = 1; k < GO_NET_SYMMETRIES; k++) {
            GoBoard t;
            go_board_init(&t, N);
            for (int y = 0; y < N; y++) {
                for (int x = 0; x < N; x++) {
                    int c = b.color[go_point(&b, x, y)], sx, sy;
                    go_symmetry_point(N, k, x, y, &sx, &sy);
                    if (c != GO_EMPTY) go_board_set_stone(&t, go_point(&t, sx, sy), c);
                }
            }
            for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
                uint16_t f[GO_NET_POINTS + 1], g[GO_NET_POINTS + 1];
                int n = go_net_features(&b, colour, f), m = go_net_features(&t, colour, g);
                g_assert_cmpint(n, ==, m);
                uint8_t want[GO_NET_INPUTS] = {0}, got[GO_NET_INPUTS] = {0};
                for (int i = 0; i < n; i++) want[perm[k * GO_NET_INPUTS + f[i]]] = 1;
                for (int i = 0; i < m; i++) got[g[i]] = 1;
                g_assert_cmpmem(got, GO_NET_INPUTS, want, GO_NET_INPUTS);
            }
        }
    }
    g_rand_free(rng);
}

static void test_playout_label(void)
{
    // Black everywhere but three true eyes, White to move: White cannot play, Black will not
    // fill its eyes, and every playout counts the board Black's: 81 - 7.5 points.
    GoBoard b;
    go_board_init(&b, N);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            if (!((x == 1 && y == 1) || (x == 4 && y == 4) || (x == 7 && y == 7)))
                go_board_set_stone(&b, go_point(&b, x, y), GO_BLACK);
    b.side = GO_WHITE;
    g_assert_cmpint(go_net_playout_label(&b, 16, 1, 7.5), ==, -(81 * 2 - 15) * GO_POINT / 2);
    b.side = GO_BLACK;
    g_assert_cmpint(go_net_playout_label(&b, 16, 1, 7.5), ==, (81 * 2 - 15) * GO_POINT / 2);
    // On the empty board: the same for a seed, another for another seed (almost surely), the
    // board left as it was, and within the range of a count.
    GoBoard e, copy;
    go_board_init(&e, N);
    memcpy(&copy, &e, sizeof e);
    Score a = go_net_playout_label(&e, 64, 7, 7.5), a2 = go_net_playout_label(&e, 64, 7, 7.5);
    Score c = go_net_playout_label(&e, 64, 8, 7.5);
    g_assert_cmpint(a, ==, a2);
    g_assert_cmpint(a, !=, c);
    g_assert_cmpint(abs(a), <=, 89 * GO_POINT);
    g_assert_true(go_board_same_position(&e, &copy));
    g_assert_cmpint(go_net_playout_label(&e, 0, 7, 7.5), ==, 0);
}

// A net that answers 1000 whatever the position: the komi's difference from the net's is
// added for Black; boards other than 9x9 keep the handcrafted evaluation.
static void test_net_evaluate(void)
{
    Net n;
    net_init(&n, GO_NET_FEATURE_SET, GO_NET_INPUTS, 1000, NULL);
    n.b4 = NET_QA * NET_QW;
    GoBoard b;
    go_board_init(&b, N);
    g_assert_cmpint(go_net_evaluate(&n, &b, GO_NET_KOMI), ==, 1000);
    g_assert_cmpint(go_net_evaluate(&n, &b, 0.5), ==, 1000 + 7 * GO_POINT);
    go_board_play(&b, (Move)go_point(&b, 4, 4), NULL);
    g_assert_cmpint(go_net_evaluate(&n, &b, 0.5), ==, 1000 - 7 * GO_POINT);
    GoEvalCtx ctx, plain;
    go_eval_ctx_init(&ctx, 7.5, 0);
    go_eval_ctx_init(&plain, 7.5, 0);
    g_assert_null(ctx.net);
    ctx.net = &n;
    // The contract's estimate is the net's on 9x9; the handcrafted evaluation never is.
    g_assert_cmpint(go_estimate(&b, &ctx), ==, 1000);
    g_assert_cmpint(go_estimate(&b, &plain), !=, 1000);
    g_assert_cmpint(go_evaluate(&b, &ctx), ==, go_evaluate(&b, &plain));
    GoBoard big;
    go_board_init(&big, 13);
    go_board_play(&big, (Move)go_point(&big, 6, 6), NULL);
    g_assert_cmpint(go_estimate(&big, &ctx), ==, go_estimate(&big, &plain));
    net_free(&n);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/features/examples", test_features_examples);
    g_test_add_func("/go/features/naive", test_features_naive);
    g_test_add_func("/go/features/symmetries", test_symmetries);
    g_test_add_func("/go/features/playout-label", test_playout_label);
    g_test_add_func("/go/features/net-evaluate", test_net_evaluate);
    return g_test_run();
}
