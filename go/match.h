// SPDX-License-Identifier: MIT
// What Go gives the match runner: SGF records, the clean-up move, and outside engines over
// GTP. go/desc.c plugs these into the descriptor's "Matches" entries (core/game.h says what
// each does).
#ifndef GO_MATCH_H
#define GO_MATCH_H

#include "core/game.h"
#include "go/engine.h"
#include "go/game.h"

char *go_match_record(const GoGame *g, const GameRecordInfo *info);
char *go_match_record_moves(const char *text, const char *source, GError **err);
void go_match_choose_cleanup(GoEngine *e, const GoGame *g, const SearchLimits *limits,
                             GameChoice *c);

GameOutside *go_outside_start(const char *command, int timeout_ms, GError **err);
bool go_outside_new_game(GameOutside *o, const GoGame *g, const GameOutsideLimits *limits,
                         int timeout_ms, GError **err);
bool go_outside_move(GameOutside *o, const GoGame *g, const GameOutsideLimits *limits, bool cleanup,
                     int timeout_ms, GameOutsideMove *out, GError **err);
char *go_outside_final_score(GameOutside *o, const GoGame *g, int timeout_ms);
void go_outside_kill(GameOutside *o);
void go_outside_free(GameOutside *o);

#endif
