// SPDX-License-Identifier: MIT
// A GTP client for the tests: runs an engine (GNU Go, sumito) as a child process with pipes,
// sends commands (pipelined or one at a time) and reads the responses.
#ifndef TESTS_GTP_CLIENT_H
#define TESTS_GTP_CLIENT_H

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
    GPid pid;
    FILE *in, *out;
    char *command; // for messages when the engine dies
    // An engine whose crash is not the test's subject (GNU Go) may die: when may_die is set, a
    // read finding the output closed returns NULL and sets died (how it ended, owned).
    bool may_die;
    char *died;
} GtpClient;

// GNU Go's path: $SUMITO_GNUGO if set (another build, a wrapper), else the installed one
// (Debian puts it in /usr/games); NULL when there is none.
char *gtp_client_gnugo_path(void);

// Starts a command line (split as a shell would); false when it cannot be run.
bool gtp_client_start(GtpClient *c, const char *command);

// Sends quit, closes the pipes and waits for the process.
void gtp_client_stop(GtpClient *c);

// Starts the same command again after the engine died (c->died set); false when it cannot.
bool gtp_client_restart(GtpClient *c);

// Writes a command without flushing (for pipelining); gtp_client_read answers in order.
void gtp_client_send(GtpClient *c, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

// Reads one response: its text after "= " (caller frees), NULL for an error response, when
// *error (may be NULL) gets the text after "? ". If the engine closed its output without
// answering: fails the test, naming the engine and how it ended (exit status or signal), or
// with may_die set, returns NULL and sets died.
char *gtp_client_read(GtpClient *c, char **error);

// Sends a command, flushes, and reads its response.
char *gtp_client_ask(GtpClient *c, char **error, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

#endif
