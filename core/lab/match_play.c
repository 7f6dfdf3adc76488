// SPDX-License-Identifier: MIT
// One game of a match (core/lab/match_play.h).
#include "core/lab/match_play.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/engine_pipe.h"
#include "core/lab/lab.h"

// How long an outside engine may take to start and shake hands, or to set up a game.
#define MATCH_START_MS 30000
// A clean-up phase ends after this many moves a point of the board at most.
#define MATCH_CLEANUP_PER_POINT 1

GameOutsideLimits match_outside_limits(const MatchLimits *l)
{
    GameOutsideLimits g = {l->movetime, l->depth, l->nodes, {-1, -1}, l->increment};
    if (l->clock > 0) g.time_left[0] = g.time_left[1] = l->clock;
    return g;
}

bool match_seat_init(MatchSeat *seat, const MatchOptions *o, const MatchPlayer *p, GError **err)
{
    memset(seat, 0, sizeof *seat);
    seat->player = p;
    if (p->command) return true; // started when first needed
    seat->engine = game_engine_new(o->game, p->config, p->sets, p->rankcut_file, err);
    return seat->engine != NULL;
}

void match_seat_clear(MatchSeat *seat, const MatchOptions *o)
{
    if (seat->engine) game_engine_free(o->game, seat->engine);
    if (seat->outside) o->game->outside_free(seat->outside);
    memset(seat, 0, sizeof *seat);
}

typedef struct {
    const MatchOptions *o;
    const GameDesc *game;
    MatchSeat *seats; // [0] the first-named player
    GameState *s;
    GPtrArray *comments;   // char *: [0] before the first move, [i] after move i
    MatchLimits limits[2]; // each player's (match_limits_of)
    double left[2];        // each player's clock
    MatchGame *out;
    int loser; // the player who lost other than by the rules (-1: none)
    char reason[160];
    double in_players; // seconds spent inside the players' calls
} Play;

static int player_of(const Play *p, int side)
{
    return side == p->out->first_side ? 0 : 1;
}

