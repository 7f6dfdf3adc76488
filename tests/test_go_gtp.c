// SPDX-License-Identifier: MIT
// The GTP engine, response by response: ids, preprocessing, every command's success and its
// protocol errors, handicap, records, the genmove hook, a 1 MB line, and live analysis: its
// responses left open until the next line, and a session searching while input is awaited.
#include <glib/gstdio.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "go/engine.h"
#include "go/gtp.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "tests/gtp_util.h"
#include "tests/test_util.h"

static int count_words(const char *text)
{
    char **w = g_strsplit(text, " ", -1);
    int n = (int)g_strv_length(w);
    g_strfreev(w);
    return n;
}

static void test_protocol(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "protocol_version", "= 2\n\n");
    gtp_test_expect(&e, "7 protocol_version\n", "=7 2\n\n");
    gtp_test_expect(&e, "  name  ", "= sumito\n\n");
    gtp_test_expect(&e, "\tversion\r\n", "= 0.1\n\n");
    gtp_test_expect(&e, "", "");
    gtp_test_expect(&e, "   # only a comment", "");
    gtp_test_expect(&e, "na\x01me # comment", "= sumito\n\n");
    gtp_test_expect(&e, "42 frobnicate", "?42 unknown command\n\n");
    gtp_test_expect(&e, "42", "?42 syntax error\n\n");
    gtp_test_expect(&e, "known_command play", "= true\n\n");
    gtp_test_expect(&e, "known_command genmove", "= false\n\n");
    gtp_test_expect(&e, "known_command", "? syntax error\n\n");
    char *list = gtp_test_ask(&e, "list_commands");
    for (const char *c =
             "protocol_version name version known_command list_commands quit boardsize "
             "clear_board komi play undo showboard final_score final_status_list "
             "time_settings time_left kgs-time_settings loadsgf printsgf fixed_handicap "
             "place_free_handicap set_free_handicap all_legal";
         *c;) {
        size_t n = strcspn(c, " ");
        char *name = g_strndup(c, n);
        char *line = g_strdup_printf("\n%s\n", name);
        char *padded = g_strdup_printf("\n%s\n", list + 2);
        if (!strstr(padded, line)) g_error("list_commands lacks %s", name);
        g_free(padded);
        g_free(line);
        g_free(name);
        c += n + (c[n] == ' ');
    }
    g_assert_null(strstr(list, "genmove"));
    g_free(list);
    gtp_test_expect(&e, "quit", "= \n\n");
    g_assert_true(e.quit);
    go_gtp_free(&e);
}

