// SPDX-License-Identifier: MIT
// An outside engine as a child process behind two pipes: its standard input takes commands,
// its standard output is read line by line. Every wait can have a deadline, an engine that
// dies is reported with how it ended (exit status or signal), and closing kills an engine
// that has not exited after a grace period. It knows no protocol and no game: the GTP client
// (go/gtp_client.h) and the Abalone engine protocol client (abalone/aep_client.h) sit on it.
// The engine's standard error is inherited.
#ifndef CORE_ENGINE_PIPE_H
#define CORE_ENGINE_PIPE_H

#include <glib.h>
#include <stdbool.h>

#define ENGINE_PIPE_ERROR (engine_pipe_error_quark())
GQuark engine_pipe_error_quark(void);

// The error codes of the pipe and of the protocol clients built on it.
typedef enum {
    ENGINE_PIPE_ERROR_START,    // the command line cannot be parsed or run
    ENGINE_PIPE_ERROR_TIMEOUT,  // nothing in time; the engine still runs
    ENGINE_PIPE_ERROR_DIED,     // the engine closed its output or input, or has ended
    ENGINE_PIPE_ERROR_IO,       // reading or writing a pipe failed otherwise
    ENGINE_PIPE_ERROR_PROTOCOL, // the engine's output breaks the protocol (a too long line too)
    ENGINE_PIPE_ERROR_REFUSED,  // the engine answered a command with an error
    ENGINE_PIPE_ERROR_USAGE,    // the caller's request is not possible (bad text, wrong state)
} EnginePipeError;

// The longest line accepted from an engine, its end excluded.
#define ENGINE_PIPE_MAX_LINE 1048576
// How long an engine that closed its output has to exit before it is killed.
#define ENGINE_PIPE_DEATH_GRACE_MS 2000
// No deadline: wait as long as it takes.
#define ENGINE_PIPE_NO_DEADLINE G_MAXINT64

typedef struct EnginePipe EnginePipe;

// The deadline timeout_ms milliseconds from now on g_get_monotonic_time()'s clock;
// ENGINE_PIPE_NO_DEADLINE for a negative timeout.
gint64 engine_pipe_deadline(int timeout_ms);

// Runs a command line, split as a shell would (no shell runs it; the program is looked up in
// PATH). NULL and ENGINE_PIPE_ERROR_START when it cannot be parsed or started. Writing to an
// engine that died fails with ENGINE_PIPE_ERROR_DIED; no SIGPIPE reaches the process. Error
// messages start with `kind` ("GTP engine: cannot start ...").
EnginePipe *engine_pipe_start(const char *kind, const char *command, GError **error);

const char *engine_pipe_command(const EnginePipe *p);
GPid engine_pipe_pid(const EnginePipe *p);

// How the engine ended ("exit status 3", "killed by signal 11 (Segmentation fault)", ...),
// NULL while it runs as far as the pipe knows (its end is noticed by a read, a write or a
// close).
const char *engine_pipe_ended(const EnginePipe *p);

// Appends text to what is to be written; nothing is written before engine_pipe_flush.
void engine_pipe_queue(EnginePipe *p, const char *text);

// Writes what was queued. On a timeout the rest stays queued for the next flush. Beware of
// queueing much more than a pipe holds (64 KiB on Linux) to an engine that answers each
// command: it blocks writing answers nobody reads and the flush times out.
bool engine_pipe_flush(EnginePipe *p, gint64 deadline, GError **error);

// Reads the next line, without its end ("\n" or "\r\n"; a NUL byte reads as '?'); caller
// frees. Once the deadline has passed, only lines already taken from the pipe are returned:
// nothing more is read, so that an engine writing without end cannot hold a reader (a
// timeout of 0 returns nothing new). NULL and an error on a timeout (what was read so far is
// kept for the next call), on
// a line longer than ENGINE_PIPE_MAX_LINE (its rest is skipped by the next calls), or when
// the engine closed its output (then it is reaped: ENGINE_PIPE_ERROR_DIED saying how it
// ended; a partial last line is dropped).
char *engine_pipe_read_line(EnginePipe *p, gint64 deadline, GError **error);

// Ends the engine: writes farewell (such as "quit\n"; may be NULL) if it runs, closes its
// input, discards its output and waits up to grace_ms for it to exit, then kills it (SIGKILL).
// Returns how it ended (owned by the pipe). Later reads and writes fail with
// ENGINE_PIPE_ERROR_DIED.
const char *engine_pipe_close(EnginePipe *p, const char *farewell, int grace_ms);

// Kills the engine at once (SIGKILL) and reaps it, for an engine that does not answer.
void engine_pipe_kill(EnginePipe *p);

// Closes the engine (no farewell, ENGINE_PIPE_DEATH_GRACE_MS) if it still runs, and frees.
void engine_pipe_free(EnginePipe *p);

#endif
