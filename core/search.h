// SPDX-License-Identifier: MIT
// The game-independent search: parameters, limits, per-search state, results and info
// lines. The recursion itself is core/search_body.h, compiled once per game against the
// game's static-inline contract (core/game_contract.h); this header is what callers use.
#ifndef CORE_SEARCH_H
#define CORE_SEARCH_H

#include <glib.h>
#include <stdatomic.h>

#include "core/futility.h"
#include "core/lmr.h"
#include "core/mcts.h"
#include "core/mcts_widen.h"
#include "core/move_chains.h"
#include "core/multicut.h"
#include "core/null_move.h"
#include "core/params.h"
#include "core/probcut.h"
#include "core/rankcut.h"
#include "core/score.h"
#include "core/search_control.h"
#include "core/timeman.h"
#include "core/tt.h"

// The most threads one search may use (the main thread and its helpers).
#define SEARCH_MAX_THREADS 512

// The shared bound on the quiescence search's plies (qsearch_plies): Abalone's forcing moves,
// ejections, run out after eleven, so the bound never acts there.
#define QSEARCH_PLIES 64

// The search algorithms (the search parameter): alpha-beta (core/search_body.h) and Monte Carlo
// tree search (core/mcts_body.h).
enum { SEARCH_ALPHABETA, SEARCH_MCTS };

// Parameters of the search core: name, type, default, min, max, help (see core/params.h).
#define SEARCH_PARAMS(X, S)                                                                        \
    X(S, search, choice, SEARCH_ALPHABETA, 0, 1,                                                   \
      "alphabeta|mcts: the search algorithm (mcts: Monte Carlo tree search, its parameters in "    \
      "the mcts group)")                                                                           \
    X(S, hash, int, 64, 1, 65536, "transposition table size in MiB")                               \
    X(S, threads, int, 1, 1, SEARCH_MAX_THREADS,                                                   \
      "search threads: alpha-beta's share the transposition table (Lazy SMP), mcts's one tree; "   \
      "1: the single-threaded search")                                                             \
    X(S, aspiration, int, 60, 0, 10000,                                                            \
      "half-width of the root aspiration window from depth 4 (0: off)")                            \
    X(S, order_eval_depth, int, 0, 0, 64,                                                          \
      "from this remaining depth, order the remaining quiet moves by evaluation (0: never)")       \
    X(S, qsearch_plies, int, QSEARCH_PLIES, 0, 64,                                                 \
      "most plies of forcing moves searched below the horizon (0: stand pat at once)")             \
    X(S, contempt, int, 0, 0, 10000,                                                               \
      "a draw (repetition, or a drawn end such as Abalone's move cap at equal marbles) scores "    \
      "this much below zero for the side ahead in material at the root (0: a draw is 0)")

// The search's parameters: the core's, then each pruning method's own table (one module, one
// table, each with its on/off switch), composed into one struct.
typedef struct {
    SEARCH_PARAMS(PARAM_FIELD, _)
    RANKCUT_PARAMS(PARAM_FIELD, _)
    NULL_MOVE_PARAMS(PARAM_FIELD, _)
    LMR_PARAMS(PARAM_FIELD, _)
    FUTILITY_PARAMS(PARAM_FIELD, _)
    MULTICUT_PARAMS(PARAM_FIELD, _)
    MOVE_CHAINS_PARAMS(PARAM_FIELD, _)
    PROBCUT_PARAMS(PARAM_FIELD, _)
    MCTS_PARAMS(PARAM_FIELD, _)
    TimemanParams timeman; // the time manager's group (core/timeman.h)
} SearchParams;

// The parameter groups of the search, one per module, in the order `sumito params` lists
// them: the core ("search"), its time manager ("timeman"), then the pruning methods
// ("rankcut", "null_move", ...), then the Monte Carlo search's ("mcts").
#define SEARCH_PARAM_GROUPS 10
int search_param_groups(SearchParams *p, ParamGroup out[SEARCH_PARAM_GROUPS]);
void search_params_default(SearchParams *p);

// Plain alpha-beta, the named configuration every comparison starts from: search=alphabeta
// (whatever the game's default algorithm) and every forward-pruning method off, everything
// else unchanged. The assignment "plain" (or "plain=true") means the
// same wherever NAME=VALUE assignments are read by search_params_set_assignment.
void search_params_plain(SearchParams *p);

// Sets one NAME=VALUE assignment (or "plain") of the search's groups and of `extra` groups
// (the game's); false with an error naming the problem.
bool search_params_set_assignment(SearchParams *p, const ParamGroup *extra, int nextra,
                                  const char *assignment, GError **err);

