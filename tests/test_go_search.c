// SPDX-License-Identifier: MIT
// The search on Go: legal moves only from move choice over many random positions (every ko
// rule, small boards, moves out of turn, cleanup mode) with the game left as it was; the end
// of the game scored as Tromp-Taylor counts it; captures found; passing at the end; complete
// self-play games on tiny boards; searches that stop at their time or node limit; superko
// refusals; the evaluation's symmetries; RankCut acting only with statistics of the board
// size.
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "core/lab/opening.h"
#include "core/lab/selfplay.h"
#include "go/contract.h"
#include "go/desc.h"
#include "go/engine.h"
#include "go/notation.h"
#include "go/player.h"
#include "go/suite.h"
#include "tests/go_random.h"
#include "tests/test_util.h"

static void engine_with(GoEngine *e, bool rankcut)
{
    SearchParams p;
    go_engine_params_default(&p, NULL, NULL);
    p.search = SEARCH_ALPHABETA; // the alpha-beta search is what these tests check
    p.hash = 4;
    p.rankcut = rankcut;
    GError *err = NULL;
    g_assert_true(go_engine_init(e, &p, NULL, &err));
    g_assert_no_error(err);
}

static void engine_new(GoEngine *e)
{
    engine_with(e, true);
}

static SearchLimits node_limits(uint64_t nodes)
{
    SearchLimits l = {0};
    l.nodes = nodes;
    l.start_us = g_get_monotonic_time();
    return l;
}

static void game_from(GoGame *g, const char *text)
{
    GoRules rules;
    go_rules_default(&rules);
    GError *err = NULL;
    if (!go_position_parse(g, text, &rules, &err)) g_error("%s: %s", text, err->message);
}

static const char *vertex(const GoBoard *b, Move m, char *buf)
{
    return m == MOVE_NONE ? "resign" : go_vertex_format(b, m, buf);
}

// ---------------------------------------------------------------------------------------

static void check_choice(GoEngine *e, GoGame *g, int colour, GoGenmoveMode mode)
{
    GoBoard before = g->board;
    int length = go_game_length(g), history = g->history.len;
    SearchLimits l = node_limits(1500);
    GoChoice c;
    go_player_choose(e, g, colour, &l, mode, &c);
    g_assert_true(go_board_same_position(&before, &g->board));
    g_assert_cmpint(go_game_length(g), ==, length);
    g_assert_cmpint(g->history.len, ==, history);
    char v[GO_VERTEX_TEXT];
    if (c.move == MOVE_NONE || !go_game_is_legal(g, colour, c.move))
        g_error("%dx%d: %s chose %s (%s)", g->board.size, g->board.size,
                colour == GO_BLACK ? "Black" : "White", vertex(&g->board, c.move, v),
                go_reason_text(c.reason));
}

static void test_legal_choices(void)
{
    static const int sizes[] = {2, 3, 4, 5, 7, 9, 13};
    GRand *rng = test_rand();
    GoEngine e;
    engine_new(&e);
    int checked = 0;
    for (int game = 0; game < TEST_SCALED(60); game++) {
        GoRules rules;
        go_rules_default(&rules);
        rules.ko = game % 3;
        rules.suicide = game % 5 == 4 ? GO_SUICIDE_MULTI : GO_SUICIDE_FORBID;
        GoGame g;
        go_game_init(&g, sizes[game % G_N_ELEMENTS(sizes)], &rules);
        GoRandomBias bias = {0.02, 0.6, 0.2};
        go_engine_new_game(&e);
        while (!go_game_over(&g) && go_game_length(&g) < 150) {
            if (g_rand_int_range(rng, 0, 4) == 0) {
                int colour = g_rand_boolean(rng) ? g.board.side : go_other(g.board.side);
                check_choice(&e, &g, colour,
                             g_rand_boolean(rng) ? GO_GENMOVE_NORMAL : GO_GENMOVE_CLEANUP);
                checked++;
            }
            g_assert_true(
                go_game_play(&g, g.board.side, go_test_random_move(&g.board, rng, &bias)));
        }
        go_game_free(&g);
    }
    g_test_message("%d choices, all legal", checked);
    // Release: about 900 (the 60 games cycle through the sizes up to 13x13). The sanitized
    // run's 12 games are mostly small boards: 119 to 186 seen, so its bar is lower than a
    // fifth of the full one.
    g_assert_cmpint(checked, >, TEST_SANITIZED ? 80 : 600);
    go_engine_free(&e);
    g_rand_free(rng);
}

