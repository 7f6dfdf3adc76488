// SPDX-License-Identifier: MIT
// The careful file reader and the atomic writer (base/file.h).
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

static bool file_fail(GError **err, int code, const char *path, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

static bool file_fail(GError **err, int code, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *why = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, G_FILE_ERROR, code, "%s: %s", path, why);
    g_free(why);
    return false;
}

static bool file_fail_errno(GError **err, const char *path, int e)
{
    return file_fail(err, g_file_error_from_errno(e), path, "%s", g_strerror(e));
}

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer before the check
// could refuse it. Reads of a regular file ignore the flag.
int file_open_read(const char *path, uint64_t max_bytes, uint64_t *size, GError **err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return file_fail_errno(err, path, errno), -1;
    struct stat st;
    bool ok = fstat(fd, &st) == 0 || file_fail_errno(err, path, errno);
    if (ok && !S_ISREG(st.st_mode))
        ok = file_fail(err, G_FILE_ERROR_INVAL, path, "not a regular file");
    else if (ok && (uint64_t)st.st_size > max_bytes)
        ok = file_fail(err, G_FILE_ERROR_FAILED, path,
                       "%" G_GUINT64_FORMAT " bytes, more than the %" G_GUINT64_FORMAT " read here",
                       (guint64)st.st_size, (guint64)max_bytes);
    if (!ok) {
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}

// The read stops at max_bytes + 1, so a file that grows meanwhile is still refused rather than
// read without end.
bool file_read_all(const char *path, size_t max_bytes, char **contents, size_t *len, GError **err)
{
    *contents = NULL;
    uint64_t size;
    int fd = file_open_read(path, max_bytes, &size, err);
    if (fd < 0) return false;
    GString *buf = g_string_sized_new((gsize)size + 1);
    char chunk[65536];
    bool ok = true;
    while (ok) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) ok = file_fail_errno(err, path, errno);
        if (n <= 0) break;
        g_string_append_len(buf, chunk, n);
        if (buf->len > max_bytes)
            ok = file_fail(err, G_FILE_ERROR_FAILED, path, "more than the %zu bytes read here",
                           max_bytes);
    }
    close(fd);
    if (!ok) {
        g_string_free(buf, TRUE);
        return false;
    }
    if (len) *len = buf->len;
    *contents = g_string_free(buf, FALSE);
    return true;
}

static bool write_fail(GError **err, const char *path, int e)
{
    g_set_error(err, G_FILE_ERROR, g_file_error_from_errno(e), "cannot write '%s': %s", path,
                g_strerror(e));
    return false;
}

bool file_write_whole(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

// Mode 0666 lets the umask decide, as for any new file; the temporary file sits beside path
// so that the rename cannot cross file systems.
bool file_write_atomic(const char *path, const void *data, size_t len, GError **err)
{
    char *tmp = g_strdup_printf("%s.XXXXXX", path);
    int fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0) {
        write_fail(err, path, errno);
        g_free(tmp);
        return false;
    }
    bool ok = (file_write_whole(fd, data, len) && fsync(fd) == 0) || write_fail(err, path, errno);
    if (close(fd) != 0 && ok) ok = write_fail(err, path, errno);
    if (ok && g_rename(tmp, path) != 0) ok = write_fail(err, path, errno);
    if (!ok) g_unlink(tmp);
    g_free(tmp);
    return ok;
}