// What stops a search. Zero fields are unlimited; `start_us` is when the request arrived
// (g_get_monotonic_time), from which every time limit counts. The time control and the clock
// of the side to move give the deadlines (core/timeman.h).
typedef struct {
    TimeControl time; // TIME_CONTROL_NONE (zero): no time limit
    TimeClock clock;  // the side to move's clock under `time`
    int depth;        // plies
    uint64_t nodes;
    bool infinite;    // until stopped
    int64_t start_us;
} SearchLimits;

// Counters each pruning method keeps, for comparisons.
typedef struct {
    uint64_t rankcut_lookups;         // RankCut decisions that consulted the table
    uint64_t rankcut_known;           // ... whose cell had enough samples
    uint64_t rankcut_backoffs;        // ... found at a shallower depth (rankcut_backoff)
    uint64_t rankcut_lookups_at[RANKCUT_DEPTHS]; // lookups by remaining depth (12: 12+)
    uint64_t rankcut_known_at[RANKCUT_DEPTHS];   // ... with a usable cell
    uint64_t rankcut_reductions;      // moves searched at reduced depth
    uint64_t rankcut_researches;      // reduced moves searched again at full depth
    uint64_t null_move_tries;         // null moves searched
    uint64_t null_move_cutoffs;       // ... that cut the node
    uint64_t null_move_verifications; // cutoffs put to a verification search
    uint64_t null_move_refuted;       // ... which the verification search did not confirm
    uint64_t lmr_reductions;          // moves LMR searched at reduced depth
    uint64_t lmr_researches;          // ... searched again at full depth after beating alpha
    uint64_t rankcut_lmr_more;        // rankcut_lmr: LMR reductions RankCut made one ply more
    uint64_t rankcut_lmr_less;        // ... and one ply less
    uint64_t futility_prunes;         // quiet moves futility pruning skipped
    uint64_t multicut_tries;          // expected cut nodes that ran the Multi-Cut searches
    uint64_t multicut_cutoffs;        // ... and returned beta
    uint64_t chains_found;            // moves that had a chain stored under them
    uint64_t chains_followed;         // ... whose chain was legal and searched
    uint64_t chains_dropped;          // ... whose chain was illegal and dropped
    uint64_t chains_stored;           // chains stored or replaced
    uint64_t probcut_checks;          // ProbCut checks with a usable fit
    uint64_t probcut_searches;        // ... shallow searches they ran
    uint64_t probcut_cuts_high;       // ... that returned beta
    uint64_t probcut_cuts_low;        // ... that returned alpha
    uint64_t tt_hits;
    uint64_t tt_cutoffs;
    uint64_t beta_cutoffs;
    uint64_t first_move_cutoffs;
    uint64_t helper_answers;          // threads > 1: answers from a helper's deeper iteration
    uint64_t mcts_playouts;           // search=mcts: simulations run
    uint64_t mcts_nodes;              // ... tree nodes made
    uint64_t mcts_moves;              // ... moves the simulations made, tree's and playouts'
    uint64_t mcts_tree_full;          // ... expansions refused because the arena was full
    uint64_t mcts_early_stops;        // ... searches ended early (mcts_early_stop)
    uint64_t mcts_reused;             // ... visits of the subtree kept from the last search
} SearchStats;

// One completed iteration (or the final answer).
typedef struct {
    int depth, seldepth;
    Score score;
    uint64_t nodes;
    double seconds;
    int hashfull;
    int pv_len;
    Move pv[MAX_PLY];
} SearchInfo;

typedef void (*SearchInfoFn)(const SearchInfo *info, void *user);

