// SPDX-License-Identifier: MIT
// Abalone in the web server (abalone/web.h): the options of a new game, the engines and
// their searches, the person's moves, take-back and resignation. The JSON and pictures of a
// session are in abalone/web_state.c.
#include "abalone/web.h"

#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/render.h"
#include "core/web/web_json.h"

// The defaults: play Black against RankCut with the net, 1 s a move, the Belgian daisy.
static void options_default(AbaloneWebOptions *o)
{
    memset(o, 0, sizeof *o);
    o->players = (WebPlayers){.mode = WEB_MODE_PLAY, .human = ABALONE_BLACK, .movetime = 1.0};
    o->engine[0] = o->engine[1] = (AbaloneWebEngine){.rankcut = true, .eval = ABALONE_EVAL_NET};
    o->move_cap = 300;
    o->repetition = true;
    g_strlcpy(o->layout, "belgian", sizeof o->layout);
    abalone_board_set_layout(&o->start, "belgian");
}

static void free_engine(void *e)
{
    if (!e) return;
    abalone_engine_free(e);
    g_free(e);
}

static void start_record(AbaloneWebState *st)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    rules.move_cap = st->opt.move_cap;
    rules.repetition_draw = st->opt.repetition;
    abalone_record_init(&st->rec, &st->opt.start, st->opt.layout[0] ? st->opt.layout : NULL,
                        &rules);
    g_array_set_size(st->notes, 0);
    st->resigned = -1;
}

static void *state_new(void)
{
    AbaloneWebState *st = g_new0(AbaloneWebState, 1);
    st->notes = g_array_new(FALSE, TRUE, sizeof(AbaloneWebNote));
    st->balance = g_array_new(FALSE, TRUE, sizeof(AbaloneWebBalance));
    options_default(&st->opt);
    start_record(st);
    return st;
}

static void state_free(void *data)
{
    AbaloneWebState *st = data;
    for (int c = 0; c < 2; c++) free_engine(st->engine[c]);
    abalone_record_free(&st->rec);
    g_array_free(st->notes, TRUE);
    g_array_free(st->balance, TRUE);
    g_free(st);
}

bool abalone_web_over(const AbaloneWebState *st)
{
    return st->resigned >= 0 || abalone_game_outcome(&st->rec.game, NULL) != ABALONE_ONGOING;
}

// ----------------------------------------------------------------------------------------
// Arguments of a new game.

static bool parse_engine(JsonObject *o, const char *key, AbaloneWebEngine *e, GError **err)
{
    static const char *const known[] = {"rankcut", "eval", NULL};
    JsonObject *c = NULL;
    const char *eval = NULL;
    char where[32];
    snprintf(where, sizeof where, "'%s'", key);
    if (!web_json_get_object(o, key, &c, err)) return false;
    if (!c) return true;
    if (!web_json_check_keys(c, known, where, err) ||
        !web_json_get_bool(c, "rankcut", &e->rankcut, err) ||
        !web_json_get_string(c, "eval", 16, &eval, err))
        return false;
    if (eval && strcmp(eval, "net") && strcmp(eval, "hce")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument 'eval' in %s must be \"net\" or \"hce\"", where);
        return false;
    }
    if (eval) e->eval = strcmp(eval, "hce") == 0 ? ABALONE_EVAL_HCE : ABALONE_EVAL_NET;
    return true;
}

static bool parse_start(JsonObject *o, AbaloneWebOptions *g, GError **err)
{
    const char *layout = NULL, *position = NULL;
    if (!web_json_get_string(o, "layout", 15, &layout, err) ||
        !web_json_get_string(o, "position", ABALONE_POSITION_TEXT, &position, err))
        return false;
    if (layout && position) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "give a layout or a position, not both");
        return false;
    }
    if (layout && !abalone_board_set_layout(&g->start, layout)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "unknown layout (standard, belgian, german, dutch or swiss)");
        return false;
    }
    if (layout) g_strlcpy(g->layout, layout, sizeof g->layout);
    if (position) {
        GError *e = NULL;
        if (!abalone_position_parse(&g->start, position, &e)) {
            g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST, "position: %s", e->message);
            g_error_free(e);
            return false;
        }
        g->layout[0] = '\0';
    }
    return true;
}

static bool parse_game(JsonObject *o, AbaloneWebOptions *g, AbaloneRecord *loaded, bool *has,
                       GError **err)
{
    *has = false;
    if (!web_players_parse(o, &g->players, err) ||
        !web_json_get_int(o, "move_cap", 0, 1000, &g->move_cap, err) || !parse_start(o, g, err))
        return false;
    g->repetition = true; // sumito's own games; a record's are its own
    if (!abalone_web_parse_record(o, g, loaded, has, err)) return false;
    // "engine" configures the engine of a game against a person (the colour it plays).
    bool ok = parse_engine(o, "engine", &g->engine[!g->players.human], err) &&
              parse_engine(o, "black", &g->engine[0], err) &&
              parse_engine(o, "white", &g->engine[1], err);
    if (!ok && *has) abalone_record_free(loaded);
    return ok;
}

