// SPDX-License-Identifier: MIT
// Go problems with expected answers: the line format, the answer test, and the built-in 9x9
// suite (go/data/tactics_9.txt; docs/go.md says how its answers were checked).
#include "go/tactics.h"

#include <stdio.h>
#include <string.h>

#include "core/embed.h"
#include "core/text.h"
#include "go/notation.h"

EMBED_TEXT(go_tactics_builtin_text, go_tactics_9, "go/data/tactics_9.txt");

static bool fail(GError **err, const char *fmt, const char *what)
{
    g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, fmt, what);
    return false;
}

// "B:C3,D4" or "W:-": the stones of a colour, set up on the start position.
static bool parse_stones(GoTactic *t, const char *word, int colour, GError **err)
{
    const char *want = colour == GO_BLACK ? "B:" : "W:";
    if (strncmp(word, want, 2) != 0)
        return fail(err, "'%s': expected B:VERTICES then W:VERTICES", word);
    if (strcmp(word + 2, "-") == 0) return true;
    char **v = g_strsplit(word + 2, ",", -1);
    bool ok = v[0] != NULL;
    for (int i = 0; ok && v[i]; i++) {
        GError *e = NULL;
        Move m = go_vertex_parse(&t->game.board, v[i], &e);
        if (m == MOVE_NONE || m == GO_PASS) {
            ok = fail(err, "'%s': not a point of the board", v[i]);
            g_clear_error(&e);
        } else if (t->game.start.color[m] != GO_EMPTY) {
            ok = fail(err, "'%s': a point set up twice", v[i]);
        } else {
            ok = go_game_setup(&t->game, (int)m, colour, err);
        }
    }
    g_strfreev(v);
    return ok;
}

// "=C3|D4|pass" or "!line1|line2".
static bool parse_answer(GoTactic *t, const char *word, GError **err)
{
    if (word[0] != '=' && word[0] != '!')
        return fail(err, "'%s': the answer starts with = (accepted moves) or ! (refused)", word);
    t->accept = word[0] == '=';
    char *list = g_strdup(word + 1);
    size_t len = strlen(list);
    if (len && list[len - 1] == '*') t->known_failure = true, list[len - 1] = 0;
    char **items = g_strsplit(list, "|", -1);
    g_free(list);
    bool ok = items[0] != NULL && *items[0];
    if (!ok) fail(err, "'%s': the answer lists no move", word);
    for (int i = 0; ok && items[i]; i++) {
        int line = 0;
        char tail = 0;
        if (sscanf(items[i], "line%d%c", &line, &tail) == 1) {
            ok = line >= 1 && line <= (t->game.board.size + 1) / 2;
            if (ok)
                t->lines |= 1u << (line - 1);
            else
                fail(err, "'%s': no such line on this board", items[i]);
            continue;
        }
        GError *e = NULL;
        Move m = go_vertex_parse(&t->game.board, items[i], &e);
        if (m == MOVE_NONE) {
            ok = fail(err, "'%s': not a move", items[i]);
            g_clear_error(&e);
        } else if (t->n_moves == G_N_ELEMENTS(t->moves)) {
            ok = fail(err, "'%s': more than 16 moves listed", items[i]);
        } else {
            t->moves[t->n_moves++] = m;
        }
    }
    g_strfreev(items);
    return ok;
}

// "NxN" with N in 2..19; 0 otherwise.
static int parse_size(const char *word)
{
    int w = 0, h = 0;
    char tail = 0;
    if (sscanf(word, "%dx%d%c", &w, &h, &tail) != 2 || w != h) return 0;
    return w >= GO_MIN_SIZE && w <= GO_MAX_SIZE ? w : 0;
}

static int parse_side(const char *word)
{
    return strcmp(word, "b") == 0 ? GO_BLACK : strcmp(word, "w") == 0 ? GO_WHITE : 0;
}

