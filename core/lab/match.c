// SPDX-License-Identifier: MIT
// The match runner (core/lab/match.h): the opening order, the results folder, the workers
// that play games side by side, progress, Ctrl-C, SPRT stops, merging and summaries.
#include "core/lab/match.h"
#include "base/file.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/engine_pipe.h"
#include "core/lab/lab.h"
#include "core/lab/match_play.h"
#include "core/lab/match_results.h"

bool match_players_make(MatchOptions *o, GPtrArray *specs, GError **err)
{
    if (specs->len == 0) {
        g_ptr_array_add(specs, g_strdup("Erankcut:"));
        g_ptr_array_add(specs, g_strdup("Ealphabeta:plain"));
    }
    if (specs->len != 2) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    "a match has two players (--engine or --engine-cmd twice), not %u", specs->len);
        return false;
    }
    for (int i = 0; i < 2; i++) {
        const char *spec = g_ptr_array_index(specs, i);
        if (!match_player_parse(&o->players[i], spec + 1, spec[0] == 'C', err)) return false;
        if (o->players[i].command && !o->game->outside_start) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "%s has no protocol for outside engines", o->game->title);
            return false;
        }
    }
    if (strcmp(o->players[0].name, o->players[1].name) == 0) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    "the two players need different names, not both '%s'", o->players[0].name);
        return false;
    }
    return true;
}

int match_start(MatchOptions *o, const char *out)
{
    GDateTime *now = g_date_time_new_now_local();
    char *date = g_date_time_format(now, "%Y.%m.%d");
    g_date_time_unref(now);
    o->date = date;
    if (!o->movetime && !o->depth && !o->nodes && !o->clock) o->movetime = 0.1;
    char *folder = out ? g_strdup(out) : match_default_folder(o);
    o->out = folder;
    int rc = match_run(o);
    o->out = NULL, o->date = NULL;
    g_free(folder);
    g_free(date);
    return rc;
}

char *match_default_folder(const MatchOptions *o)
{
    GString *s = g_string_new("match-");
    g_string_append(s, o->game->name);
    if (o->game->size_max) g_string_append_printf(s, "%d", o->size);
    g_string_append_printf(s, "-%s-%s", o->players[0].name, o->players[1].name);
    if (o->movetime > 0) g_string_append_printf(s, "-t%g", o->movetime);
    if (o->depth > 0) g_string_append_printf(s, "-d%d", o->depth);
    if (o->nodes > 0) g_string_append_printf(s, "-n%" G_GUINT64_FORMAT, o->nodes);
    if (o->clock > 0) g_string_append_printf(s, "-c%g+%g", o->clock, o->increment);
    g_string_append_printf(s, "-s%" G_GUINT64_FORMAT, o->seed);
    return g_string_free(s, FALSE);
}

// ---------------------------------------------------------------------------------------
// The match's header, its openings and their order

static char *limits_text(const MatchOptions *o)
{
    MatchLimits l = {o->movetime, o->depth, o->nodes, o->clock, o->increment};
    char *text = match_limits_text(&l);
    GString *s = g_string_new(text);
    g_free(text);
    if (o->margin >= 0) g_string_append_printf(s, " forfeit-margin %g s", o->margin);
    return g_string_free(s, FALSE);
}

static char *header_text(const MatchOptions *o, const char *openings)
{
    GString *h = g_string_new(NULL);
    g_string_append_printf(h, "# sumito match results, format %d\n", MATCH_FORMAT);
    g_string_append_printf(h, "# game: %s\n", o->game->name);
    if (o->game->size_max) g_string_append_printf(h, "# size: %d\n", o->size);
    for (int i = 0; i < 2; i++)
        g_string_append_printf(h, "# player %d: %s = %s\n", i + 1, o->players[i].name,
                               o->players[i].spec);
    char *limits = limits_text(o);
    g_string_append_printf(h, "# limits:%s\n", limits);
    g_free(limits);
    for (int i = 0; i < 2; i++) {
        MatchLimits l = match_limits_of(o, i);
        limits = match_limits_text(&l);
        g_string_append_printf(h, "# player %d limits:%s\n", i + 1, limits);
        g_free(limits);
    }
    g_string_append_printf(h, "# openings: %s\n", openings);
    g_string_append_printf(h, "# seed: %" G_GUINT64_FORMAT "\n", o->seed);
    if (o->sprt_on)
        g_string_append_printf(h, "# sprt: %g %g %g %g\n", o->sprt.elo0, o->sprt.elo1,
                               o->sprt.alpha, o->sprt.beta);
    g_string_append_printf(h, "# commit: %s\n", o->commit ? o->commit : "unknown");
    return g_string_free(h, FALSE);
}

