// SPDX-License-Identifier: MIT
// The careful file reader: a regular file read whole, and every refusal at once, before a
// byte is read: a missing file, a device, a FIFO (without waiting for a writer), a directory,
// a file over the limit; each message names the path. The writer: a device or a FIFO written
// through, never replaced; a directory refused; a symbolic link kept and its file replaced;
// a file's mode kept; another hard link keeping the old contents; and file_same, file_check_output.
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "tests/picture_util.h"

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

// ---------------------------------------------------------------------------------------
// The writer

static char *path_in(const char *dir, const char *name)
{
    return g_build_filename(dir, name, NULL);
}

static void assert_text(const char *path, const char *want)
{
    char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_cmpstr(text, ==, want);
    g_free(text);
}

static void assert_write_fails(const char *path, const char *why)
{
    GError *err = NULL;
    g_assert_false(file_write_atomic(path, "new\n", 4, &err));
    g_assert_nonnull(err);
    char *want = g_strdup_printf("cannot write '%s': %s", path, why);
    g_assert_cmpstr(err->message, ==, want);
    g_free(want);
    g_error_free(err);
}

static mode_t mode_of(const char *path, bool follow)
{
    struct stat st;
    g_assert_cmpint(follow ? stat(path, &st) : lstat(path, &st), ==, 0);
    return st.st_mode;
}

// A private copy of the memory device of that minor number (3 null, 7 full) in dir, or NULL
// when mknod is refused (it needs root). The tests never write to the machine's /dev: the
// writer they check once renamed a file over the device it was given.
static char *private_device(const char *dir, const char *name, unsigned minor)
{
    char *path = path_in(dir, name);
    if (mknod(path, S_IFCHR | 0666, makedev(1, minor)) == 0) return path;
    g_free(path);
    return NULL;
}

// A null device takes the bytes and stays a device; a full one reports the system's error.
static void test_write_device(void)
{
    char *dir = test_temp_dir(), *null = private_device(dir, "null", 3);
    char *full = private_device(dir, "full", 7);
    if (!null || !full) {
        g_test_skip("mknod refused (not root): no private device");
    } else {
        GError *err = NULL;
        g_assert_true(file_write_atomic(null, "new\n", 4, &err));
        g_assert_no_error(err);
        g_assert_true(S_ISCHR(mode_of(null, false)));
        assert_write_fails(full, g_strerror(ENOSPC));
        g_assert_true(S_ISCHR(mode_of(full, false)));
        g_assert_true(file_check_output(full, &err));
        g_assert_no_error(err);
    }
    g_free(null);
    g_free(full);
    test_remove_dir(dir);
}

// With no process reading, the FIFO is refused at once (a blocking open would wait for ever);
// with one, the bytes go through it.
static void test_write_fifo(void)
{
    char *dir = test_temp_dir(), *fifo = path_in(dir, "fifo");
    g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
    assert_write_fails(fifo, "a FIFO that no process reads");
    int rd = open(fifo, O_RDONLY | O_NONBLOCK);
    g_assert_cmpint(rd, >=, 0);
    GError *err = NULL;
    g_assert_true(file_write_atomic(fifo, "new\n", 4, &err));
    g_assert_no_error(err);
    char buf[8] = {0};
    g_assert_cmpint(read(rd, buf, sizeof buf), ==, 4);
    g_assert_cmpstr(buf, ==, "new\n");
    close(rd);
    g_assert_true(S_ISFIFO(mode_of(fifo, false)));
    g_free(fifo);
    test_remove_dir(dir);
}

static void test_write_directory(void)
{
    char *dir = test_temp_dir(), *sub = path_in(dir, "sub");
    g_assert_cmpint(g_mkdir(sub, 0700), ==, 0);
    assert_write_fails(sub, "it is a directory");
    GError *err = NULL;
    g_assert_false(file_check_output(sub, &err));
    g_assert_error(err, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
    g_clear_error(&err);
    g_assert_cmpint(g_rmdir(sub), ==, 0);
    g_free(sub);
    test_remove_dir(dir);
}

// A link stays a link and the file it names is replaced, through a chain of two relative
// links; a link to a missing file creates that file.
static void test_write_symlink(void)
{
    char *dir = test_temp_dir(), *file = path_in(dir, "file"), *l1 = path_in(dir, "l1"),
         *l2 = path_in(dir, "l2"), *dangling = path_in(dir, "dangling"),
         *made = path_in(dir, "made");
    g_assert_true(g_file_set_contents(file, "old\n", -1, NULL));
    g_assert_cmpint(symlink("file", l1), ==, 0);
    g_assert_cmpint(symlink("l1", l2), ==, 0);
    g_assert_cmpint(symlink("made", dangling), ==, 0);
    GError *err = NULL;
    g_assert_true(file_write_atomic(l2, "new\n", 4, &err));
    g_assert_no_error(err);
    g_assert_true(S_ISLNK(mode_of(l2, false)));
    g_assert_true(S_ISLNK(mode_of(l1, false)));
    assert_text(file, "new\n");
    g_assert_true(file_write_atomic(dangling, "made\n", 5, &err));
    g_assert_true(S_ISLNK(mode_of(dangling, false)));
    assert_text(made, "made\n");
    char *names[] = {file, l1, l2, dangling, made};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) g_free(names[i]);
    test_remove_dir(dir);
}