bool go_tactic_parse(GoTactic *t, const char *line, GError **err)
{
    memset(t, 0, sizeof *t);
    char **w = text_split_words(line);
    int size = 0, side = 0;
    bool ok = false;
    if (g_strv_length(w) != 6) {
        fail(err, "'%s': expected NAME NxN b|w B:VERTICES W:VERTICES ANSWER", line);
    } else if (!(size = parse_size(w[1]))) {
        fail(err, "'%s': expected the board size (2x2 to 19x19)", w[1]);
    } else if (!(side = parse_side(w[2]))) {
        fail(err, "'%s': expected the side to move, b or w", w[2]);
    } else {
        GoRules rules;
        go_rules_default(&rules);
        go_game_init(&t->game, size, &rules);
        t->name = g_strdup(w[0]);
        ok = parse_stones(t, w[3], GO_BLACK, err) && parse_stones(t, w[4], GO_WHITE, err) &&
             parse_answer(t, w[5], err);
        if (ok)
            go_game_set_side(&t->game, side);
        else
            go_tactic_free(t);
    }
    g_strfreev(w);
    return ok;
}

void go_tactic_free(GoTactic *t)
{
    if (!t->name) return;
    g_free(t->name);
    go_game_free(&t->game);
    t->name = NULL;
}

bool go_tactic_accepts(const GoTactic *t, Move m)
{
    bool listed = false;
    for (int i = 0; i < t->n_moves; i++) listed |= t->moves[i] == m;
    if (m != GO_PASS && t->lines) {
        const GoBoard *b = &t->game.board;
        int x = go_point_x(b, (int)m), y = go_point_y(b, (int)m), n = b->size - 1;
        int line = MIN(MIN(x, y), MIN(n - x, n - y)) + 1;
        listed |= line <= 32 && (t->lines >> (line - 1) & 1u);
    }
    return listed == t->accept;
}

static void tactic_free(gpointer p)
{
    go_tactic_free(p);
    g_free(p);
}

GPtrArray *go_tactics_parse(const char *text, GError **err)
{
    GPtrArray *suite = g_ptr_array_new_with_free_func(tactic_free);
    char **lines = g_strsplit(text, "\n", -1);
    for (int i = 0; suite && lines[i]; i++) {
        char *line = text_line_content(lines[i]);
        if (!*line) continue;
        GoTactic *t = g_new0(GoTactic, 1);
        GError *e = NULL;
        if (go_tactic_parse(t, line, &e)) {
            g_ptr_array_add(suite, t);
            continue;
        }
        g_free(t);
        g_set_error(err, e->domain, e->code, "line %d: %s", i + 1, e->message);
        g_error_free(e);
        g_ptr_array_free(suite, TRUE);
        suite = NULL;
    }
    g_strfreev(lines);
    return suite;
}

Move go_tactic_solve(GoEngine *e, const GoTactic *t, const SearchLimits *limits, GoChoice *out)
{
    go_engine_new_game(e);
    SearchLimits l = *limits;
    l.start_us = g_get_monotonic_time();
    go_player_choose(e, &t->game, t->game.board.side, &l, GO_GENMOVE_NORMAL, out);
    return out->move;
}

void go_tactics_free(GPtrArray *suite)
{
    if (suite) g_ptr_array_free(suite, TRUE);
}

static void print_answer(const GoTactic *t, const GoChoice *c, bool ok)
{
    const GoBoard *b = &t->game.board;
    char v[GO_VERTEX_TEXT] = "resign";
    if (c->move != MOVE_NONE) go_vertex_format(b, c->move, v);
    printf("%-24s %-6s %-6s depth %2d score %6d nodes %8llu  pv", t->name, v,
           ok ? (t->known_failure ? "ok*" : "ok") : (t->known_failure ? "WRONG*" : "WRONG"),
           c->info.depth, c->info.score, (unsigned long long)c->info.nodes);
    for (int i = 0; i < c->info.pv_len && i < 8; i++) {
        char w[GO_VERTEX_TEXT];
        printf(" %s", go_vertex_format(b, c->info.pv[i], w));
    }
    printf("\n");
}

int go_tactics_run(GPtrArray *suite, GoEngine *e, const SearchLimits *limits)
{
    int right = 0;
    for (guint i = 0; i < suite->len; i++) {
        const GoTactic *t = g_ptr_array_index(suite, i);
        GoChoice c;
        Move m = go_tactic_solve(e, t, limits, &c);
        bool ok = m != MOVE_NONE && go_tactic_accepts(t, m);
        right += ok;
        print_answer(t, &c, ok);
    }
    printf("%d of %u right (* a known failure)\n", right, suite->len);
    return right;
}
