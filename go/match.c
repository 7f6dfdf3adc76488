// SPDX-License-Identifier: MIT
// What Go gives the match runner (core/game.h, "Matches"): SGF records, the clean-up move of
// our engines, and outside engines driven over GTP (GNU Go above all). An outside engine's
// board follows the game: the moves it has not seen are sent with play before each genmove
// (which plays the engine's own move on its board).
#include "go/match.h"

#include <stdio.h>
#include <string.h>

#include "go/gtp_client.h"
#include "go/notation.h"
#include "go/player.h"
#include "go/sgf.h"
#include "go/suite.h"

struct GameOutside {
    GoGtpClient *client;
    bool has_cleanup; // knows kgs-genmove_cleanup
    int synced;       // the engine's board holds the game's first `synced` moves
};

char *go_match_record(const GoGame *g, const GameRecordInfo *info)
{
    GoSgfInfo sgf;
    go_sgf_info_init(&sgf);
    sgf.black = g_strdup(info->black);
    sgf.white = g_strdup(info->white);
    sgf.date = g_strdup(info->date);
    const char *colour = info->winner == 0 ? "B" : "W";
    if (info->winner < -1)
        sgf.result = g_strdup("?");
    else if (info->result_reason && info->winner >= 0)
        sgf.result = g_strdup_printf("%s+%s", colour,
                                     g_str_has_prefix(info->result_reason, "resign") ? "R"
                                     : g_str_has_prefix(info->result_reason, "time") ? "T"
                                                                                     : "F");
    else
        sgf.result = go_score_text(go_game_score(g));
    for (int i = 0; i <= go_game_length(g); i++) {
        const char *c = i < info->ncomments ? info->comments[i] : NULL;
        char *text = NULL;
        if (i == 0)
            text = g_strdup_printf("%s%s%s", info->event, c ? "; " : "", c ? c : "");
        else if (i == go_game_length(g) && info->result_reason)
            text = g_strdup_printf("%s%s%s", c ? c : "", c ? "; " : "", info->result_reason);
        else if (c)
            text = g_strdup(c);
        if (i == 0) // the root's slot is there already
            g_free(g_ptr_array_index(sgf.comments, 0)), g_ptr_array_index(sgf.comments, 0) = text;
        else
            g_ptr_array_add(sgf.comments, text);
    }
    char *text = go_sgf_format(g, &sgf);
    go_sgf_info_free(&sgf);
    return text;
}

// The start position (go/suite.h's key of a board) and every move with its colour.
char *go_match_record_moves(const char *text, const char *source, GError **err)
{
    GoRules rules;
    go_rules_default(&rules);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GoGame g;
    bool ok = go_sgf_parse(text, source, &rules, &g, &info, err);
    go_sgf_info_free(&info);
    char *out = NULL;
    if (ok) {
        char *start = go_position_key(&g.start);
        GString *s = g_string_new(start);
        for (int i = 0; i < go_game_length(&g); i++) {
            const GoGameMove *m = go_game_move(&g, i);
            char v[GO_VERTEX_TEXT];
            g_string_append_printf(s, " %c %s", m->colour == GO_BLACK ? 'B' : 'W',
                                   go_vertex_format(&g.board, m->move, v));
        }
        g_free(start);
        out = g_string_free(s, FALSE);
    }
    go_game_free(&g);
    return out;
}

void go_match_choose_cleanup(GoEngine *e, const GoGame *g, const SearchLimits *limits,
                             GameChoice *c)
{
    GoChoice choice;
    go_player_choose(e, g, g->board.side, limits, GO_GENMOVE_CLEANUP, &choice);
    c->move = choice.move;
    c->info = choice.info;
    c->searched = choice.info.depth > 0;
}

// Asks a command and drops its answer.
static bool ask(GameOutside *o, int timeout_ms, GError **err, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);
static bool ask(GameOutside *o, int timeout_ms, GError **err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *command = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    char *answer = go_gtp_client_ask(o->client, timeout_ms, NULL, err, "%s", command);
    g_free(command);
    g_free(answer);
    return answer != NULL;
}

GameOutside *go_outside_start(const char *command, int timeout_ms, GError **err)
{
    GoGtpClient *c = go_gtp_client_start(command, err);
    if (!c) return NULL;
    GameOutside *o = g_new0(GameOutside, 1);
    o->client = c;
    char *known = go_gtp_client_ask(c, timeout_ms, NULL, err, "known_command kgs-genmove_cleanup");
    if (!known) {
        go_outside_kill(o);
        go_outside_free(o);
        return NULL;
    }
    o->has_cleanup = strcmp(g_strstrip(known), "true") == 0;
    g_free(known);
    return o;
}

