// SPDX-License-Identifier: MIT
// Decimal numbers as users type them (base/number.h).
#include "base/number.h"

#include <errno.h>
#include <glib.h>
#include <string.h>

NumberParse number_parse_int(const char *text, int64_t min, int64_t max, int64_t *out)
{
    const char *d = text + (text[0] == '-');
    if (!g_ascii_isdigit(d[0]) || (d[0] == '0' && d[1] != '\0')) return NUMBER_NOT_DECIMAL;
    for (const char *c = d; *c; c++)
        if (!g_ascii_isdigit(*c)) return NUMBER_NOT_DECIMAL;
    // Every character is a digit after at most a '-': strtoll cannot stop early, only
    // overflow, which is out of range like any other big number.
    errno = 0;
    char *end = NULL;
    long long v = g_ascii_strtoll(text, &end, 10);
    if (errno == ERANGE || v < min || v > max) return NUMBER_OUT_OF_RANGE;
    *out = v;
    return NUMBER_OK;
}

NumberParse number_parse_double(const char *text, double *out)
{
    const char *d = text + (text[0] == '-');
    // strtod reads hexadecimal after "0x" and skips blanks; neither is a decimal number.
    if (!*d || g_ascii_isspace(*d) || *d == '+' || (d[0] == '0' && (d[1] == 'x' || d[1] == 'X')))
        return NUMBER_NOT_DECIMAL;
    char *end = NULL;
    double v = g_ascii_strtod(text, &end);
    if (end == text || *end != '\0') return NUMBER_NOT_DECIMAL;
    *out = v;
    return NUMBER_OK;
}

const char *number_problem(NumberParse r)
{
    return r == NUMBER_OUT_OF_RANGE ? "is out of range" : "is not a decimal number";
}
