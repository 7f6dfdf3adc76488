// SPDX-License-Identifier: MIT
// `sumito abalone compare` and `sumito abalone compare-reference`: Abalone's side of the
// shared compare commands (tools/compare.h): its suite (position strings), its engines and
// its searches; moves are written in Aba-Pro notation.
#include <string.h>

#include "abalone/eval.h"
#include "abalone/notation.h"
#include "abalone/reference.h"
#include "abalone/suite.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"
#include "tools/compare.h"

typedef struct {
    AbaloneSuite suite;
    GPtrArray *texts; // canonical position strings
} AbaloneCompare;

static void replace(char **text, const char *with)
{
    g_free(*text);
    *text = g_strdup(with);
}

static bool check(void *game, char **position, char **moves, int n, GError **err)
{
    AbaloneBoard b;
    char pos[ABALONE_POSITION_TEXT], text[ABALONE_MOVE_TEXT];
    if (!abalone_position_parse(&b, *position, err)) return false;
    replace(position, abalone_position_format(&b, pos));
    for (int i = 0; i < n; i++) {
        Move m = abalone_move_parse(&b, moves[i], ABALONE_NOTATION_ABAPRO, err);
        if (!m) return false;
        replace(&moves[i], abalone_move_format(&b, m, ABALONE_NOTATION_ABAPRO, text));
    }
    return true;
}

static bool load_suite(void *game, const char *path, GError **err)
{
    AbaloneCompare *c = game;
    bool ok = true;
    if (path)
        ok = abalone_suite_load(&c->suite, path, err);
    else
        abalone_suite_builtin(&c->suite);
    c->texts = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; ok && i < c->suite.positions->len; i++) {
        char pos[ABALONE_POSITION_TEXT];
        AbaloneBoard *b = &g_array_index(c->suite.positions, AbaloneBoard, i);
        g_ptr_array_add(c->texts, g_strdup(abalone_position_format(b, pos)));
    }
    return ok;
}

static int positions(void *game)
{
    return (int)((AbaloneCompare *)game)->texts->len;
}

static const char *position(void *game, int p)
{
    return g_ptr_array_index(((AbaloneCompare *)game)->texts, p);
}

static const AbaloneBoard *board(void *game, int p)
{
    return &g_array_index(((AbaloneCompare *)game)->suite.positions, AbaloneBoard, p);
}

static char *builtin_reference(void *game)
{
    return abalone_reference_builtin();
}

static void *engine_new(void *game, char **sets, const char *rankcut_file)
{
    AbaloneEngine *e = g_new(AbaloneEngine, 1);
    if (abalone_cli_engine_setup(e, sets, NULL, rankcut_file)) return e;
    g_free(e);
    return NULL;
}

static void engine_free(void *engine)
{
    abalone_engine_free(engine);
    g_free(engine);
}

static RefEntry *reference(void *game, void *engine, int p, int depth)
{
    const AbaloneBoard *b = board(game, p);
    Move moves[ABALONE_MAX_MOVES];
    Score scores[ABALONE_MAX_MOVES];
    abalone_engine_new_game(engine);
    int n = abalone_reference_compute(engine, b, depth, moves, scores);
    RefEntry *e = reference_entry_new(position(game, p), depth);
    for (int i = 0; i < n; i++) {
        char text[ABALONE_MOVE_TEXT];
        abalone_move_format(b, moves[i], ABALONE_NOTATION_ABAPRO, text);
        reference_entry_add_move(e, text, scores[i]);
    }
    return e;
}

static void search(void *game, void *engine, int p, double movetime, uint64_t nodes, int depth,
                   CompareRun *r)
{
    AbaloneEngine *e = engine;
    const AbaloneBoard *b = board(game, p);
    AbaloneGame g;
    abalone_game_init(&g, b, &e->rules);
    abalone_engine_new_game(e);
    SearchLimits limits = {0};
    limits.movetime = movetime;
    limits.nodes = nodes;
    limits.depth = depth;
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    Move m = abalone_engine_search(e, &g, &limits, NULL, NULL, &info);
    char text[ABALONE_MOVE_TEXT];
    g_strlcpy(r->move, abalone_move_format(b, m, ABALONE_NOTATION_ABAPRO, text), sizeof r->move);
    r->depth = info.depth;
    r->nodes = e->search.nodes;
    r->seconds = search_elapsed(&e->search);
    abalone_game_free(&g);
}

static int run(int argc, char **argv, bool reference_command)
{
    AbaloneCompare c = {{NULL}, NULL};
    CompareGame g = {"abalone", ABALONE_EVAL_ID,   &c,         check,       load_suite, positions,
                     position,  builtin_reference, engine_new, engine_free, reference,  search};
    int rc =
        reference_command ? compare_reference_cli(argc, argv, &g) : compare_cli(argc, argv, &g);
    abalone_suite_free(&c.suite);
    if (c.texts) g_ptr_array_free(c.texts, TRUE);
    return rc;
}

int abalone_cli_compare(int argc, char **argv)
{
    return run(argc, argv, false);
}

int abalone_cli_compare_reference(int argc, char **argv)
{
    return run(argc, argv, true);
}
