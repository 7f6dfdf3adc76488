// SPDX-License-Identifier: MIT
// Stopping a search from another thread: a request made before the search, as it starts or
// while it runs always stops it with a move, whether it comes straight from
// engine_request_stop or as the engine protocol's `stop` after `go infinite`. A lost request
// leaves an infinite search running, so every wait has a deadline and fails with a message
// instead of hanging. Under BUILD=tsan, ThreadSanitizer also checks every access on the way.
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "abalone/aep.h"
#include "abalone/engine.h"
#include "tests/test_util.h"

#define STOP_CYCLES      1000
#define STOP_DEADLINE_NS (10 * (int64_t)1000000000) // far beyond any stopped search's answer
// A search stopped before it starts still makes its first root move (whose subtree stops).
#define FIRST_NODE 1

static int64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

// Waits to the tenth of a microsecond, as sleeping cannot: busy, or giving the core to the
// other threads (one of them may be the search, waiting for the core).
static void wait_ns(int64_t ns, bool busy)
{
    int64_t end = now_ns() + ns;
    while (now_ns() < end)
        if (!busy) sched_yield();
}

static void new_engine(AbaloneEngine *e)
{
    SearchParams p;
    AbaloneRules r;
    search_params_default(&p);
    abalone_rules_default(&r);
    p.hash = 1;
    GError *err = NULL;
    g_assert_true(abalone_engine_init(e, &p, &r, &err));
    g_assert_no_error(err);
}

// Delays between starting a search and asking it to stop that home in on the moment the
// search takes up a pending request, where a request can be lost: a request the search saw
// before its first move moves the centre later, one it met while searching moves it earlier
// (a staircase, in steps of a sixteenth). Each delay is drawn around the centre (spread: a
// fraction of it) from the g_test seed; one in eight is zero, a request right behind the start.
typedef struct {
    int64_t centre, max;
    double spread;
} Aim;

static int64_t aim_delay(const Aim *a)
{
    if (g_test_rand_int_range(0, 8) == 0) return 0;
    double f = 1 + a->spread * g_test_rand_double_range(-1, 1);
    return MAX(0, (int64_t)((double)a->centre * f));
}

static void aim_update(Aim *a, int64_t delay, bool early)
{
    if (delay == 0) return;
    int64_t c = early ? a->centre + a->centre / 16 + 100 : a->centre - a->centre / 16;
    a->centre = CLAMP(c, 0, a->max);
}

// ---------------------------------------------------------------------------------------
// engine_request_stop on a search thread

typedef struct {
    AbaloneEngine *engine;
    const AbaloneGame *game;
    SearchInfo info;
    Move move;
    atomic_int started, done;
} Job;

static void *search_job(void *data)
{
    Job *j = data;
    SearchLimits l = {0};
    l.infinite = true;
    l.start_us = g_get_monotonic_time();
    atomic_store_explicit(&j->started, 1, memory_order_relaxed);
    j->move = abalone_engine_search(j->engine, j->game, &l, NULL, NULL, &j->info);
    atomic_store_explicit(&j->done, 1, memory_order_release);
    return NULL;
}

// A request made before the search starts still stops it, with a move.
static void test_stop_before_start(void)
{
    AbaloneEngine e;
    new_engine(&e);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    Job j = {.engine = &e, .game = &g};
    atomic_init(&j.started, 0);
    atomic_init(&j.done, 0);
    engine_request_stop(&e.core);
    search_job(&j); // in this thread: a lost request would never return
    g_assert_cmpuint(j.move, !=, MOVE_NONE);
    g_assert_true(engine_search_stopped(&e.core));
    g_assert_cmpuint(j.info.nodes, <=, FIRST_NODE); // it stopped at once
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

static void test_stop_race(void)
{
    AbaloneEngine e;
    new_engine(&e);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    AbaloneGame g;
    abalone_game_init(&g, &b, &e.rules);
    Aim aim = {.centre = 2000, .max = 200000, .spread = 0.25};
    int early = 0, cycles = TEST_SCALED(STOP_CYCLES);
    for (int cycle = 0; cycle < cycles; cycle++) {
        Job j = {.engine = &e, .game = &g};
        atomic_init(&j.started, 0);
        atomic_init(&j.done, 0);
        // The caller clears the request before each search.
        engine_clear_stop(&e.core);
        int64_t delay = aim_delay(&aim);
        pthread_t t;
        g_assert_cmpint(pthread_create(&t, NULL, search_job, &j), ==, 0);
        // The delay counts from the moment the thread runs, so the requests fall within a
        // fraction of a microsecond of the search's start whenever the two threads have a
        // core each.
        int64_t deadline = now_ns() + STOP_DEADLINE_NS;
        while (!atomic_load_explicit(&j.started, memory_order_relaxed)) {
            if (now_ns() > deadline)
                g_error("cycle %d: the search thread did not start", cycle + 1);
            sched_yield();
        }
        wait_ns(delay, true);
        engine_request_stop(&e.core);
        deadline = now_ns() + STOP_DEADLINE_NS;
        while (!atomic_load_explicit(&j.done, memory_order_acquire)) {
            if (now_ns() > deadline)
                g_error("cycle %d of %d: the search still runs %d s after engine_request_stop "
                        "(requested %" G_GINT64_FORMAT " ns after it started): the request was "
                        "lost",
                        cycle + 1, cycles, (int)(STOP_DEADLINE_NS / 1000000000), delay);
            g_usleep(20);
        }
        g_assert_cmpint(pthread_join(t, NULL), ==, 0);
        g_assert_cmpuint(j.move, !=, MOVE_NONE);
        g_assert_true(engine_search_stopped(&e.core));
        early += j.info.nodes <= FIRST_NODE;
        aim_update(&aim, delay, j.info.nodes <= FIRST_NODE);
    }
    g_test_message("%d of %d requests came before the search's first move; last centre %.1f us",
                   early, cycles, (double)aim.centre / 1000);
    abalone_game_free(&g);
    abalone_engine_free(&e);
}

// ---------------------------------------------------------------------------------------
// `go infinite` and `stop` through the engine protocol server, fed through pipes

typedef struct {
    AbaloneEngine *engine;
    FILE *in, *out;
} Server;

static void *serve(void *data)
{
    Server *s = data;
    abalone_aep_serve(s->engine, s->in, s->out);
    fclose(s->in);
    fclose(s->out);
    return NULL;
}

static void send_text(int fd, const char *text)
{
    size_t len = strlen(text);
    while (len) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR) continue;
        g_assert_cmpint(n, >, 0);
        text += n, len -= (size_t)n;
    }
}

