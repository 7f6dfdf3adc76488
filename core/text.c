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

void text_append_escaped(GString *out, const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == 0xC2 && c[1] >= 0x80 && c[1] <= 0x9F) {
            g_string_append_printf(out, "\\u%04X", c[1]);
            c++;
        } else if (*c == 27) {
            g_string_append(out, "\\e");
        } else if (*c == '\r') {
            g_string_append(out, "\\r");
        } else if ((*c < 32 && *c != '\n' && *c != '\t') || *c == 127) {
            g_string_append_printf(out, "\\x%02X", *c);
        } else {
            g_string_append_c(out, (char)*c);
        }
    }
}

char *text_escape_controls(const char *s)
{
    GString *out = g_string_sized_new(strlen(s));
    text_append_escaped(out, s);
    return g_string_free(out, FALSE);
}
