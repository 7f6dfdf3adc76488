// SPDX-License-Identifier: MIT
// Fuzzing target: the bounded protocol line reader (base/line.h) that AEP and GTP read with.
// The first byte picks the bound (0 to 63 bytes, so that lines over it are common); the rest
// is read line by line, and each answer is checked against the input cut at its newlines:
// the status (a line over the bound, else one holding a NUL, else a plain line), the bytes
// kept, and the end of the input after the last line.
#include <stdio.h>
#include <string.h>

#include "base/line.h"
#include "tests/fuzz/fuzz.h"

// The answer line_read must give for the line of len bytes at s.
static LineRead expected(const uint8_t *s, size_t len, size_t max)
{
    if (len > max) return LINE_READ_TOO_LONG;
    return memchr(s, 0, len) ? LINE_READ_NUL : LINE_READ_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    size_t max = data[0] % 64;
    const uint8_t *text = data + 1;
    size_t len = size - 1;
    FILE *in = fmemopen((void *)text, len, "r");
    if (!in) return 0;
    GString *line = g_string_new(NULL);
    size_t at = 0;
    while (at < len) {
        const uint8_t *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        LineRead want = expected(text + at, n, max);
        size_t kept = want == LINE_READ_TOO_LONG ? max : n;
        if (line_read(in, line, max) != want) __builtin_trap();
        if (line->len != kept || memcmp(line->str, text + at, kept) != 0) __builtin_trap();
        at += n + (nl != NULL);
    }
    if (line_read(in, line, max) != LINE_READ_END || line->len != 0) __builtin_trap();
    g_string_free(line, TRUE);
    fclose(in);
    return 0;
}
