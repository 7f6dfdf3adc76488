// SPDX-License-Identifier: MIT
// Go game state, rules parameters, the end of the game, area scoring and fixed handicap.
#include "go/game.h"

#include <math.h>
#include <string.h>

#include "go/movegen.h"

G_DEFINE_QUARK(go - error - quark, go_error)

PARAMS_DEFINE(GoRules, GO_RULES_PARAMS, "go rules", go_rules_params, go_rules_default)

static const char *ko_names[] = {"simple", "positional", "situational"};
static const char *suicide_names[] = {"forbid", "multi", "all"};

const char *go_ko_rule_name(int ko)
{
    return ko >= 0 && ko < 3 ? ko_names[ko] : "?";
}

const char *go_suicide_rule_name(int suicide)
{
    return suicide >= 0 && suicide < 3 ? suicide_names[suicide] : "?";
}

bool go_rules_set(GoRules *r, const char *name, const char *value, GError **err)
{
    const char **names = strcmp(name, "ko") == 0        ? ko_names
                         : strcmp(name, "suicide") == 0 ? suicide_names
                                                        : NULL;
    char number[2] = {0, 0};
    for (int i = 0; names && i < 3; i++)
        if (g_ascii_strcasecmp(value, names[i]) == 0) {
            number[0] = (char)('0' + i);
            value = number;
        }
    ParamGroup g = go_rules_params(r);
    return params_set(&g, 1, name, value, err);
}

bool go_rules_set_assignment(GoRules *r, const char *assignment, GError **err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment) {
        g_set_error(err, PARAMS_ERROR, 0, "'%s' is not of the form name=value", assignment);
        return false;
    }
    char *name = g_strndup(assignment, (gsize)(eq - assignment));
    bool ok = go_rules_set(r, g_strstrip(name), eq + 1, err);
    g_free(name);
    return ok;
}

int go_rules_move_cap(const GoRules *r, int size)
{
    return r->move_cap < 0 ? 3 * size * size : r->move_cap;
}

// ---------------------------------------------------------------------------------------
// Game

static void attach(GoGame *g)
{
    g->board = g->start;
    go_board_set_rules(&g->board, g->rules.ko, g->rules.suicide);
    g->board.history = &g->history;
    go_history_start(&g->history, &g->board);
}

void go_game_init(GoGame *g, int size, const GoRules *rules)
{
    g->rules = *rules;
    go_history_init(&g->history);
    g->moves = g_array_new(FALSE, FALSE, sizeof(GoGameMove));
    g->undos = g_array_new(FALSE, FALSE, sizeof(GoUndo));
    go_game_set_size(g, size);
}

void go_game_free(GoGame *g)
{
    if (g->moves) g_array_free(g->moves, TRUE);
    if (g->undos) g_array_free(g->undos, TRUE);
    g->moves = g->undos = NULL;
    go_history_free(&g->history);
}

void go_game_set_size(GoGame *g, int size)
{
    g->start.size = size; // go_game_clear makes the empty board of that size
    go_game_clear(g);
}

void go_game_take(GoGame *dst, GoGame *src)
{
    *dst = *src;
    dst->board.history = &dst->history;
    src->moves = src->undos = NULL;
    go_history_init(&src->history);
}

void go_game_copy(GoGame *dst, const GoGame *src)
{
    *dst = *src;
    go_history_init(&dst->history);
    go_history_copy(&dst->history, &src->history);
    dst->moves = g_array_copy(src->moves);
    dst->undos = g_array_copy(src->undos);
    dst->board.history = &dst->history;
}

void go_game_clear(GoGame *g)
{
    go_board_init(&g->start, g->start.size);
    g_array_set_size(g->moves, 0);
    g_array_set_size(g->undos, 0);
    g->handicap = 0;
    attach(g);
}

// Switches the side to move to colour for a move out of turn; the ko point was the other
// side's restriction, so it goes.
static void take_turn(GoBoard *b, int colour)
{
    if (b->side == colour) return;
    b->side = colour;
    b->ko = 0;
}

