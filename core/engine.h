// SPDX-License-Identifier: MIT
// The engine wrapper every game shares: search parameters (and the game's own parameter
// groups), a transposition table, RankCut statistics and the search state. A game's engine
// embeds an Engine as its first member and adds its rules and whatever its search needs.
#ifndef CORE_ENGINE_H
#define CORE_ENGINE_H

#include "core/search.h"

#define ENGINE_MAX_GROUPS (SEARCH_PARAM_GROUPS + 4)

typedef struct Engine Engine;

// The net of net=FILE, for a game whose engines can evaluate with a net file. core/ knows
// nothing of nets/ (the layering rule: neither includes the other), so the net is an opaque
// pointer that the game loads and frees (EngineKind's net_load and net_free; the game checks
// there that the net is one of its feature sets); the slot is the state machine around it: a
// net=FILE, or "net=" (forget the file), waits in `pending` until engine_apply, the net in use
// stays until the game's apply accepts the change, which then takes its place; when apply
// refuses it, the pending net is dropped and nothing changes.
typedef struct {
    void *current; // the net of the last accepted net=FILE, or NULL
    void *pending; // a net=FILE (NULL: "net=") waiting for the next engine_apply
    bool change;   // pending holds a change
} EngineNetSlot;

// What a game tells the wrapper about its engines.
typedef struct {
    // The evaluation a new engine uses; statistics from another one are refused. A game with
    // several evaluations switches with engine_set_evaluator.
    const char *evaluator;
    // Whether statistics collected under this game name suit the engine ("abalone"; "go9").
    bool (*accepts)(const char *game);
    const char *games; // the names it accepts, for error messages
    // The built-in statistics for an evaluator, or NULL when there are none. May be NULL.
    const uint8_t *(*builtin)(const char *evaluator, size_t *size);
    // The built-in ProbCut calibration for an evaluator, or NULL when there is none (used when
    // probcut=true is asked without probcut_file=). May be NULL.
    const uint8_t *(*probcut_builtin)(const char *evaluator, size_t *size);
    // The built-in rank statistics of the Monte Carlo search's widening (mcts_widen=rank), or
    // NULL when there are none. May be NULL.
    const uint8_t *(*mcts_ranks_builtin)(size_t *size);
    int move_indices;   // dense move indices (history tables)
    int probcut_stages; // the game stages of its ProbCut calibrations (game_stage)
    // Sets one NAME=VALUE assignment the generic tables do not know (Go's ko=positional), or
    // returns false without an error to leave it to them. May be NULL.
    bool (*set_special)(Engine *e, const char *assignment, GError **err);
    // The engine protocol's option lines for what set_special takes, or NULL.
    const char *special_options;
    // Called by engine_apply before the parameters take effect (Abalone picks its evaluator
    // there, with engine_net_next); false with an error refuses them. May be NULL.
    bool (*apply)(Engine *e, GError **err);
    // Loads the net of a net=FILE assignment, or returns NULL with an error; frees such a net
    // (EngineNetSlot). NULL for a game without net files: net= is then no parameter.
    void *(*net_load)(Engine *e, const char *path, GError **err);
    void (*net_free)(void *net);
} EngineKind;

struct Engine {
    const EngineKind *kind;
    SearchParams params;
    ParamGroup extra[ENGINE_MAX_GROUPS - SEARCH_PARAM_GROUPS]; // the game's groups
    int nextra;
    Tt tt;
    int tt_mib;
    Search search;
    const RankcutTable *table; // the statistics in use (have_table): owned or the shared built-in
    RankcutTable owned;        // statistics loaded from a file (own_table)
    bool have_table, own_table;
    char table_source[256]; // "built-in" or a file name
    char evaluator[64];     // the evaluation in use (kind->evaluator at first)
    ProbcutData *probcut;   // the ProbCut calibration (probcut_file= or built-in), or NULL
    ProbcutTable *probcut_table;
    char probcut_source[256];
    bool probcut_default; // probcut is on in the engine's defaults (it then idles without a
                          // calibration of the evaluator instead of refusing it)
    EngineNetSlot net;    // the net of net=FILE (kind->net_load)
    MctsRanks *ranks;     // mcts_widen=rank's statistics (mcts_ranks_file= or built-in), or NULL
    char ranks_source[256];
};

