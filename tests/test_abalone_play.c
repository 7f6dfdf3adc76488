// SPDX-License-Identifier: MIT
// A game of `sumito abalone play` (abalone/play.h) between two humans whose input ends at
// once: the game stops, its result line is printed and its record written; the demo's
// pictures of that record are drawn, and the record replays.
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "abalone/play.h"
#include "abalone/notation.h"
#include "abalone/replay.h"

static void test_stopped_game(void)
{
    if (g_test_subprocess()) {
        g_assert_nonnull(freopen("/dev/null", "r", stdin));
        char *dir = g_dir_make_tmp("sumito-play-XXXXXX", NULL);
        char *record = g_build_filename(dir, "game.txt", NULL);
        AbalonePlayer players[2] = {{.human = true, .name = g_strdup("human")},
                                    {.human = true, .name = g_strdup("human")}};
        AbaloneBoard start;
        g_assert_true(abalone_board_from_options(&start, "belgian", NULL, NULL));
        int rc = abalone_play_game(players, &start, "belgian", 1, true, record);
        g_assert_cmpint(rc, ==, 0);
        g_assert_true(g_file_test(record, G_FILE_TEST_IS_REGULAR));
        g_assert_cmpint(abalone_play_draw(dir, record), ==, 0);
        g_assert_cmpint(abalone_replay_file(record, 0, NULL), ==, 0);
        char *final = g_build_filename(dir, "final.png", NULL);
        char *strip = g_build_filename(dir, "strip.png", NULL);
        g_assert_true(g_file_test(final, G_FILE_TEST_IS_REGULAR));
        g_assert_true(g_file_test(strip, G_FILE_TEST_IS_REGULAR));
        g_remove(final), g_remove(strip), g_remove(record), g_rmdir(dir);
        g_free(final), g_free(strip), g_free(record), g_free(dir);
        abalone_player_free(&players[0]);
        abalone_player_free(&players[1]);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout("human (Black) against human (White), 1 s per move\n*"
                              "Black to move (Aba-Pro move, 'undo' or 'quit'): Stopped: * after 0 "
                              "plies; lost: Black 0, White 0\nGame record: */game.txt\n"
                              "Pictures: */final.png (the final position, last move marked)\n*"
                              "*/game.txt: 0 moves, all legal\n*"
                              "Result: * (as recorded; by the rules the game is not over)\n");
}

static void test_missing_record(void)
{
    if (g_test_subprocess()) {
        if (abalone_replay_file("/nonexistent/game.txt", 0, NULL) != EXIT_BAD_INPUT) exit(0);
        exit(abalone_play_draw("/nonexistent", "/nonexistent/game.txt"));
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("sumito: */nonexistent/game.txt*sumito: */nonexistent/game.txt*");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/play/stopped-game", test_stopped_game);
    g_test_add_func("/abalone/play/missing-record", test_missing_record);
    return g_test_run();
}
