// SPDX-License-Identifier: MIT
// The GTP engine: input preprocessing as the specification describes it (control characters
// dropped, comments cut, tabs as spaces), a table of command handlers, and the responses.
#include "go/gtp.h"

#include <stdlib.h>
#include <string.h>

#include "base/line.h"
#include "core/lab/lab.h"
#include "core/text.h"
#include "go/gtp_ext.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "go/ownership.h"

// A handler writes its result (success) or its error message (failure) into reply.
typedef bool (*GtpHandler)(GoGtp *e, int argc, char **argv, GString *reply);

typedef struct {
    const char *name;
    GtpHandler run;
} GtpCommand;

static bool fail(GString *reply, const char *message)
{
    g_string_assign(reply, message);
    return false;
}

bool go_gtp_parse_int(const char *s, int *v)
{
    char *end;
    long x = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s || *end != '\0' || x < -1000000000 || x > 1000000000) return false;
    *v = (int)x;
    return true;
}

int go_gtp_arg_colour(int argc, char **argv)
{
    return argc >= 1 ? go_colour_parse(argv[0]) : GO_EMPTY;
}

// A vertex argument: MOVE_NONE for bad text; off the board is flagged separately.
static Move arg_vertex(const GoGtp *e, const char *text, bool *off_board)
{
    GError *err = NULL;
    Move m = go_vertex_parse(&e->game.board, text, &err);
    *off_board = err && err->code == GO_ERROR_OFF_BOARD;
    g_clear_error(&err);
    return m;
}

static void append_vertex(GString *out, const GoBoard *b, Move m)
{
    char v[GO_VERTEX_TEXT];
    if (out->len) g_string_append_c(out, ' ');
    g_string_append(out, go_vertex_format(b, m, v));
}

// ---------------------------------------------------------------------------------------
// Administrative commands

static const GtpCommand *find_command(const GoGtp *e, const char *name);

static bool cmd_protocol_version(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_assign(reply, "2");
    return true;
}

static bool cmd_name(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_assign(reply, "sumito");
    return true;
}

static bool cmd_version(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_assign(reply, e->version ? e->version : "0.1");
    return true;
}

static bool cmd_known_command(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (argc < 1) return fail(reply, "syntax error");
    g_string_assign(reply, find_command(e, argv[0]) ? "true" : "false");
    return true;
}

static bool cmd_list_commands(GoGtp *e, int argc, char **argv, GString *reply);

static bool cmd_quit(GoGtp *e, int argc, char **argv, GString *reply)
{
    e->quit = true;
    return true;
}

// ---------------------------------------------------------------------------------------
// Setup

static bool cmd_boardsize(GoGtp *e, int argc, char **argv, GString *reply)
{
    int size;
    if (argc < 1 || !go_gtp_parse_int(argv[0], &size)) return fail(reply, "syntax error");
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE) return fail(reply, "unacceptable size");
    go_game_set_size(&e->game, size);
    go_sgf_info_free(&e->info);
    go_sgf_info_init(&e->info);
    return true;
}

static bool cmd_clear_board(GoGtp *e, int argc, char **argv, GString *reply)
{
    go_game_clear(&e->game);
    go_sgf_info_free(&e->info);
    go_sgf_info_init(&e->info);
    return true;
}

static bool cmd_komi(GoGtp *e, int argc, char **argv, GString *reply)
{
    char *end = NULL;
    double komi = argc >= 1 ? g_ascii_strtod(argv[0], &end) : 0;
    if (argc < 1 || end == argv[0] || *end || !(komi >= -1000 && komi <= 1000))
        return fail(reply, "syntax error");
    e->game.rules.komi = komi;
    return true;
}

static bool cmd_get_komi(GoGtp *e, int argc, char **argv, GString *reply)
{
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_assign(reply, g_ascii_formatd(text, sizeof text, "%g", e->game.rules.komi));
    return true;
}

static bool board_empty(const GoGame *g)
{
    return g->board.empty_count == g->board.size * g->board.size && go_game_length(g) == 0;
}

// Puts handicap stones on the points listed; White moves next.
static void place_handicap(GoGtp *e, const int *points, int n, GString *reply)
{
    g_string_truncate(reply, 0);
    for (int i = 0; i < n; i++) append_vertex(reply, &e->game.board, (Move)points[i]);
    // Black stones alone on an empty board: every string touches an empty point, so none is
    // refused. One setup for them all (one rebuild of the board, not one a stone).
    bool ok = go_game_setup_points(&e->game, points, n, GO_BLACK, NULL, NULL);
    g_assert(ok);
    e->game.handicap = n;
    go_game_set_side(&e->game, GO_WHITE);
}

