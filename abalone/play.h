// SPDX-License-Identifier: MIT
// A game between two players, each an engine (with its own parameters) or a human typing
// Aba-Pro moves (`sumito abalone play`) and the pictures `sumito demo` draws of a game.
#ifndef ABALONE_PLAY_H
#define ABALONE_PLAY_H

#include <glib.h>

#include "abalone/board.h"
#include "abalone/engine.h"

typedef struct {
    bool human;
    char *name;           // in the record and the lines printed
    AbaloneEngine engine; // set up when not human
} AbalonePlayer;

void abalone_player_free(AbalonePlayer *p);

// Plays a game from start (layout: its name in the record, or NULL for a position) between
// players[0] (Black) and players[1] (White), the engines at movetime seconds a move, under the
// rules of Black's engine (the default rules when Black is human). Prints the board, a line a
// move (with the search's figures; no boards when quiet), asks humans for their moves on
// stdin ('undo' takes back a move pair, 'quit' or the end of input stops), prints the result,
// then writes the record to the file record. Returns 0, or EXIT_BAD_INPUT after printing why
// the record could not be written.
int abalone_play_game(AbalonePlayer players[2], const AbaloneBoard *start, const char *layout,
                      double movetime, bool quiet, const char *record);

// Draws the game of the record file into dir: final.png (the final position, the last move
// marked, the result as caption) and strip.png (a contact sheet of at most about 21
// positions); prints where they are. Returns 0, or EXIT_BAD_INPUT after printing why not.
int abalone_play_draw(const char *dir, const char *record);

#endif
