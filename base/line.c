// SPDX-License-Identifier: MIT
// A protocol line read with a bound (base/line.h).
#include "base/line.h"

LineRead line_read(FILE *in, GString *line, size_t max)
{
    g_string_truncate(line, 0);
    bool nul = false, any = false;
    size_t len = 0;
    int ch;
    while ((ch = getc(in)) != EOF && ch != '\n') {
        any = true;
        nul |= ch == 0;
        if (len++ < max) g_string_append_c(line, (char)ch);
    }
    if (ch == EOF && !any) return LINE_READ_END;
    if (len > max) return LINE_READ_TOO_LONG;
    return nul ? LINE_READ_NUL : LINE_READ_OK;
}