// Loads the suite; *name describes it for the header ("built-in, 612 positions, hash ...").
static bool load_openings(const MatchOptions *o, LabSuite *suite, char **name, GError **err)
{
    char *text = NULL;
    const char *source = o->openings;
    if (o->openings) {
        if (!file_read_all(o->openings, FILE_READ_MAX, &text, NULL, err)) return false;
    } else if (o->game->match_openings) {
        text = o->game->match_openings(o->size);
        source = "built-in match openings";
    }
    if (!text) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                    "%s has no built-in match openings for this board size: give --openings FILE",
                    o->game->title);
        return false;
    }
    bool ok = lab_suite_load_text(suite, o->game, text, source, err);
    for (guint i = 0; ok && i < suite->states->len; i++) {
        const GameState *s = g_ptr_array_index(suite->states, i);
        GameResult r = {0};
        o->game->result(s, &r);
        if (o->game->size_max && o->game->size(s) != o->size) {
            g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                        "%s: opening %u is on %dx%d, the match on %dx%d", source, i + 1,
                        o->game->size(s), o->game->size(s), o->size, o->size);
            ok = false;
        } else if (r.over) {
            g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: opening %u is a finished game",
                        source, i + 1);
            ok = false;
        }
    }
    if (ok) {
        char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1);
        sum[16] = '\0';
        *name = g_strdup_printf("%s, %u positions, sha256 %s...", source, suite->states->len, sum);
        g_free(sum);
    }
    g_free(text);
    return ok;
}

