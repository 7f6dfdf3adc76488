// SPDX-License-Identifier: MIT
// Abalone text: cell names, moves in Aba-Pro and FFTL notation, and position strings.
// Parsers never trust their input: every failure is a GError whose message names the
// problem and where it is; callers add the file, line or protocol context.
#ifndef ABALONE_NOTATION_H
#define ABALONE_NOTATION_H

#include <glib.h>

#include "abalone/board.h"

#define ABALONE_ERROR (abalone_error_quark())
GQuark abalone_error_quark(void);

enum { ABALONE_ERROR_PARSE, ABALONE_ERROR_ILLEGAL, ABALONE_ERROR_IO };

typedef enum { ABALONE_NOTATION_ABAPRO, ABALONE_NOTATION_FFTL } AbaloneNotation;

// Longest move text plus terminator ("c3c5d4").
#define ABALONE_MOVE_TEXT 8
// Longest position string plus terminator.
#define ABALONE_POSITION_TEXT 96

// "a1".."i9" for a bit position; buf holds at least 3 bytes.
void abalone_pos_name(int pos, char *buf);

// Parses a cell name (case-insensitive); returns its bit position or -1.
int abalone_pos_parse(const char *text);

// What move m does, in words: "2 marbles in-line, pushes 1, ejects" (at most size bytes).
void abalone_move_describe(Move m, char *buf, size_t size);

// Writes a legal move of position b; returns buf.
char *abalone_move_format(const AbaloneBoard *b, Move m, AbaloneNotation nota, char *buf);

// Parses a move for position b. On failure returns MOVE_NONE and sets err: a parse error
// for text that is not a move, an "illegal" error naming the rule that forbids it.
Move abalone_move_parse(const AbaloneBoard *b, const char *text, AbaloneNotation nota,
                        GError **err);

// Position string: rows I..A separated by '/', 'b', 'w' or a digit for empty cells, then
// the side to move and optionally the plies played. buf holds ABALONE_POSITION_TEXT bytes.
char *abalone_position_format(const AbaloneBoard *b, char *buf);
bool abalone_position_parse(AbaloneBoard *b, const char *text, GError **err);

// The board the command-line options name: a layout (NULL: standard) or a position string, not
// both; false with an error naming the problem.
bool abalone_board_from_options(AbaloneBoard *b, const char *layout, const char *position,
                                GError **err);

// A multi-line ASCII drawing of the board with coordinates (caller frees).
char *abalone_board_render_ascii(const AbaloneBoard *b);

#endif
