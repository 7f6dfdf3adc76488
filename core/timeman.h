// SPDX-License-Identifier: MIT
// The time manager: how long one move may think. A time control (a fixed time per move; main
// time with an increment and moves to go; byo-yomi periods; Canadian periods; no limit) and
// the clock of the side to move under it go in, two deadlines come out: a soft one, after
// which a search starts no new iteration (or batch of playouts), and a hard one, at which it
// stops whatever it is doing. Every factor is a parameter of TIMEMAN_PARAMS. The values are
// plain data, so any search algorithm (alpha-beta's iterative deepening, a Monte Carlo loop)
// asks the same two questions of the same struct: timeman_may_start and timeman_must_stop.
#ifndef CORE_TIMEMAN_H
#define CORE_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/params.h"

// A time budget drawn from a clock is at most this many seconds, whatever the clock says: a
// clock far beyond any game (1e308 s) is a long time, not an overflow of the deadlines in
// microseconds or of the arithmetic on them.
#define SEARCH_TIME_MAX 1e7 // seconds (about 116 days)

// Parameters of the time manager: name, type, default, min, max, help (see core/params.h).
#define TIMEMAN_PARAMS(X, S)                                                                       \
    X(S, time_moves, int, 30, 1, 10000,                                                            \
      "main time: a move's share is the time left over this many moves (when the control sets "    \
      "no moves to go)")                                                                           \
    X(S, time_increment_share, double, 0.8, 0, 1,                                                  \
      "main time: the share of the increment a move adds")                                         \
    X(S, time_max_share, double, 0.5, 0.01, 1,                                                     \
      "main time: a move's soft budget takes at most this share of the time left")                 \
    X(S, time_hard_factor, double, 4, 1, 1000,                                                     \
      "main time: the hard deadline is at this many soft budgets ...")                             \
    X(S, time_hard_share, double, 0.8, 0.01, 1, "... and at most this share of the time left")     \
    X(S, time_iteration_percent, int, 60, 1, 100,                                                  \
      "main time: no new iteration once this percentage of the soft budget is spent")              \
    X(S, time_margin_us, int, 3000, 0, 1000000,                                                    \
      "both deadlines come this many microseconds early (unwinding and answering take time)")      \
    X(S, time_period_share, double, 0.8, 0.01, 1,                                                  \
      "byo-yomi: the share of the period (per stone left, Canadian) a move takes")                 \
    X(S, time_min_move, double, 0.02, 0.001, 3600,                                                 \
      "the least time a move gets in byo-yomi or under a per-move cap, seconds")                   \
    X(S, time_min_left, double, 0.05, 0.001, 3600,                                                 \
      "byo-yomi and Canadian controls: main time left counts as at least this, seconds")           \
    X(S, time_default_move, double, 1, 0.001, 86400,                                               \
      "seconds per move when a protocol sets neither a clock nor a time per move (GTP)")

PARAMS_DECLARE(TimemanParams, TIMEMAN_PARAMS, timeman_params, timeman_params_default);

typedef enum {
    TIME_CONTROL_NONE,     // no time limit (depth, nodes or a stop request end the search)
    TIME_CONTROL_PER_MOVE, // per_move seconds for each move, used in full
    TIME_CONTROL_MAIN,     // main time, plus an increment per move, over moves_to_go moves
    TIME_CONTROL_BYO_YOMI, // main time, then `periods` periods of period_time seconds
    TIME_CONTROL_CANADIAN  // main time, then period_stones stones in each period_time seconds
} TimeControlKind;

// A time control: what the game was set up with.
typedef struct {
    TimeControlKind kind;
    double per_move;    // PER_MOVE: seconds per move; other kinds: a cap per move (0: none)
    double main_time;   // seconds of main time at the start
    double increment;   // MAIN: seconds added after each move
    int moves_to_go;    // MAIN: main time is for this many moves (0: the rest of the game)
    int periods;        // BYO_YOMI: periods after main time
    double period_time; // BYO_YOMI, CANADIAN: seconds of one period
    int period_stones;  // CANADIAN: stones to play in one period
} TimeControl;

// The clock of the side to move under its control.
typedef struct {
    double main_left;   // seconds left in main time
    double period_left; // CANADIAN: seconds left in the current period
    int periods_left;   // BYO_YOMI: periods left (0: still in main time)
    int stones_left;    // CANADIAN: stones left to play in the current period (0: main time)
    int moves_played;   // moves the side has played under the control (for moves_to_go)
} TimeClock;

// When a search started and its two deadlines, on g_get_monotonic_time()'s clock in
// microseconds; 0 is no deadline.
typedef struct {
    int64_t start_us;
    int64_t soft_us; // start no new iteration (or batch) after this
    int64_t hard_us; // stop at once from this
} TimeDeadlines;

// The usual controls.
TimeControl timeman_per_move(double seconds);
TimeControl timeman_main(double increment);

// The deadlines of a move whose request arrived at start_us under control c with clock k.
// Rules (parameters by name):
//   - none: no deadline;
//   - per move, t seconds: hard at t, no soft deadline (the time is used in full);
//   - main time, L seconds left, increment i, n moves (what is left of the current run of
//     moves_to_go, or time_moves without one): budget b = min(L / n + i * time_increment_share,
//     L * time_max_share); hard at min(b * time_hard_factor, L * time_hard_share); soft at
//     time_iteration_percent of b;
//   - byo-yomi and Canadian, in main time: main time's rule on L, counted as at least
//     time_min_left, without increment and over time_moves moves;
//   - in a period: hard at max(s * time_period_share, time_min_move), no soft deadline, where
//     s is the period's time (byo-yomi: it comes back whole after each move) or the period's
//     time left over the stones left (Canadian);
//   - a per-move cap c (per_move of a clock control): hard at min(c, the budget), no soft
//     deadline, the budget being the period's above or, in main time,
//     max(L / time_moves, time_min_move).
// Every budget is capped at SEARCH_TIME_MAX and both deadlines come time_margin_us early.
// Main time with nothing left (0, negative, NaN) and an unknown kind give no deadline; a period
// with nothing left gives time_min_move.
void timeman_deadlines(const TimemanParams *p, const TimeControl *c, const TimeClock *k,
                       int64_t start_us, TimeDeadlines *out);

// Whether a search may start another iteration or batch at `now` (the soft deadline).
static inline bool timeman_may_start(const TimeDeadlines *d, int64_t now)
{
    return !d->soft_us || now <= d->soft_us;
}

// Whether a search must stop at `now` (the hard deadline).
static inline bool timeman_must_stop(const TimeDeadlines *d, int64_t now)
{
    return d->hard_us && now >= d->hard_us;
}

#endif
