// SPDX-License-Identifier: MIT
// Stop requests and deadlines of a search.
#include "core/search_control.h"

// The request and the reset are a store-then-load pair on each side (Dekker's pattern), so
// both use sequentially consistent accesses: if the reset's load of stop_requested misses the
// request, the request's store of stop comes after the reset's store of 0 in the single total
// order and is the value that stays. Either way the search sees stop == 1. (Copying
// stop_requested into stop instead loses a request that lands between the read and the
// write, and an infinite search then never ends.)
void search_control_request_stop(SearchControl *c)
{
    atomic_store(&c->stop_requested, 1);
    atomic_store(&c->stop, 1);
}

void search_control_clear_request(SearchControl *c)
{
    atomic_store(&c->stop_requested, 0);
}

bool search_control_stop_requested(const SearchControl *c)
{
    return atomic_load(&c->stop_requested);
}

void search_control_reset(SearchControl *c)
{
    atomic_store(&c->stop, 0);
    if (atomic_load(&c->stop_requested)) atomic_store(&c->stop, 1);
}

void search_control_start(SearchControl *c, const TimemanParams *p, const TimeControl *time,
                          const TimeClock *clock, int64_t start_us)
{
    timeman_deadlines(p, time, clock, start_us, &c->deadlines);
}
