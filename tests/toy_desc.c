// SPDX-License-Identifier: MIT
// The toy game (tests/toy_game.h) registered through the game descriptor, as a third game
// would be (docs/hacking.md): positions "toy SEED PLY X", moves "m1".."m6", a draw at
// TOY_DESC_CAP plies, engines on the shared wrapper without statistics. The command-line
// entries (options, pictures) stay empty: the tests call the core/lab/ drivers directly.
#include "tests/toy_desc.h"

#include <stdio.h>
#include <string.h>

struct GameState {
    ToyBoard b;
    int moves; // played since the state was made
};

typedef struct {
    Engine core;
} ToyEngine;

static GameState *toy_state(uint64_t seed, int ply, int x)
{
    GameState *s = g_new0(GameState, 1);
    s->b = (ToyBoard){seed, ply, x};
    return s;
}

static GameState *state_new(int size, const char *position, GError **err)
{
    unsigned long long seed = 1;
    int ply = 0, x = 0;
    char tail = 0;
    if (position && (sscanf(position, "toy %llu %d %d %c", &seed, &ply, &x, &tail) != 3 ||
                     ply < 0 || ply >= TOY_DESC_CAP || x < 0 || x >= TOY_MODULUS)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "'%s' is not a toy position", position);
        return NULL;
    }
    return toy_state(seed, ply, x);
}

static GameState *state_copy(const GameState *s)
{
    return g_memdup2(s, sizeof *s);
}

static void state_free(GameState *s)
{
    g_free(s);
}

static char *state_text(const GameState *s)
{
    return g_strdup_printf("toy %llu %d %d", (unsigned long long)s->b.seed, s->b.ply, s->b.x);
}

static int side(const GameState *s)
{
    return s->b.ply & 1;
}

static int board_size(const GameState *s)
{
    return 0;
}

static int length(const GameState *s)
{
    return s->moves;
}

static bool over(const GameState *s, Score *score)
{
    *score = SCORE_DRAW;
    return toy_terminal(&s->b, score) || s->b.ply >= TOY_DESC_CAP;
}

static int legal_moves(const GameState *s, Move *out)
{
    Score v;
    if (over(s, &v)) return 0;
    int n = toy_branching(&s->b);
    for (int i = 0; i < n; i++) out[i] = (Move)(i + 1);
    return n;
}

static Move move_parse(const GameState *s, const char *text, GError **err)
{
    Move moves[TOY_MAX_MOVES];
    int n = legal_moves(s, moves), i = 0;
    if (sscanf(text, "m%d", &i) == 1 && i >= 1 && i <= n) return (Move)i;
    g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "'%s' is not a legal toy move", text);
    return MOVE_NONE;
}

static const char *move_format(const GameState *s, Move m, char buf[GAME_MOVE_TEXT])
{
    snprintf(buf, GAME_MOVE_TEXT, "m%u", m);
    return buf;
}

static void play(GameState *s, Move m)
{
    toy_play(&s->b, (int)m - 1);
    s->moves++;
}

static void result(const GameState *s, GameResult *r)
{
    Score v;
    r->over = over(s, &v);
    r->cleanup = false;
    int mover = side(s);
    r->winner = !r->over || v == SCORE_DRAW ? -1 : v > 0 ? mover : 1 - mover;
    g_strlcpy(r->text,
              !r->over        ? "*"
              : r->winner < 0 ? "1/2-1/2"
              : r->winner     ? "0-1"
                              : "1-0",
              sizeof r->text);
    g_strlcpy(r->reason,
              !r->over                  ? ""
              : toy_terminal(&s->b, &v) ? "terminal"
                                        : "ply cap",
              sizeof r->reason);
}

static uint64_t perft_walk(ToyBoard *b, int depth)
{
    Score v;
    if (depth == 0) return 1;
    if (toy_terminal(b, &v) || b->ply >= TOY_DESC_CAP) return 0;
    uint64_t total = 0;
    for (int i = 0; i < toy_branching(b); i++) {
        ToyBoard c = *b;
        toy_play(&c, i);
        total += perft_walk(&c, depth - 1);
    }
    return total;
}

static uint64_t perft(GameState *s, int depth, bool full)
{
    return perft_walk(&s->b, depth);
}

static const char *perft_unit(const GameState *s, char buf[32])
{
    return g_strlcpy(buf, "leaves", 32), buf;
}

// ---------------------------------------------------------------------------------------

static bool accepts(const char *game)
{
    return strcmp(game, "toy") == 0;
}

static const EngineKind toy_kind = {.evaluator = "toy-eval",
                                    .accepts = accepts,
                                    .games = "'toy'",
                                    .move_indices = TOY_MAX_MOVES,
                                    .probcut_stages = TOY_PROBCUT_STAGES};