// The server's answers, line by line.
typedef struct {
    int fd;
    GString *buf;
} Reader;

// The next line (without its newline), or NULL at the end of the output; past the deadline,
// fails with the message `what`.
static char *read_line(Reader *r, int64_t deadline, const char *what)
{
    for (;;) {
        char *nl = memchr(r->buf->str, '\n', r->buf->len);
        if (nl) {
            size_t n = (size_t)(nl - r->buf->str);
            char *line = g_strndup(r->buf->str, n);
            g_string_erase(r->buf, 0, (gssize)n + 1);
            return line;
        }
        int64_t left = deadline - now_ns();
        if (left <= 0) g_error("%s", what);
        struct pollfd p = {r->fd, POLLIN, 0};
        int k = poll(&p, 1, (int)(left / 1000000) + 1);
        if (k < 0 && errno == EINTR) continue;
        g_assert_cmpint(k, >=, 0);
        if (k == 0) continue;
        char chunk[4096];
        ssize_t n = read(r->fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        g_assert_cmpint(n, >=, 0);
        if (n == 0) return NULL;
        g_string_append_len(r->buf, chunk, n);
    }
}

static void test_aep_stop_race(void)
{
    AbaloneEngine e;
    new_engine(&e);
    int to[2], from[2];
    g_assert_cmpint(pipe(to), ==, 0);
    g_assert_cmpint(pipe(from), ==, 0);
    Server srv = {&e, fdopen(to[0], "r"), fdopen(from[1], "w")};
    g_assert_nonnull(srv.in);
    g_assert_nonnull(srv.out);
    pthread_t t;
    g_assert_cmpint(pthread_create(&t, NULL, serve, &srv), ==, 0);
    Reader rd = {from[0], g_string_new(NULL)};
    // The boundary seen here is the end of depth 1 (an info line or not): spread widely.
    Aim aim = {.centre = 50000, .max = 200000, .spread = 1};
    int answered_early = 0, cycles = TEST_SCALED(STOP_CYCLES);
    for (int cycle = 0; cycle < cycles; cycle++) {
        int64_t delay = aim_delay(&aim);
        if (delay == 0) {
            send_text(to[1], "go infinite\nstop\n");
        } else {
            send_text(to[1], "go infinite\n");
            wait_ns(delay, false);
            send_text(to[1], "stop\n");
        }
        char *what =
            g_strdup_printf("cycle %d of %d: no bestmove %d s after 'stop' (sent %" G_GINT64_FORMAT
                            " ns after 'go infinite'): the stop request was lost",
                            cycle + 1, cycles, (int)(STOP_DEADLINE_NS / 1000000000), delay);
        int64_t deadline = now_ns() + STOP_DEADLINE_NS;
        bool info = false;
        char *line;
        while ((line = read_line(&rd, deadline, what)) && !g_str_has_prefix(line, "bestmove")) {
            if (!g_str_has_prefix(line, "info depth "))
                g_error("cycle %d: unexpected '%s'", cycle + 1, line);
            info = true;
            g_free(line);
        }
        if (!line) g_error("cycle %d: the server ended its output", cycle + 1);
        if (!g_regex_match_simple("^bestmove [a-i][1-9][a-i][1-9]", line, 0, 0))
            g_error("cycle %d: '%s' is not a move", cycle + 1, line);
        g_free(line);
        g_free(what);
        answered_early += !info;
        aim_update(&aim, delay, !info);
    }
    g_test_message("%d of %d stops answered before depth 1; last centre %.1f us", answered_early,
                   cycles, (double)aim.centre / 1000);
    // Between searches the server still answers, and quits.
    send_text(to[1], "isready\nquit\n");
    int64_t deadline = now_ns() + STOP_DEADLINE_NS;
    char *line = read_line(&rd, deadline, "no answer to isready");
    g_assert_cmpstr(line, ==, "readyok");
    g_free(line);
    g_assert_null(read_line(&rd, deadline, "the server did not quit"));
    g_assert_cmpint(pthread_join(t, NULL), ==, 0);
    close(to[1]);
    close(from[0]);
    g_string_free(rd.buf, TRUE);
    abalone_engine_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/core/search/stop-before-start", test_stop_before_start);
    g_test_add_func("/core/search/stop-race", test_stop_race);
    g_test_add_func("/abalone/aep/stop-race", test_aep_stop_race);
    return g_test_run();
}