bool go_game_is_legal(GoGame *g, int colour, Move m)
{
    GoBoard *b = &g->board;
    int side = b->side, ko = b->ko;
    take_turn(b, colour);
    bool ok = go_board_is_legal(b, m);
    b->side = side;
    b->ko = ko;
    return ok;
}

const char *go_game_illegal_reason(GoGame *g, int colour, Move m)
{
    GoBoard *b = &g->board;
    if (go_game_is_legal(g, colour, m)) return "legal";
    if (!go_board_on_board(b, m)) return "off the board";
    if (b->color[m] != GO_EMPTY) return "the point is occupied";
    int side = b->side, ko = b->ko;
    take_turn(b, colour);
    GoMoveEffect e;
    go_move_effect(b, (int)m, colour, &e);
    const char *why = "repeats an earlier position (superko)";
    if ((int)m == b->ko)
        why = "retakes a ko at once";
    else if (e.suicide && (b->suicide_rule == GO_SUICIDE_FORBID ||
                           (b->suicide_rule == GO_SUICIDE_MULTI && e.n_own == 0)))
        why = "suicide";
    b->side = side;
    b->ko = ko;
    return why;
}

bool go_game_play(GoGame *g, int colour, Move m)
{
    if (!go_game_is_legal(g, colour, m)) return false;
    GoBoard *b = &g->board;
    GoGameMove gm = {m, (int8_t)colour, (int8_t)b->side, (int16_t)b->ko};
    take_turn(b, colour);
    g_array_set_size(g->undos, g->undos->len + 1);
    go_board_play(b, m, &g_array_index(g->undos, GoUndo, g->undos->len - 1));
    g_array_append_val(g->moves, gm);
    return true;
}

bool go_game_undo(GoGame *g)
{
    if (g->moves->len == 0) return false;
    const GoGameMove *gm = &g_array_index(g->moves, GoGameMove, g->moves->len - 1);
    go_board_undo(&g->board, gm->move, &g_array_index(g->undos, GoUndo, g->undos->len - 1));
    g->board.side = gm->side_before;
    g->board.ko = gm->ko_before;
    g_array_set_size(g->moves, g->moves->len - 1);
    g_array_set_size(g->undos, g->undos->len - 1);
    return true;
}

// Whether the string through the stone at p has a liberty, read from the colours alone
// (stride: the board's row stride; points off the board are GO_OFF).
static bool string_breathes(const uint8_t *color, int stride, int p)
{
    const int d[4] = {-stride, -1, 1, stride};
    uint8_t seen[GO_MAX_CELLS] = {0};
    uint16_t stack[GO_MAX_POINTS];
    int top = 0, c = color[p];
    seen[p] = 1;
    stack[top++] = (uint16_t)p;
    while (top) {
        int s = stack[--top];
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (color[q] == GO_EMPTY) return true;
            if (color[q] != c || seen[q]) continue;
            seen[q] = 1;
            stack[top++] = (uint16_t)q;
        }
    }
    return false;
}

bool go_game_setup(GoGame *g, int p, int colour, GError **err)
{
    return go_game_setup_points(g, &p, 1, colour, NULL, err);
}

// Each point is checked as it is set (only the strings through it and its neighbours can lose
// their last liberty), on a copy of the colours; the board is rebuilt once at the end. A
// record's AB[aa:ss] on 19x19 used to rebuild the board 361 times.
bool go_game_setup_points(GoGame *g, const int *points, int n, int colour, int *failed,
                          GError **err)
{
    if (g->moves->len > 0) {
        g_set_error(err, GO_ERROR, 0, "setup stones after the first move are not supported");
        if (failed) *failed = 0;
        return false;
    }
    const GoBoard *b = &g->start;
    uint8_t color[GO_MAX_CELLS];
    memcpy(color, b->color, sizeof color);
    const int d[5] = {0, -b->stride, -1, 1, b->stride};
    int done = 0;
    for (; done < n; done++) {
        int p = points[done];
        color[p] = (uint8_t)colour;
        bool ok = true;
        for (int k = 0; k < 5 && ok; k++) {
            int q = p + d[k];
            if (color[q] == GO_BLACK || color[q] == GO_WHITE)
                ok = string_breathes(color, b->stride, q);
        }
        if (!ok) break;
    }
    go_board_set_stones(&g->start, points, done, colour);
    attach(g);
    if (done == n) return true;
    g_set_error(err, GO_ERROR, 0, "a setup stone leaves a string without liberties");
    if (failed) *failed = done;
    return false;
}

