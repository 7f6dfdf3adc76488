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

// The code of the escape \uXXXX at s[i] (a backslash), or -1 when s[i] starts another escape.
static long json_u_escape(const char *s, size_t len, size_t i)
{
    if (len - i < 6 || s[i + 1] != 'u') return -1;
    long code = 0;
    for (size_t k = i + 2; k < i + 6; k++) {
        if (!g_ascii_isxdigit(s[k])) return -1;
        code = code * 16 + g_ascii_xdigit_value(s[k]);
    }
    return code;
}

// json-glib decodes \u0000 into a NUL that ends the C string it hands out, and half of a
// surrogate pair into bytes that are not UTF-8, dropping the character after it ("a\ud800b"
// becomes "a" and three bad bytes).
const char *text_json_escape_problem(const char *s, size_t len, size_t i, size_t *skip)
{
    long code = json_u_escape(s, len, i);
    *skip = 1;
    if (code == 0) return "a NUL character (\\u0000)";
    if (code >= 0xDC00 && code <= 0xDFFF) return "half of a surrogate pair (\\uDC00 to \\uDFFF)";
    if (code < 0xD800 || code > 0xDBFF) return NULL;
    long low = len - i >= 12 && s[i + 6] == '\\' ? json_u_escape(s, len, i + 6) : -1;
    if (low < 0xDC00 || low > 0xDFFF) return "half of a surrogate pair (\\uD800 to \\uDBFF)";
    *skip = 11;
    return NULL;
}
