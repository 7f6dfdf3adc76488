// SPDX-License-Identifier: MIT
// make-suite and RankCut coverage for any game (core/lab/commands.h).
#include <stdio.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"
#include "core/lab/selfplay.h"
#include "core/lab/opening.h"

typedef struct {
    const GameDesc *game;
    const char *label;
    int index;
    GPtrArray *lines; // the suite line after every move (NULL: unsuitable)
} Trace;

static bool trace_hook(const GameState *s, Move m, const GameChoice *c, void *user)
{
    Trace *t = user;
    g_ptr_array_add(t->lines, t->game->suite_line(s, t->label, t->index, (int)t->lines->len));
    return !lab_interrupted();
}

// Draws per_game lines of a game from move 10 on (none twice) until body has wanted, or
// until the game has no suitable line left. A draw that lands on a line already taken or
// unsuitable draws again, so a game gives per_game lines whenever it has them, whatever the
// game's length (a draw that merely wasted a turn made the count depend on the timing).
static void draw_lines(GPtrArray *lines, GRand *draw, int per_game, int wanted, GString *body)
{
    int left = 0;
    for (int i = 10; i < (int)lines->len - 1; i++) left += g_ptr_array_index(lines, i) != NULL;
    for (int k = 0; k < per_game && left > 0 && lab_count_lines(body) < wanted;) {
        int i = g_rand_int_range(draw, 10, (int)lines->len - 1);
        char *line = g_ptr_array_index(lines, i);
        if (!line) continue;
        g_string_append_printf(body, "%s\n", line);
        g_free(line);
        g_ptr_array_index(lines, i) = NULL;
        left--;
        k++;
    }
}

static char *suite_header(const GameDesc *game, const SuiteOptions *o)
{
    char size[32] = "";
    if (game->size_max) snprintf(size, sizeof size, " --size %d", o->size);
    return g_strdup_printf("# %s position suite: sumito %s make-suite --positions %d "
                           "--per-game %d%s --time-per-move %g --seed %" G_GINT64_FORMAT,
                           game->title, game->name, o->positions, o->per_game, size, o->movetime,
                           o->seed);
}

int lab_make_suite(const GameDesc *game, const SuiteOptions *o)
{
    char *header = suite_header(game, o);
    GString *body = g_string_new(NULL);
    int games = lab_suite_file_read(o->out, header, body), first = games;
    GError *err = NULL;
    GameEngine *e = games < 0 ? NULL : lab_engine_alphabeta(game, NULL, NULL, NULL, &err);
    if (!e) {
        g_free(header);
        g_string_free(body, TRUE);
        return games < 0 ? EXIT_BAD_INPUT : lab_report(err);
    }
    GRand *rng = g_rand_new_with_seed((guint32)o->seed);
    for (int i = 0; i < games; i++) g_rand_int(rng); // the draws continue where they stopped
    LabProgress progress;
    lab_progress_start(&progress);
    lab_interrupt_catch();
    lab_interrupt_search(game_engine_core(e));
    LabOpenings openings;
    lab_openings_init(&openings, game, o->size);
    bool ok = true;
    while (ok && !lab_interrupted() && lab_count_lines(body) < o->positions) {
        int have = lab_count_lines(body);
        lab_progress(&progress, games > first ? have : 0, o->positions,
                     "game %d: %d of %d positions", games + 1, have, o->positions);
        Trace t = {game, "", games, g_ptr_array_new_with_free_func(g_free)};
        GameState *s = lab_opening(&openings, e, (uint64_t)o->seed, games, o->size, &t.label);
        engine_new_game(game_engine_core(e));
        GameEngine *players[2] = {e, e};
        bool finished = lab_selfplay(game, players, s, o->movetime, trace_hook, &t, NULL);
        if (finished || !lab_interrupted()) {
            GRand *draw = g_rand_new_with_seed(g_rand_int(rng));
            draw_lines(t.lines, draw, o->per_game, o->positions, body);
            g_rand_free(draw);
            games++;
            ok = lab_suite_file_save(o->out, header, games, body);
        }
        g_ptr_array_free(t.lines, TRUE);
        game->state_free(s);
    }
    lab_openings_free(&openings);
    lab_interrupt_search(NULL);
    lab_progress_end(&progress);
    if (ok) printf("%s: %d positions from %d games\n", o->out, lab_count_lines(body), games);
    if (ok && lab_interrupted())
        fprintf(stderr, "interrupted: finished games are saved; run the same command to resume\n");
    g_free(header);
    g_rand_free(rng);
    g_string_free(body, TRUE);
    game_engine_free(game, e);
    return !ok ? EXIT_BAD_INPUT : lab_interrupted() ? 130 : 0;
}

