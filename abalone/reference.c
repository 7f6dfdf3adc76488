// SPDX-License-Identifier: MIT
// Reference results for the compare command: computing them, and the built-in file.
#include "abalone/reference.h"

#include <string.h>

#include "abalone/movegen.h"
#include "core/embed.h"

EMBED_FILE(abalone_compare_reference, "abalone/data/compare_reference.txt");

char *abalone_reference_builtin(void)
{
    size_t n = (size_t)(abalone_compare_reference_end - abalone_compare_reference);
    return g_strndup((const char *)abalone_compare_reference, n);
}

// The score of move m of b: by the rules when it ends the game, else by the search.
static Score score_move(AbaloneEngine *e, const AbaloneBoard *b, Move m, int depth)
{
    AbaloneGame g;
    abalone_game_init(&g, b, &e->rules);
    abalone_game_play(&g, m);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&g, &why);
    Score score;
    if (o != ABALONE_ONGOING) {
        bool mover_wins = (o == ABALONE_BLACK_WINS) == (b->side == ABALONE_BLACK);
        score = o == ABALONE_DRAW ? SCORE_DRAW : mover_wins ? SCORE_MATE - 1 : -SCORE_MATE + 1;
    } else {
        SearchLimits limits = {0};
        limits.depth = depth - 1;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        abalone_engine_search(e, &g, &limits, NULL, NULL, &info);
        Score s = -info.score;
        // The child's forced results count one ply more from the root.
        score = score_is_mate(s) ? (s > 0 ? s - 1 : s + 1) : s;
    }
    abalone_game_free(&g);
    return score;
}

int abalone_reference_compute(AbaloneEngine *e, const AbaloneBoard *b, int depth, Move *moves,
                              Score *scores)
{
    bool rankcut = e->core.params.rankcut;
    e->core.params.rankcut = false;
    int n = abalone_gen_moves(b, moves);
    for (int i = 0; i < n; i++) scores[i] = score_move(e, b, moves[i], depth);
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
