// SPDX-License-Identifier: MIT
// The tests' GTP client over the library's (go/gtp_client.h).
#include "tests/gtp_client.h"

#include <stdarg.h>
#include <string.h>

char *gtp_client_gnugo_path(void)
{
    return go_gtp_client_gnugo_path();
}

bool gtp_client_start(GtpClient *c, const char *command)
{
    GError *err = NULL;
    c->engine = go_gtp_client_start(command, &err);
    c->may_die = false;
    c->died = NULL;
    if (!c->engine) {
        g_test_message("%s", err->message);
        g_error_free(err);
        return false;
    }
    return true;
}

void gtp_client_stop(GtpClient *c)
{
    go_gtp_client_free(c->engine);
    c->engine = NULL;
    g_clear_pointer(&c->died, g_free);
}

bool gtp_client_restart(GtpClient *c)
{
    GError *err = NULL;
    g_clear_pointer(&c->died, g_free);
    if (go_gtp_client_restart(c->engine, &err)) return true;
    g_test_message("%s", err->message);
    g_error_free(err);
    return false;
}

// The engine failed otherwise than by refusing a command: the test fails, unless the engine
// may die and did.
static void engine_failed(GtpClient *c, GError *err)
{
    if (!c->may_die || err->code != ENGINE_PIPE_ERROR_DIED) g_error("%s", err->message);
    if (!c->died) c->died = g_strdup(go_gtp_client_ended(c->engine));
    g_error_free(err);
}

void gtp_client_send(GtpClient *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        GError *err = NULL;
        if (!**l) continue;
        if (!go_gtp_client_send(c->engine, &err, "%s", *l)) g_error("%s", err->message);
    }
    g_strfreev(lines);
    g_free(text);
}

void gtp_client_flush(GtpClient *c)
{
    GError *err = NULL;
    if (c->died) return;
    if (!go_gtp_client_flush(c->engine, GTP_CLIENT_TEST_TIMEOUT_MS, &err)) engine_failed(c, err);
}

// The lines of a multi-line response joined by spaces, as the tests parse them.
static char *one_line(char *text)
{
    if (!strchr(text, '\n')) return text;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) g_strstrip(*l);
    char *joined = g_strjoinv(" ", lines);
    g_strfreev(lines);
    g_free(text);
    return joined;
}

char *gtp_client_read(GtpClient *c, char **error)
{
    GError *err = NULL;
    if (c->died) return NULL;
    char *text = go_gtp_client_read(c->engine, GTP_CLIENT_TEST_TIMEOUT_MS, error, &err);
    if (text) return one_line(text);
    if (err->code == ENGINE_PIPE_ERROR_REFUSED)
        g_error_free(err);
    else
        engine_failed(c, err);
    return NULL;
}

char *gtp_client_ask(GtpClient *c, char **error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *cmd = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    gtp_client_send(c, "%s", cmd);
    g_free(cmd);
    return gtp_client_read(c, error);
}
