// SPDX-License-Identifier: MIT
// `sumito abalone replay`: the games of a record file checked move by move against each
// record's rules, with how each game ended (on the board, or as the record says: resigned,
// on time, disconnected, a draw agreed).
#ifndef ABALONE_REPLAY_H
#define ABALONE_REPLAY_H

// Replays the record file at path, its rules overridden by sets (NAME=VALUE rules parameters,
// NULL-terminated, or NULL). A file of one game, or game number index (from 1) of any file:
// prints the final position and the result, or the reason the game is refused on stderr.
// Every game of a file of several (index 0): a line a game (its number, players, result and
// plies, or the file, line, column and reason it is refused) and "N games: R replay[, F
// refused]". Returns 0 when every game replayed, EXIT_BAD_INPUT when one was refused or the
// file or sets could not be used.
int abalone_replay_file(const char *path, int index, char **sets);

#endif
