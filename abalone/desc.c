// SPDX-License-Identifier: MIT
// Abalone's game descriptor (core/game.h): its positions are AbaloneGame values with the
// notation their moves are read and written in, its engines AbaloneEngine.
#include "abalone/desc.h"

#include <stdio.h>
#include <string.h>

#include "abalone/eval.h"
#include "abalone/features.h"
#include "abalone/match.h"
#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "abalone/perft.h"
#include "abalone/record.h"
#include "abalone/render.h"
#include "abalone/suite.h"

struct GameState {
    AbaloneGame game;
    AbaloneNotation notation;
};

AbaloneGame *abalone_state_game(GameState *s)
{
    return &s->game;
}

static GameState *state_wrap(const AbaloneBoard *b, const AbaloneRules *rules)
{
    GameState *s = g_new0(GameState, 1);
    AbaloneRules r;
    if (!rules) abalone_rules_default(&r);
    abalone_game_init(&s->game, b, rules ? rules : &r);
    return s;
}

static GameState *state_new(int size, const char *position, GError **err)
{
    AbaloneBoard b;
    if (!position) {
        abalone_board_set_layout(&b, "standard");
    } else if (!abalone_board_set_layout(&b, position) &&
               !abalone_position_parse(&b, position, err)) {
        return NULL;
    }
    return state_wrap(&b, NULL);
}

static GameState *state_copy(const GameState *s)
{
    GameState *c = g_new0(GameState, 1);
    c->game = s->game;
    c->game.moves = g_array_copy(s->game.moves);
    c->game.history = g_array_copy(s->game.history);
    c->notation = s->notation;
    return c;
}

static void state_free(GameState *s)
{
    if (!s) return;
    abalone_game_free(&s->game);
    g_free(s);
}

static char *state_text(const GameState *s)
{
    char pos[ABALONE_POSITION_TEXT];
    return g_strdup(abalone_position_format(&s->game.board, pos));
}

static char *state_show(const GameState *s)
{
    char *ascii = abalone_board_render_ascii(&s->game.board), pos[ABALONE_POSITION_TEXT];
    char *text = g_strdup_printf("%s%s\n", ascii, abalone_position_format(&s->game.board, pos));
    g_free(ascii);
    return text;
}

static int side(const GameState *s)
{
    return s->game.board.side;
}

static int board_size(const GameState *s)
{
    return 0;
}

static int length(const GameState *s)
{
    return abalone_game_length(&s->game);
}

static int legal_moves(const GameState *s, Move *out)
{
    if (abalone_game_outcome(&s->game, NULL) != ABALONE_ONGOING) return 0;
    return abalone_gen_moves(&s->game.board, out);
}

static int perft_moves(const GameState *s, Move *out)
{
    return abalone_board_decided(&s->game.board) ? 0 : abalone_gen_moves(&s->game.board, out);
}

static Move move_parse(const GameState *s, const char *text, GError **err)
{
    return abalone_move_parse(&s->game.board, text, s->notation, err);
}

static const char *move_format(const GameState *s, Move m, char buf[GAME_MOVE_TEXT])
{
    return abalone_move_format(&s->game.board, m, s->notation, buf);
}

static void play(GameState *s, Move m)
{
    abalone_game_play(&s->game, m);
}

static void result(const GameState *s, GameResult *r)
{
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&s->game, &why);
    r->over = o != ABALONE_ONGOING;
    r->cleanup = false;
    r->winner = o == ABALONE_BLACK_WINS ? 0 : o == ABALONE_WHITE_WINS ? 1 : -1;
    g_strlcpy(r->text, abalone_outcome_text(o), sizeof r->text);
    g_strlcpy(r->reason, r->over ? abalone_end_text(why) : "", sizeof r->reason);
    r->taken[0] = abalone_board_lost(&s->game.board, ABALONE_WHITE);
    r->taken[1] = abalone_board_lost(&s->game.board, ABALONE_BLACK);
}

static uint64_t perft(GameState *s, int depth, bool full)
{
    return full ? abalone_perft_full(&s->game.board, depth) : abalone_perft(&s->game.board, depth);
}

static const char *perft_unit(const GameState *s, char buf[32])
{
    return g_strlcpy(buf, "leaves", 32), buf;
}

// ---------------------------------------------------------------------------------------
// Options naming a position

typedef struct {
    char *layout, *position;
    gboolean fftl;
    GOptionEntry entries[4];
} Options;

