// SPDX-License-Identifier: MIT
// The engine protocol client (abalone/aep_client.h) against `sumito abalone aep` (handshake,
// options, positions from random games of the test seed, searches to a depth, infinite
// searches stopped) and against stand-ins: an engine that never answers, engines that die,
// one that does not exist, a scripted engine that writes malformed answers, and random
// protocol words from the test seed.
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "abalone/aep_client.h"
#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "tests/test_util.h"

// Generous: these bound a hang, they are not the subject.
#define LONG_MS    60000
#define SUMITO_AEP TEST_SUMITO " abalone aep"

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part)) g_test_message("'%s' lacks '%s'", text, part);
    g_assert_nonnull(strstr(text, part));
}

static AbaloneAepClient *start(const char *command)
{
    GError *err = NULL;
    AbaloneAepClient *c = abalone_aep_client_start(command, &err);
    g_assert_no_error(err);
    g_assert_nonnull(c);
    return c;
}

static AbaloneAepClient *start_sumito(void)
{
    AbaloneAepClient *c = start(SUMITO_AEP);
    GError *err = NULL;
    g_assert_true(abalone_aep_client_handshake(c, LONG_MS, &err));
    g_assert_no_error(err);
    return c;
}

// The move text must be a legal move of b.
static void assert_legal(const AbaloneBoard *b, const char *text)
{
    GError *err = NULL;
    Move m = abalone_move_parse(b, text, ABALONE_NOTATION_ABAPRO, &err);
    if (!m) g_test_message("'%s': %s", text, err->message);
    g_assert_no_error(err);
    g_assert_cmpuint(m, !=, MOVE_NONE);
}

