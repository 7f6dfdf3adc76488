// SPDX-License-Identifier: MIT
// Reading a request's arguments (core/web/web_json.h): json-glib decodes the escape \u0000 into
// a NUL byte and hands out C strings, so before 2026-11-30 a string holding one was cut there
// without a word (a record or SGF lost its end, "rec\u0000x" passed as the key "rec"). Such a
// body is refused with the byte where the escape starts, in values, keys and nested objects
// alike, and so is half of a surrogate pair; an escaped backslash before "u0000", whole pairs and
// the other control characters are kept.
#include <string.h>

#include "core/web/web_json.h"

static const char *const known[] = {"record", "black", "eval", NULL};

// The len bytes of body parsed: NULL with the error's message in *why (caller frees), or the
// object; *parser to free either way.
static JsonObject *parse(const char *body, size_t len, JsonParser **parser, char **why)
{
    GError *err = NULL;
    JsonObject *o = web_json_parse_args(body, len, known, parser, &err);
    *why = NULL;
    if (!o) {
        g_assert_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST);
        *why = g_strdup(err->message);
        g_error_free(err);
    }
    return o;
}

// The body refused with the message want.
static void refused_with(const char *body, size_t len, const char *want)
{
    JsonParser *parser;
    char *why;
    if (parse(body, len, &parser, &why)) g_error("body '%s' taken, not refused: '%s'", body, want);
    if (strcmp(why, want) != 0) g_error("body '%s': '%s', not '%s'", body, why, want);
    g_free(why);
    g_object_unref(parser);
}

// The body refused for the escape (what it holds) starting at byte.
static void refused_escape(const char *body, const char *what, size_t byte)
{
    char *want =
        g_strdup_printf("a string holds %s at byte %zu; no argument takes one", what, byte);
    refused_with(body, strlen(body), want);
    g_free(want);
}

static void refused(const char *body, size_t byte)
{
    refused_escape(body, "a NUL character (\\u0000)", byte);
}

static void test_nul_refused(void)
{
    refused("{\"record\":\"x\\u0000y\"}", 13);
    refused("{\"record\":\"\\u0000\"}", 12);
    refused("{\"record\":\"ab\\\\\\u0000\"}", 16); // an escaped backslash, then the escape
    refused("{\"rec\\u0000ord\":\"x\"}", 6);
    refused("{\"black\":{\"eval\":\"net\\u0000hce\"}}", 22);
    refused("{\"record\":\"a\\u0000b\\u0000c\"}", 13); // the first one is named
}

// json-glib decodes half of a surrogate pair into three bytes that are not UTF-8 and drops the
// character after it ("a\ud800b" came out as "a" and ED A0 80); such an escape is refused as the
// NUL is, a whole pair is taken (below).
static void test_half_surrogate_refused(void)
{
    const char *high = "half of a surrogate pair (\\uD800 to \\uDBFF)",
               *low = "half of a surrogate pair (\\uDC00 to \\uDFFF)";
    refused_escape("{\"record\":\"a\\ud800b\"}", high, 13);
    refused_escape("{\"record\":\"a\\uDBFF\"}", high, 13);        // at the string's end
    refused_escape("{\"record\":\"a\\ud800\\u0041\"}", high, 13); // not followed by a low half
    refused_escape("{\"record\":\"a\\ud800\\ud800\\udc00\"}", high, 13); // a high half twice
    refused_escape("{\"record\":\"a\\udc00b\"}", low, 13);
    refused_escape("{\"reco\\udfffrd\":\"x\"}", low, 7);               // in a key
    refused_escape("{\"record\":\"\\ud83d\\ude00\\udc00\"}", low, 24); // a pair, then a low half
}

// A body that is not UTF-8, or holds a NUL byte as it is, refused with the byte named (json-glib
// said only "JSON data must be UTF-8 encoded", of a NUL byte too, which is UTF-8).
static void test_bytes_refused(void)
{
    refused_with("{\"record\":\"a\0b\"}", 15, "the body holds a NUL byte at byte 13");
    refused_with("{\"record\":\"a\xffz\"}", 15, "the body is not UTF-8 at byte 13");
    refused_with("{\"record\":\"\xed\xa0\x80\"}", 16, "the body is not UTF-8 at byte 12");
}

// A string that is not cut: its bytes as the reader gives them.
static void kept(const char *body, const char *value)
{
    JsonParser *parser;
    char *why;
    JsonObject *o = parse(body, strlen(body), &parser, &why);
    if (!o) g_error("body '%s' refused: %s", body, why);
    const char *s = NULL;
    GError *err = NULL;
    g_assert_true(web_json_get_string(o, "record", 100, &s, &err));
    g_assert_no_error(err);
    g_assert_cmpstr(s, ==, value);
    g_object_unref(parser);
}

static void test_other_escapes_kept(void)
{
    kept("{\"record\":\"x\\\\u0000y\"}", "x\\u0000y");
    kept("{\"record\":\"x\\u0001y\"}", "x\001y");
    kept("{\"record\":\"\\u00e9\\u0010\"}", "\xc3\xa9\x10");
    kept("{\"record\":\"a\\ud83d\\ude00b\"}", "a\xf0\x9f\x98\x80"
                                              "b"); // a whole surrogate pair
    kept("{\"record\":\"\\\\ud800\"}", "\\ud800");  // an escaped backslash
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/web/json/nul-refused", test_nul_refused);
    g_test_add_func("/web/json/half-surrogate-refused", test_half_surrogate_refused);
    g_test_add_func("/web/json/bytes-refused", test_bytes_refused);
    g_test_add_func("/web/json/other-escapes-kept", test_other_escapes_kept);
    return g_test_run();
}
