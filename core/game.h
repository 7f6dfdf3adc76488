// SPDX-License-Identifier: MIT
// The cold-path game descriptor: what a command needs to know about a game, as a table of
// function pointers, so that every command that exists for several games (perft, analyse,
// self-play, compare, compare-reference, make-suite, rankcut-collect, speed, coverage, bench,
// render) is written once, in core/lab/, against it. The hot path does not go through it: the
// search recursion is compiled per game against core/game_contract.h.
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
typedef struct GameOutside GameOutside;

#define GAME_MOVE_TEXT 24 // room for any game's move text

// How a game ended.
typedef struct {
    bool over;
    int winner;      // 0 or 1; -1 for a draw
    char text[16];   // as records write it: "1-0", "0-1", "1/2-1/2", "B+3.5"
    char reason[64]; // "six marbles ejected", "two passes"
    bool cleanup;    // it ended by passes and may be played on in a clean-up phase (Go)
    // The pieces each side (0 Black) has taken off the board (Abalone's marbles ejected); a
    // game that does not count them leaves what the caller set (-1 for "not counted").
    int taken[2];
} GameResult;

// A choice of move by an engine for a whole game (self-play, play): the search plus whatever
// the game's player decides around it (Go passes and resigns).
typedef struct {
    Move move;     // MOVE_NONE: resign
    bool searched; // a search ran (info holds it)
    SearchInfo info;
} GameChoice;

// What a game record holds besides the moves (core/lab/match.c writes one per game).
typedef struct {
    const char *event, *date, *black, *white;
    int winner;                  // 0, 1, -1 for a draw, -2 when the game has no result
    const char *result_reason;   // "resignation", "time", "forfeit: ..." (NULL: by the rules)
    const char *const *comments; // [0] before the first move, [i] after move i (NULL: none)
    int ncomments;
} GameRecordInfo;

// Limits for an outside engine's move (its protocol says them as it can): a time per move,
// a depth, a node count (0: none) and a clock (time_left[side] < 0: no clock).
typedef struct {
    double movetime;
    int depth;
    uint64_t nodes;
    double time_left[2], increment;
} GameOutsideLimits;

// An outside engine's answer to a request for a move.
typedef struct {
    Move move;                 // MOVE_NONE: it resigned
    char text[GAME_MOVE_TEXT]; // the move as it wrote it
    int depth;                 // 0 when it did not say
    char score[24];            // "" when it did not say
} GameOutsideMove;

// Called after every move of a self-play game; false stops the game.
typedef bool (*GameMoveHook)(const GameState *s, Move m, const GameChoice *c, void *user);

struct GameDesc {
    const char *name;      // the command word and file tag: "abalone", "go"
    const char *title;     // "Abalone", "Go"
    const char *evaluator; // the evaluation its engines use by default (engines may switch)
    // Board sizes (Go); all 0 for a game with one board.
    int size_min, size_max, size_default;
    int max_moves;      // more than any position's number of legal moves
    void (*init)(void); // fills the game's tables (idempotent); called before any other entry

    // ---- Command-line options naming a position (Abalone: --layout, --position, --fftl;
    // Go: --size, --moves, and --set for rules unless the command has an engine, whose rules
    // then apply: state_adopt_rules). options_new returns the game's storage and sets
    // *entries (NULL-ended, owned by it); options_state the position they name, or NULL with
    // an error naming the problem. ----
    void *(*options_new)(int default_size, bool rules_option, GOptionEntry **entries);
    GameState *(*options_state)(void *opts, GError **err);
    void (*options_free)(void *opts);

    // ---- Positions. `size` is ignored by games with one board. ----
    // The start position (position NULL) or a position in the game's text form (a line of a
    // suite file), with the default rules; NULL with an error naming the problem.
    GameState *(*state_new)(int size, const char *position, GError **err);
    GameState *(*state_copy)(const GameState *s);
    void (*state_free)(GameState *s);
    char *(*state_text)(const GameState *s); // canonical position text (caller frees)
    // What `show` prints: the board drawn in text and what the game adds (Abalone: the
    // position string; Go: the area count and the score). Caller frees.
    char *(*state_show)(const GameState *s);
    int (*side)(const GameState *s);
    int (*size)(const GameState *s);   // the board size (0 for a game with one board)
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

