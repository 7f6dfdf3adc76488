// SPDX-License-Identifier: MIT
// What a review writes besides its table: the game annotated (APGN through abalone/record.h,
// every tag kept, each move's comment followed by its score, loss, mark and the better move),
// the chart of Black's win probability over the game with the mistakes and blunders marked,
// and the contact sheet of the worst moves, each drawn with the move played and the better one.
#ifndef ABALONE_REVIEW_OUT_H
#define ABALONE_REVIEW_OUT_H

#include "abalone/review.h"
#include "core/draw/raster.h"

// At most this many positions on a sheet: the blunders and mistakes, worst first.
#define ABALONE_REVIEW_SHEET_MAX 12

// The comment a move gets: "score +120, best c3c4 +300, loss 180, inaccuracy" (caller frees).
char *abalone_review_comment(const AbaloneReview *r, const AbaloneRecord *rec, int i);

// A copy of the record's text with every move commented (caller frees).
char *abalone_review_annotate(const AbaloneReview *r, const AbaloneRecord *rec);

// The chart (PNG) of Black's win probability by ply, mistakes and blunders marked; NULL with an
// error.
Raster *abalone_review_chart(const AbaloneReview *r, GError **err);

// The plies (from 0: the position before move i + 1) of the mistakes and blunders, worst first,
// at most ABALONE_REVIEW_SHEET_MAX (a game without any: its inaccuracies); returns how many.
int abalone_review_critical(const AbaloneReview *r, int *plies);

// The contact sheet of the critical positions, or NULL with an error (none: an error too).
Raster *abalone_review_sheet(const AbaloneReview *r, const AbaloneRecord *rec, GError **err);

// Writes the annotated record, the chart and the sheet to the paths that are not NULL.
bool abalone_review_write(const AbaloneReview *r, const AbaloneRecord *rec, const char *out,
                          const char *chart, const char *sheet, GError **err);

#endif
