// SPDX-License-Identifier: MIT
// The time manager's rules: from a control and a clock to a move's two deadlines.
#include "core/timeman.h"

#include <glib.h>

PARAMS_DEFINE(TimemanParams, TIMEMAN_PARAMS, "timeman", timeman_params, timeman_params_default)

TimeControl timeman_per_move(double seconds)
{
    return (TimeControl){.kind = TIME_CONTROL_PER_MOVE, .per_move = seconds};
}

TimeControl timeman_main(double increment)
{
    return (TimeControl){.kind = TIME_CONTROL_MAIN, .increment = increment};
}

// A budget in seconds: soft and hard (0: none).
typedef struct {
    double soft, hard;
} Budget;

// Main time: a share of what is left plus most of the increment, never more than a share of
// what is left; the hard limit lets a move that needs it take a few times that.
static Budget main_budget(const TimemanParams *p, double left, double inc, int moves)
{
    Budget b = {0, 0};
    if (!(left > 0)) return b;
    double t = left / moves + inc * p->time_increment_share;
    b.soft = MIN(t, left * p->time_max_share);
    b.hard = MIN(b.soft * p->time_hard_factor, left * p->time_hard_share);
    return b;
}

// The moves the main time is shared over: the control's moves to go (what is left of the
// current run of them), else time_moves.
static int main_moves(const TimemanParams *p, const TimeControl *c, const TimeClock *k)
{
    if (c->kind != TIME_CONTROL_MAIN || c->moves_to_go <= 0) return p->time_moves;
    int played = k->moves_played > 0 ? k->moves_played % c->moves_to_go : 0;
    return c->moves_to_go - played;
}

// Whether the clock is in a byo-yomi or Canadian period (main time is over).
static bool in_period(const TimeControl *c, const TimeClock *k)
{
    if (c->kind == TIME_CONTROL_BYO_YOMI) return !(k->main_left > 0) && k->periods_left > 0;
    return c->kind == TIME_CONTROL_CANADIAN && k->stones_left > 0;
}

// The budget of a move under a clock control (main time, byo-yomi, Canadian).
static Budget clock_budget(const TimemanParams *p, const TimeControl *c, const TimeClock *k)
{
    bool period = in_period(c, k), periods = c->kind != TIME_CONTROL_MAIN;
    double cap = c->per_move;
    if (period || cap > 0) {
        // A fixed budget, used in full: the period's share (a byo-yomi period is the time of
        // one move, a Canadian one is shared by its stones), or main time's under a cap.
        double t = !period ? k->main_left / p->time_moves
                   : c->kind == TIME_CONTROL_BYO_YOMI
                       ? c->period_time * p->time_period_share
                       : k->period_left / k->stones_left * p->time_period_share;
        t = MAX(t, p->time_min_move);
        return (Budget){0, cap > 0 ? MIN(cap, t) : t};
    }
    double left = periods ? MAX(k->main_left, p->time_min_left) : k->main_left;
    return main_budget(p, left, periods ? 0 : c->increment, main_moves(p, c, k));
}

// The deadline `seconds` after start, time_margin_us early (0: none).
static int64_t deadline(const TimemanParams *p, int64_t start_us, double seconds)
{
    if (!(seconds > 0)) return 0;
    return start_us + (int64_t)(MIN(seconds, SEARCH_TIME_MAX) * 1e6) - p->time_margin_us;
}

void timeman_deadlines(const TimemanParams *p, const TimeControl *c, const TimeClock *k,
                       int64_t start_us, TimeDeadlines *out)
{
    *out = (TimeDeadlines){start_us, 0, 0};
    Budget b = {0, 0};
    switch (c->kind) {
    case TIME_CONTROL_PER_MOVE: b.hard = c->per_move; break;
    case TIME_CONTROL_MAIN:
    case TIME_CONTROL_BYO_YOMI:
    case TIME_CONTROL_CANADIAN: b = clock_budget(p, c, k); break;
    default: break;
    }
    out->hard_us = deadline(p, start_us, b.hard);
    // No new iteration past a share of the soft budget: the next one would take longer than
    // all the earlier ones together.
    int64_t soft = deadline(p, start_us, b.soft);
    if (soft) out->soft_us = start_us + (soft - start_us) * p->time_iteration_percent / 100;
}
