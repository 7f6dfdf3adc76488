// SPDX-License-Identifier: MIT
// The one careful way sumito reads a file a user names (net files, training data, RankCut
// statistics, ProbCut calibrations, game records, SGF, suites, openings, match results):
// anything but a regular file (a device such as /dev/zero, a FIFO, a directory) and a file over
// the size limit are refused at once, before a byte is read and without waiting on a FIFO, with
// the same message everywhere: "PATH: not a regular file", "PATH: N bytes, more than the M read
// here", or "PATH: " and the system's reason. And the one way it writes a file whole, the check
// of an output before the work that writes it, and whether two names are one file.
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

// Writes len bytes to path so that an interrupted or failed write never leaves a truncated
// file there. A regular file, or a new one, is written to a temporary file beside it (its name
// and six random characters), synced and renamed into place; a file replaced keeps its mode
// (and its owner when run as root), a new one gets 0666 less the umask. A symbolic link stays
// a link: the file it points to is the one replaced. Another name (hard link) of the file
// replaced keeps the old contents: the rename gives path a new file. A character device
// (/dev/null, a terminal) and a FIFO are written through, in place, never replaced; a FIFO
// that no process reads is refused at once rather than waited on, as are a directory and any
// other kind of file. The temporary file is removed on failure. The error (G_FILE_ERROR)
// names the user's path, never the temporary one, with the reason: "cannot write 'PATH':
// REASON" (the system's, or "it is a directory", "a FIFO that no process reads").
bool file_write_atomic(const char *path, const void *data, size_t len, GError **err);

// Checks before long work what file_write_atomic would find: path is not a directory or
// another kind of file it refuses, and the folder of the file it would write exists and is
// writable (a device: the device is writable). False with the error, as file_write_atomic's:
// "cannot write 'PATH': its directory does not exist", "... its directory is not writable".
bool file_check_output(const char *path, GError **err);

// Whether a and b are one existing file (the same device and inode), however they are spelled:
// "./x" and "x", a hard link, a symbolic link and its target. False when either is missing.
bool file_same(const char *a, const char *b);

#endif
