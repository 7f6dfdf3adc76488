// SPDX-License-Identifier: MIT
// The compare and compare-reference commands for any game (core/lab/compare.h): the
// reference's computation with resumption, and the runs of every configuration.
#include "core/lab/compare.h"
#include "base/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------------------------------
// Positions and moves of reference files, checked and made canonical by the game.

static void replace(char **text, char *with)
{
    g_free(*text);
    *text = with;
}

static bool check_line(void *data, char **position, char **moves, int n, GError **err)
{
    const GameDesc *game = data;
    GameState *s = game->state_new(0, *position, err);
    if (!s) return false;
    replace(position, game->state_text(s));
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        Move m = game->move_parse(s, moves[i], err);
        char text[GAME_MOVE_TEXT];
        ok = m != MOVE_NONE;
        if (ok) replace(&moves[i], g_strdup(game->move_format(s, m, text)));
    }
    game->state_free(s);
    return ok;
}

// ---------------------------------------------------------------------------------------
// compare-reference

// The value of move m of s for its mover: by the rules when it ends the game, else by the
// negated search of the position after it.
static Score score_move(const GameDesc *game, GameEngine *e, const GameState *s, Move m, int depth)
{
    int mover = game->side(s);
    GameState *child = game->state_copy(s);
    game->play(child, m);
    GameResult r;
    game->result(child, &r);
    Score score;
    if (r.over) {
        score = game->final_score(child, mover);
    } else {
        SearchLimits limits = lab_limits(0, 0, depth - 1);
        SearchInfo info;
        game->search(e, child, &limits, NULL, NULL, &info);
        Score v = -info.score;
        // The child's forced results count one ply more from the root.
        score = score_is_mate(v) ? (v > 0 ? v - 1 : v + 1) : v;
    }
    game->state_free(child);
    return score;
}

int compare_reference_moves(const GameDesc *game, GameEngine *e, const GameState *s, int depth,
                            Move *moves, Score *scores)
{
    g_return_val_if_fail(depth >= 2, 0); // a child search of depth 0 would have no limit
    Engine *core = game_engine_core(e);
    SearchParams saved = core->params;
    search_params_plain(&core->params);
    int n = game->reference_moves(e, s, moves);
    for (int i = 0; i < n; i++) scores[i] = score_move(game, e, s, moves[i], depth);
    core->params = saved;
    // Best first (stable: equal scores keep the generator's order).
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && scores[j] > scores[j - 1]; j--) {
            Score v = scores[j];
            Move m = moves[j];
            scores[j] = scores[j - 1], moves[j] = moves[j - 1];
            scores[j - 1] = v, moves[j - 1] = m;
        }
    return n;
}

// A deep entry: one plain alpha-beta search of s stopped at `nodes` nodes, its best move, score
// and completed depth.
static RefEntry *deep_entry(const GameDesc *game, GameEngine *e, GameState *s, const char *text,
                            uint64_t nodes)
{
    game->state_adopt_rules(s, e);
    SearchLimits limits = lab_limits(0, nodes, 0);
    SearchInfo info;
    Move m = game->search(e, s, &limits, NULL, NULL, &info);
    RefEntry *entry = reference_entry_new(text, MAX(info.depth, 1));
    entry->nodes = nodes;
    char move[GAME_MOVE_TEXT];
    reference_entry_add_move(entry, game->move_format(s, m, move), info.score);
    return entry;
}

static RefEntry *reference_entry(const GameDesc *game, GameEngine *e, const LabSuite *suite, int p,
                                 const ReferenceJob *job)
{
    GameState *s = g_ptr_array_index(suite->states, p);
    const char *text = g_ptr_array_index(suite->texts, p);
    engine_new_game(game_engine_core(e));
    if (job->nodes) return deep_entry(game, e, s, text, job->nodes);
    int depth = job->depth;
    Move *moves = g_new(Move, game->max_moves);
    Score *scores = g_new(Score, game->max_moves);
    int n = compare_reference_moves(game, e, s, depth, moves, scores);
    RefEntry *entry = reference_entry_new(text, depth);
    for (int i = 0; i < n; i++) {
        char move[GAME_MOVE_TEXT];
        reference_entry_add_move(entry, game->move_format(s, moves[i], move), scores[i]);
    }
    g_free(moves);
    g_free(scores);
    return entry;
}

