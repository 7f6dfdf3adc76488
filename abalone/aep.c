// SPDX-License-Identifier: MIT
// The engine protocol server (abalone/aep.h). The search runs in a thread so that `stop`,
// `isready` and `quit` are answered while it thinks. The threads meet through pthreads and C11
// atomics, which ThreadSanitizer sees (GLib's GMutex is a bare futex that it cannot see).
#include "abalone/aep.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/notation.h"
#include "core/text.h"

void abalone_format_pv(const AbaloneBoard *root, const Move *pv, int n, GString *out)
{
    AbaloneBoard b = *root;
    for (int i = 0; i < n; i++) {
        char text[ABALONE_MOVE_TEXT];
        AbaloneUndo u;
        if (abalone_board_move_from_index(&b, ABALONE_MOVE_INDEX(pv[i])) != pv[i]) break;
        g_string_append_printf(out, "%s%s", i ? " " : "",
                               abalone_move_format(&b, pv[i], ABALONE_NOTATION_ABAPRO, text));
        abalone_board_make(&b, pv[i], &u);
    }
}

void abalone_format_info(const AbaloneBoard *root, const SearchInfo *info, GString *out)
{
    search_format_info(info, out);
    abalone_format_pv(root, info->pv, info->pv_len, out);
}

typedef struct {
    AbaloneEngine *engine;
    AbaloneGame game;
    AbaloneBoard root; // the position being searched, for writing its moves
    SearchLimits limits;
    pthread_t thread;
    bool searching;       // thread runs or has not been joined yet
    atomic_int done;      // the search thread has answered
    pthread_mutex_t lock; // one line at a time on out
    FILE *out;
} Aep;

static void say(Aep *a, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void say(Aep *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&a->lock);
    vfprintf(a->out, fmt, ap);
    fputc('\n', a->out);
    fflush(a->out);
    pthread_mutex_unlock(&a->lock);
    va_end(ap);
}

static void on_info(const SearchInfo *info, void *user)
{
    Aep *a = user;
    GString *s = g_string_new(NULL);
    abalone_format_info(&a->root, info, s);
    say(a, "%s", s->str);
    g_string_free(s, TRUE);
}

static void *search_thread(void *data)
{
    Aep *a = data;
    SearchInfo info;
    Move m = abalone_engine_search(a->engine, &a->game, &a->limits, on_info, a, &info);
    // The pruning methods' counters, when any acted ("info string METHOD ..." lines).
    GString *counters = g_string_new(NULL);
    search_format_counters(&a->engine->core.search.stats, counters);
    if (counters->len) {
        g_string_truncate(counters, counters->len - 1);
        say(a, "%s", counters->str);
    }
    g_string_free(counters, TRUE);
    char text[ABALONE_MOVE_TEXT];
    say(a, "bestmove %s",
        m ? abalone_move_format(&a->root, m, ABALONE_NOTATION_ABAPRO, text) : "none");
    atomic_store_explicit(&a->done, 1, memory_order_release);
    return NULL;
}

static void finish_search(Aep *a)
{
    if (!a->searching) return;
    pthread_join(a->thread, NULL);
    a->searching = false;
}

// A choice parameter as a combo option: its value, then every name it takes.
static void say_combo(Aep *a, const ParamDesc *d, const char *value)
{
    GString *line = g_string_new(NULL);
    g_string_printf(line, "option name %s type combo default %s", d->name, value);
    char name[64];
    for (int i = 0; params_choice_name(d, i, name, sizeof name); i++)
        g_string_append_printf(line, " var %s", name);
    say(a, "%s", line->str);
    g_string_free(line, TRUE);
}

