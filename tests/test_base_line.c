// SPDX-License-Identifier: MIT
// The bounded protocol line reader (base/line.h): lines with and without their newline, a line
// over the bound dropped to its end, a NUL byte reported, the end of the input.
#include "base/line.h"

#include <string.h>

// Reads every line of text with bound max; appends "status:line|" for each to out.
static char *read_all(const char *text, size_t len, size_t max)
{
    FILE *in = fmemopen((void *)text, len, "r");
    g_assert_nonnull(in);
    GString *line = g_string_new(NULL), *out = g_string_new(NULL);
    LineRead r;
    while ((r = line_read(in, line, max)) != LINE_READ_END)
        g_string_append_printf(out, "%d:%s|", (int)r, line->str);
    fclose(in);
    g_string_free(line, TRUE);
    return g_string_free(out, FALSE);
}

static void test_lines(void)
{
    const char text[] = "one\n\ntwo\nlast";
    char *got = read_all(text, strlen(text), 16);
    g_assert_cmpstr(got, ==, "0:one|0:|0:two|0:last|");
    g_free(got);
    got = read_all("", 0, 16);
    g_assert_cmpstr(got, ==, "");
    g_free(got);
}

static void test_too_long(void)
{
    const char text[] = "abcdef\nabcdefg\nxyz\n";
    char *got = read_all(text, strlen(text), 6);
    g_assert_cmpstr(got, ==, "0:abcdef|2:abcdef|0:xyz|");
    g_free(got);
}

static void test_nul(void)
{
    const char text[] = "ab\0cd\nef\n";
    char *got = read_all(text, sizeof text - 1, 16);
    g_assert_cmpstr(got, ==, "3:ab|0:ef|");
    g_free(got);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/base/line/lines", test_lines);
    g_test_add_func("/base/line/too-long", test_too_long);
    g_test_add_func("/base/line/nul", test_nul);
    return g_test_run();
}
