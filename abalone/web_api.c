// SPDX-License-Identifier: MIT
// The web server's API (abalone/web_api.h): routing, argument checking, the session table
// with its cap and idle expiry, the JSON answers, and the page, embedded in the binary from
// abalone/web/ (the HTML, the script that draws the board in SVG and talks to the API, the
// style sheet; nothing of it is fetched from anywhere else).
#include "abalone/web_api.h"

#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "abalone/notation.h"
#include "abalone/render.h"
#include "abalone/web_json.h"
#include "core/embed.h"

EMBED_FILE(web_index_html, "abalone/web/index.html");
EMBED_FILE(web_app_js, "abalone/web/app.js");
EMBED_FILE(web_board_js, "abalone/web/board.js");
EMBED_FILE(web_style_css, "abalone/web/style.css");

typedef struct {
    const char *path, *type;
    const unsigned char *start, *end;
} PageFile;

GBytes *web_page_file(const char *path, const char **type)
{
    const PageFile files[] = {
        {"/", "text/html; charset=utf-8", web_index_html, web_index_html_end},
        {"/index.html", "text/html; charset=utf-8", web_index_html, web_index_html_end},
        {"/app.js", "text/javascript; charset=utf-8", web_app_js, web_app_js_end},
        {"/board.js", "text/javascript; charset=utf-8", web_board_js, web_board_js_end},
        {"/style.css", "text/css; charset=utf-8", web_style_css, web_style_css_end},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++)
        if (strcmp(path, files[i].path) == 0) {
            *type = files[i].type;
            return g_bytes_new_static(files[i].start, (size_t)(files[i].end - files[i].start));
        }
    return NULL;
}

struct WebApi {
    WebApiOptions opt;
    GHashTable *sessions; // id -> WebSession *
    WebPool *pool;
    WebApiNotifyFn notify;
    void *user;
};

void web_api_options_default(WebApiOptions *o)
{
    *o = (WebApiOptions){.threads = 1, .max_sessions = 16, .idle_seconds = 1800, .hash_mib = 16};
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
    abalone_init();
    WebApi *api = g_new0(WebApi, 1);
    api->opt = *o;
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
    if (r->picture) web_picture_free(r->picture);
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
// Arguments of a new game.

static bool parse_engine(JsonObject *o, const char *key, WebEngineConfig *e, GError **err)
{
    static const char *const known[] = {"rankcut", "eval", NULL};
    JsonObject *c = NULL;
    const char *eval = NULL;
    char where[32];
    snprintf(where, sizeof where, "'%s'", key);
    if (!web_json_get_object(o, key, &c, err)) return false;
    if (!c) return true;
    if (!web_json_check_keys(c, known, where, err) ||
        !web_json_get_bool(c, "rankcut", &e->rankcut, err) ||
        !web_json_get_string(c, "eval", 16, &eval, err))
        return false;
    if (eval && strcmp(eval, "net") && strcmp(eval, "hce")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument 'eval' in %s must be \"net\" or \"hce\"", where);
        return false;
    }
    if (eval) e->eval = strcmp(eval, "hce") == 0 ? ABALONE_EVAL_HCE : ABALONE_EVAL_NET;
    return true;
}

static bool parse_colour(const char *text, const char *key, int *c, GError **err)
{
    if (!text) return true;
    if (strcmp(text, "black") && strcmp(text, "white")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument '%s' must be \"black\" or \"white\"", key);
        return false;
    }
    *c = strcmp(text, "white") == 0;
    return true;
}