static bool engine_setup(GameEngine *ge, const char *config, char **sets, const char *rankcut_file,
                         GError **err)
{
    ToyEngine *e = (ToyEngine *)ge;
    SearchParams p;
    search_params_default(&p);
    if (!engine_init(&e->core, &toy_kind, &p, err)) return false;
    if (engine_configure(&e->core, config, sets, rankcut_file, err)) return true;
    engine_free(&e->core);
    return false;
}

static void engine_cleanup(GameEngine *e)
{
    engine_free(game_engine_core(e));
}

static void state_adopt_rules(GameState *s, GameEngine *e) {}

static Move search(GameEngine *e, const GameState *s, const SearchLimits *limits, SearchInfoFn info,
                   void *user, SearchInfo *out)
{
    Engine *core = game_engine_core(e);
    Key k = toy_hash(s->b.seed, s->b.ply, s->b.x, 4);
    bool irr = true;
    Search *run = engine_prepare(core, NULL, true, limits, info, user);
    search_set_history(run, &k, &irr, 1);
    ToyBoard b = s->b;
    return toy_search_run(run, &b, out);
}

static void choose(GameEngine *e, const GameState *s, const SearchLimits *limits, GameChoice *c)
{
    c->move = search(e, s, limits, NULL, NULL, &c->info);
    c->searched = true;
}

static int reference_moves(GameEngine *e, const GameState *s, Move *out)
{
    return legal_moves(s, out);
}

static Score final_score(const GameState *s, int for_side)
{
    Score v;
    over(s, &v); // the side to move's view, one ply below the mover's root
    return for_side == side(s) ? v : -v;
}

static const char *rankcut_game(int size, char buf[16])
{
    return g_strlcpy(buf, "toy", 16), buf;
}

static bool rankcut_active(GameEngine *e, int size)
{
    return game_engine_core(e)->have_table;
}

// The toy game draws nothing at random (it has no match openings to avoid).
static GameState *opening_draw(GameEngine *e, uint64_t seed, int index, GRand *rng, int size,
                               const char **label)
{
    if (label) *label = "toy";
    return toy_state(seed * 1000 + (uint64_t)index, 0, index % TOY_MODULUS);
}

static char *builtin_suite(void)
{
    return g_strdup("toy 1 0 0\ntoy 2 0 7\ntoy 3 2 30\ntoy 4 1 59\n");
}

static char *builtin_reference(void)
{
    return g_strdup("# no built-in reference\n");
}

static char *suite_line(const GameState *s, const char *label, int game, int index)
{
    Score v;
    if (over(s, &v)) return NULL;
    char *text = state_text(s);
    char *line = g_strdup_printf("%s  # %s game %d move %d", text, label, game, index + 1);
    g_free(text);
    return line;
}

static void toy_init(void) {}

static const char *const bench_positions[] = {"toy 1 0 0", "toy 5 3 17"};
static const char *const speed_depth[] = {"toy 1 0 0", NULL};

const GameDesc toy_game_desc = {
    .name = "toy",
    .title = "Toy",
    .evaluator = "toy-eval",
    .engine_size = sizeof(ToyEngine),
    .max_moves = TOY_MAX_MOVES,
    .init = toy_init,
    .state_new = state_new,
    .state_copy = state_copy,
    .state_free = state_free,
    .state_text = state_text,
    .state_show = state_text,
    .side = side,
    .size = board_size,
    .length = length,
    .legal_moves = legal_moves,
    .move_parse = move_parse,
    .move_format = move_format,
    .play = play,
    .state_adopt_rules = state_adopt_rules,
    .perft_moves = legal_moves,
    .perft_max_depth = 12,
    .perft_unit = perft_unit,
    .result = result,
    .perft = perft,
    .engine_setup = engine_setup,
    .engine_cleanup = engine_cleanup,
    .search = search,
    .choose = choose,
    .reference_moves = reference_moves,
    .final_score = final_score,
    .rankcut_game = rankcut_game,
    .rankcut_scheme = TOY_RANKCUT_SCHEME,
    .rankcut_active = rankcut_active,
    .opening_draw = opening_draw,
    .state_key = state_text,
    .builtin_suite = builtin_suite,
    .builtin_reference = builtin_reference,
    .suite_line = suite_line,
    .suite_defaults = {20, 2},
    .match_openings = NULL, // no built-in match openings
    .speed_depth = speed_depth,
    .speed_depth_names = speed_depth,
    .bench_positions = bench_positions,
    .bench_count = (int)G_N_ELEMENTS(bench_positions),
    .bench_depth = 4,
};
