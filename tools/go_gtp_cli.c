// SPDX-License-Identifier: MIT
// `sumito go gtp`: the GTP engine on standard input and output, with move choice by the
// shared search (go/player.h) within the GTP clock or a fixed time per move, and the search
// and player parameters settable from the command line and over GTP (sumito-set).
#include <stdio.h>
#include <string.h>

#include "go/gtp.h"
#include "go/notation.h"
#include "go/player.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

typedef struct {
    GoEngine engine;
    double time_per_move; // 0: from the clock, or time_default_move without one
    bool verbose;
} GtpPlayer;

static Move gtp_genmove(void *data, const GoGame *g, int colour, const TimeControl *time,
                        const TimeClock *clock, bool cleanup)
{
    GtpPlayer *p = data;
    SearchLimits limits = {0};
    limits.start_us = g_get_monotonic_time();
    go_player_limits(&p->engine, p->time_per_move, time, clock, &limits);
    GoChoice c;
    go_player_choose(&p->engine, g, colour, &limits,
                     cleanup ? GO_GENMOVE_CLEANUP : GO_GENMOVE_NORMAL, &c);
    if (p->verbose) {
        double spent = (double)(g_get_monotonic_time() - limits.start_us) / 1e6;
        char v[GO_VERTEX_TEXT];
        fprintf(stderr,
                "genmove %s: %s (%s; depth %d, score %+.2f, %" G_GUINT64_FORMAT
                " nodes, %.2f s, extra komi %g)\n",
                colour == GO_BLACK ? "b" : "w",
                c.move == MOVE_NONE ? "resign" : go_vertex_format(&g->board, c.move, v),
                go_reason_text(c.reason), c.info.depth, (double)c.info.score / GO_POINT,
                c.info.nodes, spent, p->engine.extra);
    }
    return c.move;
}

static void gtp_status(void *data, const GoGame *g, uint8_t *status)
{
    go_player_status(&((GtpPlayer *)data)->engine, g, status);
}

// sumito-set and sumito-params: the search and player parameters (the rules come from the
// command line, and komi from the komi command).
static bool gtp_params(void *data, const char *name, const char *value, GString *reply)
{
    GtpPlayer *p = data;
    ParamGroup groups[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(&p->engine.core, groups) - 1; // the rules group comes last
    if (!name) {
        for (int g = 0; g < n; g++)
            for (size_t i = 0; i < groups[g].count; i++) {
                char *text = params_value_text(&groups[g].desc[i], groups[g].obj);
                g_string_append_printf(reply, "%s%s %s", reply->len ? "\n" : "",
                                       groups[g].desc[i].name, text);
                g_free(text);
            }
        return true;
    }
    GError *err = NULL;
    bool ok =
        params_set(groups, (size_t)n, name, value, &err) && engine_apply(&p->engine.core, &err);
    if (!ok) {
        g_string_assign(reply, err->message);
        g_error_free(err);
    }
    return ok;
}

int go_cli_gtp(int argc, char **argv)
{
    static char **sets, *config, *rankcut_file, *version;
    static double movetime;
    static gboolean verbose;
    const GOptionEntry entries[] = {
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a parameter: search (rankcut, hash, ...), player (resign, ...) or rules (ko, suicide, "
         "komi, move_cap); see sumito params",
         "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &config, "parameters from a file", "FILE"},
        {"rankcut-file", 0, 0, G_OPTION_ARG_FILENAME, &rankcut_file,
         "RankCut statistics (default: the built-in 9x9 ones)", "FILE"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &movetime,
         "seconds per move (default: from the GTP clock, else time_default_move)", "S"},
        {"override-version", 0, 0, G_OPTION_ARG_STRING, &version,
         "the answer to GTP version (Lizzie wants Leela Zero's, 0.15 or later: 0.17)", "TEXT"},
        {"verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
         "a line per genmove on stderr: move, reason, depth, score, nodes, time, extra komi", NULL},
        G_OPTION_ENTRY_NULL};
    LabOptions *o = lab_options_new(
        "- Go Text Protocol engine",
        "Speaks GTP version 2 on standard input and output (list_commands lists the "
        "commands). genmove searches with the shared alpha-beta search and RankCut (or, "
        "with --set search=mcts, the Monte Carlo tree search) within "
        "the clock (time_settings, kgs-time_settings, time_left) or --time-per-move; "
        "kgs-genmove_cleanup "
        "captures dead stones before passing; final_status_list judges the stones by the "
        "ownership of a Monte Carlo search's playouts; lz-analyze, kata-analyze and analyze stream "
        "live analysis (Sabaki, Lizzie) until the next command; sumito-set NAME VALUE changes a "
        "search or player parameter, sumito-params lists them.");
    lab_options_add(o, entries);
    bool ok = cli_parse(o, &argc, &argv);
    lab_options_free(o);
    if (ok && argc > 1) ok = (cli_error("unexpected argument '%s'", argv[1]), false);
    if (ok && !(movetime >= 0 && movetime <= 86400))
        ok = (cli_error("--time-per-move must be 0 to 86400 seconds"), false);
    if (!ok) return EXIT_BAD_INPUT;
    GtpPlayer *p = g_new0(GtpPlayer, 1);
    if (!go_cli_engine_setup(&p->engine, sets, config, rankcut_file)) {
        g_free(p);
        return EXIT_BAD_INPUT;
    }
    p->time_per_move = movetime;
    p->verbose = verbose;
    GoGtp *e = g_new(GoGtp, 1);
    go_gtp_init(e, &p->engine.rules);
    e->version = version;
    go_gtp_set_genmove(e, gtp_genmove, p);
    go_gtp_set_params(e, gtp_params, p);
    go_gtp_set_status(e, gtp_status, p);
    go_gtp_set_engine(e, &p->engine);
    go_gtp_run(e, stdin, stdout);
    go_gtp_free(e);
    g_free(e);
    go_engine_free(&p->engine);
    g_free(p);
    return 0;
}
