// SPDX-License-Identifier: MIT
// The escaping of control characters quoted in messages (core/text.h): every C0 byte, DEL and
// the C1 controls written as escapes, newlines, tabs, UTF-8 text and backslashes kept; and the
// JSON string escapes that json-glib would decode wrongly.
#include "core/text.h"

#include <string.h>

static void test_escape_each_byte(void)
{
    // Every byte from 1 to 255 alone: what it must become, written out independently.
    for (int c = 1; c < 256; c++) {
        char in[2] = {(char)c, 0}, want[8];
        if (c == 27)
            strcpy(want, "\\e");
        else if (c == '\r')
            strcpy(want, "\\r");
        else if (c == '\n' || c == '\t' || (c >= 32 && c != 127))
            strcpy(want, in);
        else
            g_snprintf(want, sizeof want, "\\x%02X", c);
        char *got = text_escape_controls(in);
        g_assert_cmpstr(got, ==, want);
        g_free(got);
    }
}

static void test_escape_text(void)
{
    const char *cases[][2] = {
        {"", ""},
        {"unknown command 'x\x1b[2J'", "unknown command 'x\\e[2J'"},
        {"a\nb\tc\\d", "a\nb\tc\\d"},
        {"\xc2\x9b"
         "2J \xc2\x80\xc2\x9f",
         "\\u009B2J \\u0080\\u009F"},
        {"\xc2\xa0 \xc3\xa9 \xe2\x80\x9c", "\xc2\xa0 \xc3\xa9 \xe2\x80\x9c"}, // not controls
        {"\xc2", "\xc2"},                                                     // cut short
        {"\x7f\x01", "\\x7F\\x01"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *got = text_escape_controls(cases[i][0]);
        g_assert_cmpstr(got, ==, cases[i][1]);
        g_free(got);
    }
    GString *out = g_string_new("kept: ");
    text_append_escaped(out, "\x1b");
    g_assert_cmpstr(out->str, ==, "kept: \\e");
    g_string_free(out, TRUE);
}

// The escapes json-glib decodes wrongly, judged within the buffer's length (an escape cut by its
// end is none of them), and how far a scanner steps over each.
static void test_json_escape_problem(void)
{
    const char *nul = "a NUL character (\\u0000)";
    const char *high = "half of a surrogate pair (\\uD800 to \\uDBFF)";
    const char *low = "half of a surrogate pair (\\uDC00 to \\uDFFF)";
    struct {
        const char *s;
        size_t len; // 0: strlen
        const char *want;
        size_t skip;
    } cases[] = {
        {"\\u0000", 0, nul, 1},
        {"\\u000", 0, NULL, 1},          // cut short: not \u0000
        {"\\u0000", 5, NULL, 1},         // the same, cut by the length
        {"\\n", 0, NULL, 1},             // another escape
        {"\\u00e9", 0, NULL, 1},         // a character
        {"\\ud800", 0, high, 1},         // a high half at the end
        {"\\udbffx", 0, high, 1},        // ... followed by a character
        {"\\ud800\\u0041", 0, high, 1},  // ... by an escape that is not a low half
        {"\\udc00", 0, low, 1},          // a low half alone
        {"\\uDFFF", 0, low, 1},          // capitals
        {"\\ud83d\\ude00", 0, NULL, 11}, // a whole pair: one character
        {"\\ud83d\\ude00", 11, high, 1}, // the pair cut by the length
        {"\\uzzzz", 0, NULL, 1},         // not hexadecimal: json-glib refuses it itself
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].s), skip = 0;
        const char *got = text_json_escape_problem(cases[i].s, len, 0, &skip);
        g_assert_cmpstr(got, ==, cases[i].want);
        g_assert_cmpuint(skip, ==, cases[i].skip);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/text/escape-each-byte", test_escape_each_byte);
    g_test_add_func("/core/text/escape-text", test_escape_text);
    g_test_add_func("/core/text/json-escape-problem", test_json_escape_problem);
    return g_test_run();
}
