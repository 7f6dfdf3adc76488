// SPDX-License-Identifier: MIT
// Lazy SMP, the search on several threads (params.threads > 1): helper threads search the same
// root as the calling thread on copies of the board (game_board_clone), sharing the TT, with the
// iterative deepening of core/search_body.h, until the calling thread, which alone decides the
// move, has finished; then they are stopped and joined, their counters merged, and the answer of
// a helper that completed a deeper iteration may replace the calling thread's.
//
// No include guard: part of core/search_body.h, which includes it once, after the iterative
// deepening and before SEARCH_NAME(run).

#include <pthread.h>

typedef struct {
    Search *s;    // the helper's search state (its main search's helpers[k])
    GameBoard *b; // its own copy of the root position
    pthread_t thread;
    bool started;
    Move best;       // its answer, from its last completed iteration (MOVE_NONE: none)
    SearchInfo info; // ... and that iteration
} SEARCH_NAME(Helper);

static void *SEARCH_NAME(helper_main)(void *arg)
{
    SEARCH_NAME(Helper) *h = arg;
    int base_keys = SEARCH_NAME(begin)(h->s, h->b);
    SEARCH_NAME(RootMove) rm[GAME_MAX_MOVES];
    int n = SEARCH_NAME(root_moves)(h->s, h->b, rm);
    memset(&h->info, 0, sizeof h->info);
    h->best = n > 0 ? SEARCH_NAME(iterate)(h->s, h->b, rm, n, &h->info) : MOVE_NONE;
    h->s->nkeys = base_keys;
    return NULL;
}

// Starts the helper threads of a readied main search on copies of b; NULL when it has none.
// A thread that cannot be created leaves its helper out (the search goes on with fewer).
static SEARCH_NAME(Helper) * SEARCH_NAME(helpers_start)(Search *s, const GameBoard *b)
{
    int k, n = search_helpers_prepare(s);
    if (n == 0) return NULL;
    SEARCH_NAME(Helper) *h = g_new0(SEARCH_NAME(Helper), n);
    for (k = 0; k < n; k++) {
        h[k].s = &s->helpers[k];
        h[k].b = game_board_clone(b);
        h[k].started = pthread_create(&h[k].thread, NULL, SEARCH_NAME(helper_main), &h[k]) == 0;
    }
    return h;
}

// Stops and joins the helper threads, adds their counters to the main search's and frees
// their boards: no helper outlives its search. The answer is the main search's (*best, *out)
// unless a helper completed a deeper iteration, within the depth limit if there is one: the
// deepest such helper's then (a helper that started one ply deeper may have completed the
// iteration the main search was cut short in; how often, and what it gains, is not measured).
static void SEARCH_NAME(helpers_finish)(Search *s, SEARCH_NAME(Helper) * h, Move *best,
                                        SearchInfo *out)
{
    if (!h) return;
    search_helpers_stop(s);
    int depths[SEARCH_MAX_THREADS];
    for (int k = 0; k < s->nhelpers; k++) {
        depths[k] = 0;
        if (h[k].started) {
            pthread_join(h[k].thread, NULL);
            if (h[k].best) depths[k] = h[k].info.depth;
        } else { // nothing of an earlier search may be counted
            memset(&h[k].s->stats, 0, sizeof h[k].s->stats);
            h[k].s->nodes = 0;
        }
        game_board_free(h[k].b);
    }
    search_helpers_merge(s);
    int from = search_pick_helper(out->depth, depths, s->nhelpers, s->limits.depth);
    if (from >= 0) {
        *best = h[from].best;
        *out = h[from].info;
        s->stats.helper_answers++;
        // The answer's iteration, as the main search reports its own (the nodes of all threads,
        // merged into s->nodes above).
        out->nodes = s->nodes;
        out->seconds = search_elapsed(s);
        if (s->on_info) s->on_info(out, s->user);
    }
    g_free(h);
}
