// SPDX-License-Identifier: MIT
// ProbCut's calibration from self-play, for any game: every searched position of self-play
// games from varied openings adds the pairs of its iterations' root scores (shallow depth d,
// deep depth D) to the sums of its game stage; the file is saved after each finished game
// (Ctrl-C keeps them, the same command resumes), then the fits are printed: a, b, sigma and r
// per stage and depth pair (Jiang & Buro 2003 fit theirs the same way from 2700 positions).
#ifndef CORE_LAB_PROBCUT_FIT_H
#define CORE_LAB_PROBCUT_FIT_H

#include <stdio.h>

#include "core/game.h"
#include "core/probcut.h"

typedef struct {
    int size; // board size (games with sizes)
    int games, first_game;
    double movetime;
    uint64_t seed;
    int range; // shallow scores beyond +-range are left out of the fit
    const char *out, *config;
    char **sets;
} ProbcutFitOptions;

// The whole command after its options. Returns the exit status (130 after Ctrl-C).
int probcut_fit_run(const GameDesc *game, const ProbcutFitOptions *o);

// The fits of a calibration, one line per stage and depth pair with at least min_samples
// pairs: "stage S  d D  n N  a A  b B  sigma S  r R".
void probcut_print_fits(const ProbcutData *c, int64_t min_samples, FILE *out);

// Prints the source of the calibration file at path (game, evaluator, stages, range, games)
// and its fits (probcut_print_fits); 0, or EXIT_BAD_INPUT after printing why it is unreadable.
int probcut_fit_show(const char *path, int min_samples);

// Adds the nfiles (at least 1) calibration files of one game and evaluator together into out
// and prints the games; 0, or EXIT_BAD_INPUT after printing why not.
int probcut_fit_merge(int nfiles, char *const *files, const char *out);

#endif
