// SPDX-License-Identifier: MIT
// The Go evaluation for alpha-beta: an estimate of the final area count (Tromp-Taylor, as the
// game is scored) from the side to move's point of view, in units of 1/GO_POINT of a point.
// Each string is judged alive or dead first:
//   - ladders (go/reading.h): a string of one or two liberties captured even when its owner
//     moves first is dead; one the side to move can settle either way goes the other side's
//     way, and the side to move is credited with the swing of the largest such string (two
//     points a stone, less half a point a stone for a capture still to be read out);
//   - zones (go/life.h): a string in an enclosed zone without two eyes is dead, unless it is
//     in a seki;
//   - influence: a string of three liberties or more in an open zone over whose stones the
//     other side's influence averages 10 or more (hemmed in at distance 1 and 2) is dead.
// Dead stones count for the other colour and radiate nothing. An empty region that reaches
// stones of only one colour (dead strings counting as the other colour) and is small (at most
// a quarter of the board) is that colour's, as the count will score it; every other empty
// point is shared out by influence: each living stone radiates 4, 2 and 1 to the points at
// distance 1, 2 and 3, and a point belongs to the side with more influence, fully from a
// difference of 8, in proportion below that. Captures count through the area: a capture frees
// the points and removes the stones. Komi is subtracted from Black's count.
#ifndef GO_EVAL_H
#define GO_EVAL_H

#include "core/score.h"
#include "go/board.h"
#include "go/playout.h"
#include "go/prior.h"
#include "go/units.h"
#include "nets/net.h"

// Identifies this evaluation; RankCut statistics and compare references carry this name.
#define GO_EVAL_ID "go-influence-2"

// RankCut's statistics scheme for Go (core/rankcut.h, scheme 2): the one-sided score-gap
// intervals of best - alpha and of last - best, from a quarter of a point (moves about equal)
// through a point or two (an endgame move) to a group's worth.
#define GO_RANKCUT_SCHEME                                                                          \
    {                                                                                              \
        RANKCUT_SCHEME_ALPHA,                                                                      \
        {                                                                                          \
            8, 32, 96, 256, 768, 16, 64, 192, 512, 1536                                            \
        }                                                                                          \
    }

// What the search's contract needs besides the board: the count's komi, the move cap, the
// net that evaluates, if any, the playouts' parameters (NULL: light playouts) and the tree's
// prior knowledge (NULL: none), and the komi the Monte Carlo search's playouts count with
// (the real one plus a dynamic komi's extra, go/dynkomi.h).
typedef struct {
    double komi;
    int move_cap;     // moves after which the game ends and is counted; 0 for none
    Score komi_units; // komi * GO_POINT, rounded
    const Net *net;   // a net of go/features.h's feature set (9x9), or NULL
    const GoPlayoutParams *playout;
    const GoPriorParams *prior;
    // search=mcts: the komi of the playouts and of the tree's ends of the game
    double playout_komi;
} GoEvalCtx;

// No net: the handcrafted evaluation below; light playouts; no prior knowledge; the playouts'
// komi the real one.
void go_eval_ctx_init(GoEvalCtx *ctx, double komi, int move_cap);

// The handcrafted estimate, side to move's view (ctx's net is not looked at: the contract,
// go/contract.h, chooses between the net and this one).
Score go_evaluate(const GoBoard *b, const GoEvalCtx *ctx);

// The exact Tromp-Taylor count (every stone alive) with komi, side to move's view, in units;
// what a game ended here scores.
Score go_eval_final(const GoBoard *b, const GoEvalCtx *ctx);

// The count a player who removes dead stones would agree to: Tromp-Taylor's with the strings
// go_eval_dead_strings takes for dead with either side to move taken off (their points and
// the empty regions they bordered count for the colour around them), komi, side to move's
// view, in units. *neutral (may be NULL) says whether some region of empty and dead points
// reaches live stones of both colours (go_eval_pass_end then takes the estimate instead).
Score go_eval_final_fair(const GoBoard *b, const GoEvalCtx *ctx, bool *neutral);

// The heads of the strings of colour that the evaluation takes for dead (by reading, zones or
// influence); heads has room for GO_MAX_POINTS. Returns their number.
int go_eval_dead_strings(const GoBoard *b, int colour, int *heads);

// Every empty region is small (a quarter of the board at most) and reaches one colour only.
bool go_eval_regions_decided(const GoBoard *b);

#endif
