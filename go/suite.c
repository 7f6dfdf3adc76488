// SPDX-License-Identifier: MIT
// Go position suites: position texts, parsing, the built-in compare suite, the built-in match
// openings (go/data/match_openings_9.txt and _19.txt, made by `sumito go make-openings`;
// docs/experiments.md gives the commands), and the self-play openings, which are never one of
// the match openings.
#include "go/suite.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "core/embed.h"
#include "core/text.h"
#include "go/movegen.h"
#include "go/notation.h"

EMBED_TEXT(go_suite_builtin_text, go_compare_suite, "go/data/compare_suite.txt");
EMBED_TEXT(go_reference_builtin, go_compare_reference, "go/data/compare_reference.txt");
static char *go_match_openings_9(void), *go_match_openings_19(void);
EMBED_TEXT(go_match_openings_9, go_match_openings_9_text, "go/data/match_openings_9.txt");
EMBED_TEXT(go_match_openings_19, go_match_openings_19_text, "go/data/match_openings_19.txt");

char *go_match_openings_text(int size)
{
    return size == 9 ? go_match_openings_9() : size == 19 ? go_match_openings_19() : NULL;
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

bool go_position_set_add(GHashTable *set, const char *text, GError **err)
{
    GoRules rules;
    go_rules_default(&rules);
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *line = text_line_content(lines[i]);
        if (!*line) continue;
        GoGame g;
        GError *e = NULL;
        if ((ok = go_position_parse(&g, line, &rules, &e))) {
            g_hash_table_add(set, go_position_key(&g.board));
            go_game_free(&g);
        } else {
            g_set_error(err, e->domain, e->code, "line %d: %s", i + 1, e->message);
            g_error_free(e);
        }
    }
    g_strfreev(lines);
    return ok;
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

static GHashTable *match_set;

static void match_set_load(void)
{
    go_init();
    match_set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int size = GO_MIN_SIZE; size <= GO_MAX_SIZE; size++) {
        char *text = go_match_openings_text(size);
        if (!text) continue;
        bool ok = go_position_set_add(match_set, text, NULL);
        g_assert(ok); // the built-in files are checked by tests/test_match_openings.c
        g_free(text);
    }
}

GHashTable *go_match_openings_set(void)
{
    // pthread_once rather than g_once: ThreadSanitizer sees it.
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, match_set_load);
    return match_set;
}

// Starts g on an empty board and plays 2 to 4 random moves drawn from rng, uniformly among the
// legal points off the first line.
static void random_moves(GoGame *g, int size, const GoRules *rules, GRand *rng)
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

void go_opening_avoiding(uint64_t seed, int index, int size, const GoRules *rules,
                         GHashTable *avoid, GoGame *g)
{
    guint32 base = (guint32)(seed * 1000003u + (uint64_t)index * 7919u);
    for (guint32 attempt = 0;; attempt++) {
        // Attempt 0 is the opening as it always was; a redraw seeds with the attempt too.
        GRand *rng = attempt == 0 ? g_rand_new_with_seed(base)
                                  : g_rand_new_with_seed_array((guint32[]){base, attempt}, 2);
        random_moves(g, size, rules, rng);
        g_rand_free(rng);
        if (!avoid) return;
        char *key = go_position_key(&g->board);
        bool clash = g_hash_table_contains(avoid, key);
        g_free(key);
        if (!clash) return;
        go_game_free(g);
    }
}

void go_opening(uint64_t seed, int index, int size, const GoRules *rules, GoGame *g)
{
    go_opening_avoiding(seed, index, size, rules, go_match_openings_set(), g);
}
