// SPDX-License-Identifier: MIT
// The cold-path game descriptor: what a command needs to know about a game, as a table of
// function pointers, so that every command that exists for several games (perft, analyse,
// self-play, compare, compare-reference, make-suite, rankcut-collect, speed, coverage, bench,
// render) is written once, in core/lab/, against it. The hot path does not go through it: the search
// recursion is compiled per game against core/game_contract.h.
//
// A game fills one GameDesc in its own folder (abalone/desc.c, go/desc.c); tools/ lists them.
// Its positions travel as GameState (a game in progress: start, moves, rules), its engines as
// GameEngine (whose first member is the shared Engine of core/engine.h). Both are opaque here.
// Sides are 0 (the side that moves first: Black in both games) and 1.
#ifndef CORE_GAME_H
#define CORE_GAME_H

#include <glib.h>

#include "core/draw/series.h"
#include "core/engine.h"

typedef struct GameState GameState;
typedef struct GameEngine GameEngine;
typedef struct GameDesc GameDesc;

#define GAME_MOVE_TEXT 24 // room for any game's move text

// How a game ended.
typedef struct {
    bool over;
    int winner;        // 0 or 1; -1 for a draw
    char text[16];     // as records write it: "1-0", "0-1", "1/2-1/2", "B+3.5"
    char reason[64];   // "six marbles ejected", "two passes"
} GameResult;

// A choice of move by an engine for a whole game (self-play, play): the search plus whatever
// the game's player decides around it (Go passes and resigns).
typedef struct {
    Move move;     // MOVE_NONE: resign
    bool searched; // a search ran (info holds it)
    SearchInfo info;
} GameChoice;

// Called after every move of a self-play game; false stops the game.
typedef bool (*GameMoveHook)(const GameState *s, Move m, const GameChoice *c, void *user);

struct GameDesc {
    const char *name;      // the command word and file tag: "abalone", "go"
    const char *title;     // "Abalone", "Go"
    const char *evaluator; // the evaluation its engines use (statistics, references)
    // Board sizes (Go); all 0 for a game with one board.
    int size_min, size_max, size_default;
    int max_moves; // more than any position's number of legal moves

    // ---- Command-line options naming a position (Abalone: --layout, --position, --fftl;
    // Go: --size, --moves, and --set for rules unless the command has an engine, whose rules
    // then apply: state_adopt_rules). options_new returns the game's storage and sets
    // *entries (NULL-ended, owned by it); options_state the position they name, or NULL with
    // an error naming the problem. ----
    void *(*options_new)(int default_size, bool rules_option, GOptionEntry **entries);
    GameState *(*options_state)(void *opts, GError **err);
    void (*options_free)(void *opts);
    const char *position_hint; // how the options name a position, for messages

    // ---- Positions. `size` is ignored by games with one board. ----
    // The start position (position NULL) or a position in the game's text form, with its
    // rules; NULL with an error naming the problem.
    GameState *(*state_new)(int size, const char *position, GError **err);
    GameState *(*state_copy)(const GameState *s);
    void (*state_free)(GameState *s);
    char *(*state_text)(const GameState *s); // canonical position text (caller frees)
    char *(*state_ascii)(const GameState *s); // the board drawn in text (caller frees)
    int (*side)(const GameState *s);
    int (*size)(const GameState *s); // the board size (0 for a game with one board)
    int (*length)(const GameState *s); // moves played since the start
    // The legal moves of the side to move (none once the game is over).
    int (*legal_moves)(const GameState *s, Move *out);
    Move (*move_parse)(const GameState *s, const char *text, GError **err); // legal ones only
    const char *(*move_format)(const GameState *s, Move m, char buf[GAME_MOVE_TEXT]);
    void (*play)(GameState *s, Move m); // a legal move
    // The engine's rules (move cap, komi...) become the game's.
    void (*state_adopt_rules)(GameState *s, GameEngine *e);
    // What the perft counts and divides over (Go leaves out the pass), and its depth limit.
    int (*perft_moves)(const GameState *s, Move *out);
    int perft_max_depth;
    // What follows the count: "leaves" (Abalone), "on 9x9" (Go).
    const char *(*perft_unit)(const GameState *s, char buf[32]);
    void (*result)(const GameState *s, GameResult *r);
    // Leaves of the move tree `depth` plies deep (bulk counting unless full).
    uint64_t (*perft)(GameState *s, int depth, bool full);