static void test_play_errors(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "boardsize 25", "? unacceptable size\n\n");
    gtp_test_expect(&e, "boardsize 1", "? unacceptable size\n\n");
    gtp_test_expect(&e, "boardsize nine", "? syntax error\n\n");
    gtp_test_expect(&e, "boardsize 9", "= \n\n");
    gtp_test_expect(&e, "play b e5", "= \n\n");
    gtp_test_expect(&e, "play B E5", "? illegal move\n\n"); // occupied
    gtp_test_expect(&e, "play w I5", "? syntax error\n\n");
    gtp_test_expect(&e, "play w J10", "? illegal move\n\n"); // off the 9x9 board
    gtp_test_expect(&e, "play w T19", "? illegal move\n\n");
    gtp_test_expect(&e, "play w Z1", "? illegal move\n\n"); // a vertex of larger boards
    gtp_test_expect(&e, "play w 5E", "? syntax error\n\n");
    gtp_test_expect(&e, "play red E4", "? syntax error\n\n");
    gtp_test_expect(&e, "play white", "? syntax error\n\n");
    gtp_test_expect(&e, "play white pass", "= \n\n");
    gtp_test_expect(&e, "komi x", "? syntax error\n\n");
    gtp_test_expect(&e, "komi 6.5", "= \n\n");
    gtp_test_expect(&e, "get_komi", "= 6.5\n\n");
    gtp_test_expect(&e, "final_score", "= B+74.5\n\n");
    gtp_test_expect(&e, "final_status_list alive", "= E5\n\n");
    gtp_test_expect(&e, "final_status_list dead", "= \n\n");
    gtp_test_expect(&e, "final_status_list seki", "= \n\n");
    gtp_test_expect(&e, "final_status_list zombie", "? syntax error\n\n");
    gtp_test_expect(&e, "undo", "= \n\n");
    gtp_test_expect(&e, "undo", "= \n\n");
    gtp_test_expect(&e, "undo", "? cannot undo\n\n");
    // The notes' ko: White may not retake at once.
    gtp_test_expect(&e, "clear_board", "= \n\n");
    const char *ko[] = {"b C5", "w D5", "b B4", "w C4", "b C3", "w E4", "b J9", "w D3", "b D4"};
    for (int i = 0; i < 9; i++) {
        char *line = g_strdup_printf("play %s", ko[i]);
        gtp_test_expect(&e, line, "= \n\n");
        g_free(line);
    }
    gtp_test_expect(&e, "play w C4", "? illegal move\n\n");
    gtp_test_expect(&e, "is_legal w C4", "= 0\n\n");
    gtp_test_expect(&e, "is_legal b C4", "= 1\n\n");
    gtp_test_expect(&e, "is_legal w I4", "? syntax error\n\n");
    char *legal = gtp_test_ask(&e, "all_legal w");
    g_assert_cmpint(count_words(legal + 2), ==, 72);
    g_assert_null(strstr(legal, "C4"));
    g_free(legal);
    gtp_test_expect(&e, "time_settings 300 30 5", "= \n\n");
    gtp_test_expect(&e, "time_settings 300 x 5", "? syntax error\n\n");
    gtp_test_expect(&e, "time_left b 120 3", "= \n\n");
    gtp_test_expect(&e, "time_left b -1 3", "? syntax error\n\n");
    TimeControl time;
    TimeClock clock;
    go_gtp_clock(&e.clock, GO_BLACK, &time, &clock);
    g_assert_cmpint(time.kind, ==, TIME_CONTROL_CANADIAN);
    g_assert_cmpfloat(time.main_time, ==, 300);
    g_assert_cmpfloat(clock.period_left, ==, 120);
    g_assert_cmpint(clock.stones_left, ==, 3);
    char *board = gtp_test_ask(&e, "showboard");
    g_assert_true(g_str_has_prefix(board, "= \n    A B C D E F G H J\n 9 "));
    g_assert_null(strstr(board, "\n\n\n"));
    g_assert_true(g_str_has_suffix(board, "captures: Black 1, White 0\n\n"));
    g_free(board);
    go_gtp_free(&e);
}