static void cmd_aep(Aep *a)
{
    say(a, "id name sumito 0.1");
    say(a, "id author the sumito authors");
    ParamGroup groups[ENGINE_MAX_GROUPS];
    int ngroups = engine_param_groups(&a->engine->core, groups);
    for (int k = 0; k < ngroups; k++)
        for (size_t i = 0; i < groups[k].count; i++) {
            const ParamDesc *d = &groups[k].desc[i];
            char *v = params_value_text(d, groups[k].obj);
            if (d->type == PARAM_TYPE_bool)
                say(a, "option name %s type check default %s", d->name, v);
            else if (d->type == PARAM_TYPE_int)
                say(a, "option name %s type spin default %s min %g max %g", d->name, v, d->min,
                    d->max);
            else if (d->type == PARAM_TYPE_choice)
                say_combo(a, d, v);
            else
                say(a, "option name %s type string default %s", d->name, v);
            g_free(v);
        }
    if (a->engine->core.kind->special_options) say(a, "%s", a->engine->core.kind->special_options);
    say(a, "aepok");
}

// setoption name NAME value V
static void cmd_setoption(Aep *a, char **tok)
{
    if (!tok[1] || strcmp(tok[1], "name") || !tok[2] || !tok[3] || strcmp(tok[3], "value") ||
        !tok[4]) {
        say(a, "info string error: expected 'setoption name NAME value V'");
        return;
    }
    GError *err = NULL;
    char *assignment = g_strdup_printf("%s=%s", tok[2], tok[4]);
    bool ok =
        engine_set(&a->engine->core, assignment, &err) && engine_apply(&a->engine->core, &err);
    g_free(assignment);
    if (!ok) {
        say(a, "info string error: %s", err->message);
        g_error_free(err);
    }
}

// position layout NAME [moves ...] | position fen STRING [moves ...]
static void cmd_position(Aep *a, char **tok)
{
    AbaloneBoard b;
    int i = 2;
    GError *err = NULL;
    if (tok[1] && strcmp(tok[1], "layout") == 0 && tok[2]) {
        if (!abalone_board_set_layout(&b, tok[2])) {
            say(a, "info string error: unknown layout '%s'", tok[2]);
            return;
        }
        i = 3;
    } else if (tok[1] && strcmp(tok[1], "fen") == 0) {
        GString *fen = g_string_new(NULL);
        for (; tok[i] && strcmp(tok[i], "moves"); i++) g_string_append_printf(fen, "%s ", tok[i]);
        bool ok = abalone_position_parse(&b, fen->str, &err);
        g_string_free(fen, TRUE);
        if (!ok) {
            say(a, "info string error: %s", err->message);
            g_error_free(err);
            return;
        }
    } else {
        say(a, "info string error: expected 'position layout NAME' or 'position fen STRING'");
        return;
    }
    AbaloneGame g;
    abalone_game_init(&g, &b, &a->engine->rules);
    if (tok[i] && strcmp(tok[i], "moves") == 0)
        i++;
    else if (tok[i]) {
        say(a, "info string error: unexpected '%s' (expected 'moves')", tok[i]);
        abalone_game_free(&g);
        return;
    }
    for (; tok[i]; i++) {
        Move m = abalone_move_parse(&g.board, tok[i], ABALONE_NOTATION_ABAPRO, &err);
        if (!m) {
            say(a, "info string error: move '%s': %s", tok[i], err->message);
            g_error_free(err);
            abalone_game_free(&g);
            return;
        }
        abalone_game_play(&g, m);
    }
    abalone_game_free(&a->game);
    a->game = g;
}

static bool number_arg(Aep *a, char **tok, int i, double *out)
{
    char *end = NULL;
    if (!tok[i + 1] || (*out = g_ascii_strtod(tok[i + 1], &end), *end) || *out < 0) {
        say(a, "info string error: '%s' needs a non-negative number", tok[i]);
        return false;
    }
    return true;
}