// A file rewritten keeps its mode; a new one gets 0666 less the umask.
static void test_write_mode(void)
{
    char *dir = test_temp_dir(), *secret = path_in(dir, "secret"), *fresh = path_in(dir, "fresh");
    g_assert_true(g_file_set_contents(secret, "old\n", -1, NULL));
    g_assert_cmpint(chmod(secret, 0600), ==, 0);
    g_assert_true(file_write_atomic(secret, "new\n", 4, NULL));
    g_assert_cmpint(mode_of(secret, false) & 07777, ==, 0600);
    g_assert_cmpint(chmod(secret, 0751), ==, 0);
    g_assert_true(file_write_atomic(secret, "new\n", 4, NULL));
    g_assert_cmpint(mode_of(secret, false) & 07777, ==, 0751);
    mode_t old = umask(027);
    g_assert_true(file_write_atomic(fresh, "new\n", 4, NULL));
    umask(old);
    g_assert_cmpint(mode_of(fresh, false) & 07777, ==, 0640);
    g_free(secret);
    g_free(fresh);
    test_remove_dir(dir);
}

// The documented split: the name written gets the new file, another name keeps the old one.
static void test_write_hard_link(void)
{
    char *dir = test_temp_dir(), *a = path_in(dir, "a"), *b = path_in(dir, "b");
    g_assert_true(g_file_set_contents(a, "old\n", -1, NULL));
    g_assert_cmpint(link(a, b), ==, 0);
    g_assert_true(file_same(a, b));
    g_assert_true(file_write_atomic(a, "new\n", 4, NULL));
    assert_text(a, "new\n");
    assert_text(b, "old\n");
    g_assert_false(file_same(a, b));
    g_free(a);
    g_free(b);
    test_remove_dir(dir);
}

static void test_same(void)
{
    char *dir = test_temp_dir(), *a = path_in(dir, "a"), *b = path_in(dir, "b"),
         *l = path_in(dir, "l");
    char *dotted = g_strdup_printf("%s/./a", dir), *missing = path_in(dir, "missing");
    g_assert_true(g_file_set_contents(a, "a", -1, NULL));
    g_assert_true(g_file_set_contents(b, "a", -1, NULL));
    g_assert_cmpint(symlink("a", l), ==, 0);
    g_assert_true(file_same(a, dotted));
    g_assert_true(file_same(l, a));
    g_assert_false(file_same(a, b));
    g_assert_false(file_same(a, missing));
    g_assert_false(file_same(missing, missing));
    char *names[] = {a, b, l, dotted, missing};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) g_free(names[i]);
    test_remove_dir(dir);
}

static void test_check_output(void)
{
    char *dir = test_temp_dir(), *ok = path_in(dir, "x"), *nowhere = path_in(dir, "no/x");
    GError *err = NULL;
    g_assert_true(file_check_output(ok, &err));
    g_assert_no_error(err);
    g_assert_false(file_check_output(nowhere, &err));
    char *want = g_strdup_printf("cannot write '%s': its directory does not exist", nowhere);
    g_assert_cmpstr(err->message, ==, want);
    g_clear_error(&err);
    g_assert_cmpint(g_file_test(ok, G_FILE_TEST_EXISTS), ==, FALSE);
    g_free(want);
    g_free(ok);
    g_free(nowhere);
    test_remove_dir(dir);
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
    g_test_add_func("/base/file/write-device", test_write_device);
    g_test_add_func("/base/file/write-fifo", test_write_fifo);
    g_test_add_func("/base/file/write-directory", test_write_directory);
    g_test_add_func("/base/file/write-symlink", test_write_symlink);
    g_test_add_func("/base/file/write-mode", test_write_mode);
    g_test_add_func("/base/file/write-hard-link", test_write_hard_link);
    g_test_add_func("/base/file/same", test_same);
    g_test_add_func("/base/file/check-output", test_check_output);
    return g_test_run();
}
