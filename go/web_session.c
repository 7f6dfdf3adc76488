// SPDX-License-Identifier: MIT
// Go in the web server (go/web.h): the options of a new game (size, komi, handicap, or a
// record to go on from), the engines (the Monte Carlo search, Go's default) and their moves
// as the player chooses them (go/player.h: passes, clean-up), the person's moves, take-back,
// resignation, and the count of a game ended by passes. The JSON and pictures are in
// go/web_state.c.
#include "go/web.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/web/web_json.h"
#include "go/gtp_analyze.h"
#include "go/notation.h"
#include "go/ownership.h"
#include "go/player.h"
#include "go/render.h"
#include "go/sgf.h"

static void free_engine(void *e)
{
    if (!e) return;
    go_engine_free(e);
    g_free(e);
}

static void reset(GoWebState *st)
{
    g_array_set_size(st->notes, 0);
    st->resigned = GO_EMPTY;
    st->scored = false;
    st->analysing = false;
    g_clear_pointer(&st->analysis, g_free);
}

// A new game of the options: the board, komi and the handicap stones (checked by parse_game).
static void start_game(GoWebState *st)
{
    GoRules rules;
    go_rules_default(&rules);
    rules.komi = st->opt.komi;
    go_game_init(&st->game, st->opt.size, &rules);
    int x[9], y[9], points[9], n = st->opt.handicap;
    if (n && go_fixed_handicap_points(st->opt.size, n, x, y) == n) {
        for (int i = 0; i < n; i++) points[i] = go_point(&st->game.board, x[i], y[i]);
        go_game_setup_points(&st->game, points, n, GO_BLACK, NULL, NULL);
        st->game.handicap = n;
        go_game_set_side(&st->game, GO_WHITE);
    }
    reset(st);
}

static void *state_new(void)
{
    GoWebState *st = g_new0(GoWebState, 1);
    st->notes = g_array_new(FALSE, TRUE, sizeof(GoWebNote));
    st->opt = (GoWebOptions){
        .players = {.mode = WEB_MODE_PLAY, .human = 0, .movetime = 1.0}, .size = 9, .komi = 7.5};
    start_game(st);
    return st;
}

static void state_free(void *data)
{
    GoWebState *st = data;
    for (int c = 0; c < 2; c++) free_engine(st->engine[c]);
    go_game_free(&st->game);
    g_array_free(st->notes, TRUE);
    g_free(st->analysis);
    for (int c = 0; c < 2; c++) g_free(st->sgf_names[c]);
    g_free(st);
}

bool go_web_over(const GoWebState *st)
{
    return st->resigned != GO_EMPTY || go_game_over(&st->game);
}

// ----------------------------------------------------------------------------------------
// Arguments of a new game.

static const char *const game_keys[] = {"mode", "human",    "time", "size",
                                        "komi", "handicap", "sgf",  NULL};

static bool bad(GError **err, const char *message)
{
    g_set_error_literal(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, message);
    return false;
}

static bool parse_board(JsonObject *o, GoWebOptions *g, GError **err)
{
    if (!web_json_get_int(o, "size", -1000, 1000, &g->size, err) ||
        !web_json_get_double(o, "komi", -1000, 1000, &g->komi, err) ||
        !web_json_get_int(o, "handicap", -1000, 1000, &g->handicap, err))
        return false;
    if (g->size != 9 && g->size != 13 && g->size != 19)
        return bad(err, "argument 'size' must be 9, 13 or 19");
    if (fabs(g->komi) > 150 || g->komi * 2 != floor(g->komi * 2))
        return bad(err, "argument 'komi' must be a multiple of 0.5 from -150 to 150");
    int x[9], y[9];
    if (g->handicap != 0 &&
        (g->handicap < 2 || go_fixed_handicap_points(g->size, g->handicap, x, y) != g->handicap))
        return bad(err, "argument 'handicap' must be 0, or 2 to 9 stones");
    return true;
}

// A record to go on from: its board, komi, handicap and moves replace the options'.
static bool load_sgf(const char *text, GoWebOptions *g, GoGame *out, GError **err)
{
    GoRules rules;
    go_rules_default(&rules);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *e = NULL;
    bool ok = go_sgf_parse(text, "sgf", &rules, out, &info, &e);
    go_sgf_info_free(&info);
    if (!ok) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "%s", e->message);
        g_error_free(e);
    } else if (out->board.size != 9 && out->board.size != 13 && out->board.size != 19) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "sgf: the board is %dx%d; the page plays 9x9, 13x13 and 19x19", out->board.size,
                    out->board.size);
        ok = false;
    } else if (fabs(out->rules.komi) > 150) {
        ok = bad(err, "sgf: the komi must be from -150 to 150");
    }
    if (!ok) {
        go_game_free(out);
        return false;
    }
    g->size = out->board.size;
    g->komi = out->rules.komi;
    g->handicap = out->handicap;
    return true;
}

