// SPDX-License-Identifier: MIT
// Go's playout policy (go/policy.h): every move it plays is legal by the naive rules of
// tests/go_naive.c and fills no own eye, over thousands of random positions on 9x9 and 19x19;
// its stages on hand-made boards (the atari answer captures or escapes, a large self-atari is
// refused, the nakade point is found, a pattern move is one of the points that fit); the
// pattern table is the same under the eight symmetries and the colour swap; a heavy playout
// ends and is counted by area with komi.
#include <string.h>

#include "go/movegen.h"
#include "go/notation.h"
#include "go/policy.h"
#include "tests/go_naive.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

// The heavy policy with every stage at probability 0 but the ones named, at 1 (words among
// "atari capture lowlib pattern nakade selfatari").
static GoPlayoutParams stages(const char *names)
{
    GoPlayoutParams p;
    go_playout_params_default(&p);
    p.playout_policy = GO_PLAYOUT_HEAVY;
    char **w = g_strsplit(names, " ", -1);
    p.playout_atari = g_strv_contains((const char *const *)w, "atari");
    p.playout_capture = g_strv_contains((const char *const *)w, "capture");
    p.playout_lowlib = g_strv_contains((const char *const *)w, "lowlib");
    p.playout_pattern = g_strv_contains((const char *const *)w, "pattern");
    p.playout_nakade = g_strv_contains((const char *const *)w, "nakade");
    p.playout_selfatari = g_strv_contains((const char *const *)w, "selfatari");
    g_strfreev(w);
    return p;
}

static int at(const GoBoard *b, const char *vertex)
{
    GError *err = NULL;
    Move m = go_vertex_parse(b, vertex, &err);
    g_assert_no_error(err);
    return (int)m;
}

// A board of the given size with Black's and White's stones (space-separated vertices), then
// `last` played by `mover` (NULL: no last move, mover to play).
static void setup(GoBoard *b, int size, const char *black, const char *white, int mover,
                  const char *last)
{
    go_board_init(b, size);
    const char *lists[2] = {black, white};
    for (int c = 0; c < 2; c++) {
        char **v = g_strsplit(lists[c], " ", -1);
        for (int i = 0; v[i]; i++)
            if (*v[i]) go_board_set_stone(b, at(b, v[i]), GO_BLACK + c);
        g_strfreev(v);
    }
    b->side = mover;
    if (!last) return;
    g_assert_true(go_board_is_legal(b, (Move)at(b, last)));
    go_board_play(b, (Move)at(b, last), NULL);
}

// How often each point is the policy's move over n draws from copies of b.
static void draw_counts(const GoBoard *b, const GoPlayoutParams *p, int n, int *counts)
{
    Rng rng;
    rng_seed(&rng, g_test_rand_int());
    memset(counts, 0, sizeof(int) * (GO_PASS + 1));
    GoBoard c;
    for (int i = 0; i < n; i++) {
        go_board_copy_position(&c, b);
        counts[go_policy_move(&c, p, &rng)]++;
    }
}

// The board's last move: set by play (a point or GO_PASS), restored by undo, cleared by setup.
static void test_last_move(void)
{
    GoBoard b;
    go_board_init(&b, 9);
    g_assert_cmpint(b.last, ==, 0);
    GoUndo u1, u2;
    go_board_play(&b, (Move)at(&b, "E5"), &u1);
    g_assert_cmpint(b.last, ==, at(&b, "E5"));
    go_board_play(&b, GO_PASS, &u2);
    g_assert_cmpint(b.last, ==, (int)GO_PASS);
    go_board_undo(&b, GO_PASS, &u2);
    g_assert_cmpint(b.last, ==, at(&b, "E5"));
    go_board_undo(&b, (Move)at(&b, "E5"), &u1);
    g_assert_cmpint(b.last, ==, 0);
    go_board_play(&b, (Move)at(&b, "E5"), NULL);
    go_board_set_stone(&b, at(&b, "C3"), GO_WHITE);
    g_assert_cmpint(b.last, ==, 0);
}

// How often the policy plays vertex in n draws from copies of b.
static int times_played(const GoBoard *b, const GoPlayoutParams *p, int n, const char *vertex)
{
    int counts[GO_PASS + 1];
    draw_counts(b, p, n, counts);
    return counts[at(b, vertex)];
}