static void options_init(Options *o)
{
    const GOptionEntry e[] = {
        {"layout", 'l', 0, G_OPTION_ARG_STRING, &o->layout,
         "start layout: standard, belgian, german, dutch or swiss (default standard)", "NAME"},
        {"position", 'p', 0, G_OPTION_ARG_STRING, &o->position, "a position string", "STRING"},
        {"fftl", 0, 0, G_OPTION_ARG_NONE, &o->fftl, "read and write moves in FFTL notation", NULL},
        {0}};
    memcpy(o->entries, e, sizeof e);
}

static void *options_new(int default_size, bool rules_option, GOptionEntry **entries)
{
    Options *o = g_new0(Options, 1);
    options_init(o);
    *entries = o->entries;
    return o;
}

static GameState *options_state(void *opts, GError **err)
{
    const Options *o = opts;
    AbaloneBoard b;
    if (!abalone_board_from_options(&b, o->layout, o->position, err)) return NULL;
    GameState *s = state_wrap(&b, NULL);
    s->notation = o->fftl ? ABALONE_NOTATION_FFTL : ABALONE_NOTATION_ABAPRO;
    return s;
}

static void options_clear(Options *o)
{
    g_free(o->layout);
    g_free(o->position);
}

static void options_free(void *opts)
{
    if (!opts) return;
    options_clear(opts);
    g_free(opts);
}

// ---------------------------------------------------------------------------------------
// Engines

GAME_ENGINE_FUNCTIONS(AbaloneEngine, abalone_engine_setup, abalone_engine_free)

static void state_adopt_rules(GameState *s, GameEngine *e)
{
    s->game.rules = ((AbaloneEngine *)e)->rules;
}

static Move search(GameEngine *e, const GameState *s, const SearchLimits *limits, SearchInfoFn info,
                   void *user, SearchInfo *out)
{
    return abalone_engine_search((AbaloneEngine *)e, &s->game, limits, info, user, out);
}

static void choose(GameEngine *e, const GameState *s, const SearchLimits *limits, GameChoice *c)
{
    c->move = search(e, s, limits, NULL, NULL, &c->info);
    c->searched = true;
}

static int reference_moves(GameEngine *e, const GameState *s, Move *out)
{
    return abalone_gen_moves(&s->game.board, out);
}

static Score final_score(const GameState *s, int for_side)
{
    AbaloneOutcome o = abalone_game_outcome(&s->game, NULL);
    if (o == ABALONE_DRAW) return SCORE_DRAW;
    bool wins = (o == ABALONE_BLACK_WINS) == (for_side == ABALONE_BLACK);
    return wins ? SCORE_MATE - 1 : -SCORE_MATE + 1;
}

static const char *rankcut_game(int size, char buf[16])
{
    return g_strlcpy(buf, "abalone", 16), buf;
}

static bool rankcut_active(GameEngine *e, int size)
{
    return game_engine_core(e)->have_table;
}

// ---------------------------------------------------------------------------------------
// Series and suites

static GameState *opening_draw(GameEngine *e, uint64_t seed, int index, GRand *rng, int size,
                               const char **label)
{
    AbaloneRules rules;
    if (e)
        rules = ((AbaloneEngine *)e)->rules;
    else
        abalone_rules_default(&rules);
    GameState *s = g_new0(GameState, 1);
    const char *layout = abalone_opening_draw(index, &rules, rng, &s->game);
    if (label) *label = layout;
    return s;
}

static char *state_key(const GameState *s)
{
    return abalone_position_key(&s->game.board);
}

static char *builtin_suite(void)
{
    return abalone_suite_builtin_text();
}

static char *match_openings(int size)
{
    return abalone_match_openings_text();
}

// make-openings' balancing search, on the one board.
static int openings_depth(int size)
{
    (void)size;
    return 4;
}

static char *suite_line(const GameState *s, const char *label, int game, int index)
{
    const AbaloneBoard *b = &s->game.board;
    if (abalone_board_decided(b)) return NULL;
    char pos[ABALONE_POSITION_TEXT];
    return g_strdup_printf("%s  # %s game %d ply %d", abalone_position_format(b, pos), label, game,
                           b->ply);
}

// Nodes/s from the five layouts; depth from the standard and Belgian ones.
static const char *const speed_nps[] = {"standard", "belgian", "german", "dutch", "swiss", NULL};
static const char *const speed_depth[] = {"standard", "belgian", NULL};

// ---------------------------------------------------------------------------------------
// Pictures: the position options and --game FILE, a record

