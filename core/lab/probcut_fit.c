// SPDX-License-Identifier: MIT
// ProbCut's calibration from self-play (core/lab/probcut_fit.h).
#include "core/lab/probcut_fit.h"

#include <stdio.h>
#include <string.h>

#include "core/engine.h"
#include "core/lab/lab.h"
#include "core/lab/selfplay.h"
#include "core/lab/opening.h"

typedef struct {
    const GameDesc *game;
    int games, current, first;
    LabProgress line;
} FitProgress;

static bool progress_hook(const GameState *s, Move m, const GameChoice *c, void *user)
{
    FitProgress *p = user;
    lab_progress(&p->line, p->current - p->first, p->games - p->first, "game %d/%d, ply %d",
                 p->current + 1, p->games, p->game->length(s));
    return !lab_interrupted();
}

// Opens OUT to resume it, or starts an empty calibration; refuses a file of another kind.
static bool open_data(ProbcutData *c, const ProbcutData *want, const char *path, int games)
{
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        *c = *want;
        return true;
    }
    GError *err = NULL;
    if (!probcut_data_load(c, path, &err) || !probcut_data_check_source(want, c, path, &err)) {
        lab_error("%s (cannot resume it)", err->message);
        g_error_free(err);
        return false;
    }
    lab_resume_note(path, c->games, games);
    return true;
}

// Plays games c->games .. o->games - 1, adding each finished one and saving the file.
static bool fit_games(const GameDesc *game, GameEngine *e, ProbcutData *c, ProbcutData *one,
                      const ProbcutFitOptions *o)
{
    Engine *core = game_engine_core(e);
    FitProgress p = {game, o->games, 0, (int)c->games, {false, 0}};
    lab_interrupt_search(core);
    lab_progress_start(&p.line);
    LabOpenings openings;
    lab_openings_init(&openings, game, o->size);
    bool ok = true;
    for (p.current = p.first; p.current < o->games && !lab_interrupted(); p.current++) {
        probcut_data_init(one, c->game, c->evaluator, c->stages, c->range);
        core->search.probcut_collect = one;
        GameState *st =
            lab_opening(&openings, e, o->seed, o->first_game + p.current, o->size, NULL);
        engine_new_game(core);
        GameEngine *players[2] = {e, e};
        bool finished = lab_selfplay(game, players, st, o->movetime, progress_hook, &p, NULL);
        game->state_free(st);
        core->search.probcut_collect = NULL;
        if (!finished || lab_interrupted()) break; // an unfinished game adds nothing
        one->games = 1;
        GError *err = NULL;
        if (!probcut_data_add(c, one, &err) || !probcut_data_save(c, o->out, &err)) {
            lab_report(err);
            ok = false;
            break;
        }
    }
    lab_openings_free(&openings);
    lab_progress_end(&p.line);
    lab_interrupt_search(NULL);
    return ok;
}

int probcut_fit_run(const GameDesc *game, const ProbcutFitOptions *o)
{
    GError *err = NULL;
    GameEngine *e = lab_engine_alphabeta(game, o->config, o->sets, NULL, &err);
    if (!e) return lab_report(err);
    if (!lab_single_threaded(e, "probcut-fit")) {
        game_engine_free(game, e);
        return EXIT_BAD_INPUT;
    }
    Engine *core = game_engine_core(e);
    char name[16];
    game->rankcut_game(o->size, name);
    ProbcutData *want = g_new(ProbcutData, 1), *c = g_new(ProbcutData, 1);
    ProbcutData *one = g_new(ProbcutData, 1);
    probcut_data_init(want, name, core->evaluator, core->kind->probcut_stages, o->range);
    lab_interrupt_catch();
    int rc = EXIT_BAD_INPUT;
    if (open_data(c, want, o->out, o->games) && fit_games(game, e, c, one, o)) {
        printf("%s: game %s, evaluator %s, %d games\n", o->out, c->game, c->evaluator,
               (int)c->games);
        probcut_print_fits(c, core->params.probcut_min_samples, stdout);
        rc = lab_interrupted() ? 130 : 0;
    }
    if (lab_interrupted())
        fprintf(stderr, "interrupted: finished games are saved; run the same command to resume\n");
    g_free(want), g_free(c), g_free(one);
    game_engine_free(game, e);
    return rc;
}

void probcut_print_fits(const ProbcutData *c, int64_t min_samples, FILE *out)
{
    int lines = 0;
    fprintf(out, "stage  d  D        n        a         b     sigma      r\n");
    for (int st = 0; st < c->stages; st++)
        for (int deep = 2; deep < PROBCUT_DEPTHS; deep++)
            for (int d = 1; d < deep; d++) {
                ProbcutFit f;
                if (!probcut_fit(&c->sums[st][d][deep], &f) || f.n < min_samples) continue;
                fprintf(out, "%5d %2d %2d %8" G_GINT64_FORMAT " %8.4f %9.2f %9.2f %6.3f\n", st, d,
                        deep, f.n, f.a, f.b, f.sigma, f.r);
                lines++;
            }
    if (!lines)
        fprintf(out, "(no depth pair has %" G_GINT64_FORMAT " pairs yet: ProbCut would not act)\n",
                min_samples);
}

int probcut_fit_show(const char *path, int min_samples)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    GError *err = NULL;
    int rc = 0;
    if (probcut_data_load(c, path, &err)) {
        printf("%s: game %s, evaluator %s, %d stages, range %d, %" G_GUINT64_FORMAT " games\n",
               path, c->game, c->evaluator, c->stages, c->range, c->games);
        probcut_print_fits(c, min_samples, stdout);
    } else {
        rc = lab_report(err);
    }
    g_free(c);
    return rc;
}

int probcut_fit_merge(int nfiles, char *const *files, const char *out)
{
    ProbcutData *total = g_new(ProbcutData, 1), *part = g_new(ProbcutData, 1);
    GError *err = NULL;
    bool ok = probcut_data_load(total, files[0], &err);
    for (int i = 1; ok && i < nfiles; i++) {
        ok = probcut_data_load(part, files[i], &err);
        if (!ok) break;
        char *what = g_strdup_printf("%s and %s", files[0], files[i]);
        ok = probcut_data_check_source(total, part, what, &err) &&
             probcut_data_add(total, part, &err);
        g_free(what);
    }
    ok = ok && probcut_data_save(total, out, &err);
    int rc = ok ? 0 : lab_report(err);
    if (ok) printf("%s: %d files, %" G_GUINT64_FORMAT " games\n", out, nfiles, total->games);
    g_free(total);
    g_free(part);
    return rc;
}
