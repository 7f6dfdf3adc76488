// SPDX-License-Identifier: MIT
// The search on several threads (Lazy SMP): the shared TT never returns a torn entry while
// threads store and probe it at once; helpers leave the main search's result exact where
// they share nothing (the toy game without a TT) and leave no trace in a later
// single-threaded search; with several threads the move is legal and the score a real one in
// random Abalone and Go positions, and the helpers' counters add up in the totals; thousands
// of searches stopped at random moments all end, and no helper thread outlives its search.
// Under BUILD=tsan, ThreadSanitizer checks every access on the way.
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "abalone/desc.h"
#include "core/engine.h"
#include "go/desc.h"
#include "tests/test_util.h"
#include "tests/toy_game.h"

#define DEADLINE_US (10 * G_USEC_PER_SEC) // far beyond any stopped search's answer

// ---------------------------------------------------------------------------------------
// The shared TT

// What every store of key k writes, so that a reader can tell a torn entry from a whole one.
#define TT_KEYS    64
#define TT_THREADS 4

typedef struct {
    Tt *tt;
    Key keys[TT_KEYS];
    uint32_t seed;
    uint64_t hits, checked;
} TtJob;

static int key_move(Key k)
{
    return (int)(k % 1000);
}

static Score key_score(Key k)
{
    return (Score)(k % 20001) - 10000;
}

static int key_depth(Key k)
{
    return (int)(k % 50) + 1;
}

static void *tt_job(void *data)
{
    TtJob *j = data;
    GRand *rng = g_rand_new_with_seed(j->seed);
    for (int i = 0; i < TEST_SCALED(200000); i++) {
        Key k = j->keys[g_rand_int_range(rng, 0, TT_KEYS)];
        if (g_rand_boolean(rng)) {
            tt_store(j->tt, k, key_move(k), key_score(k), -key_score(k), key_depth(k), TT_EXACT, 0);
            continue;
        }
        TtEntry e = {0};
        j->checked++;
        if (!tt_probe(j->tt, k, &e)) continue;
        j->hits++;
        // Any field from another store would differ: a hit is one store's entry, whole.
        g_assert_cmpint(e.move1, ==, key_move(k) + 1);
        g_assert_cmpint(e.score, ==, key_score(k));
        g_assert_cmpint(e.eval, ==, -key_score(k));
        g_assert_cmpint(e.depth, ==, key_depth(k));
    }
    g_rand_free(rng);
    return NULL;
}

// Four threads store and probe 64 keys that share two buckets, so that slots are overwritten
// all the time while they are read.
static void test_tt_threads(void)
{
    Tt tt;
    g_assert_true(tt_init(&tt, 1));
    TtJob jobs[TT_THREADS];
    pthread_t t[TT_THREADS];
    for (int n = 0; n < TT_THREADS; n++) {
        jobs[n] = (TtJob){.tt = &tt, .seed = g_test_rand_int()};
        for (int i = 0; i < TT_KEYS; i++)
            jobs[n].keys[i] = (Key)(i % 2) + (Key)(i + 1) * 7919 * tt.buckets;
    }
    for (int n = 0; n < TT_THREADS; n++)
        g_assert_cmpint(pthread_create(&t[n], NULL, tt_job, &jobs[n]), ==, 0);
    uint64_t hits = 0;
    for (int n = 0; n < TT_THREADS; n++) {
        g_assert_cmpint(pthread_join(t[n], NULL), ==, 0);
        hits += jobs[n].hits;
    }
    g_assert_cmpuint(hits, >, 0);
    g_test_message("%" G_GUINT64_FORMAT " hits, every one whole", hits);
    tt_free(&tt);
}

// ---------------------------------------------------------------------------------------
// The toy game and the helpers' bookkeeping

static SearchParams toy_params(int threads)
{
    SearchParams p;
    search_params_default(&p);
    search_params_plain(&p);
    p.threads = threads;
    return p;
}

