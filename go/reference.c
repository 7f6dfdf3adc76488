// SPDX-License-Identifier: MIT
// Go reference results for the compare command: computing them, and the built-in file.
#include "go/reference.h"

#include <string.h>

#include "core/embed.h"
#include "go/contract.h"

EMBED_FILE(go_compare_reference, "go/data/compare_reference.txt");

char *go_reference_builtin(void)
{
    size_t n = (size_t)(go_compare_reference_end - go_compare_reference);
    return g_strndup((const char *)go_compare_reference, n);
}

// The score of move m for the side to move of g: the exact count when it ends the game,
// else the negated search of the position after it.
static Score score_move(GoEngine *e, GoGame *g, Move m, int depth)
{
    int mover = g->board.side;
    go_game_play(g, mover, m);
    Score score;
    if (go_game_over(g)) {
        Score black = go_eval_units(go_game_score(g));
        score = mover == GO_BLACK ? black : -black;
    } else {
        SearchLimits limits = {0};
        limits.depth = depth - 1;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        go_engine_search(e, g, g->board.side, &limits, NULL, NULL, &info);
        score = -info.score;
    }
    go_game_undo(g);
    return score;
}

int go_reference_compute(GoEngine *e, GoGame *g, int depth, Move *moves, Score *scores)
{
    bool rankcut = e->core.params.rankcut;
    e->core.params.rankcut = false;
    GoBoard *b = go_engine_position(e, g, g->board.side);
    int n = game_gen_moves(b, moves);
    for (int i = 0; i < n; i++) scores[i] = score_move(e, g, moves[i], depth);
    e->core.params.rankcut = rankcut;
    // Best first (stable: equal scores keep the generator's order).
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && scores[j] > scores[j - 1]; j--) {
            Score s = scores[j];
            Move m = moves[j];
            scores[j] = scores[j - 1], moves[j] = moves[j - 1];
            scores[j - 1] = s, moves[j - 1] = m;
        }
    return n;
}
