// SPDX-License-Identifier: MIT
// The self-play game loop (core/lab/selfplay.h).
#include "core/lab/selfplay.h"

#include "core/lab/lab.h"

bool lab_selfplay(const GameDesc *game, GameEngine *const players[2], GameState *s, double movetime,
                  GameMoveHook hook, void *user, int *resigned)
{
    return lab_selfplay_limited(game, players, s, movetime, 0, hook, user, resigned);
}

bool lab_selfplay_limited(const GameDesc *game, GameEngine *const players[2], GameState *s,
                          double movetime, uint64_t nodes, GameMoveHook hook, void *user,
                          int *resigned)
{
    if (resigned) *resigned = -1;
    for (;;) {
        GameResult r;
        game->result(s, &r);
        if (r.over) return true;
        int side = game->side(s);
        GameEngine *e = players[side];
        SearchLimits limits = lab_limits(movetime, nodes, 0);
        GameChoice c;
        game->choose(e, s, &limits, &c);
        if (engine_stop_requested(game_engine_core(e))) return false;
        if (c.move == MOVE_NONE) {
            if (resigned) *resigned = side;
            return true;
        }
        game->play(s, c.move);
        if (hook && !hook(s, c.move, &c, user)) return false;
    }
}
