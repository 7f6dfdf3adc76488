// SPDX-License-Identifier: MIT
// A Go Text Protocol client: runs an engine (GNU Go, `sumito go gtp`, any GTP program) as a
// child process and talks to it, one command at a time or pipelined. Every read can have a
// timeout; a timeout is an error after which the engine may still answer (read again) or be
// killed. Failures are GErrors in the ENGINE_PIPE_ERROR domain (core/engine_pipe.h) whose
// messages name the engine and the command: TIMEOUT, DIED (with the exit status or signal),
// PROTOCOL (output that is no GTP response), REFUSED (a "?" response), START and USAGE.
// No call exits or aborts on anything the engine writes.
#ifndef GO_GTP_CLIENT_H
#define GO_GTP_CLIENT_H

#include <glib.h>
#include <stdbool.h>

#include "core/engine_pipe.h"

// The longest response accepted, all its lines together.
#define GO_GTP_CLIENT_MAX_RESPONSE 4194304
// How long go_gtp_client_free and go_gtp_client_restart give an engine to exit after quit.
#define GO_GTP_CLIENT_GRACE_MS 2000

typedef struct GoGtpClient GoGtpClient;

// GNU Go's path: $SUMITO_GNUGO if set (another build, a wrapper), else the installed one
// (Debian puts it in /usr/games); NULL when there is none. Caller frees.
char *go_gtp_client_gnugo_path(void);

// Starts a command line (split as a shell would, the program looked up in PATH). NULL and an
// error when it cannot be split or run. An engine that starts and dies at once is reported by
// the first read.
GoGtpClient *go_gtp_client_start(const char *command, GError **error);

const char *go_gtp_client_command(const GoGtpClient *c);

// How the engine ended ("exit status 0", "killed by signal 11 (Segmentation fault)", ...),
// NULL while it runs as far as the client knows.
const char *go_gtp_client_ended(const GoGtpClient *c);

// Commands sent whose response has not been read.
int go_gtp_client_pending(const GoGtpClient *c);

// Queues one command (without its newline) to be written by the next flush or read: several
// queued commands are pipelined, and their responses read in order. USAGE error for a command
// that would get no response or several (empty, a comment, a control character such as a
// newline).
bool go_gtp_client_send(GoGtpClient *c, GError **error, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

// Writes the queued commands, waiting up to timeout_ms (negative: no limit).
bool go_gtp_client_flush(GoGtpClient *c, int timeout_ms, GError **error);

// Writes what is queued and reads the response to the oldest pending command, all within
// timeout_ms (negative: no limit). Returns the response text after "=" and its id (first line
// stripped, the lines of a multi-line response joined by '\n'; caller frees). A "?" response
// returns NULL with a REFUSED error, and its text in *refusal (caller frees; refusal may be
// NULL). On a TIMEOUT the part of the response already read is kept and a later read goes on
// with it. After a PROTOCOL error the command counts as answered; the engine is best
// restarted.
char *go_gtp_client_read(GoGtpClient *c, int timeout_ms, char **refusal, GError **error);

// Sends one command and reads its response; a USAGE error while responses are pending.
char *go_gtp_client_ask(GoGtpClient *c, int timeout_ms, char **refusal, GError **error,
                        const char *fmt, ...) G_GNUC_PRINTF(5, 6);

// Kills the engine at once (SIGKILL), for one that does not answer.
void go_gtp_client_kill(GoGtpClient *c);

// Sends quit (if the engine runs), closes its input, waits up to grace_ms for it to exit and
// kills it if it has not. Returns how it ended (owned by the client). The client stays valid:
// reads fail with DIED until go_gtp_client_restart.
const char *go_gtp_client_stop(GoGtpClient *c, int grace_ms);

// Stops the engine if it runs and starts the same command line again.
bool go_gtp_client_restart(GoGtpClient *c, GError **error);

// Stops the engine (GO_GTP_CLIENT_GRACE_MS) if it runs and frees the client; NULL is ignored.
void go_gtp_client_free(GoGtpClient *c);

#endif
