// SPDX-License-Identifier: MIT
// Reading a request's arguments (core/web/web_json.h): json-glib decodes the escape \u0000 into
// a NUL byte and hands out C strings, so before 2026-11-30 a string holding one was cut there
// without a word (a record or SGF lost its end, "rec\u0000x" passed as the key "rec"). Such a
// body is refused with the byte where the escape starts, in values, keys and nested objects
// alike; an escaped backslash before "u0000" and the other control characters are kept.
#include <string.h>

#include "core/web/web_json.h"

static const char *const known[] = {"record", "black", "eval", NULL};

// The body parsed: NULL with the error's message in *why (caller frees), or the object
// (*parser to free).
static JsonObject *parse(const char *body, JsonParser **parser, char **why)
{
    GError *err = NULL;
    JsonObject *o = web_json_parse_args(body, strlen(body), known, parser, &err);
    *why = NULL;
    if (!o) {
        g_assert_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST);
        *why = g_strdup(err->message);
        g_error_free(err);
    }
    return o;
}

static void refused(const char *body, size_t byte)
{
    JsonParser *parser;
    char *why;
    g_assert_null(parse(body, &parser, &why));
    char *want = g_strdup_printf(
        "a string holds a NUL character (\\u0000) at byte %zu; no argument takes one", byte);
    if (strcmp(why, want) != 0) g_error("body '%s': '%s', not '%s'", body, why, want);
    g_free(want);
    g_free(why);
    g_object_unref(parser);
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

// A string that is not cut: its bytes as the reader gives them.
static void kept(const char *body, const char *value)
{
    JsonParser *parser;
    char *why;
    JsonObject *o = parse(body, &parser, &why);
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
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/web/json/nul-refused", test_nul_refused);
    g_test_add_func("/web/json/other-escapes-kept", test_other_escapes_kept);
    return g_test_run();
}