// Black D4 put in atari by White D5, which is itself in atari; the extension at D3 has no
// liberty: the answer is the capture at D6, every time.
static void test_atari_capture(void)
{
    GoBoard b;
    setup(&b, 7, "D4 C5 E5", "C4 E4 C3 E3 D2", GO_WHITE, "D5");
    GoPlayoutParams p = stages("atari");
    g_assert_cmpint(times_played(&b, &p, 200, "D6"), ==, 200);
    // Without the stage the capture is one random move among many.
    p.playout_atari = 0;
    g_assert_cmpint(times_played(&b, &p, 200, "D6"), <, 100);
}

// Black D4 put in atari by White D5, which has three liberties: the extension at D3 gains
// three; with White on C3 and E3 it would have one (D2), and the stage has no answer.
static void test_atari_escape(void)
{
    GoBoard b;
    setup(&b, 7, "D4", "C4 E4", GO_WHITE, "D5");
    GoPlayoutParams p = stages("atari");
    g_assert_cmpint(times_played(&b, &p, 200, "D3"), ==, 200);
    setup(&b, 7, "D4", "C4 E4 C3 E3", GO_WHITE, "D5");
    g_assert_cmpint(times_played(&b, &p, 200, "D3"), <, 100);
}

// Black D4 put in atari by White E4, with White on C4, D5 and C3: extending at D3 gives two
// liberties, and White's ataris chase the string down to the edge. Read as a ladder the
// extension is no answer; not read, it is the only one. A Black stone on F3, in the ladder's
// path, breaks it, and the extension is played every time again.
static void test_atari_ladder(void)
{
    GoBoard b;
    setup(&b, 9, "D4", "C4 D5 C3", GO_WHITE, "E4");
    GoPlayoutParams p = stages("atari");
    g_assert_cmpint(times_played(&b, &p, 200, "D3"), ==, 200);
    p.playout_ladder = 1;
    g_assert_cmpint(times_played(&b, &p, 200, "D3"), <, 100);
    setup(&b, 9, "D4 F3", "C4 D5 C3", GO_WHITE, "E4");
    g_assert_cmpint(times_played(&b, &p, 200, "D3"), ==, 200);
    // The reading takes its moves back and keeps the list of strings in atari that the
    // capture stage after it reads: White's A9, in atari far from the last move, is taken.
    setup(&b, 9, "D4 B9", "C4 D5 C3 A9", GO_WHITE, "E4");
    p = stages("atari capture");
    p.playout_ladder = 1;
    g_assert_cmpint(times_played(&b, &p, 200, "A8"), ==, 200);
}

// Black's D5-E5, its liberties cut to D4 and E4 by White's F5: extending at E4 gives it three,
// at D4 (White on C4 and D3) one, so the stage plays E4 every time; without those two White
// stones both extensions gain three and the stage plays one or the other.
static void test_lowlib_extend(void)
{
    GoBoard b;
    setup(&b, 9, "D5 E5", "D6 E6 C5 C4 D3", GO_WHITE, "F5");
    GoPlayoutParams p = stages("lowlib");
    g_assert_cmpint(times_played(&b, &p, 200, "E4"), ==, 200);
    setup(&b, 9, "D5 E5", "D6 E6 C5", GO_WHITE, "F5");
    int counts[GO_PASS + 1];
    draw_counts(&b, &p, 400, counts);
    g_assert_cmpint(counts[at(&b, "D4")] + counts[at(&b, "E4")], ==, 400);
    g_assert_cmpint(counts[at(&b, "D4")], >, 100);
    g_assert_cmpint(counts[at(&b, "E4")], >, 100);
    // Without the stage the extension is one random move among many.
    p.playout_lowlib = 0;
    g_assert_cmpint(times_played(&b, &p, 200, "E4"), <, 100);
}

// Black's E5, just played between White's D5 and E6, has two liberties, E4 and F5. With White
// on D4 and E3, Black extending at E4 would have one liberty: White's atari at F5 takes the
// stone and is played every time, the atari at E4 lets it run out at F5 and is not. Without D4
// and E3 either atari lets it run to three liberties, and the stage has no move.
static void test_lowlib_atari(void)
{
    GoBoard b;
    setup(&b, 9, "", "D5 E6 D4 E3", GO_BLACK, "E5");
    GoPlayoutParams p = stages("lowlib");
    g_assert_cmpint(times_played(&b, &p, 200, "F5"), ==, 200);
    setup(&b, 9, "", "D5 E6", GO_BLACK, "E5");
    g_assert_cmpint(times_played(&b, &p, 200, "F5"), <, 100);
    g_assert_cmpint(times_played(&b, &p, 200, "E4"), <, 100);
}

