// SPDX-License-Identifier: MIT
// Reports on RankCut statistics files (core/lab/rankcut_report.h) over synthetic files with
// known counts: merging adds them, the diff of a file with itself moves nothing and with a
// changed file names the change, and show lists the most seen cells first.
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/lab/rankcut_report.h"

static const RankcutScheme scheme = {RANKCUT_SCHEME_BEST, {10, 100, 500}};

// A file of two cells: depth 3 seen 2000 times (better `better` times), depth 5 seen 1500
// times (15 better); games games.
static char *write_counts(const char *dir, const char *name, uint64_t better, uint64_t games)
{
    RankcutCounts c;
    rankcut_counts_init(&c, "abalone", "synthetic", &scheme);
    RankcutFeatures a = {3, false, 5, 1, 1, true, -50, 200, false};
    RankcutFeatures b = {5, false, 2, 0, 0, true, 0, 0, true};
    c.n[rankcut_cell(&a, &c.scheme)] = 2000, c.better[rankcut_cell(&a, &c.scheme)] = better;
    c.n[rankcut_cell(&b, &c.scheme)] = 1500, c.better[rankcut_cell(&b, &c.scheme)] = 15;
    c.games = games;
    char *path = g_build_filename(dir, name, NULL);
    GError *err = NULL;
    g_assert_true(rankcut_counts_save(&c, path, &err));
    g_assert_no_error(err);
    rankcut_counts_free(&c);
    return path;
}

static void test_merge(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-rankcut-report-XXXXXX", NULL);
        char *a = write_counts(dir, "a.rc", 20, 3), *b = write_counts(dir, "b.rc", 200, 4);
        char *out = g_build_filename(dir, "merged.rc", NULL);
        char *files[] = {a, b};
        g_assert_cmpint(rankcut_report_merge(2, files, out), ==, 0);
        RankcutCounts m;
        g_assert_true(rankcut_report_load(&m, out));
        g_assert_cmpuint(m.games, ==, 7);
        RankcutFeatures f = {3, false, 5, 1, 1, true, -50, 200, false};
        g_assert_cmpuint(m.n[rankcut_cell(&f, &m.scheme)], ==, 4000);
        g_assert_cmpuint(m.better[rankcut_cell(&f, &m.scheme)], ==, 220);
        rankcut_counts_free(&m);
        g_remove(a), g_remove(b), g_remove(out), g_rmdir(dir);
        g_free(a), g_free(b), g_free(out), g_free(dir);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout("*merged.rc: 2 files, 7 games\n");
}

static void test_diff(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-rankcut-report-XXXXXX", NULL);
        char *a = write_counts(dir, "a.rc", 20, 3), *b = write_counts(dir, "b.rc", 220, 3);
        int rc = rankcut_report_diff(a, a, 1000) + rankcut_report_diff(a, b, 1000);
        g_remove(a), g_remove(b), g_rmdir(dir);
        g_free(a), g_free(b), g_free(dir);
        exit(rc);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    // Itself: nothing moved; the changed cell: P from 0.01 to 0.11 over 2000 of 3500 samples.
    g_test_trap_assert_stdout("*over 2 cells seen at least 1000 times in both, probabilities "
                              "moved by 0.00000 on average*"
                              "*over 2 cells seen at least 1000 times in both, probabilities "
                              "moved by 0.05714 on average (weighted by the second file's "
                              "samples), at most 0.1000; mean signed change +0.05714*");
}

static void test_show(void)
{
    if (g_test_subprocess()) {
        char *dir = g_dir_make_tmp("sumito-rankcut-report-XXXXXX", NULL);
        char *a = write_counts(dir, "a.rc", 20, 3);
        RankcutCounts c;
        g_assert_true(rankcut_report_load(&c, a));
        rankcut_report_show(&c, a, 1000, 40);
        rankcut_counts_free(&c);
        g_remove(a), g_rmdir(dir);
        g_free(a), g_free(dir);
        exit(0);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    g_test_trap_assert_stdout(
        "*game abalone, evaluator synthetic, 3 games*"
        "*2 of * cells seen, 3500 samples; 2 cells with at least 1000 "
        "samples hold 100.00% of the samples*"
        "*     3     no     5 *2000  0.01000*     5     no     2 *1500  0.01000*");
}

static void test_missing(void)
{
    if (g_test_subprocess()) {
        RankcutCounts c;
        exit(rankcut_report_load(&c, "/nonexistent/x.rc") ? 0 : 2);
    }
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr("sumito: */nonexistent/x.rc*");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/lab/rankcut-report/merge", test_merge);
    g_test_add_func("/lab/rankcut-report/diff", test_diff);
    g_test_add_func("/lab/rankcut-report/show", test_show);
    g_test_add_func("/lab/rankcut-report/missing", test_missing);
    return g_test_run();
}