static void lose(Play *p, int who, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
static void lose(Play *p, int who, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->reason, sizeof p->reason, fmt, ap);
    va_end(ap);
    for (char *c = p->reason; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    p->loser = who;
}

// The milliseconds an outside engine may take for a move before it has hung.
static int outside_timeout(const Play *p, int who)
{
    double limit = p->limits[who].movetime;
    if (p->limits[who].clock > 0) limit = MAX(limit, p->left[who]);
    return (int)MIN((limit + p->o->hang) * 1000, G_MAXINT / 2);
}

// Starts a seat's outside engine and sets up the game; false when it lost the game so.
static bool outside_ready(Play *p, int who)
{
    MatchSeat *seat = &p->seats[who];
    GameOutsideLimits limits = match_outside_limits(&p->limits[who]);
    for (int attempt = 0; attempt < 2; attempt++) {
        GError *err = NULL;
        if (!seat->outside)
            seat->outside = p->game->outside_start(seat->player->command, MATCH_START_MS, &err);
        if (seat->outside &&
            p->game->outside_new_game(seat->outside, p->s, &limits, MATCH_START_MS, &err))
            return true;
        if (attempt == 1) lose(p, who, "forfeit: %s", err->message);
        g_error_free(err);
        if (seat->outside) p->game->outside_kill(seat->outside);
        p->game->outside_free(seat->outside);
        seat->outside = NULL;
    }
    return false;
}

// The comment after an engine's move: depth, score and time.
static char *move_comment(int depth, const char *score, double seconds, bool cleanup)
{
    GString *c = g_string_new(NULL);
    if (depth > 0) g_string_append_printf(c, "depth %d ", depth);
    if (score && *score) g_string_append_printf(c, "score %s ", score);
    g_string_append_printf(c, "time %.3f s%s", seconds, cleanup ? " (clean-up)" : "");
    return g_string_free(c, FALSE);
}

// Our engine's move; false when Ctrl-C stopped it.
static bool our_move(Play *p, int who, int side, bool cleanup, Move *m, char **comment,
                     double *seconds)
{
    MatchSeat *seat = &p->seats[who];
    const MatchLimits *l = &p->limits[who];
    SearchLimits limits = lab_limits(l->movetime, l->nodes, l->depth);
    if (l->clock > 0 && limits.time.kind == TIME_CONTROL_NONE) {
        limits.time = timeman_main(l->increment);
        limits.clock.main_left = MAX(p->left[who], 0.01);
    }
    GameChoice c;
    atomic_store(&seat->searching, game_engine_core(seat->engine));
    if (lab_interrupted()) return false;
    double t0 = lab_now();
    if (cleanup)
        p->game->choose_cleanup(seat->engine, p->s, &limits, &c);
    else
        p->game->choose(seat->engine, p->s, &limits, &c);
    *seconds = lab_now() - t0;
    atomic_store(&seat->searching, (Engine *)NULL);
    if (lab_interrupted()) return false;
    (void)side;
    *m = c.move;
    GString *score = g_string_new(NULL);
    if (c.searched) search_format_score(c.info.score, score);
    *comment = move_comment(c.searched ? c.info.depth : 0, score->str, *seconds, cleanup);
    g_string_free(score, TRUE);
    return true;
}

// An outside engine's move; false when it lost the game by failing (the reason is set).
static bool outside_move(Play *p, int who, int side, bool cleanup, Move *m, char **comment,
                         double *seconds)
{
    MatchSeat *seat = &p->seats[who];
    GameOutsideLimits limits = match_outside_limits(&p->limits[who]);
    if (p->limits[who].clock > 0) {
        // An opponent without a clock is told this player's own time left.
        limits.time_left[side] = MAX(p->left[who], 0.001);
        limits.time_left[1 - side] =
            MAX(p->limits[1 - who].clock > 0 ? p->left[1 - who] : p->left[who], 0.001);
    }
    GameOutsideMove answer;
    GError *err = NULL;
    double t0 = lab_now();
    bool ok = p->game->outside_move(seat->outside, p->s, &limits, cleanup, outside_timeout(p, who),
                                    &answer, &err);
    *seconds = lab_now() - t0;
    if (!ok) {
        bool hung = g_error_matches(err, ENGINE_PIPE_ERROR, ENGINE_PIPE_ERROR_TIMEOUT);
        lose(p, who, "forfeit: %s%s", hung ? "hung: " : "", err->message);
        g_error_free(err);
        p->game->outside_kill(seat->outside);
        p->game->outside_free(seat->outside);
        seat->outside = NULL; // restarted for the next game
        return false;
    }
    *m = answer.move;
    *comment = move_comment(answer.depth, answer.score, *seconds, cleanup);
    return true;
}

// One move of the side to move: 1 played, 0 the game ended otherwise (resignation, forfeit),
// -1 abandoned (Ctrl-C).
static int one_move(Play *p, bool cleanup)
{
    if (lab_interrupted()) return -1;
    int side = p->game->side(p->s), who = player_of(p, side);
    Move m = MOVE_NONE;
    char *comment = NULL;
    double t = 0;
    if (p->seats[who].engine) {
        if (!our_move(p, who, side, cleanup, &m, &comment, &t)) return -1;
    } else if (!outside_move(p, who, side, cleanup, &m, &comment, &t)) {
        p->in_players += t;
        return lab_interrupted() ? -1 : 0;
    }
    p->in_players += t;
    MatchGame *g = p->out;
    g->moves[who]++;
    g->time[who] += t;
    g->longest[who] = MAX(g->longest[who], t);
    const MatchOptions *o = p->o;
    const MatchLimits *l = &p->limits[who];
    if (l->clock > 0) p->left[who] -= t;
    bool late = o->margin >= 0 && ((l->movetime > 0 && t > l->movetime + o->margin) ||
                                   (l->clock > 0 && p->left[who] < -o->margin));
    if (l->clock > 0) p->left[who] += l->increment;
    int rc = 1;
    if (late) {
        lose(p, who, "time: %.3f s for a move", t);
        rc = 0;
    } else if (m == MOVE_NONE) {
        lose(p, who, "resignation");
        rc = 0;
    } else {
        p->game->play(p->s, m);
    }
    g_ptr_array_add(p->comments, rc ? comment : (g_free(comment), NULL));
    return rc;
}

static int cleanup_cap(Play *p)
{
    int size = p->game->size(p->s);
    return MAX(size * size * MATCH_CLEANUP_PER_POINT, 4);
}

// The clean-up phase: each side moves in clean-up mode until two moves in a row leave the
// game over again (passes), within a move cap. -1 when abandoned.
static int cleanup_phase(Play *p)
{
    int cap = cleanup_cap(p);
    for (int n = 1; n <= cap; n++) {
        int rc = one_move(p, true);
        if (rc <= 0) return rc;
        GameResult r = {0};
        p->game->result(p->s, &r);
        if (r.over && n >= 2) break;
    }
    return 1;
}

// Asks each outside engine for its own count of the game and notes a disagreement.
static void note_final_scores(Play *p, const GameResult *r)
{
    for (int who = 0; who < 2; who++) {
        MatchSeat *seat = &p->seats[who];
        if (!seat->outside || !p->game->outside_final_score) continue;
        char *theirs = p->game->outside_final_score(seat->outside, p->s, MATCH_START_MS);
        if (theirs && (!r->over || g_ascii_strcasecmp(theirs, r->text) != 0)) {
            guint last = p->comments->len - 1;
            char *old = g_ptr_array_index(p->comments, last);
            g_ptr_array_index(p->comments, last) =
                r->over
                    ? g_strdup_printf("%s%s%s's own count: %s; the runner's (area): %s",
                                      old ? old : "", old ? "; " : "", seat->player->name, theirs,
                                      r->text)
                    : g_strdup_printf("%s%s%s's own count: %s; the runner's (area, the "
                                      "position as it stands): %s",
                                      old ? old : "", old ? "; " : "", seat->player->name, theirs,
                                      r->winner < 0 ? "a draw"
                                      : r->winner   ? "White wins"
                                                    : "Black wins");
            g_free(old);
        }
        g_free(theirs);
    }
}

static char *record(Play *p, int winner, const char *reason)
{
    if (!p->game->record_text) return NULL; // a game without records
    char *event = g_strdup_printf("sumito %s match, game %d", p->game->name, p->out->game);
    int black = player_of(p, 0);
    GameRecordInfo info = {event,
                           p->o->date,
                           p->seats[black].player->name,
                           p->seats[1 - black].player->name,
                           winner,
                           reason,
                           (const char *const *)p->comments->pdata,
                           (int)p->comments->len};
    char *text = p->game->record_text(p->s, &info);
    g_free(event);
    return text;
}

bool match_play_game(const MatchOptions *o, MatchSeat seats[2], int game, int index,
                     const GameState *opening, MatchGame *out, char **record_text)
{
    memset(out, 0, sizeof *out);
    out->game = game;
    out->opening = index;
    out->first_side = game % 2;
    Play p = {o,
              o->game,
              seats,
              o->game->state_copy(opening),
              g_ptr_array_new_with_free_func(g_free),
              {match_limits_of(o, 0), match_limits_of(o, 1)},
              {0, 0},
              out,
              -1,
              "",
              0};
    for (int who = 0; who < 2; who++) p.left[who] = p.limits[who].clock;
    double started = lab_now();
    // The game's rules (Go's komi, the move caps) are those of the first of our engines.
    for (int who = 0; who < 2; who++)
        if (seats[who].engine) {
            o->game->state_adopt_rules(p.s, seats[who].engine);
            break;
        }
    g_ptr_array_add(p.comments, g_strdup_printf("opening %d", index));
    for (int k = 0; k < o->game->length(p.s); k++) g_ptr_array_add(p.comments, NULL);
    for (int who = 0; who < 2; who++) {
        if (seats[who].engine) {
            engine_new_game(game_engine_core(seats[who].engine));
        } else if (p.loser < 0) {
            double t0 = lab_now();
            outside_ready(&p, who);
            p.in_players += lab_now() - t0;
        }
    }
    int rc = 1;
    GameResult r = {0};
    while (rc > 0 && p.loser < 0) {
        memset(&r, 0, sizeof r);
        o->game->result(p.s, &r);
        if (r.over) break;
        rc = one_move(&p, false);
    }
    if (rc > 0 && p.loser < 0 && r.cleanup && o->game->choose_cleanup) {
        rc = cleanup_phase(&p);
        memset(&r, 0, sizeof r);
        o->game->result(p.s, &r);
        // Cut at its cap: the count of the position as it stands decides (r.winner).
        if (!r.over)
            snprintf(r.reason, sizeof r.reason, "clean-up cut at %d moves, counted as it stands",
                     cleanup_cap(&p));
    }
    bool kept = rc >= 0;
    if (kept) {
        int winner = r.winner;
        const char *reason = r.reason;
        if (p.loser >= 0) {
            winner = p.loser == 0 ? 1 - out->first_side : out->first_side;
            reason = p.reason;
        } else {
            note_final_scores(&p, &r);
        }
        out->plies = o->game->length(p.s);
        GameResult end = {.taken = {-1, -1}}; // the pieces taken, whoever ended the game
        o->game->result(p.s, &end);
        for (int who = 0; who < 2; who++)
            out->taken[who] = end.taken[who == 0 ? out->first_side : 1 - out->first_side];
        out->outcome = winner < 0 ? ELO_DRAW : winner == out->first_side ? ELO_WIN : ELO_LOSS;
        g_strlcpy(out->reason, reason, sizeof out->reason);
        *record_text = record(&p, winner, p.loser >= 0 ? p.reason : NULL);
        out->overhead = MAX(lab_now() - started - p.in_players, 0.0);
    }
    g_ptr_array_free(p.comments, TRUE);
    o->game->state_free(p.s);
    return kept;
}
