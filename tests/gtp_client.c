// SPDX-License-Identifier: MIT
// The tests' GTP client.
#include "tests/gtp_client.h"

#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>

char *gtp_client_gnugo_path(void)
{
    if (g_file_test("/usr/games/gnugo", G_FILE_TEST_IS_EXECUTABLE))
        return g_strdup("/usr/games/gnugo");
    return g_find_program_in_path("gnugo");
}

bool gtp_client_start(GtpClient *c, const char *command)
{
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
    return true;
}

void gtp_client_stop(GtpClient *c)
{
    fputs("quit\n", c->in);
    fclose(c->in);
    fclose(c->out);
    waitpid(c->pid, NULL, 0);
    g_spawn_close_pid(c->pid);
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
    bool ok = true, first = true;
    while (getline(&line, &cap, c->out) >= 0) {
        if (line[0] == '\n' && !first) break;
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
    g_assert_false(first); // the engine answered
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
