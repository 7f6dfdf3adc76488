// SPDX-License-Identifier: MIT
// The engine behind pipes (core/engine_pipe.h): both pipe ends are non-blocking and every
// wait is a poll() bounded by the deadline, so no read or write can hang past it.
#include "core/engine_pipe.h"

#include <errno.h>
#include <glib-unix.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct EnginePipe {
    char *command;
    GPid pid;
    int in_fd, out_fd; // the engine's input and output, -1 once closed
    GString *outbuf;   // queued for the engine, from out_done on
    gsize out_done;
    GString *inbuf; // read from the engine, not yet returned
    bool skipping;  // discarding the rest of a too long line
    bool eof;       // the engine closed its output
    char *ended;    // how it ended, once reaped
};

G_DEFINE_QUARK(engine - pipe - error - quark, engine_pipe_error)

gint64 engine_pipe_deadline(int timeout_ms)
{
    if (timeout_ms < 0) return ENGINE_PIPE_NO_DEADLINE;
    return g_get_monotonic_time() + (gint64)timeout_ms * 1000;
}

EnginePipe *engine_pipe_start(const char *kind, const char *command, GError **error)
{
    char **argv = NULL;
    GError *err = NULL;
    if (!g_shell_parse_argv(command, NULL, &argv, &err)) {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_START,
                    "%s: cannot split the command line '%s': %s", kind, command, err->message);
        g_error_free(err);
        return NULL;
    }
    GPid pid;
    int to, from;
    bool ok =
        g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH,
                                 NULL, NULL, &pid, &to, &from, NULL, &err);
    g_strfreev(argv);
    if (!ok) {
        g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_START, "%s: cannot start '%s': %s",
                    kind, command, err->message);
        g_error_free(err);
        return NULL;
    }
    g_unix_set_fd_nonblocking(to, TRUE, NULL);
    g_unix_set_fd_nonblocking(from, TRUE, NULL);
    EnginePipe *p = g_new0(EnginePipe, 1);
    p->command = g_strdup(command);
    p->pid = pid;
    p->in_fd = to;
    p->out_fd = from;
    p->outbuf = g_string_new(NULL);
    p->inbuf = g_string_new(NULL);
    return p;
}

const char *engine_pipe_command(const EnginePipe *p)
{
    return p->command;
}

GPid engine_pipe_pid(const EnginePipe *p)
{
    return p->pid;
}

const char *engine_pipe_ended(const EnginePipe *p)
{
    return p->ended;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static char *status_text(int status)
{
    if (WIFEXITED(status)) return g_strdup_printf("exit status %d", WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        // sigdescr_np, not g_strsignal: it is thread-safe and interns nothing (several games
        // of a match may reap engines at once).
        const char *what = sigdescr_np(WTERMSIG(status));
        return g_strdup_printf("killed by signal %d (%s)", WTERMSIG(status),
                               what ? what : "unknown signal");
    }
    return g_strdup_printf("wait status %d", status);
}

// Waits until the deadline for the engine to exit, kills it if it has not, and records how it
// ended. Exited children are polled with short sleeps: there is no portable way to poll()
// for a child's exit, and this runs once per engine.
static void reap(EnginePipe *p, gint64 deadline, const char *why_killed)
{
    if (p->ended) return;
    gulong nap = 500;
    int status = 0;
    pid_t r;
    while ((r = waitpid(p->pid, &status, WNOHANG)) == 0 && g_get_monotonic_time() < deadline) {
        g_usleep(nap);
        nap = MIN(nap * 2, 20000);
    }
    if (r == 0) {
        kill(p->pid, SIGKILL);
        while ((r = waitpid(p->pid, &status, 0)) < 0 && errno == EINTR) {
        }
        p->ended = g_strdup_printf("killed by the client: %s", why_killed);
    } else if (r < 0) {
        p->ended = g_strdup_printf("lost (waitpid: %s)", g_strerror(errno));
    } else {
        p->ended = status_text(status);
    }
    g_spawn_close_pid(p->pid);
    close_fd(&p->in_fd);
}

// Called when a pipe shows that the engine is going away: reaps it and says so.
static void died(EnginePipe *p, const char *what, GError **error)
{
    char *why =
        g_strdup_printf("still running %d ms after it %s", ENGINE_PIPE_DEATH_GRACE_MS, what);
    reap(p, engine_pipe_deadline(ENGINE_PIPE_DEATH_GRACE_MS), why);
    g_free(why);
    g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED, "%s (%s)", what, p->ended);
}

static bool ended_error(EnginePipe *p, GError **error)
{
    g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED, "has ended (%s)", p->ended);
    return false;
}

// Waits until fd is ready for events or the deadline passes (false, a timeout error).
static bool wait_fd(int fd, short events, gint64 deadline, GError **error)
{
    for (;;) {
        int ms = -1;
        if (deadline != ENGINE_PIPE_NO_DEADLINE) {
            gint64 left = deadline - g_get_monotonic_time();
            ms = left <= 0 ? 0 : (int)MIN((left + 999) / 1000, G_MAXINT);
        }
        struct pollfd pfd = {fd, events, 0};
        int r = poll(&pfd, 1, ms);
        if (r > 0) return true;
        if (r < 0 && errno != EINTR) {
            g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_IO, "poll: %s",
                        g_strerror(errno));
            return false;
        }
        if (r == 0 && ms >= 0 && g_get_monotonic_time() >= deadline) {
            g_set_error_literal(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT, "timed out");
            return false;
        }
    }
}