// A capture near the last move, then the largest anywhere, the first in board order among equals.
static void test_capture(void)
{
    GoBoard b;
    // White's A7 and White's B1 B2 are in atari far from the last move (G1): the larger goes.
    // Black's own F7 G7 G6, in atari and larger still, is no capture.
    setup(&b, 7, "B7 A1 C1 C2 B3 F7 G7 G6", "A7 B1 B2 E7 F6", GO_WHITE, "G1");
    GoPlayoutParams p = stages("capture");
    g_assert_cmpint(times_played(&b, &p, 100, "A2"), ==, 100);
    // White's last move F5 is in atari itself: the capture near it comes before the larger one.
    setup(&b, 7, "B7 A1 C1 C2 B3 E5 F6 G5", "A7 B1 B2", GO_WHITE, "F5");
    g_assert_cmpint(times_played(&b, &p, 100, "F4"), ==, 100);
    // Two single stones in atari, A7 first and B1 later in the board's list: the first in board
    // order (B1, the lower row) goes, as a scan of the board would find it.
    setup(&b, 7, "B7 C1 A2", "A7 B1", GO_BLACK, NULL);
    g_assert_cmpint(go_board_ataris(&b), ==, 1);
    go_board_play(&b, (Move)at(&b, "A1"), NULL);
    g_assert_cmpint(go_board_ataris(&b), ==, 2);
    g_assert_cmpint(b.atari[1], ==, at(&b, "B1"));
    go_board_play(&b, (Move)at(&b, "D4"), NULL);
    g_assert_cmpint(times_played(&b, &p, 100, "B2"), ==, 100);
}

// Black's C4 D4 E4 has two liberties, E3 and F4: E3 leaves four stones in atari.
static void test_self_atari(void)
{
    GoBoard b;
    setup(&b, 7, "C4 D4 E4", "B4 C5 D5 E5 C3 D3 F3 E2", GO_BLACK, NULL);
    int e3 = at(&b, "E3");
    g_assert_true(go_policy_self_atari(&b, e3, 3));
    g_assert_true(go_policy_self_atari(&b, e3, 4));
    g_assert_false(go_policy_self_atari(&b, e3, 5));
    g_assert_false(go_policy_self_atari(&b, at(&b, "F4"), 1));
    g_assert_false(go_policy_self_atari(&b, at(&b, "A1"), 1));
    GoPlayoutParams p = stages("selfatari");
    int counts[GO_PASS + 1];
    draw_counts(&b, &p, 3000, counts);
    g_assert_cmpint(counts[e3], ==, 0);
    g_assert_cmpint(counts[at(&b, "F4")], >, 0);
    p.playout_selfatari = 0;
    draw_counts(&b, &p, 3000, counts);
    g_assert_cmpint(counts[e3], >, 0);
    // A capture is no self-atari: Black's E3 takes White's D3 and keeps one liberty.
    setup(&b, 7, "C3 D4 D2", "D3 E4 F3 E2", GO_BLACK, NULL);
    g_assert_false(go_policy_self_atari(&b, at(&b, "E3"), 1));
}

// The vital point of a straight three on the edge and of a bent three in the corner.
static void test_nakade(void)
{
    GoBoard b;
    setup(&b, 7, "", "A2 B2 C2 D2 E1", GO_WHITE, "D1");
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "A1"), GO_WHITE), ==, at(&b, "B1"));
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "C1"), GO_WHITE), ==, at(&b, "B1"));
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "C1"), GO_BLACK), ==, 0);
    GoPlayoutParams p = stages("nakade");
    g_assert_cmpint(times_played(&b, &p, 100, "B1"), ==, 100);
    setup(&b, 7, "", "A3 B3 C2 C1", GO_WHITE, "B2");
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "A2"), GO_WHITE), ==, at(&b, "A1"));
    g_assert_cmpint(times_played(&b, &p, 100, "A1"), ==, 100);
    // Five points, or a Black stone on the border: no nakade.
    setup(&b, 7, "", "A2 B2 C2 D2 E2", GO_WHITE, "F1");
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "A1"), GO_WHITE), ==, 0);
    setup(&b, 7, "D1", "A2 B2 C2", GO_WHITE, "D2");
    g_assert_cmpint(go_policy_nakade_point(&b, at(&b, "A1"), GO_WHITE), ==, 0);
}