// Without a TT the helpers share nothing with the main search, whose result must then be
// exactly the single-threaded one: the brute-force minimax value.
static void test_toy_exact_without_tt(void)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(40); seed++)
        for (int depth = 1; depth <= 5; depth++) {
            SearchParams p = toy_params(2 + (int)(seed % 3));
            Search s;
            search_init(&s, &p, NULL, TOY_MAX_MOVES);
            s.limits.depth = depth;
            ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
            ToyBoard root = b;
            SearchInfo info;
            Move m = toy_search_run(&s, &b, &info);
            g_assert_cmpint(info.score, ==, toy_minimax(&root, depth));
            g_assert_cmpint(info.depth, ==, depth);
            g_assert_cmpint(b.ply, ==, 0);
            g_assert_cmpint((int)m, >=, 1);
            g_assert_cmpint((int)m, <=, toy_branching(&root));
            g_assert_cmpint(s.nhelpers, ==, p.threads - 1);
            search_free(&s);
            checked++;
        }
    g_test_message("%d searches on 2-4 threads equal brute-force minimax", checked);
}

// search_helpers_merge adds every helper's counters and nodes to the main search's.
static void test_merge(void)
{
    SearchParams p = toy_params(3);
    Search s;
    search_init(&s, &p, NULL, TOY_MAX_MOVES);
    g_assert_cmpint(search_helpers_prepare(&s), ==, 2);
    s.nodes = 100, s.stats.tt_hits = 5, s.stats.probcut_cuts_low = 1, s.seldepth = 4;
    s.helpers[0].nodes = 20, s.helpers[0].stats.tt_hits = 7, s.helpers[0].seldepth = 9;
    s.helpers[1].nodes = 3, s.helpers[1].stats.probcut_cuts_low = 2;
    s.helpers[1].stats.rankcut_lookups = 11;
    search_helpers_merge(&s);
    g_assert_cmpuint(s.nodes, ==, 123);
    g_assert_cmpuint(s.stats.tt_hits, ==, 12);
    g_assert_cmpuint(s.stats.probcut_cuts_low, ==, 3);
    g_assert_cmpuint(s.stats.rankcut_lookups, ==, 11);
    g_assert_cmpint(s.seldepth, ==, 9);
    // Collecting statistics, a search keeps to one thread.
    RankcutCounts counts;
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    rankcut_counts_init(&counts, "toy", "toy-eval", &edges);
    s.collect = &counts;
    g_assert_cmpint(search_helpers_prepare(&s), ==, 0);
    g_assert_cmpint(s.nhelpers, ==, 0);
    rankcut_counts_free(&counts);
    search_free(&s);
}

// ---------------------------------------------------------------------------------------
// Abalone and Go

static GameEngine *engine_threads(const GameDesc *game, int threads)
{
    char *t = g_strdup_printf("threads=%d", threads);
    char *sets[] = {"hash=4", "search=alphabeta", t, NULL}; // Lazy SMP (Go's default is mcts)
    GError *err = NULL;
    GameEngine *e = game_engine_new(game, NULL, sets, NULL, &err);
    g_assert_no_error(err);
    g_free(t);
    return e;
}

static SearchLimits depth_limits(int depth)
{
    SearchLimits l = {0};
    l.depth = depth;
    l.start_us = g_get_monotonic_time();
    return l;
}

static bool is_legal(const GameDesc *game, const GameState *s, Move m)
{
    Move *legal = g_new(Move, game->max_moves);
    int n = game->legal_moves(s, legal), j = 0;
    while (j < n && legal[j] != m) j++;
    g_free(legal);
    return j < n;
}

// A bench position after 0 to 19 random moves (fewer if the game ends).
static GameState *random_position(const GameDesc *game, GRand *rng)
{
    GError *err = NULL;
    int i = g_rand_int_range(rng, 0, game->bench_count);
    GameState *s = game->state_new(0, game->bench_positions[i], &err);
    g_assert_no_error(err);
    Move *legal = g_new(Move, game->max_moves);
    for (int k = g_rand_int_range(rng, 0, 20), n; k > 0; k--) {
        if ((n = game->legal_moves(s, legal)) == 0) break;
        game->play(s, legal[g_rand_int_range(rng, 0, n)]);
    }
    g_free(legal);
    return s;
}