static bool write_reference(const GameDesc *game, const char *evaluator, const Reference *r,
                            const ReferenceJob *job, const char *out, GError **err)
{
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "# Compare reference: sumito %s compare-reference ", game->name);
    if (job->nodes)
        g_string_append_printf(text, "--nodes %" G_GUINT64_FORMAT, job->nodes);
    else
        g_string_append_printf(text, "--depth %d", job->depth);
    if (job->shards > 1) g_string_append_printf(text, " --shard %d/%d", job->shard, job->shards);
    for (char **s = job->sets; s && *s; s++) g_string_append_printf(text, " --set %s", *s);
    g_string_append_printf(text, "\n# evaluator %s\n", evaluator);
    if (r->search[0]) g_string_append_printf(text, "# search %s\n", r->search);
    for (guint k = 0; k < r->entries->len; k++) {
        char *line = reference_format(g_ptr_array_index(r->entries, k));
        g_string_append_printf(text, "%s\n", line);
        g_free(line);
    }
    bool ok = file_write_atomic(out, text->str, text->len, err);
    g_string_free(text, TRUE);
    return ok;
}

// Position i (from 0) is in the job's shard: its number (from 1) is shard modulo shards.
static bool in_shard(const ReferenceJob *job, int i)
{
    return job->shards <= 1 || i % job->shards == job->shard - 1;
}

// `have` (NULL: nothing) already holds what the job computes for its position.
static bool entry_done(const ReferenceJob *job, const RefEntry *have)
{
    return have &&
           (job->nodes ? have->nodes == job->nodes : !have->nodes && have->depth == job->depth);
}

// Computes the positions of the job that out does not hold yet, saving after each one.
static bool compute_reference(const GameDesc *game, const LabSuite *suite, Reference *done,
                              const ReferenceJob *job, const char *out, int *computed, GError **err)
{
    GPtrArray *sets = g_ptr_array_new();
    g_ptr_array_add(sets, "plain");
    for (char **s = job->sets; s && *s; s++) g_ptr_array_add(sets, *s);
    g_ptr_array_add(sets, NULL);
    GameEngine *e = lab_engine_alphabeta(game, NULL, (char **)sets->pdata, NULL, err);
    g_ptr_array_free(sets, true);
    if (!e) return false;
    lab_interrupt_catch();
    LabProgress progress;
    lab_progress_start(&progress);
    bool ok = true;
    int n = (int)suite->states->len, todo = 0;
    for (int i = 0; i < n; i++)
        todo += in_shard(job, i) &&
                !entry_done(job, reference_find(done, g_ptr_array_index(suite->texts, i)));
    for (int i = 0; i < n && !lab_interrupted() && ok; i++) {
        if (!in_shard(job, i) ||
            entry_done(job, reference_find(done, g_ptr_array_index(suite->texts, i))))
            continue;
        lab_progress(&progress, *computed, todo, "position %d/%d", i + 1, n);
        RefEntry *entry = reference_entry(game, e, suite, i, job);
        if (lab_interrupted()) {
            reference_entry_free(entry);
            break;
        }
        reference_add(done, entry);
        (*computed)++;
        ok = write_reference(game, game_engine_core(e)->evaluator, done, job, out, err);
    }
    lab_progress_end(&progress);
    game_engine_free(game, e);
    return ok;
}