static bool parse_start(JsonObject *o, WebGameOptions *g, GError **err)
{
    const char *layout = NULL, *position = NULL;
    if (!web_json_get_string(o, "layout", 15, &layout, err) ||
        !web_json_get_string(o, "position", ABALONE_POSITION_TEXT, &position, err))
        return false;
    if (layout && position) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "give a layout or a position, not both");
        return false;
    }
    if (layout && !abalone_board_set_layout(&g->start, layout)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "unknown layout (standard, belgian, german, dutch or swiss)");
        return false;
    }
    if (layout) g_strlcpy(g->layout, layout, sizeof g->layout);
    if (position) {
        GError *e = NULL;
        if (!abalone_position_parse(&g->start, position, &e)) {
            g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "position: %s", e->message);
            g_error_free(e);
            return false;
        }
        g->layout[0] = '\0';
    }
    return true;
}

static bool parse_game(JsonObject *o, WebGameOptions *g, GError **err)
{
    const char *mode = NULL, *human = NULL;
    if (!web_json_get_string(o, "mode", 8, &mode, err) ||
        !web_json_get_string(o, "human", 8, &human, err) ||
        !parse_colour(human, "human", &g->human, err) ||
        !web_json_get_double(o, "time", 0.01, 60, &g->movetime, err) ||
        !web_json_get_int(o, "move_cap", 0, 1000, &g->move_cap, err) || !parse_start(o, g, err))
        return false;
    if (mode && strcmp(mode, "play") && strcmp(mode, "watch")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument 'mode' must be \"play\" or \"watch\"");
        return false;
    }
    if (mode) g->mode = strcmp(mode, "watch") == 0 ? WEB_MODE_WATCH : WEB_MODE_PLAY;
    // "engine" configures the engine of a game against a person (the colour it plays).
    if (!parse_engine(o, "engine", &g->engine[!g->human], err) ||
        !parse_engine(o, "black", &g->engine[0], err) ||
        !parse_engine(o, "white", &g->engine[1], err))
        return false;
    return true;
}

static const char *const game_keys[] = {"mode",     "human",  "layout", "position", "time",
                                        "move_cap", "engine", "black",  "white",    NULL};

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

