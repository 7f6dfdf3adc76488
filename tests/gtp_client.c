// SPDX-License-Identifier: MIT
// The tests' GTP client.
#include "tests/gtp_client.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>

char *gtp_client_gnugo_path(void)
{
    const char *env = g_getenv("SUMITO_GNUGO");
    if (env && *env) return g_strdup(env);
    if (g_file_test("/usr/games/gnugo", G_FILE_TEST_IS_EXECUTABLE))
        return g_strdup("/usr/games/gnugo");
    return g_find_program_in_path("gnugo");
}

bool gtp_client_start(GtpClient *c, const char *command)
{
    // Writing to an engine that died must fail with EPIPE, not kill the test.
    signal(SIGPIPE, SIG_IGN);
    char **argv = NULL;
    int to, from;
    GError *err = NULL;
    if (!g_shell_parse_argv(command, NULL, &argv, &err)) {
        g_error_free(err);
        return false;
    }
    bool ok = g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                       &c->pid, &to, &from, NULL, &err);
    g_strfreev(argv);
    if (!ok) {
        g_error_free(err);
        return false;
    }
    c->in = fdopen(to, "w");
    c->out = fdopen(from, "r");
    c->command = g_strdup(command);
    c->may_die = false;
    c->died = NULL;
    return true;
}

void gtp_client_stop(GtpClient *c)
{
    if (!c->died) fputs("quit\n", c->in);
    fclose(c->in);
    fclose(c->out);
    if (!c->died) waitpid(c->pid, NULL, 0);
    g_spawn_close_pid(c->pid);
    g_free(c->command);
    g_free(c->died);
}

bool gtp_client_restart(GtpClient *c)
{
    char *command = g_strdup(c->command);
    bool may_die = c->may_die;
    gtp_client_stop(c);
    bool ok = gtp_client_start(c, command);
    if (ok) c->may_die = may_die;
    g_free(command);
    return ok;
}

// The engine closed its output (its last response cut short, if any): reap it, then fail the
// test with what became of it, or record that in c->died when the engine may die.
static void engine_died(GtpClient *c)
{
    int status = 0;
    // A closed output with the process still running is a hang in the making: end it.
    if (waitpid(c->pid, &status, WNOHANG) == 0) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, &status, 0);
    }
    char *how = WIFSIGNALED(status) ? g_strdup_printf("killed by signal %d", WTERMSIG(status))
                                    : g_strdup_printf("exit status %d", WEXITSTATUS(status));
    if (!c->may_die)
        g_error("GTP engine '%s' closed its output without answering (%s)", c->command, how);
    c->died = how;
}

void gtp_client_send(GtpClient *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->in, fmt, ap);
    va_end(ap);
}

char *gtp_client_read(GtpClient *c, char **error)
{
    GString *text = g_string_new(NULL);
    char *line = NULL;
    size_t cap = 0;
    bool ok = true, first = true, complete = false;
    while (getline(&line, &cap, c->out) >= 0) {
        if (line[0] == '\n' && !first) {
            complete = true; // a response ends with an empty line
            break;
        }
        if (line[0] == '\n') continue;
        if (first) {
            ok = line[0] == '=';
            // Skip the id, if any, after the status character.
            char *rest = line + 1;
            while (g_ascii_isdigit(*rest)) rest++;
            g_string_append(text, g_strstrip(rest));
            first = false;
        } else {
            g_string_append_printf(text, " %s", g_strstrip(line));
        }
    }
    free(line);
    if (!complete) { // the output ended before or inside the response
        engine_died(c);
        g_string_free(text, TRUE);
        return NULL;
    }
    if (!ok) {
        if (error) *error = g_strdup(text->str);
        g_string_free(text, TRUE);
        return NULL;
    }
    return g_string_free(text, FALSE);
}

char *gtp_client_ask(GtpClient *c, char **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->in, fmt, ap);
    va_end(ap);
    fputc('\n', c->in);
    fflush(c->in);
    return gtp_client_read(c, error);
}