static bool parse_game(JsonObject *o, GoWebOptions *g, GoGame *loaded, bool *has_sgf, GError **err)
{
    const char *sgf = NULL;
    if (!web_players_parse(o, &g->players, err) || !parse_board(o, g, err) ||
        !web_json_get_string(o, "sgf", GO_WEB_MAX_SGF, &sgf, err))
        return false;
    bool board = json_object_has_member(o, "size") || json_object_has_member(o, "komi") ||
                 json_object_has_member(o, "handicap");
    if (sgf && board) return bad(err, "give an sgf or size, komi and handicap, not both");
    *has_sgf = sgf != NULL;
    return !sgf || load_sgf(sgf, g, loaded, err);
}

// ----------------------------------------------------------------------------------------
// Engines and games.

static GoEngine *build_engine(const WebSession *s, GError **err)
{
    char *sets[3] = {g_strdup_printf("hash=%d", s->hash_mib),
                     g_strdup_printf("mcts_memory=%d", s->hash_mib), NULL};
    GoEngine *e = g_new0(GoEngine, 1);
    bool ok = go_engine_setup(e, NULL, sets, NULL, err);
    g_free(sets[0]);
    g_free(sets[1]);
    if (!ok) {
        g_free(e);
        return NULL;
    }
    return e;
}

static bool new_game(WebSession *s, JsonObject *args, GError **err)
{
    GoWebState *st = s->state;
    GoWebOptions o = st->opt;
    GoGame loaded;
    bool has_sgf = false;
    if (!parse_game(args, &o, &loaded, &has_sgf, err)) return false;
    GoEngine *fresh[2] = {NULL, NULL};
    for (int c = 0; c < 2; c++) {
        if (!web_players_engine(&o.players, c)) continue;
        if (!(fresh[c] = build_engine(s, err))) {
            free_engine(fresh[0]);
            if (has_sgf) go_game_free(&loaded);
            return false;
        }
    }
    web_session_cancel(s);
    for (int c = 0; c < 2; c++) {
        web_session_retire(s, st->engine[c]);
        st->engine[c] = fresh[c];
    }
    st->opt = o;
    go_game_free(&st->game);
    if (has_sgf) {
        go_game_take(&st->game, &loaded);
        reset(st);
        g_array_set_size(st->notes, (guint)go_game_length(&st->game));
    } else {
        start_game(st);
    }
    return true;
}

static bool play(WebSession *s, const char *text, GError **err)
{
    GoWebState *st = s->state;
    int side = st->game.board.side;
    if (go_web_over(st)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "the game is over");
        return false;
    }
    if (web_players_engine(&st->opt.players, side == GO_WHITE)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "it is the engine's turn");
        return false;
    }
    GError *e = NULL;
    Move m = go_vertex_parse(&st->game.board, text, &e);
    if (m == MOVE_NONE) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "move '%s': %s", text, e->message);
        g_error_free(e);
        return false;
    }
    if (!go_game_play(&st->game, side, m)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "move '%s': %s", text,
                    go_game_illegal_reason(&st->game, side, m));
        return false;
    }
    GoWebNote note = {.winrate = -1};
    g_array_append_val(st->notes, note);
    if (st->analysing) web_session_cancel(s); // its position is gone
    st->analysing = false;
    return true;
}

static bool undo(WebSession *s, GError **err)
{
    GoWebState *st = s->state;
    int human = go_web_colour(st->opt.players.human);
    if (st->opt.players.mode != WEB_MODE_PLAY) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    "take-back is for games against the engine");
        return false;
    }
    // The person's last move: the one before the engine's reply, or the last one when the
    // engine has not answered yet.
    int n = go_game_length(&st->game), back = 0;
    while (back < n && go_game_move(&st->game, n - back - 1)->colour != human) back++;
    if (back == n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "there is no move of yours to take back");
        return false;
    }
    web_session_cancel(s);
    for (int i = 0; i <= back; i++) go_game_undo(&st->game);
    g_array_set_size(st->notes, (guint)go_game_length(&st->game));
    st->resigned = GO_EMPTY;
    st->scored = false;
    st->analysing = false;
    return true;
}