static bool cmd_fixed_handicap(GoGtp *e, int argc, char **argv, GString *reply)
{
    int n, x[9], y[9];
    if (argc < 1 || !go_gtp_parse_int(argv[0], &n)) return fail(reply, "syntax error");
    if (!board_empty(&e->game)) return fail(reply, "board not empty");
    const GoBoard *b = &e->game.board;
    if (n < 2 || go_fixed_handicap_points(b->size, n, x, y) != n)
        return fail(reply, "invalid number of stones");
    int points[9];
    for (int i = 0; i < n; i++) points[i] = go_point(b, x[i], y[i]);
    place_handicap(e, points, n, reply);
    return true;
}

// Free placement: the fixed points as far as they go, then points of the lattice of the 3-3
// (or 4-4) point's parity, from the centre outwards, skipping any point next to a stone
// already placed, so that no two stones touch. May place fewer stones, as the protocol allows.
static bool touches(const GoBoard *b, const int *points, int k, int p)
{
    for (int i = 0; i < k; i++) {
        int dx = ABS(go_point_x(b, points[i]) - go_point_x(b, p));
        int dy = ABS(go_point_y(b, points[i]) - go_point_y(b, p));
        if (dx + dy <= 1) return true;
    }
    return false;
}

static int free_handicap_points(const GoBoard *b, int n, int *points)
{
    int x[9], y[9], k = 0, fixed = 0;
    for (int f = MIN(n, 9); f >= 2 && !fixed; f--)
        fixed = go_fixed_handicap_points(b->size, f, x, y);
    for (; k < fixed; k++) points[k] = go_point(b, x[k], y[k]);
    int parity = (b->size < 13 ? 2 : 3) % 2, c = (b->size - 1) / 2;
    for (int ring = 0; ring <= b->size && k < n; ring++)
        for (int py = 0; py < b->size && k < n; py++)
            for (int px = 0; px < b->size && k < n; px++) {
                if (px % 2 != parity || py % 2 != parity || MAX(ABS(px - c), ABS(py - c)) != ring)
                    continue;
                int p = go_point(b, px, py);
                if (!touches(b, points, k, p)) points[k++] = p;
            }
    return k;
}

static bool cmd_place_free_handicap(GoGtp *e, int argc, char **argv, GString *reply)
{
    int n;
    if (argc < 1 || !go_gtp_parse_int(argv[0], &n)) return fail(reply, "syntax error");
    if (!board_empty(&e->game)) return fail(reply, "board not empty");
    const GoBoard *b = &e->game.board;
    if (n < 2 || n >= b->size * b->size) return fail(reply, "invalid number of stones");
    int points[GO_MAX_POINTS];
    int k = free_handicap_points(b, n, points);
    if (k < 2) return fail(reply, "invalid number of stones");
    place_handicap(e, points, k, reply);
    return true;
}

static bool cmd_set_free_handicap(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (!board_empty(&e->game)) return fail(reply, "board not empty");
    const GoBoard *b = &e->game.board;
    if (argc < 2 || argc >= b->size * b->size) return fail(reply, "invalid number of stones");
    int points[GO_MAX_POINTS];
    for (int i = 0; i < argc; i++) {
        bool off;
        Move m = arg_vertex(e, argv[i], &off);
        if (m == MOVE_NONE && !off) return fail(reply, "syntax error");
        if (m == MOVE_NONE || m == GO_PASS) return fail(reply, "bad vertex list");
        points[i] = (int)m;
        for (int k = 0; k < i; k++)
            if (points[k] == points[i]) return fail(reply, "bad vertex list");
    }
    place_handicap(e, points, argc, reply);
    g_string_truncate(reply, 0);
    return true;
}

// ---------------------------------------------------------------------------------------
// Play

static bool cmd_play(GoGtp *e, int argc, char **argv, GString *reply)
{
    int colour = go_gtp_arg_colour(argc, argv);
    if (argc < 2 || colour == GO_EMPTY) return fail(reply, "syntax error");
    bool off;
    Move m = arg_vertex(e, argv[1], &off);
    if (m == MOVE_NONE) return fail(reply, off ? "illegal move" : "syntax error");
    if (!go_game_play(&e->game, colour, m)) return fail(reply, "illegal move");
    g_ptr_array_add(e->info.comments, NULL);
    return true;
}