// The test's own reading of the code: the neighbours clockwise from the upper left.
static const int slot_row[8] = {0, 0, 0, 1, 2, 2, 2, 1}, slot_col[8] = {0, 1, 2, 2, 2, 1, 0, 0};

static int slot_colour(int code, int slot)
{
    return (code >> (2 * slot)) & 3;
}

// The code turned a quarter (slot k goes to slot k + 2), mirrored left to right, or with the
// colours swapped.
static int code_turn(int code)
{
    return ((code << 4) | (code >> 12)) & 0xffff;
}

static int code_mirror(int code)
{
    static const int to[8] = {2, 1, 0, 7, 6, 5, 4, 3};
    int out = 0;
    for (int k = 0; k < 8; k++) out |= slot_colour(code, k) << (2 * to[k]);
    return out;
}

static int code_swap(int code)
{
    int out = 0;
    for (int k = 0; k < 8; k++) {
        int c = slot_colour(code, k);
        out |= (c == GO_BLACK ? GO_WHITE : c == GO_WHITE ? GO_BLACK : c) << (2 * k);
    }
    return out;
}

// Every neighbourhood is matched or not together with its turns, mirror and colour swap.
static void test_pattern_symmetry(void)
{
    int matched = 0;
    for (int code = 0; code < 1 << 16; code++) {
        bool m = go_policy_pattern(code);
        matched += m;
        g_assert_cmpint(go_policy_pattern(code_turn(code)), ==, m);
        g_assert_cmpint(go_policy_pattern(code_mirror(code)), ==, m);
        g_assert_cmpint(go_policy_pattern(code_swap(code)), ==, m);
    }
    g_assert_cmpint(matched, >, 0);
    g_assert_false(go_policy_pattern(0)); // all empty
}

// Each pattern, laid out on a 9x9 board in each of its 8 orientations and both colourings
// (wildcards as empty points, '#' as the edge), is matched by the board's code.
static void test_pattern_board(void)
{
    g_assert_cmpint(go_policy_pattern_count, >=, 10);
    for (int i = 0; i < go_policy_pattern_count; i++) {
        const char *pat = go_policy_patterns[i];
        g_assert_cmpint(strlen(pat), ==, 9);
        g_assert_cmpint(pat[4], ==, '.');
        for (int t = 0; t < 16; t++) {
            char g[3][3];
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++) {
                    int rr = r, cc = c;
                    for (int k = 0; k < t % 4; k++) {
                        int tmp = rr;
                        rr = 2 - cc;
                        cc = tmp;
                    }
                    if (t & 4) cc = 2 - cc;
                    char ch = pat[3 * rr + cc];
                    if (t & 8) ch = ch == 'X' ? 'O' : ch == 'O' ? 'X' : ch;
                    g[r][c] = ch;
                }
            // The centre goes next to the edge that a row or column of '#' cells says.
            int x = 4, y = 4;
            if (g[0][0] == '#' && g[0][1] == '#' && g[0][2] == '#') y = 8;
            if (g[2][0] == '#' && g[2][1] == '#' && g[2][2] == '#') y = 0;
            if (g[0][0] == '#' && g[1][0] == '#' && g[2][0] == '#') x = 0;
            if (g[0][2] == '#' && g[1][2] == '#' && g[2][2] == '#') x = 8;
            GoBoard b;
            go_board_init(&b, 9);
            for (int k = 0; k < 8; k++) {
                char ch = g[slot_row[k]][slot_col[k]];
                int p = go_point(&b, x + slot_col[k] - 1, y + 1 - slot_row[k]);
                if (ch == '#')
                    g_assert_cmpint(b.color[p], ==, GO_OFF);
                else
                    g_assert_cmpint(b.color[p], !=, GO_OFF);
                if (ch == 'X' || ch == 'O')
                    go_board_set_stone(&b, p, ch == 'X' ? GO_BLACK : GO_WHITE);
            }
            int code = go_policy_code(&b, go_point(&b, x, y));
            if (!go_policy_pattern(code)) g_error("pattern %d, orientation %d not matched", i, t);
        }
    }
}

