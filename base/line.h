// SPDX-License-Identifier: MIT
// The one bounded way the protocols (AEP, GTP) read a line from a stream: a line longer than
// the bound is read to its end and dropped, never held, so that a client cannot make the
// engine hold a gigabyte by sending no newline; a NUL byte in a line is reported.
#ifndef BASE_LINE_H
#define BASE_LINE_H

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

// The longest protocol line taken, in bytes (its newline not counted).
#define LINE_READ_MAX (4u << 20)

typedef enum {
    LINE_READ_OK,       // a line, in `line`
    LINE_READ_END,      // the end of the input, no line
    LINE_READ_TOO_LONG, // a line longer than max bytes: its first max bytes are in `line`
    LINE_READ_NUL       // a line holding a NUL byte, in `line` (as read)
} LineRead;

// Reads the next line of in, without its newline, into line: at most max bytes of it are
// kept, the rest of a longer line read and dropped. The last line may lack its newline.
LineRead line_read(FILE *in, GString *line, size_t max);

#endif
