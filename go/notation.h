// SPDX-License-Identifier: MIT
// Go move and colour text: GTP vertices (column letters A-T without I, case-insensitive,
// rows numbered from the bottom, "pass") and SGF points (two letters a-s, column from the
// left, row from the top; empty or "tt" for pass up to 19x19).
#ifndef GO_NOTATION_H
#define GO_NOTATION_H

#include <glib.h>

#include "go/board.h"

#define GO_VERTEX_TEXT 8

// Parses a GTP vertex; MOVE_NONE with a message naming the problem on bad text or a point
// off the board.
Move go_vertex_parse(const GoBoard *b, const char *text, GError **err);

// Writes "D4" or "pass" into buf (room for GO_VERTEX_TEXT) and returns buf.
char *go_vertex_format(const GoBoard *b, Move m, char *buf);

// Parses a GTP colour (b, w, black, white, any case); GO_EMPTY when it is none of them.
int go_colour_parse(const char *text);

// Parses an SGF move value ("dp", "" or "tt" for pass); MOVE_NONE with a message otherwise.
Move go_sgf_point_parse(const GoBoard *b, const char *text, GError **err);

// Writes an SGF point ("dp", or "" for pass) into buf (room for 3) and returns buf.
char *go_sgf_point_format(const GoBoard *b, Move m, char *buf);

#endif
