// SPDX-License-Identifier: MIT
// Move choice for whole games: passing, cleanup of dead stones, resigning, and the time for
// a move.
#include "go/player.h"

#include <string.h>

#include "go/contract.h"
#include "go/movegen.h"
#include "go/ownership.h"

const char *go_reason_text(GoReason r)
{
    switch (r) {
    case GO_REASON_SEARCH: return "search";
    case GO_REASON_PASS_WINS: return "the opponent passed and passing wins";
    case GO_REASON_NO_GAIN: return "no move gains";
    case GO_REASON_CLEANUP: return "removing dead stones";
    case GO_REASON_RESIGN: return "hopelessly behind";
    default: return "the game is over";
    }
}

// The largest capture available to the side to move (MOVE_NONE if none).
static Move best_capture(const GoBoard *b)
{
    Move best = MOVE_NONE;
    int most = 0;
    for (int i = 0; i < b->empty_count; i++) {
        Move m = (Move)b->empty[i];
        int n = go_board_move_captures(b, m);
        if (n > most && go_board_is_legal(b, m)) most = n, best = m;
    }
    return best;
}

// A liberty of one of the n dead strings with heads `heads`, where the mover's new string keeps
// at least two liberties (never a self-atari); the one that leaves it the most. MOVE_NONE if
// there is none.
static Move attack_dead(GoBoard *b, const int *heads, int n)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int most = 1;
    Move best = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        int s = heads[i];
        do {
            for (int k = 0; k < 4; k++) {
                Move m = (Move)(s + d[k]);
                if (b->color[m] != GO_EMPTY || !go_board_is_legal(b, m)) continue;
                GoUndo u;
                go_board_play(b, m, &u);
                int libs = b->color[m] == GO_EMPTY ? 0 : go_board_string_liberties(b, (int)m);
                go_board_undo(b, m, &u);
                if (libs > most) most = libs, best = m;
            }
            s = b->next[s];
        } while (s != heads[i]);
    }
    return best;
}

static bool opponent_passed(const GoGame *g, int colour)
{
    int n = go_game_length(g);
    const GoGameMove *last = n ? go_game_move(g, n - 1) : NULL;
    return last && last->move == GO_PASS && last->colour != colour;
}

// Passing, cleaning up or resigning instead of the searched move (GO_REASON_SEARCH: none).
static GoReason after_search(GoEngine *e, const GoGame *g, int colour, bool opp_passed,
                             const GoChoice *c)
{
    if (c->info.depth < 1) return GO_REASON_SEARCH; // not even one iteration: keep its move
    Score v = c->info.score, margin = go_eval_units(e->player.pass_margin);
    if (c->move != GO_PASS && v <= c->fair_score + margin) {
        GoBoard *b = go_engine_position(e, g, colour);
        if (opp_passed || go_eval_settled(b, &e->ctx)) return GO_REASON_NO_GAIN;
    }
    if (e->player.resign && !opp_passed && go_game_length(g) >= g->board.size &&
        v < -go_eval_units(e->player.resign_points))
        return GO_REASON_RESIGN;
    return GO_REASON_SEARCH;
}

// Cleaning up before passing: the largest capture, else an attack on a string of the
// opponent's that ownership (dead_share) takes for dead. MOVE_NONE when there is neither.
static Move cleanup_by_ownership(GoEngine *e, const GoGame *g, int colour)
{
    GoBoard *b = go_engine_position(e, g, colour);
    Move m = best_capture(b);
    if (m != MOVE_NONE) return m;
    int heads[GO_MAX_POINTS];
    int n = go_ownership_dead_strings(b, &e->core.search.ownership, go_other(colour),
                                      e->player.dead_share, heads);
    return attack_dead(b, heads, n);
}

// The win rate resigning goes by: the searched move's. Under a dynamic komi's extra, the
// larger of it (at the playouts' komi) and the share of playouts won at the real komi: the game
// must be lost as it stands, and lost even against the komi the search plays for, so that
// the side giving handicap stones does not resign in the opening, where every real count
// loses.
static double resign_rate(const GoEngine *e)
{
    double tree = e->core.search.mcts_rate;
    return e->extra != 0 ? MAX(tree, e->real_rate) : tree;
}