// write() with SIGPIPE blocked in this thread, a SIGPIPE it raised consumed, and the signal
// mask restored: the process's signal dispositions are not the library's to change.
static ssize_t write_quietly(int fd, const char *buf, size_t n)
{
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    ssize_t r = write(fd, buf, n);
    int saved = errno;
    if (r < 0 && saved == EPIPE && !was_pending) {
        const struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return r;
}

void engine_pipe_queue(EnginePipe *p, const char *text)
{
    g_string_append(p->outbuf, text);
}

bool engine_pipe_flush(EnginePipe *p, gint64 deadline, GError **error)
{
    if (p->ended) return ended_error(p, error);
    while (p->out_done < p->outbuf->len) {
        ssize_t n =
            write_quietly(p->in_fd, p->outbuf->str + p->out_done, p->outbuf->len - p->out_done);
        if (n > 0) {
            p->out_done += (gsize)n;
        } else if (n < 0 && errno == EAGAIN) {
            if (!wait_fd(p->in_fd, POLLOUT, deadline, error)) return false;
        } else if (n < 0 && errno == EPIPE) {
            died(p, "closed its input", error);
            return false;
        } else if (n < 0 && errno != EINTR) {
            g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_IO, "write: %s",
                        g_strerror(errno));
            return false;
        }
    }
    g_string_truncate(p->outbuf, 0);
    p->out_done = 0;
    return true;
}

// Takes a complete line off the input buffer, if there is one (NULL otherwise).
static char *take_line(EnginePipe *p)
{
    for (;;) {
        char *nl = memchr(p->inbuf->str, '\n', p->inbuf->len);
        if (!nl) {
            if (p->skipping) g_string_truncate(p->inbuf, 0);
            return NULL;
        }
        gsize n = (gsize)(nl - p->inbuf->str);
        if (p->skipping) {
            g_string_erase(p->inbuf, 0, (gssize)n + 1);
            p->skipping = false;
            continue;
        }
        if (n > 0 && p->inbuf->str[n - 1] == '\r') n--;
        char *line = g_malloc(n + 1);
        for (gsize i = 0; i < n; i++) line[i] = p->inbuf->str[i] ? p->inbuf->str[i] : '?';
        line[n] = '\0';
        g_string_erase(p->inbuf, 0, nl - p->inbuf->str + 1);
        return line;
    }
}

char *engine_pipe_read_line(EnginePipe *p, gint64 deadline, GError **error)
{
    for (;;) {
        char *line = take_line(p);
        if (line) return line;
        if (p->inbuf->len > ENGINE_PIPE_MAX_LINE) {
            g_string_truncate(p->inbuf, 0);
            p->skipping = true;
            g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL,
                        "wrote a line longer than %d bytes", ENGINE_PIPE_MAX_LINE);
            return NULL;
        }
        if (p->eof) {
            died(p, "closed its output", error);
            return NULL;
        }
        if (p->ended) {
            ended_error(p, error);
            return NULL;
        }
        // Past the deadline nothing more is read: an engine that writes without end cannot
        // keep a reader past it.
        if (deadline != ENGINE_PIPE_NO_DEADLINE && g_get_monotonic_time() >= deadline) {
            g_set_error_literal(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT, "timed out");
            return NULL;
        }
        if (!wait_fd(p->out_fd, POLLIN, deadline, error)) return NULL;
        char buf[65536];
        ssize_t n = read(p->out_fd, buf, sizeof buf);
        if (n > 0)
            g_string_append_len(p->inbuf, buf, n);
        else if (n == 0)
            p->eof = true;
        else if (errno != EINTR && errno != EAGAIN) {
            g_set_error(error, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_IO, "read: %s",
                        g_strerror(errno));
            return NULL;
        }
    }
}

const char *engine_pipe_close(EnginePipe *p, const char *farewell, int grace_ms)
{
    if (!p->ended) {
        gint64 deadline = engine_pipe_deadline(grace_ms);
        if (farewell) {
            engine_pipe_queue(p, farewell);
            engine_pipe_flush(p, deadline, NULL);
        }
        close_fd(&p->in_fd);
        // Read its output to the end, so that it is never blocked writing while it exits.
        while (!p->eof && g_get_monotonic_time() < deadline &&
               wait_fd(p->out_fd, POLLIN, deadline, NULL)) {
            char buf[65536];
            ssize_t n = read(p->out_fd, buf, sizeof buf);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) p->eof = true;
        }
        char *why = g_strdup_printf("still running %d ms after %s", grace_ms,
                                    farewell ? "the farewell" : "its input was closed");
        reap(p, deadline, why);
        g_free(why);
    }
    close_fd(&p->out_fd);
    g_string_truncate(p->inbuf, 0);
    return p->ended;
}

void engine_pipe_kill(EnginePipe *p)
{
    if (!p->ended) {
        kill(p->pid, SIGKILL);
        int status = 0;
        pid_t r;
        while ((r = waitpid(p->pid, &status, 0)) < 0 && errno == EINTR) {
        }
        g_spawn_close_pid(p->pid);
        char *how = r < 0 ? g_strdup_printf("waitpid: %s", g_strerror(errno)) : status_text(status);
        p->ended = g_strdup_printf("killed by the client (%s)", how);
        g_free(how);
    }
    close_fd(&p->in_fd);
    close_fd(&p->out_fd);
}

void engine_pipe_free(EnginePipe *p)
{
    if (!p) return;
    engine_pipe_close(p, NULL, ENGINE_PIPE_DEATH_GRACE_MS);
    g_free(p->command);
    g_string_free(p->outbuf, TRUE);
    g_string_free(p->inbuf, TRUE);
    g_free(p->ended);
    g_free(p);
}
