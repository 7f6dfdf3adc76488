// SPDX-License-Identifier: MIT
// Frozen Go perft counts (tests/data/go_perft.txt) for the bulk-counting and the plain
// perft under each rule, and for the small counts the naive reference board's own perft.
#include "go/perft.h"
#include "go/game.h"
#include "tests/go_naive.h"
#include "tests/test_util.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "tests/data"
#endif

static void check_line(const char *line, int *checked)
{
    int size, ko, suicide, used = 0;
    g_assert_cmpint(sscanf(line, "%d %d %d ; %n", &size, &ko, &suicide, &used), ==, 3);
    GoRules rules;
    go_rules_default(&rules);
    rules.ko = ko;
    rules.suicide = suicide;
    GoGame g;
    go_game_init(&g, size, &rules);
    NaiveGo naive;
    naive_go_init(&naive, size, ko, suicide);
    char **counts = g_strsplit(line + used, " ", -1);
    for (int d = 1; counts[d - 1]; d++) {
        uint64_t want = g_ascii_strtoull(counts[d - 1], NULL, 10);
        if (TEST_SANITIZED && want > 10000000) continue;
        g_assert_cmpuint(go_perft(&g.board, d), ==, want);
        if (want < 1000000) g_assert_cmpuint(go_perft_full(&g.board, d), ==, want);
        if (want < (TEST_SANITIZED ? 50000 : 300000))
            g_assert_cmpuint(naive_go_perft(&naive, d), ==, want);
        g_assert_cmpint(go_game_length(&g), ==, 0);
        (*checked)++;
    }
    g_strfreev(counts);
    naive_go_free(&naive);
    go_game_free(&g);
}

static void test_frozen(void)
{
    char *text = NULL;
    GError *err = NULL;
    g_file_get_contents(TEST_DATA_DIR "/go_perft.txt", &text, NULL, &err);
    g_assert_no_error(err);
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    for (char **l = lines; *l; l++)
        if (**l && **l != '#') check_line(*l, &checked);
    g_assert_cmpint(checked, >=, 100);
    g_strfreev(lines);
    g_free(text);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/go/perft/frozen", test_frozen);
    return g_test_run();
}
