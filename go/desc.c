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
    .suite_line = suite_line,
    .suite_defaults = {100, 4},
    .speed_depth = speed_depth,
    .speed_depth_names = speed_depth_names,
};
