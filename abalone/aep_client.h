// SPDX-License-Identifier: MIT
// A client of the Abalone engine protocol (abalone/aep.h): runs an engine (`sumito abalone
// aep` or another) as a child process, shakes hands, sets options and positions, and runs
// searches under limits, reading the bestmove and the last info line. Commands that the
// protocol does not acknowledge (setoption, position, newgame) are followed by isready, and
// an "info string error: ..." before its readyok is the engine's refusal. Every call takes a
// timeout in milliseconds (negative: no limit); a timeout leaves the engine running, to be
// waited for again, stopped or killed. Failures are GErrors in the ENGINE_PIPE_ERROR domain
// (core/engine_pipe.h) naming the engine and the command: TIMEOUT, DIED (with the exit status
// or signal), PROTOCOL (a malformed bestmove or info line, a too long line), REFUSED, START,
// USAGE. Lines that start with an unknown word are ignored, as UCI GUIs do.
#ifndef ABALONE_AEP_CLIENT_H
#define ABALONE_AEP_CLIENT_H

#include <glib.h>
#include <stdbool.h>

#include "core/engine_pipe.h"

// How long abalone_aep_client_free and _restart give an engine to exit after quit.
#define ABALONE_AEP_CLIENT_GRACE_MS 2000

typedef struct AbaloneAepClient AbaloneAepClient;

// Search limits; 0 leaves a limit out. The clock is in milliseconds, as on the protocol.
typedef struct {
    gint64 movetime_ms;
    int depth;
    guint64 nodes;
    gint64 btime_ms, wtime_ms, binc_ms, winc_ms;
    bool infinite; // until abalone_aep_client_stop
} AbaloneAepLimits;

typedef enum {
    ABALONE_AEP_SCORE_NONE, // no score was given
    ABALONE_AEP_SCORE_CP,   // score in centi-marbles
    ABALONE_AEP_SCORE_WIN,  // the side to move wins in score plies
    ABALONE_AEP_SCORE_LOSS, // the side to move loses in score plies
} AbaloneAepScoreKind;

// A search's answer: the bestmove and the last info line with a score or a pv.
typedef struct {
    char *bestmove; // the move text as the engine wrote it; "none" when it had no move
    bool has_info;  // an info line with a score or a pv came; the fields below are from it
    int depth, seldepth;
    AbaloneAepScoreKind score_kind;
    int score;
    guint64 nodes;
    gint64 time_ms;
    char *pv; // the moves, space-separated; "" for none
} AbaloneAepResult;

// Frees the strings of a result and zeroes it.
void abalone_aep_result_clear(AbaloneAepResult *r);

// Starts a command line (split as a shell would, the program looked up in PATH).
AbaloneAepClient *abalone_aep_client_start(const char *command, GError **error);

const char *abalone_aep_client_command(const AbaloneAepClient *c);

// How the engine ended, NULL while it runs as far as the client knows.
const char *abalone_aep_client_ended(const AbaloneAepClient *c);

// Sends aep and reads to aepok (the id and option lines are kept), then isready to readyok.
bool abalone_aep_client_handshake(AbaloneAepClient *c, int timeout_ms, GError **error);

// From the handshake: the engine's name and author (NULL if it gave none), and its option
// lines without "option " ("name hash type spin default 64 min 1 max 65536"), NULL-terminated.
const char *abalone_aep_client_name(const AbaloneAepClient *c);
const char *abalone_aep_client_author(const AbaloneAepClient *c);
const char *const *abalone_aep_client_options(const AbaloneAepClient *c);

// isready until readyok; REFUSED if an error line came first.
bool abalone_aep_client_ready(AbaloneAepClient *c, int timeout_ms, GError **error);

bool abalone_aep_client_new_game(AbaloneAepClient *c, int timeout_ms, GError **error);

// setoption name NAME value VALUE (neither may contain blanks); REFUSED when the engine
// answers with an error.
bool abalone_aep_client_set_option(AbaloneAepClient *c, const char *name, const char *value,
                                   int timeout_ms, GError **error);

// Sets the position: a position string (it has '/' between rows: "position fen ...") or a
// layout name ("standard", "belgian": "position layout ..."), then moves (NULL-terminated,
// may be NULL). REFUSED when the engine answers with an error (a bad position, an illegal
// move).
bool abalone_aep_client_position(AbaloneAepClient *c, const char *position,
                                 const char *const *moves, int timeout_ms, GError **error);

// Starts a search (go ...) and returns without waiting. USAGE error while a search runs.
bool abalone_aep_client_go_start(AbaloneAepClient *c, const AbaloneAepLimits *limits,
                                 GError **error);

// Waits up to timeout_ms for the running search's bestmove and fills result (overwritten:
// clear it after). On a TIMEOUT the search goes on: wait again, stop it, or kill the engine.
// REFUSED when the engine rejected the go with an error line and no bestmove.
bool abalone_aep_client_go_wait(AbaloneAepClient *c, int timeout_ms, AbaloneAepResult *result,
                                GError **error);

// go_start then go_wait, within timeout_ms altogether.
bool abalone_aep_client_go(AbaloneAepClient *c, const AbaloneAepLimits *limits, int timeout_ms,
                           AbaloneAepResult *result, GError **error);

// True between a go and the reading of its bestmove.
bool abalone_aep_client_searching(const AbaloneAepClient *c);

// Sends stop and waits for the search's bestmove (as go_wait). USAGE error without a search.
bool abalone_aep_client_stop(AbaloneAepClient *c, int timeout_ms, AbaloneAepResult *result,
                             GError **error);

// Kills the engine at once (SIGKILL), for one that does not answer.
void abalone_aep_client_kill(AbaloneAepClient *c);

// Sends quit (if the engine runs), closes its input, waits up to grace_ms for it to exit and
// kills it if it has not. Returns how it ended (owned by the client).
const char *abalone_aep_client_quit(AbaloneAepClient *c, int grace_ms);

// Quits the engine if it runs, starts the same command line again and shakes hands.
bool abalone_aep_client_restart(AbaloneAepClient *c, int timeout_ms, GError **error);

// Quits the engine (ABALONE_AEP_CLIENT_GRACE_MS) if it runs and frees; NULL is ignored.
void abalone_aep_client_free(AbaloneAepClient *c);

#endif
