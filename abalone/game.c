// SPDX-License-Identifier: MIT
// Game state and the rules that end a game.
#include "abalone/game.h"

#include "abalone/movegen.h"

PARAMS_DEFINE(AbaloneRules, ABALONE_RULES_PARAMS, "abalone rules", abalone_rules_params,
              abalone_rules_default)

void abalone_game_init(AbaloneGame *g, const AbaloneBoard *start, const AbaloneRules *rules)
{
    g->rules = *rules;
    g->start = *start;
    g->board = *start;
    g->moves = g_array_new(FALSE, FALSE, sizeof(Move));
    g->history = g_array_new(FALSE, FALSE, sizeof(AbaloneBoard));
}

void abalone_game_free(AbaloneGame *g)
{
    if (g->moves) g_array_free(g->moves, TRUE);
    if (g->history) g_array_free(g->history, TRUE);
    g->moves = g->history = NULL;
}

void abalone_game_play(AbaloneGame *g, Move m)
{
    AbaloneUndo u;
    g_array_append_val(g->history, g->board);
    g_array_append_val(g->moves, m);
    abalone_board_make(&g->board, m, &u);
}

bool abalone_game_undo(AbaloneGame *g)
{
    if (g->moves->len == 0) return false;
    g->board = g_array_index(g->history, AbaloneBoard, g->history->len - 1);
    g_array_set_size(g->history, g->history->len - 1);
    g_array_set_size(g->moves, g->moves->len - 1);
    return true;
}

int abalone_game_length(const AbaloneGame *g)
{
    return (int)g->moves->len;
}

Move abalone_game_move(const AbaloneGame *g, int i)
{
    return g_array_index(g->moves, Move, i);
}

const AbaloneBoard *abalone_game_position(const AbaloneGame *g, int n)
{
    g_return_val_if_fail(n >= 0 && n <= (int)g->moves->len, NULL);
    return n < (int)g->moves->len ? &g_array_index(g->history, AbaloneBoard, n) : &g->board;
}

int abalone_game_repetitions(const AbaloneGame *g)
{
    int n = 1;
    for (guint i = 0; i < g->history->len; i++)
        if (abalone_board_equal(&g_array_index(g->history, AbaloneBoard, i), &g->board)) n++;
    return n;
}

static AbaloneOutcome by_material(const AbaloneBoard *b)
{
    int black = abalone_board_lost(b, ABALONE_WHITE), white = abalone_board_lost(b, ABALONE_BLACK);
    return black > white ? ABALONE_BLACK_WINS : white > black ? ABALONE_WHITE_WINS : ABALONE_DRAW;
}

AbaloneOutcome abalone_game_outcome(const AbaloneGame *g, AbaloneEnd *why)
{
    const AbaloneBoard *b = &g->board;
    AbaloneEnd end = ABALONE_END_NONE;
    AbaloneOutcome o = ABALONE_ONGOING;
    if (abalone_board_decided(b)) {
        end = ABALONE_END_SIX_EJECTED;
        o = by_material(b);
    } else if (abalone_count_moves(b) == 0) {
        end = ABALONE_END_NO_MOVES;
        o = b->side == ABALONE_BLACK ? ABALONE_WHITE_WINS : ABALONE_BLACK_WINS;
    } else if (g->rules.repetition_draw && abalone_game_repetitions(g) >= 3) {
        end = ABALONE_END_REPETITION;
        o = ABALONE_DRAW;
    } else if (g->rules.move_cap > 0 && b->ply >= g->rules.move_cap) {
        end = ABALONE_END_MOVE_CAP;
        o = by_material(b);
    }
    if (why) *why = end;
    return o;
}

const char *abalone_outcome_text(AbaloneOutcome o)
{
    static const char *text[] = {"*", "1-0", "0-1", "1/2-1/2"};
    return text[o];
}

const char *abalone_end_text(AbaloneEnd e)
{
    static const char *text[] = {"game not over", "six marbles ejected", "no legal move",
                                 "threefold repetition", "move cap reached"};
    return text[e];
}
