// SPDX-License-Identifier: MIT
// Go position suites: position texts, parsing, and the built-in compare suite.
#include "go/suite.h"

#include <stdio.h>
#include <string.h>

#include "core/embed.h"
#include "go/notation.h"

EMBED_FILE(go_compare_suite, "go/data/compare_suite.txt");

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

static void free_game(gpointer p)
{
    go_game_free(p);
    g_free(p);
}

bool go_suite_parse(GoSuite *s, const char *text, const char *source, const GoRules *rules,
                    GError **err)
{
    s->games = g_ptr_array_new_with_free_func(free_game);
    s->texts = g_ptr_array_new_with_free_func(g_free);
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *hash = strchr(lines[i], '#');
        if (hash) *hash = '\0';
        char *line = g_strstrip(lines[i]);
        if (!*line) continue;
        GoGame *g = g_new(GoGame, 1);
        GError *e = NULL;
        ok = go_position_parse(g, line, rules, &e);
        if (ok) {
            g_ptr_array_add(s->games, g);
            g_ptr_array_add(s->texts, go_position_format(g));
        } else {
            g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%s:%d: %s", source, i + 1, e->message);
            g_error_free(e);
            g_free(g);
        }
    }
    g_strfreev(lines);
    if (ok && s->games->len == 0) {
        g_set_error(err, GO_ERROR, GO_ERROR_SYNTAX, "%s: no positions", source);
        ok = false;
    }
    return ok;
}

bool go_suite_load(GoSuite *s, const char *path, const GoRules *rules, GError **err)
{
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, err)) {
        s->games = g_ptr_array_new_with_free_func(free_game);
        s->texts = g_ptr_array_new_with_free_func(g_free);
        return false;
    }
    bool ok = go_suite_parse(s, text, path, rules, err);
    g_free(text);
    return ok;
}

char *go_suite_builtin_text(void)
{
    return g_strndup((const char *)go_compare_suite,
                     (size_t)(go_compare_suite_end - go_compare_suite));
}

void go_suite_builtin(GoSuite *s, const GoRules *rules)
{
    size_t n = (size_t)(go_compare_suite_end - go_compare_suite);
    char *text = g_strndup((const char *)go_compare_suite, n);
    GError *err = NULL;
    if (!go_suite_parse(s, text, "built-in compare suite", rules, &err))
        g_error("%s", err->message); // the build embeds a checked file; see tests
    g_free(text);
}

void go_suite_free(GoSuite *s)
{
    if (s->games) g_ptr_array_free(s->games, TRUE);
    if (s->texts) g_ptr_array_free(s->texts, TRUE);
    s->games = s->texts = NULL;
}
