// SPDX-License-Identifier: MIT
// `sumito abalone rankcut-collect`: Abalone's side of the collection command (tools/collect.h):
// its engine, and self-play games from varied openings (every layout, random first moves).
#include "abalone/eval.h"
#include "abalone/selfplay.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"
#include "tools/collect.h"

static const RankcutCounts *engine_table(void *engine)
{
    AbaloneEngine *e = engine;
    return e->have_table ? &e->table.counts : NULL;
}

static bool engine_load(void *engine, const char *path, GError **err)
{
    return abalone_engine_load_rankcut(engine, path, err);
}

typedef struct {
    CollectMoveHook hook;
    void *user;
} MoveHook;

static bool on_move(const AbaloneGame *g, Move m, const SearchInfo *info, void *user)
{
    MoveHook *h = user;
    return h->hook(h->user, abalone_game_length(g));
}

static bool engine_play(void *engine, uint64_t seed, int index, double movetime,
                        CollectMoveHook hook, void *user)
{
    AbaloneEngine *e = engine;
    AbaloneGame g;
    abalone_opening(seed, index, &e->rules, &g);
    abalone_engine_new_game(e);
    MoveHook h = {hook, user};
    bool finished = abalone_selfplay(e, e, &g, movetime, on_move, &h);
    abalone_game_free(&g);
    return finished;
}

static void engine_free(void *engine)
{
    abalone_engine_free(engine);
    g_free(engine);
}

static bool setup(CollectGame *g, char **sets, const char *config, const char *rankcut_file,
                  void *data)
{
    static const int32_t edges[3] = ABALONE_RANKCUT_EDGES;
    AbaloneEngine *e = g_new(AbaloneEngine, 1);
    if (!abalone_cli_engine_setup(e, sets, config, rankcut_file)) {
        g_free(e);
        return false;
    }
    *g = (CollectGame){"abalone",
                       ABALONE_EVAL_ID,
                       {edges[0], edges[1], edges[2]},
                       e,
                       &e->search,
                       &e->params,
                       engine_table,
                       engine_load,
                       engine_play,
                       engine_free};
    return true;
}

int abalone_cli_collect(int argc, char **argv)
{
    return collect_cli(argc, argv,
                       "Plays self-play games from varied openings (all layouts, random first "
                       "moves) and counts, at every node and for every move from the history phase "
                       "on, whether a later move beat the best so far. Ctrl-C keeps finished "
                       "games; the same command resumes.",
                       NULL, setup, NULL);
}
