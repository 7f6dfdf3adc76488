// SPDX-License-Identifier: MIT
// A Go engine: search and player parameters, default rules for the games it sets up itself,
// a transposition table, RankCut statistics and the search state, behind one call that
// searches a game's current position for a colour. The position is copied with the game's
// superko history, so the game itself is never touched.
#ifndef GO_ENGINE_H
#define GO_ENGINE_H

#include "go/dynkomi.h"
#include "go/eval.h"
#include "go/game.h"
#include "go/search.h"
#include "core/engine.h"

// Move-choice parameters of the player (go/player.c): name, type, default, min, max, help.
#define GO_PLAYER_PARAMS(X, S)                                                                     \
    X(S, resign, bool, 0, 0, 1, "answer genmove with resign when hopelessly behind")               \
    X(S, resign_points, double, 40, 1, 1000,                                                       \
      "resign when the searched score is below minus this many points (after N moves on NxN)")     \
    X(S, pass_margin, double, 0.5, 0, 100,                                                         \
      "pass when no move scores more than this many points above passing (after the opponent "     \
      "passed, or when the count is settled)")                                                     \
    X(S, resign_rate, double, 0.1, 0, 0.5,                                                         \
      "search=mcts: resign when the searched move's win rate is below this (after N moves on "     \
      "NxN)")                                                                                      \
    X(S, dead_share, double, 0.7, 0.5, 1,                                                          \
      "search=mcts, and final_status_list: a string is dead when the opponent owns its points "    \
      "in at least this share of the playouts")                                                    \
    X(S, status_playouts, int, 2000, 1, 10000000,                                                  \
      "final_status_list: playouts of the Monte Carlo search that judges the position when the "   \
      "last search was not of it")

PARAMS_DECLARE(GoPlayerParams, GO_PLAYER_PARAMS, go_player_params_group, go_player_params_default);

// Go's starting values for shared search parameters, over the shared defaults: on the 9x9
// compare suite, RankCut reductions at nodes with 2 plies left lost agreement with the
// reference significantly (docs/go.md, RankCut on Go), at 3 plies they did not.
#define GO_RANKCUT_MIN_DEPTH 3
// Captures and escapes need not run out: at the shared bound a 9x9 position with many strings
// in atari took a depth-1 search a minute; at 4 the problem suite answers as at 64 (docs/go.md).
#define GO_QSEARCH_PLIES 4
// The Monte Carlo search is Go's default algorithm, with heavy playouts, RAVE, the tree's prior
// knowledge and this exploration constant: the configuration that scored 72/100 against GNU Go
// at level 10 where alpha-beta scored 2/100 (docs/results/go.md). search=alphabeta selects
// alpha-beta, whose own starting values (above, and the shared ones) stay as they were.
#define GO_MCTS_C 0.2

// Go's starting values over the shared defaults, every one of them in this one place: the
// search parameters' (the shared defaults with the values above), the playouts' and the
// prior's. Any pointer may be NULL.
void go_engine_params_default(SearchParams *search, GoPlayoutParams *playout, GoPriorParams *prior);

typedef struct {
    Engine core; // first: a GoEngine * is an Engine *
    GoPlayerParams player;
    GoPlayoutParams playout; // the Monte Carlo search's playouts (and their dynamic komi) ...
    GoPriorParams prior;     // ... and the prior knowledge of its tree
    GoDynkomi dynkomi;       // the adaptive dynamic komi's memory (go/dynkomi.h)
    double extra;            // the last Monte Carlo search's extra komi (0: the real komi) ...
    double real_rate;        // ... and the searched colour's win rate at the real komi
    GoRules rules;           // for the games the engine sets up (self-play, suites)
    GoEvalCtx ctx;           // the searched game's komi and move cap
    GoBoard board;           // the position being searched ...
    GoHistory history;       // ... and its copy of the game's superko history
    Key owned_key;           // the position the last Monte Carlo search judged (ownership)
    int searched_size;       // the board size of the last position searched (0: none yet)
    // core.net.current: the Net of net=FILE that evaluates 9x9 boards, or NULL
} GoEngine;

// Sets up an engine with the built-in RankCut statistics (9x9). Defaults for NULL arguments
// (go_engine_params_default, go_rules_default); the playouts and the prior start from
// go_engine_params_default's either way. Its parameter groups: search, player, playout,
// prior, rules; ko and suicide also take their names (engine_set(&e->core, "ko=positional")), and
// net=FILE loads a net of go/features.h's feature set that then evaluates 9x9 positions (the
// evaluator is then "go-net-" and the first 12 hex digits of its content hash; other sizes
// keep the handcrafted evaluation); "net=" forgets it.
bool go_engine_init(GoEngine *e, const SearchParams *p, const GoRules *r, GError **err);
void go_engine_free(GoEngine *e);

// An engine with the defaults changed by a configuration file, NAME=VALUE assignments (search,
// player and rules parameters) and a RankCut statistics file (each may be NULL).
bool go_engine_setup(GoEngine *e, const char *config, char **sets, const char *rankcut_file,
                     GError **err);

// Whether the engine has statistics for this board size (RankCut acts only then).
bool go_engine_has_rankcut(const GoEngine *e, int size);

// Forgets everything learned: TT, history, killers, the Monte Carlo tree and its ownership,
// the adaptive dynamic komi.
void go_engine_new_game(GoEngine *e);

// Copies the game's position with colour to move (the ko point goes when colour is not the
// side to move) and its superko history into the engine; returns the copy, which stays valid
// until the next call or search. A position of another board size than the last one searched
// starts a new game (go_engine_new_game): keys do not tell sizes apart (a stone's key is its
// cell's, and every empty board's is 0), so the tables and tree of one size would be taken for
// the other's.
GoBoard *go_engine_position(GoEngine *e, const GoGame *g, int colour);

// Searches the game's current position with colour to move (it need not be the side to
// move, as GTP allows). info (may be NULL) gets one call per completed iteration. Returns the
// best move: a point or GO_PASS. search=mcts: the playouts count with the game's komi plus the
// extra of the dynkomi schedule (e->extra), the tree's win rate (Search.mcts_rate, the info
// lines while it runs) is at that komi, and e->real_rate is colour's share of this search's
// playouts won at the real komi; when the extra is not 0, out's score is that real rate's
// (mcts_rate_score), so that what is reported of the game is about the real game.
Move go_engine_search(GoEngine *e, const GoGame *g, int colour, const SearchLimits *limits,
                      SearchInfoFn info, void *user, SearchInfo *out);

// The Monte Carlo search's ownership (core/mcts.h) of the game's position, its side to move
// to play and its passes forgotten (so that the playouts go on from a finished game): the last
// search's when it was of that position, else a search of it with `playouts` playouts, with
// search=mcts whatever the engine's algorithm, at the real komi (no dynamic komi: the position
// is judged as it stands).
const MctsOwnership *go_engine_ownership(GoEngine *e, const GoGame *g, int playouts);

// The RankCut statistics' game name for a board size ("go9"); buf has room for 16.
const char *go_rankcut_game(int size, char *buf);

// The built-in statistics of an evaluator, or NULL when the binary has none for it.
const uint8_t *go_rankcut_builtin(const char *evaluator, size_t *size);

// The built-in ProbCut calibration of an evaluator, or NULL when the binary has none for it.
const uint8_t *go_probcut_builtin(const char *evaluator, size_t *size);

// The built-in rank statistics of the Monte Carlo search's widening (9x9).
const uint8_t *go_mcts_ranks_builtin(size_t *size);

#endif
