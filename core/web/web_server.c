// SPDX-License-Identifier: MIT
// The HTTP server of `sumito serve` (core/web/web_server.h): libsoup's handlers over the web
// API, the event streams of the sessions, the threads that draw pictures and the timer that
// expires idle sessions. Every answer closes its connection.
#include "core/web/web_server.h"

#include <glib-unix.h>
#include <libsoup/soup.h>
#include <string.h>

struct WebServer {
    WebApi *api;
    SoupServer *server;
    GHashTable *streams;   // session id -> GPtrArray of WebStream * (its open event streams)
    GThreadPool *painters; // draws the pictures (PaintJob), off the main loop
    int painting;          // pictures asked for and not yet answered
    GMainLoop *loop;
    unsigned ticks;
    int port; // the port asked for
};

// Pictures drawn at once. Drawing and compressing a 2048-pixel PNG takes a good part of a
// second (docs/serve.md), which the main loop would otherwise spend answering nobody.
#define WEB_SERVER_PAINTERS 2

// A picture on its way: drawn on a painter thread, answered on the main loop's.
typedef struct {
    WebServer *serve;
    SoupServerMessage *msg; // a reference, paused until the answer is set
    WebReply reply;         // with its picture until drawn
} PaintJob;

// An open event stream. libsoup does not read from a connection while its answer is paused,
// so a client that goes away unannounced would only be noticed at the next keep-alive line;
// the watch on the socket notices it at once.
typedef struct {
    WebServer *serve;
    SoupServerMessage *msg; // a reference, until the answer is finished
    char *id;
    GSource *watch; // the client's side readable: it hung up (it has nothing else to say)
    bool ended;
} WebStream;

static void stream_send(SoupServerMessage *msg, const char *text)
{
    SoupMessageBody *body = soup_server_message_get_response_body(msg);
    soup_message_body_append(body, SOUP_MEMORY_COPY, text, strlen(text));
    soup_server_message_unpause(msg);
}

static void stream_event(SoupServerMessage *msg, const char *event, const char *json)
{
    char *text = g_strdup_printf("event: %s\ndata: %s\n\n", event, json);
    stream_send(msg, text);
    g_free(text);
}

// The last chunk: libsoup finishes the answer and closes the connection.
static void stream_end(WebStream *st)
{
    if (st->ended) return;
    st->ended = true;
    soup_message_body_complete(soup_server_message_get_response_body(st->msg));
    soup_server_message_unpause(st->msg);
}

// A session's event for its streams; "closed" ends them.
static void on_notify(const char *id, const char *event, const char *json, void *user)
{
    WebServer *sv = user;
    GPtrArray *list = g_hash_table_lookup(sv->streams, id);
    for (guint i = 0; list && i < list->len; i++) {
        WebStream *st = list->pdata[i];
        if (st->ended) continue;
        stream_event(st->msg, event, json);
        if (strcmp(event, "closed") == 0) stream_end(st);
    }
}

static gboolean on_stream_hangup(GSocket *sock, GIOCondition cond, gpointer data)
{
    stream_end(data);
    return G_SOURCE_REMOVE;
}

static void stream_free(WebStream *st)
{
    g_signal_handlers_disconnect_matched(st->msg, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, st);
    if (st->watch) {
        g_source_destroy(st->watch);
        g_source_unref(st->watch);
    }
    g_object_unref(st->msg);
    g_free(st->id);
    g_free(st);
}

static void on_stream_finished(SoupServerMessage *msg, gpointer data)
{
    WebStream *st = data;
    WebServer *sv = st->serve;
    GPtrArray *list = g_hash_table_lookup(sv->streams, st->id);
    if (list && g_ptr_array_remove(list, st)) {
        web_api_unlisten(sv->api, st->id);
        if (list->len == 0) g_hash_table_remove(sv->streams, st->id);
    }
    stream_free(st);
}

static void set_reply(SoupServerMessage *msg, WebReply *r)
{
    SoupMessageHeaders *h = soup_server_message_get_response_headers(msg);
    soup_message_headers_replace(h, "Cache-Control", "no-store");
    soup_message_headers_replace(h, "X-Content-Type-Options", "nosniff");
    // One request a connection: libsoup 3.2 never closes a kept-alive connection that the
    // client drops between two requests, and so kept one file descriptor per connection.
    soup_message_headers_replace(h, "Connection", "close");
    soup_message_headers_replace(h, "Content-Security-Policy",
                                 "default-src 'self'; img-src 'self' data: blob:");
    if (r->filename) {
        char *cd = g_strdup_printf("attachment; filename=\"%s\"", r->filename);
        soup_message_headers_replace(h, "Content-Disposition", cd);
        g_free(cd);
    }
    gsize n = 0;
    const void *data = g_bytes_get_data(r->body, &n);
    soup_server_message_set_status(msg, (guint)r->status, NULL);
    soup_server_message_set_response(msg, r->type, SOUP_MEMORY_COPY, data, n);
}