// search=mcts: the search first, then what its playouts' ownership says. Passing wins when the
// opponent passed and both the bare count and the count with the strings ownership takes for
// dead removed win; after a pass (when passing does not win) and in cleanup mode, dead strings
// are taken off first; resigning goes by the searched move's win rate. The search itself
// passes by choosing the pass.
static void choose_by_ownership(GoEngine *e, const GoGame *g, int colour,
                                const SearchLimits *limits, GoGenmoveMode mode, bool opp_passed,
                                SearchInfoFn info, void *user, GoChoice *out)
{
    out->move = go_engine_search(e, g, colour, limits, info, user, &out->info);
    out->reason = GO_REASON_SEARCH;
    const Search *s = &e->core.search;
    double black =
        go_ownership_count(&g->board, &s->ownership, e->player.dead_share, g->rules.komi);
    out->fair_score = go_eval_units(colour == GO_BLACK ? black : -black);
    if (mode == GO_GENMOVE_NORMAL && opp_passed && out->pass_score > 0 && out->fair_score > 0) {
        out->move = GO_PASS;
        out->reason = GO_REASON_PASS_WINS;
        return;
    }
    Move m =
        opp_passed || mode == GO_GENMOVE_CLEANUP ? cleanup_by_ownership(e, g, colour) : MOVE_NONE;
    if (m != MOVE_NONE) {
        out->move = m;
        out->reason = GO_REASON_CLEANUP;
    } else if (e->player.resign && !opp_passed && go_game_length(g) >= g->board.size &&
               out->info.depth >= 1 && resign_rate(e) < e->player.resign_rate) {
        out->move = MOVE_NONE;
        out->reason = GO_REASON_RESIGN;
    }
}

void go_player_choose(GoEngine *e, const GoGame *g, int colour, const SearchLimits *limits,
                      GoGenmoveMode mode, GoChoice *out)
{
    go_player_choose_reporting(e, g, colour, limits, mode, NULL, NULL, out);
}

void go_player_choose_reporting(GoEngine *e, const GoGame *g, int colour,
                                const SearchLimits *limits, GoGenmoveMode mode, SearchInfoFn info,
                                void *user, GoChoice *out)
{
    memset(out, 0, sizeof *out);
    const GoBoard *gb = &g->board;
    double black = go_board_score(gb, g->rules.komi);
    out->pass_score = go_eval_units(colour == GO_BLACK ? black : -black);
    int cap = go_rules_move_cap(&g->rules, gb->size);
    bool opp_passed = opponent_passed(g, colour);
    out->move = GO_PASS;
    if ((cap > 0 && go_game_length(g) >= cap) ||
        (mode == GO_GENMOVE_NORMAL && go_board_game_over(gb))) {
        out->reason = GO_REASON_GAME_OVER;
        return;
    }
    if (e->core.params.search == SEARCH_MCTS) {
        choose_by_ownership(e, g, colour, limits, mode, opp_passed, info, user, out);
        return;
    }
    // Passing ends the game: it wins at once only on the bare count (the referee's) and on the
    // count with the stones taken for dead removed (as a player who removes them, or a cleanup
    // phase, counts), so that a hopeless stone touching the opponent's area never wins it; and
    // only when no region reaches both colours, so that open ground never does (E5 D4 against
    // A1 B2 on 9x9: White "wins" by komi). Otherwise the search weighs passing against moves,
    // with what it gives two passes (go_eval_pass_end), taken after the pass.
    GoEvalCtx ctx;
    go_eval_ctx_init(&ctx, g->rules.komi, cap);
    ctx.net = e->core.net.current;
    GoBoard *pb = go_engine_position(e, g, colour);
    GoUndo u;
    bool estimated = false;
    go_board_play(pb, GO_PASS, &u);
    out->fair_score = -go_eval_pass_end(pb, &ctx, &estimated);
    go_board_undo(pb, GO_PASS, &u);
    if (mode == GO_GENMOVE_NORMAL && opp_passed && !estimated && out->pass_score > 0 &&
        out->fair_score > 0) {
        out->reason = GO_REASON_PASS_WINS;
        return;
    }
    if (opp_passed || mode == GO_GENMOVE_CLEANUP) {
        // Dead stones count as alive in the count: take them off before passing.
        GoBoard *b = go_engine_position(e, g, colour);
        Move m = best_capture(b);
        if (m == MOVE_NONE) {
            int heads[GO_MAX_POINTS], n = go_eval_dead_strings(b, go_other(colour), heads);
            m = attack_dead(b, heads, n);
        }
        if (m != MOVE_NONE) {
            out->move = m;
            out->reason = GO_REASON_CLEANUP;
            return;
        }
    }
    out->move = go_engine_search(e, g, colour, limits, info, user, &out->info);
    out->reason = after_search(e, g, colour, opp_passed, out);
    if (out->reason == GO_REASON_NO_GAIN) out->move = GO_PASS;
    if (out->reason == GO_REASON_RESIGN) out->move = MOVE_NONE;
}

void go_player_status(GoEngine *e, const GoGame *g, uint8_t *status)
{
    const MctsOwnership *o = go_engine_ownership(e, g, e->player.status_playouts);
    go_ownership_status(&g->board, o, e->player.dead_share, status);
}

void go_player_limits(const GoEngine *e, double fixed, const TimeControl *time,
                      const TimeClock *clock, SearchLimits *limits)
{
    limits->time = *time;
    limits->clock = *clock;
    if (time->kind == TIME_CONTROL_NONE)
        limits->time =
            timeman_per_move(fixed > 0 ? fixed : e->core.params.timeman.time_default_move);
    else if (fixed > 0)
        limits->time.per_move = time->per_move > 0 ? MIN(fixed, time->per_move) : fixed;
}