// With 2 or 3 threads: a legal move that leads the principal variation, the depth asked for, a
// score that is a score (not a bound of the root window, within the forced results), and the
// helpers' nodes and counters inside the totals.
static void check_random_positions(const GameDesc *game, int depth)
{
    GRand *rng = test_rand();
    GameEngine *e[2] = {engine_threads(game, 2), engine_threads(game, 3)};
    for (int i = 0; i < TEST_SCALED(20); i++) {
        GameState *s = random_position(game, rng);
        Move *legal = g_new(Move, game->max_moves);
        int nlegal = game->legal_moves(s, legal);
        g_free(legal);
        if (nlegal == 0) {
            game->state_free(s);
            continue;
        }
        GameEngine *en = e[i % 2];
        Search *ms = &game_engine_core(en)->search;
        engine_new_game(game_engine_core(en));
        SearchLimits l = depth_limits(depth);
        SearchInfo info;
        Move m = game->search(en, s, &l, NULL, NULL, &info);
        g_assert_true(is_legal(game, s, m));
        g_assert_cmpint(info.depth, ==, depth);
        g_assert_cmpint(info.pv_len, >=, 1);
        g_assert_cmpuint(info.pv[0], ==, m);
        g_assert_cmpint(info.score, >=, -SCORE_MATE);
        g_assert_cmpint(info.score, <=, SCORE_MATE);
        g_assert_cmpint(ms->nhelpers, ==, 1 + i % 2);
        uint64_t helper_nodes = 0, helper_hits = 0;
        for (int k = 0; k < ms->nhelpers; k++) {
            helper_nodes += ms->helpers[k].nodes;
            helper_hits += ms->helpers[k].stats.tt_hits;
        }
        g_assert_cmpuint(info.nodes, ==, ms->nodes);
        g_assert_cmpuint(ms->nodes, >, helper_nodes);
        g_assert_cmpuint(ms->stats.tt_hits, >=, helper_hits);
        game->state_free(s);
    }
    game_engine_free(game, e[0]);
    game_engine_free(game, e[1]);
    g_rand_free(rng);
}

// Whose answer a search with helpers gives: the deepest completed iteration, the main
// search's on ties, never beyond a depth limit, never a helper that completed none.
static void test_pick_helper(void)
{
    g_assert_cmpint(search_pick_helper(5, (int[]){0}, 1, 0), ==, -1);
    g_assert_cmpint(search_pick_helper(5, (int[]){5}, 1, 0), ==, -1);
    g_assert_cmpint(search_pick_helper(5, (int[]){6}, 1, 0), ==, 0);
    g_assert_cmpint(search_pick_helper(5, (int[]){6, 7, 7, 4}, 4, 0), ==, 1);
    g_assert_cmpint(search_pick_helper(5, (int[]){6, 7}, 2, 6), ==, 0);
    g_assert_cmpint(search_pick_helper(6, (int[]){7, 8}, 2, 6), ==, -1);
    g_assert_cmpint(search_pick_helper(0, (int[]){1}, 1, 0), ==, 0);
    g_assert_cmpint(search_pick_helper(0, NULL, 0, 0), ==, -1);
}

// At a node limit, whoever answers: a legal move, the first of its principal variation, and
// nodes of all threads.
static void check_node_limit(const GameDesc *game, uint64_t nodes)
{
    GRand *rng = test_rand();
    GameEngine *en = engine_threads(game, 2);
    Search *ms = &game_engine_core(en)->search;
    for (int i = 0; i < TEST_SCALED(20); i++) {
        GameState *s = random_position(game, rng);
        Move *legal = g_new(Move, game->max_moves);
        int nlegal = game->legal_moves(s, legal);
        g_free(legal);
        if (nlegal > 0) {
            engine_new_game(game_engine_core(en));
            SearchLimits l = {.nodes = nodes};
            SearchInfo info;
            Move m = game->search(en, s, &l, NULL, NULL, &info);
            g_assert_true(is_legal(game, s, m));
            g_assert_cmpint(info.depth, >=, 1);
            g_assert_cmpint(info.pv_len, >=, 1);
            g_assert_cmpuint(info.pv[0], ==, m);
            g_assert_cmpuint(info.nodes, ==, ms->nodes);
            g_assert_cmpuint(ms->stats.helper_answers, <=, 1);
        }
        game->state_free(s);
    }
    game_engine_free(game, en);
    g_rand_free(rng);
}

static void test_node_limit(void)
{
    check_node_limit(&abalone_game_desc, 20000);
    check_node_limit(&go_game_desc, 5000);
}

static void test_abalone_random(void)
{
    check_random_positions(&abalone_game_desc, 4);
}

