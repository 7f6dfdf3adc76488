// SPDX-License-Identifier: MIT
// The web server's API (core/web/web_api.h): routing, argument checking, the session table
// with its cap and idle expiry, the JSON answers, and the games' pages, each embedded in the
// binary by its game (nothing of them is fetched from anywhere else).
#include "core/web/web_api.h"

#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "core/web/web_json.h"

struct WebApi {
    WebApiOptions opt;
    GPtrArray *keys;      // every argument a POST may have, of every game (NULL-ended)
    GHashTable *sessions; // id -> WebSession *
    WebPool *pool;
    WebApiNotifyFn notify;
    void *user;
};

void web_api_options_default(WebApiOptions *o, const WebGame *const *games)
{
    *o = (WebApiOptions){
        .threads = 1, .max_sessions = 16, .idle_seconds = 1800, .hash_mib = 16, .games = games};
}

static void add_key(GPtrArray *keys, const char *key)
{
    for (guint i = 0; i < keys->len; i++)
        if (strcmp(keys->pdata[i], key) == 0) return;
    g_ptr_array_add(keys, (char *)key);
}

static void on_session_event(WebSession *s, const char *event, const char *json, void *user)
{
    WebApi *api = user;
    if (api->notify) api->notify(s->id, event, json, api->user);
}

static void on_pool_event(const WebEvent *ev, void *user)
{
    (void)user;
    web_session_on_event(ev->job->owner, ev);
}

WebApi *web_api_new(const WebApiOptions *o, WebApiNotifyFn notify, void *user)
{
    WebApi *api = g_new0(WebApi, 1);
    api->opt = *o;
    api->keys = g_ptr_array_new();
    add_key(api->keys, "game");
    add_key(api->keys, "move");
    add_key(api->keys, "ply");
    for (const WebGame *const *g = o->games; *g; g++) {
        if ((*g)->init) (*g)->init();
        for (const char *const *k = (*g)->game_keys; *k; k++) add_key(api->keys, *k);
    }
    g_ptr_array_add(api->keys, NULL);
    api->sessions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    api->pool = web_pool_new(o->threads, on_pool_event, api);
    api->notify = notify;
    api->user = user;
    return api;
}

void web_api_free(WebApi *api)
{
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init(&it, api->sessions);
    while (g_hash_table_iter_next(&it, NULL, &value)) web_session_close(value);
    g_hash_table_remove_all(api->sessions);
    web_pool_free(api->pool); // hands back the cancelled searches, which free their sessions
    g_hash_table_destroy(api->sessions);
    g_ptr_array_free(api->keys, TRUE);
    g_free(api);
}

int web_api_dispatch(WebApi *api)
{
    return web_pool_dispatch(api->pool);
}

int web_api_sessions(WebApi *api)
{
    return (int)g_hash_table_size(api->sessions);
}

void web_reply_clear(WebReply *r)
{
    if (r->body) g_bytes_unref(r->body);
    if (r->picture) {
        r->picture->free(r->picture->data);
        g_free(r->picture);
    }
    g_free(r->filename);
    memset(r, 0, sizeof *r);
}

static void reply_take(WebReply *out, int status, const char *type, char *text)
{
    out->status = status;
    out->type = type;
    out->body = g_bytes_new_take(text, strlen(text));
}

static void reply_error(WebReply *out, int status, const char *message)
{
    GString *s = g_string_new("{\"error\":");
    web_json_string(s, message);
    g_string_append_printf(s, ",\"status\":%d}", status);
    reply_take(out, status, "application/json", g_string_free(s, FALSE));
}

static void reply_gerror(WebReply *out, GError *err)
{
    int code = err->domain == WEB_ERROR ? err->code : WEB_ERROR_BAD_REQUEST;
    reply_error(out, code, err->message);
    g_error_free(err);
}

// The session a path names, or NULL with a 404 answer.
static WebSession *find_session(WebApi *api, const char *id, WebReply *out)
{
    WebSession *s = g_hash_table_lookup(api->sessions, id);
    if (s) {
        s->last_used_us = g_get_monotonic_time();
        return s;
    }
    char *msg = g_strdup_printf("no session '%.40s' (it may have expired)", id);
    reply_error(out, 404, msg);
    g_free(msg);
    return NULL;
}

bool web_api_listen(WebApi *api, const char *id, char **state, WebReply *out)
{
    WebSession *s = find_session(api, id, out);
    if (!s) return false;
    s->listeners++;
    *state = web_session_state(s);
    return true;
}

