// SPDX-License-Identifier: MIT
// Position suites: text files of one position string per line ('#' starts a comment), and
// the built-in compare suite drawn from self-play games that RankCut collection never saw.
#ifndef ABALONE_SUITE_H
#define ABALONE_SUITE_H

#include <glib.h>

#include "abalone/board.h"

typedef struct {
    GArray *positions; // AbaloneBoard
} AbaloneSuite;

bool abalone_suite_parse(AbaloneSuite *s, const char *text, const char *source, GError **err);
bool abalone_suite_load(AbaloneSuite *s, const char *path, GError **err);
// The built-in compare suite's text (caller frees).
char *abalone_suite_builtin_text(void);
// The built-in compare suite.
void abalone_suite_builtin(AbaloneSuite *s);
void abalone_suite_free(AbaloneSuite *s);

#endif
