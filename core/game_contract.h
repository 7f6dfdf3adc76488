// SPDX-License-Identifier: MIT
// The contract between a game and the search, in one place. The search recursion
// (core/search_body.h) is compiled once per game: the game's file defines the names below,
// then includes core/search_body.h, which defines SEARCH_NAME(run) and SEARCH_NAME(perft)
// for that game. Everything here is static inline, so make/unmake and move generation are
// inlined into the search; nothing goes through a function pointer per node.
//
// Types and constants
//   GameBoard, GameUndo        the position (modified in place) and one move's undo record
//   GAME_MAX_MOVES             more than any position's number of legal moves
//   GAME_PROBCUT_STAGES        the number of game stages ProbCut fits apart (1..PROBCUT_STAGES)
//   SEARCH_NAME(x)             the prefix of the functions the body defines, e.g. abalone_##x
//
// Moves
//   int  game_gen_moves(const GameBoard *b, Move *out)      every legal move
//   int  game_gen_forcing(const GameBoard *b, Move *out)    the quiescence search's moves
//   void game_make(GameBoard *b, Move m, GameUndo *u)
//   void game_unmake(GameBoard *b, Move m, const GameUndo *u)
//   int  game_move_index(Move m)                            dense index, for history tables
//   Move game_move_from_index(const GameBoard *b, int i)    the legal move with index i, or
//                                                           MOVE_NONE (checks table moves)
//   bool game_move_irreversible(Move m)                     no earlier position can recur
//   uint32_t game_history_stamp(const GameBoard *b)         changes whenever a legality
//         decision depended on positions before the node (Go's superko); a node whose subtree
//         changed it stores nothing in the TT, since its result holds on this path only
//
// Position
//   Key   game_key(const GameBoard *b)                      includes the side to move
//   int   game_side(const GameBoard *b)                     0 or 1
//   Score game_evaluate(const GameBoard *b, const void *ctx) side to move's view
//   bool  game_terminal(const GameBoard *b, const void *ctx, int ply, Score *s)
//         the game is over here (by the rules in ctx); *s from the side to move's view,
//         forced results as +-(SCORE_MATE - ply)
//   bool  game_threat(const GameBoard *b)                   RankCut's "in check" feature (also
//                                                           Multi-Cut's: no Multi-Cut in check)
//   GAME_MATERIAL  int game_material(const GameBoard *b)    optional: the side to move's lead in
//         material (Abalone's marbles); the side ahead at the root is the one a draw scores
//         `contempt` below zero for. Fallback: 0, no side is ever ahead (no contempt)
//
// The null move (null-move pruning, core/null_move.h)
//   bool game_null_allowed(const GameBoard *b, const void *ctx)  the side to move may pass
//         here without ending the game (a game without a pass answers with an artificial one)
//   void game_make_null(GameBoard *b, GameUndo *u)           the side to move passes
//   void game_unmake_null(GameBoard *b, const GameUndo *u)
//
// The game stage (ProbCut's parameters per stage, core/probcut.h)
//   int  game_stage(const GameBoard *b)                     0 .. GAME_PROBCUT_STAGES - 1
//
// Move ordering
//   int game_move_tactical(const GameBoard *b, Move m)      > 0 for tactical moves (searched
//                                                           before killers, larger first)
//   int game_move_static(const GameBoard *b, Move m)        0..255 tiebreak among quiet moves
//
// Threads (Lazy SMP, params.threads > 1)
//   GameBoard *game_board_clone(const GameBoard *b)         a copy of the position, with
//         everything its search changes (a net's accumulators, Go's superko history) its own,
//         that a helper thread searches while b is searched; the game context stays shared
//         and is only read
//   void game_board_free(GameBoard *copy)                   frees a clone (at its root again)
//
// Playouts (the Monte Carlo search, core/mcts_body.h; params.search = mcts). Each entry is
// optional: a game defines the macro named beside it and the function, or gets the fallback.
//   GAME_PLAYOUT_MOVE      Move game_playout_move(GameBoard *b, const void *ctx, Rng *rng)
//         a move for the side to move (MOVE_NONE: it has none, a loss); may reorder b's lists
//         but not change the position. Fallback: uniformly random among game_gen_moves
//   GAME_PLAYOUT_RESULT    bool game_playout_result(const GameBoard *b, const void *ctx, int ply,
//                                                   double *value)
//         the game (or the playout) ends here, ply plies below the root: *value its result in
//         [0,1] for the side to move (1 a win, 0 a loss, 0.5 a draw, or a win probability).
//         Fallback: game_terminal, a positive score a win, a negative one a loss, zero a draw
//   GAME_PLAYOUT_ESTIMATE  double game_playout_estimate(const GameBoard *b, const void *ctx,
//                                                      double scale)
//         the result of a playout cut short at mcts_playout_plies (side to move's view).
//         Fallback: 1 / (1 + exp(-game_evaluate / scale)), scale = mcts_eval_scale
//   GAME_MOVE_PRIORS       void game_move_priors(const GameBoard *b, const void *ctx,
//                                                 const Move *moves, int n, MctsPrior *out)
//         the game's knowledge of the n moves of a node being expanded, called once for all of
//         them (so that work is shared): adds virtual visits to out[i].visits and the wins among
//         them to out[i].wins (the mover's view: a good move at a high rate, a bad one at a low
//         rate), over the uniform prior the search put there (mcts_prior_visits visits at 0.5).
//         Fallback: nothing added, every child starts with the uniform prior
//   GAME_PLAYOUT_COPY      void game_playout_copy(GameBoard *dst, const GameBoard *src)
//                          void game_playout_play(GameBoard *b, Move m)
//         playouts are played on a copy (no undo, no ply limit but mcts_playout_plies).
//         Fallback: made on the board with game_make and taken back with game_unmake, so a
//         playout ends within MAX_PLY plies of the root (then game_playout_estimate decides)
//   GAME_PLAYOUT_OWNERS    void game_playout_owners(const GameBoard *b, const void *ctx,
//                                                   uint32_t *counts)
//         the position a playout (or the tree, where the game is over) ended in: adds 1 to
//         counts[2 * i + side] for each point, of move index i, that side (game_side's 0 or 1)
//         owns there, in one pass over the board. The search then gives the share of
//         playouts each side owned each point (Search.ownership). Fallback: no owners, no cost
//
// A position with no legal moves is a loss for the side to move.
#ifndef CORE_GAME_CONTRACT_H
#define CORE_GAME_CONTRACT_H

#include "core/score.h"
#include "core/search.h"

#endif
