// SPDX-License-Identifier: MIT
// What Abalone gives the match runner: game records and outside engines over the Abalone
// engine protocol. abalone/desc.c plugs these into the descriptor's "Matches" entries
// (core/game.h says what each does).
#ifndef ABALONE_MATCH_H
#define ABALONE_MATCH_H

#include "abalone/game.h"
#include "core/game.h"

char *abalone_match_record(const AbaloneGame *g, const GameRecordInfo *info);
char *abalone_match_record_moves(const char *text, const char *source, GError **err);

GameOutside *abalone_outside_start(const char *command, int timeout_ms, GError **err);
bool abalone_outside_new_game(GameOutside *o, const AbaloneGame *g, int timeout_ms, GError **err);
bool abalone_outside_move(GameOutside *o, const AbaloneGame *g, const GameOutsideLimits *limits,
                          int timeout_ms, GameOutsideMove *out, GError **err);
void abalone_outside_kill(GameOutside *o);
void abalone_outside_free(GameOutside *o);

#endif
