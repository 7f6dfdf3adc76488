// SPDX-License-Identifier: MIT
// The time manager: a table of controls and clocks in, soft and hard deadlines out, for every
// kind of control (per move, main time with increment and moves to go, byo-yomi, Canadian,
// none), the SEARCH_TIME_MAX cap, absurd input, the parameters, and the two questions a
// search asks.
#include <math.h>

#include "core/timeman.h"

#define START 1000000000 // microseconds: any monotonic time
#define NONE  INT64_MIN  // no deadline expected

typedef struct {
    const char *what;
    TimeControl control;
    TimeClock clock;
    int64_t soft, hard; // microseconds after START, or NONE
} Case;

// The expected values follow the rules in core/timeman.h under the default parameters: a 3 ms
// margin, soft at 60% of the soft budget, main time over 30 moves, 80% of a period.
static const Case cases[] = {
    {"no limit", {.kind = TIME_CONTROL_NONE}, {.main_left = 60}, NONE, NONE},
    {"per move", {.kind = TIME_CONTROL_PER_MOVE, .per_move = 1.5}, {.main_left = 0}, NONE, 1497000},
    {"per move, zero",
     {.kind = TIME_CONTROL_PER_MOVE, .per_move = 0},
     {.main_left = 0},
     NONE,
     NONE},
    {"per move, negative",
     {.kind = TIME_CONTROL_PER_MOVE, .per_move = -1},
     {.main_left = 0},
     NONE,
     NONE},
    {"per move, capped",
     {.kind = TIME_CONTROL_PER_MOVE, .per_move = 1e308},
     {.main_left = 0},
     NONE,
     9999999997000},
    // min(60 / 30, 30) = 2 s soft; min(8, 48) = 8 s hard.
    {"main time", {.kind = TIME_CONTROL_MAIN}, {.main_left = 60}, 1198200, 7997000},
    // min(2 + 2 * 0.8, 30) = 3.6 s; min(14.4, 48).
    {"main time, increment",
     {.kind = TIME_CONTROL_MAIN, .increment = 2},
     {.main_left = 60},
     2158200,
     14397000},
    // 1 / 30 + 8 is more than half of 1 s: 0.5 s soft; 0.8 s hard.
    {"main time, half at most",
     {.kind = TIME_CONTROL_MAIN, .increment = 10},
     {.main_left = 1},
     298200,
     797000},
    // 70 s over the 7 moves left of 10: 10 s; min(40, 56).
    {"moves to go",
     {.kind = TIME_CONTROL_MAIN, .moves_to_go = 10},
     {.main_left = 70, .moves_played = 3},
     5998200,
     39997000},
    {"moves to go, second run",
     {.kind = TIME_CONTROL_MAIN, .moves_to_go = 10},
     {.main_left = 70, .moves_played = 13},
     5998200,
     39997000},
    {"moves to go, a run starts",
     {.kind = TIME_CONTROL_MAIN, .moves_to_go = 10},
     {.main_left = 70, .moves_played = 10},
     4198200,
     27997000},
    {"main time, none left", {.kind = TIME_CONTROL_MAIN}, {.main_left = 0}, NONE, NONE},
    {"main time, negative", {.kind = TIME_CONTROL_MAIN}, {.main_left = -5}, NONE, NONE},
    {"main time, NaN", {.kind = TIME_CONTROL_MAIN}, {.main_left = NAN}, NONE, NONE},
    {"main time, capped",
     {.kind = TIME_CONTROL_MAIN},
     {.main_left = 1e308},
     5999999998200,
     9999999997000},
    // Under a per-move cap: min(cap, max(left / 30, 0.02)), no soft deadline.
    {"main time, cap acts",
     {.kind = TIME_CONTROL_MAIN, .per_move = 0.5},
     {.main_left = 60},
     NONE,
     497000},
    {"main time, cap idle",
     {.kind = TIME_CONTROL_MAIN, .per_move = 5},
     {.main_left = 3},
     NONE,
     97000},
    {"main time, cap, none left",
     {.kind = TIME_CONTROL_MAIN, .per_move = 1},
     {.main_left = 0},
     NONE,
     17000},
    // Canadian 600 s then 25 stones in 300 s.
    {"Canadian, main time",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600, .period_time = 300, .period_stones = 25},
     {.main_left = 120},
     2398200,
     15997000},
    {"Canadian, entering byo-yomi",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600, .period_time = 300, .period_stones = 25},
     {.period_left = 300, .stones_left = 25},
     NONE,
     9597000},
    {"Canadian, last stone",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600, .period_time = 300, .period_stones = 25},
     {.period_left = 5, .stones_left = 1},
     NONE,
     3997000},
    {"Canadian, at least 20 ms",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600, .period_time = 300, .period_stones = 25},
     {.period_left = 0.03, .stones_left = 3},
     NONE,
     17000},
    {"Canadian, negative period",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600, .period_time = 300, .period_stones = 25},
     {.period_left = -4, .stones_left = 3},
     NONE,
     17000},
    {"Canadian, capped per move",
     {.kind = TIME_CONTROL_CANADIAN, .per_move = 2, .period_time = 300, .period_stones = 25},
     {.period_left = 300, .stones_left = 25},
     NONE,
     1997000},
    // Absolute time run out: 0.05 s counted, 1.67 ms soft (before the margin), 6.67 ms hard.
    {"Canadian without periods, out",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600},
     {.main_left = 0},
     -800,
     3666},
    {"Canadian, negative main time",
     {.kind = TIME_CONTROL_CANADIAN, .main_time = 600},
     {.main_left = -5},
     -800,
     3666},
    // Byo-yomi 600 s then 5 periods of 30 s.
    {"byo-yomi, main time",
     {.kind = TIME_CONTROL_BYO_YOMI, .main_time = 600, .periods = 5, .period_time = 30},
     {.main_left = 100, .periods_left = 5},
     1998199,
     13330333},
    {"byo-yomi, main time almost over",
     {.kind = TIME_CONTROL_BYO_YOMI, .main_time = 600, .periods = 5, .period_time = 30},
     {.main_left = 2, .periods_left = 5},
     38199,
     263666},
    {"byo-yomi, entering byo-yomi",
     {.kind = TIME_CONTROL_BYO_YOMI, .main_time = 600, .periods = 5, .period_time = 30},
     {.main_left = 0, .periods_left = 5},
     NONE,
     23997000},
    {"byo-yomi, last period",
     {.kind = TIME_CONTROL_BYO_YOMI, .main_time = 600, .periods = 5, .period_time = 30},
     {.main_left = 0, .periods_left = 1},
     NONE,
     23997000},
    {"byo-yomi, every period lost",
     {.kind = TIME_CONTROL_BYO_YOMI, .main_time = 600, .periods = 5, .period_time = 30},
     {.main_left = 0, .periods_left = 0},
     -800,
     3666},
    {"byo-yomi, at least 20 ms",
     {.kind = TIME_CONTROL_BYO_YOMI, .periods = 5, .period_time = 0.01},
     {.main_left = 0, .periods_left = 2},
     NONE,
     17000},
    {"byo-yomi, capped per move",
     {.kind = TIME_CONTROL_BYO_YOMI, .per_move = 1, .periods = 5, .period_time = 30},
     {.main_left = 0, .periods_left = 3},
     NONE,
     997000},
    {"unknown kind", {.kind = (TimeControlKind)99, .per_move = 1}, {.main_left = 60}, NONE, NONE},
};