// Sets up an engine with params and the built-in statistics (when the game has them). The
// game's parameter groups are added afterwards with engine_add_group. False with an error
// (nothing to free) when the TT cannot be allocated or the built-in statistics are refused.
bool engine_init(Engine *e, const EngineKind *kind, const SearchParams *params, GError **err);
void engine_free(Engine *e);

// Adds one of the game's parameter groups (rules, player); it must live as long as e.
void engine_add_group(Engine *e, ParamGroup g);

// Every parameter group: the search's, then the game's. Returns how many (<= ENGINE_MAX_GROUPS).
int engine_param_groups(Engine *e, ParamGroup out[ENGINE_MAX_GROUPS]);

// Sets one NAME=VALUE assignment (or "plain": plain alpha-beta) of any group; changes take
// effect at the next engine_apply. "net=FILE" loads a net through kind->net_load ("net="
// forgets it; EngineNetSlot). "probcut_file=FILE" loads a ProbCut calibration (refused
// when it is not one or belongs to another game; "probcut_file=" forgets it, and probcut=true
// then takes the built-in one of the engine's evaluator, when the game has one).
// "mcts_ranks_file=FILE" loads the rank statistics of mcts_widen=rank (refused when they are
// another game's; "mcts_ranks_file=" forgets them, and the built-in ones are used, if any).
bool engine_set(Engine *e, const char *assignment, GError **err);

// A configuration file's [sumito] keys, then NAME=VALUE assignments, then a statistics file
// (each may be NULL), then engine_apply.
bool engine_configure(Engine *e, const char *config, char **sets, const char *rankcut_file,
                      GError **err);

// The net of net=FILE that will be in use after the next engine_apply: the pending one when
// net= changed it, else the current one (NULL: none). For the game's apply.
const void *engine_net_next(const Engine *e);

// Applies changed parameters (resizes the TT when `hash` changed) and takes a pending net when
// the game's apply accepts the change. When probcut is on without
// a calibration of the engine's evaluator (from a file or built in), ProbCut idles if the
// engine's defaults have it on (an evaluator of one's own on a game whose default search uses
// it), and is refused otherwise.
bool engine_apply(Engine *e, GError **err);

// True when probcut is on but idles for want of a calibration (above); and the line that says
// so ("info string probcut idle: ...\n", nothing when it does not idle), for the commands that
// print the methods' counters after a search.
bool engine_probcut_idle(const Engine *e);
void engine_format_probcut_idle(const Engine *e, GString *out);

// Switches the engine to another evaluation: built-in statistics (or none) are replaced by
// the new evaluation's built-in ones; statistics from a file that belong to another evaluation
// are refused (false, err: nothing changed).
bool engine_set_evaluator(Engine *e, const char *evaluator, GError **err);

// Replaces the statistics with a file's (refused unless they suit the engine).
bool engine_load_rankcut(Engine *e, const char *path, GError **err);

// The statistics the engine uses now, or NULL.
const RankcutCounts *engine_rankcut_counts(const Engine *e);

// The identity of the Monte Carlo tree's prior knowledge, which rank statistics are tied to:
// 16 hex digits of a hash of every parameter named prior* or mcts_prior* and its value.
#define ENGINE_PRIOR_ID 24
void engine_mcts_prior_id(Engine *e, char out[ENGINE_PRIOR_ID]);

// Forgets everything learned: TT, history, killers, and the last search's ownership (a
// judgement of the old game).
void engine_new_game(Engine *e);

// Readies the search for a position: parameters, the game's context, the statistics (when
// `rankcut` is set and there are some), limits and the info callback. Returns the search, on
// which the caller sets the position history (search_set_history) and runs its game's search.
Search *engine_prepare(Engine *e, const void *game_ctx, bool rankcut, const SearchLimits *limits,
                       SearchInfoFn info, void *user);

// Stops the engine's search: the running one as soon as it can (it answers with its best move
// so far), or the next one before it starts. The one way to stop a search from outside core/;
// safe from any thread and from a signal handler (search_control_request_stop). The request
// stays until engine_clear_stop, which the caller calls before it starts the next search.
void engine_request_stop(Engine *e);
void engine_clear_stop(Engine *e);
bool engine_stop_requested(const Engine *e);

// The last search's results beyond its SearchInfo: whether it was cut short (by its time or
// node limit or a stop request), its nodes (the helpers' included) and its methods' counters.
bool engine_search_stopped(const Engine *e);
uint64_t engine_search_nodes(const Engine *e);
const SearchStats *engine_search_stats(const Engine *e);

#endif
