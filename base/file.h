// SPDX-License-Identifier: MIT
// The one careful way sumito reads a file a user names (net files, training data, RankCut
// statistics, ProbCut calibrations, game records, SGF, suites, openings, match results):
// anything but a regular file (a device such as /dev/zero, a FIFO, a directory) and a file over
// the size limit are refused at once, before a byte is read and without waiting on a FIFO, with
// the same message everywhere: "PATH: not a regular file", "PATH: N bytes, more than the M read
// here", or "PATH: " and the system's reason. And the one way it writes such a file whole.
#ifndef BASE_FILE_H
#define BASE_FILE_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define FILE_READ_MAX (256u << 20) // bytes: the limit of every reader of whole files
#define FILE_SIZE_ANY UINT64_MAX   // no limit: for files read as a stream, never held whole

// Opens path for reading (close the descriptor returned) and sets *size, or returns -1 with
// the error (G_FILE_ERROR) when it cannot be opened, is not a regular file or holds more than
// max_bytes.
int file_open_read(const char *path, uint64_t max_bytes, uint64_t *size, GError **err);

// Reads a whole file into *contents (NUL-terminated, g_free) and *len (may be NULL), with the
// refusals of file_open_read; a file that grows past max_bytes while it is read is refused too.
bool file_read_all(const char *path, size_t max_bytes, char **contents, size_t *len, GError **err);

// Writes len bytes to the descriptor fd, going on after short writes and interruptions; false
// with errno set when a write fails (a full disk: ENOSPC).
bool file_write_whole(int fd, const void *data, size_t len);

// Writes len bytes to path through a temporary file in the same directory (path and six
// random characters), synced and renamed into place, so that an interrupted or failed write
// never leaves a truncated file at path; the temporary file is removed on failure. The error
// (G_FILE_ERROR) names the user's path, never the temporary one, with the system's reason:
// "cannot write 'PATH': REASON".
bool file_write_atomic(const char *path, const void *data, size_t len, GError **err);

#endif