static bool same_control(const TimeControl *a, const TimeControl *b)
{
    return a->kind == b->kind && a->main_time == b->main_time && a->period_time == b->period_time &&
           a->period_stones == b->period_stones && a->periods == b->periods;
}

// Colour's move under its clock; the time it takes counts against colour's main time. The time
// counted so far is forgotten when the settings changed or the game got shorter (a new game,
// undo, loadsgf) since the last genmove.
static Move clocked_genmove(GoGtp *e, int colour, bool cleanup)
{
    GoClock *c = &e->clock;
    int length = go_game_length(&e->game);
    if (!same_control(&c->control, &c->spent_under) || length < c->last_length) {
        c->used[GO_BLACK] = c->used[GO_WHITE] = 0;
        c->spent_under = c->control;
    }
    c->last_length = length;
    TimeControl time;
    TimeClock clock;
    go_gtp_clock(c, colour, &time, &clock);
    gint64 start = g_get_monotonic_time();
    Move m = e->genmove(e->genmove_data, &e->game, colour, &time, &clock, cleanup);
    c->used[colour] += (double)(g_get_monotonic_time() - start) / 1e6;
    return m;
}

bool go_gtp_choose(GoGtp *e, int colour, bool cleanup, Move *move, GString *reply)
{
    *move = clocked_genmove(e, colour, cleanup);
    if (*move != MOVE_NONE && !go_game_is_legal(&e->game, colour, *move))
        return fail(reply, "the move chooser returned an illegal move");
    return true;
}

void go_gtp_play(GoGtp *e, int colour, Move m)
{
    go_game_play(&e->game, colour, m);
    g_ptr_array_add(e->info.comments, NULL);
}

// genmove, kgs-genmove_cleanup and reg_genmove (which does not play the move).
static bool run_genmove(GoGtp *e, int argc, char **argv, GString *reply, bool cleanup, bool play)
{
    int colour = go_gtp_arg_colour(argc, argv);
    if (argc < 1 || colour == GO_EMPTY) return fail(reply, "syntax error");
    Move m;
    if (!go_gtp_choose(e, colour, cleanup, &m, reply)) return false;
    if (m == MOVE_NONE) {
        g_string_assign(reply, "resign");
        return true;
    }
    if (play) go_gtp_play(e, colour, m);
    g_string_truncate(reply, 0);
    append_vertex(reply, &e->game.board, m);
    return true;
}

static bool cmd_genmove(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_genmove(e, argc, argv, reply, false, true);
}

static bool cmd_genmove_cleanup(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_genmove(e, argc, argv, reply, true, true);
}

static bool cmd_reg_genmove(GoGtp *e, int argc, char **argv, GString *reply)
{
    return run_genmove(e, argc, argv, reply, false, false);
}

static bool cmd_set(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (argc < 2) return fail(reply, "syntax error");
    return e->params(e->params_data, argv[0], argv[1], reply);
}

static bool cmd_params(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_truncate(reply, 0);
    return e->params(e->params_data, NULL, NULL, reply);
}

static bool cmd_undo(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (!go_game_undo(&e->game)) return fail(reply, "cannot undo");
    if (e->info.comments->len > 1)
        g_ptr_array_set_size(e->info.comments, e->info.comments->len - 1);
    return true;
}

static bool cmd_all_legal(GoGtp *e, int argc, char **argv, GString *reply)
{
    int colour = go_gtp_arg_colour(argc, argv);
    if (colour == GO_EMPTY) return fail(reply, "syntax error");
    const GoBoard *b = &e->game.board;
    g_string_truncate(reply, 0);
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            Move m = (Move)go_point(b, x, y);
            if (go_game_is_legal(&e->game, colour, m)) append_vertex(reply, b, m);
        }
    return true;
}

static bool cmd_is_legal(GoGtp *e, int argc, char **argv, GString *reply)
{
    int colour = go_gtp_arg_colour(argc, argv);
    if (argc < 2 || colour == GO_EMPTY) return fail(reply, "syntax error");
    bool off;
    Move m = arg_vertex(e, argv[1], &off);
    if (m == MOVE_NONE && !off) return fail(reply, "syntax error");
    g_string_assign(reply, m != MOVE_NONE && go_game_is_legal(&e->game, colour, m) ? "1" : "0");
    return true;
}

// ---------------------------------------------------------------------------------------
// Scoring, records

