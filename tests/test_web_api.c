// SPDX-License-Identifier: MIT
// The web server's API without HTTP (core/web/web_api.h): pictures drawn after their answer
// left the API (on the server's painter threads), and the search pool's wake-ups on the
// main context. Events reach the main loop through an idle source; one delivered directly
// (web_api_dispatch, as the fuzzing target does) leaves its source attached, and before
// 2026-11-27 a freed API left such sources behind, to run on the freed pool. And an Abalone
// record loaded, stepped through and played on from an earlier move.
#include <string.h>

#include "abalone/web.h"
#include "go/web.h"
#include "core/web/web_api.h"
#include "abalone/board.h"
#include "tests/test_util.h"

static const WebGame *const games[] = {&abalone_web_game, &go_web_game, NULL};

static void request(WebApi *api, const char *method, const char *path, const char *body, int status,
                    char id[33])
{
    WebReply r;
    web_api_handle(api, method, path, NULL, body, strlen(body), &r);
    g_assert_cmpint(r.status, ==, status);
    if (id) {
        gsize n = 0;
        const char *text = g_bytes_get_data(r.body, &n);
        g_assert_cmpuint(n, >, 40);
        g_assert_true(g_str_has_prefix(text, "{\"id\":\""));
        memcpy(id, text + 7, 32);
        id[32] = '\0';
    }
    web_reply_clear(&r);
}

// An API without search threads (its searches are queued and never run), 1 MiB tables, at most
// max_sessions sessions (0: the default).
static WebApi *api_without_threads(int max_sessions)
{
    WebApiOptions o;
    web_api_options_default(&o, games);
    o.threads = 0;
    o.hash_mib = 1;
    if (max_sessions) o.max_sessions = max_sessions;
    return web_api_new(&o, NULL, NULL);
}

// Sessions whose engines start searches that never run (no search thread), each new game
// cancelling the search before it, the events delivered directly: the API freed, nothing of
// it is left on the main context.
static void test_free_detaches(void)
{
    while (g_main_context_iteration(NULL, FALSE)) continue;
    WebApi *api = api_without_threads(0);
    const char *watch = "{\"mode\":\"watch\",\"time\":0.05}";
    char id[33], path[64];
    request(api, "POST", "/api/sessions", watch, 201, id);
    g_snprintf(path, sizeof path, "/api/sessions/%s/new", id);
    int delivered = 0;
    for (int i = 0; i < 4; i++) {
        request(api, "POST", path, watch, 200, NULL);
        delivered += web_api_dispatch(api);
    }
    g_assert_cmpint(delivered, >=, 4); // each new game cancelled a waiting search
    web_api_free(api);
    g_assert_false(g_main_context_pending(NULL));
}

// POST /api/sessions with a body of len bytes: the status, and the answer holding `text`.
static void create(WebApi *api, const char *body, size_t len, int status, const char *text)
{
    WebReply r;
    web_api_handle(api, "POST", "/api/sessions", NULL, body, len, &r);
    gsize n = 0;
    const char *data = g_bytes_get_data(r.body, &n);
    char *answer = g_strndup(data, n);
    if (r.status != status || !strstr(answer, text))
        g_error("body '%.*s': status %d, '%.200s'", (int)len, body, r.status, answer);
    g_free(answer);
    web_reply_clear(&r);
}

// A body is one JSON value: json-glib 1.6 reads "{}{}" as one document, keeps the first value
// and leaks the others (LeakSanitizer saw it under G_SLICE=always-malloc), so before
// 2026-11-28 such bodies were accepted and leaked (those with a word after the value, such as
// "{} x", the parser refused). Braces and quotes inside strings do not end the value; a
// byte-order mark and blanks around it are allowed.
static void test_one_value(void)
{
    WebApi *api = api_without_threads(16);
    const char *more[] = {
        "{}{}",    "{} {}",  "{\"time\":1}[]",  "[1]{}",    "1 {}",
        "\"a\"{}", "null[]", "{\"a\":\"}\"}{}", "{}\n{}\n", "{\"a\":{}}{\"b\":[]}",
        "{} x",    "[[]]]"};
    for (size_t i = 0; i < G_N_ELEMENTS(more); i++)
        create(api, more[i], strlen(more[i]), 400, "nothing after it: more at byte");
    create(api, "{} 1", 4, 400, "nothing after it: more at byte 4");
    const char *one[] = {"{}", " {}\r\n\t", "\xef\xbb\xbf{}", "{\"time\":0.05}"};
    for (size_t i = 0; i < G_N_ELEMENTS(one); i++)
        create(api, one[i], strlen(one[i]), 201, "\"id\"");
    // The value ends where its brackets close, strings and escapes skipped; what follows
    // is the parser's to judge.
    const char *string_brackets = "{\"layout\":\"}]{\\\"[\"}";
    create(api, string_brackets, strlen(string_brackets), 400, "unknown layout");
    create(api, "{\"time\":", 8, 400, "JSON object ({} when there are no arguments): ");
    create(api, "[}", 2, 400, "JSON object ({} when there are no arguments): ");
    web_api_free(api);
}

// A request's answer: its status, and its body (caller frees).
static char *answer(WebApi *api, const char *path, const char *body, int *status)
{
    WebReply r;
    web_api_handle(api, body ? "POST" : "GET", path, NULL, body, body ? strlen(body) : 0, &r);
    gsize n = 0;
    const char *data = g_bytes_get_data(r.body, &n);
    char *text = g_strndup(data, n);
    *status = r.status;
    web_reply_clear(&r);
    return text;
}

