// SPDX-License-Identifier: MIT
// The web server's search workers (core/web/web_pool.h). Events go through a queue under the
// pool's lock; an idle source added to the default main context (thread-safe in GLib) wakes
// the main loop, which takes them from the queue under the same lock.
#include "core/web/web_pool.h"

#include <string.h>

struct WebPool {
    pthread_mutex_t lock;
    pthread_cond_t wake; // a job was queued, or the pool is stopping
    GQueue jobs;         // WebJob *, waiting
    GQueue events;       // WebEvent *, for the main loop
    bool stopping;
    bool wakeup_pending; // an idle source is on its way to the main loop
    int nthreads;
    pthread_t *threads;
    WebEventFn deliver;
    void *user;
};

WebJob *web_job_new(void *owner, Engine *engine, WebSearchFn search, void *data,
                    GDestroyNotify free_data, double movetime)
{
    WebJob *job = g_new0(WebJob, 1);
    job->owner = owner;
    job->engine = engine;
    job->search = search;
    job->data = data;
    job->free = free_data;
    job->limits.time = timeman_per_move(movetime);
    atomic_init(&job->cancelled, 0);
    return job;
}

void web_job_free(WebJob *job)
{
    if (!job) return;
    if (job->free) job->free(job->data);
    g_free(job);
}

static gboolean on_wakeup(gpointer data)
{
    WebPool *pool = data;
    web_pool_dispatch(pool);
    return G_SOURCE_REMOVE;
}

// Queues an event; the caller holds the lock.
static void push_event_locked(WebPool *pool, WebEventKind kind, WebJob *job, const SearchInfo *info)
{
    WebEvent *ev = g_new0(WebEvent, 1);
    ev->kind = kind;
    ev->job = job;
    if (info) ev->info = *info;
    g_queue_push_tail(&pool->events, ev);
    if (!pool->wakeup_pending) {
        pool->wakeup_pending = true;
        g_idle_add(on_wakeup, pool);
    }
}

typedef struct {
    WebPool *pool;
    WebJob *job;
} InfoCtx;

static void on_info(const SearchInfo *info, void *user)
{
    InfoCtx *c = user;
    pthread_mutex_lock(&c->pool->lock);
    push_event_locked(c->pool, WEB_EVENT_INFO, c->job, info);
    pthread_mutex_unlock(&c->pool->lock);
}

// Runs one job: the stop request left by an earlier cancel is cleared first, then the job's
// own cancel is read, so a cancel that comes at any moment stops the search or prevents it.
static void run_job(WebPool *pool, WebJob *job)
{
    engine_clear_stop(job->engine);
    job->move = MOVE_NONE;
    if (!atomic_load(&job->cancelled)) {
        InfoCtx c = {pool, job};
        job->limits.start_us = g_get_monotonic_time();
        job->move = job->search(job, on_info, &c);
        if (atomic_load(&job->cancelled)) job->move = MOVE_NONE;
    }
    job->done = true;
}

static void *worker(void *data)
{
    WebPool *pool = data;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && g_queue_is_empty(&pool->jobs))
            pthread_cond_wait(&pool->wake, &pool->lock);
        WebJob *job = g_queue_pop_head(&pool->jobs);
        if (!job) break; // stopping and nothing left
        pthread_mutex_unlock(&pool->lock);
        run_job(pool, job);
        pthread_mutex_lock(&pool->lock);
        push_event_locked(pool, WEB_EVENT_DONE, job, NULL);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

WebPool *web_pool_new(int threads, WebEventFn deliver, void *user)
{
    WebPool *pool = g_new0(WebPool, 1);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    g_queue_init(&pool->jobs);
    g_queue_init(&pool->events);
    pool->deliver = deliver;
    pool->user = user;
    pool->threads = g_new0(pthread_t, MAX(threads, 1));
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&pool->threads[i], NULL, worker, pool) != 0)
            g_error("sumito serve: cannot start a search thread");
        pool->nthreads++;
    }
    return pool;
}

void web_pool_free(WebPool *pool)
{
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    for (GList *l = pool->jobs.head; l; l = l->next)
        atomic_store(&((WebJob *)l->data)->cancelled, 1);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->nthreads; i++) pthread_join(pool->threads[i], NULL);
    // Without workers, jobs still queued come back cancelled.
    for (WebJob *job; (job = g_queue_pop_head(&pool->jobs));) {
        job->done = true;
        push_event_locked(pool, WEB_EVENT_DONE, job, NULL);
    }
    web_pool_dispatch(pool);
    // Every wake-up still attached to the main context: one is added whenever events arrive
    // and none is pending, and a direct web_pool_dispatch (not the main loop's) leaves the
    // one it served attached; any left would run on the freed pool.
    while (g_idle_remove_by_data(pool)) continue;
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    g_free(pool->threads);
    g_free(pool);
}

void web_pool_submit(WebPool *pool, WebJob *job)
{
    pthread_mutex_lock(&pool->lock);
    g_queue_push_tail(&pool->jobs, job);
    pthread_cond_signal(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
}

void web_pool_cancel(WebPool *pool, WebJob *job)
{
    atomic_store(&job->cancelled, 1);
    engine_request_stop(job->engine);
    // A job that has not started comes back at once, without waiting for a worker.
    pthread_mutex_lock(&pool->lock);
    if (g_queue_remove(&pool->jobs, job)) {
        job->done = true;
        push_event_locked(pool, WEB_EVENT_DONE, job, NULL);
    }
    pthread_mutex_unlock(&pool->lock);
}

int web_pool_waiting(WebPool *pool)
{
    pthread_mutex_lock(&pool->lock);
    int n = (int)pool->jobs.length;
    pthread_mutex_unlock(&pool->lock);
    return n;
}

int web_pool_dispatch(WebPool *pool)
{
    int n = 0;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        WebEvent *ev = g_queue_pop_head(&pool->events);
        if (!ev) pool->wakeup_pending = false;
        pthread_mutex_unlock(&pool->lock);
        if (!ev) break;
        pool->deliver(ev, pool->user);
        g_free(ev);
        n++;
    }
    return n;
}
