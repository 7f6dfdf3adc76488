// SPDX-License-Identifier: MIT
// Fuzzing target: the web server's request handlers (abalone/web_api.h), everything that
// sumito serve does with a request but the HTTP parsing of libsoup. An input is a sequence of
// requests separated by lines "--": each a first line "METHOD PATH[?QUERY]" and a body (the
// rest). "$ID" in a path stands for the session the last POST /api/sessions created, so that
// the session handlers are reached. Searches are queued and never run (no search threads):
// the handlers are fuzzed, not the search; pictures are drawn 64 pixels wide
// (cap_picture_width).
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/web_api.h"
#include "tests/fuzz/fuzz.h"

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
// execution's time, and the drawing is not what this target fuzzes. A width given as plain
// digits from 65 to 2048 becomes 64; one the handler refuses (out of range, not a number) is
// kept, so that its refusal is still reached; a query without a width gets one.
static void cap_picture_width(GString *path)
{
    char *q = strchr(path->str, '?');
    size_t base = q ? (size_t)(q - path->str) : path->len;
    if (base < 4 || memcmp(path->str + base - 4, "/png", 4) != 0) return;
    if (!q) {
        g_string_append(path, "?width=64");
        return;
    }
    char **params = g_strsplit(q + 1, "&", -1);
    bool has_width = false;
    for (char **p = params; *p; p++) {
        if (!g_str_has_prefix(*p, "width=")) continue;
        has_width = true;
        const char *v = *p + 6;
        size_t n = strlen(v);
        if (n == 0 || n > 4 || strspn(v, "0123456789") != n) continue;
        int w = atoi(v);
        if (w > 64 && w <= 2048) {
            g_free(*p);
            *p = g_strdup("width=64");
        }
    }
    char *joined = g_strjoinv("&", params);
    g_string_truncate(path, base + 1);
    g_string_append(path, joined);
    if (!has_width) g_string_append(path, "&width=64");
    g_free(joined);
    g_strfreev(params);
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
    web_api_options_default(&o);
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
