// SPDX-License-Identifier: MIT
// Small text helpers the parsers of every game share.
#ifndef CORE_TEXT_H
#define CORE_TEXT_H

#include <glib.h>
#include <stdbool.h>

// The words of a line split at blanks and tabs, empty fields dropped (g_strfreev).
char **text_split_words(const char *line);

// A suite line's content in place: the text before any '#' (a comment), without surrounding
// blanks; "" for a blank or comment line.
char *text_line_content(char *line);

// The length of a UTF-8 byte-order mark at the start of the len bytes at text (3), as some
// editors write, or 0: it is not part of the text.
size_t text_bom_length(const char *text, size_t len);

// s with its control characters written as escapes, for quoting text from input in a message:
// a terminal control sequence or a carriage return from a file, an argument or a protocol line
// is shown, never acted on. Newlines and tabs stay as they are; ESC is written `\e`, CR `\r`,
// the other C0 bytes and DEL `\xNN`, and the C1 controls U+0080..U+009F (their UTF-8 bytes C2
// 80..C2 9F) `\u00NN`. Everything else, backslashes and invalid UTF-8 included, is kept.
char *text_escape_controls(const char *s);

// Appends s to out escaped as text_escape_controls does.
void text_append_escaped(GString *out, const char *s);

// The 1-based line and column of offset `at` in text.
void text_line_col(const char *text, size_t at, int *line, int *col);

// What a JSON parser such as json-glib would decode wrongly in the escape at s[i] (a backslash
// inside a string of the len bytes at s): "a NUL character (\u0000)", or half of a surrogate
// pair; NULL when the escape is sound. *skip is how many bytes after the backslash the escape
// runs (1, or 11 past a whole pair), so that a scanner steps over it.
const char *text_json_escape_problem(const char *s, size_t len, size_t i, size_t *skip);

#endif
