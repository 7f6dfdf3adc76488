// SPDX-License-Identifier: MIT
// rankcut-collect --mcts-ranks: the rank statistics of the Monte Carlo search's widening
// (core/mcts_widen.h) from self-play, for any game. Every search of a self-play game with every
// child open (mcts_widen=none) adds the rank, in the prior's order, of the child it chose; the
// file is saved after each finished game, and the same command resumes it.
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

// After each move: the rank of the searched move among the root's children, which the search
// keeps in the prior's order.
static bool ranks_hook(const GameState *s, Move m, const GameChoice *c, void *user)
{
    RanksRun *r = user;
    const MctsTree *t = r->core->search.mcts;
    if (c->searched && t && t->nodes) {
        uint32_t best = mcts_tree_best_child(t, t->root);
        if (best && t->nodes[best].move == m)
            mcts_ranks_add(r->game_ranks, (int)(best - t->nodes[t->root].children));
    }
    lab_progress(&r->line, r->current - r->first, r->games - r->first, "game %d/%d, ply %d",
                 r->current + 1, r->games, r->game->length(s));
    return !lab_interrupted();
}

// Opens OUT to resume it (statistics of the same game only), or starts empty ones.
static bool open_ranks(MctsRanks *r, const char *name, const char *path, int games)
{
    mcts_ranks_init(r, name);
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) return true;
    GError *err = NULL;
    if (!mcts_ranks_load(r, path, &err)) {
        lab_error("%s (cannot resume it)", err->message);
        g_error_free(err);
        return false;
    }
    if (strcmp(r->game, name) != 0) {
        lab_error("%s: rank statistics of '%s', not of '%s' (cannot resume it)", path, r->game,
                  name);
        return false;
    }
    lab_resume_note(path, r->games, games);
    return true;
}

static int play_games(RanksRun *run, GameEngine *engine, MctsRanks *all, const CollectOptions *o)
{
    MctsRanks one;
    mcts_ranks_init(&one, all->game);
    run->game_ranks = &one;
    LabOpenings openings;
    lab_openings_init(&openings, run->game, o->size);
    lab_progress_start(&run->line);
    int rc = 0;
    for (run->current = run->first; run->current < run->games && !lab_interrupted();
         run->current++) {
        mcts_ranks_init(&one, all->game);
        GameState *st =
            lab_opening(&openings, engine, o->seed, o->first_game + run->current, o->size, NULL);
        engine_new_game(run->core);
        GameEngine *players[2] = {engine, engine};
        bool finished = lab_selfplay(run->game, players, st, o->movetime, ranks_hook, run, NULL);
        run->game->state_free(st);
        if (!finished || lab_interrupted()) break; // an unfinished game adds nothing
        for (int i = 0; i < MCTS_RANKS; i++) all->count[i] += one.count[i];
        all->games++;
        GError *err = NULL;
        if (!mcts_ranks_save(all, o->out, &err)) {
            rc = lab_report(err);
            break;
        }
    }
    lab_progress_end(&run->line);
    lab_openings_free(&openings);
    return rc;
}

// The percentage of the n searches whose move was among the prior's first k.
static double share(const MctsRanks *r, int k, uint64_t n)
{
    uint64_t in = 0;
    for (int i = 0; i < k; i++) in += r->count[i];
    return n ? 100.0 * (double)in / (double)n : 0.0;
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
    char name[16];
    game->rankcut_game(o->size, name);
    MctsRanks all;
    if (!open_ranks(&all, name, o->out, o->games)) {
        game_engine_free(game, engine);
        return EXIT_BAD_INPUT;
    }
    run.first = (int)MIN(all.games, (uint64_t)o->games);
    lab_interrupt_catch();
    lab_interrupt_search(run.core);
    int rc = play_games(&run, engine, &all, o);
    lab_interrupt_search(NULL);
    if (rc == 0) {
        uint64_t n = mcts_ranks_searches(&all);
        printf("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
               " searches; the chosen move was the prior's first in %.1f %%, in its first 5 in "
               "%.1f %%, in its first 10 in %.1f %%\n",
               o->out, all.games, n, share(&all, 1, n), share(&all, 5, n), share(&all, 10, n));
    }
    if (lab_interrupted()) {
        fprintf(stderr, "interrupted: finished games are saved; run the same command to resume\n");
        rc = 130;
    }
    game_engine_free(game, engine);
    return rc;
}
