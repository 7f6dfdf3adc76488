// SPDX-License-Identifier: MIT
// The GTP client library (go/gtp_client.h) against `sumito go gtp` and against stand-ins made
// of shell commands: an engine that never answers (timeouts, a late answer), engines that die
// (exit status, signal), an engine that does not exist, and engines that write what no GTP
// engine should (no status, a huge line, a huge response, random bytes from the test seed).
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "go/gtp_client.h"
#include "go/notation.h"
#include "tests/test_util.h"

// Generous: these bound a hang, they are not the subject.
#define LONG_MS 60000

static GoGtpClient *start(const char *command)
{
    GError *err = NULL;
    GoGtpClient *c = go_gtp_client_start(command, &err);
    g_assert_no_error(err);
    g_assert_nonnull(c);
    return c;
}

static char *ask_ok(GoGtpClient *c, const char *cmd)
{
    GError *err = NULL;
    char *text = go_gtp_client_ask(c, LONG_MS, NULL, &err, "%s", cmd);
    g_assert_no_error(err);
    g_assert_nonnull(text);
    return text;
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part)) g_test_message("'%s' lacks '%s'", text, part);
    g_assert_nonnull(strstr(text, part));
}

static void test_sumito(void)
{
    GoGtpClient *c = start(TEST_SUMITO " go gtp --time-per-move 0.02");
    char *text = ask_ok(c, "protocol_version");
    g_assert_cmpstr(text, ==, "2");
    g_free(text);
    text = ask_ok(c, "name");
    g_assert_cmpstr(text, ==, "sumito");
    g_free(text);
    g_free(ask_ok(c, "boardsize 9"));
    g_free(ask_ok(c, "clear_board"));
    g_free(ask_ok(c, "play b e5"));

    // A refusal: NULL, REFUSED naming the command, and the engine's text.
    GError *err = NULL;
    char *refusal = NULL;
    text = go_gtp_client_ask(c, LONG_MS, &refusal, &err, "play w e5");
    g_assert_null(text);
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    assert_contains(err->message, "play w e5");
    g_assert_nonnull(refusal);
    assert_contains(err->message, refusal);
    g_clear_error(&err);
    g_free(refusal);

    // A multi-line response keeps its lines.
    text = ask_ok(c, "showboard");
    assert_contains(text, "\n");
    assert_contains(text, "A B C D E F G H J");
    g_free(text);

    // genmove answers a vertex of the board.
    text = ask_ok(c, "genmove w");
    GoBoard b;
    go_board_init(&b, 9);
    g_assert_cmpuint(go_vertex_parse(&b, text, NULL), !=, MOVE_NONE);
    g_free(text);

    go_gtp_client_free(c);
}

static void test_pipelined(void)
{
    GoGtpClient *c = start(TEST_SUMITO " go gtp");
    // Three commands written at once, their responses in order.
    GError *err = NULL;
    const char *cmds[] = {"name", "protocol_version", "known_command genmove"};
    const char *want[] = {"sumito", "2", "true"};
    for (int i = 0; i < 3; i++) g_assert_true(go_gtp_client_send(c, NULL, "%s", cmds[i]));
    g_assert_cmpint(go_gtp_client_pending(c), ==, 3);
    g_assert_true(go_gtp_client_flush(c, LONG_MS, NULL));
    for (int i = 0; i < 3; i++) {
        char *text = go_gtp_client_read(c, LONG_MS, NULL, &err);
        g_assert_no_error(err);
        g_assert_cmpstr(text, ==, want[i]);
        g_free(text);
    }
    g_assert_cmpint(go_gtp_client_pending(c), ==, 0);

    // Misuse: a read with nothing pending, commands that are not one command.
    g_assert_null(go_gtp_client_read(c, LONG_MS, NULL, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);
    const char *bad[] = {"", "   ", "# a comment", "name\nversion", "name\r"};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(go_gtp_client_send(c, &err, "%s", bad[i]));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
        g_clear_error(&err);
    }
    g_assert_cmpint(go_gtp_client_pending(c), ==, 0);

    go_gtp_client_free(c);
}