static void cmd_go(Aep *a, char **tok, int64_t received)
{
    SearchLimits l = {0};
    l.start_us = received;
    double btime = 0, wtime = 0, binc = 0, winc = 0, v;
    for (int i = 1; tok[i]; i++) {
        const char *k = tok[i];
        if (strcmp(k, "infinite") == 0) {
            l.infinite = true;
            continue;
        }
        if (!number_arg(a, tok, i, &v)) return;
        if (strcmp(k, "movetime") == 0)
            l.movetime = v / 1000;
        else if (strcmp(k, "depth") == 0)
            l.depth = v > MAX_PLY - 2 ? MAX_PLY - 2 : (int)v;
        else if (strcmp(k, "nodes") == 0)
            l.nodes = (uint64_t)v;
        else if (strcmp(k, "btime") == 0)
            btime = v / 1000;
        else if (strcmp(k, "wtime") == 0)
            wtime = v / 1000;
        else if (strcmp(k, "binc") == 0)
            binc = v / 1000;
        else if (strcmp(k, "winc") == 0)
            winc = v / 1000;
        else {
            say(a, "info string error: unknown go option '%s'", k);
            return;
        }
        i++;
    }
    bool black = a->game.board.side == ABALONE_BLACK;
    l.time_left = black ? btime : wtime;
    l.increment = black ? binc : winc;
    AbaloneEnd why;
    if (abalone_game_outcome(&a->game, &why) != ABALONE_ONGOING) {
        say(a, "info string error: the game is over (%s)", abalone_end_text(why));
        say(a, "bestmove none");
        return;
    }
    a->limits = l;
    a->root = a->game.board;
    // Before the thread starts, so a stop for this search is never cleared.
    atomic_store_explicit(&a->engine->core.search.stop_requested, 0, memory_order_relaxed);
    atomic_store_explicit(&a->done, 0, memory_order_relaxed);
    int err = pthread_create(&a->thread, NULL, search_thread, a);
    if (err) {
        say(a, "info string error: cannot start the search: %s", g_strerror(err));
        say(a, "bestmove none");
        return;
    }
    a->searching = true;
}

// Handles one line; returns false for quit.
static bool handle(Aep *a, char *line, int64_t received)
{
    char **tok = text_split_words(g_strstrip(line));
    const char *c = tok[0] ? tok[0] : "";
    if (a->searching && atomic_load_explicit(&a->done, memory_order_acquire)) finish_search(a);
    // Commands other than stop, isready and quit wait for a search with a limit to answer.
    bool control = !strcmp(c, "stop") || !strcmp(c, "isready") || !strcmp(c, "quit") || !*c;
    if (a->searching && !control && !a->limits.infinite) finish_search(a);
    bool busy = a->searching, go_on = true;
    if (!*c) {
    } else if (strcmp(c, "quit") == 0) {
        if (busy) search_request_stop(&a->engine->core.search);
        finish_search(a);
        go_on = false;
    } else if (strcmp(c, "stop") == 0) {
        if (busy) search_request_stop(&a->engine->core.search);
        finish_search(a);
    } else if (strcmp(c, "isready") == 0) {
        say(a, "readyok");
    } else if (busy) {
        say(a, "info string error: '%s' during an infinite search (send stop first)", c);
    } else if (strcmp(c, "aep") == 0) {
        cmd_aep(a);
    } else if (strcmp(c, "newgame") == 0) {
        abalone_engine_new_game(a->engine);
    } else if (strcmp(c, "setoption") == 0) {
        cmd_setoption(a, tok);
    } else if (strcmp(c, "position") == 0) {
        cmd_position(a, tok);
    } else if (strcmp(c, "go") == 0) {
        cmd_go(a, tok, received);
    } else {
        say(a, "info string error: unknown command '%.40s'", c);
    }
    g_strfreev(tok);
    return go_on;
}

void abalone_aep_serve(AbaloneEngine *engine, FILE *in, FILE *out)
{
    Aep *a = g_new0(Aep, 1);
    pthread_mutex_init(&a->lock, NULL);
    a->out = out;
    a->engine = engine;
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    abalone_game_init(&a->game, &b, &a->engine->rules);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, in) >= 0)
        if (!handle(a, line, g_get_monotonic_time())) break;
    if (a->searching) search_request_stop(&a->engine->core.search);
    finish_search(a);
    free(line);
    abalone_game_free(&a->game);
    pthread_mutex_destroy(&a->lock);
    g_free(a);
}