// After White's E6 in a hane shape, the pattern stage plays only points that fit a pattern,
// and E5 (the enclosing hane's point) among them.
static void test_pattern_move(void)
{
    GoBoard b;
    setup(&b, 9, "D6 F6", "", GO_WHITE, "E6");
    g_assert_true(go_policy_pattern(go_policy_code(&b, at(&b, "E5"))));
    GoPlayoutParams p = stages("pattern");
    int counts[GO_PASS + 1];
    draw_counts(&b, &p, 400, counts);
    g_assert_cmpint(counts[at(&b, "E5")], >, 0);
    for (int q = 0; q < b.cells; q++)
        if (counts[q] && q != (int)GO_PASS) g_assert_true(go_policy_pattern(go_policy_code(&b, q)));
}

// Stones and liberties of the string through i in a naive grid.
static void naive_string(const uint8_t *grid, int size, int i, int *stones, int *libs)
{
    uint8_t seen[NAIVE_MAX] = {0};
    int stack[NAIVE_MAX], top = 0, colour = grid[i];
    *stones = *libs = 0;
    stack[top++] = i;
    seen[i] = 1;
    while (top) {
        int s = stack[--top], x = s % size, y = s / size;
        (*stones)++;
        const int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
        for (int k = 0; k < 4; k++) {
            if (nx[k] < 0 || ny[k] < 0 || nx[k] >= size || ny[k] >= size) continue;
            int n = ny[k] * size + nx[k];
            if (seen[n] || (grid[n] != 0 && grid[n] != colour)) continue;
            seen[n] = 1;
            if (grid[n] == 0)
                (*libs)++;
            else
                stack[top++] = n;
        }
    }
}

// One random game position, then policy moves from it: each legal by the naive rules, no own
// eye, and with self-atari refusal always on, no self-atari of p's large strings.
static int check_policy_game(int size, GRand *rng, Rng *r)
{
    GoPlayoutParams p;
    go_playout_params_default(&p);
    p.playout_policy = GO_PLAYOUT_HEAVY;
    double *chances[] = {&p.playout_atari,    &p.playout_ladder,  &p.playout_capture,
                         &p.playout_lowlib,   &p.playout_pattern, &p.playout_nakade,
                         &p.playout_selfatari};
    for (int k = 0; k < 7; k++) *chances[k] = g_rand_int_range(rng, 0, 3) / 2.0;
    p.playout_selfatari_stones = g_rand_int_range(rng, 1, 5);
    GoBoard b;
    NaiveGo n;
    go_board_init(&b, size);
    naive_go_init(&n, size, GO_KO_SIMPLE, GO_SUICIDE_FORBID);
    GoRandomBias bias = {0.01, 0.5, 0};
    int before = g_rand_int_range(rng, 0, 2 * size * size), checked = 0;
    for (int i = 0; i < before + 40 && b.passes < 2; i++) {
        Move m;
        if (i < before) {
            m = go_test_random_move(&b, rng, &bias);
        } else {
            m = go_policy_move(&b, &p, r);
            checked++;
            if (m != GO_PASS) {
                int idx = go_point_y(&b, (int)m) * size + go_point_x(&b, (int)m), captured = 0;
                uint8_t after[NAIVE_MAX];
                g_assert_true(naive_go_try(&n, idx, after, &captured));
                g_assert_false(go_board_is_eye(&b, (int)m, b.side));
                int stones, libs;
                naive_string(after, size, idx, &stones, &libs);
                if (p.playout_selfatari == 1 && !captured && stones >= p.playout_selfatari_stones)
                    g_assert_cmpint(libs, >=, 2);
            }
        }
        naive_go_play(&n,
                      m == GO_PASS ? -1 : go_point_y(&b, (int)m) * size + go_point_x(&b, (int)m));
        go_board_play(&b, m, NULL);
    }
    uint8_t grid[NAIVE_MAX];
    go_test_grid(&b, grid);
    g_assert_cmpint(memcmp(grid, n.grid, (size_t)(size * size)), ==, 0);
    naive_go_free(&n);
    return checked;
}

