// SPDX-License-Identifier: MIT
// Go's game descriptor (core/game.h): its positions are GoGame values (with their superko
// history), its engines GoEngine, its moves GTP vertices; an engine's moves in a game come
// from the player (go/player.h), which passes and resigns.
#include "go/desc.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "go/contract.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/perft.h"
#include "go/player.h"
#include "go/reference.h"
#include "go/render.h"
#include "go/selfplay.h"
#include "go/sgf.h"
#include "go/suite.h"

struct GameState {
    GoGame game;
};

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

static char *state_ascii(const GameState *s)
{
    return go_board_render_ascii(&s->game.board);
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
    double score = go_game_score(g);
    r->winner = score > 0 ? 0 : score < 0 ? 1 : -1;
    char *text = go_score_text(score);
    g_strlcpy(r->text, r->over ? text : "*", sizeof r->text);
    g_free(text);
    g_strlcpy(r->reason, !r->over ? "" : go_board_game_over(&g->board) ? "two passes" : "move cap",
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
        {NULL}};
    g_free(size_help);
    memcpy(o->entries, e, sizeof e);
    if (!rules_option) o->entries[2] = (GOptionEntry){NULL};
    *entries = o->entries;
    return o;
}

static GameState *options_state(void *opts, GError **err)
{
    Options *o = opts;
    if (o->size < GO_MIN_SIZE || o->size > GO_MAX_SIZE) {
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "--size must be %d to %d, not %d",
                    GO_MIN_SIZE, GO_MAX_SIZE, o->size);
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

static GameEngine *engine_new(const char *config, char **sets, const char *rankcut_file,
                              GError **err)
{
    GoEngine *e = g_new(GoEngine, 1);
    if (go_engine_setup(e, config, sets, rankcut_file, err)) return (GameEngine *)e;
    g_free(e);
    return NULL;
}

static void engine_delete(GameEngine *e)
{
    if (!e) return;
    go_engine_free((GoEngine *)e);
    g_free(e);
}

static void state_adopt_rules(GameState *s, GameEngine *e)
{
    const GoRules *r = &((GoEngine *)e)->rules;
    s->game.rules.komi = r->komi;
    s->game.rules.move_cap = r->move_cap;
}

static Move search(GameEngine *e, const GameState *s, const SearchLimits *limits,
                   SearchInfoFn info, void *user, SearchInfo *out)
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

static GameState *opening(GameEngine *e, uint64_t seed, int index, int size, const char **label)
{
    GoRules rules;
    if (e)
        rules = ((GoEngine *)e)->rules;
    else
        go_rules_default(&rules);
    GameState *s = g_new0(GameState, 1);
    go_opening(seed, index, size, &rules, &s->game);
    if (label) *label = "";
    return s;
}

static bool suite_parse(const char *text, const char *source, GPtrArray *out, GError **err)
{
    GoRules rules;
    go_rules_default(&rules);
    GoSuite suite;
    bool ok = go_suite_parse(&suite, text, source, &rules, err);
    for (guint i = 0; ok && i < suite.games->len; i++) {
        GameState *s = g_new0(GameState, 1);
        go_game_take(&s->game, g_ptr_array_index(suite.games, i));
        g_ptr_array_add(out, s);
    }
    go_suite_free(&suite);
    return ok;
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
static void speed_positions(bool depth, GPtrArray *states, GPtrArray *names)
{
    GPtrArray *suite = g_ptr_array_new();
    char *text = go_suite_builtin_text();
    suite_parse(text, "built-in compare suite", suite, NULL);
    g_free(text);
    if (depth) {
        g_ptr_array_add(states, state_new(9, NULL, NULL));
        g_ptr_array_add(names, g_strdup("empty 9x9"));
    }
    for (guint i = 0; i < suite->len; i++) {
        bool take = depth ? i == 0 : i < 10;
        if (take) g_ptr_array_add(states, g_ptr_array_index(suite, i));
        if (take) g_ptr_array_add(names, g_strdup_printf("suite pos. %u", i + 1));
        if (!take) state_free(g_ptr_array_index(suite, i));
    }
    g_ptr_array_free(suite, TRUE);
}

// ---------------------------------------------------------------------------------------
// Pictures: an empty board of --size with --moves played, or an SGF record's main line

#define UNSET INT_MIN

typedef struct {
    int size, board_size; // UNSET unless given; --board-size is the old name of --size
    char *moves, *sgf;
    gboolean numbers;
    GoRenderSeriesOptions series;
    GOptionEntry entries[6];
} RenderOptions;

static void *render_options_new(GOptionEntry **entries)
{
    RenderOptions *o = g_new0(RenderOptions, 1);
    o->size = o->board_size = UNSET;
    const GOptionEntry e[] = {
        {"size", 'n', 0, G_OPTION_ARG_INT, &o->size, "board size, 2 to 19 (default 19)", "N"},
        {"board-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &o->board_size,
         "the old name of --size", "N"},
        {"moves", 'm', 0, G_OPTION_ARG_STRING, &o->moves,
         "moves played from the empty board, alternating from Black, as GTP vertices", "LIST"},
        {"sgf", 'g', 0, G_OPTION_ARG_FILENAME, &o->sgf, "an SGF game record (its main line)",
         "FILE"},
        {"numbers", 0, 0, G_OPTION_ARG_NONE, &o->numbers, "move numbers on the stones", NULL},
        {NULL}};
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
    go_render_series(&s->game, &o->series, out);
}

// ---------------------------------------------------------------------------------------

const GameDesc go_game_desc = {
    .name = "go",
    .title = "Go",
    .evaluator = GO_EVAL_ID,
    .size_min = GO_MIN_SIZE,
    .size_max = GO_MAX_SIZE,
    .size_default = 9,
    .max_moves = GO_MAX_MOVES,
    .options_new = options_new,
    .options_state = options_state,
    .options_free = options_free,
    .position_hint = "--size N and --moves LIST",
    .state_new = state_new,
    .state_copy = state_copy,
    .state_free = state_free,
    .state_text = state_text,
    .state_ascii = state_ascii,
    .side = side,
    .size = board_size,
    .length = length,
    .legal_moves = legal_moves,
    .move_parse = move_parse,
    .move_format = move_format,
    .play = play,
    .state_adopt_rules = state_adopt_rules,
    .perft_moves = perft_moves,
    .perft_max_depth = 30,
    .perft_unit = perft_unit,
    .result = result,
    .perft = perft,
    .engine_new = engine_new,
    .engine_free = engine_delete,
    .search = search,
    .choose = choose,
    .reference_moves = reference_moves,
    .final_score = final_score,
    .rankcut_game = rankcut_game,
    .rankcut_edges = GO_RANKCUT_EDGES,
    .rankcut_active = rankcut_active,
    .opening = opening,
    .builtin_suite = go_suite_builtin_text,
    .builtin_reference = go_reference_builtin,
    .suite_parse = suite_parse,
    .suite_line = suite_line,
    .suite_defaults = {100, 4},
    .speed_positions = speed_positions,
    // Pictures
    .render_options_new = render_options_new,
    .render_options_free = render_options_free,
    .render_options_check = render_options_check,
    .render_game_hint = "a game: --sgf FILE or --moves",
    .render_position_hint = "an empty board of --size, --moves from it, or --sgf with --move",
    .render_load = render_load,
    .render_caption = render_caption,
    .render_pv = render_pv,
    .render_pv_max = GO_RENDER_MAX_PV,
    .render_series = render_series,
    .render_width_min = GO_RENDER_MIN_WIDTH,
    .render_width_max = GO_RENDER_MAX_WIDTH,
    .render_width_default = GO_RENDER_DEFAULT_WIDTH,
};
