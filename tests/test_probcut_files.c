// SPDX-License-Identifier: MIT
// ProbCut calibration files as `sumito probcut show|merge` treat them (core/lab/probcut_fit.h):
// merging adds the pairs and games of files of one source and refuses another source; show
// prints the source and the fits.
#include <glib/gstdio.h>
#include <stdlib.h>

#include "core/lab/probcut_fit.h"

// A calibration of `games` games whose stage 1 pairs depth 3 with 5 along v = 2 v' + 3.
static char *write_data(const char *dir, const char *name, const char *evaluator, int games)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    probcut_data_init(c, "toy", evaluator, 2, 3000);
    for (int x = -50; x <= 50; x++) probcut_data_add_pair(c, 1, 3, 5, x, 2 * x + 3);
    c->games = (uint64_t)games;
    char *path = g_build_filename(dir, name, NULL);
    GError *err = NULL;
    g_assert_true(probcut_data_save(c, path, &err));
    g_assert_no_error(err);
    g_free(c);
    return path;
}

static void test_merge_show(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-probcut-files-XXXXXX", NULL);
        char *a = write_data(dir, "a.pc", "e", 2), *b = write_data(dir, "b.pc", "e", 5);
        char *out = g_build_filename(dir, "m.pc", NULL);
        char *files[] = {a, b};
        g_assert_cmpint(probcut_fit_merge(2, files, out), ==, 0);
        ProbcutData *m = g_new(ProbcutData, 1);
        GError *err = NULL;
        g_assert_true(probcut_data_load(m, out, &err));
        g_assert_cmpuint(m->games, ==, 7);
        g_assert_cmpint(m->sums[1][3][5].n, ==, 202);
        g_free(m);
        g_assert_cmpint(probcut_fit_show(out, 50), ==, 0);
        g_remove(a), g_remove(b), g_remove(out), g_rmdir(dir);
        g_free(a), g_free(b), g_free(out), g_free(dir);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout("*m.pc: 2 files, 7 games\n"
                              "*m.pc: game toy, evaluator e, 2 stages, range 3000, 7 games\n"
                              "stage  d  D        n        a         b     sigma      r\n"
                              "    1  3  5      202   2.0000      3.00      0.00  1.000\n");
}

static void test_merge_other_source(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-probcut-files-XXXXXX", NULL);
        char *a = write_data(dir, "a.pc", "e", 2), *b = write_data(dir, "b.pc", "f", 5);
        char *out = g_build_filename(dir, "m.pc", NULL);
        char *files[] = {a, b};
        int rc = probcut_fit_merge(2, files, out);
        bool written = g_file_test(out, G_FILE_TEST_EXISTS);
        g_remove(a), g_remove(b), g_rmdir(dir);
        g_free(a), g_free(b), g_free(out), g_free(dir);
        exit(rc == EXIT_BAD_INPUT && !written ? 0 : 1);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stderr("sumito: *a.pc and *b.pc*");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/lab/probcut-files/merge-show", test_merge_show);
    g_test_add_func("/lab/probcut-files/merge-other-source", test_merge_other_source);
    return g_test_run();
}
