// SPDX-License-Identifier: MIT
// The HTTP server (libsoup 3) of `sumito serve` in front of the web API (core/web/web_api.h):
// it passes each request to the API and its answer back, refuses oversized bodies before
// reading them, keeps the server-sent event streams of the sessions and expires idle sessions.
#ifndef CORE_WEB_WEB_SERVER_H
#define CORE_WEB_WEB_SERVER_H

#include <glib.h>

#include "core/web/web_api.h"

typedef struct WebServer WebServer;

// A server with its API (options o) listening on host, an IP address, at port (0: a free
// one); NULL with err set when host is no address or the port cannot be listened on.
WebServer *web_server_new(const WebApiOptions *o, const char *host, int port, GError **err);

// The port the server listens on (the free one chosen for port 0).
int web_server_port(WebServer *s);

// Serves in the default main context until SIGINT or SIGTERM.
void web_server_run(WebServer *s);

// Closes the streams, the connections and the sessions.
void web_server_free(WebServer *s);

#endif