static void test_handicap(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "boardsize 9", "= \n\n");
    gtp_test_expect(&e, "fixed_handicap 1", "? invalid number of stones\n\n");
    gtp_test_expect(&e, "fixed_handicap 10", "? invalid number of stones\n\n");
    gtp_test_expect(&e, "fixed_handicap x", "? syntax error\n\n");
    gtp_test_expect(&e, "fixed_handicap 3", "= G7 C3 C7\n\n");
    g_assert_cmpint(e.game.board.side, ==, GO_WHITE);
    gtp_test_expect(&e, "fixed_handicap 2", "? board not empty\n\n");
    gtp_test_expect(&e, "place_free_handicap 2", "? board not empty\n\n");
    gtp_test_expect(&e, "set_free_handicap A1 B2", "? board not empty\n\n");
    gtp_test_expect(&e, "boardsize 5", "= \n\n");
    gtp_test_expect(&e, "fixed_handicap 2", "? invalid number of stones\n\n");
    gtp_test_expect(&e, "set_free_handicap A1", "? invalid number of stones\n\n");
    gtp_test_expect(&e, "set_free_handicap A1 A1", "? bad vertex list\n\n");
    gtp_test_expect(&e, "set_free_handicap A1 pass", "? bad vertex list\n\n");
    gtp_test_expect(&e, "set_free_handicap A1 I2", "? syntax error\n\n");
    gtp_test_expect(&e, "set_free_handicap A1 B2 E5", "= \n\n");
    g_assert_cmpint(e.game.board.empty_count, ==, 22);
    g_assert_cmpint(e.game.handicap, ==, 3);
    // Every point but one (C3): the stones are set at once, one string breathing through C3.
    gtp_test_expect(&e, "clear_board", "= \n\n");
    GString *all = g_string_new("set_free_handicap");
    for (int y = 1; y <= 5; y++)
        for (const char *x = "ABCDE"; *x; x++)
            if (*x != 'C' || y != 3) g_string_append_printf(all, " %c%d", *x, y);
    gtp_test_expect(&e, all->str, "= \n\n");
    g_string_free(all, TRUE);
    g_assert_cmpint(e.game.board.empty_count, ==, 1);
    g_assert_cmpint(e.game.handicap, ==, 24);
    g_assert_cmpint(e.game.board.str[e.game.board.head[go_point(&e.game.board, 0, 0)]].stones, ==,
                    24);
    gtp_test_expect(&e, "play W C3", "= \n\n"); // the string's one liberty: all 24 are taken
    g_assert_cmpint(e.game.board.empty_count, ==, 24);
    // Free placement: the requested number where there is room, no two stones adjacent.
    const int sizes[] = {19, 12, 9, 5, 2};
    const int wants[] = {30, 20, 12, 4, 1};
    for (int i = 0; i < 5; i++) {
        char *cmd = g_strdup_printf("boardsize %d", sizes[i]);
        gtp_test_expect(&e, cmd, "= \n\n");
        g_free(cmd);
        gtp_test_expect(&e, "place_free_handicap 1", "? invalid number of stones\n\n");
        cmd = g_strdup_printf("place_free_handicap %d", wants[i] == 1 ? 3 : wants[i]);
        char *stones = gtp_test_ask(&e, cmd);
        g_free(cmd);
        if (wants[i] == 1) {
            g_assert_cmpstr(stones, ==, "? invalid number of stones\n\n"); // 2x2: one fits
        } else {
            g_assert_cmpint(count_words(stones + 2), ==, wants[i]);
            const GoBoard *b = &e.game.board;
            for (int p = 0; p < b->cells; p++)
                if (b->color[p] == GO_BLACK) g_assert_cmpint(b->str[b->head[p]].stones, ==, 1);
        }
        g_free(stones);
    }
    go_gtp_free(&e);
}

static void test_records(void)
{
    GoGtp e;
    gtp_test_new(&e);
    char *dir = g_dir_make_tmp("sumito-gtp-XXXXXX", NULL);
    char *path = g_build_filename(dir, "game.sgf", NULL);
    gtp_test_expect(&e, "boardsize 9", "= \n\n");
    gtp_test_expect(&e, "play b E5", "= \n\n");
    gtp_test_expect(&e, "play w C3", "= \n\n");
    gtp_test_expect(&e, "play b pass", "= \n\n");
    char *line = g_strdup_printf("printsgf %s", path);
    gtp_test_expect(&e, line, "= \n\n");
    g_free(line);
    gtp_test_expect(&e, "printsgf",
                    "= (;GM[1]FF[4]CA[UTF-8]AP[sumito]SZ[9]KM[7.5]RU[Chinese]\n;B[ee]\n;W[cg]"
                    "\n;B[])\n\n");
    gtp_test_expect(&e, "boardsize 13", "= \n\n");
    line = g_strdup_printf("loadsgf %s", path);
    gtp_test_expect(&e, line, "= white\n\n");
    g_free(line);
    g_assert_cmpint(e.game.board.size, ==, 9);
    g_assert_cmpint(go_game_length(&e.game), ==, 3);
    line = g_strdup_printf("loadsgf %s 2", path);
    gtp_test_expect(&e, line, "= white\n\n");
    g_free(line);
    g_assert_cmpint(go_game_length(&e.game), ==, 1);
    gtp_test_expect(&e, "undo", "= \n\n");
    gtp_test_expect(&e, "undo", "? cannot undo\n\n");
    gtp_test_expect(&e, "loadsgf /nonexistent/x.sgf", "? cannot load file\n\n");
    gtp_test_expect(&e, "loadsgf", "? syntax error\n\n");
    gtp_test_expect(&e, "printsgf /nonexistent/dir/x.sgf", "? cannot write file\n\n");
    g_file_set_contents(path, "(;SZ[9];B[ee];W[ee])", -1, NULL);
    line = g_strdup_printf("loadsgf %s", path);
    gtp_test_expect(&e, line, "? cannot load file\n\n");
    g_free(line);
    g_assert_cmpint(e.game.board.size, ==, 9); // the engine kept its game
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    go_gtp_free(&e);
}