// Per-search state. Several may live in one process; nothing here is global.
typedef struct Search {
    SearchParams params;
    SearchLimits limits;
    Tt *tt;                            // NULL: search without a transposition table
    const RankcutTable *rankcut_table; // NULL: RankCut cannot act
    const ProbcutTable *probcut_table; // NULL: ProbCut cannot act
    ProbcutData *probcut_collect;      // non-NULL: add each search's root scores to it
    RankcutCounts *collect;            // non-NULL: collect RankCut statistics
    bool collect_paused;               // ... but not in this iteration (see search_body.h)
    const void *game_ctx;              // the game's rules or context, for its contract
    int32_t *history;                  // [side][move index]
    int move_indices;
    Move killers[MAX_PLY][2];
    Move pv[MAX_PLY][MAX_PLY];
    int pv_len[MAX_PLY];
    Key *keys;         // positions of the game before the root, then the current path
    int *irreversible; // per key: index of the last position no later one can repeat
    int nkeys, keys_cap;
    uint64_t nodes;
    int seldepth;
    SearchControl control; // deadlines and stop flags (core/search_control.h)
    SearchStats stats;
    SearchInfoFn on_info;
    void *user;
    RankcutNode *rc_nodes; // per-ply collection buffers
    int null_ply;          // the ply a null move led to (-1: none on the path)
    int null_min_ply;      // null moves are allowed from this ply on (verification searches)
    Score draw_score[2];   // a draw's score for the side to move, by side (contempt)
    int probcut_busy;      // inside a ProbCut shallow search: no ProbCut there
    LmrTable lmr;
    MoveChains chains;
    // Per ply, the line that followed the move that last raised alpha (for move chains).
    uint16_t chain_line[MAX_PLY + 1][MOVE_CHAINS_MAX + 1];
    uint8_t chain_line_len[MAX_PLY + 1];
    // Lazy SMP (params.threads > 1): the helper searches, each with its own tables (history,
    // killers, move chains, RankCut's decisions, counters), sharing the TT with this one. Made
    // by the first search that needs them and kept until search_free, so their history goes
    // on learning from search to search; their threads live only as long as one search.
    struct Search *helpers;
    int nhelpers;
    int helper_id;                    // 0: a main search; k >= 1: helper k of its main search
    _Atomic uint64_t nodes_published; // a helper's node count, published every 256 nodes
    MctsTree *mcts;                   // search=mcts: the tree, made by its first search
    const MctsRanks *mcts_ranks;      // mcts_widen=rank: the rank statistics (the engine's)
    MctsRanks *mcts_collect;          // search=mcts: counts the final tree's nodes, or NULL
    MctsOwnership ownership;          // search=mcts: what the last search's playouts ended with
    double mcts_rate;                 // search=mcts: the root's most visited move's win rate
} Search;

// Prepares a search over a game with `move_indices` dense move indices.
void search_init(Search *s, const SearchParams *params, Tt *tt, int move_indices);
void search_free(Search *s);

// Clears history, killers and move chains, and forgets the Monte Carlo tree (the TT is the
// caller's).
void search_clear_tables(Search *s);

// The game's positions before the root (oldest first), for repetition detection.
void search_set_history(Search *s, const Key *keys, const bool *irreversible, int n);

// A stop request goes to s->control (search_control_request_stop); callers outside core/ use
// engine_request_stop (core/engine.h).

// Whether the search must unwind now: the hot path's poll, a relaxed load.
static inline bool search_stopping(const Search *s)
{
    return search_control_stopping(&s->control);
}

// Lazy SMP, the game-independent part (the threads themselves are started and joined by
// core/search_threads.h, part of core/search_body.h). search_helpers_prepare readies params.threads - 1 helpers for the
// search about to start (none while collecting RankCut statistics or ProbCut root scores,
// which measure one search's tree): the main search's parameters, TT, tables of statistics,
// game context and position history, unlimited (they search until search_helpers_stop) and
// not stopped. Returns how many. Called by the main search after its own reset, before any
// helper thread starts.
int search_helpers_prepare(Search *s);
// Tells every helper to stop (the main search has decided).
void search_helpers_stop(Search *s);
// After the helper threads have been joined: their nodes and counters are added to the main
// search's, their deepest ply counts for its seldepth.
void search_helpers_merge(Search *s);
// Whose answer a search with helpers gives: the index of the helper whose completed iteration
// is the deepest, deeper than the main search's (main_depth) and within depth_limit (0: no
// limit), or -1 for the main search's own. depths[k] is helper k's deepest completed
// iteration, 0 when it completed none.
int search_pick_helper(int main_depth, const int *depths, int n, int depth_limit);
// The nodes of the search so far, the helpers' included (as last published while they run).
uint64_t search_total_nodes(const Search *s);

// Sets the deadlines from the limits and the time manager's parameters (called when a search
// starts).
void search_start_clock(Search *s);

// Checks the clock and node limit (the helpers' nodes included); sets stop when a limit is
// reached. A helper only publishes its node count: its main search decides when it stops.
void search_check_limits(Search *s);

double search_elapsed(const Search *s);

// Appends "cp 120", "win 5" (mate in 5 plies) or "loss 4".
void search_format_score(Score score, GString *out);
// Appends the pruning methods' counters that moved, as "info string ..." lines; nothing when
// every method was off.
void search_format_counters(const SearchStats *st, GString *out);

// Appends "info depth D seldepth S score ... nodes N nps X time MS hashfull H pv " (the
// caller appends the moves in its game's notation).
void search_format_info(const SearchInfo *info, GString *out);

#endif
