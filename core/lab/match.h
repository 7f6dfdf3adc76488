// SPDX-License-Identifier: MIT
// The match runner of every game: two players (engine configurations of ours, or outside
// programs over the game's protocol) play game pairs from an opening suite, each opening
// twice with colours swapped, several games at once; every game starts from cleared engine
// state. Results go to an append-only file in the match's folder, one line a finished game,
// with a game record each; the same command resumes, and results of several runs (shards of
// one match run anywhere) merge. The statistics are core/lab/elo.h's: W-D-L, pentanomial
// counts, Elo with its 95% interval, LOS and an optional SPRT.
//
// Game k of a match plays opening order[k / 2] of the suite (order: a permutation of the
// suite drawn from the seed alone), the first-named player Black (side 0) when k is even and
// White when k is odd; nothing else about game k depends on which games run with it, so
// shards of a match give exactly the games of one run (at fixed depth or nodes, the same
// moves).
#ifndef CORE_LAB_MATCH_H
#define CORE_LAB_MATCH_H

#include "core/game.h"
#include "core/lab/elo.h"

// The results file in a match's folder (its format: core/lab/match_results.h).
#define MATCH_RESULTS_FILE "results.txt"

// Limits on a player's moves (0: none of that kind); a clock gives `clock` seconds a game and
// `increment` more after each move.
typedef struct {
    double movetime;
    int depth;
    uint64_t nodes;
    double clock, increment;
} MatchLimits;

typedef struct {
    char *name;                  // as the results and summaries call it
    char *command;               // an outside engine's command line; NULL for one of ours
    char **sets;                 // ours: NAME=VALUE assignments (NULL-ended, may be NULL)
    char *config, *rankcut_file; // ours: a configuration and a statistics file (may be NULL)
    char *spec;                  // the option as given, for the results header
    MatchLimits own;             // limits of its own instead of the match's (all 0: the match's)
} MatchPlayer;

// Parses "NAME:param=value,..." (ours; config=FILE and rankcut_file=FILE name files) or, with
// outside set, "NAME:COMMAND LINE" or "NAME,limit,...:COMMAND LINE". A player's limits,
// time-per-move=S, depth=D, nodes=N and clock=MAIN+INC (among the parameters of ours), replace
// all of the match's limits for this player. False with an error naming the problem: a limit
// that is no number or out of range, a kind of limit given twice, something other than a limit
// between an outside engine's name and its command line.
bool match_player_parse(MatchPlayer *p, const char *spec, bool outside, GError **err);
void match_player_clear(MatchPlayer *p);

typedef struct {
    const GameDesc *game;
    int size;                // board size (games with sizes)
    MatchPlayer players[2];  // players[0] is the first-named player
    double movetime;         // seconds per move (0: none)
    int depth;               // plies (0: none)
    uint64_t nodes;          // (0: none)
    double clock, increment; // a clock: seconds for the game, added a move (clock 0: none)
    double margin;           // a move over its time by more forfeits the game (< 0: never)
    double hang;             // seconds past its limit before an outside engine has hung
    int games, first_game;   // games first_game .. first_game + games - 1 (first even)
    uint64_t seed;           // draws the opening order
    const char *openings;    // a suite file; NULL: the game's built-in match openings
    int concurrency;         // games at once
    bool sprt_on;            // stop when the SPRT decides
    EloSprt sprt;
    const char *out;    // the match's folder
    const char *commit; // the program's commit, for the header
    const char *date;   // the records' date, made before the threads start
} MatchOptions;

// Parses a clock, "MAIN+INC" or "MAIN" seconds (decimal, 0 < MAIN <= 10^6, 0 <= INC <= 3600).
bool match_clock_parse(const char *text, double *main, double *inc);

// The limits player `who` plays under: its own when it has any, else the match's.
MatchLimits match_limits_of(const MatchOptions *o, int who);

// The limits as the results header and the summary give them: " depth 3 clock 10 s + 0.1 s a
// move" (a blank before each; caller frees).
char *match_limits_text(const MatchLimits *l);

// The two players from their options, each "E" (ours) or "C" (an outside program) then the
// option's value (match_player_parse); none: RankCut against plain alpha-beta (the defaults
// are added to specs). False with an error when there are not two, one is bad, the game has no
// protocol for outside engines, or both have one name.
bool match_players_make(MatchOptions *o, GPtrArray *specs, GError **err);

// Runs the match (match_run) with what its options leave to the runner: today's date for the
// records, 0.1 s a move when no limit is given, the folder out (NULL: match_default_folder's).
// o->out and o->date are cleared again before it returns.
int match_start(MatchOptions *o, const char *out);

// The default folder name for a match: "match-abalone-rankcut-plain-t0.1-s1" (caller frees).
char *match_default_folder(const MatchOptions *o);

// Runs (or resumes) a match and prints its summary. Returns the exit status: 0, 2 for bad
// input, 130 after Ctrl-C (every finished game kept).
int match_run(const MatchOptions *o);

// A folder's results file (MATCH_RESULTS_FILE in it), or the path itself when it is a file
// (caller frees).
char *match_results_path(const char *input);

// Merges the results of several folders (or results files) whose headers are equal into the
// folder out (results and game records) and prints the summary. Games found twice are an
// error. The game the header names is looked up in games (NULL-terminated) to read the game
// records, so that the summary counts the distinct games. Returns the exit status.
int match_merge(char **inputs, const char *out, const GameDesc *const *games);

// Prints the summary of a match folder's results (games: as for match_merge).
int match_summary(const char *folder, const GameDesc *const *games);

#endif
