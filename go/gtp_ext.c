// SPDX-License-Identifier: MIT
// The GTP engine's extension commands (go/gtp_ext.h) but the rules commands (go/gtp_rules.c).
#include "go/gtp_ext.h"

#include <string.h>
#include <time.h>

#include "go/notation.h"
#include "go/ownership.h"

bool go_gtp_cmd_cputime(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_printf(reply, "%.3f", (double)clock() / CLOCKS_PER_SEC);
    return true;
}

bool go_gtp_cmd_analyze_commands(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_assign(reply, "gfx/Ownership/sumito-ownership\nvar/Principal variation/sumito-pv");
    return true;
}

// GoGui's INFLUENCE map: each point's ownership by the Monte Carlo search's playouts, Black's
// share minus White's (status_playouts playouts, or the last search's when it was of the
// position).
bool go_gtp_cmd_ownership(GoGtp *e, int argc, char **argv, GString *reply)
{
    const MctsOwnership *o =
        go_engine_ownership(e->engine, &e->game, e->engine->player.status_playouts);
    const GoBoard *b = &e->game.board;
    g_string_assign(reply, "INFLUENCE");
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            char v[GO_VERTEX_TEXT];
            double own = go_ownership_share(o, p, GO_BLACK) - go_ownership_share(o, p, GO_WHITE);
            g_string_append_printf(reply, " %s %.3f", go_vertex_format(b, (Move)p, v), own);
        }
    return true;
}

// The principal variation of a search of the side to move's move (time_default_move), as
// GoGui's var type wants it: "b D4 w E5 ...".
bool go_gtp_cmd_pv(GoGtp *e, int argc, char **argv, GString *reply)
{
    GoEngine *engine = e->engine;
    SearchLimits limits = {.time = timeman_per_move(engine->core.params.timeman.time_default_move)};
    limits.start_us = g_get_monotonic_time();
    SearchInfo info;
    int colour = e->game.board.side;
    go_engine_search(engine, &e->game, colour, &limits, NULL, NULL, &info);
    g_string_truncate(reply, 0);
    for (int i = 0; i < info.pv_len; i++, colour = go_other(colour)) {
        char v[GO_VERTEX_TEXT];
        g_string_append_printf(reply, "%s%c %s", i ? " " : "", colour == GO_BLACK ? 'b' : 'w',
                               go_vertex_format(&e->game.board, info.pv[i], v));
    }
    return true;
}

// ---------------------------------------------------------------------------------------
// Live analysis (go/gtp_analyze.h)

// lz-analyze, kata-analyze, analyze: "=id" now, the lines while go_gtp_run searches, and the
// empty line when the next input line comes (go_gtp_handle_line).
static bool run_analyze(GoGtp *e, int argc, char **argv, GString *reply, bool kata)
{
    if (!go_analyze_parse(&e->game, argc, argv, kata, &e->analysis, reply)) return false;
    e->analysing = true;
    return true;
}

bool go_gtp_cmd_lz_analyze(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_analyze(e, argc, argv, reply, false);
}

bool go_gtp_cmd_kata_analyze(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_analyze(e, argc, argv, reply, true);
}

// lz-genmove_analyze, kata-genmove_analyze: genmove, then the line of its search and
// "play MOVE" (the protocol's synchronous form: the next input line waits for it).
static bool run_genmove_analyze(GoGtp *e, int argc, char **argv, GString *reply, bool kata)
{
    GoAnalyzeRequest r;
    Move m;
    if (!go_analyze_parse(&e->game, argc, argv, kata, &r, reply) ||
        !go_gtp_choose(e, r.colour, false, &m, reply))
        return false;
    char v[GO_VERTEX_TEXT];
    g_string_assign(reply, "\n");
    go_analyze_format(e->engine, &e->game, &r, NULL, reply);
    g_string_append_printf(reply, "play %s",
                           m == MOVE_NONE ? "resign" : go_vertex_format(&e->game.board, m, v));
    if (m != MOVE_NONE) go_gtp_play(e, r.colour, m);
    e->bare_id = true;
    return true;
}

bool go_gtp_cmd_lz_genmove_analyze(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_genmove_analyze(e, argc, argv, reply, false);
}

bool go_gtp_cmd_kata_genmove_analyze(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_genmove_analyze(e, argc, argv, reply, true);
}
