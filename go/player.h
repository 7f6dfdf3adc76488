// SPDX-License-Identifier: MIT
// Move choice for whole games (GTP genmove, self-play): the shared search plus the decisions
// around it that make games end properly under area scoring:
//   - after the opponent passed, pass at once when passing wins on the exact count and on
//     the count with dead stones off, and no empty region reaches both colours (open ground
//     never wins by komi: there the search weighs passing, by the estimate);
//   - after the opponent passed (when passing loses) and in cleanup mode (kgs-genmove_cleanup,
//     where winning is no reason to pass), first take off what the count would wrongly score
//     as alive: the largest capture, else a liberty of a string the evaluation takes for dead
//     (never a self-atari);
//   - otherwise search, and pass instead of the searched move when it scores no more than
//     pass_margin points above what passing is worth, if the opponent passed or the
//     position is settled (the evaluation equals the exact count): nothing is left to gain;
//   - resign (parameter resign, off by default) when the searched score is below
//     -resign_points points, after the first `size` moves, unless the opponent passed.
// With search=mcts the search comes first and its playouts' ownership (go/ownership.h) judges
// the dead strings: passing wins after the opponent's pass when the bare count and the count
// with the strings the opponent owns in dead_share of the playouts removed both win; cleanup
// attacks those strings; resign when the searched move's win rate is below resign_rate, under
// the same conditions (with a dynamic komi's extra, when its win rate and the share of
// playouts won at the real komi both are); the search passes by choosing the pass.
// The time for a move comes from a fixed time per move, the GTP clock, or both (the smaller).
#ifndef GO_PLAYER_H
#define GO_PLAYER_H

#include "go/engine.h"

typedef enum { GO_GENMOVE_NORMAL, GO_GENMOVE_CLEANUP } GoGenmoveMode;

// Why a move was chosen, for logs and tests.
typedef enum {
    GO_REASON_SEARCH,    // the search's best move
    GO_REASON_PASS_WINS, // the opponent passed and passing wins, counted either way
    GO_REASON_NO_GAIN,   // no move gains over passing
    GO_REASON_CLEANUP,   // a capture or an attack on dead stones before passing
    GO_REASON_RESIGN,    // hopelessly behind
    GO_REASON_GAME_OVER  // the game had already ended (two passes or the move cap)
} GoReason;

typedef struct {
    Move move; // a point, GO_PASS, or MOVE_NONE for resign
    GoReason reason;
    Score pass_score; // the exact count if the game ended now, colour's view, units
    Score fair_score; // what passing now is worth to the search (go_eval_pass_end, after it)
    SearchInfo info;  // the search (depth 0 when there was none)
} GoChoice;

// Chooses colour's move in g under limits.
void go_player_choose(GoEngine *e, const GoGame *g, int colour, const SearchLimits *limits,
                      GoGenmoveMode mode, GoChoice *out);
// The same, with the search's iterations reported to info (may be NULL), as go_engine_search
// reports them (the web server shows them while the engine thinks).
void go_player_choose_reporting(GoEngine *e, const GoGame *g, int colour,
                                const SearchLimits *limits, GoGenmoveMode mode, SearchInfoFn info,
                                void *user, GoChoice *out);

// The time limits of one move: colour's time control and clock, with `fixed` seconds per move
// (0: none) as a cap on what the clock gives; without a clock, `fixed` seconds, else the
// engine's time_default_move. The time manager (core/timeman.h) turns them into deadlines.
void go_player_limits(const GoEngine *e, double fixed, const TimeControl *time,
                      const TimeClock *clock, SearchLimits *limits);

const char *go_reason_text(GoReason r);

// The status of every stone of g's position (status[cell], a GoStatus of go/ownership.h) by the
// Monte Carlo search's ownership (go_engine_ownership, status_playouts playouts when the last
// search was not of the position) and dead_share; for GTP's final_status_list.
void go_player_status(GoEngine *e, const GoGame *g, uint8_t *status);

#endif