static void create_session(WebApi *api, JsonObject *args, WebReply *out)
{
    if (web_api_sessions(api) >= api->opt.max_sessions) web_api_expire(api);
    if (web_api_sessions(api) >= api->opt.max_sessions) {
        char *msg = g_strdup_printf("too many sessions (%d at most); close one or try later",
                                    api->opt.max_sessions);
        reply_error(out, WEB_ERROR_FULL, msg);
        g_free(msg);
        return;
    }
    char id[33];
    new_id(id);
    WebSession *s = web_session_new(id, api->pool, api->opt.hash_mib, on_session_event, api);
    WebGameOptions g = s->opt;
    GError *err = NULL;
    if (!parse_game(args, &g, &err) || !web_session_new_game(s, &g, &err)) {
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
    static const char *const none[] = {NULL}, *const move_keys[] = {"move", NULL};
    GError *err = NULL;
    bool ok = false;
    if (strcmp(action, "new") == 0) {
        WebGameOptions g = s->opt;
        ok = web_json_check_keys(args, game_keys, NULL, &err) && parse_game(args, &g, &err) &&
             web_session_new_game(s, &g, &err);
    } else if (strcmp(action, "move") == 0) {
        const char *text = NULL;
        ok = web_json_check_keys(args, move_keys, NULL, &err) &&
             web_json_get_string(args, "move", 16, &text, &err);
        if (ok && !text)
            ok = false,
            g_set_error(&err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "argument 'move' is missing");
        ok = ok && web_session_play(s, text, &err);
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
    GBytes *png = web_picture_draw(r->picture, &err);
    web_picture_free(r->picture);
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
        reply_take(out, 200, "text/plain; charset=utf-8", web_session_record(s));
        out->filename = g_strdup("sumito-game.txt");
    } else if (strcmp(what, "png") == 0) {
        int ply = abalone_game_length(&s->rec.game), width = ABALONE_RENDER_DEFAULT_WIDTH;
        GError *err = NULL;
        WebPicture *pic = NULL;
        if (query_int(query, "ply", 0, 100000, &ply, &err) &&
            query_int(query, "width", ABALONE_RENDER_MIN_WIDTH, 2048, &width, &err))
            pic = web_session_picture(s, ply, width, &err);
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

// The board's geometry and colours as the PNG renderer has them, in units of the distance
// between neighbouring cells, for the page's SVG.
static char *style_json(void)
{
    AbaloneRenderLayout lay;
    abalone_render_layout(1000, false, &lay, NULL);
    const AbaloneRenderStyle *st = abalone_render_style_default();
    double s = lay.cell;
    GString *out = g_string_new("{\"units\":{");
    g_string_append_printf(out,
                           "\"frame\":%.4f,\"surface\":%.4f,\"marble\":%.4f,\"hole\":%.4f,"
                           "\"tray_marble\":%.4f,\"width\":%.4f,\"height\":%.4f},\"trays\":[",
                           lay.frame_apothem / s, lay.surface_apothem / s, lay.marble_radius / s,
                           lay.hole_radius / s, lay.tray_radius / s, lay.width / s, lay.height / s);
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < 6; k++) {
            double x, y;
            abalone_render_tray_xy(&lay, c, k, &x, &y);
            g_string_append_printf(out, "%s[%.4f,%.4f]", c || k ? "," : "", (x - lay.cx) / s,
                                   (y - lay.cy) / s);
        }
    const RasterColor *cols[] = {&st->background, &st->frame, &st->surface,   &st->hole,
                                 &st->label,      &st->text,  &st->marble[0], &st->marble[1],
                                 &st->last_move,  &st->pv[0], &st->pv[1]};
    const char *names[] = {"background", "frame", "surface",   "hole",     "label",   "text",
                           "black",      "white", "last_move", "pv_mover", "pv_other"};
    g_string_append(out, "],\"colours\":{");
    for (int i = 0; i < 11; i++)
        g_string_append_printf(out, "%s\"%s\":\"#%02x%02x%02x\"", i ? "," : "", names[i],
                               cols[i]->r, cols[i]->g, cols[i]->b);
    g_string_append(out, "}}");
    return g_string_free(out, FALSE);
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
static JsonObject *post_args(const char *body, size_t len, JsonParser **parser, WebReply *out)
{
    static const char *const any[] = {"mode",   "human", "layout", "position", "time", "move_cap",
                                      "engine", "black", "white",  "move",     NULL};
    GError *err = NULL;
    if (len > WEB_MAX_BODY) {
        char *msg = g_strdup_printf("the body is %zu bytes, more than %d", len, WEB_MAX_BODY);
        reply_error(out, WEB_ERROR_TOO_LARGE, msg);
        g_free(msg);
        return NULL;
    }
    JsonObject *o = web_json_parse_args(body, len, any, parser, &err);
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
        JsonObject *args = s && post ? post_args(body, len, &parser, out) : NULL;
        if (s && get)
            session_get(s, action, query, api->opt.defer_pictures, out);
        else if (args)
            session_action(api, s, action, args, out);
        if (parser) g_object_unref(parser);
    }
    g_strfreev(parts);
}

static void api_route(WebApi *api, const char *method, const char *path, const char *query,
                      const char *body, size_t len, WebReply *out)
{
    if (strcmp(path, "/api/style") == 0) {
        if (is_get(method))
            reply_take(out, 200, "application/json", style_json());
        else
            reply_error(out, 405, "method not allowed");
    } else if (strcmp(path, "/api/sessions") == 0) {
        JsonParser *parser = NULL;
        JsonObject *args = is_post(method) ? post_args(body, len, &parser, out) : NULL;
        if (!is_post(method))
            reply_error(out, 405, "method not allowed (POST creates a session)");
        else if (args) {
            GError *err = NULL;
            if (web_json_check_keys(args, game_keys, NULL, &err))
                create_session(api, args, out);
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
    const char *type;
    GBytes *file = web_page_file(path, &type);
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