// An independent count: stones, and empty regions reaching one colour only (flood fill on a
// plain grid); *neutral (if not NULL) tells whether a region reaches both.
static double naive_count_grid(const uint8_t *grid, int n, double komi, bool *neutral)
{
    int area[3] = {0, 0, 0};
    uint8_t seen[GO_MAX_POINTS] = {0};
    for (int i = 0; i < n * n; i++) {
        if (grid[i]) area[grid[i]]++;
        if (grid[i] || seen[i]) continue;
        int stack[GO_MAX_POINTS], top = 0, size = 0, reach = 0;
        stack[top++] = i, seen[i] = 1;
        while (top) {
            int p = stack[--top], x = p % n, y = p / n;
            size++;
            int nb[4] = {x > 0 ? p - 1 : -1, x < n - 1 ? p + 1 : -1, y > 0 ? p - n : -1,
                         y < n - 1 ? p + n : -1};
            for (int k = 0; k < 4; k++) {
                if (nb[k] < 0) continue;
                if (grid[nb[k]])
                    reach |= grid[nb[k]];
                else if (!seen[nb[k]])
                    seen[nb[k]] = 1, stack[top++] = nb[k];
            }
        }
        if (reach == 1 || reach == 2) area[reach] += size;
        if (reach == 3 && neutral) *neutral = true;
    }
    return area[1] - area[2] - komi;
}

static double naive_count(const GoBoard *b, double komi)
{
    uint8_t grid[GO_MAX_POINTS];
    go_test_grid(b, grid);
    return naive_count_grid(grid, b->size, komi, NULL);
}

// The count with the strings go_eval_dead_strings takes for dead, with either side to move,
// taken off the grid before the naive count; *neutral as naive_count_grid's.
static double naive_fair_count(const GoBoard *b, double komi, bool *neutral)
{
    uint8_t grid[GO_MAX_POINTS];
    bool dead[GO_MAX_CELLS] = {false};
    GoBoard *v = g_new(GoBoard, 1);
    *v = *b;
    for (int side = GO_BLACK; side <= GO_WHITE; side++) {
        v->side = side, v->ko = side == b->side ? b->ko : 0;
        for (int colour = GO_BLACK; colour <= GO_WHITE; colour++) {
            int heads[GO_MAX_POINTS], n = go_eval_dead_strings(v, colour, heads);
            for (int i = 0; i < n; i++) dead[heads[i]] = true;
        }
    }
    g_free(v);
    go_test_grid(b, grid);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            if (b->color[p] != GO_EMPTY && dead[b->head[p]]) grid[y * b->size + x] = 0;
        }
    return naive_count_grid(grid, b->size, komi, neutral);
}

