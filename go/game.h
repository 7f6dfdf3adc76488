// SPDX-License-Identifier: MIT
// A Go game: the rules, the start position (setup and handicap stones), the moves played
// with their undo records, the superko history, and the end of the game (two consecutive
// passes or the move cap). Scoring is Tromp-Taylor area counting with komi.
#ifndef GO_GAME_H
#define GO_GAME_H

#include <glib.h>

#include "core/params.h"
#include "go/board.h"

#define GO_RULES_PARAMS(X, S)                                                                      \
    X(S, ko, int, GO_KO_POSITIONAL, 0, 2,                                                          \
      "ko rule: 0 simple, 1 positional superko, 2 situational superko (names accepted)")           \
    X(S, suicide, int, GO_SUICIDE_FORBID, 0, 2,                                                    \
      "suicide: 0 forbidden, 1 multi-stone allowed, 2 all allowed (names: forbid, multi, all)")    \
    X(S, komi, double, 7.5, -1000, 1000, "points given to White at the count")                     \
    X(S, move_cap, int, -1, -1, 1000000,                                                           \
      "moves (passes included) after which the game ends: -1 for 3 x size^2, 0 for none")

// GoRules, its parameters bound to an instance (go_rules_params) and the defaults.
PARAMS_DECLARE(GoRules, GO_RULES_PARAMS, go_rules_params, go_rules_default);

// Sets a rules parameter from text; ko and suicide also take their names (simple,
// positional, situational; forbid, multi, all).
bool go_rules_set(GoRules *r, const char *name, const char *value, GError **err);

// "name=value" for go_rules_set.
bool go_rules_set_assignment(GoRules *r, const char *assignment, GError **err);

const char *go_ko_rule_name(int ko);
const char *go_suicide_rule_name(int suicide);

// The move cap in force for a board size (0: none).
int go_rules_move_cap(const GoRules *r, int size);

typedef struct {
    Move move;
    int8_t colour;      // who played it
    int8_t side_before; // side to move before it (differs when a colour moved out of turn)
    int16_t ko_before;  // the ko point before it (cleared when a colour moves out of turn)
} GoGameMove;

typedef struct {
    GoRules rules;
    GoBoard start; // the position before the first move (setup and handicap stones)
    GoBoard board; // the current position; its history is `history`
    GoHistory history;
    GArray *moves; // GoGameMove
    GArray *undos; // GoUndo, one per move
    int handicap;  // handicap stones placed (for records)
} GoGame;

void go_game_init(GoGame *g, int size, const GoRules *rules);
void go_game_free(GoGame *g);

// Empties the board (the size stays), forgets the moves; Black to move.
void go_game_clear(GoGame *g);

// Changes the size (2..19) and clears the board.
void go_game_set_size(GoGame *g, int size);

// Plays a move for a colour (it need not be the side to move); false when it is illegal.
bool go_game_play(GoGame *g, int colour, Move m);

// Whether a colour may play m now.
bool go_game_is_legal(GoGame *g, int colour, Move m);

// Why a colour may not play m: "the point is occupied", "retakes a ko at once", "suicide",
// "repeats an earlier position (superko)", or "legal".
const char *go_game_illegal_reason(GoGame *g, int colour, Move m);

// Takes the last move back; false when there is none.
bool go_game_undo(GoGame *g);

// Puts a stone (or GO_EMPTY) on a point of the start position; only before the first move.
// False with a message when moves were played or a string would be left without liberty.
bool go_game_setup(GoGame *g, int p, int colour, GError **err);
// The same for n points, set in order: the first that would leave a string without liberty
// stops it (*failed, when not NULL, gets its index; the points before it stay set).
bool go_game_setup_points(GoGame *g, const int *points, int n, int colour, int *failed,
                          GError **err);

// Sets the side to move of the start position (SGF PL); only before the first move.
void go_game_set_side(GoGame *g, int colour);

int go_game_length(const GoGame *g);
const GoGameMove *go_game_move(const GoGame *g, int i);

// True after two consecutive passes or at the move cap.
bool go_game_over(const GoGame *g);

// Tromp-Taylor area of each colour: its stones plus the empty regions that reach only it.
void go_board_area(const GoBoard *b, int *black, int *white);

// The Tromp-Taylor owner of each point, counted: adds 1 to counts[2 * p + 0] for each point p
// (a cell) that Black owns (its stone, or an empty region reaching only Black) and to
// counts[2 * p + 1] for each that White owns. counts has 2 * GO_MAX_CELLS entries at least.
// Returns Black's area minus White's.
int go_board_owners_count(const GoBoard *b, uint32_t *counts);

// Black's area minus White's area minus komi (positive: Black wins).
double go_board_score(const GoBoard *b, double komi);
double go_game_score(const GoGame *g);

// The board drawn in text, then "Area: Black B, White W, komi K: SCORE" (and "(game over)").
char *go_game_show_text(const GoGame *g);

// "B+3.5", "W+0.5" or "0" (a draw), as SGF RE and GTP final_score write it.
char *go_score_text(double score);

// The fixed handicap points of the GTP specification for a number of stones on a board size:
// 3-3 points up to 12x12, 4-4 points from 13x13; 2 to 4 stones on 7x7 and even sizes, 2 to 9
// on odd sizes from 9x9. GNU Go 3.8 agrees except on 12x12, where it uses the 4-4 points.
// Returns the number of points written, 0 when the size has no such placement.
int go_fixed_handicap_points(int size, int stones, int *x, int *y);

// Moves a game: dst (uninitialised or freed) takes over src's contents; src is left empty.
void go_game_take(GoGame *dst, GoGame *src);

// Makes dst (uninitialised) a deep copy of src: position, moves, undo records and history.
void go_game_copy(GoGame *dst, const GoGame *src);

#define GO_ERROR (go_error_quark())
GQuark go_error_quark(void);
typedef enum { GO_ERROR_SYNTAX, GO_ERROR_OFF_BOARD } GoErrorCode;

#endif
