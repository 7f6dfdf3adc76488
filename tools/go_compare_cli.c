// SPDX-License-Identifier: MIT
// `sumito go compare` and `sumito go compare-reference`: Go's side of the shared compare
// commands (tools/compare.h): its suite (board size and moves), its engines and its
// searches; moves are GTP vertices.
#include "go/movegen.h"
#include "go/notation.h"
#include "go/reference.h"
#include "go/suite.h"
#include "tools/cli.h"
#include "tools/compare.h"
#include "tools/go_cli.h"

typedef struct {
    GoRules rules;
    GoSuite suite;
} GoCompare;

static bool check(void *game, char **position, char **moves, int n, GError **err)
{
    GoCompare *c = game;
    GoGame g;
    if (!go_position_parse(&g, *position, &c->rules, err)) return false;
    g_free(*position);
    *position = go_position_format(&g);
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        Move m = go_vertex_parse(&g.board, moves[i], err);
        ok = m != MOVE_NONE;
        if (ok && !go_board_is_legal(&g.board, m)) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%s is illegal in this position", moves[i]);
            ok = false;
        }
        char v[GO_VERTEX_TEXT];
        if (ok) g_free(moves[i]), moves[i] = g_strdup(go_vertex_format(&g.board, m, v));
    }
    go_game_free(&g);
    return ok;
}

static bool load_suite(void *game, const char *path, GError **err)
{
    GoCompare *c = game;
    if (!path) {
        go_suite_builtin(&c->suite, &c->rules);
        return true;
    }
    return go_suite_load(&c->suite, path, &c->rules, err);
}

static int positions(void *game)
{
    return (int)((GoCompare *)game)->suite.games->len;
}

static const char *position(void *game, int p)
{
    return g_ptr_array_index(((GoCompare *)game)->suite.texts, p);
}

static GoGame *suite_game(void *game, int p)
{
    return g_ptr_array_index(((GoCompare *)game)->suite.games, p);
}

static char *builtin_reference(void *game)
{
    return go_reference_builtin();
}

static void *engine_new(void *game, char **sets, const char *rankcut_file)
{
    GoEngine *e = g_new(GoEngine, 1);
    if (go_cli_engine_setup(e, sets, NULL, rankcut_file)) return e;
    g_free(e);
    return NULL;
}

static void engine_free(void *engine)
{
    go_engine_free(engine);
    g_free(engine);
}

static RefEntry *reference(void *game, void *engine, int p, int depth)
{
    GoGame *g = suite_game(game, p);
    Move moves[GO_MAX_MOVES];
    Score scores[GO_MAX_MOVES];
    go_engine_new_game(engine);
    int n = go_reference_compute(engine, g, depth, moves, scores);
    RefEntry *e = reference_entry_new(position(game, p), depth);
    for (int i = 0; i < n; i++) {
        char v[GO_VERTEX_TEXT];
        reference_entry_add_move(e, go_vertex_format(&g->board, moves[i], v), scores[i]);
    }
    return e;
}

static void search(void *game, void *engine, int p, double movetime, uint64_t nodes, int depth,
                   CompareRun *r)
{
    GoEngine *e = engine;
    const GoGame *g = suite_game(game, p);
    go_engine_new_game(e);
    SearchLimits limits = {0};
    limits.movetime = movetime;
    limits.nodes = nodes;
    limits.depth = depth;
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    Move m = go_engine_search(e, g, g->board.side, &limits, NULL, NULL, &info);
    char v[GO_VERTEX_TEXT];
    g_strlcpy(r->move, go_vertex_format(&g->board, m, v), sizeof r->move);
    r->depth = info.depth;
    r->nodes = e->search.nodes;
    r->seconds = search_elapsed(&e->search);
}

static int run(int argc, char **argv, bool reference_command)
{
    GoCompare c = {{0}, {NULL, NULL}};
    go_rules_default(&c.rules);
    CompareGame g = {"go",     GO_EVAL_ID,        &c,         check,       load_suite, positions,
                     position, builtin_reference, engine_new, engine_free, reference,  search};
    int rc =
        reference_command ? compare_reference_cli(argc, argv, &g) : compare_cli(argc, argv, &g);
    go_suite_free(&c.suite);
    return rc;
}

int go_cli_compare(int argc, char **argv)
{
    return run(argc, argv, false);
}

int go_cli_compare_reference(int argc, char **argv)
{
    return run(argc, argv, true);
}