static void test_terminal_count(void)
{
    GRand *rng = test_rand();
    int checked = 0, counted = 0;
    for (int game = 0; game < TEST_SCALED(200); game++) {
        GoRules rules;
        go_rules_default(&rules);
        rules.komi = g_rand_int_range(rng, -10, 11) + 0.5 * g_rand_int_range(rng, 0, 2);
        GoGame g;
        go_game_init(&g, g_rand_int_range(rng, 2, 12), &rules);
        GoRandomBias bias = {0.05, 0.5, 0};
        while (!go_game_over(&g))
            go_game_play(&g, g.board.side, go_test_random_move(&g.board, rng, &bias));
        GoEvalCtx ctx;
        go_eval_ctx_init(&ctx, rules.komi, go_rules_move_cap(&rules, g.board.size));
        Score s = 0;
        g_assert_true(game_terminal(&g.board, &ctx, 3, &s));
        // Two passes: the count with dead stones off, or the estimate where a region is
        // neutral; the move cap: the referee's bare count.
        bool neutral = false;
        double want = (g.board.passes >= 2 ? naive_fair_count(&g.board, rules.komi, &neutral)
                                           : naive_count(&g.board, rules.komi)) *
                      GO_POINT;
        if (neutral) {
            g_assert_cmpint(s, ==, go_evaluate(&g.board, &ctx));
        } else {
            g_assert_cmpint(s, ==, (Score)(g.board.side == GO_BLACK ? want : -want));
            counted++;
        }
        g_assert_cmpfloat(go_game_score(&g), ==, naive_count(&g.board, rules.komi));
        checked++;
        go_game_free(&g);
    }
    g_test_message("%d finished games, %d scored by the count (the referee's count: "
                   "Tromp-Taylor's)",
                   checked, counted);
    g_assert_cmpint(counted, >, checked / 4);
    g_rand_free(rng);
}

static Move search_depth(GoEngine *e, const GoGame *g, int depth, SearchInfo *info)
{
    SearchLimits l = {0};
    l.depth = depth;
    l.start_us = g_get_monotonic_time();
    return go_engine_search(e, g, g->board.side, &l, NULL, NULL, info);
}

// The plain search (RankCut off: its reductions may miss tactics by design; compare measures
// how often) finds the move.
static void expect_move(const char *const *rows, int size, int side, int depth, const char *want)
{
    GoEngine e;
    engine_with(&e, false);
    GoGame g;
    go_test_game_from_rows(&g, rows, size, side, 7.5);
    SearchInfo info;
    Move m = search_depth(&e, &g, depth, &info);
    char v[GO_VERTEX_TEXT];
    g_assert_cmpstr(vertex(&g.board, m, v), ==, want);
    go_game_free(&g);
    go_engine_free(&e);
}

static void test_captures(void)
{
    // Black captures the three White stones in atari at E5; left alone, White would extend
    // there to three liberties.
    static const char *const big[] = {"....X....", "...XOX...", "...XOX...",
                                      "...XOX...", ".........", ".........",
                                      ".........", ".........", "........."};
    expect_move(big, 9, GO_BLACK, 2, "E5");
    // White's C3 is in atari, and so is the Black stone D3 next to it; extending at C2 would
    // stay in atari (B2, C1), so White saves C3 by capturing D3.
    static const char *const save[] = {".....", "..XO.", ".XOXO", ".X...", "..X.."};
    expect_move(save, 5, GO_WHITE, 3, "D2");
    // The same shape with the colours swapped and Black to move: Black's three stones are in
    // atari, and extending at E5 saves them (three liberties).
    static const char *const escape[] = {"....O....", "...OXO...", "...OXO...",
                                         "...OXO...", ".........", ".........",
                                         ".........", ".........", "........."};
    expect_move(escape, 9, GO_BLACK, 3, "E5");
}

