// SPDX-License-Identifier: MIT
// Checking an SGF record (go/sgf_check.h): a short game replayed and written back, a record
// with an illegal move refused with its reason.
#include <glib/gstdio.h>
#include <stdlib.h>

#include "go/sgf_check.h"

static char *write_sgf(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    return path;
}

static void test_replay(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-sgf-check-XXXXXX", NULL);
        char *in = write_sgf(dir, "in.sgf", "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R];B[cc];W[dd])");
        char *out = g_build_filename(dir, "out.sgf", NULL);
        GoRules rules;
        go_rules_default(&rules);
        int rc = go_sgf_check(in, &rules, out);
        bool written = g_file_test(out, G_FILE_TEST_IS_REGULAR);
        g_remove(in), g_remove(out), g_rmdir(dir);
        g_free(in), g_free(out), g_free(dir);
        exit(rc == 0 && written ? 0 : 1);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout("*in.sgf: 5x5, 2 moves, all legal (ko *, suicide *)\n*"
                              "Recorded result: B+R\n");
}

static void test_illegal(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-sgf-check-XXXXXX", NULL);
        char *in = write_sgf(dir, "bad.sgf", "(;GM[1]FF[4]SZ[5];B[cc];W[cc])");
        GoRules rules;
        go_rules_default(&rules);
        int rc = go_sgf_check(in, &rules, NULL);
        g_remove(in), g_rmdir(dir);
        g_free(in), g_free(dir);
        exit(rc);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stdout("");
    g_test_trap_assert_stderr("sumito: *bad.sgf*");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/sgf-check/replay", test_replay);
    g_test_add_func("/go/sgf-check/illegal", test_illegal);
    return g_test_run();
}