static const char *const game_keys[] = {"mode",   "human",  "layout",     "position",
                                        "time",   "record", "game_index", "move_cap",
                                        "engine", "black",  "white",      NULL};

// ----------------------------------------------------------------------------------------
// Engines and games.

static AbaloneEngine *build_engine(const WebSession *s, const AbaloneWebEngine *c,
                                   const AbaloneWebOptions *o, GError **err)
{
    char *sets[6];
    // On: the default search (RankCut with the other methods of Abalone's default); off:
    // plain alpha-beta, every method off.
    sets[0] = g_strdup(c->rankcut ? "rankcut=true" : "plain");
    sets[1] = g_strdup_printf("eval=%s", c->eval == ABALONE_EVAL_HCE ? "hce" : "net");
    sets[2] = g_strdup_printf("move_cap=%d", o->move_cap);
    sets[3] = g_strdup_printf("repetition_draw=%d", o->repetition);
    sets[4] = g_strdup_printf("hash=%d", s->hash_mib);
    sets[5] = NULL;
    AbaloneEngine *e = g_new0(AbaloneEngine, 1);
    bool ok = abalone_engine_setup(e, NULL, sets, NULL, err);
    for (int i = 0; i < 5; i++) g_free(sets[i]);
    if (!ok) {
        g_free(e);
        return NULL;
    }
    return e;
}

// The engines a new game needs, built before anything changes; an engine that is not busy and
// has the same configuration is kept (its tables cleared).
static bool build_engines(WebSession *s, const AbaloneWebOptions *o, AbaloneEngine *out[2],
                          GError **err)
{
    AbaloneWebState *st = s->state;
    for (int c = 0; c < 2; c++) {
        out[c] = NULL;
        if (!web_players_engine(&o->players, c)) continue;
        AbaloneEngine *old = st->engine[c];
        // Field by field: the struct's padding bytes are not part of the configuration.
        if (old && !s->job && old->rules.move_cap == o->move_cap &&
            old->rules.repetition_draw == o->repetition &&
            st->built[c].rankcut == o->engine[c].rankcut && st->built[c].eval == o->engine[c].eval)
            continue; // kept
        out[c] = build_engine(s, &o->engine[c], o, err);
        if (!out[c]) {
            if (c == 1) free_engine(out[0]);
            return false;
        }
    }
    return true;
}

static bool new_game(WebSession *s, JsonObject *args, GError **err)
{
    AbaloneWebState *st = s->state;
    AbaloneWebOptions o = st->opt;
    AbaloneEngine *fresh[2];
    AbaloneRecord loaded;
    bool has = false;
    if (!parse_game(args, &o, &loaded, &has, err)) return false;
    if (!build_engines(s, &o, fresh, err)) {
        if (has) abalone_record_free(&loaded);
        return false;
    }
    web_session_cancel(s);
    for (int c = 0; c < 2; c++) {
        if (fresh[c] || !web_players_engine(&o.players, c)) { // replaced or no longer needed
            web_session_retire(s, st->engine[c]);
            st->engine[c] = fresh[c];
        } else {
            abalone_engine_new_game(st->engine[c]);
        }
        st->built[c] = o.engine[c];
    }
    st->opt = o;
    abalone_record_free(&st->rec);
    if (has) { // the game loaded, shown at its last position
        st->rec = loaded;
        g_array_set_size(st->notes, 0);
        g_array_set_size(st->notes, (guint)abalone_game_length(&st->rec.game));
        st->resigned = -1;
    } else {
        start_record(st);
    }
    abalone_web_review_reset(st, has);
    return true;
}

static void play_move(AbaloneWebState *st, Move m, const AbaloneWebNote *note)
{
    char *comment = NULL;
    if (note->engine)
        comment =
            g_strdup_printf("depth %d, %" G_GUINT64_FORMAT " nodes", note->depth, note->nodes);
    abalone_record_play(&st->rec, m, comment);
    g_free(comment);
    g_array_append_val(st->notes, *note);
}