// Captures and escapes need not run out: after these 47 moves of a depth-1 game, strings of
// both colours are in atari and the unbounded quiescence search took 14.9 M nodes (66 s) at
// depth 1. Go's qsearch_plies (4) bounds it; the selective depth says the bound held.
static void test_qsearch_bound(void)
{
    GoEngine e;
    engine_with(&e, false);
    g_assert_cmpint(e.core.params.qsearch_plies, ==, GO_QSEARCH_PLIES);
    GoGame g;
    game_from(&g, "9x9 E7 G5 C6 E4 C5 D7 D3 D5 D6 E8 F8 G8 F4 F3 H8 C7 B7 B8 B9 J8 E3 C2 H2 B3 B2 "
                  "G2 G1 J2 C3 F6 G6 E5 C9 D9 C8 G4 H5 F7 A1 C1 F2 G3 D2 A4 B4 E1 J3");
    SearchInfo info;
    Move m = search_depth(&e, &g, 1, &info);
    g_assert_true(go_game_is_legal(&g, GO_WHITE, m));
    g_assert_cmpuint(engine_search_nodes(&e.core), <, 20000);
    g_assert_cmpint(info.seldepth, <=, 1 + GO_QSEARCH_PLIES);
    g_assert_cmpint(info.seldepth, >, 1); // the quiescence search ran
    go_game_free(&g);
    go_engine_free(&e);
}

// After `moves` on 9x9 Black passes and White chooses in 20 000 nodes: passing would end the
// game with White ahead on the bare count, yet White plays on, a legal move. The game is left
// as it stood after Black's pass, for the caller's own checks.
static void check_white_plays_on(const char *moves, GoGame *g, GoChoice *c)
{
    GoEngine e;
    engine_new(&e);
    game_from(g, moves);
    g_assert_true(go_game_play(g, GO_BLACK, GO_PASS));
    SearchLimits l = node_limits(20000);
    go_player_choose(&e, g, GO_WHITE, &l, GO_GENMOVE_NORMAL, c);
    char v[GO_VERTEX_TEXT];
    g_assert_cmpint(c->pass_score, >, 0);
    g_assert_cmpstr(vertex(&g->board, c->move, v), !=, "pass");
    g_assert_true(go_game_is_legal(g, GO_WHITE, c->move));
    go_engine_free(&e);
}

// GNU Go opens on the centre, sumito answered on the 1-1 point, GNU Go passed: under the bare
// count White wins by komi (the one empty region touches both colours), but the lone corner
// stone is dead, and with it off Black owns the board. Passing there is a win only by a
// scoring artefact: White plays on.
static void test_no_artefact_pass(void)
{
    GoGame g;
    GoChoice c;
    check_white_plays_on("9x9 E5 A1", &g, &c);
    g_assert_cmpfloat(naive_count(&g.board, 7.5), ==, -7.5);
    bool neutral = false;
    g_assert_cmpfloat(naive_fair_count(&g.board, 7.5, &neutral), ==, 81 - 7.5);
    g_assert_false(neutral);
    g_assert_cmpint(c.fair_score, <, 0);
    g_assert_cmpint(c.reason, !=, GO_REASON_PASS_WINS);
    go_game_free(&g);
}

// Open ground (E5 and D4 against A1 and B2 on 9x9): nothing is dead, the one empty region
// reaches both colours, and the count gives White the game by komi alone. Black passes; any
// opponent, or a cleanup phase, would play on, so passing is no win: White plays on.
static void test_no_open_ground_pass(void)
{
    GoGame g;
    GoChoice c;
    check_white_plays_on("9x9 E5 A1 D4 B2", &g, &c);
    bool neutral = false;
    g_assert_cmpfloat(naive_fair_count(&g.board, 7.5, &neutral), ==, -7.5);
    g_assert_true(neutral);
    g_assert_cmpint(c.reason, ==, GO_REASON_SEARCH);
    go_game_free(&g);
}

