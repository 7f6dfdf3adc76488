// SPDX-License-Identifier: MIT
// `sumito go rankcut-collect`: Go's side of the collection command (tools/collect.h): its
// engine, and self-play games on one board size from openings of a few random moves.
#include "go/selfplay.h"
#include "tools/cli.h"
#include "tools/collect.h"
#include "tools/go_cli.h"

typedef struct {
    GoEngine engine;
    int size;
    char name[16];
} CollectEngine;

static const RankcutCounts *engine_table(void *engine)
{
    CollectEngine *c = engine;
    return go_engine_has_rankcut(&c->engine, c->size) ? &c->engine.table.counts : NULL;
}

static bool engine_load(void *engine, const char *path, GError **err)
{
    CollectEngine *c = engine;
    return go_engine_load_rankcut(&c->engine, path, err);
}

typedef struct {
    CollectMoveHook hook;
    void *user;
} MoveHook;

static bool on_move(const GoGame *g, Move m, const GoChoice *choice, void *user)
{
    MoveHook *h = user;
    return h->hook(h->user, go_game_length(g));
}

static bool engine_play(void *engine, uint64_t seed, int index, double movetime,
                        CollectMoveHook hook, void *user)
{
    CollectEngine *c = engine;
    GoGame g;
    go_opening(seed, index, c->size, &c->engine.rules, &g);
    go_engine_new_game(&c->engine);
    MoveHook h = {hook, user};
    bool finished = go_selfplay(&c->engine, &c->engine, &g, movetime, on_move, &h, NULL);
    go_game_free(&g);
    return finished;
}

static void engine_free(void *engine)
{
    CollectEngine *c = engine;
    go_engine_free(&c->engine);
    g_free(c);
}

static bool setup(CollectGame *g, char **sets, const char *config, const char *rankcut_file,
                  void *data)
{
    static const int32_t edges[3] = GO_RANKCUT_EDGES;
    int size = *(int *)data;
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE)
        return cli_error("--size must be %d to %d, not %d", GO_MIN_SIZE, GO_MAX_SIZE, size), false;
    CollectEngine *c = g_new(CollectEngine, 1);
    if (!go_cli_engine_setup(&c->engine, sets, config, rankcut_file)) {
        g_free(c);
        return false;
    }
    c->size = size;
    go_rankcut_game(size, c->name);
    *g = (CollectGame){c->name,
                       GO_EVAL_ID,
                       {edges[0], edges[1], edges[2]},
                       c,
                       &c->engine.search,
                       &c->engine.params,
                       engine_table,
                       engine_load,
                       engine_play,
                       engine_free};
    return true;
}

int go_cli_collect(int argc, char **argv)
{
    static int size = 9;
    const GOptionEntry extra[] = {
        {"size", 'n', 0, G_OPTION_ARG_INT, &size, "board size, 2 to 19 (default 9)", "N"}, {NULL}};
    return collect_cli(argc, argv,
                       "Plays self-play games from openings of 2 to 4 random moves and counts, at "
                       "every node and for every move from the history phase on, whether a later "
                       "move beat the best so far. The statistics are for one board size (game "
                       "name go9 for 9x9). Ctrl-C keeps finished games; the same command resumes.",
                       extra, setup, &size);
}
