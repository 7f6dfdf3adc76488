// SPDX-License-Identifier: MIT
// Go's game descriptor (core/game.h): its positions are GoGame values (with their superko
// history), its engines GoEngine, its moves GTP vertices; an engine's moves in a game come
// from the player (go/player.h), which passes and resigns.
#include "go/match.h"
#include "go/desc.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "go/contract.h"
#include "go/features.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/perft.h"
#include "go/player.h"
#include "go/ownership.h"
#include "go/render.h"
#include "go/sgf.h"
#include "go/suite.h"

struct GameState {
    GoGame game;
};

GoGame *go_state_game(GameState *s)
{
    return &s->game;
}

static GameState *state_new(int size, const char *position, GError **err)
{
    GoRules rules;
    go_rules_default(&rules);
    GameState *s = g_new0(GameState, 1);
    if (!position) {
        go_game_init(&s->game, size, &rules);
        return s;
    }
    if (go_position_parse(&s->game, position, &rules, err)) return s;
    g_free(s);
    return NULL;
}

static GameState *state_copy(const GameState *s)
{
    GameState *c = g_new0(GameState, 1);
    go_game_copy(&c->game, &s->game);
    return c;
}

static void state_free(GameState *s)
{
    if (!s) return;
    go_game_free(&s->game);
    g_free(s);
}

static char *state_text(const GameState *s)
{
    return go_position_format(&s->game);
}

static char *state_show(const GameState *s)
{
    return go_game_show_text(&s->game);
}

static int side(const GameState *s)
{
    return s->game.board.side == GO_BLACK ? 0 : 1;
}

static int board_size(const GameState *s)
{
    return s->game.board.size;
}

static int length(const GameState *s)
{
    return go_game_length(&s->game);
}

// Every legal point, then pass.
static int legal_moves(const GameState *s, Move *out)
{
    if (go_game_over(&s->game)) return 0;
    return go_board_gen_moves(&s->game.board, out);
}

static int perft_moves(const GameState *s, Move *out)
{
    return go_board_gen_moves(&s->game.board, out) - 1; // the last is pass
}

static Move move_parse(const GameState *s, const char *text, GError **err)
{
    GoGame *g = (GoGame *)&s->game; // the legality check leaves the game as it was
    Move m = go_vertex_parse(&g->board, text, err);
    if (m != MOVE_NONE && !go_game_is_legal(g, g->board.side, m)) {
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%s is illegal in this position (%s)", text,
                    go_game_illegal_reason(g, g->board.side, m));
        return MOVE_NONE;
    }
    return m;
}

static const char *move_format(const GameState *s, Move m, char buf[GAME_MOVE_TEXT])
{
    return go_vertex_format(&s->game.board, m, buf);
}

static void play(GameState *s, Move m)
{
    go_game_play(&s->game, s->game.board.side, m);
}

static void result(const GameState *s, GameResult *r)
{
    const GoGame *g = &s->game;
    r->over = go_game_over(g);
    r->cleanup = r->over && go_board_game_over(&g->board);
    double score = go_game_score(g);
    r->winner = score > 0 ? 0 : score < 0 ? 1 : -1;
    char *text = go_score_text(score);
    g_strlcpy(r->text, r->over ? text : "*", sizeof r->text);
    g_free(text);
    g_strlcpy(r->reason,
              !r->over                        ? ""
              : go_board_game_over(&g->board) ? "two passes"
                                              : "move cap",
              sizeof r->reason);
}

static uint64_t perft(GameState *s, int depth, bool full)
{
    GoBoard *b = &s->game.board;
    return full ? go_perft_full(b, depth) : go_perft(b, depth);
}

static const char *perft_unit(const GameState *s, char buf[32])
{
    snprintf(buf, 32, "on %dx%d", s->game.board.size, s->game.board.size);
    return buf;
}

// ---------------------------------------------------------------------------------------
// Options naming a position

typedef struct {
    int size;
    char **sets, *moves;
    GOptionEntry entries[4];
} Options;