static void test_pass_at_end(void)
{
    GoEngine e;
    engine_new(&e);
    SearchLimits l = node_limits(20000);
    GoChoice c;
    char v[GO_VERTEX_TEXT];
    // Every empty point is an eye (Black B5 B1, White E4 E2): only passing is left.
    static const char *const eyes[] = {"X.XOO", "XXXO.", "XXOOO", "XXXO.", "X.XOO"};
    GoGame g;
    go_test_game_from_rows(&g, eyes, 5, GO_BLACK, 0.5);
    go_player_choose(&e, &g, GO_BLACK, &l, GO_GENMOVE_NORMAL, &c);
    g_assert_cmpstr(vertex(&g.board, c.move, v), ==, "pass");
    go_game_free(&g);
    // White passed and Black wins the count (14 to 11, komi 0.5): Black passes at once.
    go_test_game_from_rows(&g, eyes, 5, GO_WHITE, 0.5);
    g_assert_true(go_game_play(&g, GO_WHITE, GO_PASS));
    go_player_choose(&e, &g, GO_BLACK, &l, GO_GENMOVE_NORMAL, &c);
    g_assert_cmpstr(vertex(&g.board, c.move, v), ==, "pass");
    g_assert_cmpint(c.reason, ==, GO_REASON_PASS_WINS);
    go_game_free(&g);
    // After two passes the game is over; in cleanup mode the White stone in atari inside
    // Black's area is taken first.
    static const char *const dead[] = {".X...", ".OX..", ".X...", ".....", "....."};
    go_test_game_from_rows(&g, dead, 5, GO_BLACK, 7.5);
    go_game_play(&g, GO_BLACK, GO_PASS);
    go_game_play(&g, GO_WHITE, GO_PASS);
    go_player_choose(&e, &g, GO_BLACK, &l, GO_GENMOVE_NORMAL, &c);
    g_assert_cmpint(c.reason, ==, GO_REASON_GAME_OVER);
    go_player_choose(&e, &g, GO_BLACK, &l, GO_GENMOVE_CLEANUP, &c);
    g_assert_cmpstr(vertex(&g.board, c.move, v), ==, "A4");
    g_assert_cmpint(c.reason, ==, GO_REASON_CLEANUP);
    go_game_free(&g);
    go_engine_free(&e);
}

static bool count_moves(const GameState *s, Move m, const GameChoice *c, void *user)
{
    int *moves = user;
    (*moves)++;
    const GoGame *g = go_state_game((GameState *)s);
    g_assert_cmpint(go_game_length(g), ==, *moves); // the move was played: it was legal
    return true;
}

static void test_tiny_boards(void)
{
    GoEngine e;
    engine_new(&e);
    for (int size = 2; size <= 4; size++)
        for (int game = 0; game < 3; game++) {
            LabOpenings openings;
            lab_openings_init(&openings, &go_game_desc, size);
            GameState *s = lab_opening(&openings, (GameEngine *)&e, 7, game, size, NULL);
            lab_openings_free(&openings);
            GoGame *g = go_state_game(s);
            go_engine_new_game(&e);
            int moves = go_game_length(g);
            GameEngine *players[2] = {(GameEngine *)&e, (GameEngine *)&e};
            g_assert_true(
                lab_selfplay(&go_game_desc, players, s, 0.002, count_moves, &moves, NULL));
            g_assert_true(go_game_over(g));
            g_test_message("%dx%d game %d: %d moves, %s", size, size, game, moves,
                           go_board_game_over(&g->board) ? "two passes" : "move cap");
            go_game_desc.state_free(s);
        }
    go_engine_free(&e);
}

static void test_limits_stop(void)
{
    GoEngine e;
    engine_new(&e);
    GoGame g;
    game_from(&g, "19x19 D4 Q16");
    SearchLimits l = {0};
    l.time = timeman_per_move(0.05);
    l.start_us = g_get_monotonic_time();
    SearchInfo info;
    Move m = go_engine_search(&e, &g, GO_BLACK, &l, NULL, NULL, &info);
    g_assert_true(engine_search_stopped(&e.core)); // the time ran out, not the depth
    g_assert_cmpint(info.depth, <, MAX_PLY - 2);
    g_assert_true(go_game_is_legal(&g, GO_BLACK, m));
    l = node_limits(5000);
    go_engine_search(&e, &g, GO_BLACK, &l, NULL, NULL, &info);
    g_assert_cmpuint(engine_search_nodes(&e.core), <, 5000 + 256); // checked every 256 nodes
    go_game_free(&g);
    go_engine_free(&e);
}

