// SPDX-License-Identifier: MIT
// Go position suites: position texts, parsing, the built-in compare suite, the built-in match
// openings (go/data/match_openings_9.txt, _13.txt and _19.txt, made by `sumito go make-openings`;
// docs/results/match-openings.md gives the commands), and the draw of a self-play opening
// (core/lab/opening.h draws again while it is a match opening).
#include "go/suite.h"

#include <stdio.h>
#include <string.h>

#include "core/embed.h"
#include "go/movegen.h"
#include "go/notation.h"

EMBED_TEXT(go_suite_builtin_text, go_compare_suite, "go/data/compare_suite.txt");
EMBED_TEXT(go_reference_builtin, go_compare_reference, "go/data/compare_reference.txt");
static char *go_match_openings_9(void), *go_match_openings_13(void), *go_match_openings_19(void);
EMBED_TEXT(go_match_openings_9, go_match_openings_9_text, "go/data/match_openings_9.txt");
EMBED_TEXT(go_match_openings_13, go_match_openings_13_text, "go/data/match_openings_13.txt");
EMBED_TEXT(go_match_openings_19, go_match_openings_19_text, "go/data/match_openings_19.txt");

char *go_match_openings_text(int size)
{
    return size == 9    ? go_match_openings_9()
           : size == 13 ? go_match_openings_13()
           : size == 19 ? go_match_openings_19()
                        : NULL;
}

// "NxN" with N in 2..19; 0 otherwise.
static int parse_size(const char *word)
{
    int w = 0, h = 0;
    char tail = 0;
    if (sscanf(word, "%dx%d%c", &w, &h, &tail) != 2 || w != h) return 0;
    return w >= GO_MIN_SIZE && w <= GO_MAX_SIZE ? w : 0;
}

// Plays the move words from the side to move on; false with a message naming the move.
static bool play_words(GoGame *g, char **w, GError **err)
{
    for (int i = 0, n = 0; w[i]; i++) {
        if (!*w[i]) continue;
        n++;
        GError *e = NULL;
        Move m = go_vertex_parse(&g->board, w[i], &e);
        if (m == MOVE_NONE) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "move %d: %s", n, e->message);
            g_error_free(e);
            return false;
        }
        if (!go_game_play(g, g->board.side, m)) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "move %d, %s: illegal (%s)", n, w[i],
                        go_game_illegal_reason(g, g->board.side, m));
            return false;
        }
    }
    return true;
}

int go_game_play_moves(GoGame *g, const char *list, const char *what, Move *out, int max,
                       GError **err)
{
    char **words = g_strsplit_set(list ? list : "", " \t\n,", -1);
    int n = 0;
    for (char **w = words; n >= 0 && *w; w++) {
        if (!**w) continue;
        GError *e = NULL;
        Move m = go_vertex_parse(&g->board, *w, &e);
        const char *side = g->board.side == GO_BLACK ? "Black" : "White";
        if (n == max) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%smoves: at most %d", what, max);
            n = -1;
        } else if (m == MOVE_NONE) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%smove %d: %s", what, n + 1, e->message);
            g_error_free(e);
            n = -1;
        } else if (!go_game_is_legal(g, g->board.side, m)) {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%smove %d: %s %s is illegal (%s)", what,
                        n + 1, side, *w, go_game_illegal_reason(g, g->board.side, m));
            n = -1;
        } else {
            go_game_play(g, g->board.side, m);
            if (out) out[n] = m;
            n++;
        }
    }
    g_strfreev(words);
    return n;
}

bool go_position_parse(GoGame *g, const char *text, const GoRules *rules, GError **err)
{
    char *copy = g_strstrip(g_strdup(text));
    char **w = g_strsplit_set(copy, " \t", -1);
    int size = w[0] ? parse_size(w[0]) : 0;
    bool ok = size != 0;
    if (!ok) {
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX,
                    "'%s': expected the board size first (2x2 to 19x19), then the moves",
                    w[0] ? w[0] : "");
    } else {
        go_game_init(g, size, rules);
        ok = play_words(g, w + 1, err);
        if (!ok) go_game_free(g);
    }
    g_strfreev(w);
    g_free(copy);
    return ok;
}

char *go_position_format(const GoGame *g)
{
    GString *s = g_string_new(NULL);
    g_string_printf(s, "%dx%d", g->board.size, g->board.size);
    for (int i = 0; i < go_game_length(g); i++) {
        char v[GO_VERTEX_TEXT];
        g_string_append_printf(s, " %s", go_vertex_format(&g->board, go_game_move(g, i)->move, v));
    }
    return g_string_free(s, FALSE);
}

char *go_position_key(const GoBoard *b)
{
    GString *k = g_string_new(NULL);
    g_string_printf(k, "%dx%d ", b->size, b->size);
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int c = b->color[go_point(b, x, y)];
            g_string_append_c(k, c == GO_BLACK ? 'X' : c == GO_WHITE ? 'O' : '.');
        }
    g_string_append_printf(k, " %s ko %d", b->side == GO_BLACK ? "b" : "w", b->ko);
    return g_string_free(k, FALSE);
}

bool go_board_central(const GoBoard *b, int lines)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int line = MIN(MIN(x, y), MIN(b->size - 1 - x, b->size - 1 - y)) + 1;
            if (line <= lines && b->color[go_point(b, x, y)] != GO_EMPTY) return false;
        }
    return true;
}

void go_opening_draw(int size, const GoRules *rules, GRand *rng, GoGame *g)
{
    go_game_init(g, size, rules);
    int plies = g_rand_int_range(rng, 2, 5);
    for (int i = 0; i < plies; i++) {
        const GoBoard *b = &g->board;
        Move moves[GO_MAX_MOVES];
        int n = 0;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                Move m = (Move)go_point(b, x, y);
                bool inner = size <= 3 || (x > 0 && y > 0 && x < size - 1 && y < size - 1);
                if (inner && go_board_is_legal(b, m)) moves[n++] = m;
            }
        if (n == 0) break;
        go_game_play(g, b->side, moves[g_rand_int_range(rng, 0, n)]);
    }
}