static void *options_new(int default_size, bool rules_option, GOptionEntry **entries)
{
    Options *o = g_new0(Options, 1);
    o->size = default_size;
    char *size_help = g_strdup_printf("board size, 2 to 19 (default %d)", default_size);
    const GOptionEntry e[] = {
        {"size", 'n', 0, G_OPTION_ARG_INT, &o->size, g_intern_string(size_help), "N"},
        {"moves", 'm', 0, G_OPTION_ARG_STRING, &o->moves,
         "moves to play first, alternating from Black, as GTP vertices ('D4 Q16 pass')", "LIST"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &o->sets,
         "a rules parameter: ko, suicide, komi, move_cap (see sumito params)", "NAME=VALUE"},
        {0}};
    g_free(size_help);
    memcpy(o->entries, e, sizeof e);
    if (!rules_option) o->entries[2] = (GOptionEntry){0};
    *entries = o->entries;
    return o;
}

static GameState *options_state(void *opts, GError **err)
{
    Options *o = opts;
    if (o->size < GO_MIN_SIZE || o->size > GO_MAX_SIZE) {
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "--size must be %d to %d, not %d", GO_MIN_SIZE,
                    GO_MAX_SIZE, o->size);
        return NULL;
    }
    GoRules rules;
    go_rules_default(&rules);
    for (char **s = o->sets; s && *s; s++)
        if (!go_rules_set_assignment(&rules, *s, err)) return NULL;
    GameState *s = g_new0(GameState, 1);
    go_game_init(&s->game, o->size, &rules);
    if (go_game_play_moves(&s->game, o->moves, "", NULL, INT_MAX, err) >= 0) return s;
    state_free(s);
    return NULL;
}

static void options_free(void *opts)
{
    Options *o = opts;
    if (!o) return;
    g_strfreev(o->sets);
    g_free(o->moves);
    g_free(o);
}

// ---------------------------------------------------------------------------------------
// Engines

GAME_ENGINE_FUNCTIONS(GoEngine, go_engine_setup, go_engine_free)

static void state_adopt_rules(GameState *s, GameEngine *e)
{
    const GoRules *r = &((GoEngine *)e)->rules;
    s->game.rules.komi = r->komi;
    s->game.rules.move_cap = r->move_cap;
}

static Move search(GameEngine *e, const GameState *s, const SearchLimits *limits, SearchInfoFn info,
                   void *user, SearchInfo *out)
{
    const GoGame *g = &s->game;
    return go_engine_search((GoEngine *)e, g, g->board.side, limits, info, user, out);
}

static void choose(GameEngine *e, const GameState *s, const SearchLimits *limits, GameChoice *c)
{
    GoChoice choice;
    go_player_choose((GoEngine *)e, &s->game, s->game.board.side, limits, GO_GENMOVE_NORMAL,
                     &choice);
    c->move = choice.move;
    c->info = choice.info;
    c->searched = choice.info.depth > 0;
}

static int reference_moves(GameEngine *e, const GameState *s, Move *out)
{
    GoBoard *b = go_engine_position((GoEngine *)e, &s->game, s->game.board.side);
    return game_gen_moves(b, out);
}

static Score final_score(const GameState *s, int for_side)
{
    Score black = go_eval_units(go_game_score(&s->game));
    return for_side == 0 ? black : -black;
}

static const char *rankcut_game(int size, char buf[16])
{
    return go_rankcut_game(size, buf);
}

static bool rankcut_active(GameEngine *e, int size)
{
    return go_engine_has_rankcut((GoEngine *)e, size);
}

// ---------------------------------------------------------------------------------------
// Series and suites

static GameState *opening_draw(GameEngine *e, uint64_t seed, int index, GRand *rng, int size,
                               const char **label)
{
    GoRules rules;
    if (e)
        rules = ((GoEngine *)e)->rules;
    else
        go_rules_default(&rules);
    GameState *s = g_new0(GameState, 1);
    go_opening_draw(size, &rules, rng, &s->game);
    if (label) *label = "";
    return s;
}

static char *state_key(const GameState *s)
{
    return go_position_key(&s->game.board);
}

// make-openings' taste (OpeningsOptions.keep): no stone on the first two lines.
static bool go_state_central(const GameState *s)
{
    return go_board_central(&s->game.board, 2);
}

// make-openings' balancing search: shallower from 13x13 on.
static int openings_depth(int size)
{
    return size >= 13 ? 2 : 3;
}

static char *suite_line(const GameState *s, const char *label, int game, int index)
{
    if (go_game_over(&s->game)) return NULL;
    char *text = go_position_format(&s->game);
    char *line = g_strdup_printf("%s  # game %d move %d", text, game, index + 1);
    g_free(text);
    return line;
}