    // ---- Engines (game_engine_new and game_engine_free allocate and free them) ----
    size_t engine_size;
    // Sets up e (engine_size bytes) with the defaults changed by a configuration file,
    // NAME=VALUE assignments and a RankCut statistics file (each may be NULL); on failure
    // nothing is left to free.
    bool (*engine_setup)(GameEngine *e, const char *config, char **sets, const char *rankcut_file,
                         GError **err);
    void (*engine_cleanup)(GameEngine *e);
    // Searches the current position (fresh tables are the caller's choice: engine_new_game).
    Move (*search)(GameEngine *e, const GameState *s, const SearchLimits *limits, SearchInfoFn info,
                   void *user, SearchInfo *out);
    // The move an engine plays in a game (a search, plus the player's decisions).
    void (*choose)(GameEngine *e, const GameState *s, const SearchLimits *limits, GameChoice *c);
    // The moves the compare reference scores (the search's moves at the root), and the value
    // of a finished game for `side` one ply below the root, as the search scores it.
    int (*reference_moves)(GameEngine *e, const GameState *s, Move *out);
    Score (*final_score)(const GameState *s, int side);
    // The RankCut statistics' game name for a board size ("abalone", "go9").
    const char *(*rankcut_game)(int size, char buf[16]);
    RankcutScheme rankcut_scheme; // what statistics collected for this game record
    // Whether RankCut acts for this board size (the engine has statistics for it).
    bool (*rankcut_active)(GameEngine *e, int size);

    // ---- Series of games and suites ----
    // A draw of the opening of game `index` of a series seeded with `seed` (a few random moves
    // from a start position, drawn from rng) under e's rules (the defaults when e is NULL);
    // *label (may be NULL) gets a word about it (the layout). core/lab/opening.h calls it, and
    // again with another rng while the opening is one of the match openings.
    GameState *(*opening_draw)(GameEngine *e, uint64_t seed, int index, GRand *rng, int size,
                               const char **label);
    // The position's key: the same for the same position, whatever the move counters (caller
    // frees).
    char *(*state_key)(const GameState *s);
    // The built-in compare suite and its reference, as text (caller frees).
    char *(*builtin_suite)(void);
    char *(*builtin_reference)(void);
    // The suite line of a position of a self-play game ("POSITION  # comment"), made after
    // move `index` (0-based) of game `game` of the series, or NULL when it is unsuitable (the
    // game is decided there). Caller frees.
    char *(*suite_line)(const GameState *s, const char *label, int game, int index);
    int suite_defaults[2]; // make-suite's default --positions and --per-game
    // make-openings' defaults, chosen from the score distributions in
    // docs/results/match-openings.md ("Match openings"): the balancing search's depth on a board
    // size, the random plies added, the largest |score| kept, and the game's taste (NULL: none; see
    // OpeningsOptions.keep). openings_depth NULL: none of these (depth 3, plies 2..4, and
    // --margin is required).
    int (*openings_depth)(int size);
    int openings_plies[2], openings_margin;
    bool (*openings_keep)(const GameState *s);
    // The built-in match openings of a board size (made by make-openings: a header line, then
    // "POSITION  # comment" lines), as text (caller frees), or NULL when the game has none for
    // that size; the field itself may be NULL (none at all). The series' openings
    // (core/lab/opening.h) are never one of them (the same state_key).
    char *(*match_openings)(int size);

    // ---- Speed figures: nodes/s from these positions (state_new texts, NULL-ended; NULL: the
    // first ten of the built-in suite), the depth reached at fixed times from these ("": the
    // built-in suite's first position), shown with these names. ----
    const char *const *speed_nps;
    const char *const *speed_depth, *const *speed_depth_names;

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

    // ---- Matches (core/lab/match.h) ----
    // The game record of s from its start (the game's own format), caller frees; its file
    // name extension ("txt", "sgf").
    char *(*record_text)(const GameState *s, const GameRecordInfo *info);
    const char *record_ext;
    // A record's game as one canonical text (caller frees): its start and every move with the
    // side that played it, the same for two records exactly when their games are (comments,
    // times and tags aside); NULL with an error naming source and the problem. The match
    // summary counts distinct games with it.
    char *(*record_moves)(const char *text, const char *source, GError **err);
    // A game with a clean-up phase (Go) is played on after it ended by passes, each engine
    // capturing what it considers dead before it passes again: this is an engine's move in
    // that phase. NULL for games without one.
    void (*choose_cleanup)(GameEngine *e, const GameState *s, const SearchLimits *limits,
                           GameChoice *c);
    // Outside engines, driven over the game's protocol (outside_protocol: "AEP", "GTP").
    // Every call takes a timeout in milliseconds and fails with an ENGINE_PIPE_ERROR
    // (core/engine_pipe.h): TIMEOUT, DIED, PROTOCOL (an illegal or unreadable move too),
    // REFUSED, USAGE (a limit the protocol cannot say).
    const char *outside_protocol;
    // Starts a command line and shakes hands.
    GameOutside *(*outside_start)(const char *command, int timeout_ms, GError **err);
    // A new game from s's start (cleared state, s's rules, the limits' time control).
    bool (*outside_new_game)(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                             int timeout_ms, GError **err);
    // The engine's move in s (it is told the moves it has not seen); `cleanup` asks for a
    // clean-up move (choose_cleanup). The move is checked: an illegal one is an error.
    bool (*outside_move)(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                         bool cleanup, int timeout_ms, GameOutsideMove *out, GError **err);
    // The engine's own count of a finished game as text ("B+3.5"), NULL when it has none.
    char *(*outside_final_score)(GameOutside *o, const GameState *s, int timeout_ms);
    // Kills it at once (it hangs); outside_free after.
    void (*outside_kill)(GameOutside *o);
    // Quits (a grace period, then killed) and frees; NULL is ignored.
    void (*outside_free)(GameOutside *o);

