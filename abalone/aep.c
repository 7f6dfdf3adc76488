// SPDX-License-Identifier: MIT
// The engine protocol server (abalone/aep.h). Two threads share the work and a third searches:
// the reader reads every line as it comes and acts at once on `stop`, `isready` and `quit`;
// the other commands go, in order, to a queue that the serving thread carries out, each after
// the search running before it has answered. So the input is read whatever a search does, and
// a search that no limit ends can always be stopped. The threads meet through pthreads and
// C11 atomics, which ThreadSanitizer sees (GLib's GMutex is a bare futex that it cannot see).
#include "abalone/aep.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/notation.h"
#include "base/line.h"
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

// A line read and not yet carried out.
typedef struct {
    char *text;       // without surrounding blanks
    int64_t received; // g_get_monotonic_time() when it was read: time limits count from it
    uint64_t go;      // its number among the go commands read, 0 for another command
    bool isready;     // isready, which never waits for a search
    bool end;         // quit, or the end of the input
} AepLine;

typedef struct {
    AbaloneEngine *engine;
    AbaloneGame game;
    AbaloneBoard root; // the position being searched, for writing its moves
    SearchLimits limits;
    uint64_t node_cap; // every search's node limit at most this (0: none)
    size_t held_lines; // commands held behind a search at most
    size_t line_max;   // the longest line taken
    FILE *in, *out;
    pthread_t reader, search;
    bool search_live;         // the search thread has not been joined (the serving thread's)
    pthread_mutex_t out_lock; // one line at a time on out
    pthread_mutex_t lock;     // the fields below
    pthread_cond_t wake;      // a line was queued, or the search ended
    pthread_cond_t room;      // a line was taken from the queue
    GQueue lines;             // of AepLine
    size_t held_bytes;        // in the queued lines
    uint64_t gos_read;        // go commands read
    uint64_t stop_upto;       // the searches of the go commands numbered up to this one stop
    uint64_t running;         // the number of the go whose search runs, 0 when none runs
    int64_t search_ended_us;  // when the last search answered
} Aep;