// A move chooser for the hook test: the first legal point, or resign on an empty list.
static Move first_legal(void *data, const GoGame *game, int colour, const TimeControl *time,
                        const TimeClock *clock, bool cleanup)
{
    int *calls = data;
    (*calls)++;
    if (time->main_time == 1 && clock->main_left == 1) return MOVE_NONE;
    Move moves[GO_MAX_MOVES];
    go_board_gen_moves(&game->board, moves);
    return colour == game->board.side ? moves[0] : GO_PASS;
}

// The clock each colour's next move is under, after the time commands.
static void test_clock(void)
{
    static const struct {
        const char *commands; // separated by ';'
        int colour;
        TimeControlKind kind;
        double main_time, period_time;
        int period_stones, periods;
        double main_left, period_left;
        int stones_left, periods_left;
    } cases[] = {
        {"", GO_BLACK, TIME_CONTROL_NONE, 0, 0, 0, 0, 0, 0, 0, 0},
        {"time_settings 300 30 5", GO_BLACK, TIME_CONTROL_CANADIAN, 300, 30, 5, 0, 300, 0, 0, 0},
        {"time_settings 300 0 0", GO_WHITE, TIME_CONTROL_CANADIAN, 300, 0, 0, 0, 300, 0, 0, 0},
        {"time_settings 0 30 5", GO_BLACK, TIME_CONTROL_CANADIAN, 0, 30, 5, 0, 0, 30, 5, 0},
        {"time_settings 0 0 0", GO_BLACK, TIME_CONTROL_NONE, 0, 0, 0, 0, 0, 0, 0, 0},
        {"time_settings 300 30 0", GO_BLACK, TIME_CONTROL_NONE, 0, 0, 0, 0, 0, 0, 0, 0},
        {"time_settings 300 30 5;time_left w 20 4", GO_WHITE, TIME_CONTROL_CANADIAN, 300, 30, 5, 0,
         0, 20, 4, 0},
        {"time_settings 300 30 5;time_left w 20 4", GO_BLACK, TIME_CONTROL_CANADIAN, 300, 30, 5, 0,
         300, 0, 0, 0},
        {"time_settings 300 30 5;time_left b 100 0", GO_BLACK, TIME_CONTROL_CANADIAN, 300, 30, 5, 0,
         100, 0, 0, 0},
        {"time_left b 7 0", GO_BLACK, TIME_CONTROL_CANADIAN, 0, 0, 0, 0, 7, 0, 0, 0},
        {"time_left b 7 0;time_settings 60 0 0", GO_BLACK, TIME_CONTROL_CANADIAN, 60, 0, 0, 0, 60,
         0, 0, 0},
        {"kgs-time_settings byoyomi 600 30 5", GO_BLACK, TIME_CONTROL_BYO_YOMI, 600, 30, 0, 5, 600,
         0, 0, 0},
        {"kgs-time_settings byoyomi 0 30 5", GO_BLACK, TIME_CONTROL_BYO_YOMI, 0, 30, 0, 5, 0, 0, 0,
         5},
        {"kgs-time_settings byoyomi 600 30 5;time_left b 30 1", GO_BLACK, TIME_CONTROL_BYO_YOMI,
         600, 30, 0, 5, 0, 0, 0, 1},
        {"kgs-time_settings byoyomi 600 0 5", GO_BLACK, TIME_CONTROL_CANADIAN, 600, 0, 0, 0, 600, 0,
         0, 0},
        {"kgs-time_settings canadian 600 300 25", GO_WHITE, TIME_CONTROL_CANADIAN, 600, 300, 25, 0,
         600, 0, 0, 0},
        {"kgs-time_settings absolute 900", GO_WHITE, TIME_CONTROL_CANADIAN, 900, 0, 0, 0, 900, 0, 0,
         0},
        {"time_settings 300 30 5;kgs-time_settings none", GO_BLACK, TIME_CONTROL_NONE, 0, 0, 0, 0,
         0, 0, 0, 0},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        GoGtp e;
        gtp_test_new(&e);
        char **lines = g_strsplit(cases[i].commands, ";", -1);
        for (char **l = lines; *l && **l; l++) gtp_test_expect(&e, *l, "= \n\n");
        g_strfreev(lines);
        TimeControl t;
        TimeClock k;
        go_gtp_clock(&e.clock, cases[i].colour, &t, &k);
        g_test_message("%s", cases[i].commands);
        g_assert_cmpint(t.kind, ==, cases[i].kind);
        g_assert_cmpfloat(t.main_time, ==, cases[i].main_time);
        g_assert_cmpfloat(t.period_time, ==, cases[i].period_time);
        g_assert_cmpint(t.period_stones, ==, cases[i].period_stones);
        g_assert_cmpint(t.periods, ==, cases[i].periods);
        g_assert_cmpfloat(k.main_left, ==, cases[i].main_left);
        g_assert_cmpfloat(k.period_left, ==, cases[i].period_left);
        g_assert_cmpint(k.stones_left, ==, cases[i].stones_left);
        g_assert_cmpint(k.periods_left, ==, cases[i].periods_left);
        go_gtp_free(&e);
    }
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "kgs-time_settings", "? syntax error\n\n");
    gtp_test_expect(&e, "kgs-time_settings fischer 60 5", "? syntax error\n\n");
    gtp_test_expect(&e, "kgs-time_settings byoyomi 600 30", "? syntax error\n\n");
    gtp_test_expect(&e, "kgs-time_settings absolute -1", "? syntax error\n\n");
    go_gtp_free(&e);
}

