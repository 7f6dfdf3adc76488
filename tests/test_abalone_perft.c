// SPDX-License-Identifier: MIT
// Frozen perft counts (tests/data/abalone_perft.txt) for the bulk-counting and the plain
// perft, from the five layouts and from midgame and decided positions.
#include <stdlib.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/perft.h"
#include "tests/test_util.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "tests/data"
#endif

static void test_frozen(void)
{
    char *text = NULL;
    GError *err = NULL;
    g_file_get_contents(TEST_DATA_DIR "/abalone_perft.txt", &text, NULL, &err);
    g_assert_no_error(err);
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    for (char **l = lines; *l; l++) {
        if (**l == '#' || !**l) continue;
        char **parts = g_strsplit(*l, ";", 2);
        g_assert_nonnull(parts[1]);
        char *name = g_strstrip(parts[0]);
        AbaloneBoard b;
        if (!abalone_board_set_layout(&b, name)) {
            abalone_position_parse(&b, name, &err);
            g_assert_no_error(err);
        }
        char **counts = g_strsplit(g_strstrip(parts[1]), " ", -1);
        for (int d = 1; counts[d - 1]; d++) {
            uint64_t want = g_ascii_strtoull(counts[d - 1], NULL, 10);
            // Sanitizer builds skip the depths above 100 million leaves.
            if (TEST_SANITIZED && want > 100000000) continue;
            g_assert_cmpuint(abalone_perft(&b, d), ==, want);
            if (want < 10000000) g_assert_cmpuint(abalone_perft_full(&b, d), ==, want);
            checked++;
        }
        g_strfreev(counts);
        g_strfreev(parts);
    }
    g_assert_cmpint(checked, >=, 30);
    g_strfreev(lines);
    g_free(text);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/perft/frozen", test_frozen);
    return g_test_run();
}