static void say(Aep *a, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

// Every line the engine writes goes through here, its control characters escaped: a message
// quoting a command (an unknown command, a bad move or value) cannot act on the controller's
// terminal, whatever the command held.
static void say(Aep *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    char *line = text_escape_controls(text);
    pthread_mutex_lock(&a->out_lock);
    fputs(line, a->out);
    fputc('\n', a->out);
    fflush(a->out);
    pthread_mutex_unlock(&a->out_lock);
    g_free(line);
    g_free(text);
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
    // The pruning methods' counters, when any acted ("info string METHOD ..." lines), and
    // ProbCut's idling.
    GString *counters = g_string_new(NULL);
    search_format_counters(engine_search_stats(&a->engine->core), counters);
    engine_format_probcut_idle(&a->engine->core, counters);
    if (counters->len) {
        g_string_truncate(counters, counters->len - 1);
        say(a, "%s", counters->str);
    }
    g_string_free(counters, TRUE);
    char text[ABALONE_MOVE_TEXT];
    say(a, "bestmove %s",
        m ? abalone_move_format(&a->root, m, ABALONE_NOTATION_ABAPRO, text) : "none");
    pthread_mutex_lock(&a->lock);
    a->running = 0;
    a->search_ended_us = g_get_monotonic_time();
    pthread_cond_broadcast(&a->wake);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

// Joins the search thread, which has answered or will (its stop requested).
static void finish_search(Aep *a)
{
    if (!a->search_live) return;
    pthread_join(a->search, NULL);
    a->search_live = false;
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

// Clock values and move times above this many milliseconds (about 11.6 days) are taken as
// this: the time budget stays far from the limits of its arithmetic.
#define AEP_TIME_CAP_MS 1e9

// The value after tok[i] as milliseconds: a finite number, above 0 if `positive`, else 0 or
// more, capped at AEP_TIME_CAP_MS; false with the reason said.
static bool go_millis(Aep *a, char **tok, int i, bool positive, double *out)
{
    const char *v = tok[i + 1];
    char *end = NULL;
    double x = v ? g_ascii_strtod(v, &end) : 0;
    if (!v || end == v || *end || !isfinite(x) || x < 0 || (positive && x == 0)) {
        say(a, "info string error: go %s: '%s' is not a number of milliseconds %s", tok[i],
            v ? v : "", positive ? "above 0" : "(0 or more)");
        return false;
    }
    *out = MIN(x, AEP_TIME_CAP_MS) / 1000;
    return true;
}

// The value after tok[i] as a whole number from 1 to max; false with the reason said.
static bool go_count(Aep *a, char **tok, int i, uint64_t max, uint64_t *out)
{
    const char *v = tok[i + 1];
    guint64 x;
    if (!v || !g_ascii_string_to_unsigned(v, 10, 1, max, &x, NULL)) {
        say(a, "info string error: go %s: '%s' is not a whole number from 1 to %" G_GUINT64_FORMAT,
            tok[i], v ? v : "", max);
        return false;
    }
    *out = x;
    return true;
}

// One limit of `go` at tok[i] (its value at tok[i + 1]) into l and the times (the clocks,
// then movetime); false with the reason said.
static bool go_limit(Aep *a, char **tok, int i, SearchLimits *l, double times[5])
{
    static const char *const names[5] = {"btime", "wtime", "binc", "winc", "movetime"};
    const char *k = tok[i];
    uint64_t n;
    for (int c = 0; c < 5; c++)
        if (strcmp(k, names[c]) == 0) return go_millis(a, tok, i, c == 4, &times[c]);
    if (strcmp(k, "depth") == 0) {
        if (!go_count(a, tok, i, MAX_PLY - 2, &n)) return false;
        l->depth = (int)n;
        return true;
    }
    if (strcmp(k, "nodes") == 0) return go_count(a, tok, i, UINT64_MAX, &l->nodes);
    say(a, "info string error: unknown go option '%.40s'", k);
    return false;
}

// The limits of `go ...`; false with the reason said. A bare `go` is `go infinite`; a go
// whose limits do not end the search (only the other side's clock) is refused. movetime is
// a time per move; else the side to move's clock is main time with its increment.
static bool go_limits(Aep *a, char **tok, SearchLimits *l)
{
    double times[5] = {0, 0, 0, 0, 0};
    for (int i = 1; tok[i]; i++) {
        if (strcmp(tok[i], "infinite") == 0)
            l->infinite = true;
        else if (!go_limit(a, tok, i++, l, times))
            return false;
    }
    bool black = a->game.board.side == ABALONE_BLACK;
    double left = times[black ? 0 : 1];
    if (times[4] > 0) {
        l->time = timeman_per_move(times[4]);
    } else if (left > 0) {
        l->time = timeman_main(times[black ? 2 : 3]);
        l->clock.main_left = left;
    }
    if (!tok[1]) l->infinite = true;
    if (!l->infinite && l->time.kind == TIME_CONTROL_NONE && !l->depth && !l->nodes) {
        say(a,
            "info string error: go sets no limit for %s, the side to move (give %s above 0, "
            "movetime, depth, nodes or infinite)",
            black ? "Black" : "White", black ? "btime" : "wtime");
        return false;
    }
    if (a->node_cap && (!l->nodes || l->nodes > a->node_cap)) l->nodes = a->node_cap;
    return true;
}

// go ...: the search starts in its own thread; `number` is this go's among those read.
static void cmd_go(Aep *a, char **tok, int64_t received, uint64_t number)
{
    SearchLimits l = {0};
    l.start_us = received;
    if (!go_limits(a, tok, &l)) return;
    AbaloneEnd why;
    if (abalone_game_outcome(&a->game, &why) != ABALONE_ONGOING) {
        say(a, "info string error: the game is over (%s)", abalone_end_text(why));
        say(a, "bestmove none");
        return;
    }
    a->limits = l;
    a->root = a->game.board;
    pthread_mutex_lock(&a->lock);
    // Under the lock the reader takes for stop, so that a stop read after this go, even one
    // read before the search starts, ends it, and a stop for an earlier search does not.
    engine_clear_stop(&a->engine->core);
    if (number <= a->stop_upto) engine_request_stop(&a->engine->core);
    int err = pthread_create(&a->search, NULL, search_thread, a);
    a->running = err ? 0 : number;
    pthread_mutex_unlock(&a->lock);
    if (err) {
        say(a, "info string error: cannot start the search: %s", g_strerror(err));
        say(a, "bestmove none");
        return;
    }
    a->search_live = true;
}

// Carries out one queued command (never stop or quit, which the reader takes).
static void run_line(Aep *a, const AepLine *line)
{
    char **tok = text_split_words(line->text);
    const char *c = tok[0] ? tok[0] : "";
    if (strcmp(c, "isready") == 0)
        say(a, "readyok");
    else if (strcmp(c, "aep") == 0)
        cmd_aep(a);
    else if (strcmp(c, "newgame") == 0)
        abalone_engine_new_game(a->engine);
    else if (strcmp(c, "setoption") == 0)
        cmd_setoption(a, tok);
    else if (strcmp(c, "position") == 0)
        cmd_position(a, tok);
    else if (strcmp(c, "go") == 0)
        cmd_go(a, tok, line->received, line->go);
    else
        say(a, "info string error: unknown command '%.40s'", c);
    g_strfreev(tok);
}

static void line_free(AepLine *line)
{
    g_free(line->text);
    g_free(line);
}

// Carries out the queued commands in order until the end marker: isready at once, every
// other command once the search before it has answered.
static void serve_queue(Aep *a)
{
    pthread_mutex_lock(&a->lock);
    for (;;) {
        AepLine *line = g_queue_peek_head(&a->lines);
        if (!line || (a->running && !line->end && !line->isready)) {
            pthread_cond_wait(&a->wake, &a->lock);
            continue;
        }
        g_queue_pop_head(&a->lines);
        pthread_cond_signal(&a->room);
        // A command that waited for a search counts its time from that search's answer.
        line->received = MAX(line->received, a->search_ended_us);
        a->held_bytes -= strlen(line->text);
        bool idle = !a->running;
        pthread_mutex_unlock(&a->lock);
        if (idle || line->end) finish_search(a);
        bool end = line->end;
        if (!end) run_line(a, line);
        line_free(line);
        if (end) return;
        pthread_mutex_lock(&a->lock);
    }
}

// ---------------------------------------------------------------------------------------
// The reader

// Commands held behind a search at most by default (lines), and at most (bytes); the longest
// line taken is LINE_READ_MAX (base/line.h) by default.
#define AEP_HELD_LINES 10000
#define AEP_HELD_BYTES (64u << 20)

static bool queue_full(const Aep *a, size_t len)
{
    return a->lines.length >= a->held_lines || a->held_bytes + len > AEP_HELD_BYTES;
}

// Queues a line (the lock held): the end marker always, another line once the queue has room.
// While no search runs, the serving thread is carrying out commands and will make room, so the
// reader waits for it (nothing is dropped however fast the input comes); while a search runs,
// the reader must stay free for stop, isready and quit, so a line finding the queue full is
// refused with a message.
static void queue_line(Aep *a, const char *text, bool end, int64_t received)
{
    size_t len = strlen(text);
    while (!end && !a->running && queue_full(a, len)) pthread_cond_wait(&a->room, &a->lock);
    if (!end && queue_full(a, len)) {
        say(a,
            "info string error: too many commands wait for the search (at most %zu lines, "
            "%u MiB); '%.40s' dropped",
            a->held_lines, AEP_HELD_BYTES >> 20, text);
        return;
    }
    AepLine *line = g_new0(AepLine, 1);
    line->text = g_strdup(text);
    line->received = received;
    line->end = end;
    char **tok = text_split_words(text);
    if (!end && tok[0] && strcmp(tok[0], "go") == 0) line->go = ++a->gos_read;
    line->isready = !end && tok[0] && strcmp(tok[0], "isready") == 0;
    g_strfreev(tok);
    a->held_bytes += len;
    g_queue_push_tail(&a->lines, line);
    pthread_cond_broadcast(&a->wake);
}

// Takes one line as the reader: stop and quit at once, isready at once while a search runs,
// the rest queued. Returns false for quit.
static bool take_line(Aep *a, char *text, int64_t received)
{
    char **tok = text_split_words(text);
    const char *c = tok[0] ? tok[0] : "";
    bool quit = strcmp(c, "quit") == 0;
    pthread_mutex_lock(&a->lock);
    if (strcmp(c, "stop") == 0 || quit) {
        // Every go read so far is to stop: the running search now, a queued one at its start.
        a->stop_upto = quit ? UINT64_MAX : a->gos_read;
        if (a->running && a->running <= a->stop_upto) engine_request_stop(&a->engine->core);
    } else if (strcmp(c, "isready") == 0 && a->running) {
        say(a, "readyok");
    } else if (*c) {
        queue_line(a, g_strstrip(text), false, received);
    }
    pthread_mutex_unlock(&a->lock);
    g_strfreev(tok);
    return !quit;
}

static void *reader_thread(void *data)
{
    Aep *a = data;
    GString *line = g_string_new(NULL);
    LineRead r;
    for (long n = 1; (r = line_read(a->in, line, a->line_max)) != LINE_READ_END; n++) {
        int64_t received = g_get_monotonic_time();
        if (r == LINE_READ_TOO_LONG)
            say(a, "info string error: line %ld is longer than %zu bytes (ignored)", n,
                a->line_max);
        else if (r == LINE_READ_NUL)
            say(a, "info string error: line %ld holds a NUL byte (ignored)", n);
        else if (!take_line(a, line->str, received))
            break;
    }
    g_string_free(line, TRUE);
    // quit or the end of the input: every search stops (take_line did it for quit).
    pthread_mutex_lock(&a->lock);
    a->stop_upto = UINT64_MAX;
    if (a->running) engine_request_stop(&a->engine->core);
    queue_line(a, "", true, 0);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

void abalone_aep_serve_bounded(AbaloneEngine *engine, FILE *in, FILE *out,
                               const AbaloneAepBounds *bounds)
{
    Aep *a = g_new0(Aep, 1);
    pthread_mutex_init(&a->out_lock, NULL);
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->wake, NULL);
    pthread_cond_init(&a->room, NULL);
    g_queue_init(&a->lines);
    a->in = in;
    a->out = out;
    a->engine = engine;
    a->node_cap = bounds->node_cap;
    a->held_lines = bounds->held_lines ? bounds->held_lines : AEP_HELD_LINES;
    a->line_max = bounds->line_max ? bounds->line_max : LINE_READ_MAX;
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    abalone_game_init(&a->game, &b, &a->engine->rules);
    int err = pthread_create(&a->reader, NULL, reader_thread, a);
    if (err) {
        say(a, "info string error: cannot start the reader: %s", g_strerror(err));
    } else {
        serve_queue(a);
        finish_search(a);
        pthread_join(a->reader, NULL);
    }
    g_queue_clear_full(&a->lines, (GDestroyNotify)line_free);
    abalone_game_free(&a->game);
    pthread_cond_destroy(&a->wake);
    pthread_cond_destroy(&a->room);
    pthread_mutex_destroy(&a->lock);
    pthread_mutex_destroy(&a->out_lock);
    g_free(a);
}

void abalone_aep_serve(AbaloneEngine *engine, FILE *in, FILE *out)
{
    abalone_aep_serve_bounded(engine, in, out, &(AbaloneAepBounds){0});
}
