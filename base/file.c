// SPDX-License-Identifier: MIT
// The careful file reader and the atomic writer (base/file.h).
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <limits.h>
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

static bool write_refuse(GError **err, int code, const char *path, const char *why)
{
    g_set_error(err, G_FILE_ERROR, code, "cannot write '%s': %s", path, why);
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

bool file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

// Where a write to path lands: a character device or a FIFO is written through, in place;
// otherwise the file that path names after its symbolic links (a link to a missing file
// names that file), replaced or created.
typedef enum { TARGET_THROUGH, TARGET_REPLACE, TARGET_NEW } TargetKind;

typedef struct {
    TargetKind kind;
    char *file;     // where the temporary file goes beside (g_free)
    struct stat st; // the existing file's (TARGET_THROUGH, TARGET_REPLACE)
} Target;

// The file at the end of path's chain of symbolic links, at most 40 of them (the system's
// own limit, beyond which it reports a loop). A path that cannot be looked at is returned as
// it is: the stat that follows reports why.
static char *resolve_links(const char *path, int *error)
{
    char *at = g_strdup(path);
    for (int i = 0; i < 40; i++) {
        struct stat st;
        if (lstat(at, &st) != 0 || !S_ISLNK(st.st_mode)) return at;
        char to[PATH_MAX];
        ssize_t n = readlink(at, to, sizeof to - 1);
        if (n < 0) {
            *error = errno;
            g_free(at);
            return NULL;
        }
        to[n] = '\0';
        char *dir = g_path_get_dirname(at);
        char *next = g_path_is_absolute(to) ? g_strdup(to) : g_build_filename(dir, to, NULL);
        g_free(dir);
        g_free(at);
        at = next;
    }
    *error = ELOOP;
    g_free(at);
    return NULL;
}

static bool target_find(const char *path, Target *t, GError **err)
{
    t->file = NULL;
    if (stat(path, &t->st) == 0 && !S_ISREG(t->st.st_mode)) {
        if (S_ISDIR(t->st.st_mode))
            return write_refuse(err, G_FILE_ERROR_ISDIR, path, "it is a directory");
        if (!S_ISCHR(t->st.st_mode) && !S_ISFIFO(t->st.st_mode))
            return write_refuse(err, G_FILE_ERROR_INVAL, path,
                                "not a regular file, a character device or a FIFO");
        t->kind = TARGET_THROUGH;
        t->file = g_strdup(path);
        return true;
    }
    int e = 0;
    if (!(t->file = resolve_links(path, &e))) return write_fail(err, path, e);
    if (stat(t->file, &t->st) == 0) {
        t->kind = TARGET_REPLACE;
        return true;
    }
    if (errno != ENOENT) {
        e = errno;
        g_free(t->file);
        return write_fail(err, path, e);
    }
    t->kind = TARGET_NEW;
    return true;
}

bool file_check_output(const char *path, GError **err)
{
    Target t;
    if (!target_find(path, &t, err)) return false;
    char *dir = g_path_get_dirname(t.file);
    bool ok = true;
    if (t.kind == TARGET_THROUGH)
        ok = access(t.file, W_OK) == 0 || write_fail(err, path, errno);
    else if (!g_file_test(dir, G_FILE_TEST_IS_DIR))
        ok = write_refuse(err, G_FILE_ERROR_NOENT, path, "its directory does not exist");
    else if (access(dir, W_OK | X_OK) != 0)
        ok = write_refuse(err, g_file_error_from_errno(errno), path,
                          "its directory is not writable");
    g_free(dir);
    g_free(t.file);
    return ok;
}

// A device or a FIFO takes the bytes as they come: no temporary file (a rename would put a
// regular file in its place) and no sync (devices refuse it). A FIFO is opened without
// waiting: with no process reading it, the open fails at once (ENXIO) instead of blocking.
static bool write_through(const char *path, const Target *t, const void *data, size_t len,
                          GError **err)
{
    bool fifo = S_ISFIFO(t->st.st_mode);
    int fd = open(t->file, O_WRONLY | O_CLOEXEC | O_NOCTTY | (fifo ? O_NONBLOCK : 0));
    if (fd < 0 && fifo && errno == ENXIO)
        return write_refuse(err, G_FILE_ERROR_NXIO, path, "a FIFO that no process reads");
    if (fd < 0) return write_fail(err, path, errno);
    bool ok = !fifo || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0;
    ok = (ok && file_write_whole(fd, data, len)) || write_fail(err, path, errno);
    if (close(fd) != 0 && ok) ok = write_fail(err, path, errno);
    return ok;
}

// A file replaced keeps its permissions and, where the system lets us, its owner; a new one
// gets mode 0666 less the umask, as any new file.
static bool write_replace(const char *path, const Target *t, const void *data, size_t len,
                          GError **err)
{
    char *tmp = g_strdup_printf("%s.XXXXXX", t->file);
    int fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0) {
        write_fail(err, path, errno);
        g_free(tmp);
        return false;
    }
    bool ok = true;
    if (t->kind == TARGET_REPLACE) {
        // The owner first: a change of owner may clear the set-user-ID bits the mode restores.
        if (fchown(fd, t->st.st_uid, t->st.st_gid) != 0) {
            // Only root may give a file to another owner; anyone else's rewrite is theirs.
        }
        ok = fchmod(fd, t->st.st_mode & 07777) == 0 || write_fail(err, path, errno);
    }
    if (ok && !(file_write_whole(fd, data, len) && fsync(fd) == 0))
        ok = write_fail(err, path, errno);
    if (close(fd) != 0 && ok) ok = write_fail(err, path, errno);
    if (ok && g_rename(tmp, t->file) != 0) ok = write_fail(err, path, errno);
    if (!ok) g_unlink(tmp);
    g_free(tmp);
    return ok;
}

bool file_write_atomic(const char *path, const void *data, size_t len, GError **err)
{
    Target t;
    if (!target_find(path, &t, err)) return false;
    bool ok = t.kind == TARGET_THROUGH ? write_through(path, &t, data, len, err)
                                       : write_replace(path, &t, data, len, err);
    g_free(t.file);
    return ok;
}