typedef struct {
    Options position; // --layout, --position, --fftl (which --pv is written in)
    char *game;
    int game_index;
    GOptionEntry entries[6];
} RenderOptions;

static void *render_options_new(GOptionEntry **entries)
{
    RenderOptions *o = g_new0(RenderOptions, 1);
    options_init(&o->position);
    memcpy(o->entries, o->position.entries, 3 * sizeof *o->entries);
    o->entries[2].description = "--pv moves are in FFTL notation";
    o->entries[3] =
        (GOptionEntry){"game", 'g', 0, G_OPTION_ARG_FILENAME, &o->game, "a game record", "FILE"};
    o->entries[4] = (GOptionEntry){"game-index",
                                   0,
                                   0,
                                   G_OPTION_ARG_INT,
                                   &o->game_index,
                                   "which game of a --game file of several (from 1)",
                                   "N"};
    *entries = o->entries;
    return o;
}

static void render_options_free(void *opts)
{
    RenderOptions *o = opts;
    if (!o) return;
    options_clear(&o->position);
    g_free(o->game);
    g_free(o);
}

static int render_options_check(const void *opts, GError **err)
{
    const RenderOptions *o = opts;
    if (o->game_index < 0 || (o->game_index && !o->game)) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "--game-index N takes a number from 1 and a --game file");
        return -1;
    }
    if (!o->game) return 0;
    if (!o->position.layout && !o->position.position) return 1;
    g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "--game excludes --layout and --position");
    return -1;
}

static GameState *render_load(void *opts, GPtrArray *warnings, GError **err)
{
    RenderOptions *o = opts;
    if (!o->game) return options_state(&o->position, err);
    AbaloneRecord rec;
    GameState *s = NULL;
    if (abalone_record_load(&rec, o->game, o->game_index, NULL, err)) {
        s = g_new0(GameState, 1);
        s->game = rec.game; // the record's game moves into the state
        s->notation = o->position.fftl ? ABALONE_NOTATION_FFTL : ABALONE_NOTATION_ABAPRO;
        rec.game.moves = rec.game.history = NULL;
    }
    abalone_record_free(&rec);
    return s;
}

// A game's positions get the game's caption; a position string its ply, when it has one.
static const char *render_caption(const GameState *s, const void *opts, char buf[32])
{
    const RenderOptions *o = opts;
    if (o->game) return NULL;
    buf[0] = 0;
    if (s->game.start.ply > 0) snprintf(buf, 32, "ply %d", s->game.start.ply);
    return buf;
}

// Appends the move `word` to pv[0..n-1] played on b; returns the new count, or -1.
static int pv_add(AbaloneBoard *b, const char *word, AbaloneNotation notation, int n, Move *pv,
                  GError **err)
{
    if (n == ABALONE_RENDER_MAX_PV) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "--pv has more than %d moves",
                    ABALONE_RENDER_MAX_PV);
        return -1;
    }
    GError *why = NULL;
    Move m = abalone_board_decided(b) ? MOVE_NONE : abalone_move_parse(b, word, notation, &why);
    if (m == MOVE_NONE) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "--pv move %d '%s': %s", n + 1, word,
                    why ? why->message : "the game is over (six marbles ejected)");
        g_clear_error(&why);
        return -1;
    }
    AbaloneUndo u;
    abalone_board_make(b, m, &u);
    pv[n] = m;
    return n + 1;
}

static int render_pv(const GameState *s, int n, const char *text, const void *opts, Move *pv,
                     GError **err)
{
    char **words = g_strsplit_set(text, " \t,", -1);
    AbaloneBoard b = *abalone_game_position(&s->game, n);
    int count = 0;
    for (char **w = words; *w && count >= 0; w++)
        if (**w) count = pv_add(&b, *w, s->notation, count, pv, err);
    g_strfreev(words);
    return count;
}

static void render_series(const GameState *s, void *opts, Series *out)
{
    abalone_render_series(&s->game, NULL, out);
}

// ---------------------------------------------------------------------------------------

static const char *const bench_positions[] = {
    "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0",
    "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0",
    "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0",
    "ww1bb/wbwbwb/1ww1bb1/8/9/8/1bb1ww1/bwbwbw/bb1ww b 0",
    "5/ww2bb/wbw1bwb/1ww2bb1/9/1bb2ww1/bwb1wbw/bb2ww/5 b 0",
    "wb1bb/ww4/2wbb2/1w6/5b3/4w3/1b2w2/b2w1b/1w2b b 40",
    "w4/1w4/ww3b1/bb2wb2/1w2b2w1/1b4w1/b4bb/4ww/5 w 65",
    "1w3/w2www/3w3/1ww3wb/bb1w2b2/b1b1wb2/1bb4/3w2/2w2 b 90",
    "w4/2w1b1/1w1wb2/1w1w2b1/2w1bbbw1/1bb1w3/1b2wwb/bb1bwb/5 b 30",
    "1wwbb/1b4/w2b3/b1w3b1/2w2b1bw/1bw1w3/3bwb1/w1bw1w/b1b2 b 50",
};

