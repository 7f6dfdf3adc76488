// SPDX-License-Identifier: MIT
// The review of many games of a record file (`sumito abalone review FILE --out RESULTS`): each
// game reviewed as abalone/review.h does one, its figures added to a results file game by game
// (rewritten whole each time, so that Ctrl-C or a crash loses at most the game under way), a run
// with the same options resuming the file, and each player's figures over the games as a table.
// The results file's first line names the options its figures depend on; a file made with other
// options is refused, never mixed. Shards of a long review (core/lab/shard.h) each review a
// stretch of the games (--first-game, --games), and their files, having the same first line,
// are merged by keeping it once.
#ifndef ABALONE_REVIEW_MANY_H
#define ABALONE_REVIEW_MANY_H

#include "abalone/review.h"

typedef struct {
    const AbaloneRecordFile *file;
    int first, games;   // games first to first + games - 1 (from 0) of the file
    const char *out;    // the results file (NULL: none, nothing resumed)
    const char *header; // its first line: the options (abalone_review_many_header)
    AbaloneReviewParams params;
} AbaloneReviewMany;

// The first line of a results file for these options: the file reviewed, the budget, the
// thresholds and the engine's parameters (caller frees).
char *abalone_review_many_header(const char *path, const AbaloneReviewParams *p, char **sets,
                                 const char *config);

// Reviews the games not yet in the results file and prints each player's table. Returns 0, 130
// when Ctrl-C stopped it (the games finished are kept), EXIT_BAD_INPUT when the results file is
// not this review's or cannot be written.
int abalone_review_many(AbaloneEngine *e, const AbaloneReviewMany *m);

// The per-player table of results lines (one a game, as the results file holds them) into out.
void abalone_review_many_table(char **lines, GString *out);

#endif
