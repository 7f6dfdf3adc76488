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
    abalone_record_init(&st->rec, &st->opt.start, st->opt.layout[0] ? st->opt.layout : NULL,
                        &rules);
    g_array_set_size(st->notes, 0);
    st->resigned = -1;
}

static void *state_new(void)
{
    AbaloneWebState *st = g_new0(AbaloneWebState, 1);
    st->notes = g_array_new(FALSE, TRUE, sizeof(AbaloneWebNote));
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

static bool parse_game(JsonObject *o, AbaloneWebOptions *g, GError **err)
{
    if (!web_players_parse(o, &g->players, err) ||
        !web_json_get_int(o, "move_cap", 0, 1000, &g->move_cap, err) || !parse_start(o, g, err))
        return false;
    // "engine" configures the engine of a game against a person (the colour it plays).
    return parse_engine(o, "engine", &g->engine[!g->players.human], err) &&
           parse_engine(o, "black", &g->engine[0], err) &&
           parse_engine(o, "white", &g->engine[1], err);
}

static const char *const game_keys[] = {"mode",     "human",  "layout", "position", "time",
                                        "move_cap", "engine", "black",  "white",    NULL};

// ----------------------------------------------------------------------------------------
// Engines and games.

static AbaloneEngine *build_engine(const WebSession *s, const AbaloneWebEngine *c, int move_cap,
                                   GError **err)
{
    char *sets[5];
    // On: the default search (RankCut with the other methods of Abalone's default); off:
    // plain alpha-beta, every method off.
    sets[0] = g_strdup(c->rankcut ? "rankcut=true" : "plain");
    sets[1] = g_strdup_printf("eval=%s", c->eval == ABALONE_EVAL_HCE ? "hce" : "net");
    sets[2] = g_strdup_printf("move_cap=%d", move_cap);
    sets[3] = g_strdup_printf("hash=%d", s->hash_mib);
    sets[4] = NULL;
    AbaloneEngine *e = g_new0(AbaloneEngine, 1);
    bool ok = abalone_engine_setup(e, NULL, sets, NULL, err);
    for (int i = 0; i < 4; i++) g_free(sets[i]);
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
            st->built[c].rankcut == o->engine[c].rankcut && st->built[c].eval == o->engine[c].eval)
            continue; // kept
        out[c] = build_engine(s, &o->engine[c], o->move_cap, err);
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
    if (!parse_game(args, &o, err) || !build_engines(s, &o, fresh, err)) return false;
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
    start_record(st);
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

static bool play(WebSession *s, const char *text, GError **err)
{
    AbaloneWebState *st = s->state;
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
    AbaloneWebNote note = {0};
    play_move(st, m, &note);
    return true;
}

static void undo_one(AbaloneWebState *st)
{
    abalone_game_undo(&st->rec.game);
    g_ptr_array_set_size(st->rec.comments, (guint)abalone_game_length(&st->rec.game) + 1);
    g_array_set_size(st->notes, (guint)abalone_game_length(&st->rec.game));
}

static bool undo(WebSession *s, GError **err)
{
    AbaloneWebState *st = s->state;
    const AbaloneGame *g = &st->rec.game;
    int human = st->opt.players.human;
    if (st->opt.players.mode != WEB_MODE_PLAY) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    "take-back is for games against the engine");
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
    for (int i = 0; i <= back; i++) undo_one(st);
    st->resigned = -1;
    st->rec.result = ABALONE_ONGOING;
    return true;
}

static bool resign(WebSession *s, GError **err)
{
    AbaloneWebState *st = s->state;
    int human = st->opt.players.human;
    bool play_mode = st->opt.players.mode == WEB_MODE_PLAY;
    if (!play_mode || abalone_web_over(st)) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_CONFLICT,
                    !play_mode ? "only a player can resign" : "the game is over");
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

static WebJob *job_new(WebSession *s)
{
    AbaloneWebState *st = s->state;
    int side = st->rec.game.board.side;
    if (abalone_web_over(st) || !web_players_engine(&st->opt.players, side)) return NULL;
    const AbaloneGame *g = &st->rec.game;
    Job *j = g_new0(Job, 1);
    j->engine = st->engine[side];
    abalone_game_init(&j->game, &g->start, &g->rules);
    for (int i = 0; i < abalone_game_length(g); i++)
        abalone_game_play(&j->game, abalone_game_move(g, i));
    return web_job_new(s, &j->engine->core, job_search, j, job_data_free, st->opt.players.movetime);
}

// An engine's answer: played when the position is still the one searched.
static void job_done(WebSession *s, WebJob *job)
{
    AbaloneWebState *st = s->state;
    const AbaloneGame *searched = abalone_web_job_game(job);
    if (job->move == MOVE_NONE || abalone_web_over(st) ||
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
