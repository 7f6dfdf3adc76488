// SPDX-License-Identifier: MIT
// An Abalone engine: the shared engine wrapper (core/engine.h: search parameters, TT, RankCut
// statistics, search state) with Abalone's rules, behind one call that searches a game's
// current position.
#ifndef ABALONE_ENGINE_H
#define ABALONE_ENGINE_H

#include "abalone/game.h"
#include "abalone/search.h"
#include "core/engine.h"

typedef struct {
    Engine core; // first: an AbaloneEngine * is an Engine *
    AbaloneRules rules;
} AbaloneEngine;

// Sets up an engine with the built-in RankCut statistics (when the binary has them).
bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err);
void abalone_engine_free(AbaloneEngine *e);

// An engine with the default parameters and rules changed by a configuration file, NAME=VALUE
// assignments and a RankCut statistics file (each may be NULL).
bool abalone_engine_setup(AbaloneEngine *e, const char *config, char **sets,
                          const char *rankcut_file, GError **err);

// Forgets everything learned: TT, history, killers.
void abalone_engine_new_game(AbaloneEngine *e);

// Searches the game's current position. info (may be NULL) gets one call per completed
// iteration. Returns MOVE_NONE when the side to move has no legal move.
Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out);

// The built-in statistics file, or NULL/0 when the binary has none.
const uint8_t *abalone_rankcut_builtin(size_t *size);

#endif