// Nodes/s on the first ten positions of the built-in 9x9 suite; depth from the empty 9x9
// board and the suite's first position.
static const char *const speed_depth[] = {"9x9", "", NULL};
static const char *const speed_depth_names[] = {"empty 9x9", "suite pos. 1", NULL};

// 9x9 Go positions (go/suite.h): the empty board, an opening, middle games with fights and
// endgames, from the built-in compare suite (go/data/compare_suite.txt, its game and move
// noted) and from the record tests/data/go_gnugo_9.sgf (GNU Go against itself, its first
// 24 and 40 moves).
static const char *const bench_positions[] = {
    "9x9",                                              // the empty board
    "9x9 E5 C3 D7",                                     // an opening
    "9x9 G2 H8 G6 D4 D7 F6 E4 E7 D6 G5 G7 E2 F5 G4 F4", // suite game 2 move 12
    "9x9 F6 C4 F3 D7 F7 D3 D6 C7 C6 B6 B5 B7 C5 B4 A4 B2 E8 A8 A3 F2 E2 E3 G2 D2", // record, 24
    "9x9 G4 F6 D7 B5 C4 C3 G7 E4 F5 H3 E6 F4 G5 D6 C6 D5 E5 C5 B4 B7 B8 C8 A6", // game 10 move 19
    "9x9 G6 F3 E4 C4 C3 E5 C6 G7 E7 H4 F7 G8 D5 D2 E2 B5 B3 E6 H5 D4 G4 F4 E3 C7 D6 D8 C9 B2 "
    "D7 H3 H8 F5 G2 B7", // suite game 7 move 32
    "9x9 F6 C4 F3 D7 F7 D3 D6 C7 C6 B6 B5 B7 C5 B4 A4 B2 E8 A8 A3 F2 E2 E3 G2 D2 F1 A2 D8 C8 F4 "
    "D5 E5 B3 A5 A6 D4 E4 E7 D5 E6 D9", // record, 40
    "9x9 G2 H8 G6 D4 D7 F6 E4 E7 D6 G5 G7 E2 F5 G4 F4 D5 G8 F3 B4 E5 H7 C7 C8 H2 B7 J7 J6 A2 "
    "C2 A5 F1 G9 D2 F2 G1 C6 B6 C5 H9 D8 H4 B8 C9 B9 H3 H1 J2 B3 A8 B1", // suite game 2 move 47
    "9x9 B6 B4 C3 F4 G4 D3 F7 C6 C4 E7 D5 G6 F3 G8 H7 E4 E3 G3 F2 C2 H4 H5 G5 H3 B3 D2 B7 B5 "
    "F5 E6 D6 C7 G2 E5 J5 F6 H6 D7 C5 J3 F8 F1 E1 A3 A5 H8 E8 B8 H2 E9 D9 G9 F9 D8 A4 G7 B2 B1 "
    "J2", // suite game 5 move 56
    "9x9 G5 C7 H8 D3 D6 E6 E4 D4 B6 D5 D7 G3 C8 H5 H3 G4 F5 F7 C4 B4 H6 B7 E5 C6 B8 D8 B3 H4 "
    "B5 C2 H2 G8 F2 A4 A3 H7 J7 E2 G7 H1 G1 G2 E8 E7 J1 E9 G9 F3 F8 F1 J4 J3 F4 F6 D7 D6 D9 G6 "
    "J2 H1 A5 J3 F9 E3 C3 A8 A7 A6", // suite game 1 move 65
};

// ---------------------------------------------------------------------------------------
// Pictures: an empty board of --size with --moves played, or an SGF record's main line

#define UNSET INT_MIN

typedef struct {
    int size, board_size; // UNSET unless given; --board-size is the old name of --size
    char *moves, *sgf;
    gboolean numbers;
    int ownership;         // playouts of the heat map (UNSET: none)
    double *ownership_map; // ... of the game's last position
    GoRenderSeriesOptions series;
    GOptionEntry entries[7];
} RenderOptions;

