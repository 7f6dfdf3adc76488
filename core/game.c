// SPDX-License-Identifier: MIT
// Engines of any game (core/game.h).
#include "core/game.h"

GameEngine *game_engine_new(const GameDesc *game, const char *config, char **sets,
                            const char *rankcut_file, GError **err)
{
    GameEngine *e = g_malloc0(game->engine_size);
    if (game->engine_setup(e, config, sets, rankcut_file, err)) return e;
    g_free(e);
    return NULL;
}

void game_engine_free(const GameDesc *game, GameEngine *e)
{
    if (!e) return;
    game->engine_cleanup(e);
    g_free(e);
}
