// SPDX-License-Identifier: MIT
// The HTTP server of `sumito serve` (core/web/web_server.h): it listens on a free port when
// asked for port 0, refuses a host that is no address, and says which port it could not take.
#include <gio/gio.h>
#include <string.h>

#include "abalone/web.h"
#include "go/web.h"
#include "core/web/web_server.h"
#include "abalone/board.h"
#include "tests/test_util.h"

static const WebGame *const games[] = {&abalone_web_game, &go_web_game, NULL};

static void options(WebApiOptions *o)
{
    web_api_options_default(o, games);
    o->threads = 0;
    o->hash_mib = 1;
}

static void test_free_port(void)
{
    WebApiOptions o;
    options(&o);
    GError *err = NULL;
    WebServer *s = web_server_new(&o, "127.0.0.1", 0, &err);
    g_assert_no_error(err);
    g_assert_nonnull(s);
    int port = web_server_port(s);
    g_assert_cmpint(port, >, 0);
    g_assert_cmpint(port, <=, 65535);
    // The same port again is taken: the error names the host and the port.
    WebServer *again = web_server_new(&o, "127.0.0.1", port, &err);
    g_assert_null(again);
    g_assert_nonnull(err);
    char *want = g_strdup_printf("cannot listen on 127.0.0.1 port %d: ", port);
    g_assert_true(g_str_has_prefix(err->message, want));
    g_free(want);
    g_error_free(err);
    web_server_free(s);
}

static void test_bad_host(void)
{
    WebApiOptions o;
    options(&o);
    GError *err = NULL;
    g_assert_null(web_server_new(&o, "nowhere", 0, &err));
    g_assert_error(err, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_cmpstr(err->message, ==, "'nowhere' is not an IP address");
    g_error_free(err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/web-server/free-port", test_free_port);
    g_test_add_func("/abalone/web-server/bad-host", test_bad_host);
    return g_test_run();
}