static void test_genmove_hook(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "genmove b", "? unknown command\n\n");
    int calls = 0;
    go_gtp_set_genmove(&e, first_legal, &calls);
    gtp_test_expect(&e, "known_command genmove", "= true\n\n");
    char *list = gtp_test_ask(&e, "list_commands");
    g_assert_nonnull(strstr(list, "\ngenmove\n"));
    g_free(list);
    char *move = gtp_test_ask(&e, "genmove b");
    g_assert_cmpint(calls, ==, 1);
    g_assert_cmpint(go_game_length(&e.game), ==, 1);
    g_assert_true(g_str_has_prefix(move, "= "));
    g_free(move);
    gtp_test_expect(&e, "genmove x", "? syntax error\n\n");
    gtp_test_expect(&e, "time_settings 1 0 0", "= \n\n");
    gtp_test_expect(&e, "genmove w", "= resign\n\n");
    go_gtp_free(&e);
}

static void test_long_line(void)
{
    GoGtp e;
    gtp_test_new(&e);
    char *line = g_malloc(1 << 20);
    memset(line, 'x', (1 << 20) - 1);
    line[(1 << 20) - 1] = '\0';
    gtp_test_expect(&e, line, "? unknown command\n\n");
    memcpy(line, "play b ", 7);
    gtp_test_expect(&e, line, "? syntax error\n\n");
    memcpy(line, "play b A1 ", 10);
    gtp_test_expect(&e, line, "= \n\n"); // extra arguments are ignored
    g_free(line);
    gtp_test_expect(&e, "name", "= sumito\n\n");
    go_gtp_free(&e);
}

// A parameter handler that answers sumito-params with the text it is given.
static bool echo_params(void *data, const char *name, const char *value, GString *reply)
{
    g_string_assign(reply, data);
    return true;
}

// A reply's text as the response writes it: a CR before a newline dropped, other control
// characters escaped, newlines at the end dropped, a blank line inside written as a space.
static void test_response_text(void)
{
    static const char *const cases[][2] = {
        {"", "= \n\n"},
        {"\n\n", "= \n\n"},
        {"a\r\nb", "= a\nb\n\n"},
        {"a\r\r\nb", "= a\\r\nb\n\n"},
        {"a\r", "= a\\r\n\n"},
        {"x\n\n\ny\n\n", "= x\n \n \ny\n\n"},
        {"x\r\n\r\ny", "= x\n \ny\n\n"},
        {"\033[2J\302\233\177\tz\001", "= \\e[2J\\u009B\\x7F\tz\\x01\n\n"},
    };
    GoGtp e;
    gtp_test_new(&e);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        go_gtp_set_params(&e, echo_params, (void *)cases[i][0]);
        gtp_test_expect(&e, "sumito-params", cases[i][1]);
    }
    // A long run of blank lines (a record's comment may hold one): each written as a space, in
    // one pass over the reply.
    enum { RUN = 200000 };
    GString *text = g_string_new("a"), *want = g_string_new("= a");
    for (int i = 0; i < RUN; i++) g_string_append_c(text, '\n');
    for (int i = 0; i < RUN - 1; i++) g_string_append(want, "\n ");
    g_string_append(text, "b");
    g_string_append(want, "\nb\n\n");
    go_gtp_set_params(&e, echo_params, text->str);
    gtp_test_expect(&e, "sumito-params", want->str);
    g_string_free(text, TRUE);
    g_string_free(want, TRUE);
    go_gtp_free(&e);
}