static void test_handshake(void)
{
    AbaloneAepClient *c = start_sumito();
    g_assert_cmpstr(abalone_aep_client_name(c), ==, "sumito 0.1");
    g_assert_cmpstr(abalone_aep_client_author(c), ==, "the sumito authors");
    const char *const *options = abalone_aep_client_options(c);
    int n = 0;
    bool hash = false;
    for (; options[n]; n++) hash |= g_str_has_prefix(options[n], "name hash type spin");
    g_assert_cmpint(n, >, 3);
    g_assert_true(hash);
    GError *err = NULL;
    g_assert_true(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_true(abalone_aep_client_new_game(c, LONG_MS, &err));
    // A second handshake gives the same.
    g_assert_true(abalone_aep_client_handshake(c, LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(abalone_aep_client_name(c), ==, "sumito 0.1");
    g_assert_null(abalone_aep_client_ended(c));
    g_assert_cmpstr(abalone_aep_client_quit(c, LONG_MS), ==, "exit status 0");
    // Quit: calls fail with DIED, restart brings it back.
    g_assert_false(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_clear_error(&err);
    g_assert_true(abalone_aep_client_restart(c, LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(abalone_aep_client_name(c), ==, "sumito 0.1");
    abalone_aep_client_free(c);
}

static void test_setoption(void)
{
    AbaloneAepClient *c = start_sumito();
    GError *err = NULL;
    g_assert_true(abalone_aep_client_set_option(c, "hash", "8", LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_true(abalone_aep_client_set_option(c, "rankcut", "false", LONG_MS, &err));
    g_assert_no_error(err);
    // Refused by the engine, with its words.
    g_assert_false(abalone_aep_client_set_option(c, "no_such_option", "1", LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    assert_contains(err->message, "setoption name no_such_option value 1");
    assert_contains(err->message, "unknown parameter");
    g_clear_error(&err);
    g_assert_false(abalone_aep_client_set_option(c, "hash", "lots", LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    g_clear_error(&err);
    // Refused by the client: text that would not be one command.
    const char *bad[][2] = {{"hash", "1 2"}, {"", "1"}, {"hash", ""}, {"hash\nquit", "1"}};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(abalone_aep_client_set_option(c, bad[i][0], bad[i][1], LONG_MS, &err));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
        g_clear_error(&err);
    }
    // The engine is still fine.
    g_assert_true(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_no_error(err);
    abalone_aep_client_free(c);
}

// Plays up to n random legal moves from the standard layout; their texts go into moves.
static void random_game(GRand *rng, int n, AbaloneBoard *b, GPtrArray *moves)
{
    abalone_board_set_layout(b, "standard");
    for (int i = 0; i < n && !abalone_board_decided(b); i++) {
        Move list[ABALONE_MAX_MOVES];
        int k = abalone_gen_moves(b, list);
        if (k == 0) break;
        Move m = list[g_rand_int_range(rng, 0, k)];
        char text[ABALONE_MOVE_TEXT];
        g_ptr_array_add(moves, g_strdup(abalone_move_format(b, m, ABALONE_NOTATION_ABAPRO, text)));
        AbaloneUndo u;
        abalone_board_make(b, m, &u);
    }
    g_ptr_array_add(moves, NULL);
}

static void check_search(const AbaloneBoard *b, const AbaloneAepResult *r, int depth)
{
    assert_legal(b, r->bestmove);
    g_assert_true(r->has_info);
    g_assert_cmpint(r->depth, ==, depth);
    g_assert_cmpint(r->score_kind, !=, ABALONE_AEP_SCORE_NONE);
    g_assert_cmpuint(r->nodes, >, 0);
    char **pv = g_strsplit(r->pv, " ", -1);
    g_assert_nonnull(pv[0]);
    g_assert_cmpstr(pv[0], ==, r->bestmove);
    g_strfreev(pv);
}

static void test_go_depth(void)
{
    AbaloneAepClient *c = start_sumito();
    GRand *rng = test_rand();
    GError *err = NULL;
    for (int round = 0; round < 4; round++) {
        AbaloneBoard b;
        GPtrArray *moves = g_ptr_array_new_with_free_func(g_free);
        random_game(rng, g_rand_int_range(rng, 0, 30), &b, moves);
        if (abalone_board_decided(&b)) {
            g_ptr_array_free(moves, TRUE);
            continue;
        }
        g_assert_true(abalone_aep_client_new_game(c, LONG_MS, &err));
        g_assert_true(abalone_aep_client_position(c, "standard", (const char *const *)moves->pdata,
                                                  LONG_MS, &err));
        g_assert_no_error(err);
        AbaloneAepLimits limits = {.depth = 2};
        AbaloneAepResult r;
        g_assert_true(abalone_aep_client_go(c, &limits, LONG_MS, &r, &err));
        g_assert_no_error(err);
        g_assert_false(abalone_aep_client_searching(c));
        check_search(&b, &r, 2);
        g_test_message("after %u moves: bestmove %s, depth %d, score %d, nodes %" G_GUINT64_FORMAT
                       ", pv %s",
                       moves->len - 1, r.bestmove, r.depth, r.score, r.nodes, r.pv);
        abalone_aep_result_clear(&r);

        // The same position as a position string.
        char fen[ABALONE_POSITION_TEXT];
        abalone_position_format(&b, fen);
        g_assert_true(abalone_aep_client_position(c, fen, NULL, LONG_MS, &err));
        g_assert_no_error(err);
        limits.depth = 1;
        g_assert_true(abalone_aep_client_go(c, &limits, LONG_MS, &r, &err));
        check_search(&b, &r, 1);
        abalone_aep_result_clear(&r);
        g_ptr_array_free(moves, TRUE);
    }
    g_rand_free(rng);
    abalone_aep_client_free(c);
}

static void test_refused(void)
{
    AbaloneAepClient *c = start_sumito();
    GError *err = NULL;
    // Refusals: an illegal move, an unknown layout, a bad position string.
    const char *illegal[] = {"a1a1", NULL};
    g_assert_false(abalone_aep_client_position(c, "standard", illegal, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    assert_contains(err->message, "a1a1");
    g_clear_error(&err);
    g_assert_false(abalone_aep_client_position(c, "no_such_layout", NULL, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    g_clear_error(&err);
    g_assert_false(abalone_aep_client_position(c, "bbb/www b", NULL, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    g_clear_error(&err);
    const char *blank[] = {"a1 b2", NULL};
    g_assert_false(abalone_aep_client_position(c, "standard", blank, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);
    AbaloneAepLimits negative = {.movetime_ms = -1};
    AbaloneAepResult r;
    g_assert_false(abalone_aep_client_go(c, &negative, LONG_MS, &r, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);
    abalone_aep_client_free(c);
}

static void test_go_infinite(void)
{
    AbaloneAepClient *c = start_sumito();
    AbaloneBoard b;
    abalone_board_set_layout(&b, "belgian");
    GError *err = NULL;
    g_assert_true(abalone_aep_client_position(c, "belgian", NULL, LONG_MS, &err));
    AbaloneAepLimits limits = {.infinite = true};
    g_assert_true(abalone_aep_client_go_start(c, &limits, &err));
    g_assert_true(abalone_aep_client_searching(c));
    AbaloneAepResult r;
    g_assert_false(abalone_aep_client_go_wait(c, 100, &r, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    assert_contains(err->message, "go infinite");
    g_clear_error(&err);
    // Nothing else while it searches; isready is answered.
    g_assert_false(abalone_aep_client_position(c, "standard", NULL, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);
    g_assert_false(abalone_aep_client_go_start(c, &limits, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);
    g_assert_true(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_true(abalone_aep_client_stop(c, LONG_MS, &r, &err));
    g_assert_no_error(err);
    g_assert_false(abalone_aep_client_searching(c));
    assert_legal(&b, r.bestmove);
    g_test_message("go infinite, stopped: bestmove %s, depth %d", r.bestmove, r.depth);
    abalone_aep_result_clear(&r);
    g_assert_false(abalone_aep_client_stop(c, LONG_MS, &r, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE);
    g_clear_error(&err);

    // A search longer than the caller waits: timeout, then stopped.
    AbaloneAepLimits slow = {.movetime_ms = 600000};
    g_assert_false(abalone_aep_client_go(c, &slow, 50, &r, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    g_clear_error(&err);
    g_assert_true(abalone_aep_client_stop(c, LONG_MS, &r, &err));
    assert_legal(&b, r.bestmove);
    abalone_aep_result_clear(&r);

    // Limits by time and by clock.
    AbaloneAepLimits timed[] = {{.movetime_ms = 20},
                                {.btime_ms = 500, .wtime_ms = 500, .binc_ms = 10, .winc_ms = 10},
                                {.nodes = 2000}};
    for (size_t i = 0; i < G_N_ELEMENTS(timed); i++) {
        g_assert_true(abalone_aep_client_go(c, &timed[i], LONG_MS, &r, &err));
        g_assert_no_error(err);
        assert_legal(&b, r.bestmove);
        abalone_aep_result_clear(&r);
    }
    abalone_aep_client_free(c);
}

static void test_timeout(void)
{
    AbaloneAepClient *c = start("sleep 30");
    GError *err = NULL;
    g_assert_false(abalone_aep_client_handshake(c, 100, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    assert_contains(err->message, "'sleep 30'");
    assert_contains(err->message, "'aep'");
    g_clear_error(&err);
    g_assert_null(abalone_aep_client_ended(c));
    abalone_aep_client_kill(c);
    assert_contains(abalone_aep_client_ended(c), "signal 9");
    g_assert_false(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
    g_clear_error(&err);
    abalone_aep_client_free(c);

    c = start("sleep 30");
    assert_contains(abalone_aep_client_quit(c, 50), "killed by the client");
    abalone_aep_client_free(c);

    // An engine that writes lines without end, none of them aepok, is bounded too.
    c = start("yes info string chatter");
    g_assert_false(abalone_aep_client_handshake(c, 200, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
    g_clear_error(&err);
    assert_contains(abalone_aep_client_quit(c, 100), "killed by the client");
    abalone_aep_client_free(c);
}

static void test_dead(void)
{
    const char *commands[][2] = {{"sh -c 'exit 3'", "exit status 3"},
                                 {"sh -c 'read l; echo aepok; kill -SEGV $$'", "signal 11"}};
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        AbaloneAepClient *c = start(commands[i][0]);
        GError *err = NULL;
        g_assert_false(abalone_aep_client_handshake(c, LONG_MS, &err));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_DIED);
        g_test_message("%s", err->message);
        assert_contains(err->message, commands[i][0]);
        assert_contains(err->message, commands[i][1]);
        assert_contains(abalone_aep_client_ended(c), commands[i][1]);
        g_clear_error(&err);
        abalone_aep_client_free(c);
    }
    const char *missing[] = {"/nonexistent/sumito abalone aep", "'unclosed"};
    for (size_t i = 0; i < G_N_ELEMENTS(missing); i++) {
        GError *err = NULL;
        g_assert_null(abalone_aep_client_start(missing[i], &err));
        g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_START);
        assert_contains(err->message, missing[i]);
        g_clear_error(&err);
    }
}

// A scripted engine: a handshake, isready, and for each `go depth N` an answer to test.
static const char fake_script[] =
    "while IFS= read -r l; do\n"
    "  case \"$l\" in\n"
    "    aep) echo 'id name fake'; echo 'option name hash type spin default 1'; echo aepok;;\n"
    "    isready) echo readyok;;\n"
    "    setoption*) echo 'info string error: fake has no options';;\n"
    "    'go depth 1') echo 'info depth banana'; echo 'bestmove a1b2';;\n"
    "    'go depth 2') echo 'bestmove';;\n"
    "    'go depth 3') echo 'info depth 3 score mate 2 pv a1b2'; echo 'bestmove a1b2';;\n"
    "    'go depth 4') echo 'info string error: no search today';;\n"
    "    'go depth 5') echo chatter; echo 'info depth 5 seldepth 6 score loss 4 nodes 99 time 3 "
    "currmove a1b2 pv a1b2 b2c3'; echo 'info nodes 120'; echo 'bestmove a1b2 ponder b2c3';;\n"
    "    'go depth 6') head -c 2000000 /dev/zero | tr '\\0' x; echo; echo 'bestmove c3c4';;\n"
    "    'go depth 7') echo 'info depth 7 score cp -12 pv'; echo readyok; echo 'bestmove i9h8';;\n"
    "    'go depth 8') kill -KILL $$;;\n"
    "    quit) exit 0;;\n"
    "  esac\n"
    "done\n";

static void fake_go(AbaloneAepClient *c, int depth, int code, const char *part, AbaloneAepResult *r)
{
    AbaloneAepLimits limits = {.depth = depth};
    GError *err = NULL;
    bool ok = abalone_aep_client_go(c, &limits, LONG_MS, r, &err);
    if (!code) {
        g_assert_no_error(err);
        g_assert_true(ok);
        return;
    }
    g_assert_false(ok);
    g_assert_error(err, ENGINE_PIPE_ERROR, code);
    g_test_message("%s", err->message);
    assert_contains(err->message, part);
    g_error_free(err);
}

// Starts the scripted engine (its script in a temporary file, *path) and shakes hands.
static AbaloneAepClient *start_fake(char **path)
{
    int fd = g_file_open_tmp("sumito-aep-XXXXXX", path, NULL);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(write(fd, fake_script, strlen(fake_script)), ==, (gssize)strlen(fake_script));
    close(fd);
    char *cmd = g_strdup_printf("sh '%s'", *path);
    AbaloneAepClient *c = start(cmd);
    g_free(cmd);
    GError *err = NULL;
    g_assert_true(abalone_aep_client_handshake(c, LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(abalone_aep_client_name(c), ==, "fake");
    g_assert_null(abalone_aep_client_author(c));
    return c;
}

static void stop_fake(AbaloneAepClient *c, char *path)
{
    abalone_aep_client_free(c);
    g_unlink(path);
    g_free(path);
}

// Malformed answers are errors; the client goes on where the engine does.
static void test_bad_answers(void)
{
    char *path = NULL;
    AbaloneAepClient *c = start_fake(&path);
    GError *err = NULL;
    g_assert_false(abalone_aep_client_set_option(c, "hash", "2", LONG_MS, &err));
    g_assert_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED);
    assert_contains(err->message, "fake has no options");
    g_clear_error(&err);
    AbaloneAepResult r;
    // A malformed info line is an error; the search goes on to its bestmove.
    fake_go(c, 1, ENGINE_PIPE_ERROR_PROTOCOL, "banana", &r);
    g_assert_true(abalone_aep_client_searching(c));
    g_assert_true(abalone_aep_client_go_wait(c, LONG_MS, &r, &err));
    g_assert_cmpstr(r.bestmove, ==, "a1b2");
    g_assert_false(r.has_info);
    g_assert_cmpstr(r.pv, ==, "");
    abalone_aep_result_clear(&r);
    // A bestmove without a move ends the search with an error.
    fake_go(c, 2, ENGINE_PIPE_ERROR_PROTOCOL, "bestmove", &r);
    g_assert_false(abalone_aep_client_searching(c));
    fake_go(c, 3, ENGINE_PIPE_ERROR_PROTOCOL, "mate", &r);
    g_assert_true(abalone_aep_client_go_wait(c, LONG_MS, &r, &err));
    abalone_aep_result_clear(&r);
    // An error line and no bestmove: the go was refused (an isready tells).
    fake_go(c, 4, ENGINE_PIPE_ERROR_REFUSED, "no search today", &r);
    g_assert_false(abalone_aep_client_searching(c));
    // A line over the limit is an error; the search goes on.
    fake_go(c, 6, ENGINE_PIPE_ERROR_PROTOCOL, "longer than", &r);
    g_assert_true(abalone_aep_client_go_wait(c, LONG_MS, &r, &err));
    g_assert_cmpstr(r.bestmove, ==, "c3c4");
    abalone_aep_result_clear(&r);
    // Death in the middle of a search.
    fake_go(c, 8, ENGINE_PIPE_ERROR_DIED, "signal 9", &r);
    g_assert_true(abalone_aep_client_restart(c, LONG_MS, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(abalone_aep_client_quit(c, LONG_MS), ==, "exit status 0");
    stop_fake(c, path);
}

// Unknown lines skipped, every field read, the last info line with a score or pv kept.
static void test_info_fields(void)
{
    char *path = NULL;
    AbaloneAepClient *c = start_fake(&path);
    AbaloneAepResult r;
    fake_go(c, 5, 0, NULL, &r);
    g_assert_cmpstr(r.bestmove, ==, "a1b2");
    g_assert_true(r.has_info);
    g_assert_cmpint(r.depth, ==, 5);
    g_assert_cmpint(r.seldepth, ==, 6);
    g_assert_cmpint(r.score_kind, ==, ABALONE_AEP_SCORE_LOSS);
    g_assert_cmpint(r.score, ==, 4);
    g_assert_cmpuint(r.nodes, ==, 99);
    g_assert_cmpint(r.time_ms, ==, 3);
    g_assert_cmpstr(r.pv, ==, "a1b2 b2c3");
    abalone_aep_result_clear(&r);
    // An empty pv, a readyok nobody asked for.
    fake_go(c, 7, 0, NULL, &r);
    g_assert_cmpstr(r.bestmove, ==, "i9h8");
    g_assert_cmpint(r.score_kind, ==, ABALONE_AEP_SCORE_CP);
    g_assert_cmpint(r.score, ==, -12);
    g_assert_cmpstr(r.pv, ==, "");
    abalone_aep_result_clear(&r);
    GError *err = NULL;
    g_assert_true(abalone_aep_client_ready(c, LONG_MS, &err));
    g_assert_no_error(err);
    stop_fake(c, path);
}

// Lines of protocol words and stray bytes from the test seed.
static char *random_output_file(GRand *rng)
{
    static const char *const words[] = {
        "info",   "depth",    "seldepth", "score", "cp",   "win",
        "loss",   "mate",     "pv",       "nodes", "time", "string",
        "error:", "bestmove", "readyok",  "aepok", "id",   "name",
        "author", "option",   "a1b2",     "-7",    "12",   "99999999999999999999",
        "",       "\t"};
    GString *s = g_string_new(NULL);
    int lines = g_rand_int_range(rng, 1, 800); // the commands sent to cat (unread) fit a pipe
    for (int i = 0; i < lines; i++) {
        int n = g_rand_int_range(rng, 0, 12);
        for (int k = 0; k < n; k++) {
            if (g_rand_int_range(rng, 0, 20) == 0)
                g_string_append_c(s, (char)g_rand_int_range(rng, 1, 256));
            else
                g_string_append(s, words[g_rand_int_range(rng, 0, G_N_ELEMENTS(words))]);
            g_string_append_c(s, ' ');
        }
        g_string_append_c(s, '\n');
    }
    char *path = NULL;
    int fd = g_file_open_tmp("sumito-aep-XXXXXX", &path, NULL);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(write(fd, s->str, s->len), ==, (gssize)s->len);
    close(fd);
    g_string_free(s, TRUE);
    return path;
}

// One random call; returns its error code, or -1 for success.
static int random_call(AbaloneAepClient *c, GRand *rng)
{
    GError *err = NULL;
    AbaloneAepResult r = {0};
    AbaloneAepLimits limits = {.depth = 1};
    bool ok;
    if (abalone_aep_client_searching(c))
        ok = g_rand_boolean(rng) ? abalone_aep_client_go_wait(c, LONG_MS, &r, &err)
                                 : abalone_aep_client_stop(c, LONG_MS, &r, &err);
    else
        switch (g_rand_int_range(rng, 0, 4)) {
        case 0: ok = abalone_aep_client_handshake(c, LONG_MS, &err); break;
        case 1: ok = abalone_aep_client_set_option(c, "hash", "1", LONG_MS, &err); break;
        case 2: ok = abalone_aep_client_position(c, "standard", NULL, LONG_MS, &err); break;
        default: ok = abalone_aep_client_go(c, &limits, LONG_MS, &r, &err); break;
        }
    if (ok) {
        abalone_aep_result_clear(&r);
        return -1;
    }
    int code = err->code;
    g_error_free(err);
    return code;
}

static void test_random_output(void)
{
    GRand *rng = test_rand();
    for (int round = 0; round < 8; round++) {
        char *path = random_output_file(rng);
        char *cmd = g_strdup_printf("cat '%s'", path);
        AbaloneAepClient *c = start(cmd);
        int counts[8] = {0}, code;
        // Every call ends with a result or an error other than a timeout, until the output
        // ends (cat exits: the engine died).
        for (int i = 0; (code = random_call(c, rng)) != ENGINE_PIPE_ERROR_DIED; i++) {
            g_assert_cmpint(i, <, 100000);
            g_assert_cmpint(code, !=, ENGINE_PIPE_ERROR_TIMEOUT);
            g_assert_cmpint(code, !=, ENGINE_PIPE_ERROR_IO);
            counts[code + 1]++;
        }
        g_test_message("random output %d: %d successes, %d protocol errors, %d refusals", round,
                       counts[0], counts[ENGINE_PIPE_ERROR_PROTOCOL + 1],
                       counts[ENGINE_PIPE_ERROR_REFUSED + 1]);
        abalone_aep_client_free(c);
        g_unlink(path);
        g_free(path);
        g_free(cmd);
    }
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/aep-client/handshake", test_handshake);
    g_test_add_func("/abalone/aep-client/setoption", test_setoption);
    g_test_add_func("/abalone/aep-client/go-depth", test_go_depth);
    g_test_add_func("/abalone/aep-client/refused", test_refused);
    g_test_add_func("/abalone/aep-client/go-infinite", test_go_infinite);
    g_test_add_func("/abalone/aep-client/timeout", test_timeout);
    g_test_add_func("/abalone/aep-client/dead", test_dead);
    g_test_add_func("/abalone/aep-client/bad-answers", test_bad_answers);
    g_test_add_func("/abalone/aep-client/info-fields", test_info_fields);
    g_test_add_func("/abalone/aep-client/random-output", test_random_output);
    return g_test_run();
}
