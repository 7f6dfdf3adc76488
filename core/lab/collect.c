// SPDX-License-Identifier: MIT
// RankCut statistics from self-play, for any game (core/lab/collect.h).
#include "core/lab/collect.h"

#include <stdio.h>
#include <string.h>

#include "core/lab/lab.h"
#include "core/lab/selfplay.h"
#include "core/lab/opening.h"

// The collection: the game, its engine and what its statistics are called.
typedef struct {
    const GameDesc *game;
    GameEngine *engine;
    Engine *core;
    int size;
    char name[16];
} CollectGame;

typedef struct {
    const GameDesc *game;
    int games, current, first;
    int offset; // the number of game 0 of this run (--first-game)
    double movetime;
    uint64_t seed;
    LabProgress line;
    const char *label;
} Progress;

static bool progress_hook(const GameState *s, Move m, const GameChoice *c, void *user)
{
    Progress *p = user;
    lab_progress(&p->line, p->current - p->first, p->games - p->first, "%sgame %d/%d, ply %d",
                 p->label, p->current + 1, p->games, p->game->length(s));
    return !lab_interrupted();
}

// The statistics the engine uses now for this board size, or NULL.
static const RankcutCounts *collect_table(CollectGame *g)
{
    return g->game->rankcut_active(g->engine, g->size) ? engine_rankcut_counts(g->core) : NULL;
}

// Plays games counts->games .. p->games-1 into counts, saving after each finished game.
static bool collect_round(CollectGame *g, RankcutCounts *counts, const char *out, Progress *p,
                          bool pruning)
{
    RankcutCounts game;
    rankcut_counts_init(&game, g->name, g->core->evaluator, &g->game->rankcut_scheme);
    g->core->search.collect = &game;
    g->core->params.rankcut = pruning;
    lab_interrupt_search(g->core);
    lab_progress_start(&p->line);
    p->first = (int)counts->games;
    LabOpenings openings;
    lab_openings_init(&openings, g->game, g->size);
    bool ok = true;
    for (p->current = p->first; p->current < p->games && !lab_interrupted(); p->current++) {
        rankcut_counts_clear(&game);
        GameState *st =
            lab_opening(&openings, g->engine, p->seed, p->offset + p->current, g->size, NULL);
        engine_new_game(g->core);
        GameEngine *players[2] = {g->engine, g->engine};
        bool finished = lab_selfplay(g->game, players, st, p->movetime, progress_hook, p, NULL);
        g->game->state_free(st);
        if (!finished || lab_interrupted()) break; // an unfinished game adds nothing
        GError *err = NULL;
        game.games = 1;
        rankcut_counts_add(counts, &game, NULL);
        if (!rankcut_counts_save(counts, out, &err)) {
            lab_report(err);
            ok = false;
            break;
        }
    }
    lab_openings_free(&openings);
    lab_progress_end(&p->line);
    lab_interrupt_search(NULL);
    g->core->search.collect = NULL;
    rankcut_counts_free(&game);
    return ok;
}

// Opens OUT to resume it, or starts empty counts; refuses a file of another kind.
static bool open_counts(const CollectGame *g, RankcutCounts *c, const char *path, int games)
{
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        rankcut_counts_init(c, g->name, g->core->evaluator, &g->game->rankcut_scheme);
        return true;
    }
    GError *err = NULL;
    RankcutCounts want;
    rankcut_counts_init(&want, g->name, g->core->evaluator, &g->game->rankcut_scheme);
    bool ok =
        rankcut_counts_load(c, path, &err) && rankcut_counts_check_source(&want, c, path, &err);
    rankcut_counts_free(&want);
    if (!ok) {
        lab_error("%s (cannot resume it)", err->message);
        g_error_free(err);
        return false;
    }
    lab_resume_note(path, c->games, games);
    return true;
}

