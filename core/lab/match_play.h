// SPDX-License-Identifier: MIT
// One game of a match (core/lab/match.h): the seats of the two players (an engine of ours or
// an outside engine, restarted after it failed), the game loop with its time accounting and
// forfeits, the clean-up phase of games that have one, and the game's record.
#ifndef CORE_LAB_MATCH_PLAY_H
#define CORE_LAB_MATCH_PLAY_H

#include <stdatomic.h>

#include "core/lab/match.h"
#include "core/lab/match_results.h"

// A player's engine in one worker: ours, or an outside engine started when first needed.
typedef struct {
    const MatchPlayer *player;
    GameEngine *engine;
    GameOutside *outside;
    _Atomic(Engine *) searching; // the engine searching now (for Ctrl-C), or NULL
} MatchSeat;

// The limits an outside engine is told at the start of a game: a clock's whole time for both
// sides.
GameOutsideLimits match_outside_limits(const MatchLimits *l);

// Sets a seat up (ours: a new engine); false with an error.
bool match_seat_init(MatchSeat *seat, const MatchOptions *o, const MatchPlayer *p, GError **err);
void match_seat_clear(MatchSeat *seat, const MatchOptions *o);

// Plays game `game` from opening (suite index `index`), seats[0] the first-named player, and
// fills out and *record (the game record's text; caller frees). False when the game was
// abandoned (Ctrl-C): nothing is to be kept.
bool match_play_game(const MatchOptions *o, MatchSeat seats[2], int game, int index,
                     const GameState *opening, MatchGame *out, char **record);

#endif
