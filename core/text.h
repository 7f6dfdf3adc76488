// SPDX-License-Identifier: MIT
// Small text helpers the parsers of every game share.
#ifndef CORE_TEXT_H
#define CORE_TEXT_H

#include <glib.h>

// The words of a line split at blanks and tabs, empty fields dropped (g_strfreev).
char **text_split_words(const char *line);

// A suite line's content in place: the text before any '#' (a comment), without surrounding
// blanks; "" for a blank or comment line.
char *text_line_content(char *line);

// The 1-based line and column of offset `at` in text.
void text_line_col(const char *text, size_t at, int *line, int *col);

#endif