// The commands a fuzzing run's inputs change most, then go_gtp_reset: every query answers as
// on a new engine, the plug-ins stay, and the fields the commands set are back.
static void test_reset(void)
{
    static const char *const changes[] = {
        "boardsize 9",
        "komi 0.5",
        "play b E5",
        "play w C3",
        "genmove b",
        "time_settings 300 30 5",
        "time_left w 20 4",
        "kgs-time_settings byoyomi 600 30 5",
        "quit",
    };
    static const char *const queries[] = {
        "showboard", "get_komi",  "printsgf",         "final_score", "is_legal b A1",
        "undo",      "genmove w", "fixed_handicap 4", "printsgf",    "undo",
    };
    GoRules rules;
    go_rules_default(&rules);
    int calls = 0;
    GoGtp used, fresh;
    go_gtp_init(&used, &rules);
    go_gtp_set_genmove(&used, first_legal, &calls);
    used.line_max = 10;
    for (size_t i = 0; i < G_N_ELEMENTS(changes); i++) g_free(gtp_test_ask(&used, changes[i]));
    g_assert_true(used.quit);
    g_assert_cmpint(go_game_length(&used.game), ==, 3);
    go_gtp_reset(&used, &rules);
    go_gtp_init(&fresh, &rules);
    go_gtp_set_genmove(&fresh, first_legal, &calls);
    g_assert_false(used.quit);
    g_assert_cmpuint(used.line_max, ==, fresh.line_max);
    g_assert_true(used.genmove == first_legal && used.genmove_data == &calls);
    g_assert_cmpint(used.game.history.len, ==, fresh.game.history.len);
    g_assert_cmpuint(used.game.history.bans, ==, 0);
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        TimeControl t[2];
        TimeClock k[2];
        go_gtp_clock(&used.clock, c, &t[0], &k[0]);
        go_gtp_clock(&fresh.clock, c, &t[1], &k[1]);
        g_assert_cmpint(t[0].kind, ==, TIME_CONTROL_NONE);
        g_assert_cmpint(t[1].kind, ==, TIME_CONTROL_NONE);
        g_assert_cmpfloat(used.clock.used[c], ==, 0);
    }
    g_assert_cmpint(used.clock.last_length, ==, 0);
    for (size_t i = 0; i < G_N_ELEMENTS(queries); i++) {
        char *want = gtp_test_ask(&fresh, queries[i]), *got = gtp_test_ask(&used, queries[i]);
        if (strcmp(got, want) != 0) g_error("'%s': got '%s', want '%s'", queries[i], got, want);
        g_free(want);
        g_free(got);
    }
    go_gtp_free(&used);
    go_gtp_free(&fresh);
}