    // ---- Neural-net training data (gen-data); all NULL/0 for a game without a net ----
    // The game's input feature sets, 0 to net_feature_sets - 1 (the first is gen-data's
    // default), by name ("abalone-cells-v1") and input count per perspective.
    int net_feature_sets;
    const char *(*net_feature_set_name)(int set);
    int (*net_feature_set_inputs)(int set);
    int net_symmetries; // symmetries of the rules (1: the identity only)
    // The symmetries as feature permutations of a set: perm[k * inputs + i], the first the
    // identity.
    void (*net_symmetry_perms)(int set, uint16_t *perm);
    // The active features of a perspective (0: the side to move, 1: the opponent) in a set;
    // returns how many (at most NET_DATA_MAX_ACTIVE of nets/data.h).
    int (*net_features)(const GameState *s, int set, int perspective, uint16_t *out);
    // True when a capture or ejection is pending (the position is not quiet).
    bool (*net_noisy)(const GameState *s);
    // The board size every feature set is for (0: the game has one size).
    int net_size;
    // A label of the game's own for a record instead of the search's score (gen-data
    // --label-playouts N; NULL when the game has none): the mean count of `samples` random
    // playouts from the position, side to move's view, in evaluation units; the same for a
    // seed.
    Score (*net_label)(const GameState *s, int samples, uint64_t seed);
};

// The engine's shared part.
static inline Engine *game_engine_core(GameEngine *e)
{
    return (Engine *)e;
}

// A new engine of the game (see engine_setup); NULL with an error.
GameEngine *game_engine_new(const GameDesc *game, const char *config, char **sets,
                            const char *rankcut_file, GError **err);
void game_engine_free(const GameDesc *game, GameEngine *e);

// A game's desc.c names its descriptor functions after the fields (options_new, state_new,
// ..., like the hot path's contract) and fills them all with GAME_DESC_FUNCTIONS; its typed
// engine set-up and clean-up functions become engine_setup and engine_cleanup with
// GAME_ENGINE_FUNCTIONS(its engine type, its set-up, its clean-up).
#define GAME_DESC_FUNCTIONS                                                                        \
    .options_new = options_new, .options_state = options_state, .options_free = options_free,      \
    .state_new = state_new, .state_copy = state_copy, .state_free = state_free,                    \
    .state_text = state_text, .state_show = state_show, .side = side, .size = board_size,          \
    .length = length, .legal_moves = legal_moves, .move_parse = move_parse,                        \
    .move_format = move_format, .play = play, .state_adopt_rules = state_adopt_rules,              \
    .perft_moves = perft_moves, .perft_unit = perft_unit, .result = result, .perft = perft,        \
    .engine_setup = engine_setup, .engine_cleanup = engine_cleanup, .search = search,              \
    .choose = choose, .reference_moves = reference_moves, .final_score = final_score,              \
    .rankcut_game = rankcut_game, .rankcut_active = rankcut_active, .opening_draw = opening_draw,  \
    .state_key = state_key, .suite_line = suite_line, .render_options_new = render_options_new,    \
    .render_options_free = render_options_free, .render_options_check = render_options_check,      \
    .render_load = render_load, .render_caption = render_caption, .render_pv = render_pv,          \
    .render_series = render_series

#define GAME_ENGINE_FUNCTIONS(Type, setup, cleanup)                                                \
    static bool engine_setup(GameEngine *e, const char *config, char **sets,                       \
                             const char *rankcut_file, GError **err)                               \
    {                                                                                              \
        return setup((Type *)e, config, sets, rankcut_file, err);                                  \
    }                                                                                              \
    static void engine_cleanup(GameEngine *e)                                                      \
    {                                                                                              \
        cleanup((Type *)e);                                                                        \
    }

#endif
