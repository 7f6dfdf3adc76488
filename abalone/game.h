// SPDX-License-Identifier: MIT
// An Abalone game: the start position, the moves played, and the rules that end it (six
// marbles ejected, no legal move, threefold repetition, the move cap).
#ifndef ABALONE_GAME_H
#define ABALONE_GAME_H

#include <glib.h>

#include "abalone/board.h"
#include "core/params.h"

#define ABALONE_RULES_PARAMS(X, S)                                                                 \
    X(S, move_cap, int, 300, 0, 1000000,                                                           \
      "plies after which the game ends (0: none); more marbles ejected wins, equal draws")         \
    X(S, repetition_draw, bool, 1, 0, 1,                                                           \
      "a position repeated a third time with the same side to move is a draw")

// AbaloneRules, its parameters bound to an instance (abalone_rules_params) and the defaults.
PARAMS_DECLARE(AbaloneRules, ABALONE_RULES_PARAMS, abalone_rules_params, abalone_rules_default);

typedef enum {
    ABALONE_ONGOING,
    ABALONE_BLACK_WINS,
    ABALONE_WHITE_WINS,
    ABALONE_DRAW
} AbaloneOutcome;

typedef enum {
    ABALONE_END_NONE,
    ABALONE_END_SIX_EJECTED,
    ABALONE_END_NO_MOVES,
    ABALONE_END_REPETITION,
    ABALONE_END_MOVE_CAP
} AbaloneEnd;

typedef struct {
    AbaloneRules rules;
    AbaloneBoard start;
    AbaloneBoard board;
    GArray *moves;   // Move, in order
    GArray *history; // AbaloneBoard before each move
} AbaloneGame;

void abalone_game_init(AbaloneGame *g, const AbaloneBoard *start, const AbaloneRules *rules);
void abalone_game_free(AbaloneGame *g);

// Plays a legal move (the caller checked it against the current position).
void abalone_game_play(AbaloneGame *g, Move m);

// Takes the last move back; false when there is none.
bool abalone_game_undo(AbaloneGame *g);

int abalone_game_length(const AbaloneGame *g);
Move abalone_game_move(const AbaloneGame *g, int i);

// The position after the first n moves (0 <= n <= the game's length).
const AbaloneBoard *abalone_game_position(const AbaloneGame *g, int n);

// Whether and how the game has ended in its current position.
AbaloneOutcome abalone_game_outcome(const AbaloneGame *g, AbaloneEnd *why);

// Result text as game records write it: "1-0", "0-1", "1/2-1/2" or "*".
const char *abalone_outcome_text(AbaloneOutcome o);
const char *abalone_end_text(AbaloneEnd e);

// How many times the current position (marbles and side to move) has occurred, itself included.
int abalone_game_repetitions(const AbaloneGame *g);

#endif
