// SPDX-License-Identifier: MIT
// The GTP engine's clock commands (go/gtp_ext.h): time_settings (Canadian byo-yomi, as the
// specification has it), kgs-time_settings (also absolute time and Japanese byo-yomi) and
// time_left, which set the GoClock of go/gtp.h, and go_gtp_clock, which turns that clock into
// the time control and clock of colour's next move for the time manager.
#include "go/gtp_ext.h"

#include <string.h>

// n whole numbers, 0 or more, from argv (more arguments are ignored); false when one is not.
static bool parse_times(int argc, char **argv, int n, int *v)
{
    for (int i = 0; i < n; i++)
        if (argc < n || !go_gtp_parse_int(argv[i], &v[i]) || v[i] < 0) return false;
    return true;
}

// Canadian byo-yomi: M seconds, then B seconds for S stones (B = 0: none; B > 0 without stones,
// or nothing at all: no time limits, as the specification says).
static TimeControl canadian(int m, int b, int s)
{
    if ((b > 0 && s == 0) || (m == 0 && b == 0)) return (TimeControl){.kind = TIME_CONTROL_NONE};
    return (TimeControl){
        .kind = TIME_CONTROL_CANADIAN, .main_time = m, .period_time = b, .period_stones = s};
}

static void set_control(GoGtp *e, TimeControl c)
{
    e->clock.control = c;
    e->clock.has_left[GO_BLACK] = e->clock.has_left[GO_WHITE] = false;
}

bool go_gtp_cmd_time_settings(GoGtp *e, int argc, char **argv, GString *reply)
{
    int v[3];
    if (!parse_times(argc, argv, 3, v)) return g_string_assign(reply, "syntax error"), false;
    set_control(e, canadian(v[0], v[1], v[2]));
    return true;
}

// kgs-time_settings none | absolute M | byoyomi M T P | canadian M T S.
bool go_gtp_cmd_kgs_time_settings(GoGtp *e, int argc, char **argv, GString *reply)
{
    static const char *const kinds[4] = {"none", "absolute", "byoyomi", "canadian"};
    int kind = -1, v[3] = {0, 0, 0};
    for (int k = 0; argc >= 1 && k < 4; k++)
        if (strcmp(argv[0], kinds[k]) == 0) kind = k;
    if (kind < 0 || !parse_times(argc - 1, argv + 1, kind == 0 ? 0 : kind == 1 ? 1 : 3, v))
        return g_string_assign(reply, "syntax error"), false;
    // Byo-yomi without periods is absolute time; none is no time at all.
    if (kind == 2 && v[1] > 0 && v[2] > 0)
        set_control(e, (TimeControl){.kind = TIME_CONTROL_BYO_YOMI,
                                     .main_time = v[0],
                                     .period_time = v[1],
                                     .periods = v[2]});
    else
        set_control(e, canadian(v[0], kind == 3 ? v[1] : 0, kind == 3 ? v[2] : 0));
    return true;
}

void go_gtp_clock(const GoClock *c, int colour, TimeControl *time, TimeClock *clock)
{
    *time = c->control;
    *clock = (TimeClock){.main_left = 0};
    bool byo_yomi = time->kind == TIME_CONTROL_BYO_YOMI;
    if (c->has_left[colour]) {
        // The controller's clock: stones (periods, in Japanese byo-yomi) left, or main time.
        if (time->kind == TIME_CONTROL_NONE) *time = (TimeControl){.kind = TIME_CONTROL_CANADIAN};
        int left = c->time_left[colour], stones = c->stones_left[colour];
        if (stones == 0)
            clock->main_left = left;
        else if (byo_yomi)
            clock->periods_left = stones;
        else
            clock->period_left = left, clock->stones_left = stones;
        return;
    }
    if (time->kind == TIME_CONTROL_NONE) return;
    double main_left = time->main_time - c->used[colour];
    if (main_left > 0 || time->period_time == 0) {
        clock->main_left = MAX(main_left, 0);
    } else if (byo_yomi) {
        clock->periods_left = time->periods;
    } else {
        clock->period_left = time->period_time;
        clock->stones_left = time->period_stones;
    }
}

bool go_gtp_cmd_time_left(GoGtp *e, int argc, char **argv, GString *reply)
{
    int colour = go_gtp_arg_colour(argc, argv), t, stones;
    if (argc < 3 || colour == GO_EMPTY || !go_gtp_parse_int(argv[1], &t) ||
        !go_gtp_parse_int(argv[2], &stones) || t < 0 || stones < 0)
        return g_string_assign(reply, "syntax error"), false;
    e->clock.time_left[colour] = t;
    e->clock.stones_left[colour] = stones;
    e->clock.has_left[colour] = true;
    return true;
}