void go_game_set_side(GoGame *g, int colour)
{
    g->start.side = colour;
    if (g->moves->len == 0) attach(g);
}

int go_game_length(const GoGame *g)
{
    return (int)g->moves->len;
}

const GoGameMove *go_game_move(const GoGame *g, int i)
{
    return &g_array_index(g->moves, GoGameMove, i);
}

bool go_game_over(const GoGame *g)
{
    int cap = go_rules_move_cap(&g->rules, g->board.size);
    return go_board_game_over(&g->board) || (cap > 0 && go_game_length(g) >= cap);
}

// ---------------------------------------------------------------------------------------
// Scoring

void go_board_area(const GoBoard *b, int *black, int *white)
{
    uint8_t seen[GO_MAX_CELLS] = {0};
    uint16_t region[GO_MAX_POINTS];
    int area[4] = {0};
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) area[b->color[p]]++;
        if (b->color[p] != GO_EMPTY || seen[p]) continue;
        int reach, size = go_board_empty_region(b, p, seen, region, &reach);
        if (reach == GO_BLACK || reach == GO_WHITE) area[reach] += size;
    }
    *black = area[GO_BLACK];
    *white = area[GO_WHITE];
}

int go_board_owners_count(const GoBoard *b, uint32_t *counts)
{
    uint8_t seen[GO_MAX_CELLS] = {0};
    uint16_t region[GO_MAX_POINTS];
    int area[3] = {0, 0, 0};
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] == GO_BLACK || b->color[p] == GO_WHITE) {
            counts[2 * p + b->color[p] - 1]++;
            area[b->color[p]]++;
        }
        if (b->color[p] != GO_EMPTY || seen[p]) continue;
        int reach, size = go_board_empty_region(b, p, seen, region, &reach);
        if (reach != GO_BLACK && reach != GO_WHITE) continue;
        for (int i = 0; i < size; i++) counts[2 * region[i] + reach - 1]++;
        area[reach] += size;
    }
    return area[GO_BLACK] - area[GO_WHITE];
}

double go_board_score(const GoBoard *b, double komi)
{
    int black, white;
    go_board_area(b, &black, &white);
    return black - white - komi;
}

double go_game_score(const GoGame *g)
{
    return go_board_score(&g->board, g->rules.komi);
}

char *go_score_text(double score)
{
    if (score == 0) return g_strdup("0");
    return g_strdup_printf("%c+%g", score > 0 ? 'B' : 'W', fabs(score));
}

int go_fixed_handicap_points(int size, int stones, int *x, int *y)
{
    int max = size < 7 ? 0 : (size == 7 || size % 2 == 0) ? 4 : 9;
    if (stones < 2 || stones > max) return 0;
    int line = size < 13 ? 3 : 4, lo = line - 1, hi = size - line, mid = size / 2;
    // The order in which the points are added: corners, then sides, the centre when odd.
    const int px[8] = {hi, lo, lo, hi, lo, hi, mid, mid};
    const int py[8] = {hi, lo, hi, lo, mid, mid, hi, lo};
    int n = stones % 2 && stones > 4 ? stones - 1 : stones;
    for (int i = 0; i < n; i++) x[i] = px[i], y[i] = py[i];
    if (n < stones) x[n] = mid, y[n] = mid;
    return stones;
}

char *go_game_show_text(const GoGame *g)
{
    char *ascii = go_board_render_ascii(&g->board);
    char *score = go_score_text(go_game_score(g));
    int black, white;
    go_board_area(&g->board, &black, &white);
    char *text = g_strdup_printf("%sArea: Black %d, White %d, komi %g: %s%s\n", ascii, black, white,
                                 g->rules.komi, score, go_game_over(g) ? " (game over)" : "");
    g_free(score);
    g_free(ascii);
    return text;
}
