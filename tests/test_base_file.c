// SPDX-License-Identifier: MIT
// The careful file reader: a regular file read whole, and every refusal at once, before a
// byte is read: a missing file, a device, a FIFO (without waiting for a writer), a directory,
// a file over the limit; each message names the path.
#include "base/file.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Checks that reading path fails with a message that is path, ": " and why.
static void assert_refused(const char *path, size_t max_bytes, const char *why)
{
    char *text = NULL;
    size_t len = 99;
    GError *err = NULL;
    g_assert_false(file_read_all(path, max_bytes, &text, &len, &err));
    g_assert_null(text);
    g_assert_cmpuint(len, ==, 99);
    g_assert_nonnull(err);
    char *want = g_strdup_printf("%s: %s", path, why);
    g_assert_cmpstr(err->message, ==, want);
    g_free(want);
    g_clear_error(&err);

    uint64_t size = 7;
    g_assert_cmpint(file_open_read(path, max_bytes, &size, &err), ==, -1);
    g_assert_cmpuint(size, ==, 7);
    g_assert_nonnull(err);
    g_assert_true(g_str_has_prefix(err->message, path));
    g_error_free(err);
}

static void test_regular(void)
{
    char *dir = g_dir_make_tmp("sumito-file-XXXXXX", NULL);
    char *path = g_build_filename(dir, "a.txt", NULL);
    g_assert_true(g_file_set_contents(path, "one\ntwo\n", -1, NULL));
    char *text = NULL;
    size_t len = 0;
    GError *err = NULL;
    g_assert_true(file_read_all(path, FILE_READ_MAX, &text, &len, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(len, ==, 8);
    g_assert_cmpstr(text, ==, "one\ntwo\n");
    g_free(text);
    // Exactly at the limit is read; one byte less is refused with the size.
    g_assert_true(file_read_all(path, 8, &text, NULL, &err));
    g_free(text);
    assert_refused(path, 7, "8 bytes, more than the 7 read here");
    uint64_t size = 0;
    int fd = file_open_read(path, FILE_SIZE_ANY, &size, &err);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpuint(size, ==, 8);
    close(fd);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

static void test_empty(void)
{
    char *dir = g_dir_make_tmp("sumito-file-XXXXXX", NULL);
    char *path = g_build_filename(dir, "empty", NULL);
    g_assert_true(g_file_set_contents(path, "", 0, NULL));
    char *text = NULL;
    size_t len = 1;
    g_assert_true(file_read_all(path, FILE_READ_MAX, &text, &len, NULL));
    g_assert_cmpuint(len, ==, 0);
    g_assert_cmpstr(text, ==, "");
    g_free(text);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

static void test_missing(void)
{
    assert_refused("/nonexistent/dir/x.txt", FILE_READ_MAX, g_strerror(ENOENT));
}

static void test_device(void)
{
    assert_refused("/dev/zero", FILE_READ_MAX, "not a regular file");
    assert_refused("/dev/null", FILE_READ_MAX, "not a regular file");
}

static void test_directory(void)
{
    char *dir = g_dir_make_tmp("sumito-file-XXXXXX", NULL);
    assert_refused(dir, FILE_READ_MAX, "not a regular file");
    g_rmdir(dir);
    g_free(dir);
}

// No process writes to the FIFO: a reader that opened it as a file would wait for ever.
static void test_fifo(void)
{
    char *dir = g_dir_make_tmp("sumito-file-XXXXXX", NULL);
    char *path = g_build_filename(dir, "fifo", NULL);
    g_assert_cmpint(mkfifo(path, 0600), ==, 0);
    assert_refused(path, FILE_READ_MAX, "not a regular file");
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/base/file/regular", test_regular);
    g_test_add_func("/base/file/empty", test_empty);
    g_test_add_func("/base/file/missing", test_missing);
    g_test_add_func("/base/file/device", test_device);
    g_test_add_func("/base/file/directory", test_directory);
    g_test_add_func("/base/file/fifo", test_fifo);
    return g_test_run();
}
