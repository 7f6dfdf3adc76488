// SPDX-License-Identifier: MIT
// An Abalone engine: search parameters, rules, a transposition table, RankCut statistics
// and the search state, behind one call that searches a game's current position.
#ifndef ABALONE_ENGINE_H
#define ABALONE_ENGINE_H

#include "abalone/game.h"
#include "abalone/search.h"

typedef struct {
    SearchParams params;
    AbaloneRules rules;
    Tt tt;
    int tt_mib;
    Search search;
    RankcutTable table;
    bool have_table;
    char table_source[256]; // "built-in" or a file name
} AbaloneEngine;

// Parameters of an engine: its search parameters and the rules.
void abalone_engine_param_groups(AbaloneEngine *e, ParamGroup groups[2]);

// Sets up an engine with the built-in RankCut statistics (when the binary has them).
bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err);
void abalone_engine_free(AbaloneEngine *e);

// Applies changed parameters (resizes the TT when `hash` changed).
bool abalone_engine_apply(AbaloneEngine *e, GError **err);

// Replaces the RankCut statistics with a file's (refused if not Abalone's or this evaluator's).
bool abalone_engine_load_rankcut(AbaloneEngine *e, const char *path, GError **err);

// Forgets everything learned: TT, history, killers.
void abalone_engine_new_game(AbaloneEngine *e);

// Searches the game's current position. info (may be NULL) gets one call per completed
// iteration. Returns MOVE_NONE when the side to move has no legal move.
Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out);

// The built-in statistics file, or NULL/0 when the binary has none.
const uint8_t *abalone_rankcut_builtin(size_t *size);

#endif
