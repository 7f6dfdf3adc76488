// SPDX-License-Identifier: MIT
// rankcut-collect --mcts-ranks: the rank statistics of the Monte Carlo search's widening
// (core/mcts_widen.h) from self-play, for any game. At the end of every search of a self-play
// game with every child open (mcts_widen=none), the search counts each node of its tree with
// mcts_ranks_min_visits simulations: the rank, in the prior's order, of the child the node
// visited most, by the node's visits, depth and phase (core/mcts_body.h, mcts_collect). The
// statistics are tied to the game and the prior; the file is saved after each finished game,
// and the same command resumes it.
#include "core/lab/collect.h"

#include <stdio.h>
#include <string.h>

#include "core/lab/lab.h"
#include "core/lab/opening.h"
#include "core/lab/selfplay.h"
#include "core/mcts_widen.h"

typedef struct {
    const GameDesc *game;
    Engine *core;
    MctsRanks *game_ranks; // the current game's
    int games, current, first;
    LabProgress line;
} RanksRun;

// After each move: the progress line (the search counted the tree's nodes).
static bool ranks_hook(const GameState *s, Move m, const GameChoice *c, void *user)
{
    RanksRun *r = user;
    lab_progress(&r->line, r->current - r->first, r->games - r->first, "game %d/%d, ply %d",
                 r->current + 1, r->games, r->game->length(s));
    return !lab_interrupted();
}

// Opens OUT to resume it (statistics of the same game, prior and minimum only), or starts empty
// ones like `fresh`.
static bool open_ranks(MctsRanks *r, const MctsRanks *fresh, const char *path, int games)
{
    *r = *fresh;
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) return true;
    GError *err = NULL;
    MctsRanks *file = g_new(MctsRanks, 1);
    bool ok = mcts_ranks_load(file, path, &err);
    if (!ok)
        lab_error("%s (cannot resume it)", err->message);
    else if (!(ok = mcts_ranks_merge(r, file, &err)))
        lab_error("%s: %s (cannot resume it)", path, err->message);
    g_clear_error(&err);
    if (ok) lab_resume_note(path, r->games, games);
    g_free(file);
    return ok;
}

static int play_games(RanksRun *run, GameEngine *engine, MctsRanks *all, const CollectOptions *o)
{
    MctsRanks *one = g_new(MctsRanks, 1);
    run->core->search.mcts_collect = one;
    LabOpenings openings;
    lab_openings_init(&openings, run->game, o->size);
    lab_progress_start(&run->line);
    int rc = 0;
    for (run->current = run->first; run->current < run->games && !lab_interrupted();
         run->current++) {
        mcts_ranks_init(one, all->game, all->prior, all->min_visits);
        GameState *st =
            lab_opening(&openings, engine, o->seed, o->first_game + run->current, o->size, NULL);
        engine_new_game(run->core);
        GameEngine *players[2] = {engine, engine};
        bool finished = lab_selfplay_limited(run->game, players, st, o->nodes ? 0 : o->movetime,
                                             o->nodes, ranks_hook, run, NULL);
        run->game->state_free(st);
        if (!finished || lab_interrupted()) break; // an unfinished game adds nothing
        one->games = 1;
        GError *err = NULL;
        if (!mcts_ranks_merge(all, one, &err) || !mcts_ranks_save(all, o->out, &err)) {
            rc = lab_report(err);
            break;
        }
    }
    run->core->search.mcts_collect = NULL;
    lab_progress_end(&run->line);
    lab_openings_free(&openings);
    g_free(one);
    return rc;
}

// The percentage of the n nodes whose preferred child was among the prior's first k.
static double share(const MctsRanks *r, int k, uint64_t n)
{
    uint64_t in = 0;
    for (int c = 0; c < MCTS_RANK_CELLS; c++)
        for (int i = 0; i < k; i++) in += r->count[c][i];
    return n ? 100.0 * (double)in / (double)n : 0.0;
}

// The widths the rank schedule gives with these statistics at the engine's theta and cell
// minimum: a row per bucket of visits, a column per depth, the four phases in each.
static void print_widths(MctsRanks *r, const SearchParams *p)
{
    mcts_ranks_finish(r, (uint64_t)p->mcts_widen_cell_min);
    MctsWiden w = {.schedule = MCTS_WIDEN_RANK, .theta = p->mcts_widen_theta, .ranks = r};
    printf("widths at mcts_widen_theta=%g, mcts_widen_cell_min=%d (phases 0/1/2/3):\n%-10s",
           p->mcts_widen_theta, p->mcts_widen_cell_min, "visits");
    static const char *const depth[MCTS_RANK_DEPTHS] = {"depth 0 (root)", "depth 1", "depth 2",
                                                        "depth 3+"};
    for (int d = 0; d < MCTS_RANK_DEPTHS; d++) printf(" %-15s", depth[d]);
    printf("\n");
    for (int b = 0; b < MCTS_RANK_BUCKETS; b++) {
        uint32_t n = b ? 16u << (b - 1) : 8u;
        printf("%-10u", n);
        for (int d = 0; d < MCTS_RANK_DEPTHS; d++) {
            char cell[64] = "";
            for (int ph = 0; ph < MCTS_RANK_PHASES; ph++)
                g_snprintf(cell + strlen(cell), sizeof cell - strlen(cell), "%s%d", ph ? "/" : "",
                           mcts_widen_width(&w, n, d, ph, MCTS_RANKS));
            printf(" %-15s", cell);
        }
        printf("\n");
    }
}

int collect_ranks_run(const GameDesc *game, const CollectOptions *o)
{
    GError *err = NULL;
    GameEngine *engine = game_engine_new(game, o->config, o->sets, o->rankcut_file, &err);
    if (!engine) return lab_report(err);
    if (!lab_single_threaded(engine, "rankcut-collect --mcts-ranks")) {
        game_engine_free(game, engine);
        return EXIT_BAD_INPUT;
    }
    RanksRun run = {game, game_engine_core(engine), NULL, o->games, 0, 0, {false, 0}};
    run.core->params.search = SEARCH_MCTS;
    run.core->params.mcts_widen = MCTS_WIDEN_NONE;
    char name[16], prior[ENGINE_PRIOR_ID];
    game->rankcut_game(o->size, name);
    engine_mcts_prior_id(run.core, prior);
    MctsRanks *fresh = g_new(MctsRanks, 1), *all = g_new(MctsRanks, 1);
    mcts_ranks_init(fresh, name, prior, (uint32_t)run.core->params.mcts_ranks_min_visits);
    bool opened = open_ranks(all, fresh, o->out, o->games);
    g_free(fresh);
    if (!opened) {
        g_free(all);
        game_engine_free(game, engine);
        return EXIT_BAD_INPUT;
    }
    run.first = (int)MIN(all->games, (uint64_t)o->games);
    lab_interrupt_catch();
    lab_interrupt_search(run.core);
    int rc = play_games(&run, engine, all, o);
    lab_interrupt_search(NULL);
    if (rc == 0) {
        uint64_t n = mcts_ranks_nodes(all);
        printf("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
               " nodes of %u simulations or more; their most visited child was the prior's first "
               "in %.1f %%, in its first 5 in %.1f %%, in its first 10 in %.1f %%\n",
               o->out, all->games, n, all->min_visits, share(all, 1, n), share(all, 5, n),
               share(all, 10, n));
        print_widths(all, &run.core->params);
    }
    if (lab_interrupted()) {
        fprintf(stderr, "interrupted: finished games are saved; run the same command to resume\n");
        rc = 130;
    }
    g_free(all);
    game_engine_free(game, engine);
    return rc;
}
