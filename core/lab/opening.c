// SPDX-License-Identifier: MIT
// The openings of self-play series, never a match opening (core/lab/opening.h).
#include "core/lab/opening.h"

#include "core/text.h"

// The keys of the built-in match openings of a size, or NULL when there are none. The built-in
// files are checked by tests/test_match_openings.c: a line that does not parse is a build
// error, not a user's.
static GHashTable *match_keys(const GameDesc *game, int size)
{
    char *text = game->match_openings ? game->match_openings(size) : NULL;
    if (!text) return NULL;
    GHashTable *keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char **lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i]; i++) {
        char *line = text_line_content(lines[i]);
        if (!*line) continue;
        GameState *s = game->state_new(size, line, NULL);
        if (!s) g_error("%s: built-in match opening %d does not parse: %s", game->name, i, line);
        g_hash_table_add(keys, game->state_key(s));
        game->state_free(s);
    }
    g_strfreev(lines);
    g_free(text);
    return keys;
}

void lab_openings_init(LabOpenings *o, const GameDesc *game, int size)
{
    lab_openings_init_avoiding(o, game, match_keys(game, size));
}

void lab_openings_init_avoiding(LabOpenings *o, const GameDesc *game, GHashTable *avoid)
{
    o->game = game;
    o->avoid = avoid;
}

void lab_openings_free(LabOpenings *o)
{
    if (o->avoid) g_hash_table_destroy(o->avoid);
    o->avoid = NULL;
}

GameState *lab_opening(const LabOpenings *o, GameEngine *e, uint64_t seed, int index, int size,
                       const char **label)
{
    const GameDesc *game = o->game;
    guint32 base = (guint32)(seed * 1000003u + (uint64_t)index * 7919u);
    for (guint32 attempt = 0;; attempt++) {
        GRand *rng = attempt == 0 ? g_rand_new_with_seed(base)
                                  : g_rand_new_with_seed_array((guint32[]){base, attempt}, 2);
        GameState *s = game->opening_draw(e, seed, index, rng, size, label);
        g_rand_free(rng);
        if (!o->avoid) return s;
        char *key = game->state_key(s);
        bool clash = g_hash_table_contains(o->avoid, key);
        g_free(key);
        if (!clash) return s;
        game->state_free(s);
    }
}