// Going on from the shown position while stepping: the moves after it are dropped, the person
// plays the side to move there and the engine the other, built now if the game had none.
static bool play_from_here(WebSession *s, const AbaloneBoard *b, GError **err)
{
    AbaloneWebState *st = s->state;
    int engine = !b->side;
    if (!st->engine[engine]) {
        AbaloneEngine *e = build_engine(s, &st->opt.engine[engine], &st->opt, err);
        if (!e) return false;
        st->engine[engine] = e;
        st->built[engine] = st->opt.engine[engine];
    }
    web_session_cancel(s);
    web_session_retire(s, st->engine[b->side]);
    st->engine[b->side] = NULL;
    st->opt.players.mode = WEB_MODE_PLAY;
    st->opt.players.human = b->side;
    abalone_web_review_cut(st);
    st->resigned = -1;
    st->rec.result = ABALONE_ONGOING;
    return true;
}

static bool play(WebSession *s, const char *text, GError **err)
{
    AbaloneWebState *st = s->state;
    if (st->review) {
        const AbaloneBoard *b = abalone_game_position(&st->rec.game, st->cursor);
        GError *e = NULL;
        Move m = abalone_move_parse(b, text, ABALONE_NOTATION_ABAPRO, &e);
        if (m == MOVE_NONE) {
            g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "move '%s': %s", text, e->message);
            g_error_free(e);
            return false;
        }
        if (st->cursor == abalone_game_length(&st->rec.game) && abalone_web_over(st)) {
            g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "the game is over");
            return false;
        }
        if (!play_from_here(s, b, err)) return false;
        AbaloneWebNote note = {0};
        play_move(st, m, &note);
        return true;
    }
    if (abalone_web_over(st)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "the game is over");
        return false;
    }
    if (web_players_engine(&st->opt.players, st->rec.game.board.side)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "it is the engine's turn");
        return false;
    }
    GError *e = NULL;
    Move m = abalone_move_parse(&st->rec.game.board, text, ABALONE_NOTATION_ABAPRO, &e);
    if (m == MOVE_NONE) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_ILLEGAL, "move '%s': %s", text, e->message);
        g_error_free(e);
        return false;
    }
    // The engine's answer first: an analysis or a score for the chart under way is stopped (no
    // search for a move runs in the person's turn).
    web_session_cancel(s);
    st->analysing = false;
    AbaloneWebNote note = {0};
    play_move(st, m, &note);
    return true;
}

void abalone_web_undo_one(AbaloneWebState *st)
{
    abalone_game_undo(&st->rec.game);
    guint n = (guint)abalone_game_length(&st->rec.game);
    g_ptr_array_set_size(st->rec.comments, n + 1);
    g_array_set_size(st->notes, n);
    if (st->balance->len > n + 1) g_array_set_size(st->balance, n + 1);
}

static bool undo(WebSession *s, GError **err)
{
    AbaloneWebState *st = s->state;
    const AbaloneGame *g = &st->rec.game;
    int human = st->opt.players.human;
    if (st->opt.players.mode != WEB_MODE_PLAY || st->review) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    st->review ? "stepping through the game: go to a ply instead"
                               : "take-back is for games against the engine");
        return false;
    }
    // The person's last move: the one before the engine's reply, or the last one when the
    // engine has not answered yet.
    int n = abalone_game_length(g), back = 0;
    while (back < n && abalone_game_position(g, n - back - 1)->side != human) back++;
    if (back == n) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT, "there is no move of yours to take back");
        return false;
    }
    web_session_cancel(s);
    for (int i = 0; i <= back; i++) abalone_web_undo_one(st);
    st->analysing = false;
    st->resigned = -1;
    st->rec.result = ABALONE_ONGOING;
    return true;
}

static bool resign(WebSession *s, GError **err)
{
    AbaloneWebState *st = s->state;
    int human = st->opt.players.human;
    bool play_mode = st->opt.players.mode == WEB_MODE_PLAY;
    if (!play_mode || abalone_web_over(st) || st->review) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    st->review   ? "stepping through the game: play a move to go on from it"
                    : !play_mode ? "only a player can resign"
                                 : "the game is over");
        return false;
    }
    web_session_cancel(s);
    st->resigned = human;
    st->rec.result = human == ABALONE_BLACK ? ABALONE_WHITE_WINS : ABALONE_BLACK_WINS;
    guint last = st->rec.comments->len - 1;
    char *old = st->rec.comments->pdata[last];
    st->rec.comments->pdata[last] =
        g_strconcat(old ? old : "", old ? " " : "",
                    human == ABALONE_BLACK ? "Black resigns" : "White resigns", NULL);
    g_free(old);
    return true;
}

// ----------------------------------------------------------------------------------------
// Searches.

typedef struct {
    AbaloneEngine *engine;
    AbaloneGame game; // a copy: the position searched and its history
    AbaloneWebJobKind kind;
} Job;

static void job_data_free(void *data)
{
    Job *j = data;
    abalone_game_free(&j->game);
    g_free(j);
}