static void *render_options_new(GOptionEntry **entries)
{
    RenderOptions *o = g_new0(RenderOptions, 1);
    o->size = o->board_size = o->ownership = UNSET;
    const GOptionEntry e[] = {
        {"size", 'n', 0, G_OPTION_ARG_INT, &o->size, "board size, 2 to 19 (default 19)", "N"},
        {"board-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o->board_size,
         "the old name of --size", "N"},
        {"moves", 'm', 0, G_OPTION_ARG_STRING, &o->moves,
         "moves played from the empty board, alternating from Black, as GTP vertices", "LIST"},
        {"sgf", 'g', 0, G_OPTION_ARG_FILENAME, &o->sgf, "an SGF game record (its main line)",
         "FILE"},
        {"numbers", 0, 0, G_OPTION_ARG_NONE, &o->numbers, "move numbers on the stones", NULL},
        {"ownership", 0, 0, G_OPTION_ARG_INT, &o->ownership,
         "a heat map of who owns each point of the last position in N playouts of the Monte "
         "Carlo search (Black darker, White lighter)",
         "N"},
        {0}};
    memcpy(o->entries, e, sizeof e);
    *entries = o->entries;
    return o;
}

static void render_options_free(void *opts)
{
    RenderOptions *o = opts;
    if (!o) return;
    g_free(o->moves);
    g_free(o->sgf);
    g_free(o->ownership_map);
    g_free(o);
}

// The size given, under the name it was given by (messages quote the user's words).
static int render_size(const RenderOptions *o, const char **name)
{
    *name = o->board_size != UNSET ? "--board-size" : "--size";
    return o->board_size != UNSET ? o->board_size : o->size;
}

static int render_options_check(const void *opts, GError **err)
{
    const RenderOptions *o = opts;
    const char *name;
    int size = render_size(o, &name);
    if (o->size != UNSET && o->board_size != UNSET)
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "--board-size is --size's old name: give one");
    else if (o->sgf && (size != UNSET || o->moves))
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX,
                    "--sgf excludes %s and --moves (the record gives both)", name);
    else if (size != UNSET && (size < GO_MIN_SIZE || size > GO_MAX_SIZE))
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%s must be %d to %d, not %d", name,
                    GO_MIN_SIZE, GO_MAX_SIZE, size);
    else if (o->ownership != UNSET && (o->ownership < 1 || o->ownership > GO_RENDER_MAX_OWNERSHIP))
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "--ownership must be 1 to %d playouts, not %d",
                    GO_RENDER_MAX_OWNERSHIP, o->ownership);
    else
        return o->sgf || o->moves;
    return -1;
}

static GameState *render_load(void *opts, GPtrArray *warnings, GError **err)
{
    RenderOptions *o = opts;
    const char *name;
    int size = render_size(o, &name);
    if (!o->sgf)
        return options_state(&(Options){.size = size == UNSET ? 19 : size, .moves = o->moves}, err);
    GoRules rules;
    go_rules_default(&rules);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GameState *s = g_new0(GameState, 1);
    bool ok = go_sgf_load(o->sgf, &rules, &s->game, &info, err);
    for (guint i = 0; i < info.warnings->len; i++)
        g_ptr_array_add(warnings, g_strdup(g_ptr_array_index(info.warnings, i)));
    go_sgf_info_free(&info);
    if (ok) return s;
    state_free(s);
    return NULL;
}

// Moves get the game's caption; the empty board none.
static const char *render_caption(const GameState *s, const void *opts, char buf[32])
{
    buf[0] = 0;
    return go_game_length(&s->game) > 0 ? NULL : buf;
}

// The variation is checked by the rules (superko included) on the game cut back to n moves.
static int render_pv(const GameState *s, int n, const char *text, const void *opts, Move *pv,
                     GError **err)
{
    GameState *c = state_copy(s);
    while (go_game_length(&c->game) > n) go_game_undo(&c->game);
    int count = go_game_play_moves(&c->game, text, "--pv ", pv, GO_RENDER_MAX_PV, err);
    state_free(c);
    return count;
}

static void render_series(const GameState *s, void *opts, Series *out)
{
    RenderOptions *o = opts;
    o->series = (GoRenderSeriesOptions){.style = NULL, .numbers = o->numbers};
    if (o->ownership != UNSET && !o->ownership_map)
        o->ownership_map = go_ownership_map(&s->game, o->ownership, NULL);
    o->series.ownership = o->ownership_map;
    o->series.ownership_ply = go_game_length(&s->game);
    go_render_series(&s->game, &o->series, out);
}

// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------
// Matches (go/match.c)