static bool resign(WebSession *s, GError **err)
{
    GoWebState *st = s->state;
    bool play_mode = st->opt.players.mode == WEB_MODE_PLAY;
    if (!play_mode || go_web_over(st)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    !play_mode ? "only a player can resign" : "the game is over");
        return false;
    }
    web_session_cancel(s);
    st->resigned = go_web_colour(st->opt.players.human);
    return true;
}

// A search of the position that plays nothing: while the game goes on and no search runs.
static bool analyse(WebSession *s, GError **err)
{
    GoWebState *st = s->state;
    if (go_web_over(st) || s->job) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    go_web_over(st) ? "the game is over" : "the engine is thinking");
        return false;
    }
    st->analysing = true;
    return true;
}

// ----------------------------------------------------------------------------------------
// Searches: an engine's move, the count of a game ended by passes, or an analysis.

typedef struct {
    GoEngine *engine;
    GoGame game;  // a copy: the position searched and its history
    int colour;   // the colour to move
    bool count;   // the count, not a move
    bool analyse; // an analysis, not a move
    GoChoice choice;
    GoWebAnalysis analysis;
    double score;
    uint8_t status[GO_MAX_CELLS];
    // While it searches: the pool's report of each iteration, and the analysis of the running
    // search, read on the searching thread at most every GO_WEB_LIVE_US and handed to the main
    // thread under the lock.
    SearchInfoFn info;
    void *user;
    int64_t live_us; // when the live analysis was last read (0: not yet)
    GMutex lock;
    GoWebAnalysis live;
} Job;

static void job_data_free(void *data)
{
    Job *j = data;
    go_game_free(&j->game);
    g_mutex_clear(&j->lock);
    g_free(j);
}

const GoGame *go_web_job_game(const WebJob *job)
{
    return &((const Job *)job->data)->game;
}

const GoEngine *go_web_job_engine(const WebJob *job)
{
    return ((const Job *)job->data)->engine;
}

bool go_web_job_live(const WebJob *job, GoWebAnalysis *out)
{
    Job *j = job->data;
    g_mutex_lock(&j->lock);
    *out = j->live;
    g_mutex_unlock(&j->lock);
    return out->count > 0;
}

// The ownership of the count as the page's map.
static void count_ownership(Job *j, const MctsOwnership *o)
{
    const GoBoard *b = &j->game.board;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            j->analysis.ownership[y * b->size + x] =
                go_ownership_share(o, p, GO_BLACK) - go_ownership_share(o, p, GO_WHITE);
        }
    j->analysis.has_ownership = o->playouts > 0;
}

// The candidates of the job's search (and its ownership when `ownership`) into a, read from
// the kata-analyze line of GTP (go_analyze_format) at most GO_WEB_CANDIDATES of them.
static void read_analysis(Job *j, const SearchInfo *info, bool ownership, GoWebAnalysis *a)
{
    GoAnalyzeRequest r = {.kata = true,
                          .colour = j->colour,
                          .interval_cs = 100,
                          .maxmoves = GO_WEB_CANDIDATES,
                          .ownership = ownership};
    GString *line = g_string_new(NULL);
    go_analyze_format(j->engine, &j->game, &r, info, line);
    a->ply = go_game_length(&j->game);
    go_web_analysis_parse(&j->game.board, line->str, j->colour, a);
    g_string_free(line, TRUE);
}

// An iteration of the running search, on its own thread: the candidates are read from its tree
// (or the iteration's line) as GTP's analysis reads them between rounds, at most every
// GO_WEB_LIVE_US, then the pool gets the report. The search reports between two playouts (or
// iterations), its board back at the root: go_analyze_format's go_engine_position sets it to
// that same position. The Monte Carlo search publishes its ownership so far (this thread's
// playouts) before each report; alpha-beta's would need a search of its own, so it has none.
static void live_info(const SearchInfo *info, void *user)
{
    WebJob *job = user;
    Job *j = job->data;
    int64_t now = g_get_monotonic_time();
    if (!j->live_us || now - j->live_us >= GO_WEB_LIVE_US) {
        j->live_us = now;
        GoWebAnalysis *a = g_new0(GoWebAnalysis, 1);
        read_analysis(j, info, j->engine->core.params.search == SEARCH_MCTS, a);
        g_mutex_lock(&j->lock);
        j->live = *a;
        g_mutex_unlock(&j->lock);
        g_free(a);
    }
    if (j->info) j->info(info, j->user);
}

