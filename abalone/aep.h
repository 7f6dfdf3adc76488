// SPDX-License-Identifier: MIT
// The Abalone engine protocol (AEP), server side: a UCI-like line protocol. Command names
// follow the Abalone Engine Protocol of the abmove library where it has them; positions and
// moves use this project's notation (position strings, Aba-Pro moves) and colours:
//   aep, isready, newgame, setoption name N value V, position layout NAME [moves ...],
//   position fen STRING [moves ...], go [movetime|depth|nodes|btime|wtime|binc|winc N]
//   [infinite], stop, quit
// Answers: id, option, aepok, readyok, info ..., bestmove MOVE|none, info string error: ...
// docs/abalone.md says what each command does while a search runs, and which limits go takes.
#ifndef ABALONE_AEP_H
#define ABALONE_AEP_H

#include <stdio.h>

#include "abalone/engine.h"

// Serves the protocol on in/out with the engine until quit or the end of the input; a running
// search is stopped and answered before it returns.
// The input is read all the time: stop, isready and quit are answered at once, the other
// commands in order, each after the search before it has answered.
void abalone_aep_serve(AbaloneEngine *engine, FILE *in, FILE *out);

// What a server takes at most, for the fuzzing harness (which cannot send 4 MiB lines); 0 for
// each the default: no node limit, 10 000 commands held behind a search, lines of
// LINE_READ_MAX bytes (base/line.h).
typedef struct {
    uint64_t node_cap; // every search's node limit at most this
    size_t held_lines; // commands held behind a search
    size_t line_max;   // the longest line taken, in bytes
} AbaloneAepBounds;

// abalone_aep_serve within bounds.
void abalone_aep_serve_bounded(AbaloneEngine *engine, FILE *in, FILE *out,
                               const AbaloneAepBounds *bounds);

// Appends a principal variation in Aba-Pro notation, from root (stops at a move that is not
// legal there).
void abalone_format_pv(const AbaloneBoard *root, const Move *pv, int n, GString *out);
// "info depth ... pv ..." as the engine protocol prints it.
void abalone_format_info(const AbaloneBoard *root, const SearchInfo *info, GString *out);

#endif
