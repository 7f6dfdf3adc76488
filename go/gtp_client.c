// SPDX-License-Identifier: MIT
// The GTP client (go/gtp_client.h). A response is read line by line into the client, so that
// a timeout in the middle of one loses nothing; the queue of pending commands names the
// command in every message and keeps responses matched to their commands.
#include "go/gtp_client.h"

#include <stdarg.h>
#include <string.h>

struct GoGtpClient {
    EnginePipe *pipe;
    char *command;
    GQueue pending; // the commands sent and not answered, oldest first (owned strings)
    // The response being read (it survives a timeout).
    bool in_response, accepted;
    const char *broken; // why the response is being skipped to its end (too long), or NULL
    GString *text;
};

static const char too_long_response[] =
    "a response longer than " G_STRINGIFY(GO_GTP_CLIENT_MAX_RESPONSE) " bytes";
static const char too_long_line[] =
    "a line longer than " G_STRINGIFY(ENGINE_PIPE_MAX_LINE) " bytes";

char *go_gtp_client_gnugo_path(void)
{
    const char *env = g_getenv("SUMITO_GNUGO");
    if (env && *env) return g_strdup(env);
    if (g_file_test("/usr/games/gnugo", G_FILE_TEST_IS_EXECUTABLE))
        return g_strdup("/usr/games/gnugo");
    return g_find_program_in_path("gnugo");
}

GoGtpClient *go_gtp_client_start(const char *command, GError **error)
{
    EnginePipe *pipe = engine_pipe_start("GTP engine", command, error);
    if (!pipe) return NULL;
    GoGtpClient *c = g_new0(GoGtpClient, 1);
    c->pipe = pipe;
    c->command = g_strdup(command);
    g_queue_init(&c->pending);
    c->text = g_string_new(NULL);
    return c;
}

const char *go_gtp_client_command(const GoGtpClient *c)
{
    return c->command;
}

const char *go_gtp_client_ended(const GoGtpClient *c)
{
    return engine_pipe_ended(c->pipe);
}

int go_gtp_client_pending(const GoGtpClient *c)
{
    return (int)g_queue_get_length((GQueue *)&c->pending);
}

// The error of an engine's failure: cause (a pipe error) with the engine and the command.
static void fail(GoGtpClient *c, GError *cause, const char *cmd, int timeout_ms, GError **error)
{
    if (cause->code == ENGINE_PIPE_ERROR_TIMEOUT)
        g_set_error(error, ENGINE_PIPE_ERROR, cause->code,
                    "GTP engine '%s': no answer to '%.80s' within %d ms", c->command, cmd,
                    timeout_ms);
    else
        g_set_error(error, ENGINE_PIPE_ERROR, cause->code, "GTP engine '%s', at '%.80s': %s",
                    c->command, cmd, cause->message);
    g_error_free(cause);
}

static bool blank(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return !*s;
}

bool go_gtp_client_send(GoGtpClient *c, GError **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *cmd = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    const char *s = cmd;
    while (*s == ' ' || *s == '\t') s++;
    bool control = false;
    for (const char *t = cmd; *t; t++) control |= (unsigned char)*t < 32 && *t != '\t';
    if (!*s || *s == '#' || control) {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE,
                    "GTP engine '%s': '%.80s' is not one command (empty, a comment, or with a "
                    "control character)",
                    c->command, cmd);
        g_free(cmd);
        return false;
    }
    engine_pipe_queue(c->pipe, cmd);
    engine_pipe_queue(c->pipe, "\n");
    g_queue_push_tail(&c->pending, cmd);
    return true;
}

static bool flush_until(GoGtpClient *c, gint64 deadline, int timeout_ms, GError **error)
{
    GError *err = NULL;
    if (engine_pipe_flush(c->pipe, deadline, &err)) return true;
    const char *last = g_queue_peek_tail(&c->pending);
    fail(c, err, last ? last : "(nothing)", timeout_ms, error);
    return false;
}

bool go_gtp_client_flush(GoGtpClient *c, int timeout_ms, GError **error)
{
    return flush_until(c, engine_pipe_deadline(timeout_ms), timeout_ms, error);
}

// Takes the first line of a response: its status and the text after the status and id.
static bool start_response(GoGtpClient *c, const char *line, const char *cmd, GError **error)
{
    if (line[0] != '=' && line[0] != '?') {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL,
                    "GTP engine '%s', at '%.80s': answered '%.80s', not a response ('=' or '?' "
                    "expected)",
                    c->command, cmd, line);
        return false;
    }
    c->in_response = true;
    c->accepted = line[0] == '=';
    c->broken = NULL;
    const char *rest = line + 1;
    while (g_ascii_isdigit(*rest)) rest++;
    g_string_assign(c->text, rest);
    g_strstrip(c->text->str);
    c->text->len = strlen(c->text->str);
    return true;
}

