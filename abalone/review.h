// SPDX-License-Identifier: MIT
// The engine's review of a played game (`sumito abalone review`): every position of the game
// searched at one fixed budget, from fresh tables, so that a review is the same whatever ran
// before it; the engine's best move and score in each position, the score of the move played
// (the search of the position after it, negated, at the same budget), the loss of each move in
// evaluation units and as win probability, and a mark for the moves that lose much: inaccuracy,
// mistake, blunder. Then the figures of each player, the annotated record, the balance chart and
// the sheet of the critical positions (abalone/review_out.c), and the review of a file of many
// games with its results file (abalone/review_many.c).
#ifndef ABALONE_REVIEW_H
#define ABALONE_REVIEW_H

#include <glib.h>

#include "abalone/engine.h"
#include "abalone/record.h"

// Scores are capped at six marbles (a marble is about 1000 units) before a loss is taken, so
// that a forced result counts as the whole game and no more.
#define ABALONE_REVIEW_SCORE_CAP 6000

typedef enum {
    ABALONE_REVIEW_GOOD,
    ABALONE_REVIEW_INACCURACY,
    ABALONE_REVIEW_MISTAKE,
    ABALONE_REVIEW_BLUNDER,
    ABALONE_REVIEW_MARKS
} AbaloneReviewMark;

// The budget of each search (0: none; a node count alone by default) and the loss thresholds of
// the marks, in evaluation units (each at least the one before).
typedef struct {
    double movetime;
    uint64_t nodes;
    int depth;
    int threshold[ABALONE_REVIEW_MARKS]; // [INACCURACY], [MISTAKE], [BLUNDER]; [GOOD] is 0
} AbaloneReviewParams;

#define ABALONE_REVIEW_NODES              200000
#define ABALONE_REVIEW_DEFAULT_INACCURACY 150
#define ABALONE_REVIEW_DEFAULT_MISTAKE    400
#define ABALONE_REVIEW_DEFAULT_BLUNDER    800

void abalone_review_params_default(AbaloneReviewParams *p);

// One move of the game, scores from the view of the side that played it.
typedef struct {
    int side;                    // 0 Black, 1 White
    Move played, best;           // best: the engine's choice before the move
    Score best_score;            // the engine's score of the position before the move
    Score played_score;          // the score of the move played
    int loss;                    // best_score - played_score (both capped), never negative
    double win_best, win_played; // the two scores as the mover's win probability
    double win_loss;             // win_best - win_played, never negative
    AbaloneReviewMark mark;
    double black_win; // Black's win probability after the move
} AbaloneReviewMove;

// A reviewed game and each player's figures (0 Black, 1 White).
typedef struct {
    GArray *moves; // AbaloneReviewMove, one a move
    int count[2];  // moves
    int64_t loss[2];
    double win_loss[2];
    int marks[2][ABALONE_REVIEW_MARKS];
    double scale; // the win probability's scale: p = 1 / (1 + exp(-score / scale))
} AbaloneReview;

// Reviews the record's game with e under the record's rules (e's rules become the record's).
// progress (may be NULL) is called after each position searched, with the positions done and
// their number. False when stopped by lab_interrupted() (the review is then empty and still to
// be freed).
typedef void (*AbaloneReviewProgress)(int done, int total, void *user);
bool abalone_review_game(AbaloneEngine *e, const AbaloneRecord *rec, const AbaloneReviewParams *p,
                         AbaloneReviewProgress progress, void *user, AbaloneReview *out);
void abalone_review_free(AbaloneReview *r);

// The mark of a loss under the thresholds.
AbaloneReviewMark abalone_review_mark(const AbaloneReviewParams *p, int loss);
// "", "inaccuracy", "mistake", "blunder".
const char *abalone_review_mark_name(AbaloneReviewMark m);

// The table of the moves (ply, side, played, its score, best, its score, loss in units and in
// win probability, mark) and a summary line per player, as printed by the command.
void abalone_review_format(const AbaloneReview *r, const AbaloneRecord *rec, GString *out);

#endif