int compare_reference_run(const GameDesc *game, const char *suite_file, const ReferenceJob *job,
                          const char *out)
{
    GError *err = NULL;
    LabSuite suite;
    Reference done;
    int computed = 0, rc = 0;
    if (job->sets && job->sets[0] && !job->nodes)
        return lab_error("--set goes with --nodes (a deep reference searched with them)");
    if (!lab_suite_load(&suite, game, suite_file, &err)) {
        lab_suite_free(&suite);
        return lab_report(err);
    }
    if (g_file_test(out, G_FILE_TEST_EXISTS)) {
        if (!reference_load(&done, out, check_line, (void *)game, &err)) {
            rc = lab_error("%s (cannot resume it)", err->message);
            g_error_free(err);
            reference_free(&done);
            lab_suite_free(&suite);
            return rc;
        }
    } else {
        reference_init(&done);
    }
    char *search = job->sets ? g_strjoinv(",", job->sets) : g_strdup("");
    bool same = done.entries->len == 0 || strcmp(done.search, search) == 0;
    if (!same)
        rc = lab_error("%s: a reference searched with '%s', not '%s' (cannot resume it)", out,
                       done.search[0] ? done.search : "plain alpha-beta",
                       search[0] ? search : "plain alpha-beta");
    g_strlcpy(done.search, search, sizeof done.search);
    g_free(search);
    if (!same) {
        reference_free(&done);
        lab_suite_free(&suite);
        return rc;
    }
    if (!compute_reference(game, &suite, &done, job, out, &computed, &err)) {
        rc = err ? lab_report(err) : EXIT_BAD_INPUT;
    } else {
        char what[64];
        if (job->nodes)
            snprintf(what, sizeof what, "searched to %" G_GUINT64_FORMAT " nodes", job->nodes);
        else
            snprintf(what, sizeof what, "at depth %d", job->depth);
        printf("%s: %u positions %s (%d computed now)%s\n", out, done.entries->len, what, computed,
               lab_interrupted() ? "; interrupted, the same command resumes" : "");
    }
    reference_free(&done);
    lab_suite_free(&suite);
    return lab_interrupted() ? 130 : rc;
}

// ---------------------------------------------------------------------------------------
// compare

// One configuration's search of position p in one mode, with fresh tables.
static void search_one(const CompareJob *job, const CompareConfig *c, int p, int mode,
                       CompareRun *r)
{
    const GameDesc *game = job->game;
    GameState *s = g_ptr_array_index(job->suite.states, p);
    Engine *core = game_engine_core(c->engine);
    double t;
    uint64_t nodes;
    int d;
    compare_mode_limits(job, mode, &t, &nodes, &d);
    game->state_adopt_rules(s, c->engine);
    engine_new_game(core);
    SearchLimits limits = lab_limits(t, nodes, d);
    SearchInfo info;
    Move m = game->search(c->engine, s, &limits, NULL, NULL, &info);
    char text[GAME_MOVE_TEXT];
    g_strlcpy(r->move, game->move_format(s, m, text), sizeof r->move);
    r->depth = info.depth;
    r->nodes = core->search.nodes;
    r->seconds = search_elapsed(&core->search);
}

static void print_run(const CompareJob *job, int p, int k, const CompareConfig *c,
                      const CompareRun *r)
{
    char mode[32];
    compare_mode_name(job, k, mode, sizeof mode);
    char lost[16] = "?";
    if (r->lost_known) snprintf(lost, sizeof lost, "%d", r->value_lost);
    printf("position %3d %-10s %-12s depth %2d  nodes %10" G_GUINT64_FORMAT
           "  %7.3f s  %-7s %s lost %s\n",
           p + 1, mode, c->name, r->depth, r->nodes, r->seconds, r->move,
           !r->known  ? "(no reference)"
           : r->agree ? "agrees"
                      : "differs",
           lost);
}

