// SPDX-License-Identifier: MIT
// The review of one game (abalone/review.h): each position searched once, the search of the
// position after a move giving that move's score, and the table the command prints.
#include "abalone/review.h"

#include <stdio.h>

#include "core/lab/lab.h"
#include "core/mcts.h"

void abalone_review_params_default(AbaloneReviewParams *p)
{
    *p = (AbaloneReviewParams){.nodes = ABALONE_REVIEW_NODES};
    p->threshold[ABALONE_REVIEW_INACCURACY] = ABALONE_REVIEW_DEFAULT_INACCURACY;
    p->threshold[ABALONE_REVIEW_MISTAKE] = ABALONE_REVIEW_DEFAULT_MISTAKE;
    p->threshold[ABALONE_REVIEW_BLUNDER] = ABALONE_REVIEW_DEFAULT_BLUNDER;
}

AbaloneReviewMark abalone_review_mark(const AbaloneReviewParams *p, int loss)
{
    for (int m = ABALONE_REVIEW_BLUNDER; m > ABALONE_REVIEW_GOOD; m--)
        if (loss >= p->threshold[m]) return (AbaloneReviewMark)m;
    return ABALONE_REVIEW_GOOD;
}

const char *abalone_review_mark_name(AbaloneReviewMark m)
{
    static const char *const names[] = {"", "inaccuracy", "mistake", "blunder"};
    return m < ABALONE_REVIEW_MARKS ? names[m] : "";
}

static Score cap(Score s)
{
    return (Score)CLAMP(s, -ABALONE_REVIEW_SCORE_CAP, ABALONE_REVIEW_SCORE_CAP);
}

// The value of position g for its side to move: the result when the game is over, else the
// search's score and best move. False when the search was stopped by Ctrl-C.
static bool value_position(AbaloneEngine *e, const AbaloneGame *g, const AbaloneReviewParams *p,
                           Score *score, Move *best)
{
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(g, &why);
    *best = MOVE_NONE;
    if (o != ABALONE_ONGOING) {
        int mover_won =
            o == (g->board.side == ABALONE_BLACK ? ABALONE_WHITE_WINS : ABALONE_BLACK_WINS);
        *score = o == ABALONE_DRAW ? 0 : mover_won ? -SCORE_MATE : SCORE_MATE;
        return true;
    }
    abalone_engine_new_game(e);
    SearchLimits limits = lab_limits(p->movetime, p->nodes, p->depth);
    SearchInfo info;
    *best = abalone_engine_search(e, g, &limits, NULL, NULL, &info);
    *score = info.score;
    return !lab_interrupted();
}

// Move i's figures from the values of the positions before and after it.
static void fill_move(AbaloneReview *r, const AbaloneReviewParams *p, const AbaloneGame *g, int i,
                      Move best, Score before, Score after)
{
    AbaloneReviewMove mv = {.side = abalone_game_position(g, i)->side == ABALONE_WHITE};
    mv.played = abalone_game_move(g, i), mv.best = best;
    mv.best_score = cap(before), mv.played_score = cap((Score)-after);
    // The engine's own choice loses nothing: its two scores differ by the horizon alone.
    if (mv.played == best) mv.played_score = mv.best_score;
    mv.loss = MAX(0, mv.best_score - mv.played_score);
    mv.win_best = mcts_score_rate(mv.best_score, r->scale);
    mv.win_played = mcts_score_rate(mv.played_score, r->scale);
    mv.win_loss = MAX(0.0, mv.win_best - mv.win_played);
    mv.mark = abalone_review_mark(p, mv.loss);
    mv.black_win = mv.side == 0 ? mv.win_played : 1.0 - mv.win_played;
    r->count[mv.side]++;
    r->loss[mv.side] += mv.loss;
    r->win_loss[mv.side] += mv.win_loss;
    r->marks[mv.side][mv.mark]++;
    g_array_append_val(r->moves, mv);
}

bool abalone_review_game(AbaloneEngine *e, const AbaloneRecord *rec, const AbaloneReviewParams *p,
                         AbaloneReviewProgress progress, void *user, AbaloneReview *out)
{
    *out = (AbaloneReview){.moves = g_array_new(FALSE, TRUE, sizeof(AbaloneReviewMove))};
    out->scale = e->core.params.mcts_eval_scale;
    e->rules = rec->game.rules;
    AbaloneGame g;
    abalone_game_init(&g, &rec->game.start, &rec->game.rules);
    int n = abalone_game_length(&rec->game);
    Score before = 0, after;
    Move best = MOVE_NONE, next;
    bool ok = value_position(e, &g, p, &before, &best);
    if (ok && progress) progress(1, n + 1, user);
    for (int i = 0; ok && i < n; i++) {
        abalone_game_play(&g, abalone_game_move(&rec->game, i));
        if (!(ok = value_position(e, &g, p, &after, &next))) break;
        fill_move(out, p, &rec->game, i, best, before, after);
        before = after, best = next;
        if (progress) progress(i + 2, n + 1, user);
    }
    abalone_game_free(&g);
    if (!ok) {
        abalone_review_free(out);
        *out = (AbaloneReview){.moves = g_array_new(FALSE, TRUE, sizeof(AbaloneReviewMove))};
    }
    return ok;
}

void abalone_review_free(AbaloneReview *r)
{
    if (r->moves) g_array_free(r->moves, TRUE);
    r->moves = NULL;
}

// A player's summary line: moves, mean loss, mean win-probability loss, marks.
static void format_player(const AbaloneReview *r, const AbaloneRecord *rec, int side, GString *out)
{
    const char *name = abalone_record_tag(rec, side ? "White" : "Black");
    int n = r->count[side];
    g_string_append_printf(out, "%s (%s): %d moves, mean loss %.0f, mean win loss %.1f %%, ",
                           side ? "White" : "Black", name && *name ? name : "?", n,
                           n ? (double)r->loss[side] / n : 0.0,
                           n ? 100.0 * r->win_loss[side] / n : 0.0);
    g_string_append_printf(out, "inaccuracies %d, mistakes %d, blunders %d\n",
                           r->marks[side][ABALONE_REVIEW_INACCURACY],
                           r->marks[side][ABALONE_REVIEW_MISTAKE],
                           r->marks[side][ABALONE_REVIEW_BLUNDER]);
}

void abalone_review_format(const AbaloneReview *r, const AbaloneRecord *rec, GString *out)
{
    g_string_append_printf(out, "%4s %-5s %-7s %6s %-7s %6s %5s %6s  %s\n", "ply", "side", "played",
                           "score", "best", "score", "loss", "win%", "mark");
    for (guint i = 0; i < r->moves->len; i++) {
        const AbaloneReviewMove *mv = &g_array_index(r->moves, AbaloneReviewMove, i);
        const AbaloneBoard *b = abalone_game_position(&rec->game, (int)i);
        char played[ABALONE_MOVE_TEXT], best[ABALONE_MOVE_TEXT] = "-";
        abalone_move_format(b, mv->played, rec->notation, played);
        if (mv->best) abalone_move_format(b, mv->best, rec->notation, best);
        g_string_append_printf(out, "%4u %-5s %-7s %+6d %-7s %+6d %5d %6.1f  %s\n", i + 1,
                               mv->side ? "White" : "Black", played, mv->played_score, best,
                               mv->best_score, mv->loss, 100.0 * mv->win_loss,
                               abalone_review_mark_name(mv->mark));
    }
    for (int side = 0; side < 2; side++) format_player(r, rec, side, out);
}