// The order in which pairs take the suite's openings: a permutation drawn from the seed.
static int *opening_order(int n, uint64_t seed)
{
    int *order = g_new(int, n);
    for (int i = 0; i < n; i++) order[i] = i;
    guint32 words[2] = {(guint32)seed, (guint32)(seed >> 32)};
    GRand *rng = g_rand_new_with_seed_array(words, 2);
    for (int i = n - 1; i > 0; i--) {
        int j = g_rand_int_range(rng, 0, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    g_rand_free(rng);
    return order;
}

// ---------------------------------------------------------------------------------------
// Running

typedef struct {
    const MatchOptions *o;
    LabSuite suite;
    int *order;
    pthread_mutex_t lock; // threads meet through pthreads, which ThreadSanitizer sees
    pthread_cond_t changed;
    int *todo, ntodo, next; // games still to play, and the next one to hand out
    int running;            // workers still working
    bool stop;              // SPRT decided, or an error
    MatchResults results;
    FILE *file;
    char *folder;
    bool made_folder; // this run made the folder: removed again if no game can start
    int played;       // games finished in this run
    char *error;      // the first error of a worker
    MatchSeat *seats; // 2 a worker, for Ctrl-C
    int nworkers;
} Run;

typedef struct {
    Run *run;
    MatchSeat *seats;
} Worker;

// Writes a game's record and result line (under the lock); false with run->error set.
static bool keep_game(Run *run, const MatchGame *g, const char *record)
{
    GError *err = NULL;
    bool ok = true;
    if (record) {
        char *name =
            g_strdup_printf("%s/game-%05d.%s", run->folder, g->game, run->o->game->record_ext);
        ok = file_write_atomic(name, record, strlen(record), &err);
        g_free(name);
    }
    char *line = match_game_line(g);
    if (ok && (fputs(line, run->file) == EOF || fflush(run->file) != 0 ||
               fsync(fileno(run->file)) != 0)) {
        run->error =
            g_strdup_printf("%s/%s: %s", run->folder, MATCH_RESULTS_FILE, g_strerror(errno));
        ok = false;
    } else if (!ok) {
        run->error = g_strdup(err->message);
        g_error_free(err);
    }
    g_free(line);
    if (ok) {
        match_results_add(&run->results, g); // a game the todo list held: never a second time
        run->played++;
        if (run->o->sprt_on) {
            EloPenta p;
            match_results_counts(&run->results, &p);
            EloSprtResult t;
            if (elo_sprt_test(&run->o->sprt, &p, &t) != ELO_SPRT_CONTINUE) run->stop = true;
        }
    }
    return ok;
}

static void *worker_main(void *data)
{
    Worker *w = data;
    Run *run = w->run;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int k = -1;
        if (!run->stop && !lab_interrupted() && run->next < run->ntodo) k = run->todo[run->next++];
        pthread_mutex_unlock(&run->lock);
        if (k < 0) break;
        int index = run->order[k / 2];
        MatchGame g;
        char *record = NULL;
        bool kept = match_play_game(run->o, w->seats, k, index,
                                    g_ptr_array_index(run->suite.states, index), &g, &record);
        pthread_mutex_lock(&run->lock);
        if (kept && !keep_game(run, &g, record)) run->stop = true;
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
        g_free(record);
    }
    pthread_mutex_lock(&run->lock);
    run->running--;
    pthread_cond_broadcast(&run->changed);
    pthread_mutex_unlock(&run->lock);
    return NULL;
}

// The folder of a match's records: the input itself, or the folder of its results file.
static char *records_dir(const char *input)
{
    return g_file_test(input, G_FILE_TEST_IS_DIR) ? g_strdup(input) : g_path_get_dirname(input);
}

// Notes the move sequences of r's games into `into` from their records in dir (a game without
// a record is left out; a record the game cannot read is named on stderr and left out).
static void note_records(MatchResults *into, const GameDesc *game, const char *dir,
                         const MatchResults *r)
{
    if (!game || !game->record_moves) return;
    for (guint i = 0; i < r->games->len; i++) {
        char *name = g_strdup_printf("game-%05d.%s", g_array_index(r->games, MatchGame, i).game,
                                     game->record_ext);
        char *path = g_build_filename(dir, name, NULL), *text = NULL, *moves = NULL;
        size_t len = 0;
        GError *err = NULL;
        if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
            // no record: the game is not counted
        } else if (!file_read_all(path, FILE_READ_MAX, &text, &len, &err)) {
            lab_error("%s (not counted among the distinct games)", err->message);
        } else if (strlen(text) != len) {
            lab_error("%s: a NUL byte in the record (not counted among the distinct games)", path);
        } else if (!(moves = game->record_moves(text, path, &err))) {
            lab_error("%s (not counted among the distinct games)", err->message);
        } else {
            match_results_note_moves(into, moves);
        }
        g_clear_error(&err);
        g_free(moves);
        g_free(text);
        g_free(path);
        g_free(name);
    }
}

// The game a results header names, among games (NULL: none of them).
static const GameDesc *results_game(const MatchResults *r, const GameDesc *const *games)
{
    for (int i = 0; r->game && games && games[i]; i++)
        if (strcmp(games[i]->name, r->game) == 0) return games[i];
    return NULL;
}

// Removes the folder DIR that this command made and whatever it put there: what is left of a
// match or a merge that could not write (a full disk) would only stand in the way of the next
// run.
static void remove_made_folder(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (d) {
        for (const char *name; (name = g_dir_read_name(d));) {
            char *path = g_build_filename(dir, name, NULL);
            g_unlink(path);
            g_free(path);
        }
        g_dir_close(d);
    }
    g_rmdir(dir);
}