static Move job_search(WebJob *job, SearchInfoFn info, void *user)
{
    Job *j = job->data;
    if (abalone_game_outcome(&j->game, NULL) != ABALONE_ONGOING) return MOVE_NONE;
    return abalone_engine_search(j->engine, &j->game, &job->limits, info, user, &job->info);
}

const AbaloneGame *abalone_web_job_game(const WebJob *job)
{
    return &((const Job *)job->data)->game;
}

AbaloneWebJobKind abalone_web_job_kind(const WebJob *job)
{
    return ((const Job *)job->data)->kind;
}

// A search by engine of the position after ply moves.
static WebJob *job_at(WebSession *s, AbaloneWebJobKind kind, AbaloneEngine *engine, int ply)
{
    const AbaloneGame *g = &((AbaloneWebState *)s->state)->rec.game;
    Job *j = g_new0(Job, 1);
    j->engine = engine;
    j->kind = kind;
    abalone_game_init(&j->game, &g->start, &g->rules);
    for (int i = 0; i < ply; i++) abalone_game_play(&j->game, abalone_game_move(g, i));
    double movetime = ((AbaloneWebState *)s->state)->opt.players.movetime;
    WebJob *job = web_job_new(s, &engine->core, job_search, j, job_data_free, movetime);
    if (kind == ABALONE_WEB_JOB_BALANCE) job->limits.nodes = ABALONE_WEB_BALANCE_NODES;
    return job;
}

// The engine's move when it is to move; else the analysis asked for; else the next position
// of a loaded game to score.
static WebJob *job_new(WebSession *s)
{
    AbaloneWebState *st = s->state;
    int side = st->rec.game.board.side;
    if (!st->review && !abalone_web_over(st) && web_players_engine(&st->opt.players, side))
        return job_at(s, ABALONE_WEB_JOB_MOVE, st->engine[side],
                      abalone_game_length(&st->rec.game));
    AbaloneEngine *any = st->engine[0] ? st->engine[0] : st->engine[1];
    if (!any) return NULL;
    if (st->analysing) return job_at(s, ABALONE_WEB_JOB_ANALYSIS, any, abalone_web_shown(st));
    int ply = abalone_web_balance_next(st);
    return ply >= 0 ? job_at(s, ABALONE_WEB_JOB_BALANCE, any, ply) : NULL;
}

// An engine's answer: played when the position is still the one searched.
static void job_done(WebSession *s, WebJob *job)
{
    AbaloneWebState *st = s->state;
    const AbaloneGame *searched = abalone_web_job_game(job);
    AbaloneWebJobKind kind = abalone_web_job_kind(job);
    if (kind != ABALONE_WEB_JOB_MOVE) {
        int ply = abalone_game_length(searched);
        if (ply <= abalone_game_length(&st->rec.game) &&
            abalone_board_equal(&searched->board, abalone_game_position(&st->rec.game, ply)))
            abalone_web_review_done(st, kind, ply, job->move == MOVE_NONE ? NULL : &job->info);
        return;
    }
    if (st->review || job->move == MOVE_NONE || abalone_web_over(st) ||
        abalone_game_length(searched) != abalone_game_length(&st->rec.game) ||
        !abalone_board_equal(&searched->board, &st->rec.game.board))
        return;
    AbaloneWebNote note = {.engine = true,
                           .depth = job->info.depth,
                           .seldepth = job->info.seldepth,
                           .score = job->info.score,
                           .nodes = job->info.nodes,
                           .seconds = job->info.seconds};
    play_move(st, job->move, &note);
}

static int length(const WebSession *s)
{
    return abalone_game_length(&((const AbaloneWebState *)s->state)->rec.game);
}

const WebGame abalone_web_game = {
    .name = "abalone",
    .game_keys = game_keys,
    .init = abalone_init,
    .state_new = state_new,
    .state_free = state_free,
    .engine_free = free_engine,
    .new_game = new_game,
    .play = play,
    .undo = undo,
    .resign = resign,
    .analyse = abalone_web_analyse,
    .goto_ply = abalone_web_goto,
    .job_new = job_new,
    .job_done = job_done,
    .info_json = abalone_web_info_json,
    .state_json = abalone_web_state_json,
    .record = abalone_web_record,
    .record_name = "sumito-game.txt",
    .record_type = "text/plain; charset=utf-8",
    .length = length,
    .picture = abalone_web_picture,
    .picture_min_width = ABALONE_RENDER_MIN_WIDTH,
    .picture_default_width = ABALONE_RENDER_DEFAULT_WIDTH,
    .style_json = abalone_web_style_json,
    .page_file = abalone_web_page_file,
};
