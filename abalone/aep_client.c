// SPDX-License-Identifier: MIT
// The engine protocol client (abalone/aep_client.h). Every line the engine writes goes
// through handle_line, which keeps the state (readyok owed, aepok seen, the search's info and
// bestmove, error lines); each call then reads until the state it waits for, so that lines
// arriving in any order (a bestmove during an isready, a readyok after a timeout) are never
// lost or misread.
#include "abalone/aep_client.h"

#include <stdarg.h>
#include <string.h>

#include "core/text.h"

// Longest move text accepted in a bestmove.
#define MAX_MOVE_TEXT 64

struct AbaloneAepClient {
    EnginePipe *pipe;
    char *command;
    char *name, *author;
    GPtrArray *options; // NULL-terminated
    bool aepok;
    int ready_owed;  // isready sent, readyok not yet read
    GString *errors; // "info string error:" texts since the last command
    // The search: searching from go to its bestmove, finished from then until it is taken.
    bool searching, finished, go_checked;
    char *go_text;
    char *bestmove;
    AbaloneAepResult info; // the last info line with a score or a pv
};

void abalone_aep_result_clear(AbaloneAepResult *r)
{
    g_free(r->bestmove);
    g_free(r->pv);
    memset(r, 0, sizeof *r);
}

static void reset_state(AbaloneAepClient *c)
{
    c->aepok = false;
    c->ready_owed = 0;
    g_string_truncate(c->errors, 0);
    c->searching = c->finished = c->go_checked = false;
    g_clear_pointer(&c->bestmove, g_free);
    abalone_aep_result_clear(&c->info);
}

static EnginePipe *start_pipe(const char *command, GError **error)
{
    return engine_pipe_start("AEP engine", command, error);
}

AbaloneAepClient *abalone_aep_client_start(const char *command, GError **error)
{
    EnginePipe *pipe = start_pipe(command, error);
    if (!pipe) return NULL;
    AbaloneAepClient *c = g_new0(AbaloneAepClient, 1);
    c->pipe = pipe;
    c->command = g_strdup(command);
    c->options = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(c->options, NULL);
    c->errors = g_string_new(NULL);
    c->go_text = g_strdup("go");
    return c;
}

const char *abalone_aep_client_command(const AbaloneAepClient *c)
{
    return c->command;
}

const char *abalone_aep_client_ended(const AbaloneAepClient *c)
{
    return engine_pipe_ended(c->pipe);
}

const char *abalone_aep_client_name(const AbaloneAepClient *c)
{
    return c->name;
}

const char *abalone_aep_client_author(const AbaloneAepClient *c)
{
    return c->author;
}

const char *const *abalone_aep_client_options(const AbaloneAepClient *c)
{
    return (const char *const *)c->options->pdata;
}

bool abalone_aep_client_searching(const AbaloneAepClient *c)
{
    return c->searching;
}

// ---------------------------------------------------------------------------------------
// Reading

