// SPDX-License-Identifier: MIT
// The tests' GTP client: a thin layer over go/gtp_client.h that fails the running test on
// anything but a response or a refusal, naming the engine, the command and how the engine
// ended. Commands can be pipelined (gtp_client_send, gtp_client_flush, gtp_client_read).
#ifndef TESTS_GTP_CLIENT_H
#define TESTS_GTP_CLIENT_H

#include <glib.h>
#include <stdbool.h>

#include "go/gtp_client.h"

// How long the tests wait for any one response before failing (a hung engine, not a slow one).
#define GTP_CLIENT_TEST_TIMEOUT_MS 300000

typedef struct {
    GoGtpClient *engine;
    // An engine whose crash is not the test's subject (GNU Go) may die: when may_die is set, a
    // read or flush finding it dead returns NULL and sets died (how it ended, owned).
    bool may_die;
    char *died;
} GtpClient;

// GNU Go's path (go_gtp_client_gnugo_path); NULL when there is none.
char *gtp_client_gnugo_path(void);

// Starts a command line (split as a shell would); false when it cannot be run.
bool gtp_client_start(GtpClient *c, const char *command);

// Sends quit, closes the pipes and waits for the process.
void gtp_client_stop(GtpClient *c);

// Starts the same command again after the engine died (c->died set); false when it cannot.
bool gtp_client_restart(GtpClient *c);

// Queues commands (one or several lines) without writing them, for pipelining;
// gtp_client_flush writes them and gtp_client_read answers in order.
void gtp_client_send(GtpClient *c, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
void gtp_client_flush(GtpClient *c);

// Reads one response: its text after "= " (caller frees; the lines of a multi-line response
// joined by spaces), NULL for an error response, when *error (may be NULL) gets the text
// after "? ". If the engine died without answering: fails the test, naming the engine and
// how it ended (exit status or signal), or with may_die set, returns NULL and sets died.
char *gtp_client_read(GtpClient *c, char **error);

// Sends a command, flushes, and reads its response.
char *gtp_client_ask(GtpClient *c, char **error, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

#endif
