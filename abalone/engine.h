// SPDX-License-Identifier: MIT
// An Abalone engine: the shared engine wrapper (core/engine.h: search parameters, TT, RankCut
// statistics, search state) with Abalone's rules and its leaf evaluation (the handcrafted one
// or a neural net), behind one call that searches a game's current position.
#ifndef ABALONE_ENGINE_H
#define ABALONE_ENGINE_H

#include "abalone/game.h"
#include "abalone/search.h"
#include "core/engine.h"
#include "nets/net.h"

enum { ABALONE_EVAL_NET, ABALONE_EVAL_HCE, ABALONE_EVAL_DEFENSIVE };

#define ABALONE_EVAL_PARAMS(X, S)                                                                  \
    X(S, eval, choice, ABALONE_EVAL_NET, 0, 2,                                                     \
      "net|hce|defensive: the leaf evaluation: a neural net (the built-in one, or net=FILE), "     \
      "the handcrafted one, or the defensive sparring partner (the handcrafted terms with "        \
      "cohesion and centre dominant and no reward for threatening to push)")                       \
    X(S, press_edge, int, 0, 0, 1000,                                                              \
      "added to the evaluation of the side ahead in marbles for each marble of the side behind "   \
      "on the edge ring (0: off)")                                                                 \
    X(S, press_threat, int, 0, 0, 1000,                                                            \
      "added to the evaluation of the side ahead in marbles for each marble of the side behind "   \
      "it could push off with one move (0: off)")

// AbaloneEvalParams, its parameters bound to an instance and the defaults.
PARAMS_DECLARE(AbaloneEvalParams, ABALONE_EVAL_PARAMS, abalone_eval_params, abalone_eval_default);

typedef struct {
    Engine core; // first: an AbaloneEngine * is an Engine *
    AbaloneRules rules;
    AbaloneEvalParams eval;
    int eval_applied;    // the evaluation in force since the last engine_apply
    const Net *net;      // the net that evaluates (core.net's, else the built-in one), NULL
                         // with the handcrafted evaluation
    NetAccumulator *acc; // the search's accumulator stack
} AbaloneEngine;

// Abalone's starting values for RankCut, over the shared defaults (the paper's strict form):
// graded reductions from a threshold of 3 % (one ply more for each of 3/4, 3/16 and 3/64 % that
// Pi' falls below) and a full-depth re-search of a reduced move that beats alpha. With the
// built-in net and its table this form goes about two plies deeper than plain alpha-beta at
// 1 s, agrees more often with the deep reference, and beat the paper's form in a match
// (docs/results/abalone-search.md, Graded reductions with the re-search).
#define ABALONE_RANKCUT_GRADED   3
#define ABALONE_RANKCUT_RESEARCH true

// Abalone's default search is the forward-pruning experiment's strongest combination
// (docs/results/pruning-experiment.md, The forward-pruning experiment): the methods whose
// matches against plain alpha-beta gained with an interval above zero, each at its tuned setting
// (RankCut at a threshold of 1.5 %, RankCut adjusting LMR, ProbCut, LMR, the null move, futility).
// It beat RankCut alone and the previous default (graded RankCut from 3 %) at 0.1 s a move.
#define ABALONE_RANKCUT_THRESHOLD   0.015
#define ABALONE_LMR_DIVISOR         4.0
#define ABALONE_RANKCUT_LMR_KEEP    0.02
#define ABALONE_PROBCUT_T           1.5
#define ABALONE_NULL_MOVE_REDUCTION 2
#define ABALONE_FUTILITY_MARGIN     300

// The shared search defaults with Abalone's own starting values.
void abalone_search_params_default(SearchParams *p);

// Sets up an engine with the default evaluation (the built-in net) and the built-in RankCut
// statistics of that evaluation (when the binary has them).
bool abalone_engine_init(AbaloneEngine *e, const SearchParams *p, const AbaloneRules *r,
                         GError **err);
void abalone_engine_free(AbaloneEngine *e);

// An engine with the default parameters and rules changed by a configuration file, NAME=VALUE
// assignments and a RankCut statistics file (each may be NULL). Besides the parameter tables,
// the assignments take net=FILE: evaluate with that net (eval=net); "net=" forgets it.
bool abalone_engine_setup(AbaloneEngine *e, const char *config, char **sets,
                          const char *rankcut_file, GError **err);

// Forgets everything learned: TT, history, killers.
void abalone_engine_new_game(AbaloneEngine *e);

// Searches the game's current position. info (may be NULL) gets one call per completed
// iteration. Returns MOVE_NONE when the side to move has no legal move.
Move abalone_engine_search(AbaloneEngine *e, const AbaloneGame *g, const SearchLimits *limits,
                           SearchInfoFn info, void *user, SearchInfo *out);

// The engine's evaluation of a position (side to move's view), as the search's leaves see it.
Score abalone_engine_evaluate(AbaloneEngine *e, const AbaloneBoard *b);

// The built-in statistics of an evaluator, or NULL when the binary has none for it.
const uint8_t *abalone_rankcut_builtin(const char *evaluator, size_t *size);

// The built-in ProbCut calibration of an evaluator, or NULL when the binary has none for it.
const uint8_t *abalone_probcut_builtin(const char *evaluator, size_t *size);

// The built-in net: the first 12 hex digits of its content hash, which name its file in the
// source tree and its evaluator (tests/test_abalone_net.c checks both against the file).
#define ABALONE_NET_BUILTIN_HASH "67beaa065b94"
#define ABALONE_NET_BUILTIN_FILE "abalone/data/abalone-" ABALONE_NET_BUILTIN_HASH ".nnue"
#define ABALONE_NET_BUILTIN_ID   "abalone-net-" ABALONE_NET_BUILTIN_HASH

// The built-in net: its file in the source tree, its bytes, and the net read from them (once;
// shared by every engine, read-only).
const char *abalone_net_builtin_file(void);
const uint8_t *abalone_net_builtin(size_t *size);
const Net *abalone_net_builtin_net(void);

#endif