static void test_superko(void)
{
    // Black D4 takes the White stone at C4 (a ko); after two passes White's retake at C4
    // would recreate the board before D4, so it is refused under positional superko though
    // the passes lifted the simple-ko ban.
    GoGame g;
    game_from(&g, "9x9 C5 D5 B4 C4 C3 E4 J9 D3 D4");
    g_assert_true(go_game_play(&g, GO_WHITE, GO_PASS));
    g_assert_true(go_game_play(&g, GO_BLACK, GO_PASS));
    Move retake = go_vertex_parse(&g.board, "C4", NULL);
    g_assert_false(go_game_is_legal(&g, GO_WHITE, retake));
    GoEngine e;
    engine_new(&e);
    uint32_t bans = g.history.bans;
    for (int depth = 1; depth <= 4; depth++) {
        SearchInfo info;
        Move m = search_depth(&e, &g, depth, &info);
        g_assert_cmpuint(m, !=, retake);
        g_assert_true(go_game_is_legal(&g, GO_WHITE, m));
    }
    GoBoard *b = go_engine_position(&e, &g, GO_WHITE);
    Move moves[GO_MAX_MOVES];
    int n = game_gen_moves(b, moves);
    for (int i = 0; i < n; i++) g_assert_cmpuint(moves[i], !=, retake);
    g_assert_cmpuint(e.history.bans, >, bans); // the refusal is what the TT veto sees
    go_game_free(&g);
    go_engine_free(&e);
}

// A dead Black zone with an eye touching two dead White zones with eyes (found by the test
// below): both seki pairs count, whichever the scan of the board meets first, so the position
// and its mirror image evaluate alike.
static void test_eval_seki_order(void)
{
    static const char *const rows[] = {"O.OO..", ".OXO.X", "OOXXXX", "XOOXX.", "XXOXX.", ".XOOOX"};
    const char *mirror[6];
    char buf[6][7];
    for (int y = 0; y < 6; y++) {
        for (int x = 0; x < 6; x++) buf[y][x] = rows[y][5 - x];
        buf[y][6] = 0;
        mirror[y] = buf[y];
    }
    GoEvalCtx ctx;
    go_eval_ctx_init(&ctx, 0, 0);
    GoGame g, m;
    go_test_game_from_rows(&g, rows, 6, GO_WHITE, 0);
    go_test_game_from_rows(&m, mirror, 6, GO_WHITE, 0);
    g_assert_cmpint(go_evaluate(&g.board, &ctx), ==, go_evaluate(&m.board, &ctx));
    go_game_free(&g);
    go_game_free(&m);
}

// The evaluation of a position and of its mirror images and colour swap (komi 0).
static void test_eval_symmetry(void)
{
    GRand *rng = test_rand();
    GoEvalCtx ctx;
    go_eval_ctx_init(&ctx, 0, 0);
    for (int game = 0; game < TEST_SCALED(100); game++) {
        int size = g_rand_int_range(rng, 3, 10);
        GoBoard b;
        go_board_init(&b, size);
        GoRandomBias bias = {0, 0.3, 0};
        int plies = g_rand_int_range(rng, 0, size * size);
        for (int i = 0; i < plies && !go_board_game_over(&b); i++)
            go_board_play(&b, go_test_random_move(&b, rng, &bias), NULL);
        Score want = go_evaluate(&b, &ctx);
        for (int sym = 1; sym < 16; sym++) {
            GoBoard t;
            go_board_init(&t, size);
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++) {
                    int c = b.color[go_point(&b, x, y)], tx = sym & 1 ? size - 1 - x : x,
                        ty = sym & 2 ? size - 1 - y : y;
                    if (sym & 4) {
                        int s = tx;
                        tx = ty, ty = s;
                    }
                    if (c != GO_EMPTY)
                        go_board_set_stone(&t, go_point(&t, tx, ty), sym & 8 ? go_other(c) : c);
                }
            t.side = sym & 8 ? go_other(b.side) : b.side;
            if (b.ko) {
                int x = go_point_x(&b, b.ko), y = go_point_y(&b, b.ko);
                int tx = sym & 1 ? size - 1 - x : x, ty = sym & 2 ? size - 1 - y : y;
                t.ko = sym & 4 ? go_point(&t, ty, tx) : go_point(&t, tx, ty);
            }
            g_assert_cmpint(go_evaluate(&t, &ctx), ==, want);
        }
    }
    g_rand_free(rng);
}

