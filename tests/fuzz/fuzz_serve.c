// SPDX-License-Identifier: MIT
// Fuzzing target: the web server's request handlers (core/web/web_api.h), everything that
// sumito serve does with a request but the HTTP parsing of libsoup. An input is a sequence of
// requests separated by lines "--": each a first line "METHOD PATH[?QUERY]" and a body (the
// rest). "$ID" in a path stands for the session the last POST /api/sessions created, so that
// the session handlers are reached. Searches are queued and never run (no search threads):
// the handlers are fuzzed, not the search; pictures are drawn 64 pixels wide
// (cap_picture_width).
#include <stdbool.h>
#include <string.h>

#include "abalone/web.h"
#include "go/web.h"
#include "core/web/web_api.h"
#include "tests/fuzz/fuzz.h"

static const WebGame *const games[] = {&abalone_web_game, &go_web_game, NULL};

// The id of the session an answer created, from its "id" field.
static void take_id(const WebReply *r, char id[33])
{
    gsize n = 0;
    const char *body = r->body ? g_bytes_get_data(r->body, &n) : NULL;
    if (r->status != 201 || !body || n < 40 || strncmp(body, "{\"id\":\"", 7) != 0) return;
    memcpy(id, body + 7, 32);
    id[32] = '\0';
}

// Pictures are drawn at the smallest width the handler accepts, 64 pixels, whatever the
// request asks (800 without a width): drawing and compressing larger ones took most of an
// execution's time, and the drawing is not what this target fuzzes. The query is read as the
// handler reads it (g_uri_parse_params, so escaped keys count); when the width it would draw
// is above 64 (given within 65..2048, or not given), every width parameter is dropped and
// "width=64" added. A width the handler refuses, or a malformed query, is kept as it is, so
// that the refusal is still reached.
static void cap_picture_width(GString *path)
{
    char *q = strchr(path->str, '?');
    size_t base = q ? (size_t)(q - path->str) : path->len;
    if (base < 4 || memcmp(path->str + base - 4, "/png", 4) != 0) return;
    if (!q) {
        g_string_append(path, "?width=64");
        return;
    }
    GHashTable *params = g_uri_parse_params(q + 1, -1, "&", G_URI_PARAMS_NONE, NULL);
    if (!params) return;
    const char *w = g_hash_table_lookup(params, "width");
    gint64 x = 0;
    bool cap = !w || g_ascii_string_to_signed(w, 10, 65, 2048, &x, NULL);
    g_hash_table_unref(params);
    if (!cap) return;
    char **tokens = g_strsplit(q + 1, "&", -1);
    GString *kept = g_string_new(NULL);
    for (char **t = tokens; *t; t++) {
        const char *eq = strchr(*t, '=');
        char *raw = g_strndup(*t, eq ? (size_t)(eq - *t) : strlen(*t));
        char *key = g_uri_unescape_string(raw, NULL);
        if (!key || strcmp(key, "width") != 0) g_string_append_printf(kept, "%s&", *t);
        g_free(key);
        g_free(raw);
    }
    g_string_append(kept, "width=64");
    g_string_truncate(path, base + 1);
    g_string_append(path, kept->str);
    g_string_free(kept, TRUE);
    g_strfreev(tokens);
}

static void run_request(WebApi *api, const char *req, size_t len, char id[33])
{
    const char *nl = memchr(req, '\n', len);
    size_t head_len = nl ? (size_t)(nl - req) : len;
    char *head = g_strndup(req, head_len);
    const char *body = nl ? nl + 1 : req + len;
    size_t body_len = len - (size_t)(body - req);
    char *space = strchr(head, ' ');
    if (space) {
        *space = '\0';
        GString *path = g_string_new(space + 1);
        g_string_replace(path, "$ID", id, 0);
        cap_picture_width(path);
        char *query = strchr(path->str, '?');
        if (query) *query++ = '\0';
        WebReply r;
        web_api_handle(api, head, path->str, query, body, body_len, &r);
        if (r.status < 200 || r.status > 599 || !r.body || !r.type) __builtin_trap();
        if (strcmp(head, "POST") == 0 && strcmp(path->str, "/api/sessions") == 0) take_id(&r, id);
        web_reply_clear(&r);
        web_api_dispatch(api);
        g_string_free(path, TRUE);
    }
    g_free(head);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 200000) return 0;
    WebApiOptions o;
    web_api_options_default(&o, games);
    o.threads = 0;
    o.max_sessions = 3;
    o.hash_mib = 1;
    WebApi *api = web_api_new(&o, NULL, NULL);
    char id[33] = "00000000000000000000000000000000";
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *sep = memmem(p, (size_t)(end - p), "\n--\n", 4);
        size_t len = sep ? (size_t)(sep - p) : (size_t)(end - p);
        run_request(api, p, len, id);
        p += len + (sep ? 4 : 0);
    }
    web_api_free(api);
    return 0;
}