static int run_rounds(CollectGame *g, const char *out, Progress *p, int rounds, double settle)
{
    bool settled = false;
    for (int round = 1; round <= rounds && !settled && !lab_interrupted(); round++) {
        char *path = g_strdup_printf("%s.round%d", out, round);
        char label[32];
        snprintf(label, sizeof label, "round %d: ", round);
        p->label = label;
        RankcutCounts c = {0};
        bool ok = open_counts(g, &c, path, p->games) && collect_round(g, &c, path, p, true);
        if (ok && !lab_interrupted()) {
            const RankcutCounts *before = collect_table(g);
            if (before->scheme.scheme != c.scheme.scheme) {
                printf("round %d: %d games with RankCut on; the table it started from is of "
                       "scheme %d, this one of %d: no comparison\n",
                       round, (int)c.games, before->scheme.scheme, c.scheme.scheme);
            } else {
                RankcutMovement m;
                rankcut_counts_movement(before, &c, (uint64_t)g->core->params.rankcut_min_samples,
                                        &m);
                int all = RANKCUT_DEPTHS;
                settled = m.cells[all] > 0 && m.mean[all] < settle;
                printf("round %d: %d games with RankCut on; over %" G_GUINT64_FORMAT
                       " cells known in both, probabilities moved by %.5f on average (weighted "
                       "by samples), at most %.4f%s\n",
                       round, (int)c.games, m.cells[all], m.mean[all], m.max[all],
                       settled ? ": below --settle, the table has settled" : "");
            }
            fflush(stdout);
            GError *err = NULL;
            ok = rankcut_counts_save(&c, out, &err) && engine_load_rankcut(g->core, path, &err);
            if (!ok) lab_report(err);
        }
        if (c.n) rankcut_counts_free(&c);
        g_free(path);
        if (!ok) return EXIT_BAD_INPUT;
    }
    return lab_interrupted() ? 130 : 0;
}

static int collect_plain(CollectGame *g, const char *out, Progress *p)
{
    RankcutCounts c = {0};
    int rc = open_counts(g, &c, out, p->games) && collect_round(g, &c, out, p, false)
                 ? 0
                 : EXIT_BAD_INPUT;
    if (c.n) {
        uint64_t cells, samples, kc, ks;
        int min = g->core->params.rankcut_min_samples;
        rankcut_counts_summary(&c, (uint64_t)min, &cells, &samples, &kc, &ks);
        printf("%s: %d games, %" G_GUINT64_FORMAT " cells seen, %" G_GUINT64_FORMAT
               " samples; %" G_GUINT64_FORMAT " cells with at least %d samples\n",
               out, (int)c.games, cells, samples, kc, min);
        rankcut_counts_free(&c);
    }
    return rc == 0 && lab_interrupted() ? 130 : rc;
}

int collect_run(const GameDesc *game, const CollectOptions *o)
{
    if (o->mcts_ranks) return collect_ranks_run(game, o);
    CollectGame g = {game, NULL, NULL, o->size, ""};
    GError *err = NULL;
    g.engine = lab_engine_alphabeta(game, o->config, o->sets, o->rankcut_file, &err);
    if (!g.engine) return lab_report(err);
    if (!lab_single_threaded(g.engine, "rankcut-collect")) {
        game_engine_free(game, g.engine);
        return EXIT_BAD_INPUT;
    }
    g.core = game_engine_core(g.engine);
    game->rankcut_game(o->size, g.name);
    if (o->with_pruning && !collect_table(&g)) {
        game_engine_free(game, g.engine);
        return lab_error("--with-pruning needs statistics to start from (--rankcut-file)");
    }
    Progress p = {game, o->games, 0, 0, o->first_game, o->movetime, o->seed, {false, 0}, ""};
    lab_interrupt_catch();
    int rc = o->with_pruning ? run_rounds(&g, o->out, &p, o->rounds, o->settle)
                             : collect_plain(&g, o->out, &p);
    if (lab_interrupted())
        fprintf(stderr, "interrupted: finished games are saved; run the same "
                        "command to resume\n");
    game_engine_free(game, g.engine);
    return rc;
}
