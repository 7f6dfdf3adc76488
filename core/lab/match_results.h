// SPDX-License-Identifier: MIT
// A match's results file (core/lab/match.h): a header of '#' lines naming everything a game's
// result depends on (game, board size, players and their options, limits, openings, seed,
// commit, and since format 2 the limits each player plays under), then one line a finished
// game, appended as games end:
//   game 17 opening 233 first W result L plies 134 p1 67 6.712 0.121 p2 67 6.702 0.118
//   overhead 0.0123 taken 2 6 reason six marbles ejected
// (one line): the game number, the suite index of its opening, the first-named player's
// colour and result, the plies, for each player its moves, seconds and longest move, the
// runner's own seconds in the game beyond the players', since format 2 the pieces each player
// had taken off the board at the end (games that count them: Abalone's marbles), and how the
// game ended. Format 1 files (no player limits, no pieces taken) are read too. Also the
// statistics and the summary every match command prints.
#ifndef CORE_LAB_MATCH_RESULTS_H
#define CORE_LAB_MATCH_RESULTS_H

#include <stdint.h>
#include <stdio.h>

#include "core/lab/elo.h"

// The results file's format version, on its first line ("# sumito match results, format 2"),
// and the oldest one read.
#define MATCH_FORMAT        2
#define MATCH_FORMAT_OLDEST 1

// The largest values a game's line may hold; larger ones are refused as damage: game and
// opening numbers, plies and moves, and seconds (a player's, its longest move's, the
// runner's overhead).
#define MATCH_GAME_MAX    1000000000
#define MATCH_PLIES_MAX   1000000
#define MATCH_SECONDS_MAX 1e9

typedef struct {
    int game, opening;
    int first_side;     // the first-named player's side: 0 Black, 1 White
    EloOutcome outcome; // the first-named player's result
    int plies;
    int moves[2]; // per player (0: the first-named)
    double time[2], longest[2];
    double overhead;
    int taken[2]; // pieces each player took off the board (-1: not counted)
    char reason[160];
} MatchGame;

typedef struct {
    char *header;     // its lines, each ending with '\n'
    char *names[2];   // the players' names, from the header
    char *limits[2];  // the limits each plays under, from the header (NULL in format 1)
    char *limits_all; // the match's limits, from the header
    char *game;       // the game's name, from the header ("go"; NULL when it has none)
    bool sprt_on;
    EloSprt sprt;
    GArray *games;     // MatchGame, in file order: add with match_results_add
    GHashTable *index; // the game numbers in games (each plus 1)
    uint64_t steps;    // look-ups and comparisons made, so that tests can bound the work
    GHashTable *moves; // the distinct games' move sequences (match_results_note_moves), or NULL
    int noted;         // the games noted there
} MatchResults;

void match_results_init(MatchResults *r, const char *header);
void match_results_clear(MatchResults *r);

// Reads a results file of format 1 or 2; false with an error naming the file, the line and,
// for a bad value, the field: an unknown format version, a malformed line, a value that is not a
// decimal number, nan, negative or above the bounds above, a longest move longer than all of that
// player's moves, a game given twice.
bool match_results_load(MatchResults *r, const char *path, GError **err);

// The value after "# KEY: " in a results header, up to the end of its line (caller frees), or
// NULL when the header has no such line.
char *match_header_value(const char *header, const char *key);

// Whether game k is in r (constant time).
bool match_results_has(MatchResults *r, int game);

// Appends g to r; false, leaving r as it was, when r already has a game of that number.
bool match_results_add(MatchResults *r, const MatchGame *g);

// A game's line, '\n' included (caller frees); parsing it back: false on a malformed line or
// a value out of bounds, with an error naming the field.
char *match_game_line(const MatchGame *g);
bool match_game_parse(const char *line, MatchGame *g, GError **err);

// Notes a game's move sequence (the game descriptor's record_moves of its record): games with
// identical sequences count once among the distinct games of the summary.
void match_results_note_moves(MatchResults *r, const char *moves);

// The statistics: W-D-L and the pentanomial counts of the pairs both of whose games are in r.
void match_results_counts(const MatchResults *r, EloPenta *p);

// The progress line's text: "12 games, +5 =2 -5, Elo +0.0 +- 210.1 [, LLR 0.12 (-2.94,
// 2.94)]" (caller frees).
char *match_results_brief(const MatchResults *r);

// The summary: W-D-L, "score NN.N %", "Elo +X +- Y", LOS, the pentanomial counts, the SPRT's
// LLR and bounds when one ran, the distinct games ("distinct games: 97 of 100", among those
// whose moves were noted; "of 98 with records (100 games)" when some were not, "not counted"
// when none was), how the games
// ended (a line a kind of ending, match_results_ending_kind: the games, each player's wins that
// ended so and their share of its wins, and the pieces taken in those games when counted), the
// limits of each player, the time each used a move, the runner's overhead. Linear in the games
// (r->steps counts its look-ups).
void match_results_print(MatchResults *r, FILE *out);

// The kind of ending a results line's reason is, as the summary names it ("by the sixth
// ejection", "by score", "by resignation", "at the move cap", "by repetition", "with no legal
// move", "on time", "by engine failure"), or NULL for a reason of no known kind (the summary
// then names the reason itself).
const char *match_results_ending_kind(const char *reason);

#endif