static gboolean set_error(GError **error, int code, const AbaloneAepClient *c, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

// Sets an error whose message starts with the engine; returns FALSE.
static gboolean set_error(GError **error, int code, const AbaloneAepClient *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(error, ENGINE_PIPE_ERROR, code, "AEP engine '%s'%s", c->command, msg);
    g_free(msg);
    return FALSE;
}

// The line from its (skip+1)-th blank-separated word on, stripped (caller frees).
static char *rest_after(const char *line, int skip)
{
    const char *s = line;
    for (int i = 0; i < skip; i++) {
        while (*s == ' ' || *s == '\t') s++;
        while (*s && *s != ' ' && *s != '\t') s++;
    }
    return g_strstrip(g_strdup(s));
}

static bool parse_int(const char *text, gint64 min, gint64 max, gint64 *out)
{
    return text && g_ascii_string_to_signed(text, 10, min, max, out, NULL);
}

// "score cp N", "score win N" or "score loss N" at tok[*i]; advances *i past it.
static char *parse_score(char **tok, int *i, AbaloneAepResult *r)
{
    const char *kind = tok[*i + 1];
    gint64 v;
    if (!kind) return g_strdup("'score' without a value");
    if (strcmp(kind, "cp") == 0)
        r->score_kind = ABALONE_AEP_SCORE_CP;
    else if (strcmp(kind, "win") == 0)
        r->score_kind = ABALONE_AEP_SCORE_WIN;
    else if (strcmp(kind, "loss") == 0)
        r->score_kind = ABALONE_AEP_SCORE_LOSS;
    else
        return g_strdup_printf("unknown score kind '%.20s' (cp, win or loss)", kind);
    gint64 lim = r->score_kind == ABALONE_AEP_SCORE_CP ? 100000000 : 1000000;
    if (!parse_int(tok[*i + 2], r->score_kind == ABALONE_AEP_SCORE_CP ? -lim : 0, lim, &v))
        return g_strdup_printf("bad score value '%.20s'", tok[*i + 2] ? tok[*i + 2] : "");
    r->score = (int)v;
    *i += 2;
    while (tok[*i + 1] &&
           (strcmp(tok[*i + 1], "lowerbound") == 0 || strcmp(tok[*i + 1], "upperbound") == 0))
        (*i)++;
    return NULL;
}

// Parses an info line's fields into r; returns the problem (caller frees) or NULL.
static char *parse_info(char **tok, AbaloneAepResult *r)
{
    static const char *const ints[] = {"depth",          "seldepth", "hashfull", "multipv",
                                       "currmovenumber", "cpuload",  "nodes",    "nps",
                                       "tbhits",         "time"};
    for (int i = 1; tok[i]; i++) {
        const char *k = tok[i];
        if (strcmp(k, "string") == 0) break;
        if (strcmp(k, "pv") == 0) {
            g_free(r->pv);
            r->pv = g_strjoinv(" ", tok + i + 1);
            return NULL;
        }
        if (strcmp(k, "score") == 0) {
            char *problem = parse_score(tok, &i, r);
            if (problem) return problem;
            continue;
        }
        if (strcmp(k, "currmove") == 0) {
            i += tok[i + 1] != NULL;
            continue;
        }
        size_t j = 0;
        while (j < G_N_ELEMENTS(ints) && strcmp(k, ints[j]) != 0) j++;
        if (j == G_N_ELEMENTS(ints)) continue; // an unknown key is skipped alone
        gint64 v;
        if (!parse_int(tok[i + 1], 0, j < 6 ? G_MAXINT : G_MAXINT64, &v))
            return g_strdup_printf("'%s' needs a non-negative number, not '%.20s'", k,
                                   tok[i + 1] ? tok[i + 1] : "");
        i++;
        if (strcmp(k, "depth") == 0) r->depth = (int)v;
        if (strcmp(k, "seldepth") == 0) r->seldepth = (int)v;
        if (strcmp(k, "nodes") == 0) r->nodes = (guint64)v;
        if (strcmp(k, "time") == 0) r->time_ms = v;
    }
    return NULL;
}

static bool handle_info(AbaloneAepClient *c, const char *line, char **tok, GError **error)
{
    if (tok[1] && strcmp(tok[1], "string") == 0) {
        char *text = rest_after(line, 2);
        if (g_str_has_prefix(text, "error:"))
            g_string_append_printf(c->errors, "%s%s", c->errors->len ? "; " : "",
                                   g_strstrip(text + 6));
        g_free(text);
        return true;
    }
    if (!c->searching) return true;
    AbaloneAepResult r = {0};
    char *problem = parse_info(tok, &r);
    if (problem) {
        set_error(error, ENGINE_PIPE_ERROR_PROTOCOL, c, ", at '%s': wrote '%.80s': %s", c->go_text,
                  line, problem);
        g_free(problem);
        abalone_aep_result_clear(&r);
        return false;
    }
    if (r.pv || r.score_kind != ABALONE_AEP_SCORE_NONE) {
        if (!r.pv) r.pv = g_strdup("");
        r.has_info = true;
        abalone_aep_result_clear(&c->info);
        c->info = r;
    } else {
        abalone_aep_result_clear(&r);
    }
    return true;
}

static bool handle_bestmove(AbaloneAepClient *c, const char *line, char **tok, GError **error)
{
    bool mine = c->searching;
    c->searching = false; // a bestmove ends the search, even a malformed one
    if (!tok[1] || strlen(tok[1]) > MAX_MOVE_TEXT)
        return set_error(error, ENGINE_PIPE_ERROR_PROTOCOL, c,
                         ", at '%s': wrote '%.80s' (a bestmove needs a move)", c->go_text, line);
    if (mine) { // a bestmove without a search is stale (after a refused go): dropped
        c->finished = true;
        g_free(c->bestmove);
        c->bestmove = g_strdup(tok[1]);
    }
    return true;
}

// Takes one line of the engine's output into the client's state.
static bool handle_line(AbaloneAepClient *c, const char *line, GError **error)
{
    char **tok = text_split_words(line);
    const char *w = tok[0] ? tok[0] : "";
    bool ok = true;
    if (strcmp(w, "readyok") == 0) {
        if (c->ready_owed > 0) c->ready_owed--;
    } else if (strcmp(w, "aepok") == 0) {
        c->aepok = true;
    } else if (strcmp(w, "id") == 0 && tok[1] && strcmp(tok[1], "name") == 0) {
        g_free(c->name);
        c->name = rest_after(line, 2);
    } else if (strcmp(w, "id") == 0 && tok[1] && strcmp(tok[1], "author") == 0) {
        g_free(c->author);
        c->author = rest_after(line, 2);
    } else if (strcmp(w, "option") == 0) {
        g_ptr_array_insert(c->options, (gint)c->options->len - 1, rest_after(line, 1));
    } else if (strcmp(w, "bestmove") == 0) {
        ok = handle_bestmove(c, line, tok, error);
    } else if (strcmp(w, "info") == 0) {
        ok = handle_info(c, line, tok, error);
    }
    g_strfreev(tok);
    return ok;
}

// Reads and handles one line; a pipe failure becomes an error naming the command.
static bool pump(AbaloneAepClient *c, gint64 deadline, const char *doing, int timeout_ms,
                 GError **error)
{
    GError *err = NULL;
    char *line = engine_pipe_read_line(c->pipe, deadline, &err);
    if (!line) {
        if (err->code == ENGINE_PIPE_ERROR_TIMEOUT)
            set_error(error, err->code, c, ": no answer to '%.80s' within %d ms", doing,
                      timeout_ms);
        else
            set_error(error, err->code, c, ", at '%.80s': %s", doing, err->message);
        g_error_free(err);
        return false;
    }
    bool ok = handle_line(c, line, error);
    g_free(line);
    return ok;
}

static bool flush(AbaloneAepClient *c, gint64 deadline, const char *doing, int timeout_ms,
                  GError **error)
{
    GError *err = NULL;
    if (engine_pipe_flush(c->pipe, deadline, &err)) return true;
    if (err->code == ENGINE_PIPE_ERROR_TIMEOUT)
        set_error(error, err->code, c, ": could not send '%.80s' within %d ms", doing, timeout_ms);
    else
        set_error(error, err->code, c, ", at '%.80s': %s", doing, err->message);
    g_error_free(err);
    return false;
}

static void send_line(AbaloneAepClient *c, const char *text)
{
    engine_pipe_queue(c->pipe, text);
    engine_pipe_queue(c->pipe, "\n");
}

// Sends isready and reads until every readyok owed has come; REFUSED if error lines came
// since the command `doing` was sent.
static bool sync_ready(AbaloneAepClient *c, gint64 deadline, const char *doing, int timeout_ms,
                       GError **error)
{
    send_line(c, "isready");
    c->ready_owed++;
    if (!flush(c, deadline, doing, timeout_ms, error)) return false;
    while (c->ready_owed > 0)
        if (!pump(c, deadline, doing, timeout_ms, error)) return false;
    if (c->errors->len)
        return set_error(error, ENGINE_PIPE_ERROR_REFUSED, c, " refused '%.80s': %s", doing,
                         c->errors->str);
    return true;
}

// ---------------------------------------------------------------------------------------
// Commands

// Text for one field of a command: not empty, no control character, and no blank unless
// blanks are allowed.
static bool check_text(const AbaloneAepClient *c, const char *what, const char *text, bool blanks,
                       GError **error)
{
    bool bad = !text || !*text;
    for (const char *s = text; s && *s; s++)
        bad |= (unsigned char)*s < 32 || *s == 127 || (!blanks && *s == ' ');
    if (bad)
        set_error(error, ENGINE_PIPE_ERROR_USAGE, c, ": bad %s '%.80s' (empty, or with a %s)", what,
                  text ? text : "(null)",
                  blanks ? "control character" : "blank or a control character");
    return !bad;
}

static bool check_idle(AbaloneAepClient *c, const char *doing, GError **error)
{
    if (c->searching)
        return set_error(error, ENGINE_PIPE_ERROR_USAGE, c,
                         ": '%.80s' while a search runs (wait for its bestmove or stop it)", doing);
    // The answer of a finished search not taken is dropped.
    c->finished = false;
    return true;
}

// Sends a command the protocol does not acknowledge, then synchronises with isready.
static bool command_synced(AbaloneAepClient *c, const char *cmd, int timeout_ms, GError **error)
{
    if (!check_idle(c, cmd, error)) return false;
    g_string_truncate(c->errors, 0);
    send_line(c, cmd);
    return sync_ready(c, engine_pipe_deadline(timeout_ms), cmd, timeout_ms, error);
}

bool abalone_aep_client_handshake(AbaloneAepClient *c, int timeout_ms, GError **error)
{
    if (!check_idle(c, "aep", error)) return false;
    gint64 deadline = engine_pipe_deadline(timeout_ms);
    g_clear_pointer(&c->name, g_free);
    g_clear_pointer(&c->author, g_free);
    g_ptr_array_set_size(c->options, 0);
    g_ptr_array_add(c->options, NULL);
    c->aepok = false;
    send_line(c, "aep");
    if (!flush(c, deadline, "aep", timeout_ms, error)) return false;
    while (!c->aepok)
        if (!pump(c, deadline, "aep", timeout_ms, error)) return false;
    g_string_truncate(c->errors, 0);
    return sync_ready(c, deadline, "isready", timeout_ms, error);
}

bool abalone_aep_client_ready(AbaloneAepClient *c, int timeout_ms, GError **error)
{
    g_string_truncate(c->errors, 0);
    return sync_ready(c, engine_pipe_deadline(timeout_ms), "isready", timeout_ms, error);
}

bool abalone_aep_client_new_game(AbaloneAepClient *c, int timeout_ms, GError **error)
{
    return command_synced(c, "newgame", timeout_ms, error);
}

bool abalone_aep_client_set_option(AbaloneAepClient *c, const char *name, const char *value,
                                   int timeout_ms, GError **error)
{
    if (!check_text(c, "option name", name, false, error) ||
        !check_text(c, "option value", value, false, error))
        return false;
    char *cmd = g_strdup_printf("setoption name %s value %s", name, value);
    bool ok = command_synced(c, cmd, timeout_ms, error);
    g_free(cmd);
    return ok;
}

bool abalone_aep_client_position(AbaloneAepClient *c, const char *position,
                                 const char *const *moves, int timeout_ms, GError **error)
{
    bool fen = position && strchr(position, '/');
    if (!check_text(c, fen ? "position string" : "layout name", position, fen, error)) return false;
    GString *cmd = g_string_new(NULL);
    g_string_printf(cmd, "position %s %s", fen ? "fen" : "layout", position);
    for (int i = 0; moves && moves[i]; i++) {
        if (!check_text(c, "move", moves[i], false, error)) {
            g_string_free(cmd, TRUE);
            return false;
        }
        g_string_append_printf(cmd, "%s %s", i ? "" : " moves", moves[i]);
    }
    bool ok = command_synced(c, cmd->str, timeout_ms, error);
    g_string_free(cmd, TRUE);
    return ok;
}

// "go movetime ... infinite" for limits (caller frees), NULL for a negative limit.
static char *go_command(const AbaloneAepLimits *l)
{
    if (l->movetime_ms < 0 || l->depth < 0 || l->btime_ms < 0 || l->wtime_ms < 0 ||
        l->binc_ms < 0 || l->winc_ms < 0)
        return NULL;
    GString *s = g_string_new("go");
    if (l->movetime_ms) g_string_append_printf(s, " movetime %" G_GINT64_FORMAT, l->movetime_ms);
    if (l->depth) g_string_append_printf(s, " depth %d", l->depth);
    if (l->nodes) g_string_append_printf(s, " nodes %" G_GUINT64_FORMAT, l->nodes);
    const gint64 clock[4] = {l->wtime_ms, l->btime_ms, l->winc_ms, l->binc_ms};
    const char *names[4] = {"wtime", "btime", "winc", "binc"};
    for (int i = 0; i < 4; i++)
        if (clock[i]) g_string_append_printf(s, " %s %" G_GINT64_FORMAT, names[i], clock[i]);
    if (l->infinite) g_string_append(s, " infinite");
    return g_string_free(s, FALSE);
}

static bool go_start(AbaloneAepClient *c, const AbaloneAepLimits *limits, gint64 deadline,
                     int timeout_ms, GError **error)
{
    if (!check_idle(c, "go", error)) return false;
    char *cmd = go_command(limits);
    if (!cmd) return set_error(error, ENGINE_PIPE_ERROR_USAGE, c, ": a negative search limit");
    g_free(c->go_text);
    c->go_text = cmd;
    g_string_truncate(c->errors, 0);
    abalone_aep_result_clear(&c->info);
    g_clear_pointer(&c->bestmove, g_free);
    c->searching = true;
    c->go_checked = false;
    send_line(c, cmd);
    return flush(c, deadline, cmd, timeout_ms, error);
}

bool abalone_aep_client_go_start(AbaloneAepClient *c, const AbaloneAepLimits *limits,
                                 GError **error)
{
    return go_start(c, limits, ENGINE_PIPE_NO_DEADLINE, -1, error);
}

// Reads until the search's bestmove. An error line during the search may mean the engine
// rejected the go and will write no bestmove: an isready then tells, its readyok coming first.
static bool go_wait(AbaloneAepClient *c, gint64 deadline, int timeout_ms, AbaloneAepResult *result,
                    GError **error)
{
    memset(result, 0, sizeof *result);
    if (!c->searching && !c->finished)
        return set_error(error, ENGINE_PIPE_ERROR_USAGE, c, ": no search to wait for");
    if (!flush(c, deadline, c->go_text, timeout_ms, error)) return false;
    while (!c->finished) {
        if (!pump(c, deadline, c->go_text, timeout_ms, error)) return false;
        if (c->searching && c->errors->len && !c->go_checked) {
            c->go_checked = true;
            send_line(c, "isready");
            c->ready_owed++;
            if (!flush(c, deadline, c->go_text, timeout_ms, error)) return false;
        }
        if (c->searching && c->go_checked && c->ready_owed == 0) {
            c->searching = false;
            return set_error(error, ENGINE_PIPE_ERROR_REFUSED, c, " refused '%.80s': %s",
                             c->go_text, c->errors->str);
        }
    }
    c->finished = false;
    *result = c->info;
    memset(&c->info, 0, sizeof c->info);
    result->bestmove = c->bestmove;
    c->bestmove = NULL;
    if (!result->pv) result->pv = g_strdup("");
    return true;
}

bool abalone_aep_client_go_wait(AbaloneAepClient *c, int timeout_ms, AbaloneAepResult *result,
                                GError **error)
{
    return go_wait(c, engine_pipe_deadline(timeout_ms), timeout_ms, result, error);
}

bool abalone_aep_client_go(AbaloneAepClient *c, const AbaloneAepLimits *limits, int timeout_ms,
                           AbaloneAepResult *result, GError **error)
{
    gint64 deadline = engine_pipe_deadline(timeout_ms);
    return go_start(c, limits, deadline, timeout_ms, error) &&
           go_wait(c, deadline, timeout_ms, result, error);
}

bool abalone_aep_client_stop(AbaloneAepClient *c, int timeout_ms, AbaloneAepResult *result,
                             GError **error)
{
    if (c->searching) send_line(c, "stop");
    return go_wait(c, engine_pipe_deadline(timeout_ms), timeout_ms, result, error);
}

void abalone_aep_client_kill(AbaloneAepClient *c)
{
    engine_pipe_kill(c->pipe);
}

const char *abalone_aep_client_quit(AbaloneAepClient *c, int grace_ms)
{
    reset_state(c);
    return engine_pipe_close(c->pipe, "quit\n", grace_ms);
}

bool abalone_aep_client_restart(AbaloneAepClient *c, int timeout_ms, GError **error)
{
    abalone_aep_client_quit(c, ABALONE_AEP_CLIENT_GRACE_MS);
    EnginePipe *pipe = start_pipe(c->command, error);
    if (!pipe) return false;
    engine_pipe_free(c->pipe);
    c->pipe = pipe;
    return abalone_aep_client_handshake(c, timeout_ms, error);
}

void abalone_aep_client_free(AbaloneAepClient *c)
{
    if (!c) return;
    abalone_aep_client_quit(c, ABALONE_AEP_CLIENT_GRACE_MS);
    engine_pipe_free(c->pipe);
    g_free(c->command);
    g_free(c->name);
    g_free(c->author);
    g_ptr_array_free(c->options, TRUE);
    g_string_free(c->errors, TRUE);
    g_free(c->go_text);
    g_free(c->bestmove);
    abalone_aep_result_clear(&c->info);
    g_free(c);
}