// Stopped: reads fail, restart brings the engine back.
static void test_stop_restart(void)
{
    GoGtpClient *c = start(TEST_SUMITO " go gtp");
    GError *err = NULL;
    g_assert_null(go_gtp_client_ended(c));
    g_assert_cmpstr(go_gtp_client_stop(c, LONG_MS), ==, "exit status 0");
    g_assert_null(go_gtp_client_ask(c, LONG_MS, NULL, &err, "name"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_clear_error(&err);
    g_assert_true(go_gtp_client_restart(c, &err));
    g_assert_no_error(err);
    g_assert_null(go_gtp_client_ended(c));
    char *text = ask_ok(c, "name");
    g_assert_cmpstr(text, ==, "sumito");
    g_free(text);
    go_gtp_client_free(c);
}

static void test_timeout(void)
{
    GoGtpClient *c = start("sleep 30");
    GError *err = NULL;
    g_assert_null(go_gtp_client_ask(c, 100, NULL, &err, "name"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    assert_contains(err->message, "'sleep 30'");
    assert_contains(err->message, "'name'");
    assert_contains(err->message, "100 ms");
    g_clear_error(&err);
    g_assert_null(go_gtp_client_ended(c));
    // A timeout of 0 does not wait.
    g_assert_null(go_gtp_client_read(c, 0, NULL, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    g_clear_error(&err);
    // It does not read quit: killed after the grace period.
    const char *how = go_gtp_client_stop(c, 100);
    assert_contains(how, "killed by the client");
    go_gtp_client_free(c);

    // An engine that writes without end, never finishing a response, is bounded too.
    c = start("yes '= x'");
    g_assert_null(go_gtp_client_ask(c, 200, NULL, &err, "name"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    g_clear_error(&err);
    assert_contains(go_gtp_client_stop(c, 100), "killed by the client");
    go_gtp_client_free(c);

    c = start("sleep 30");
    go_gtp_client_kill(c);
    assert_contains(go_gtp_client_ended(c), "signal 9");
    g_assert_null(go_gtp_client_ask(c, LONG_MS, NULL, &err, "name"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_clear_error(&err);
    go_gtp_client_free(c);
}

// A response that comes after the first read timed out is read by the next one, whole, even
// when the timeout fell in the middle of it.
static void test_late_answer(void)
{
    GoGtpClient *c =
        start("sh -c 'read l; printf \"=7 first line\\n\"; sleep 0.3; printf \"second\\n\\n\"; "
              "exec sleep 30'");
    GError *err = NULL;
    g_assert_null(go_gtp_client_ask(c, 50, NULL, &err, "7 list_commands"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    g_clear_error(&err);
    g_assert_cmpint(go_gtp_client_pending(c), ==, 1);
    char *text = go_gtp_client_read(c, LONG_MS, NULL, &err);
    g_assert_no_error(err);
    g_assert_cmpstr(text, ==, "first line\nsecond");
    g_free(text);
    g_assert_cmpint(go_gtp_client_pending(c), ==, 0);
    go_gtp_client_stop(c, 100);
    go_gtp_client_free(c);
}

static void assert_dies(const char *command, const char *how)
{
    GoGtpClient *c = start(command);
    GError *err = NULL;
    g_assert_null(go_gtp_client_ask(c, LONG_MS, NULL, &err, "name"));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_test_message("%s", err->message);
    assert_contains(err->message, command);
    assert_contains(err->message, how);
    assert_contains(go_gtp_client_ended(c), how);
    g_clear_error(&err);
    // Still dead: a flush and a read say so at once.
    g_assert_true(go_gtp_client_send(c, NULL, "version"));
    g_assert_null(go_gtp_client_read(c, LONG_MS, NULL, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_clear_error(&err);
    assert_contains(go_gtp_client_stop(c, LONG_MS), how);
    go_gtp_client_free(c);
}

static void test_dead(void)
{
    assert_dies("false", "exit status 1");
    assert_dies("sh -c 'exit 3'", "exit status 3");
    assert_dies("sh -c 'read l; kill -SEGV $$'", "killed by signal 11");
    // Dies in the middle of a response.
    assert_dies("sh -c 'read l; printf \"= half\"; exit 4'", "exit status 4");
    // Restarted after a death: dead again, the same way.
    GoGtpClient *c = start("sh -c 'exit 5'");
    GError *err = NULL;
    for (int i = 0; i < 2; i++) {
        g_assert_null(go_gtp_client_ask(c, LONG_MS, NULL, &err, "name"));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
        g_clear_error(&err);
        g_assert_cmpstr(go_gtp_client_ended(c), ==, "exit status 5");
        g_assert_true(go_gtp_client_restart(c, NULL));
        g_assert_null(go_gtp_client_ended(c));
    }
    go_gtp_client_free(c);
}

static void test_no_engine(void)
{
    const char *commands[] = {"/nonexistent/sumito-engine --mode gtp",
                              "sumito-no-such-engine-in-path", "'unclosed quote", ""};
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        GError *err = NULL;
        g_assert_null(go_gtp_client_start(commands[i], &err));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_START);
        g_test_message("%s", err->message);
        assert_contains(err->message, commands[i]);
        g_error_free(err);
    }
}

// Answers every command read with the text of printf format `answer`, then waits.
static GoGtpClient *start_answering(const char *answer)
{
    char *cmd = g_strdup_printf("sh -c 'while read l; do printf \"%s\"; done'", answer);
    GoGtpClient *c = start(cmd);
    g_free(cmd);
    return c;
}

static void assert_protocol_error(GoGtpClient *c, const char *part)
{
    GError *err = NULL;
    char *text = go_gtp_client_ask(c, LONG_MS, NULL, &err, "name");
    g_assert_null(text);
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL);
    g_test_message("%s", err->message);
    assert_contains(err->message, part);
    g_clear_error(&err);
}

static void test_bad_answers(void)
{
    // No status character.
    GoGtpClient *c = start_answering("sumito\\n\\n");
    assert_protocol_error(c, "'sumito'");
    go_gtp_client_free(c);

    // A line over the limit, then a well-formed response that is read normally.
    c = start("sh -c 'read l; printf \"= \"; head -c 3000000 /dev/zero | tr \"\\\\0\" x; "
              "printf \"\\n\\n= fine\\n\\n\"; exec sleep 30'");
    assert_protocol_error(c, "longer than");
    g_assert_true(go_gtp_client_send(c, NULL, "name"));
    char *text = go_gtp_client_read(c, LONG_MS, NULL, NULL);
    g_assert_cmpstr(text, ==, "fine");
    g_free(text);
    go_gtp_client_stop(c, 100);
    go_gtp_client_free(c);

    // A response over the limit in many short lines, then the next response.
    c = start("sh -c 'read l; echo =; yes 0123456789012345678901234567890123456789 | "
              "head -n 200000; printf \"\\n= next\\n\\n\"; exec sleep 30'");
    assert_protocol_error(c, "response longer than");
    g_assert_true(go_gtp_client_send(c, NULL, "name"));
    text = go_gtp_client_read(c, LONG_MS, NULL, NULL);
    g_assert_cmpstr(text, ==, "next");
    g_free(text);
    go_gtp_client_stop(c, 100);
    go_gtp_client_free(c);

    // Ids, blank lines before a response, CR LF line ends, tabs: all read.
    c = start_answering("\\n\\n=12\\t spaced \\r\\n\\r\\n");
    text = ask_ok(c, "name");
    g_assert_cmpstr(text, ==, "spaced");
    g_free(text);
    go_gtp_client_free(c);
}

// Random bytes, biased towards the characters GTP gives meaning to, from the test's seed.
static char *random_output_file(GRand *rng)
{
    const char special[] = "=?\n\n \t0123456789\r";
    GString *s = g_string_new(NULL);
    // Small enough that the commands sent to cat, which reads none, fit in the pipe (one
    // command, two bytes, per two bytes of output at most).
    int n = g_rand_int_range(rng, 1, 16000);
    for (int i = 0; i < n; i++) {
        int r = g_rand_int_range(rng, 0, 4);
        g_string_append_c(s, r ? special[g_rand_int_range(rng, 0, sizeof special - 1)]
                               : (char)g_rand_int_range(rng, 0, 256));
    }
    char *path = NULL;
    int fd = g_file_open_tmp("sumito-gtp-XXXXXX", &path, NULL);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(write(fd, s->str, s->len), ==, (gssize)s->len);
    close(fd);
    g_string_free(s, TRUE);
    return path;
}

static void test_random_output(void)
{
    GRand *rng = test_rand();
    for (int round = 0; round < 8; round++) {
        char *path = random_output_file(rng);
        char *cmd = g_strdup_printf("cat '%s'", path);
        GoGtpClient *c = start(cmd);
        int answers = 0, refusals = 0, protocol = 0;
        // Every read ends with a response, a refusal or a protocol error (which answer the
        // command) until the output ends (cat exits: the engine died).
        for (int i = 0;; i++) {
            g_assert_cmpint(i, <, 1000000);
            GError *err = NULL;
            char *text = go_gtp_client_ask(c, LONG_MS, NULL, &err, "n");
            g_free(text);
            if (text) {
                answers++;
                continue;
            }
            if (err->code == ENGINE_PIPE_ERROR_DIED) {
                g_error_free(err);
                break;
            }
            g_assert_true(err->code == ENGINE_PIPE_ERROR_REFUSED ||
                          err->code == ENGINE_PIPE_ERROR_PROTOCOL);
            refusals += err->code == ENGINE_PIPE_ERROR_REFUSED;
            protocol += err->code == ENGINE_PIPE_ERROR_PROTOCOL;
            g_error_free(err);
            g_assert_cmpint(go_gtp_client_pending(c), ==, 0);
        }
        g_assert_nonnull(go_gtp_client_ended(c));
        g_test_message("random output %d: %d answers, %d refusals, %d protocol errors", round,
                       answers, refusals, protocol);
        go_gtp_client_free(c);
        g_unlink(path);
        g_free(path);
        g_free(cmd);
    }
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/gtp-client/sumito", test_sumito);
    g_test_add_func("/go/gtp-client/pipelined", test_pipelined);
    g_test_add_func("/go/gtp-client/stop-restart", test_stop_restart);
    g_test_add_func("/go/gtp-client/timeout", test_timeout);
    g_test_add_func("/go/gtp-client/late-answer", test_late_answer);
    g_test_add_func("/go/gtp-client/dead", test_dead);
    g_test_add_func("/go/gtp-client/no-engine", test_no_engine);
    g_test_add_func("/go/gtp-client/bad-answers", test_bad_answers);
    g_test_add_func("/go/gtp-client/random-output", test_random_output);
    return g_test_run();
}