// Whether text (an answer) holds needle; says what it holds when not.
static bool holds(const char *text, const char *needle)
{
    if (strstr(text, needle)) return true;
    g_test_message("'%s' not in '%.300s'", needle, text);
    return false;
}

// A record loaded (APGN, the second game of two, its searches queued and never run), shown at
// its last move, then at move 2, where a move drops the two after it; a damaged record is
// refused with its line. The position after 2 moves is that of the record cut there.
static void test_record_review(void)
{
    WebApi *api = api_without_threads(16);
    // Two games of two moves each, as a JSON string.
    const char *two = "{\"record\":\"[Variant \\\"belgian\\\"]\\n\\n1. i9h8 i6h6 2. i8h7 a5b5 "
                      "*\\n\\n[Variant \\\"belgian\\\"]\\n\\n1. i9h8 i6h6 2. i8h7 a5b5 *\\n\","
                      "\"game_index\":2}";
    int status = 0;
    char *text = answer(api, "/api/sessions", two, &status);
    g_assert_cmpint(status, ==, 201);
    g_assert_true(holds(text, "\"ply\":4,") && holds(text, "\"review\":true,\"length\":4"));
    char id[33], path[80];
    memcpy(id, text + 7, 32);
    id[32] = '\0';
    g_free(text);
    text = answer(api, "/api/sessions",
                  "{\"record\":\"[Variant \\\"belgian\\\"]\\n\\n1. i9h8 i6h6 *\\n\"}", &status);
    char *cut = strstr(text, "\"position\":");
    g_assert_nonnull(cut);
    char *position = g_strndup(cut, (gsize)(strchr(cut + 12, ',') - cut));
    g_free(text);
    g_snprintf(path, sizeof path, "/api/sessions/%s/goto", id);
    text = answer(api, path, "{\"ply\":2}", &status);
    g_assert_cmpint(status, ==, 200);
    g_assert_true(holds(text, position) && holds(text, "\"ply\":2,"));
    const char *legal = strstr(text, "\"legal\":[{\"text\":\"");
    g_assert_nonnull(legal);
    legal += strlen("\"legal\":[{\"text\":\"");
    char *move = g_strdup_printf("{\"move\":\"%.*s\"}", (int)(strchr(legal, '"') - legal), legal);
    g_free(text);
    g_snprintf(path, sizeof path, "/api/sessions/%s/analyse", id);
    text = answer(api, path, "{}", &status);
    g_assert_cmpint(status, ==, 200);
    g_free(text);
    web_api_dispatch(api); // the cancelled search comes back
    g_snprintf(path, sizeof path, "/api/sessions/%s/move", id);
    text = answer(api, path, move, &status);
    g_free(move);
    g_assert_cmpint(status, ==, 200);
    g_assert_true(holds(text, "\"review\":false,\"length\":3") &&
                  holds(text, "\"human\":\"black\""));
    g_free(text);
    text = answer(api, "/api/sessions",
                  "{\"record\":\"[Variant \\\"belgian\\\"]\\n\\n1. i9h8 i9h8 *\\n\"}", &status);
    g_assert_cmpint(status, ==, 422);
    g_assert_true(holds(text, "record:3:"));
    g_free(text);
    g_free(position);
    web_api_free(api);
}

static gpointer draw_reply(gpointer data)
{
    web_reply_draw(data);
    return NULL;
}

// With defer_pictures (the HTTP server's setting) a PNG's answer holds its picture undrawn,
// and drawing it on another thread needs nothing of the API: the session is closed and the
// API freed before the picture is drawn.
static void test_deferred_picture(void)
{
    WebApiOptions o;
    web_api_options_default(&o, games);
    o.threads = 0;
    o.hash_mib = 1;
    o.defer_pictures = true;
    WebApi *api = web_api_new(&o, NULL, NULL);
    char id[33], path[80];
    request(api, "POST", "/api/sessions", "{}", 201, id);
    g_snprintf(path, sizeof path, "/api/sessions/%s/png", id);
    WebReply bad, r;
    web_api_handle(api, "GET", path, "ply=3", "", 0, &bad);
    g_assert_cmpint(bad.status, ==, 400); // refusals are not deferred
    g_assert_null(bad.picture);
    web_reply_clear(&bad);
    web_api_handle(api, "GET", path, "width=64", "", 0, &r);
    g_assert_nonnull(r.picture);
    g_assert_null(r.body);
    g_assert_cmpint(r.status, ==, 0);
    g_snprintf(path, sizeof path, "/api/sessions/%s/close", id);
    request(api, "POST", path, "{}", 200, NULL);
    web_api_free(api);
    g_thread_join(g_thread_new("draw", draw_reply, &r));
    g_assert_cmpint(r.status, ==, 200);
    g_assert_cmpstr(r.type, ==, "image/png");
    g_assert_null(r.picture);
    gsize n = 0;
    const unsigned char *png = g_bytes_get_data(r.body, &n);
    g_assert_cmpuint(n, >, 8);
    g_assert_cmpmem(png, 4, "\x89PNG", 4);
    g_assert_cmpstr(r.filename, ==, "sumito-move-0.png");
    web_reply_clear(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/web-api/free-detaches", test_free_detaches);
    g_test_add_func("/abalone/web-api/one-value", test_one_value);
    g_test_add_func("/abalone/web-api/deferred-picture", test_deferred_picture);
    g_test_add_func("/abalone/web-api/record-review", test_record_review);
    return g_test_run();
}
