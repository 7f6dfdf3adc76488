// SPDX-License-Identifier: MIT
// Small text helpers (core/text.h).
#include "core/text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char **text_split_words(const char *line)
{
    char **tok = g_strsplit_set(line, " \t", -1);
    int n = 0;
    for (int i = 0; tok[i]; i++)
        if (*tok[i])
            tok[n++] = tok[i];
        else
            g_free(tok[i]);
    tok[n] = NULL;
    return tok;
}

size_t text_bom_length(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

void text_line_col(const char *text, size_t at, int *line, int *col)
{
    *line = 1, *col = 1;
    for (size_t k = 0; k < at && text[k]; k++) {
        if (text[k] == '\n')
            ++*line, *col = 1;
        else
            ++*col;
    }
}

char *text_line_content(char *line)
{
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    return g_strstrip(line);
}

static bool read_fail(GError **err, int code, const char *path, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

static bool read_fail(GError **err, int code, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *why = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, G_FILE_ERROR, code, "%s: %s", path, why);
    g_free(why);
    return false;
}

// The size is taken from fstat of the open file, then the read stops at max_bytes + 1, so a
// file that grows meanwhile is still refused rather than read without end.
bool text_file_read(const char *path, size_t max_bytes, char **contents, size_t *len, GError **err)
{
    *contents = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return read_fail(err, g_file_error_from_errno(errno), path, "%s", g_strerror(errno));
    struct stat st;
    bool ok = fstat(fd, &st) == 0;
    if (!ok)
        read_fail(err, g_file_error_from_errno(errno), path, "%s", g_strerror(errno));
    else if (!S_ISREG(st.st_mode))
        ok = read_fail(err, G_FILE_ERROR_INVAL, path, "not a regular file");
    else if ((guint64)st.st_size > max_bytes)
        ok = read_fail(err, G_FILE_ERROR_FAILED, path,
                       "%" G_GUINT64_FORMAT " bytes, more than the %zu read here",
                       (guint64)st.st_size, max_bytes);
    GString *buf = g_string_sized_new(ok ? (gsize)st.st_size + 1 : 1);
    char chunk[65536];
    while (ok) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            ok = read_fail(err, g_file_error_from_errno(errno), path, "%s", g_strerror(errno));
        if (n <= 0) break;
        g_string_append_len(buf, chunk, n);
        if (buf->len > max_bytes)
            ok = read_fail(err, G_FILE_ERROR_FAILED, path, "more than the %zu bytes read here",
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