void web_api_unlisten(WebApi *api, const char *id)
{
    WebSession *s = g_hash_table_lookup(api->sessions, id);
    if (!s) return;
    if (s->listeners > 0) s->listeners--;
    s->last_used_us = g_get_monotonic_time();
}

static void close_session(WebApi *api, WebSession *s)
{
    char *id = g_strdup(s->id);
    if (api->notify) api->notify(id, "closed", "{}", api->user);
    g_hash_table_remove(api->sessions, id); // before the close, which may free s
    web_session_close(s);
    g_free(id);
}

int web_api_expire(WebApi *api)
{
    int64_t now = g_get_monotonic_time(), limit = (int64_t)api->opt.idle_seconds * 1000000;
    GPtrArray *old = g_ptr_array_new();
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init(&it, api->sessions);
    while (g_hash_table_iter_next(&it, NULL, &value)) {
        WebSession *s = value;
        if (s->listeners == 0 && now - s->last_used_us > limit) g_ptr_array_add(old, s);
    }
    for (guint i = 0; i < old->len; i++) close_session(api, old->pdata[i]);
    int n = (int)old->len;
    g_ptr_array_free(old, TRUE);
    return n;
}

// ----------------------------------------------------------------------------------------
// The game of a new session.

// The game the arguments name ("game", the first game without it), or NULL with an error.
static const WebGame *find_game(WebApi *api, JsonObject *args, GError **err)
{
    const char *name = NULL;
    if (!web_json_get_string(args, "game", 16, &name, err)) return NULL;
    if (!name) return api->opt.games[0];
    GString *names = g_string_new(NULL);
    for (const WebGame *const *g = api->opt.games; *g; g++) {
        if (strcmp((*g)->name, name) == 0) {
            g_string_free(names, TRUE);
            return *g;
        }
        g_string_append_printf(names, "%s\"%s\"", names->len ? " or " : "", (*g)->name);
    }
    g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument 'game' must be %s", names->str);
    g_string_free(names, TRUE);
    return NULL;
}

// The arguments of a new game of s's game: its own keys, and "game" naming it.
static bool check_game_keys(const WebGame *game, JsonObject *args, GError **err)
{
    GPtrArray *keys = g_ptr_array_new();
    g_ptr_array_add(keys, "game");
    for (const char *const *k = game->game_keys; *k; k++) g_ptr_array_add(keys, (char *)*k);
    g_ptr_array_add(keys, NULL);
    bool ok = web_json_check_keys(args, (const char *const *)keys->pdata, NULL, err);
    g_ptr_array_free(keys, TRUE);
    const char *name = NULL;
    if (ok && web_json_get_string(args, "game", 16, &name, err) && name &&
        strcmp(name, game->name) != 0) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "this session plays %s: a game of %.16s needs a new session", game->name, name);
        return false;
    }
    return ok && !(err && *err);
}

// ----------------------------------------------------------------------------------------
// Requests.

static void reply_state(WebReply *out, int status, const WebSession *s)
{
    reply_take(out, status, "application/json", web_session_state(s));
}

static void new_id(char id[33])
{
    uint8_t raw[16];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        for (int i = 0; i < 16; i++) raw[i] = (uint8_t)g_random_int();
    for (int i = 0; i < 16; i++) snprintf(id + 2 * i, 3, "%02x", raw[i]);
}

static void create_session(WebApi *api, const WebGame *game, JsonObject *args, WebReply *out)
{
    if (web_api_sessions(api) >= api->opt.max_sessions) web_api_expire(api);
    if (web_api_sessions(api) >= api->opt.max_sessions) {
        char *msg = g_strdup_printf("too many sessions (%d at most); close one or try later",
                                    api->opt.max_sessions);
        reply_error(out, WEB_ERROR_FULL, msg);
        g_free(msg);
        return;
    }
    GError *err = NULL;
    char id[33];
    new_id(id);
    WebSession *s = web_session_new(id, game, api->pool, api->opt.hash_mib, on_session_event, api);
    if (!web_session_new_game(s, args, &err)) {
        web_session_close(s);
        reply_gerror(out, err);
        return;
    }
    g_hash_table_insert(api->sessions, g_strdup(id), s);
    reply_state(out, 201, s);
}

