// SPDX-License-Identifier: MIT
// The commands written once for every game, after their options are parsed (tools/ parses
// them): perft, analyse, make-suite, RankCut coverage, the speed figures and the pictures. Each
// prints its results on stdout, its errors on stderr ("sumito: ..."), and returns an exit status.
// compare, compare-reference and rankcut-collect have their own headers.
#ifndef CORE_LAB_COMMANDS_H
#define CORE_LAB_COMMANDS_H

#include <limits.h>

#include "core/game.h"

// Leaves of the move tree `depth` plies below s, timed `repeat` times (the median is
// printed); with divide, first the count below each first move.
int lab_perft(const GameDesc *game, GameState *s, int depth, int repeat, bool divide, bool full);

// Appends the moves of a principal variation from s (stops at a move that is not legal).
void lab_format_pv(const GameDesc *game, const GameState *s, const Move *pv, int n, GString *out);
// "info depth ... score ... nodes ... nps ... time ... hashfull ... pv ...".
void lab_format_info(const GameDesc *game, const GameState *s, const SearchInfo *info,
                     GString *out);

// Searches s under limits with e, printing an info line per completed iteration, then the
// best move and RankCut's counters. An ended game is an error.
int lab_analyse(const GameDesc *game, GameEngine *e, const GameState *s,
                const SearchLimits *limits);

typedef struct {
    int size, positions, per_game;
    double movetime;
    int64_t seed;
    const char *out;
} SuiteOptions;

// Draws a position suite from self-play games (resuming the file), per_game positions a game
// from move 10 on, none twice.
int lab_make_suite(const GameDesc *game, const SuiteOptions *o);

typedef struct {
    int count, size;
    int64_t seed;
    int plies_min, plies_max; // random plies added to each self-play opening
    int depth;                // of the balancing search
    Score margin;             // the largest |score| kept
    const char *out;
    // The game's taste (NULL: none): a candidate is dropped unless its self-play opening
    // passes, and the random plies are drawn among the moves after which it still does.
    bool (*keep)(const GameState *s);
} OpeningsOptions;

// Writes a suite of `count` match openings to out. Candidate i is the self-play opening i of
// the series seeded with `seed` (game->opening, which cycles Abalone's layouts) plus
// plies_min..plies_max random plies drawn from the seed and i. It is kept when it is not in
// the suite already (as `show` draws it), its opening's label (the layout) has fewer than its
// share of openings (count over the labels of the first 100 candidates), and the mean score of
// the last two iterations of a search to `depth` (engine defaults, fresh tables) is within
// margin. The file is a header line naming the command, "# candidates N", then
// "POSITION  # comment" lines; it is written atomically at the end or on Ctrl-C, and the same
// command resumes it. Deterministic.
int lab_make_openings(const GameDesc *game, const OpeningsOptions *o);

// make-openings' defaults for the game on a board size (0: the game has no sizes): 600
// openings, seed 5000001, and the descriptor's depth, plies, margin and taste.
void lab_openings_default(const GameDesc *game, int size, OpeningsOptions *o);

// Searches a suite (suite_file, or the built-in one) with RankCut on and the statistics of
// rankcut_file, and prints the share of RankCut decisions whose cell had at least min_samples
// samples, in all and by remaining depth (with backoff, counting cells found at a shallower
// depth by rankcut_backoff).
int lab_coverage(const GameDesc *game, const char *rankcut_file, const char *suite_file,
                 int min_samples, double movetime, bool backoff);

// What lab_speed measures, and the engine it measures.
typedef struct {
    char **depth_times; // NULL-ended texts; NULL: 1 and 10 seconds
    int moves;          // for the overrun figure
    bool nps, overrun, depth;
    char **sets; // assignments for every engine (before each figure's own); may be NULL
    const char *config, *rankcut_file; // may be NULL
    const int *threads; // thread counts for nodes/s and time to depth (nthreads 0: as set)
    int nthreads;
    int ttd_depth;        // time to this depth (0: no time-to-depth figure)
    int ttd_repeat;       // searches per position and thread count (their median counts)
    char **ttd_positions; // NULL-ended position texts; NULL: the game's bench positions
} SpeedOptions;

// The search's speed figures, side by side in one run: nodes/s (once per thread count), the
// worst overrun of a time per move over `moves` moves of self-play, the depth plain
// alpha-beta and RankCut complete at each of the fixed times, and the time to a depth with
// each thread count, with the median ratio of the first count's time to each other's.
int lab_speed(const GameDesc *game, int size, const SpeedOptions *o);

// The bench signature: each game's compiled-in positions searched by alpha-beta to depths[k],
// then, for each game whose default engine runs another algorithm (Go's Monte Carlo search),
// searched by that engine at simulations[k] simulations each, counting the moves its
// simulations make (tree and playouts); one thread, a 16 MiB TT and the tables cleared per
// position; sets go to every engine that has the parameter. Prints a line per position, a
// subtotal per game and algorithm, and "Nodes searched: N", N the sum of the subtotals.
int lab_bench(const GameDesc *const *games, int ngames, const int *depths,
              const uint64_t *simulations, char **sets);

// What `render` draws, its options checked: one position (to out, or timed with bench), a
// contact sheet (strip, to out) or frames (into the directory frames).
#define LAB_RENDER_UNSET INT_MIN
typedef struct {
    const char *out, *frames, *caption, *pv; // NULL when not given
    int move;                                // LAB_RENDER_UNSET: the end of the game
    int width, every, columns, repeat;
    bool strip, bench, plain;
} RenderJob;

// Draws what the game's render options (opts) name as the job says, printing the size of the
// picture, the positions of the sheet or the number of frames written.
int lab_render(const GameDesc *game, void *opts, const RenderJob *job);

#endif