// Appends a further line of a multi-line response (its trailing blanks dropped).
static void continue_response(GoGtpClient *c, const char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
    if (c->broken || c->text->len + n + 1 > GO_GTP_CLIENT_MAX_RESPONSE) {
        if (!c->broken) c->broken = too_long_response;
        g_string_truncate(c->text, 0);
        return;
    }
    g_string_append_c(c->text, '\n');
    g_string_append_len(c->text, line, (gssize)n);
}

// The response is complete: returns it, or its refusal as an error.
static char *end_response(GoGtpClient *c, char *cmd, char **refusal, GError **error)
{
    c->in_response = false;
    char *text = NULL;
    if (c->broken)
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL,
                    "GTP engine '%s', at '%.80s': %s", c->command, cmd, c->broken);
    else if (c->accepted)
        text = g_strdup(c->text->str);
    else {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED,
                    "GTP engine '%s' refused '%.80s': %s", c->command, cmd, c->text->str);
        if (refusal) *refusal = g_strdup(c->text->str);
    }
    g_string_truncate(c->text, 0);
    g_free(cmd);
    return text;
}

char *go_gtp_client_read(GoGtpClient *c, int timeout_ms, char **refusal, GError **error)
{
    if (g_queue_is_empty(&c->pending)) {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE,
                    "GTP engine '%s': no command awaits a response", c->command);
        return NULL;
    }
    gint64 deadline = engine_pipe_deadline(timeout_ms);
    if (!flush_until(c, deadline, timeout_ms, error)) return NULL;
    const char *cmd = g_queue_peek_head(&c->pending);
    for (;;) {
        GError *err = NULL;
        char *line = engine_pipe_read_line(c->pipe, deadline, &err);
        if (!line && err->code == ENGINE_PIPE_ERROR_PROTOCOL) {
            // A line too long: the response is read to its end, then reported.
            c->in_response = true;
            c->broken = too_long_line;
            g_error_free(err);
            continue;
        }
        if (!line) {
            fail(c, err, cmd, timeout_ms, error);
            return NULL;
        }
        bool ok = true, done = false;
        if (!c->in_response) {
            if (!blank(line)) ok = start_response(c, line, cmd, error);
        } else if (blank(line)) {
            done = true;
        } else {
            continue_response(c, line);
        }
        g_free(line);
        if (!ok) {
            g_free(g_queue_pop_head(&c->pending));
            return NULL;
        }
        if (done) return end_response(c, g_queue_pop_head(&c->pending), refusal, error);
    }
}

char *go_gtp_client_ask(GoGtpClient *c, int timeout_ms, char **refusal, GError **error,
                        const char *fmt, ...)
{
    if (!g_queue_is_empty(&c->pending)) {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE,
                    "GTP engine '%s': %d responses are still to be read", c->command,
                    go_gtp_client_pending(c));
        return NULL;
    }
    va_list ap;
    va_start(ap, fmt);
    char *cmd = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    bool ok = go_gtp_client_send(c, error, "%s", cmd);
    g_free(cmd);
    return ok ? go_gtp_client_read(c, timeout_ms, refusal, error) : NULL;
}

static void forget_pending(GoGtpClient *c)
{
    g_queue_clear_full(&c->pending, g_free);
    c->in_response = false;
    g_string_truncate(c->text, 0);
}

void go_gtp_client_kill(GoGtpClient *c)
{
    engine_pipe_kill(c->pipe);
}

const char *go_gtp_client_stop(GoGtpClient *c, int grace_ms)
{
    forget_pending(c);
    return engine_pipe_close(c->pipe, "quit\n", grace_ms);
}

bool go_gtp_client_restart(GoGtpClient *c, GError **error)
{
    go_gtp_client_stop(c, GO_GTP_CLIENT_GRACE_MS);
    EnginePipe *pipe = engine_pipe_start("GTP engine", c->command, error);
    if (!pipe) return false;
    engine_pipe_free(c->pipe);
    c->pipe = pipe;
    return true;
}

void go_gtp_client_free(GoGtpClient *c)
{
    if (!c) return;
    go_gtp_client_stop(c, GO_GTP_CLIENT_GRACE_MS);
    engine_pipe_free(c->pipe);
    g_free(c->command);
    g_string_free(c->text, TRUE);
    g_free(c);
}