static bool cmd_showboard(GoGtp *e, int argc, char **argv, GString *reply)
{
    char *ascii = go_board_render_ascii(&e->game.board);
    g_string_printf(reply, "\n%s", ascii);
    g_free(ascii);
    return true;
}

static bool cmd_final_score(GoGtp *e, int argc, char **argv, GString *reply)
{
    char *text = go_score_text(go_game_score(&e->game));
    g_string_assign(reply, text);
    g_free(text);
    return true;
}

// The stones of the strings whose status is `want`, one string a line (the specification's
// multiline list), strings and stones in the order of the board from the top left.
static void list_strings(GString *reply, const GoBoard *b, const uint8_t *status, int want)
{
    uint8_t listed[GO_MAX_CELLS] = {0};
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y), h = b->head[p];
            bool stone = b->color[p] == GO_BLACK || b->color[p] == GO_WHITE;
            if (!stone || status[p] != want || listed[h]) continue;
            listed[h] = 1;
            if (reply->len) g_string_append_c(reply, '\n');
            GString *line = g_string_new(NULL);
            for (int sy = b->size - 1; sy >= 0; sy--)
                for (int sx = 0; sx < b->size; sx++) {
                    int q = go_point(b, sx, sy);
                    if (b->color[q] == b->color[p] && b->head[q] == h)
                        append_vertex(line, b, (Move)q);
                }
            g_string_append(reply, line->str);
            g_string_free(line, TRUE);
        }
}

// alive, dead or seki: the engine's judgement (go_gtp_set_status), else every stone alive, as
// Tromp-Taylor scoring has it.
static bool cmd_final_status_list(GoGtp *e, int argc, char **argv, GString *reply)
{
    static const char *const names[] = {"alive", "dead", "seki"};
    static const int statuses[] = {GO_STATUS_ALIVE, GO_STATUS_DEAD, GO_STATUS_SEKI};
    int want = -1;
    for (int i = 0; argc >= 1 && i < 3; i++)
        if (strcmp(argv[0], names[i]) == 0) want = statuses[i];
    if (want < 0) return fail(reply, "syntax error");
    const GoBoard *b = &e->game.board;
    uint8_t status[GO_MAX_CELLS];
    memset(status, GO_STATUS_ALIVE, sizeof status);
    if (e->status) e->status(e->status_data, &e->game, status);
    g_string_truncate(reply, 0);
    list_strings(reply, b, status, want);
    return true;
}

static bool cmd_loadsgf(GoGtp *e, int argc, char **argv, GString *reply)
{
    int upto = -1;
    if (argc < 1 || (argc >= 2 && (!go_gtp_parse_int(argv[1], &upto) || upto < 1)))
        return fail(reply, "syntax error");
    GoGame g;
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *err = NULL;
    if (!go_sgf_load(argv[0], &e->game.rules, &g, &info, &err)) {
        lab_error("loadsgf: %s", err->message);
        g_error_free(err);
        go_game_free(&g);
        go_sgf_info_free(&info);
        return fail(reply, "cannot load file");
    }
    for (guint i = 0; i < info.warnings->len; i++)
        lab_error("warning: %s", (char *)g_ptr_array_index(info.warnings, i));
    // "loadsgf file n": the position before move n.
    while (upto > 0 && go_game_length(&g) >= upto) go_game_undo(&g);
    g_ptr_array_set_size(info.comments, (guint)go_game_length(&g) + 1);
    go_game_free(&e->game);
    go_game_take(&e->game, &g);
    go_sgf_info_free(&e->info);
    e->info = info;
    g_string_assign(reply, e->game.board.side == GO_BLACK ? "black" : "white");
    return true;
}

static bool cmd_printsgf(GoGtp *e, int argc, char **argv, GString *reply)
{
    if (argc >= 1) {
        GError *err = NULL;
        if (go_sgf_save(&e->game, &e->info, argv[0], &err)) return true;
        lab_error("printsgf: %s", err->message);
        g_error_free(err);
        return fail(reply, "cannot write file");
    }
    char *text = go_sgf_format(&e->game, &e->info);
    g_string_assign(reply, text);
    g_free(text);
    return true;
}

// ---------------------------------------------------------------------------------------
// The table and the loop