// Random commands with random arguments, and random bytes: every non-blank line gets one
// response starting with '=' or '?' and ending with an empty line.
static void test_random_input(void)
{
    static const char *words[] = {"play",
                                  "boardsize",
                                  "komi",
                                  "undo",
                                  "all_legal",
                                  "is_legal",
                                  "fixed_handicap",
                                  "place_free_handicap",
                                  "set_free_handicap",
                                  "final_score",
                                  "final_status_list",
                                  "time_left",
                                  "showboard",
                                  "clear_board",
                                  "b",
                                  "w",
                                  "black",
                                  "pass",
                                  "A1",
                                  "T19",
                                  "I9",
                                  "j10",
                                  "0",
                                  "-3",
                                  "2",
                                  "5",
                                  "9",
                                  "19",
                                  "1e99",
                                  "alive",
                                  "#",
                                  "\t",
                                  "x",
                                  "printsgf",
                                  "known_command"};
    GoGtp e;
    gtp_test_new(&e);
    GRand *rng = test_rand();
    int answered = 0;
    for (int i = 0; i < TEST_SCALED(20000); i++) {
        GString *line = g_string_new(NULL);
        int n = g_rand_int_range(rng, 0, 6);
        for (int k = 0; k < n; k++) {
            if (g_rand_int_range(rng, 0, 10) == 0) {
                g_string_append_c(line, (char)g_rand_int_range(rng, 1, 256));
            } else {
                const char *w = words[g_rand_int_range(rng, 0, G_N_ELEMENTS(words))];
                if (strcmp(w, "printsgf") == 0) w = "name"; // never write files
                g_string_append_printf(line, "%s ", w);
            }
        }
        char *got = gtp_test_ask(&e, line->str);
        if (*got) {
            g_assert_true(got[0] == '=' || got[0] == '?');
            g_assert_true(g_str_has_suffix(got, "\n\n"));
            g_assert_null(strstr(got, "\n\n\n"));
            answered++;
        }
        g_free(got);
        g_string_free(line, TRUE);
        if (e.quit) e.quit = false;
    }
    g_test_message("%d responses", answered);
    g_assert_cmpint(answered, >, 0);
    g_rand_free(rng);
    go_gtp_free(&e);
}

// An analysis command opens its response ("=id" alone); the next line, whatever it is, ends it
// with an empty line before it is answered. Bad arguments are errors that leave nothing open.
static void test_analysis_lines(void)
{
    GoGtp e;
    GoEngine engine;
    gtp_test_new_analysis(&e, &engine);
    gtp_test_expect(&e, "1 boardsize 9", "=1 \n\n");
    gtp_test_expect(&e, "2 lz-analyze 10", "=2\n");
    gtp_test_expect(&e, "3 name", "\n=3 sumito\n\n");
    gtp_test_expect(&e, "kata-analyze b interval 5 ownership true", "=\n");
    gtp_test_expect(&e, "", "\n");
    gtp_test_expect(&e, "4 lz-analyze 0",
                    "?4 bad interval '0': centiseconds from 1 to 360000 expected\n\n");
    gtp_test_expect(&e, "5 lz-analyze b 10 minmoves",
                    "?5 analysis option 'minmoves' has no value\n\n");
    gtp_test_expect(&e, "6 lz-analyze ownership true",
                    "?6 unknown analysis option 'ownership' (interval, minmoves, maxmoves)\n\n");
    gtp_test_expect(&e, "7 kata-analyze ownership yes",
                    "?7 bad ownership 'yes': true or false expected\n\n");
    gtp_test_expect(&e, "8 analyze 10", "=8\n");
    gtp_test_expect(&e, "9 analyze 10", "\n=9\n");
    gtp_test_expect(&e, "10 known_command kata-analyze", "\n=10 true\n\n");
    // What sumito does not do is refused by name; KataGo's extras are taken when false.
    gtp_test_expect(&e, "11 lz-analyze 10 avoid b D4,E5 30",
                    "?11 unsupported analysis option 'avoid': every legal move is searched\n\n");
    gtp_test_expect(&e, "12 kata-analyze 10 allow w D4 1",
                    "?12 unsupported analysis option 'allow': every legal move is searched\n\n");
    gtp_test_expect(&e, "13 kata-analyze 10 rootInfo true",
                    "?13 unsupported analysis option 'rootInfo true': sumito does not write it "
                    "(false only)\n\n");
    gtp_test_expect(&e, "14 kata-analyze 10 pvVisits maybe",
                    "?14 bad pvVisits 'maybe': true or false expected\n\n");
    gtp_test_expect(&e, "15 kata-analyze 10 frobnicate 1",
                    "?15 unknown analysis option 'frobnicate' (interval, minmoves, maxmoves, "
                    "ownership)\n\n");
    gtp_test_expect(&e, "16 lz-analyze 10 rootInfo false",
                    "?16 unknown analysis option 'rootInfo' (interval, minmoves, maxmoves)\n\n");
    gtp_test_expect(&e,
                    "17 kata-analyze 10 ownership true ownershipStdev false movesOwnership "
                    "false pvVisits false pvEdgeVisits false rootInfo false "
                    "movesOwnershipStdev false",
                    "=17\n");
    gtp_test_expect(&e, "18 name", "\n=18 sumito\n\n");
    go_gtp_free(&e);
    go_engine_free(&engine);
    // Without an engine there is no analysis.
    gtp_test_new(&e);
    gtp_test_expect(&e, "1 known_command lz-analyze", "=1 false\n\n");
    gtp_test_expect(&e, "2 lz-analyze 10", "?2 unknown command\n\n");
    go_gtp_free(&e);
}