// POST /api/sessions/ID/ACTION with its arguments.
static void session_action(WebApi *api, WebSession *s, const char *action, JsonObject *args,
                           WebReply *out)
{
    static const char *const none[] = {NULL}, *const move_keys[] = {"move", NULL},
                             *const goto_keys[] = {"ply", NULL};
    GError *err = NULL;
    bool ok = false;
    if (strcmp(action, "new") == 0) {
        ok = check_game_keys(s->game, args, &err) && web_session_new_game(s, args, &err);
    } else if (strcmp(action, "move") == 0) {
        const char *text = NULL;
        ok = web_json_check_keys(args, move_keys, NULL, &err) &&
             web_json_get_string(args, "move", 16, &text, &err);
        if (ok && !text)
            ok = false,
            g_set_error(&err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument 'move' is missing");
        ok = ok && web_session_play(s, text, &err);
    } else if (strcmp(action, "analyse") == 0 && s->game->analyse) {
        ok = web_json_check_keys(args, none, NULL, &err) && web_session_analyse(s, &err);
    } else if (strcmp(action, "goto") == 0 && s->game->goto_ply) {
        int ply = -1;
        ok = web_json_check_keys(args, goto_keys, NULL, &err) &&
             web_json_get_int(args, "ply", 0, 100000, &ply, &err);
        if (ok && ply < 0)
            ok = false,
            g_set_error(&err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument 'ply' is missing");
        ok = ok && web_session_goto(s, ply, &err);
    } else if (strcmp(action, "undo") == 0 || strcmp(action, "resign") == 0 ||
               strcmp(action, "close") == 0) {
        ok = web_json_check_keys(args, none, NULL, &err);
        if (ok && action[0] == 'c') {
            close_session(api, s);
            reply_take(out, 200, "application/json", g_strdup("{\"closed\":true}"));
            return;
        }
        if (ok) ok = action[0] == 'u' ? web_session_undo(s, &err) : web_session_resign(s, &err);
    } else {
        reply_error(out, 404, "unknown action");
        return;
    }
    if (ok)
        reply_state(out, 200, s);
    else
        reply_gerror(out, err);
}

void web_reply_draw(WebReply *r)
{
    if (!r->picture) return;
    GError *err = NULL;
    WebPicture *p = r->picture;
    GBytes *png = p->draw(p->data, &err);
    p->free(p->data);
    g_free(p);
    r->picture = NULL;
    if (!png) {
        g_free(r->filename);
        r->filename = NULL;
        reply_gerror(r, err);
        return;
    }
    r->status = 200;
    r->type = "image/png";
    r->body = png;
}

// A query's integer argument: absent leaves *v, bad sets an error.
static bool query_int(const char *query, const char *key, int lo, int hi, int *v, GError **err)
{
    if (!query) return true;
    GHashTable *q = g_uri_parse_params(query, -1, "&", G_URI_PARAMS_NONE, NULL);
    if (!q) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "malformed query");
        return false;
    }
    const char *text = g_hash_table_lookup(q, key);
    bool ok = true;
    if (text) {
        gint64 x;
        ok = g_ascii_string_to_signed(text, 10, lo, hi, &x, NULL);
        if (ok)
            *v = (int)x;
        else
            g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                        "'%s' must be an integer from %d to %d", key, lo, hi);
    }
    g_hash_table_unref(q);
    return ok;
}

static void session_get(WebSession *s, const char *what, const char *query, bool defer,
                        WebReply *out)
{
    if (!what) {
        reply_state(out, 200, s);
    } else if (strcmp(what, "record") == 0) {
        reply_take(out, 200, s->game->record_type, s->game->record(s));
        out->filename = g_strdup(s->game->record_name);
    } else if (strcmp(what, "png") == 0) {
        int ply = s->game->length(s), width = s->game->picture_default_width;
        GError *err = NULL;
        WebPicture *pic = NULL;
        if (query_int(query, "ply", 0, 100000, &ply, &err) &&
            query_int(query, "width", s->game->picture_min_width, 2048, &width, &err))
            pic = s->game->picture(s, ply, width, query, &err);
        if (!pic) {
            reply_gerror(out, err);
            return;
        }
        out->picture = pic;
        out->filename = g_strdup_printf("sumito-move-%d.png", ply);
        if (!defer) web_reply_draw(out);
    } else {
        reply_error(out, 404, "unknown resource");
    }
}

static bool is_post(const char *method)
{
    return strcmp(method, "POST") == 0;
}

static bool is_get(const char *method)
{
    return strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
}

// The arguments of a POST: NULL with the answer set when they are refused.
static JsonObject *post_args(WebApi *api, const char *body, size_t len, JsonParser **parser,
                             WebReply *out)
{
    GError *err = NULL;
    if (len > WEB_MAX_BODY) {
        char *msg = g_strdup_printf("the body is %zu bytes, more than %d", len, WEB_MAX_BODY);
        reply_error(out, WEB_ERROR_TOO_LARGE, msg);
        g_free(msg);
        return NULL;
    }
    JsonObject *o =
        web_json_parse_args(body, len, (const char *const *)api->keys->pdata, parser, &err);
    if (!o) reply_gerror(out, err);
    return o;
}