static void test_legal(gconstpointer data)
{
    int size = GPOINTER_TO_INT(data), games = TEST_SCALED(size == 9 ? 300 : 150), checked = 0;
    GRand *rng = test_rand();
    Rng r;
    rng_seed(&r, g_rand_int(rng));
    for (int i = 0; i < games; i++) checked += check_policy_game(size, rng, &r);
    g_test_message("%d policy moves checked", checked);
    g_assert_cmpint(checked, >=, TEST_SCALED(size == 9 ? 3000 : 2000));
    g_rand_free(rng);
}

// Tromp-Taylor area by flood fill: Black's stones and the empty regions reaching only Black,
// minus White's, minus komi.
static double naive_area(const GoBoard *b, double komi)
{
    int size = b->size, area[3] = {0, 0, 0};
    uint8_t grid[NAIVE_MAX], seen[NAIVE_MAX] = {0};
    go_test_grid(b, grid);
    for (int i = 0; i < size * size; i++) {
        if (grid[i]) {
            area[grid[i]]++;
            continue;
        }
        if (seen[i]) continue;
        int stack[NAIVE_MAX], top = 0, count = 0, reach = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top) {
            int s = stack[--top], x = s % size, y = s / size;
            count++;
            const int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
            for (int k = 0; k < 4; k++) {
                if (nx[k] < 0 || ny[k] < 0 || nx[k] >= size || ny[k] >= size) continue;
                int n = ny[k] * size + nx[k];
                reach |= grid[n];
                if (grid[n] || seen[n]) continue;
                seen[n] = 1;
                stack[top++] = n;
            }
        }
        if (reach == GO_BLACK || reach == GO_WHITE) area[reach] += count;
    }
    return area[GO_BLACK] - area[GO_WHITE] - komi;
}

// Heavy playouts from the empty board end (two passes, the cap only rarely) and score the area
// count with komi.
static void test_playout_end(gconstpointer data)
{
    int size = GPOINTER_TO_INT(data), runs = TEST_SCALED(size == 9 ? 200 : 20), ended = 0;
    GoPlayoutParams p;
    go_playout_params_default(&p);
    p.playout_policy = GO_PLAYOUT_HEAVY;
    Rng r;
    rng_seed(&r, g_test_rand_int());
    for (int i = 0; i < runs; i++) {
        GoBoard start, b;
        go_board_init(&start, size);
        go_board_copy_position(&b, &start);
        int cap = 3 * size * size;
        GoPlayoutResult res = go_playout(&b, &p, &r, cap, 7.5);
        go_test_check_structures(&b);
        g_assert_cmpint(res.moves, <=, cap);
        g_assert_true(b.passes >= 2 || res.moves == cap);
        ended += b.passes >= 2;
        g_assert_cmpfloat(res.score, ==, naive_area(&b, 7.5));
        g_assert_cmpfloat(go_playout_value(&b, 7.5), ==,
                          (b.side == GO_BLACK ? res.score : -res.score) > 0 ? 1.0 : 0.0);
    }
    g_assert_cmpint(ended * 10, >=, runs * 9);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/policy/last-move", test_last_move);
    g_test_add_func("/go/policy/atari-capture", test_atari_capture);
    g_test_add_func("/go/policy/atari-escape", test_atari_escape);
    g_test_add_func("/go/policy/atari-ladder", test_atari_ladder);
    g_test_add_func("/go/policy/capture", test_capture);
    g_test_add_func("/go/policy/lowlib-extend", test_lowlib_extend);
    g_test_add_func("/go/policy/lowlib-atari", test_lowlib_atari);
    g_test_add_func("/go/policy/self-atari", test_self_atari);
    g_test_add_func("/go/policy/nakade", test_nakade);
    g_test_add_func("/go/policy/pattern-symmetry", test_pattern_symmetry);
    g_test_add_func("/go/policy/pattern-board", test_pattern_board);
    g_test_add_func("/go/policy/pattern-move", test_pattern_move);
    g_test_add_data_func("/go/policy/legal-9x9", GINT_TO_POINTER(9), test_legal);
    g_test_add_data_func("/go/policy/legal-19x19", GINT_TO_POINTER(19), test_legal);
    g_test_add_data_func("/go/policy/playout-end-9x9", GINT_TO_POINTER(9), test_playout_end);
    g_test_add_data_func("/go/policy/playout-end-19x19", GINT_TO_POINTER(19), test_playout_end);
    return g_test_run();
}