static const GtpCommand commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"known_command", cmd_known_command},
    {"list_commands", cmd_list_commands},
    {"quit", cmd_quit},
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"get_komi", cmd_get_komi},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"reg_genmove", cmd_reg_genmove},
    {"kgs-genmove_cleanup", cmd_genmove_cleanup},
    {"undo", cmd_undo},
    {"all_legal", cmd_all_legal},
    {"is_legal", cmd_is_legal},
    {"showboard", cmd_showboard},
    {"final_score", cmd_final_score},
    {"final_status_list", cmd_final_status_list},
    {"time_settings", go_gtp_cmd_time_settings},
    {"time_left", go_gtp_cmd_time_left},
    {"kgs-time_settings", go_gtp_cmd_kgs_time_settings},
    {"fixed_handicap", cmd_fixed_handicap},
    {"place_free_handicap", cmd_place_free_handicap},
    {"set_free_handicap", cmd_set_free_handicap},
    {"loadsgf", cmd_loadsgf},
    {"printsgf", cmd_printsgf},
    {"sumito-set", cmd_set},
    {"sumito-params", cmd_params},
    {"kgs-rules", go_gtp_cmd_kgs_rules},
    {"kata-get-rules", go_gtp_cmd_kata_get_rules},
    {"kata-set-rules", go_gtp_cmd_kata_set_rules},
    {"cputime", go_gtp_cmd_cputime},
    {"lz-analyze", go_gtp_cmd_lz_analyze},
    {"analyze", go_gtp_cmd_lz_analyze},
    {"kata-analyze", go_gtp_cmd_kata_analyze},
    {"lz-genmove_analyze", go_gtp_cmd_lz_genmove_analyze},
    {"kata-genmove_analyze", go_gtp_cmd_kata_genmove_analyze},
    {"gogui-analyze_commands", go_gtp_cmd_analyze_commands},
    {"sumito-ownership", go_gtp_cmd_ownership},
    {"sumito-pv", go_gtp_cmd_pv},
};

static bool command_available(const GoGtp *e, GtpHandler run)
{
    if (run == cmd_genmove || run == cmd_genmove_cleanup || run == cmd_reg_genmove)
        return e->genmove != NULL;
    if (run == cmd_set || run == cmd_params) return e->params != NULL;
    if (run == go_gtp_cmd_lz_genmove_analyze || run == go_gtp_cmd_kata_genmove_analyze)
        return e->genmove != NULL && e->engine != NULL;
    if (run == go_gtp_cmd_lz_analyze || run == go_gtp_cmd_kata_analyze ||
        run == go_gtp_cmd_analyze_commands || run == go_gtp_cmd_ownership || run == go_gtp_cmd_pv)
        return e->engine != NULL;
    return true;
}

static const GtpCommand *find_command(const GoGtp *e, const char *name)
{
    for (int i = 0; i < (int)G_N_ELEMENTS(commands); i++)
        if (strcmp(commands[i].name, name) == 0)
            return command_available(e, commands[i].run) ? &commands[i] : NULL;
    return NULL;
}

static bool cmd_list_commands(GoGtp *e, int argc, char **argv, GString *reply)
{
    g_string_truncate(reply, 0);
    for (int i = 0; i < (int)G_N_ELEMENTS(commands); i++)
        if (find_command(e, commands[i].name))
            g_string_append_printf(reply, "%s%s", reply->len ? "\n" : "", commands[i].name);
    return true;
}

void go_gtp_init(GoGtp *e, const GoRules *rules)
{
    memset(e, 0, sizeof *e);
    go_game_init(&e->game, 19, rules);
    go_sgf_info_init(&e->info);
    e->line_max = LINE_READ_MAX;
}

void go_gtp_reset(GoGtp *e, const GoRules *rules)
{
    e->game.rules = *rules;
    go_game_set_size(&e->game, 19);
    e->game.history.bans = 0; // the count a new history starts from
    go_sgf_info_free(&e->info);
    go_sgf_info_init(&e->info);
    memset(&e->clock, 0, sizeof e->clock);
    e->line_max = LINE_READ_MAX;
    e->analysing = e->bare_id = false;
    e->quit = false;
}

void go_gtp_free(GoGtp *e)
{
    go_game_free(&e->game);
    go_sgf_info_free(&e->info);
}

void go_gtp_set_genmove(GoGtp *e, GoGenmoveFn fn, void *data)
{
    e->genmove = fn;
    e->genmove_data = data;
}

void go_gtp_set_status(GoGtp *e, GoStatusFn fn, void *data)
{
    e->status = fn;
    e->status_data = data;
}

void go_gtp_set_engine(GoGtp *e, GoEngine *engine)
{
    e->engine = engine;
}

void go_gtp_set_params(GoGtp *e, GoParamFn fn, void *data)
{
    e->params = fn;
    e->params_data = data;
}