bool go_outside_new_game(GameOutside *o, const GoGame *g, const GameOutsideLimits *limits,
                         int timeout_ms, GError **err)
{
    if (g->start.empty_count != g->start.size * g->start.size || g->start.side != GO_BLACK) {
        g_set_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE,
                    "GTP engines are given games from the empty board only");
        return false;
    }
    if (limits->depth > 0 || limits->nodes > 0) {
        g_set_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_USAGE,
                    "GTP has no depth or node limit: give a GTP engine --time-per-move or "
                    "--clock");
        return false;
    }
    o->synced = 0;
    if (!ask(o, timeout_ms, err, "boardsize %d", g->board.size) ||
        !ask(o, timeout_ms, err, "clear_board") ||
        !ask(o, timeout_ms, err, "komi %g", g->rules.komi))
        return false;
    // A time per move is byo-yomi of one stone; a clock is main time told with time_left
    // before each move. An engine that does not know time_settings plays as it likes.
    GError *ignored = NULL;
    if (limits->movetime > 0)
        ask(o, timeout_ms, &ignored, "time_settings 0 %d 1", MAX(1, (int)(limits->movetime + 0.5)));
    else if (limits->time_left[0] >= 0)
        ask(o, timeout_ms, &ignored, "time_settings %d 0 0", (int)limits->time_left[0]);
    if (ignored && !g_error_matches(ignored, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_REFUSED)) {
        g_propagate_error(err, ignored);
        return false;
    }
    g_clear_error(&ignored);
    return true;
}

// Sends the moves the engine has not seen.
static bool sync_moves(GameOutside *o, const GoGame *g, gint64 deadline, GError **err)
{
    for (; o->synced < go_game_length(g); o->synced++) {
        const GoGameMove *m = go_game_move(g, o->synced);
        char vertex[8];
        go_vertex_format(&g->board, m->move, vertex);
        int left = (int)MAX(1, (deadline - g_get_monotonic_time()) / 1000);
        if (!ask(o, left, err, "play %c %s", m->colour == GO_BLACK ? 'b' : 'w', vertex))
            return false;
    }
    return true;
}

bool go_outside_move(GameOutside *o, const GoGame *g, const GameOutsideLimits *limits, bool cleanup,
                     int timeout_ms, GameOutsideMove *out, GError **err)
{
    memset(out, 0, sizeof *out);
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    int side = g->board.side;
    char c = side == GO_BLACK ? 'b' : 'w';
    if (!sync_moves(o, g, deadline, err)) return false;
    int mover = side == GO_BLACK ? 0 : 1;
    GError *ignored = NULL;
    if (limits->time_left[mover] >= 0 && limits->movetime <= 0)
        ask(o, timeout_ms, &ignored, "time_left %c %d 0", c, (int)limits->time_left[mover]);
    g_clear_error(&ignored);
    int left = (int)MAX(1, (deadline - g_get_monotonic_time()) / 1000);
    char *answer =
        go_gtp_client_ask(o->client, left, NULL, err, "%s %c",
                          cleanup && o->has_cleanup ? "kgs-genmove_cleanup" : "genmove", c);
    if (!answer) return false;
    g_strstrip(answer);
    g_strlcpy(out->text, answer, sizeof out->text);
    bool ok = true;
    if (g_ascii_strcasecmp(answer, "resign") == 0) {
        out->move = MOVE_NONE;
    } else {
        GoGame *game = (GoGame *)g; // the legality check leaves the game as it was
        GError *e = NULL;
        out->move = go_vertex_parse(&g->board, answer, &e);
        const char *why = out->move == MOVE_NONE ? e->message
                          : !go_game_is_legal(game, side, out->move)
                              ? go_game_illegal_reason(game, side, out->move)
                              : NULL;
        if (why) {
            g_set_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL,
                        "GTP engine '%s' answered the illegal move '%s': %s",
                        go_gtp_client_command(o->client), answer, why);
            ok = false;
        }
        g_clear_error(&e);
    }
    if (ok && out->move != MOVE_NONE) o->synced = go_game_length(g) + 1; // it played it
    g_free(answer);
    return ok;
}

char *go_outside_final_score(GameOutside *o, const GoGame *g, int timeout_ms)
{
    GError *err = NULL;
    if (!sync_moves(o, g, g_get_monotonic_time() + (gint64)timeout_ms * 1000, &err)) {
        g_error_free(err);
        return NULL;
    }
    char *answer = go_gtp_client_ask(o->client, timeout_ms, NULL, &err, "final_score");
    g_clear_error(&err);
    return answer ? g_strstrip(answer) : NULL;
}

void go_outside_kill(GameOutside *o)
{
    if (o) go_gtp_client_kill(o->client);
}

void go_outside_free(GameOutside *o)
{
    if (!o) return;
    go_gtp_client_free(o->client);
    g_free(o);
}