// A table that always says "no better move" makes RankCut reduce, on boards of its size only.
static void test_rankcut_size(void)
{
    static const RankcutScheme edges = GO_RANKCUT_SCHEME;
    char path[] = "/tmp/sumito-go-rc-XXXXXX";
    int fd = g_mkstemp(path);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    RankcutCounts c;
    rankcut_counts_init(&c, "go9", GO_EVAL_ID, &edges);
    for (size_t i = 0; i < RANKCUT_CELLS; i++) c.n[i] = 1000000;
    c.games = 1;
    g_assert_true(rankcut_counts_save(&c, path, NULL));
    rankcut_counts_free(&c);
    GoEngine e;
    engine_new(&e);
    // The built-in statistics are 9x9's.
    g_assert_true(go_engine_has_rankcut(&e, 9));
    g_assert_false(go_engine_has_rankcut(&e, 19));
    g_assert_cmpstr(e.core.table_source, ==, "built-in");
    g_assert_cmpstr(e.core.table->counts.game, ==, "go9");
    g_assert_cmpuint(e.core.table->counts.games, >=, 100);
    GError *err = NULL;
    g_assert_true(engine_load_rankcut(&e.core, path, &err));
    const char *positions[] = {"9x9 E5 C3 G7", "11x11 E5 C3 G7"};
    for (int i = 0; i < 2; i++) {
        GoGame g;
        game_from(&g, positions[i]);
        go_engine_new_game(&e);
        SearchInfo info;
        Move m = search_depth(&e, &g, 4, &info);
        g_assert_true(go_game_is_legal(&g, g.board.side, m));
        if (i == 0)
            g_assert_cmpuint(engine_search_stats(&e.core)->rankcut_reductions, >, 0);
        else
            g_assert_cmpuint(engine_search_stats(&e.core)->rankcut_reductions, ==, 0);
        go_game_free(&g);
    }
    // Statistics of another game or evaluator are refused.
    rankcut_counts_init(&c, "abalone", GO_EVAL_ID, &edges);
    g_assert_true(rankcut_counts_save(&c, path, NULL));
    rankcut_counts_free(&c);
    g_assert_false(engine_load_rankcut(&e.core, path, &err));
    g_assert_nonnull(strstr(err->message, "this engine needs Go"));
    g_clear_error(&err);
    g_unlink(path);
    go_engine_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/search/legal-choices", test_legal_choices);
    g_test_add_func("/go/search/terminal-count", test_terminal_count);
    g_test_add_func("/go/search/captures", test_captures);
    g_test_add_func("/go/search/qsearch-bound", test_qsearch_bound);
    g_test_add_func("/go/search/no-artefact-pass", test_no_artefact_pass);
    g_test_add_func("/go/search/no-open-ground-pass", test_no_open_ground_pass);
    g_test_add_func("/go/search/pass-at-end", test_pass_at_end);
    g_test_add_func("/go/search/tiny-boards", test_tiny_boards);
    g_test_add_func("/go/search/limits-stop", test_limits_stop);
    g_test_add_func("/go/search/superko", test_superko);
    g_test_add_func("/go/eval/seki-order", test_eval_seki_order);
    g_test_add_func("/go/eval/symmetry", test_eval_symmetry);
    g_test_add_func("/go/search/rankcut-size", test_rankcut_size);
    return g_test_run();
}