static void api_sessions(WebApi *api, const char *method, const char *rest, const char *query,
                         const char *body, size_t len, WebReply *out)
{
    char **parts = g_strsplit(rest, "/", 3);
    int n = (int)g_strv_length(parts);
    const char *action = n >= 2 ? parts[1] : NULL;
    bool post = is_post(method), get = is_get(method);
    bool events = action && strcmp(action, "events") == 0;
    if (n == 0 || n > 2 || !parts[0][0] || (action && !action[0]) || events) {
        // GET .../events is the HTTP glue's (a stream); anything else there is refused.
        reply_error(out, events && !get ? 405 : 404,
                    events && !get ? "events are read with GET" : "unknown resource");
    } else if (!(post && action) &&
               !(get && (!action || strcmp(action, "record") == 0 || strcmp(action, "png") == 0))) {
        reply_error(out, post || get ? 404 : 405,
                    post || get ? "unknown resource" : "method not allowed");
    } else {
        WebSession *s = find_session(api, parts[0], out);
        JsonParser *parser = NULL;
        JsonObject *args = s && post ? post_args(api, body, len, &parser, out) : NULL;
        if (s && get)
            session_get(s, action, query, api->opt.defer_pictures, out);
        else if (args)
            session_action(api, s, action, args, out);
        if (parser) g_object_unref(parser);
    }
    g_strfreev(parts);
}

// GET /api/style[?game=NAME]: the style of the game named (the first without one).
static void api_style(WebApi *api, const char *method, const char *query, WebReply *out)
{
    GHashTable *q = query ? g_uri_parse_params(query, -1, "&", G_URI_PARAMS_NONE, NULL) : NULL;
    const char *name = q ? g_hash_table_lookup(q, "game") : NULL;
    const WebGame *game = name ? NULL : api->opt.games[0];
    for (const WebGame *const *g = api->opt.games; name && *g && !game; g++)
        if (strcmp((*g)->name, name) == 0) game = *g;
    if (!is_get(method))
        reply_error(out, 405, "method not allowed");
    else if (query && !q)
        reply_error(out, 400, "malformed query");
    else if (!game)
        reply_error(out, 404, "no such game");
    else
        reply_take(out, 200, "application/json", game->style_json());
    if (q) g_hash_table_unref(q);
}

static void api_route(WebApi *api, const char *method, const char *path, const char *query,
                      const char *body, size_t len, WebReply *out)
{
    if (strcmp(path, "/api/style") == 0) {
        api_style(api, method, query, out);
    } else if (strcmp(path, "/api/sessions") == 0) {
        JsonParser *parser = NULL;
        JsonObject *args = is_post(method) ? post_args(api, body, len, &parser, out) : NULL;
        if (!is_post(method))
            reply_error(out, 405, "method not allowed (POST creates a session)");
        else if (args) {
            GError *err = NULL;
            const WebGame *game = find_game(api, args, &err);
            if (game && check_game_keys(game, args, &err))
                create_session(api, game, args, out);
            else
                reply_gerror(out, err);
        }
        if (parser) g_object_unref(parser);
    } else if (g_str_has_prefix(path, "/api/sessions/")) {
        api_sessions(api, method, path + strlen("/api/sessions/"), query, body, len, out);
    } else {
        reply_error(out, 404, "unknown resource");
    }
}

void web_api_handle(WebApi *api, const char *method, const char *path, const char *query,
                    const char *body, size_t len, WebReply *out)
{
    memset(out, 0, sizeof *out);
    if (g_str_has_prefix(path, "/api/") || strcmp(path, "/api") == 0) {
        api_route(api, method, path, query, body, len, out);
        return;
    }
    // "/go/app.js" is the file "/app.js" of the game go's page; the first game's page is at
    // the top.
    const char *type = NULL;
    const WebGame *game = api->opt.games[0];
    const char *file_path = path;
    for (const WebGame *const *g = api->opt.games + 1; *g; g++) {
        size_t n = strlen((*g)->name);
        if (path[0] == '/' && strncmp(path + 1, (*g)->name, n) == 0 && path[n + 1] == '/')
            game = *g, file_path = path + n + 1;
    }
    GBytes *file = game->page_file ? game->page_file(file_path, &type) : NULL;
    if (file && is_get(method)) {
        out->status = 200;
        out->type = type;
        out->body = file;
        return;
    }
    if (file) g_bytes_unref(file);
    reply_take(out, file ? 405 : 404, "text/plain; charset=utf-8",
               g_strdup(file ? "method not allowed\n" : "not found\n"));
}