// Lookups and usable cells by remaining depth, from one search's counters.
static void coverage_add(const SearchStats *st, uint64_t *lookups, uint64_t *known)
{
    for (int d = 0; d < RANKCUT_DEPTHS; d++) {
        lookups[d] += st->rankcut_lookups_at[d];
        known[d] += st->rankcut_known_at[d];
    }
}

static void coverage_print(const uint64_t *lookups, const uint64_t *known)
{
    printf("%9s %14s %14s %9s\n", "depth", "decisions", "usable cell", "share");
    for (int d = 0; d < RANKCUT_DEPTHS; d++) {
        if (!lookups[d]) continue;
        printf("%8d%s %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %8.2f%%\n", d + 1,
               d + 1 == RANKCUT_DEPTHS ? "+" : " ", lookups[d], known[d],
               100.0 * (double)known[d] / (double)lookups[d]);
    }
}

int lab_coverage(const GameDesc *game, const char *rankcut_file, const char *suite_file,
                 int min_samples, double movetime, bool backoff)
{
    char *set = g_strdup_printf("rankcut_min_samples=%d", min_samples);
    char *sets[] = {set, backoff ? "rankcut_backoff=true" : NULL, NULL};
    GError *err = NULL;
    GameEngine *e = lab_engine_alphabeta(game, NULL, sets, rankcut_file, &err);
    g_free(set);
    if (!e) return lab_report(err);
    LabSuite suite;
    if (!lab_suite_load(&suite, game, suite_file, &err)) {
        lab_suite_free(&suite);
        game_engine_free(game, e);
        return lab_report(err);
    }
    Engine *core = game_engine_core(e);
    uint64_t lookups = 0, known = 0, reductions = 0, backoffs = 0;
    uint64_t at[RANKCUT_DEPTHS] = {0}, known_at[RANKCUT_DEPTHS] = {0};
    bool active = false;
    for (guint i = 0; i < suite.states->len; i++) {
        GameState *s = g_ptr_array_index(suite.states, i);
        active |= game->rankcut_active(e, game->size(s));
        game->state_adopt_rules(s, e);
        SearchLimits limits = lab_limits(movetime, 0, 0);
        SearchInfo info;
        engine_new_game(core);
        game->search(e, s, &limits, NULL, NULL, &info);
        const SearchStats *st = &core->search.stats;
        lookups += st->rankcut_lookups;
        known += st->rankcut_known;
        reductions += st->rankcut_reductions;
        backoffs += st->rankcut_backoffs;
        coverage_add(st, at, known_at);
    }
    char *name = lab_suite_name(game, suite_file);
    printf("\ncoverage over %s (%u positions, %g s each, RankCut on%s): "
           "%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " decisions (%.2f%%) had a cell with at "
           "least %d samples%s; %" G_GUINT64_FORMAT " reductions%s\n",
           name, suite.states->len, movetime, backoff ? ", with back-off" : "", known, lookups,
           lookups ? 100.0 * (double)known / (double)lookups : 0.0, min_samples,
           backoff ? " (their own or a shallower one)" : "", reductions,
           active ? "" : " (no position has the statistics' board size: RankCut off)");
    if (backoff)
        printf("%" G_GUINT64_FORMAT " decisions took a shallower depth's cell\n", backoffs);
    coverage_print(at, known_at);
    g_free(name);
    lab_suite_free(&suite);
    game_engine_free(game, e);
    return 0;
}
