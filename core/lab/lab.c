// SPDX-License-Identifier: MIT
// Shared helpers of the experiment drivers (core/lab/lab.h).
#include "core/lab/lab.h"
#include "base/file.h"

#include "core/text.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lab_verror(const char *fmt, va_list ap)
{
    // Messages quote arguments and the content of files: their control characters escaped.
    char *msg = g_strdup_vprintf(fmt, ap), *shown = text_escape_controls(msg);
    fprintf(stderr, "sumito: %s\n", shown);
    g_free(shown);
    g_free(msg);
    return EXIT_BAD_INPUT;
}

int lab_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lab_verror(fmt, ap);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

bool lab_single_threaded(GameEngine *e, const char *command)
{
    int threads = game_engine_core(e)->params.threads;
    if (threads == 1) return true;
    lab_error("%s measures the tree of a single-threaded search: threads=%d is refused (use "
              "threads=1)",
              command, threads);
    return false;
}

GameEngine *lab_engine_alphabeta(const GameDesc *game, const char *config, char *const *sets,
                                 const char *rankcut_file, GError **err)
{
    GPtrArray *all = g_ptr_array_new();
    g_ptr_array_add(all, "search=alphabeta");
    for (char *const *s = sets; s && *s; s++) g_ptr_array_add(all, *s);
    g_ptr_array_add(all, NULL);
    GameEngine *e = game_engine_new(game, config, (char **)all->pdata, rankcut_file, err);
    g_ptr_array_free(all, TRUE);
    return e;
}

void lab_resume_note(const char *path, uint64_t have, int games)
{
    if ((int)have >= games)
        fprintf(stderr, "%s already holds %d games\n", path, (int)have);
    else if (have)
        fprintf(stderr, "resuming %s after %d games\n", path, (int)have);
}

int lab_report(GError *err)
{
    lab_error("%s", err->message);
    g_error_free(err);
    return EXIT_BAD_INPUT;
}

double lab_now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

SearchLimits lab_limits(double movetime, uint64_t nodes, int depth)
{
    SearchLimits l = {0};
    if (movetime > 0) l.time = timeman_per_move(movetime);
    l.nodes = nodes;
    l.depth = depth;
    l.start_us = g_get_monotonic_time();
    return l;
}

// Refuses path when it is the input `input` (named by in_option, or "the input" for NULL).
static bool check_apart(const char *option, const char *path, const char *in_option,
                        const char *input)
{
    if (!file_same(path, input)) return true;
    if (in_option)
        lab_error("%s '%s' and --%s '%s' are the same file: the output would destroy the input",
                  option, path, in_option, input);
    else
        lab_error("%s '%s' and the input '%s' are the same file: the output would destroy it",
                  option, path, input);
    return false;
}

// Each file an entry of inputs names (the output's own entry skipped: a file resumed).
static bool check_entries(const char *option, const char *path, const GOptionEntry *inputs)
{
    for (const GOptionEntry *e = inputs; e && e->long_name; e++) {
        if (e->arg == G_OPTION_ARG_FILENAME) {
            const char *in = *(char *const *)e->arg_data;
            if (in && in != path && !check_apart(option, path, e->long_name, in)) return false;
        } else if (e->arg == G_OPTION_ARG_FILENAME_ARRAY) {
            for (char *const *in = *(char **const *)e->arg_data; in && *in; in++)
                if (!check_apart(option, path, e->long_name, *in)) return false;
        }
    }
    return true;
}

bool lab_check_output(const char *option, const char *path, const GOptionEntry *inputs, int n,
                      char *const *args)
{
    GError *err = NULL;
    if (!file_check_output(path, &err)) {
        lab_error("%s: %s", option, err->message);
        g_error_free(err);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (!check_apart(option, path, NULL, args[i])) return false;
    return check_entries(option, path, inputs);
}

// ---------------------------------------------------------------------------------------
// Suites

static void free_state(gpointer s, gpointer game)
{
    ((const GameDesc *)game)->state_free(s);
}

// One state per line of text ('#' starts a comment); errors name the source and line.
static bool parse_lines(const GameDesc *game, const char *text, const char *source, GPtrArray *out,
                        GError **err)
{
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *line = text_line_content(lines[i]);
        if (!*line) continue;
        GError *e = NULL;
        GameState *s = game->state_new(0, line, &e);
        if (s) {
            g_ptr_array_add(out, s);
        } else {
            g_set_error(err, e->domain, e->code, "%s:%d: %s", source, i + 1, e->message);
            g_error_free(e);
            ok = false;
        }
    }
    g_strfreev(lines);
    if (ok && out->len == 0) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no positions", source);
        ok = false;
    }
    return ok;
}

bool lab_suite_load(LabSuite *s, const GameDesc *game, const char *path, GError **err)
{
    s->game = game;
    s->states = g_ptr_array_new();
    s->texts = g_ptr_array_new_with_free_func(g_free);
    char *text = NULL;
    bool ok = true;
    if (path)
        ok = file_read_all(path, FILE_READ_MAX, &text, NULL, err);
    else
        text = game->builtin_suite();
    ok = ok && parse_lines(game, text, path ? path : "built-in compare suite", s->states, err);
    g_free(text);
    for (guint i = 0; ok && i < s->states->len; i++)
        g_ptr_array_add(s->texts, game->state_text(g_ptr_array_index(s->states, i)));
    return ok;
}

