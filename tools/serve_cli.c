// SPDX-License-Identifier: MIT
// `sumito serve`: the HTTP server's options (core/web/web_server.h), games and address.
#include <gio/gio.h>
#include <stdio.h>

#include "abalone/web.h"
#include "core/web/web_server.h"
#include "go/web.h"
#include "tools/cli.h"

// Prints the address to open, and a warning when the server is reachable beyond this machine.
static void print_address(const char *host, GInetAddress *addr, int port)
{
    bool v6 = g_inet_address_get_family(addr) == G_SOCKET_FAMILY_IPV6;
    printf("sumito serve: open http://%s%s%s:%d/ in a browser (Ctrl-C stops)\n", v6 ? "[" : "",
           host, v6 ? "]" : "", port);
    if (!g_inet_address_get_is_loopback(addr))
        printf("sumito serve: listening beyond this machine (%s): anyone who can reach it "
               "can play here\n",
               host);
    fflush(stdout);
}

int serve_cli_main(int argc, char **argv)
{
    static int port = 0, threads = 0, max_sessions = 0, idle = 0, hash = 0;
    static char *host = "127.0.0.1";
    static const WebGame *const games[] = {&abalone_web_game, &go_web_game, NULL};
    WebApiOptions o;
    web_api_options_default(&o, games);
    const GOptionEntry entries[] = {
        {"port", 'p', 0, G_OPTION_ARG_INT, &port, "TCP port (default: a free one, printed)", "N"},
        {"host", 0, 0, G_OPTION_ARG_STRING, &host,
         "address to listen on (default 127.0.0.1; 0.0.0.0 for every IPv4 interface, :: for "
         "every IPv6 one)",
         "ADDR"},
        {"threads", 't', 0, G_OPTION_ARG_INT, &threads,
         "searches run at once, others wait their turn (default 1)", "N"},
        {"max-sessions", 0, 0, G_OPTION_ARG_INT, &max_sessions, "games at once (default 16)", "N"},
        {"idle", 0, 0, G_OPTION_ARG_INT, &idle,
         "seconds after which a session without requests or open page is closed (default 1800)",
         "S"},
        {"hash", 0, 0, G_OPTION_ARG_INT, &hash,
         "transposition table of each engine (and Go's tree) in MiB (default 16)", "MIB"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("- Abalone and Go in a browser",
                     "Serves pages where you play Abalone (/) or Go (/go/) against the engine "
                     "with the mouse, or watch two engines play, their search shown live.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (port < 0 || port > 65535) return cli_error("--port must be from 0 to 65535, not %d", port);
    if (threads < 0 || threads > 64) return cli_error("--threads must be from 1 to 64");
    if (max_sessions < 0 || max_sessions > 10000)
        return cli_error("--max-sessions must be from 1 to 10000");
    if (idle < 0 || idle > 7 * 86400) return cli_error("--idle must be from 1 to 604800 seconds");
    if (hash < 0 || hash > 4096) return cli_error("--hash must be from 1 to 4096 MiB");
    if (threads) o.threads = threads;
    if (max_sessions) o.max_sessions = max_sessions;
    if (idle) o.idle_seconds = idle;
    if (hash) o.hash_mib = hash;
    GInetAddress *addr = g_inet_address_new_from_string(host);
    if (!addr)
        return cli_error("--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, ...), not '%s'",
                         host);
    GError *err = NULL;
    WebServer *sv = web_server_new(&o, host, port, &err);
    int rc = sv ? 0 : lab_report(err);
    if (sv) {
        print_address(host, addr, web_server_port(sv));
        web_server_run(sv);
        web_server_free(sv);
    }
    g_object_unref(addr);
    return rc;
}