    // ---- Engines ----
    // An engine with the defaults changed by a configuration file, NAME=VALUE assignments and
    // a RankCut statistics file (each may be NULL).
    GameEngine *(*engine_new)(const char *config, char **sets, const char *rankcut_file,
                              GError **err);
    void (*engine_free)(GameEngine *e);
    // Searches the current position (fresh tables are the caller's choice: engine_new_game).
    Move (*search)(GameEngine *e, const GameState *s, const SearchLimits *limits,
                   SearchInfoFn info, void *user, SearchInfo *out);
    // The move an engine plays in a game (a search, plus the player's decisions).
    void (*choose)(GameEngine *e, const GameState *s, const SearchLimits *limits, GameChoice *c);
    // The moves the compare reference scores (the search's moves at the root), and the value
    // of a finished game for `side` one ply below the root, as the search scores it.
    int (*reference_moves)(GameEngine *e, const GameState *s, Move *out);
    Score (*final_score)(const GameState *s, int side);
    // The RankCut statistics' game name for a board size ("abalone", "go9").
    const char *(*rankcut_game)(int size, char buf[16]);
    int32_t rankcut_edges[3];
    // Whether RankCut acts for this board size (the engine has statistics for it).
    bool (*rankcut_active)(GameEngine *e, int size);

    // ---- Series of games and suites ----
    // The opening of game `index` of a series seeded with `seed` (a few random moves from a
    // start position) under e's rules (the defaults when e is NULL); *label (may be NULL)
    // gets a word about it (the layout).
    GameState *(*opening)(GameEngine *e, uint64_t seed, int index, int size, const char **label);
    // The built-in compare suite and its reference, as text (caller frees).
    char *(*builtin_suite)(void);
    char *(*builtin_reference)(void);
    // Parses a suite file's text: one position a line ('#' comments); the states go to out.
    bool (*suite_parse)(const char *text, const char *source, GPtrArray *out, GError **err);
    // The suite line of a position of a self-play game ("POSITION  # comment"), made after
    // move `index` (0-based) of game `game` of the series, or NULL when it is unsuitable (the
    // game is decided there). Caller frees.
    char *(*suite_line)(const GameState *s, const char *label, int game, int index);
    int suite_defaults[2]; // make-suite's default --positions and --per-game

    // ---- Speed figures: the positions of the nodes/s figure (depth false) or of the depth
    // reached at fixed times (depth true), appended to states with a name each (g_free). ----
    void (*speed_positions)(bool depth, GPtrArray *states, GPtrArray *names);

    // ---- Bench signature ----
    const char *const *bench_positions;
    int bench_count, bench_depth;

    // ---- Pictures: `sumito GAME render` (options in tools/render_cli.c, work in
    // core/lab/render.c). The game's own render options name what to draw: a position or a
    // game (Abalone: --layout, --position, --game FILE, --fftl; Go: --size, --moves, --sgf
    // FILE, --numbers); the others (--pixels, --move, --pv, --strip, --frames...) are shared.
    // render_options_new returns the game's storage and sets *entries (NULL-ended, owned by
    // it). ----
    void *(*render_options_new)(GOptionEntry **entries);
    void (*render_options_free)(void *opts);
    // Checks the game's options among themselves ("--game excludes --layout and --position",
    // ranges); returns 1 when they name a game (--move, --strip and --frames need one), 0 for
    // a position, -1 with an error.
    int (*render_options_check)(const void *opts, GError **err);
    // What names a game and what names a position, for messages and --help: "--game FILE";
    // "--layout, --position, or --game with --move".
    const char *render_game_hint, *render_position_hint;
    // The game or position the options name (a position is a game of no moves), or NULL with
    // an error; what a record's reader skipped goes to warnings (char *).
    GameState *(*render_load)(void *opts, GPtrArray *warnings, GError **err);
    // The caption of a picture of one position when none is given: NULL for the game's
    // ("move N of M", with the result after the last move), else the text ("" for none).
    const char *(*render_caption)(const GameState *s, const void *opts, char buf[32]);
    // A principal variation written as text (--pv), played from the position after n moves:
    // at most render_pv_max moves into pv; the count, or -1 with an error naming the move.
    int (*render_pv)(const GameState *s, int n, const char *text, const void *opts, Move *pv,
                     GError **err);
    int render_pv_max;
    // s's positions as a series of pictures (core/draw/series.h) drawn as the options say (Go's
    // --numbers); s and opts must outlive it.
    void (*render_series)(const GameState *s, void *opts, Series *out);
    int render_width_min, render_width_max, render_width_default; // picture widths, pixels
};

// The engine's shared part.
static inline Engine *game_engine_core(GameEngine *e)
{
    return (Engine *)e;
}

#endif