static void test_go_random(void)
{
    check_random_positions(&go_game_desc, 3);
}

// One thread after several is today's search: the same nodes as an engine that never had
// helpers, on every bench position.
static void check_one_after_many(const GameDesc *game, int depth)
{
    GameEngine *one = engine_threads(game, 1), *many = engine_threads(game, 3);
    GError *err = NULL;
    for (int i = 0; i < game->bench_count; i++) {
        GameState *s = game->state_new(0, game->bench_positions[i], &err);
        g_assert_no_error(err);
        Engine *core = game_engine_core(many);
        g_assert_true(engine_set(core, "threads=3", &err) && engine_apply(core, &err));
        engine_new_game(core);
        SearchLimits l = depth_limits(depth);
        SearchInfo a, b;
        game->search(many, s, &l, NULL, NULL, &a);
        g_assert_cmpint(core->search.nhelpers, ==, 2);
        g_assert_true(engine_set(core, "threads=1", &err) && engine_apply(core, &err));
        g_assert_no_error(err);
        engine_new_game(core);
        engine_new_game(game_engine_core(one));
        l = depth_limits(depth);
        Move ma = game->search(many, s, &l, NULL, NULL, &a);
        l = depth_limits(depth);
        Move mb = game->search(one, s, &l, NULL, NULL, &b);
        g_assert_cmpint(core->search.nhelpers, ==, 0);
        g_assert_cmpuint(ma, ==, mb);
        g_assert_cmpint(a.score, ==, b.score);
        g_assert_cmpuint(a.nodes, ==, b.nodes);
        game->state_free(s);
    }
    game_engine_free(game, one);
    game_engine_free(game, many);
}

static void test_one_after_many(void)
{
    check_one_after_many(&abalone_game_desc, 4);
    check_one_after_many(&go_game_desc, 3);
}

// ---------------------------------------------------------------------------------------
// Stopping: thousands of searches, and no thread left behind

typedef struct {
    const GameDesc *game;
    GameEngine *engine;
    const GameState *state;
    SearchInfo info;
    Move move;
    atomic_int started, done;
} Job;

static void *search_job(void *data)
{
    Job *j = data;
    SearchLimits l = {0};
    l.infinite = true;
    l.start_us = g_get_monotonic_time();
    atomic_store_explicit(&j->started, 1, memory_order_relaxed);
    j->move = j->game->search(j->engine, j->state, &l, NULL, NULL, &j->info);
    atomic_store_explicit(&j->done, 1, memory_order_release);
    return NULL;
}