// Opens the folder's results file, resuming it when its header is this match's. A new file's
// header is written whole (a temporary name, renamed) or not at all: an empty results file
// would refuse the next run.
static bool open_results(Run *run, const char *header)
{
    bool made = run->made_folder = !g_file_test(run->folder, G_FILE_TEST_EXISTS);
    if (g_mkdir_with_parents(run->folder, 0777) != 0) {
        lab_error("cannot create the folder %s: %s", run->folder, g_strerror(errno));
        return false;
    }
    char *path = g_build_filename(run->folder, MATCH_RESULTS_FILE, NULL);
    bool ok = true;
    if (g_file_test(path, G_FILE_TEST_EXISTS)) {
        GError *err = NULL;
        if (!match_results_load(&run->results, path, &err)) {
            ok = (lab_report(err), false);
        } else if (strcmp(run->results.header, header) != 0) {
            lab_error("%s holds the results of another match (its header differs); give "
                      "another --out, or remove it to start again",
                      path);
            ok = false;
        } else if (run->results.games->len) {
            fprintf(stderr, "resuming %s: %u games played\n", run->folder, run->results.games->len);
        }
    } else {
        match_results_init(&run->results, header);
    }
    GError *err = NULL;
    if (ok && !g_file_test(path, G_FILE_TEST_EXISTS) &&
        !file_write_atomic(path, header, strlen(header), &err))
        ok = (lab_report(err), false);
    if (ok && !(run->file = fopen(path, "a")))
        ok = (lab_error("cannot write %s: %s", path, g_strerror(errno)), false);
    if (!ok && made) remove_made_folder(run->folder);
    g_free(path);
    return ok;
}

// Waits for the workers, showing progress and passing Ctrl-C on to the searches.
static void wait_workers(Run *run)
{
    LabProgress progress;
    lab_progress_start(&progress);
    int total = run->ntodo;
    pthread_mutex_lock(&run->lock);
    while (run->running > 0) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 200000000;
        if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&run->changed, &run->lock, &until);
        if (lab_interrupted())
            for (int i = 0; i < 2 * run->nworkers; i++) {
                Engine *e = atomic_load(&run->seats[i].searching);
                if (e) engine_request_stop(e);
            }
        char *brief = match_results_brief(&run->results);
        lab_progress(&progress, run->played, total, "%d/%d games played; %s", run->played, total,
                     brief);
        g_free(brief);
    }
    pthread_mutex_unlock(&run->lock);
    lab_progress_end(&progress);
}

// Starts each outside engine once and sets up a game, so that a command line that cannot run,
// or limits its protocol cannot say, are an error before the match rather than a forfeit in
// every game.
static bool probe_outside(const MatchOptions *o, const GameState *opening)
{
    bool ok = true;
    for (int who = 0; ok && who < 2; who++) {
        if (!o->players[who].command) continue;
        MatchLimits own = match_limits_of(o, who);
        GameOutsideLimits limits = match_outside_limits(&own);
        GError *err = NULL;
        GameOutside *e = o->game->outside_start(o->players[who].command, 30000, &err);
        ok = e && o->game->outside_new_game(e, opening, &limits, 30000, &err);
        if (!ok) {
            lab_error("player %s: %s", o->players[who].name, err->message);
            g_error_free(err);
        }
        if (e) o->game->outside_free(e);
    }
    return ok;
}

static bool start_workers(Run *run, pthread_t *threads, Worker *workers)
{
    if (!probe_outside(run->o, g_ptr_array_index(run->suite.states, 0))) return false;
    for (int i = 0; i < run->nworkers; i++) {
        workers[i] = (Worker){run, &run->seats[2 * i]};
        for (int who = 0; who < 2; who++) {
            GError *err = NULL;
            if (!match_seat_init(&run->seats[2 * i + who], run->o, &run->o->players[who], &err)) {
                lab_error("player %s: %s", run->o->players[who].name, err->message);
                g_error_free(err);
                return false;
            }
        }
    }
    run->running = run->nworkers;
    for (int i = 0; i < run->nworkers; i++)
        if (pthread_create(&threads[i], NULL, worker_main, &workers[i]) != 0)
            g_error("cannot start a thread: %s", g_strerror(errno));
    return true;
}