static void check(const TimemanParams *p, const Case *c)
{
    TimeDeadlines d;
    timeman_deadlines(p, &c->control, &c->clock, START, &d);
    g_test_message("%s", c->what);
    g_assert_cmpint(d.start_us, ==, START);
    g_assert_cmpint(d.soft_us, ==, c->soft == NONE ? 0 : START + c->soft);
    g_assert_cmpint(d.hard_us, ==, c->hard == NONE ? 0 : START + c->hard);
}

static void test_table(void)
{
    TimemanParams p;
    timeman_params_default(&p);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) check(&p, &cases[i]);
}

// The parameters are the factors: changing one moves the deadlines it governs.
static void test_params(void)
{
    TimemanParams p;
    timeman_params_default(&p);
    p.time_moves = 60;
    p.time_iteration_percent = 100;
    p.time_margin_us = 0;
    // min(60 / 60, 30) = 1 s soft, in full; min(4, 48) hard.
    check(
        &p,
        &(Case){"other factors", {.kind = TIME_CONTROL_MAIN}, {.main_left = 60}, 1000000, 4000000});
    p.time_period_share = 0.5;
    p.time_min_move = 1;
    check(&p, &(Case){"other period share",
                      {.kind = TIME_CONTROL_BYO_YOMI, .periods = 1, .period_time = 30},
                      {.periods_left = 1},
                      NONE,
                      15000000});
    check(&p, &(Case){"other floor",
                      {.kind = TIME_CONTROL_CANADIAN, .period_time = 30, .period_stones = 60},
                      {.period_left = 30, .stones_left = 60},
                      NONE,
                      1000000});
    p.time_min_left = 3;
    // 3 s counted: min(0.05, 1.5) soft, min(0.2, 2.4) hard.
    check(&p, &(Case){"other least main time",
                      {.kind = TIME_CONTROL_CANADIAN},
                      {.main_left = 0},
                      50000,
                      200000});
    ParamGroup g = timeman_params(&p);
    g_assert_cmpstr(g.name, ==, "timeman");
    g_assert_cmpuint(g.count, ==, 11);
    params_reset(&g);
    g_assert_cmpint(p.time_moves, ==, 30);
    g_assert_cmpfloat(p.time_default_move, ==, 1.0);
}

static void test_questions(void)
{
    TimeDeadlines d = {START, START + 100, START + 200};
    g_assert_true(timeman_may_start(&d, START + 100));
    g_assert_false(timeman_may_start(&d, START + 101));
    g_assert_false(timeman_must_stop(&d, START + 199));
    g_assert_true(timeman_must_stop(&d, START + 200));
    TimeDeadlines none = {START, 0, 0};
    g_assert_true(timeman_may_start(&none, INT64_MAX));
    g_assert_false(timeman_must_stop(&none, INT64_MAX));
    TimeControl c = timeman_per_move(2);
    g_assert_cmpint(c.kind, ==, TIME_CONTROL_PER_MOVE);
    g_assert_cmpfloat(c.per_move, ==, 2);
    c = timeman_main(3);
    g_assert_cmpint(c.kind, ==, TIME_CONTROL_MAIN);
    g_assert_cmpfloat(c.increment, ==, 3);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/timeman/table", test_table);
    g_test_add_func("/core/timeman/params", test_params);
    g_test_add_func("/core/timeman/questions", test_questions);
    return g_test_run();
}
