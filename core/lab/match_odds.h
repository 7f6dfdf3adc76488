// SPDX-License-Identifier: MIT
// Time odds from several matches (`sumito match odds DIR...`): one player at a fixed time a
// move against another given K times as long, one match folder a factor K. For each folder its
// factor, W-D-L, score and the first player's Elo with its 95 % interval (elo_estimate over the
// pentanomial counts, as the match summary gives them); then the factor at which the two break
// even, the first player's Elo interpolated linearly in log K between the measured factors, and
// the factors at which the ends of the 95 % intervals, joined the same way, cross 0. That band
// is pointwise (each factor's own interval), not a simultaneous one.
#ifndef CORE_LAB_MATCH_ODDS_H
#define CORE_LAB_MATCH_ODDS_H

#include <stdio.h>

#include "core/lab/elo.h"

// The times a move read from a results header, in seconds (the runner's maximum; a minimum far
// from 0, so that every factor is finite and positive).
#define MATCH_ODDS_TIME_MIN 1e-9
#define MATCH_ODDS_TIME_MAX 86400.0

// One match folder: the factor, both players' seconds a move, the counts and the estimate.
typedef struct {
    char *folder;
    char *second;   // the second player's name in it
    double factor;  // the second player's time a move over the first player's
    double time[2]; // seconds a move, from the limits in the results header
    EloPenta counts;
    EloResult elo;
} MatchOddsRow;

// Where a curve of Elo against K falls to 0: at factor, between two measured factors; above
// the largest factor measured (it is still >= 0 there); or below the smallest (< 0 everywhere).
typedef enum { MATCH_ODDS_AT, MATCH_ODDS_ABOVE, MATCH_ODDS_BELOW } MatchOddsWhere;

typedef struct {
    MatchOddsWhere where;
    double factor; // MATCH_ODDS_AT: the crossing; else the largest or smallest factor measured
    int falls;     // the times the curve falls from >= 0 to < 0 between measured factors
} MatchOddsCrossing;

typedef struct {
    char *first;            // the first player's name
    GArray *rows;           // MatchOddsRow, by increasing factor
    MatchOddsCrossing even; // where the first player's Elo crosses 0
    MatchOddsCrossing low;  // where the lower ends of the 95 % intervals cross 0
    MatchOddsCrossing high; // where the upper ends cross 0
} MatchOdds;

// The crossing of a curve given at n > 0 increasing factors: the first i with value[i] >= 0
// and value[i + 1] < 0, interpolated linearly in log K; without one, the last factor when the
// last value is 0, ABOVE when it is > 0, else BELOW. falls counts every such i.
MatchOddsCrossing match_odds_crossing(const double *factor, const double *value, int n);

// Reads the results of the folders (or results files) and computes the rows and crossings.
// Every folder must hold the same game (and board size) and the same first player (its name,
// options and time a move), and the same second player apart from its name and limits; each
// player's limits (its own or the match's, from the results header) must be a time a move
// within the bounds above and nothing else (no depth, nodes or clock); each folder must hold at
// least one complete pair of games; no two folders may have the same factor. False with an error
// naming the folder and the problem (odds is then left empty).
bool match_odds_load(MatchOdds *odds, char **folders, GError **err);
void match_odds_clear(MatchOdds *odds);

// The table (a row a folder) and the line "break-even factor: X (95 %: L to U)", or its
// "above" and "below" forms, with the caveat that the band is pointwise.
void match_odds_print(const MatchOdds *odds, FILE *out);

// `sumito match odds`: loads and prints; returns the exit status (0, or 2 with the error).
int match_odds_run(char **folders);

#endif