static Move job_search(WebJob *job, SearchInfoFn info, void *user)
{
    Job *j = job->data;
    GoEngine *e = j->engine;
    j->analysis.ply = go_game_length(&j->game);
    j->analysis.side = j->colour;
    if (j->count) {
        // As the player judges dead strings (go/player.h), with GTP final_status_list's
        // playouts when the last search was not of this position.
        const MctsOwnership *o = go_engine_ownership(e, &j->game, e->player.status_playouts);
        j->score = go_ownership_count(&j->game.board, o, e->player.dead_share, j->game.rules.komi);
        go_ownership_status(&j->game.board, o, e->player.dead_share, j->status);
        count_ownership(j, o);
        return MOVE_NONE;
    }
    j->info = info;
    j->user = user;
    if (j->analyse)
        go_engine_search(e, &j->game, j->colour, &job->limits, live_info, job, &j->choice.info);
    else
        go_player_choose_reporting(e, &j->game, j->colour, &job->limits, GO_GENMOVE_NORMAL,
                                   live_info, job, &j->choice);
    job->info = j->choice.info;
    read_analysis(j, &j->choice.info, true, &j->analysis);
    return j->choice.move;
}

static WebJob *job_new(WebSession *s)
{
    GoWebState *st = s->state;
    int side = st->game.board.side;
    bool count = go_web_over(st);
    bool engine = web_players_engine(&st->opt.players, side == GO_WHITE);
    if (count && (st->resigned != GO_EMPTY || st->scored)) return NULL;
    if (!count && !engine && !st->analysing) return NULL;
    GoEngine *e = st->engine[side == GO_WHITE];
    if (!e) e = st->engine[side != GO_WHITE]; // the count: either engine
    Job *j = g_new0(Job, 1);
    g_mutex_init(&j->lock);
    j->engine = e;
    go_game_copy(&j->game, &st->game);
    j->colour = side;
    j->count = count;
    j->analyse = !count && !engine;
    return web_job_new(s, &e->core, job_search, j, job_data_free, st->opt.players.movetime);
}

// An engine's answer (a move, a resignation, or the count): taken when the position is still
// the one searched.
static void job_done(WebSession *s, WebJob *job)
{
    GoWebState *st = s->state;
    Job *j = job->data;
    if (go_game_length(&j->game) != go_game_length(&st->game) ||
        go_board_key(&j->game.board) != go_board_key(&st->game.board) || st->resigned != GO_EMPTY)
        return;
    if (j->count) {
        st->scored = true;
        st->score = j->score;
        memcpy(st->status, j->status, sizeof st->status);
    } else if (j->analyse) {
        st->analysing = false;
    } else if (j->choice.move == MOVE_NONE) {
        st->resigned = j->colour;
    } else {
        if (!go_game_play(&st->game, j->colour, j->choice.move)) return;
        const SearchInfo *in = &j->choice.info;
        GoWebNote note = {.engine = true,
                          .visits = in->nodes,
                          .winrate = -1,
                          .seconds = in->seconds,
                          .why = go_reason_text(j->choice.reason)};
        if (j->analysis.count > 0) {
            double w = j->analysis.cand[0].winrate;
            note.winrate = j->colour == GO_BLACK ? w : 1 - w;
        }
        g_array_append_val(st->notes, note);
    }
    if (j->analysis.count > 0 || j->analysis.has_ownership) {
        if (!st->analysis) st->analysis = g_new(GoWebAnalysis, 1);
        *st->analysis = j->analysis;
    }
}

static int length(const WebSession *s)
{
    return go_game_length(&((const GoWebState *)s->state)->game);
}

const WebGame go_web_game = {
    .name = "go",
    .game_keys = game_keys,
    .init = go_init,
    .state_new = state_new,
    .state_free = state_free,
    .engine_free = free_engine,
    .new_game = new_game,
    .play = play,
    .undo = undo,
    .resign = resign,
    .analyse = analyse,
    .job_new = job_new,
    .job_done = job_done,
    .info_json = go_web_info_json,
    .state_json = go_web_state_json,
    .record = go_web_record,
    .record_name = "sumito-game.sgf",
    .record_type = "application/x-go-sgf",
    .length = length,
    .picture = go_web_picture,
    .picture_min_width = GO_RENDER_MIN_WIDTH,
    .picture_default_width = GO_RENDER_DEFAULT_WIDTH,
    .style_json = go_web_style_json,
    .page_file = go_web_page_file,

};
