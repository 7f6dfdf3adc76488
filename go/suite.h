// SPDX-License-Identifier: MIT
// Go position suites: text files of one position a line ('#' starts a comment), each the
// board size and the moves from the empty board, alternating from Black, as GTP vertices:
//   9x9 E5 C3 D7 pass G4
// so that the game's history (superko) comes with the position. The built-in compare suite
// (go/data/compare_suite.txt, made by `sumito go make-suite`) is 9x9.
#ifndef GO_SUITE_H
#define GO_SUITE_H

#include <glib.h>

#include "go/game.h"

// Plays a position text into g (uninitialised) under rules; false with a message otherwise.
bool go_position_parse(GoGame *g, const char *text, const GoRules *rules, GError **err);
// The canonical text of a game's position: size, then every move (caller frees).
char *go_position_format(const GoGame *g);

// Plays a list of GTP vertices (blanks or commas between them) alternating from the side to
// move, at most max of them, also written to out (when not NULL). Returns how many, or -1
// with an error naming the move ("<what>move 3: ...").
int go_game_play_moves(GoGame *g, const char *list, const char *what, Move *out, int max,
                       GError **err);

// The built-in compare suite's text and its reference's (caller frees).
char *go_suite_builtin_text(void);

char *go_reference_builtin(void);

// The built-in match openings of a board size (go/data/match_openings_9.txt and _19.txt;
// caller frees), or NULL for the other sizes.
char *go_match_openings_text(int size);

// What makes two positions the same opening: the size, the stones, the side to move and the
// simple-ko point, not the moves that led there (caller frees).
char *go_position_key(const GoBoard *b);

// Whether no stone stands on the first `lines` lines from the edge.
bool go_board_central(const GoBoard *b, int lines);

// Starts g (uninitialised; free it with go_game_free) on an empty size x size board under
// rules, then plays a draw of 2 to 4 random moves from rng, uniformly among the legal points
// off the first line (core/lab/opening.h draws again while it is a match opening).
void go_opening_draw(int size, const GoRules *rules, GRand *rng, GoGame *g);

#endif