// Runs every configuration on every position in every mode, interleaved per position.
static void run_all(CompareJob *job, bool verbose)
{
    int n = job->npositions, modes = compare_modes(job);
    for (int c = 0; c < job->nconfigs; c++)
        job->configs[c].runs = g_new0(CompareRun, (size_t)(n * modes));
    LabProgress progress;
    lab_progress_start(&progress);
    for (int p = 0; p < n; p++) {
        const RefEntry *ref =
            reference_find(&job->reference, g_ptr_array_index(job->suite.texts, p));
        lab_progress(&progress, p, n, "position %d/%d", p + 1, n);
        for (int k = 0; k < modes; k++)
            for (int c = 0; c < job->nconfigs; c++) {
                CompareRun *r = &job->configs[c].runs[p * modes + k];
                search_one(job, &job->configs[c], p, k, r);
                r->known =
                    ref && reference_judge(ref, r->move, &r->agree, &r->lost_known, &r->value_lost);
                if (verbose) print_run(job, p, k, &job->configs[c], r);
            }
    }
    lab_progress_end(&progress);
}

// Parses "NAME:key=value,key=value" (or "NAME" alone) into a configuration.
static bool parse_config(const GameDesc *game, const char *text, CompareConfig *c,
                         const char *rankcut_file)
{
    const char *colon = strchr(text, ':');
    c->name = colon ? g_strndup(text, (gsize)(colon - text)) : g_strdup(text);
    c->sets = colon && colon[1] ? g_strsplit(colon + 1, ",", -1) : g_new0(char *, 1);
    if (!*c->name) return lab_error("configuration '%s' has no name", text), false;
    GError *err = NULL;
    c->engine = lab_engine_alphabeta(game, NULL, c->sets, rankcut_file, &err);
    if (!c->engine) lab_report(err);
    return c->engine != NULL && lab_single_threaded(c->engine, "compare");
}

static void free_config(const GameDesc *game, CompareConfig *c)
{
    if (c->engine) game_engine_free(game, c->engine);
    g_free(c->name);
    g_strfreev(c->sets);
    g_free(c->runs);
}

static bool load_inputs(CompareJob *job, const char *suite_file, const char *reference_file)
{
    const GameDesc *game = job->game;
    GError *err = NULL;
    bool ok = lab_suite_load(&job->suite, game, suite_file, &err);
    if (ok) job->npositions = (int)job->suite.states->len;
    if (ok && reference_file) {
        ok = reference_load(&job->reference, reference_file, check_line, (void *)game, &err);
    } else if (ok) {
        char *text = game->builtin_reference();
        ok = reference_parse(&job->reference, text, "built-in compare reference", check_line,
                             (void *)game, &err);
        g_free(text);
    } else {
        reference_init(&job->reference);
    }
    if (!ok) lab_report(err);
    return ok;
}

static bool set_configs(CompareJob *job, char **specs, const char *rankcut_file)
{
    static char *defaults[] = {"alphabeta:plain", "rankcut:plain,rankcut=true", NULL};
    specs = specs ? specs : defaults;
    for (int i = 0; specs[i]; i++) {
        if (job->nconfigs >= COMPARE_MAX_CONFIGS)
            return lab_error("at most %d configurations", COMPARE_MAX_CONFIGS), false;
        CompareConfig *c = &job->configs[job->nconfigs++];
        if (!parse_config(job->game, specs[i], c, rankcut_file)) return false;
    }
    return true;
}

int compare_run(CompareJob *job, const char *suite_file, const char *reference_file, char **configs,
                const char *rankcut_file, bool verbose, const char *csv, const char *chart)
{
    int rc = EXIT_BAD_INPUT;
    if (load_inputs(job, suite_file, reference_file) && set_configs(job, configs, rankcut_file)) {
        run_all(job, verbose);
        rc = compare_report(job, csv);
        GError *err = NULL;
        if (rc == 0 && chart && !compare_chart_write(job, chart, &err)) rc = lab_report(err);
    }
    for (int i = 0; i < job->nconfigs; i++) free_config(job->game, &job->configs[i]);
    reference_free(&job->reference);
    lab_suite_free(&job->suite);
    return rc;
}
