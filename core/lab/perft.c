// SPDX-License-Identifier: MIT
// The perft command for any game (core/lab/commands.h).
#include <stdio.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"
#include "core/stats.h"

static void divide(const GameDesc *game, GameState *s, int depth, bool full)
{
    Move *moves = g_new(Move, game->max_moves);
    int n = game->perft_moves(s, moves);
    for (int i = 0; i < n; i++) {
        char text[GAME_MOVE_TEXT];
        game->move_format(s, moves[i], text);
        GameState *child = game->state_copy(s);
        game->play(child, moves[i]);
        printf("%-7s %" G_GUINT64_FORMAT "\n", text, game->perft(child, depth - 1, full));
        game->state_free(child);
    }
    g_free(moves);
}

int lab_perft(const GameDesc *game, GameState *s, int depth, int repeat, bool div, bool full)
{
    if (depth < 0 || depth > game->perft_max_depth)
        return lab_error("--depth must be 0 to %d, not %d", game->perft_max_depth, depth);
    if (repeat < 1 || repeat > 1000) return lab_error("--repeat must be 1 to 1000");
    if (div && depth > 0) divide(game, s, depth, full);
    double *times = g_new(double, repeat);
    uint64_t leaves = 0;
    for (int r = 0; r < repeat; r++) {
        double t0 = lab_now();
        leaves = game->perft(s, depth, full);
        times[r] = lab_now() - t0;
    }
    double t = stats_median(times, repeat); // sorts times
    char unit[32];
    printf("perft(%d) = %" G_GUINT64_FORMAT " %s, %.3f s%s, %.1f M leaves/s\n", depth, leaves,
           game->perft_unit(s, unit), t, repeat > 1 ? " (median)" : "",
           t > 0 ? (double)leaves / t / 1e6 : 0.0);
    if (repeat > 1)
        printf("runs: %d, fastest %.3f s, slowest %.3f s\n", repeat, times[0], times[repeat - 1]);
    g_free(times);
    return 0;
}