static char *record_text(const GameState *s, const GameRecordInfo *info)
{
    return go_match_record(&s->game, info);
}

static void choose_cleanup(GameEngine *e, const GameState *s, const SearchLimits *limits,
                           GameChoice *c)
{
    go_match_choose_cleanup((GoEngine *)e, &s->game, limits, c);
}

static bool outside_new_game(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                             int timeout_ms, GError **err)
{
    return go_outside_new_game(o, &s->game, limits, timeout_ms, err);
}

static bool outside_move(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                         bool cleanup, int timeout_ms, GameOutsideMove *out, GError **err)
{
    return go_outside_move(o, &s->game, limits, cleanup, timeout_ms, out, err);
}

static char *outside_final_score(GameOutside *o, const GameState *s, int timeout_ms)
{
    return go_outside_final_score(o, &s->game, timeout_ms);
}

// ---------------------------------------------------------------------------------------
// Neural-net training data (go/features.h): 9x9 only

static const char *net_feature_set_name(int set)
{
    return GO_NET_FEATURE_SET;
}

static int net_feature_set_inputs(int set)
{
    return GO_NET_INPUTS;
}

static void net_symmetry_perms(int set, uint16_t *perm)
{
    go_net_symmetry_perms(perm);
}

static int net_features(const GameState *s, int set, int perspective, uint16_t *out)
{
    const GoBoard *b = &s->game.board;
    return go_net_features(b, perspective ? go_other(b->side) : b->side, out);
}

// A capture is pending: a string of the side not to move is in atari.
static bool net_noisy(const GameState *s)
{
    const GoBoard *b = &s->game.board;
    int other = go_other(b->side);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            if (b->color[p] == other && go_string_in_atari(go_string_of(b, p))) return true;
        }
    }
    return false;
}

static Score net_label(const GameState *s, int samples, uint64_t seed)
{
    return go_net_playout_label(&s->game.board, samples, seed, s->game.rules.komi);
}

const GameDesc go_game_desc = {
    .name = "go",
    .title = "Go",
    .evaluator = GO_EVAL_ID,
    .size_min = GO_MIN_SIZE,
    .size_max = GO_MAX_SIZE,
    .size_default = 9,
    .engine_size = sizeof(GoEngine),
    GAME_DESC_FUNCTIONS,
    .init = go_init,
    .max_moves = GO_MAX_MOVES,
    .perft_max_depth = 30,
    .rankcut_scheme = GO_RANKCUT_SCHEME,
    .builtin_suite = go_suite_builtin_text,
    .builtin_reference = go_reference_builtin,
    .suite_defaults = {100, 4},
    .openings_depth = openings_depth,
    .openings_plies = {3, 4},
    .openings_margin = 64, // 2 points
    .openings_keep = go_state_central,
    .match_openings = go_match_openings_text,
    .speed_depth = speed_depth,
    .speed_depth_names = speed_depth_names,
    .bench_positions = bench_positions,
    .bench_count = (int)G_N_ELEMENTS(bench_positions),
    .bench_depth = 4,
    // Pictures
    .render_game_hint = "a game: --sgf FILE or --moves",
    .render_position_hint = "an empty board of --size, --moves from it, or --sgf with --move",
    .render_pv_max = GO_RENDER_MAX_PV,
    .render_width_min = GO_RENDER_MIN_WIDTH,
    .render_width_max = GO_RENDER_MAX_WIDTH,
    .render_width_default = GO_RENDER_DEFAULT_WIDTH,
    // Matches
    .record_text = record_text,
    .record_moves = go_match_record_moves,
    .record_ext = "sgf",
    .choose_cleanup = choose_cleanup,
    .outside_protocol = "GTP",
    .outside_start = go_outside_start,
    .outside_new_game = outside_new_game,
    .outside_move = outside_move,
    .outside_final_score = outside_final_score,
    .outside_kill = go_outside_kill,
    .outside_free = go_outside_free,
    // Neural-net training data
    .net_feature_sets = 1,
    .net_feature_set_name = net_feature_set_name,
    .net_feature_set_inputs = net_feature_set_inputs,
    .net_symmetries = GO_NET_SYMMETRIES,
    .net_symmetry_perms = net_symmetry_perms,
    .net_features = net_features,
    .net_noisy = net_noisy,
    .net_size = GO_NET_SIZE,
    .net_label = net_label,
};