// The specification's preprocessing: control characters other than HT and LF removed,
// everything from '#' cut, HT turned into a space. Returns the words (caller frees).
static char **split_line(const char *line)
{
    GString *clean = g_string_new(NULL);
    for (const char *s = line; *s && *s != '#'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\t' || c == '\n') c = ' ';
        if (c < 32 || c == 127) continue;
        g_string_append_c(clean, (char)c);
    }
    char **words = text_split_words(clean->str);
    g_string_free(clean, TRUE);
    return words;
}

// Every response is written here, so that no text in it can end it early or act on a terminal:
// control characters escaped (core/text.h; a CR before a newline dropped), newlines at the end
// dropped, and a blank line inside (from a loaded record's comment, say) written as a line
// holding one space, since a blank line ends a GTP response. The reply is edited in place and
// escaped line by line straight into out: no copy of it per response, one pass over it.
static void append_response(GString *out, bool ok, const char *id, GString *reply)
{
    g_string_truncate(reply, strlen(reply->str));
    size_t n = 0;
    for (size_t i = 0; i < reply->len; i++)
        if (!(reply->str[i] == '\r' && reply->str[i + 1] == '\n')) reply->str[n++] = reply->str[i];
    while (n && reply->str[n - 1] == '\n') n--;
    g_string_truncate(reply, n);
    g_string_append_printf(out, "%c%s ", ok ? '=' : '?', id);
    char *s = reply->str, *nl;
    while ((nl = strchr(s, '\n'))) {
        *nl = '\0'; // the line alone: the escapes never look past a newline
        text_append_escaped(out, s);
        *nl = '\n';
        g_string_append_c(out, '\n');
        s = nl + 1;
        if (*s == '\n') g_string_append_c(out, ' ');
    }
    text_append_escaped(out, s);
    g_string_append(out, "\n\n");
}

void go_gtp_handle_line(GoGtp *e, const char *line, GString *out)
{
    if (e->analysing) g_string_append_c(out, '\n'); // the open analysis response ends
    e->analysing = false;
    char **words = split_line(line);
    int argc = (int)g_strv_length(words), first = 0;
    const char *id = "";
    if (argc > 0 && strspn(words[0], "0123456789") == strlen(words[0])) id = words[first++];
    if (argc == 0) {
        g_strfreev(words);
        return;
    }
    GString *reply = g_string_new(NULL);
    bool ok;
    if (first == argc) {
        ok = fail(reply, "syntax error");
    } else {
        const GtpCommand *cmd = find_command(e, words[first]);
        ok = cmd ? cmd->run(e, argc - first - 1, words + first + 1, reply)
                 : fail(reply, "unknown command");
    }
    size_t start = out->len;
    if (ok && e->analysing)
        g_string_append_printf(out, "=%s\n", id);
    else
        append_response(out, ok, id, reply);
    if (e->bare_id) g_string_erase(out, (gssize)(start + 1 + strlen(id)), 1); // "=id \n" -> "=id\n"
    e->bare_id = false;
    g_string_free(reply, TRUE);
    g_strfreev(words);
}

// A line longer than e->line_max (LINE_READ_MAX unless a fuzzing harness lowers it) is answered
// with an error and dropped, read to its end but never held; its id cannot be trusted, so the
// answer has none. A NUL byte ends the command where it stands, as in a C string.
void go_gtp_run(GoGtp *e, FILE *in, FILE *out)
{
    GString *line = g_string_new(NULL);
    GString *response = g_string_new(NULL);
    GoAnalysis *analysis = NULL;
    LineRead r;
    while (!e->quit && (r = line_read(in, line, e->line_max)) != LINE_READ_END) {
        go_analysis_stop(analysis);
        analysis = NULL;
        g_string_truncate(response, 0);
        if (r == LINE_READ_TOO_LONG) {
            g_string_printf(response, "%s? line too long (more than %zu bytes)\n\n",
                            e->analysing ? "\n" : "", e->line_max); // an open analysis ends
            e->analysing = false;
        } else {
            go_gtp_handle_line(e, line->str, response);
        }
        if (response->len) {
            fwrite(response->str, 1, response->len, out);
            fflush(out);
        }
        if (e->analysing) analysis = go_analysis_start(e->engine, &e->game, &e->analysis, out);
    }
    go_analysis_stop(analysis);
    if (e->analysing) fputs("\n", out);
    e->analysing = false;
    fflush(out);
    g_string_free(response, TRUE);
    g_string_free(line, TRUE);
}