// ---------------------------------------------------------------------------------------
// Matches (abalone/match.c)

static char *record_text(const GameState *s, const GameRecordInfo *info)
{
    return abalone_match_record(&s->game, info);
}

static bool outside_new_game(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                             int timeout_ms, GError **err)
{
    (void)limits; // each move request carries them
    return abalone_outside_new_game(o, &s->game, timeout_ms, err);
}

static bool outside_move(GameOutside *o, const GameState *s, const GameOutsideLimits *limits,
                         bool cleanup, int timeout_ms, GameOutsideMove *out, GError **err)
{
    (void)cleanup; // Abalone has no clean-up phase
    return abalone_outside_move(o, &s->game, limits, timeout_ms, out, err);
}

// The board's tables, then the net's inputs (abalone_features_init fills both).
static void init(void)
{
    abalone_features_init();
}

// ---------------------------------------------------------------------------------------
// Neural-net training data (abalone/features.h)

static const char *net_feature_set_name(int set)
{
    return abalone_features_name((AbaloneFeatures)set);
}

static int net_feature_set_inputs(int set)
{
    return abalone_features_inputs((AbaloneFeatures)set);
}

static void net_symmetry_perms(int set, uint16_t *perm)
{
    abalone_net_symmetries_of((AbaloneFeatures)set, perm);
}

static int net_features(const GameState *s, int set, int perspective, uint16_t *out)
{
    const AbaloneBoard *b = &s->game.board;
    return abalone_net_features_of(b, perspective ? b->side ^ 1 : b->side, (AbaloneFeatures)set,
                                   out);
}

static bool net_noisy(const GameState *s)
{
    Move moves[ABALONE_MAX_MOVES];
    return abalone_gen_ejections(&s->game.board, moves) > 0;
}

const GameDesc abalone_game_desc = {
    .name = "abalone",
    .title = "Abalone",
    .evaluator = ABALONE_NET_BUILTIN_ID,
    .engine_size = sizeof(AbaloneEngine),
    GAME_DESC_FUNCTIONS,
    .init = init,
    .max_moves = ABALONE_MAX_MOVES,
    .perft_max_depth = 8,
    .rankcut_scheme = ABALONE_RANKCUT_SCHEME,
    .builtin_suite = builtin_suite,
    .builtin_reference = abalone_reference_builtin,
    .suite_defaults = {200, 8},
    .openings_depth = openings_depth,
    .openings_plies = {2, 4},
    .openings_margin = 40, // a 25th of a marble
    .match_openings = match_openings,
    .speed_nps = speed_nps,
    .speed_depth = speed_depth,
    .speed_depth_names = speed_depth,
    .bench_positions = bench_positions,
    .bench_count = (int)G_N_ELEMENTS(bench_positions),
    .bench_depth = 5,
    // Pictures
    .render_game_hint = "--game FILE",
    .render_position_hint = "--layout, --position, or --game with --move",
    .render_pv_max = ABALONE_RENDER_MAX_PV,
    .render_width_min = ABALONE_RENDER_MIN_WIDTH,
    .render_width_max = ABALONE_RENDER_MAX_WIDTH,
    .render_width_default = ABALONE_RENDER_DEFAULT_WIDTH,
    // Matches
    .record_text = record_text,
    .record_moves = abalone_match_record_moves,
    .record_ext = "txt",
    .outside_protocol = "AEP",
    .outside_start = abalone_outside_start,
    .outside_new_game = outside_new_game,
    .outside_move = outside_move,
    .outside_kill = abalone_outside_kill,
    .outside_free = abalone_outside_free,
    // Neural-net training data
    .net_feature_sets = ABALONE_FEATURE_SETS,
    .net_feature_set_name = net_feature_set_name,
    .net_feature_set_inputs = net_feature_set_inputs,
    .net_symmetries = ABALONE_NET_SYMMETRIES,
    .net_symmetry_perms = net_symmetry_perms,
    .net_features = net_features,
    .net_noisy = net_noisy,
};
