// SPDX-License-Identifier: MIT
// The searches of the web server (sumito serve): a fixed number of worker threads take search
// jobs from one queue, in order, and hand what they find (each completed iteration, then the
// answer) back to the thread of the GLib main loop, where the sessions live. A job owns a copy
// of its game, so the session may change while it runs; a cancelled job stops its search as
// soon as it can, or never starts it. What a job searches is the game's (core/web/web_game.h):
// the pool knows only the engine's shared part, to stop it. The threads meet through pthreads and
// C11 atomics (ThreadSanitizer sees them); the main loop is only woken, never handed data, by GLib.
#ifndef CORE_WEB_WEB_POOL_H
#define CORE_WEB_WEB_POOL_H

#include <glib.h>
#include <pthread.h>
#include <stdatomic.h>

#include "core/engine.h"

typedef struct WebPool WebPool;

typedef struct WebJob WebJob;

// Searches the job's position on a worker thread (info gets each completed iteration); the
// answer goes to job->move and job->info. Cancelled jobs never call it.
typedef Move (*WebSearchFn)(WebJob *job, SearchInfoFn info, void *user);

struct WebJob {
    void *owner;           // the session that asked (opaque to the pool)
    Engine *engine;        // the engine's shared part: searches only in this job while it runs
    WebSearchFn search;    // the game's search
    void *data;            // the game's: its engine and a copy of its game ...
    GDestroyNotify free;   // ... freed with the job by this (may be NULL)
    SearchLimits limits;   // start_us is set when the search starts
    _Atomic int cancelled; // set by web_pool_cancel
    Move move;             // the answer (MOVE_NONE when cancelled or no move)
    SearchInfo info;       // the answer's last iteration
    bool done;
};

typedef enum { WEB_EVENT_INFO, WEB_EVENT_DONE } WebEventKind;

// What the main loop receives: an iteration of a running job, or a finished job (cancelled
// or not), which the receiver then owns and frees with web_job_free.
typedef struct {
    WebEventKind kind;
    WebJob *job;
    SearchInfo info;
} WebEvent;

typedef void (*WebEventFn)(const WebEvent *ev, void *user);

// A pool of `threads` workers (0: jobs wait in the queue for ever, for the fuzzing target)
// whose events go to `deliver` in the thread that runs the default main context.
WebPool *web_pool_new(int threads, WebEventFn deliver, void *user);

// Stops the workers (cancelling every job) and frees the pool; events still undelivered are
// delivered first, so that every job comes back to its owner.
void web_pool_free(WebPool *pool);

// A job for owner: search(job, ...) with engine for movetime seconds; data, the game's, is
// freed by free_data with the job.
WebJob *web_job_new(void *owner, Engine *engine, WebSearchFn search, void *data,
                    GDestroyNotify free_data, double movetime);
void web_job_free(WebJob *job);

// Queues a job; it comes back in a WEB_EVENT_DONE event.
void web_pool_submit(WebPool *pool, WebJob *job);

// Asks a queued or running job to stop; its DONE event still comes.
void web_pool_cancel(WebPool *pool, WebJob *job);

// Jobs queued and not yet started.
int web_pool_waiting(WebPool *pool);

// Delivers the events that are waiting now (the main loop does this by itself; tests and the
// fuzzing target call it). Returns how many.
int web_pool_dispatch(WebPool *pool);

#endif