static void list_todo(Run *run)
{
    const MatchOptions *o = run->o;
    run->todo = g_new(int, o->games);
    for (int k = o->first_game; k < o->first_game + o->games; k++)
        if (!match_results_has(&run->results, k)) run->todo[run->ntodo++] = k;
}

static int run_match(Run *run)
{
    const MatchOptions *o = run->o;
    list_todo(run);
    run->nworkers = MAX(1, MIN(o->concurrency, run->ntodo));
    run->seats = g_new0(MatchSeat, 2 * run->nworkers);
    pthread_t *threads = g_new0(pthread_t, run->nworkers);
    Worker *workers = g_new0(Worker, run->nworkers);
    int rc = 0;
    if (run->ntodo == 0) {
        fprintf(stderr, "%s: all %d games are played\n", run->folder, o->games);
    } else if (lab_interrupt_catch(), !start_workers(run, threads, workers)) {
        // A player that cannot start (a command line that does not run): a folder this run
        // made holds no game and would only stand in the way of the corrected command.
        rc = EXIT_BAD_INPUT;
        if (run->made_folder) {
            fclose(run->file);
            run->file = NULL;
            remove_made_folder(run->folder);
        }
    } else {
        wait_workers(run);
        for (int i = 0; i < run->nworkers; i++) pthread_join(threads[i], NULL);
    }
    for (int i = 0; i < 2 * run->nworkers; i++) match_seat_clear(&run->seats[i], o);
    g_free(threads);
    g_free(workers);
    g_free(run->seats);
    if (run->error) rc = lab_error("%s", run->error);
    if (rc == 0) {
        printf("%s\n", run->folder);
        note_records(&run->results, o->game, run->folder, &run->results);
        match_results_print(&run->results, stdout);
        if (lab_interrupted()) {
            fprintf(stderr, "interrupted: finished games are kept; run the same command to "
                            "resume\n");
            rc = 130;
        }
    }
    return rc;
}

// What the workers share from GLib, made before they start: GLib's own locks are futexes
// that ThreadSanitizer cannot see, so the first use of an error domain or of g_strerror's
// table from two threads at once looks like a race to it (the error domains of the game are
// made by a failed parse; the records' date is made before, in tools/, for the same reason).
static void warm_glib(const MatchOptions *o, const GameState *s)
{
    GQuark domains[] = {engine_pipe_error_quark(), g_file_error_quark(), g_spawn_error_quark(),
                        g_shell_error_quark(), g_option_error_quark()};
    (void)domains;
    for (int e = 1; e < 134; e++) (void)g_strerror(e);
    GError *err = NULL;
    o->game->move_parse(s, "?", &err);
    g_clear_error(&err);
    GameState *bad = o->game->state_new(o->size, "?", &err);
    if (bad) o->game->state_free(bad);
    g_clear_error(&err);
}

int match_run(const MatchOptions *o)
{
    Run run = {.o = o, .folder = g_strdup(o->out)};
    pthread_mutex_init(&run.lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&run.changed, &attr);
    pthread_condattr_destroy(&attr);
    char *openings = NULL;
    GError *err = NULL;
    int rc = EXIT_BAD_INPUT;
    if (!load_openings(o, &run.suite, &openings, &err)) {
        lab_report(err);
    } else if ((o->first_game + o->games + 1) / 2 > (int)run.suite.states->len) {
        lab_error("%d games need %d openings; the suite has %u", o->first_game + o->games,
                  (o->first_game + o->games + 1) / 2, run.suite.states->len);
    } else {
        run.order = opening_order((int)run.suite.states->len, o->seed);
        warm_glib(o, g_ptr_array_index(run.suite.states, 0));
        char *header = header_text(o, openings);
        if (open_results(&run, header)) rc = run_match(&run);
        g_free(header);
    }
    if (run.file) fclose(run.file);
    if (run.results.games) match_results_clear(&run.results);
    lab_suite_free(&run.suite);
    g_free(openings);
    g_free(run.order);
    g_free(run.todo);
    g_free(run.error);
    g_free(run.folder);
    pthread_mutex_destroy(&run.lock);
    pthread_cond_destroy(&run.changed);
    return rc;
}