typedef struct {
    GoGtp *e;
    int in, out;
} Served;

static void *serve(void *data)
{
    Served *d = data;
    FILE *in = fdopen(d->in, "r"), *out = fdopen(d->out, "w");
    go_gtp_run(d->e, in, out);
    fclose(out);
    fclose(in);
    return NULL;
}

// go_gtp_run searches while it waits for the next line, writes lines every interval, and when
// the line comes stops, ends the response and answers it. The client reads two analysis lines
// before it sends that line, as a board program does.
static void test_analysis_session(void)
{
    GoGtp e;
    GoEngine engine;
    gtp_test_new_analysis(&e, &engine);
    int in[2], out[2];
    g_assert_cmpint(pipe(in), ==, 0);
    g_assert_cmpint(pipe(out), ==, 0);
    Served d = {&e, in[0], out[1]};
    pthread_t t;
    g_assert_cmpint(pthread_create(&t, NULL, serve, &d), ==, 0);
    FILE *to = fdopen(in[1], "w"), *from = fdopen(out[0], "r");
    fputs("1 boardsize 9\n2 play b E5\n3 lz-analyze b 5\n", to);
    fflush(to);
    alarm(120); // a hang fails the test
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    char *line = NULL;
    size_t cap = 0;
    int info = 0;
    while (getline(&line, &cap, from) > 0) {
        g_ptr_array_add(lines, g_strchomp(g_strdup(line)));
        if (g_str_has_prefix(line, "info move ") && ++info == 2) {
            fputs("4 name\n", to);
            fclose(to);
        }
    }
    alarm(0);
    free(line);
    fclose(from);
    pthread_join(t, NULL);
    char **l = (char **)lines->pdata;
    int n = (int)lines->len, k = 5; // "=1", "", "=2", "", "=3", then the info lines
    g_assert_cmpint(n, >=, 10);
    g_assert_cmpstr(l[4], ==, "=3");
    while (k < n && g_str_has_prefix(l[k], "info move ")) k++;
    g_assert_cmpint(k - 5, >=, 2);
    g_assert_cmpint(n, ==, k + 3); // the empty line, "=4 sumito", ""
    g_assert_cmpstr(l[k], ==, "");
    g_assert_cmpstr(l[k + 1], ==, "=4 sumito");
    g_assert_cmpstr(l[k + 2], ==, "");
    g_assert_nonnull(strstr(l[5], " visits "));
    g_assert_nonnull(strstr(l[5], " order 0 pv "));
    g_ptr_array_free(lines, TRUE);
    go_gtp_free(&e);
    go_engine_free(&engine);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/gtp/protocol", test_protocol);
    g_test_add_func("/go/gtp/play-errors", test_play_errors);
    g_test_add_func("/go/gtp/handicap", test_handicap);
    g_test_add_func("/go/gtp/records", test_records);
    g_test_add_func("/go/gtp/clock", test_clock);
    g_test_add_func("/go/gtp/genmove-hook", test_genmove_hook);
    g_test_add_func("/go/gtp/long-line", test_long_line);
    g_test_add_func("/go/gtp/random-input", test_random_input);
    g_test_add_func("/go/gtp/response-text", test_response_text);
    g_test_add_func("/go/gtp/reset", test_reset);
    g_test_add_func("/go/gtp/analysis-lines", test_analysis_lines);
    g_test_add_func("/go/gtp/analysis-session", test_analysis_session);
    return g_test_run();
}
