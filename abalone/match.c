// SPDX-License-Identifier: MIT
// What Abalone gives the match runner (core/game.h, "Matches"): game records in the project's
// record format, and outside engines driven over the Abalone engine protocol (any program
// that speaks what `sumito abalone aep` speaks).
#include "abalone/match.h"

#include <stdio.h>
#include <string.h>

#include "abalone/aep_client.h"
#include "abalone/notation.h"
#include "abalone/record.h"

struct GameOutside {
    AbaloneAepClient *client;
};

char *abalone_match_record(const AbaloneGame *g, const GameRecordInfo *info)
{
    AbaloneRecord rec;
    abalone_record_init(&rec, &g->start, NULL, &g->rules);
    abalone_record_set_tag(&rec, "Event", info->event);
    abalone_record_set_tag(&rec, "Date", info->date);
    abalone_record_set_tag(&rec, "Black", info->black);
    abalone_record_set_tag(&rec, "White", info->white);
    if (info->result_reason) abalone_record_set_tag(&rec, "Termination", info->result_reason);
    if (info->ncomments > 0 && info->comments[0]) {
        g_free(g_ptr_array_index(rec.comments, 0));
        g_ptr_array_index(rec.comments, 0) = g_strdup(info->comments[0]);
    }
    for (int i = 0; i < abalone_game_length(g); i++)
        abalone_record_play(&rec, abalone_game_move(g, i),
                            i + 1 < info->ncomments ? info->comments[i + 1] : NULL);
    rec.result = info->winner == 0    ? ABALONE_BLACK_WINS
                 : info->winner == 1  ? ABALONE_WHITE_WINS
                 : info->winner == -1 ? ABALONE_DRAW
                                      : ABALONE_ONGOING;
    char *text = abalone_record_format(&rec);
    abalone_record_free(&rec);
    return text;
}

// The start position and every move (Aba-Pro notation, which names the side by its marbles).
char *abalone_match_record_moves(const char *text, const char *source, GError **err)
{
    AbaloneRecord rec;
    char *out = NULL;
    if (abalone_record_parse(&rec, text, source, NULL, err)) {
        char pos[ABALONE_POSITION_TEXT], mv[ABALONE_MOVE_TEXT];
        AbaloneBoard b = rec.game.start;
        GString *s = g_string_new(abalone_position_format(&b, pos));
        for (int i = 0; i < abalone_game_length(&rec.game); i++) {
            Move m = abalone_game_move(&rec.game, i);
            g_string_append_printf(s, " %s",
                                   abalone_move_format(&b, m, ABALONE_NOTATION_ABAPRO, mv));
            AbaloneUndo u;
            abalone_board_make(&b, m, &u);
        }
        out = g_string_free(s, FALSE);
    }
    abalone_record_free(&rec);
    return out;
}

GameOutside *abalone_outside_start(const char *command, int timeout_ms, GError **err)
{
    AbaloneAepClient *c = abalone_aep_client_start(command, err);
    if (!c) return NULL;
    if (!abalone_aep_client_handshake(c, timeout_ms, err)) {
        abalone_aep_client_kill(c);
        abalone_aep_client_free(c);
        return NULL;
    }
    GameOutside *o = g_new0(GameOutside, 1);
    o->client = c;
    return o;
}

bool abalone_outside_new_game(GameOutside *o, const AbaloneGame *g, int timeout_ms, GError **err)
{
    (void)g; // the position goes with every move request
    return abalone_aep_client_new_game(o->client, timeout_ms, err);
}

// The protocol's limits: milliseconds, at least 1 where a limit is given.
static void aep_limits(const GameOutsideLimits *l, AbaloneAepLimits *out)
{
    memset(out, 0, sizeof *out);
    if (l->movetime > 0) out->movetime_ms = MAX(1, (gint64)(l->movetime * 1000));
    out->depth = l->depth;
    out->nodes = l->nodes;
    if (l->time_left[0] >= 0 && l->time_left[1] >= 0) {
        out->btime_ms = MAX(1, (gint64)(l->time_left[0] * 1000));
        out->wtime_ms = MAX(1, (gint64)(l->time_left[1] * 1000));
        out->binc_ms = out->winc_ms = (gint64)(l->increment * 1000);
    }
}

bool abalone_outside_move(GameOutside *o, const AbaloneGame *g, const GameOutsideLimits *limits,
                          int timeout_ms, GameOutsideMove *out, GError **err)
{
    memset(out, 0, sizeof *out);
    char start[ABALONE_POSITION_TEXT];
    abalone_position_format(&g->start, start);
    int n = abalone_game_length(g);
    char **moves = g_new0(char *, n + 1);
    for (int i = 0; i < n; i++) {
        char text[ABALONE_MOVE_TEXT];
        abalone_move_format(abalone_game_position(g, i), abalone_game_move(g, i),
                            ABALONE_NOTATION_ABAPRO, text);
        moves[i] = g_strdup(text);
    }
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
    bool ok =
        abalone_aep_client_position(o->client, start, (const char *const *)moves, timeout_ms, err);
    g_strfreev(moves);
    AbaloneAepLimits l;
    aep_limits(limits, &l);
    AbaloneAepResult r = {0};
    int left = (int)MAX(1, (deadline - g_get_monotonic_time()) / 1000);
    ok = ok && abalone_aep_client_go(o->client, &l, left, &r, err);
    if (!ok) return false;
    g_strlcpy(out->text, r.bestmove, sizeof out->text);
    if (strcmp(r.bestmove, "none") == 0) {
        out->move = MOVE_NONE;
    } else {
        GError *e = NULL;
        out->move = abalone_move_parse(&g->board, r.bestmove, ABALONE_NOTATION_ABAPRO, &e);
        if (out->move == MOVE_NONE) {
            g_set_error(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_PROTOCOL,
                        "AEP engine '%s' answered the illegal move '%s': %s",
                        abalone_aep_client_command(o->client), r.bestmove, e->message);
            g_error_free(e);
            ok = false;
        }
    }
    if (r.has_info) {
        out->depth = r.depth;
        if (r.score_kind == ABALONE_AEP_SCORE_CP)
            snprintf(out->score, sizeof out->score, "cp %d", r.score);
        else if (r.score_kind == ABALONE_AEP_SCORE_WIN)
            snprintf(out->score, sizeof out->score, "win %d", r.score);
        else if (r.score_kind == ABALONE_AEP_SCORE_LOSS)
            snprintf(out->score, sizeof out->score, "loss %d", r.score);
    }
    abalone_aep_result_clear(&r);
    return ok;
}

void abalone_outside_kill(GameOutside *o)
{
    if (o) abalone_aep_client_kill(o->client);
}

void abalone_outside_free(GameOutside *o)
{
    if (!o) return;
    abalone_aep_client_free(o->client);
    g_free(o);
}