// ---------------------------------------------------------------------------------------
// Merging and summaries

char *match_results_path(const char *input)
{
    if (g_file_test(input, G_FILE_TEST_IS_DIR))
        return g_build_filename(input, MATCH_RESULTS_FILE, NULL);
    return g_strdup(input);
}

static bool copy_records(const char *input, const MatchResults *r, const char *out)
{
    char *dir = records_dir(input);
    bool ok = true;
    for (guint i = 0; ok && i < r->games->len; i++) {
        int k = g_array_index(r->games, MatchGame, i).game;
        for (const char *const *ext = (const char *const[]){"txt", "sgf", NULL}; *ext; ext++) {
            char *name = g_strdup_printf("game-%05d.%s", k, *ext);
            char *from = g_build_filename(dir, name, NULL), *to = g_build_filename(out, name, NULL);
            char *text = NULL;
            gsize len = 0;
            GError *err = NULL;
            if (file_read_all(from, FILE_READ_MAX, &text, &len, NULL) &&
                !file_write_atomic(to, text, len, &err))
                ok = (lab_report(err), false);
            g_free(text);
            g_free(from);
            g_free(to);
            g_free(name);
        }
    }
    g_free(dir);
    return ok;
}

static int compare_lines(const void *a, const void *b)
{
    int x = ((const MatchGame *)a)->game, y = ((const MatchGame *)b)->game;
    return (x > y) - (x < y);
}

int match_merge(char **inputs, const char *out, const GameDesc *const *games)
{
    MatchResults all = {0};
    bool ok = true, made = out && !g_file_test(out, G_FILE_TEST_EXISTS);
    for (int i = 0; ok && inputs[i]; i++) {
        char *path = match_results_path(inputs[i]);
        MatchResults r;
        GError *err = NULL;
        if (!match_results_load(&r, path, &err)) {
            ok = (lab_report(err), false);
        } else {
            if (!all.header) {
                match_results_init(&all, r.header);
            } else if (strcmp(all.header, r.header) != 0) {
                ok = (lab_error("%s: its header differs from %s's: these are not results of one "
                                "match",
                                path, inputs[0]),
                      false);
            }
            for (guint j = 0; ok && j < r.games->len; j++) {
                const MatchGame *g = &g_array_index(r.games, MatchGame, j);
                if (!match_results_add(&all, g))
                    ok = (lab_error("%s: game %d is also in an earlier input", path, g->game),
                          false);
            }
            if (ok && out && g_mkdir_with_parents(out, 0777) != 0)
                ok = (lab_error("cannot create the folder %s: %s", out, g_strerror(errno)), false);
            if (ok && out) ok = copy_records(inputs[i], &r, out);
            if (ok) {
                char *dir = records_dir(inputs[i]);
                note_records(&all, results_game(&r, games), dir, &r);
                g_free(dir);
            }
            match_results_clear(&r);
        }
        g_free(path);
    }
    if (ok && out) {
        g_array_sort(all.games, compare_lines);
        GString *text = g_string_new(all.header);
        for (guint j = 0; j < all.games->len; j++) {
            char *line = match_game_line(&g_array_index(all.games, MatchGame, j));
            g_string_append(text, line);
            g_free(line);
        }
        char *path = g_build_filename(out, MATCH_RESULTS_FILE, NULL);
        GError *err = NULL;
        if (!file_write_atomic(path, text->str, text->len, &err)) ok = (lab_report(err), false);
        g_free(path);
        g_string_free(text, TRUE);
    }
    if (ok) match_results_print(&all, stdout);
    if (!ok && made) remove_made_folder(out);
    if (all.header) match_results_clear(&all);
    return ok ? 0 : EXIT_BAD_INPUT;
}

int match_summary(const char *folder, const GameDesc *const *games)
{
    char *inputs[] = {(char *)folder, NULL};
    return match_merge(inputs, NULL, games);
}