bool lab_suite_load_text(LabSuite *s, const GameDesc *game, const char *text, const char *source,
                         GError **err)
{
    s->game = game;
    s->states = g_ptr_array_new();
    s->texts = g_ptr_array_new_with_free_func(g_free);
    char *copy = g_strdup(text);
    bool ok = parse_lines(game, copy, source, s->states, err);
    g_free(copy);
    for (guint i = 0; ok && i < s->states->len; i++)
        g_ptr_array_add(s->texts, game->state_text(g_ptr_array_index(s->states, i)));
    return ok;
}

void lab_suite_free(LabSuite *s)
{
    if (s->states) {
        g_ptr_array_foreach(s->states, free_state, (gpointer)s->game);
        g_ptr_array_free(s->states, TRUE);
    }
    if (s->texts) g_ptr_array_free(s->texts, TRUE);
    s->states = s->texts = NULL;
}

char *lab_suite_name(const GameDesc *game, const char *path)
{
    return path ? g_strdup(path) : g_strdup_printf("the built-in %s compare suite", game->title);
}

// line (up to its end or a newline) without `option` and its value (option NULL: all of it).
static char *line_without(const char *line, const char *option)
{
    char *copy = g_strndup(line, strcspn(line, "\n"));
    char *at = option ? strstr(copy, option) : NULL;
    if (at) {
        char *value = at + strlen(option) + strspn(at + strlen(option), " ");
        char *end = value + strcspn(value, " ");
        memmove(at, end, strlen(end) + 1);
    }
    return copy;
}

bool lab_resume_read(const char *path, const char *header, const char *free_option, char **text,
                     GError **err)
{
    *text = NULL;
    GError *e = NULL;
    if (!file_read_all(path, FILE_READ_MAX, text, NULL, &e)) {
        // Nothing to resume in a missing file, nor in a device or a FIFO (written through).
        bool fresh = g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_NOENT) ||
                     g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_INVAL);
        if (fresh)
            g_error_free(e);
        else
            g_propagate_error(err, e);
        return fresh;
    }
    char *have = line_without(*text, free_option), *want = line_without(header, free_option);
    bool same = strcmp(have, want) == 0;
    g_free(have);
    g_free(want);
    if (same) return true;
    char *line = g_strndup(*text, MIN(strcspn(*text, "\n"), 200));
    g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                "%s exists and was not made by this command with these options (its first line: "
                "'%s'); it is left as it is: remove it or choose another --out",
                path, line);
    g_free(line);
    g_clear_pointer(text, g_free);
    return false;
}

int lab_suite_file_read(const char *path, const char *header, GString *body)
{
    char *text = NULL;
    GError *err = NULL;
    if (!lab_resume_read(path, header, "--positions", &text, &err)) return lab_report(err), -1;
    if (!text) return 0;
    int games = 0;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (g_str_has_prefix(*l, "# games "))
            games = atoi(*l + 8);
        else if (**l && **l != '#')
            g_string_append_printf(body, "%s\n", *l);
    }
    g_strfreev(lines);
    g_free(text);
    return games;
}

bool lab_suite_file_save(const char *path, const char *header, int games, const GString *body)
{
    char *text = g_strdup_printf("%s\n# games %d\n%s", header, games, body->str);
    GError *err = NULL;
    bool ok = file_write_atomic(path, text, strlen(text), &err);
    if (!ok) lab_report(err);
    g_free(text);
    return ok;
}

int lab_count_lines(const GString *s)
{
    int n = 0;
    for (gsize i = 0; i < s->len; i++) n += s->str[i] == '\n';
    return n;
}

// ---------------------------------------------------------------------------------------
// Ctrl-C and progress

// Atomic (lock-free, so safe in a signal handler): worker threads read it (the match runner).
static atomic_int interrupted;
static Engine *volatile running;

static void on_sigint(int sig)
{
    atomic_store(&interrupted, 1);
    Engine *e = running;
    if (e) engine_request_stop(e);
}

void lab_interrupt_catch(void)
{
    atomic_store(&interrupted, 0);
    signal(SIGINT, on_sigint);
}

bool lab_interrupted(void)
{
    return atomic_load(&interrupted) != 0;
}

void lab_interrupt_search(Engine *e)
{
    running = e;
}

void lab_progress_start(LabProgress *p)
{
    p->tty = isatty(2);
    p->started = lab_now();
}

void lab_progress(const LabProgress *p, double done, double total, const char *fmt, ...)
{
    if (!p->tty) return;
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    double elapsed = lab_now() - p->started;
    if (done > 0)
        fprintf(stderr, "\r%s, ETA %.1f min   ", text, elapsed / done * (total - done) / 60);
    else
        fprintf(stderr, "\r%s   ", text);
    g_free(text);
}

void lab_progress_end(const LabProgress *p)
{
    if (p->tty) fprintf(stderr, "\n");
}