// GET /api/sessions/ID/events: the state first, then every event of the session.
static void open_stream(WebServer *sv, SoupServerMessage *msg, const char *id)
{
    char *state = NULL;
    WebReply r;
    memset(&r, 0, sizeof r);
    if (!web_api_listen(sv->api, id, &state, &r)) {
        set_reply(msg, &r);
        web_reply_clear(&r);
        return;
    }
    SoupMessageHeaders *h = soup_server_message_get_response_headers(msg);
    soup_message_headers_set_encoding(h, SOUP_ENCODING_CHUNKED);
    soup_message_headers_replace(h, "Content-Type", "text/event-stream");
    soup_message_headers_replace(h, "Cache-Control", "no-store");
    soup_message_headers_replace(h, "Connection", "close");
    soup_server_message_set_status(msg, 200, NULL);
    GPtrArray *list = g_hash_table_lookup(sv->streams, id);
    if (!list) {
        list = g_ptr_array_new();
        g_hash_table_insert(sv->streams, g_strdup(id), list);
    }
    WebStream *st = g_new0(WebStream, 1);
    st->serve = sv;
    st->msg = g_object_ref(msg);
    st->id = g_strdup(id);
    g_ptr_array_add(list, st);
    g_signal_connect(msg, "finished", G_CALLBACK(on_stream_finished), st);
    GSocket *sock = soup_server_message_get_socket(msg);
    if (sock) {
        st->watch = g_socket_create_source(sock, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
        g_source_set_callback(st->watch, G_SOURCE_FUNC(on_stream_hangup), st, NULL);
        g_source_attach(st->watch, NULL);
    }
    soup_server_message_pause(msg);
    stream_event(msg, "state", state);
    g_free(state);
}

// On the main loop: the picture is drawn, its answer goes out.
static gboolean on_painted(gpointer data)
{
    PaintJob *job = data;
    set_reply(job->msg, &job->reply);
    soup_server_message_unpause(job->msg);
    job->serve->painting--;
    web_reply_clear(&job->reply);
    g_object_unref(job->msg);
    g_free(job);
    return G_SOURCE_REMOVE;
}

// On a painter thread: only the job's reply is touched.
static void paint(gpointer data, gpointer user)
{
    PaintJob *job = data;
    web_reply_draw(&job->reply);
    g_idle_add_full(G_PRIORITY_DEFAULT, on_painted, job, NULL);
}

static void on_request(SoupServer *server, SoupServerMessage *msg, const char *path,
                       GHashTable *query, gpointer data)
{
    WebServer *sv = data;
    const char *method = soup_server_message_get_method(msg);
    const char *prefix = "/api/sessions/", *suffix = "/events";
    if (strcmp(method, "GET") == 0 && g_str_has_prefix(path, prefix) &&
        g_str_has_suffix(path, suffix) && strlen(path) > strlen(prefix) + strlen(suffix)) {
        char *id = g_strndup(path + strlen(prefix), strlen(path) - strlen(prefix) - strlen(suffix));
        if (!strchr(id, '/')) {
            open_stream(sv, msg, id);
            g_free(id);
            return;
        }
        g_free(id);
    }
    SoupMessageBody *body = soup_server_message_get_request_body(msg);
    GBytes *bytes = soup_message_body_flatten(body);
    gsize n = 0;
    const char *b = g_bytes_get_data(bytes, &n);
    WebReply r;
    web_api_handle(sv->api, method, path, g_uri_get_query(soup_server_message_get_uri(msg)),
                   b ? b : "", n, &r);
    g_bytes_unref(bytes);
    if (r.picture) {
        PaintJob *job = g_new0(PaintJob, 1);
        job->serve = sv;
        job->msg = g_object_ref(msg);
        job->reply = r;
        sv->painting++;
        soup_server_message_pause(msg);
        g_thread_pool_push(sv->painters, job, NULL);
        return;
    }
    set_reply(msg, &r);
    web_reply_clear(&r);
}

// Before the body is read: a POST must say how long its body is, and no longer than the API
// takes. libsoup answers a refused request once its body has come (at once to a client that
// asked "Expect: 100-continue"), so the body of a refused one is read and dropped piece by
// piece rather than kept: before 2026-11-30 a body of 200 MiB announced and sent grew the
// server by 200 MiB before its 413.
static void on_early(SoupServer *server, SoupServerMessage *msg, const char *path,
                     GHashTable *query, gpointer data)
{
    SoupMessageHeaders *h = soup_server_message_get_request_headers(msg);
    SoupEncoding enc = soup_message_headers_get_encoding(h);
    goffset len = soup_message_headers_get_content_length(h);
    int status = 0;
    char *why = NULL;
    if (enc == SOUP_ENCODING_CHUNKED || enc == SOUP_ENCODING_EOF)
        status = 411, why = g_strdup("a request body must have a Content-Length");
    else if (enc == SOUP_ENCODING_CONTENT_LENGTH && len > WEB_MAX_BODY)
        status = 413, why = g_strdup_printf("the body is longer than %d bytes", WEB_MAX_BODY);
    if (!status) return;
    soup_message_body_set_accumulate(soup_server_message_get_request_body(msg), FALSE);
    char *json = g_strdup_printf("{\"error\":\"%s\",\"status\":%d}", why, status);
    g_free(why);
    soup_server_message_set_status(msg, (guint)status, NULL);
    soup_message_headers_replace(soup_server_message_get_response_headers(msg), "Connection",
                                 "close");
    soup_server_message_set_response(msg, "application/json", SOUP_MEMORY_TAKE, json, strlen(json));
}

// Every second: idle sessions expire; every 15 s a comment line on every stream keeps proxies
// from closing it and finds the closed ones.
static gboolean on_tick(gpointer data)
{
    WebServer *sv = data;
    web_api_expire(sv->api);
    if (++sv->ticks % 15) return G_SOURCE_CONTINUE;
    GHashTableIter it;
    gpointer value;
    g_hash_table_iter_init(&it, sv->streams);
    while (g_hash_table_iter_next(&it, NULL, &value)) {
        GPtrArray *list = value;
        for (guint i = 0; i < list->len; i++) {
            WebStream *st = list->pdata[i];
            if (!st->ended) stream_send(st->msg, ": keep-alive\n\n");
        }
    }
    return G_SOURCE_CONTINUE;
}

static gboolean on_signal(gpointer data)
{
    g_main_loop_quit(((WebServer *)data)->loop);
    return G_SOURCE_CONTINUE; // removed with the others when the loop has stopped
}

void web_server_run(WebServer *sv)
{
    sv->loop = g_main_loop_new(NULL, FALSE);
    guint tick = g_timeout_add_seconds(1, on_tick, sv);
    guint s1 = g_unix_signal_add(SIGINT, on_signal, sv),
          s2 = g_unix_signal_add(SIGTERM, on_signal, sv);
    g_main_loop_run(sv->loop);
    g_source_remove(tick);
    g_source_remove(s1);
    g_source_remove(s2);
    g_main_loop_unref(sv->loop);
}

// The streams still open when the server stops.
static void free_streams(gpointer data)
{
    GPtrArray *list = data;
    for (guint i = 0; i < list->len; i++) stream_free(list->pdata[i]);
    g_ptr_array_free(list, TRUE);
}

WebServer *web_server_new(const WebApiOptions *o, const char *host, int port, GError **err)
{
    GInetAddress *addr = g_inet_address_new_from_string(host);
    if (!addr) {
        g_set_error(err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "'%s' is not an IP address",
                    host);
        return NULL;
    }
    WebServer *sv = g_new0(WebServer, 1);
    sv->port = port;
    sv->streams = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, free_streams);
    WebApiOptions api_opt = *o;
    api_opt.defer_pictures = true;
    sv->api = web_api_new(&api_opt, on_notify, sv);
    sv->painters = g_thread_pool_new(paint, sv, WEB_SERVER_PAINTERS, FALSE, NULL);
    sv->server = soup_server_new("server-header", "sumito-serve ", NULL);
    soup_server_add_early_handler(sv->server, NULL, on_early, sv, NULL);
    soup_server_add_handler(sv->server, NULL, on_request, sv, NULL);
    GSocketAddress *sa = g_inet_socket_address_new(addr, (guint16)port);
    GError *e = NULL;
    if (!soup_server_listen(sv->server, sa, 0, &e)) {
        g_set_error(err, e->domain, e->code, "cannot listen on %s port %d: %s", host, port,
                    e->message);
        g_error_free(e);
        web_server_free(sv);
        sv = NULL;
    }
    g_object_unref(sa);
    g_object_unref(addr);
    return sv;
}

int web_server_port(WebServer *s)
{
    // The port from the listening socket (soup_server_get_uris leaks an address in
    // libsoup 3.2).
    GSList *socks = soup_server_get_listeners(s->server);
    GSocketAddress *local = socks ? g_socket_get_local_address(socks->data, NULL) : NULL;
    int port = local ? g_inet_socket_address_get_port(G_INET_SOCKET_ADDRESS(local)) : s->port;
    if (local) g_object_unref(local);
    g_slist_free(socks);
    return port;
}

void web_server_free(WebServer *s)
{
    // The pictures under way are finished and answered first.
    g_thread_pool_free(s->painters, FALSE, TRUE);
    while (s->painting > 0) g_main_context_iteration(NULL, TRUE);
    g_hash_table_destroy(s->streams);
    soup_server_disconnect(s->server);
    g_object_unref(s->server);
    web_api_free(s->api);
    g_free(s);
    // The connections close in callbacks of the main context: let them run.
    while (g_main_context_iteration(NULL, FALSE)) continue;
}