// The threads of this process (Linux: the entries of /proc/self/task).
static int thread_count(void)
{
    DIR *d = opendir("/proc/self/task");
    g_assert_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

// The thread count once it is `want`, or after the deadline: a thread already joined can be
// listed for a moment longer while the kernel finishes its exit (seen under load), so a
// count is only wrong when it stays wrong.
static int thread_count_settled(int want)
{
    int64_t deadline = g_get_monotonic_time() + DEADLINE_US;
    int n;
    while ((n = thread_count()) != want && g_get_monotonic_time() < deadline) g_usleep(100);
    return n;
}

static void wait_flag(atomic_int *flag, const char *what, int cycle)
{
    int64_t deadline = g_get_monotonic_time() + DEADLINE_US;
    while (!atomic_load_explicit(flag, memory_order_acquire)) {
        if (g_get_monotonic_time() > deadline)
            g_error("cycle %d: %s after %d s", cycle, what, (int)(DEADLINE_US / G_USEC_PER_SEC));
        sched_yield();
    }
}

// `go infinite` on a thread of its own with 2 to 4 search threads, stopped after a random
// delay (up to 2 ms, one in eight at once): every search ends with a legal move, and once it
// has answered the process has no more threads than before it started.
static void check_stop_cycles(const GameDesc *game, int cycles)
{
    GameEngine *e[3] = {engine_threads(game, 2), engine_threads(game, 3), engine_threads(game, 4)};
    GError *err = NULL;
    GameState *s = game->state_new(0, game->bench_positions[0], &err);
    g_assert_no_error(err);
    int before = thread_count();
    for (int cycle = 1; cycle <= cycles; cycle++) {
        Job j = {.game = game, .engine = e[cycle % 3], .state = s};
        atomic_init(&j.started, 0);
        atomic_init(&j.done, 0);
        engine_clear_stop(game_engine_core(j.engine));
        int64_t delay = g_test_rand_int_range(0, 8) ? g_test_rand_int_range(0, 2000) : 0;
        pthread_t t;
        g_assert_cmpint(pthread_create(&t, NULL, search_job, &j), ==, 0);
        wait_flag(&j.started, "the search thread did not start", cycle);
        if (delay) g_usleep((gulong)delay);
        engine_request_stop(game_engine_core(j.engine));
        wait_flag(&j.done, "the search still runs after engine_request_stop", cycle);
        g_assert_cmpint(pthread_join(t, NULL), ==, 0);
        g_assert_true(is_legal(game, s, j.move));
        g_assert_cmpint(thread_count_settled(before), ==, before);
    }
    game->state_free(s);
    for (int k = 0; k < 3; k++) game_engine_free(game, e[k]);
}

static void test_stop_cycles_abalone(void)
{
    check_stop_cycles(&abalone_game_desc, TEST_SCALED(2000));
}

static void test_stop_cycles_go(void)
{
    check_stop_cycles(&go_game_desc, TEST_SCALED(1000));
}

// The helpers work while the main search runs: stopped only once every helper has published
// nodes, each has counted some, and the total is the main search's and theirs.
static void test_helpers_work(void)
{
    const GameDesc *game = &abalone_game_desc;
    GameEngine *e = engine_threads(game, 3);
    GError *err = NULL;
    GameState *s = game->state_new(0, game->bench_positions[0], &err);
    g_assert_no_error(err);
    Search *ms = &game_engine_core(e)->search;
    // A first search, in this thread, makes the helpers; the next one keeps them as they are,
    // so this thread may read where they are while it runs. Their published counts start
    // again from 0.
    SearchLimits l = depth_limits(1);
    SearchInfo info;
    game->search(e, s, &l, NULL, NULL, &info);
    g_assert_cmpint(ms->nhelpers, ==, 2);
    for (int k = 0; k < 2; k++) atomic_store(&ms->helpers[k].nodes_published, 0);
    Job j = {.game = game, .engine = e, .state = s};
    atomic_init(&j.started, 0);
    atomic_init(&j.done, 0);
    pthread_t t;
    g_assert_cmpint(pthread_create(&t, NULL, search_job, &j), ==, 0);
    int64_t deadline = g_get_monotonic_time() + DEADLINE_US;
    for (;;) {
        g_usleep(1000);
        if (atomic_load_explicit(&ms->helpers[0].nodes_published, memory_order_relaxed) &&
            atomic_load_explicit(&ms->helpers[1].nodes_published, memory_order_relaxed))
            break;
        if (g_get_monotonic_time() > deadline) g_error("the helpers counted no node in 10 s");
    }
    engine_request_stop(game_engine_core(e));
    wait_flag(&j.done, "the search still runs after engine_request_stop", 1);
    g_assert_cmpint(pthread_join(t, NULL), ==, 0);
    uint64_t sum = 0;
    for (int k = 0; k < 2; k++) {
        g_assert_cmpuint(ms->helpers[k].nodes, >, 0);
        sum += ms->helpers[k].nodes;
    }
    g_assert_cmpuint(ms->nodes, >, sum);
    g_assert_cmpuint(j.info.nodes, ==, ms->nodes);
    game->state_free(s);
    game_engine_free(game, e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/tt/threads-never-torn", test_tt_threads);
    g_test_add_func("/core/search/threads/toy-exact-without-tt", test_toy_exact_without_tt);
    g_test_add_func("/core/search/threads/merge", test_merge);
    g_test_add_func("/core/search/threads/pick-helper", test_pick_helper);
    g_test_add_func("/core/search/threads/node-limit", test_node_limit);
    g_test_add_func("/core/search/threads/one-after-many", test_one_after_many);
    g_test_add_func("/abalone/search/threads/random-positions", test_abalone_random);
    g_test_add_func("/go/search/threads/random-positions", test_go_random);
    g_test_add_func("/core/search/threads/helpers-work", test_helpers_work);
    g_test_add_func("/abalone/search/threads/stop-cycles", test_stop_cycles_abalone);
    g_test_add_func("/go/search/threads/stop-cycles", test_stop_cycles_go);
    return g_test_run();
}
