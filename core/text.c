// SPDX-License-Identifier: MIT
// Small text helpers (core/text.h).
#include "core/text.h"

#include <string.h>

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
