// SPDX-License-Identifier: MIT
// What tells a running search to stop: its two deadlines from the time manager, the stop flag
// it polls and the stop request another thread (a protocol's `stop`, Ctrl-C, a match's
// referee) raises. Any search algorithm embeds one: iterative deepening asks
// search_control_may_start before an iteration and polls search_control_stopping in its
// recursion; a Monte Carlo loop asks the same before each batch of playouts. Callers outside
// core/ reach it only through engine_request_stop (core/engine.h).
#ifndef CORE_SEARCH_CONTROL_H
#define CORE_SEARCH_CONTROL_H

#include <glib.h>
#include <stdatomic.h>

#include "core/timeman.h"

typedef struct {
    TimeDeadlines deadlines; // the current search's, from search_control_start
    // Shared with other threads and signal handlers (lock-free C11 atomics):
    _Atomic int stop;           // set by the limits or by a request; read with ..._stopping
    _Atomic int stop_requested; // search_control_request_stop() was called (cleared by the caller)
    bool stopped;               // the search was cut short (the search's own thread writes it)
} SearchControl;

// Asks a running search to stop as soon as it can, or the next one not to start: it returns
// its best move so far. Safe from another thread and from a signal handler; never lost, however
// it interleaves with the start of the search. The request stays until the caller clears it
// with search_control_clear_request before it starts the next search.
void search_control_request_stop(SearchControl *c);
void search_control_clear_request(SearchControl *c);
bool search_control_stop_requested(const SearchControl *c);

// Called by the search when it starts: forgets the stop left by the last search's limits and
// takes up a pending stop request.
void search_control_reset(SearchControl *c);

// Sets the deadlines of a search whose request arrived at start_us, from the time manager.
void search_control_start(SearchControl *c, const TimemanParams *p, const TimeControl *time,
                          const TimeClock *clock, int64_t start_us);

// Whether the search must unwind now: the hot path's poll, a relaxed load.
static inline bool search_control_stopping(const SearchControl *c)
{
    return atomic_load_explicit(&c->stop, memory_order_relaxed);
}

// Raises the stop flag (the search's own limits: only its thread sets it, only to 1).
static inline void search_control_set_stop(SearchControl *c)
{
    atomic_store_explicit(&c->stop, 1, memory_order_relaxed);
}

// Whether the search may start another iteration or batch (the soft deadline); reads the
// clock only when there is a deadline.
static inline bool search_control_may_start(const SearchControl *c)
{
    return !c->deadlines.soft_us || timeman_may_start(&c->deadlines, g_get_monotonic_time());
}

// Whether the hard deadline has come; reads the clock only when there is one.
static inline bool search_control_must_stop(const SearchControl *c)
{
    return c->deadlines.hard_us && timeman_must_stop(&c->deadlines, g_get_monotonic_time());
}

#endif
