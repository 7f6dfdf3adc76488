// SPDX-License-Identifier: MIT
// Reference results for the compare command: computing, reading and writing them.
#include "abalone/reference.h"

#include <stdlib.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "core/embed.h"

EMBED_FILE(abalone_compare_reference, "abalone/data/compare_reference.txt");

void abalone_reference_init(AbaloneReference *r)
{
    r->entries = g_array_new(FALSE, FALSE, sizeof(AbaloneRefEntry));
    r->index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    r->evaluator[0] = '\0';
}

void abalone_reference_free(AbaloneReference *r)
{
    if (r->entries) g_array_free(r->entries, TRUE);
    if (r->index) g_hash_table_destroy(r->index);
    r->entries = NULL;
    r->index = NULL;
}

void abalone_reference_add(AbaloneReference *r, const AbaloneRefEntry *e)
{
    g_array_append_val(r->entries, *e);
    gint64 *key = g_new(gint64, 1);
    *key = (gint64)e->board.key;
    g_hash_table_insert(r->index, key, GINT_TO_POINTER(r->entries->len));
}

const AbaloneRefEntry *abalone_reference_find(const AbaloneReference *r, const AbaloneBoard *b)
{
    gint64 key = (gint64)b->key;
    int i = GPOINTER_TO_INT(g_hash_table_lookup(r->index, &key));
    if (!i) return NULL;
    const AbaloneRefEntry *e = &g_array_index(r->entries, AbaloneRefEntry, i - 1);
    return abalone_board_equal(&e->board, b) ? e : NULL;
}

bool abalone_reference_score(const AbaloneRefEntry *e, Move m, Score *score)
{
    for (int i = 0; i < e->nmoves; i++)
        if (e->moves[i] == m) return (*score = e->scores[i]), true;
    return false;
}

static bool fail(GError **err, const char *source, int line, const char *what)
{
    g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "%s:%d: %s", source, line, what);
    return false;
}

static bool parse_line(AbaloneReference *r, char *text, const char *source, int line, GError **err)
{
    char **f = g_strsplit(text, ";", -1);
    AbaloneRefEntry e = {0};
    GError *pe = NULL;
    bool ok = g_strv_length(f) == 3;
    if (!ok) fail(err, source, line, "expected 'POSITION ; depth D ; MOVE SCORE ...'");
    if (ok && !abalone_position_parse(&e.board, g_strstrip(f[0]), &pe)) {
        ok = fail(err, source, line, pe->message);
        g_error_free(pe);
    }
    if (ok && sscanf(g_strstrip(f[1]), "depth %d", &e.depth) != 1)
        ok = fail(err, source, line, "expected 'depth D'");
    char **m = ok ? g_strsplit_set(g_strstrip(f[2]), " ", -1) : NULL;
    for (int i = 0; ok && m[i]; i += 2) {
        if (!*m[i]) {
            i--;
            continue;
        }
        Move mv = abalone_move_parse(&e.board, m[i], ABALONE_NOTATION_ABAPRO, &pe);
        char *end = NULL;
        long s = m[i + 1] ? strtol(m[i + 1], &end, 10) : 0;
        if (!mv || !m[i + 1] || *end || e.nmoves >= ABALONE_MAX_MOVES) {
            ok = fail(err, source, line, pe ? pe->message : "expected MOVE SCORE pairs");
            g_clear_error(&pe);
            break;
        }
        e.moves[e.nmoves] = mv;
        e.scores[e.nmoves++] = (Score)s;
    }
    g_strfreev(m);
    g_strfreev(f);
    if (ok && e.nmoves == 0) ok = fail(err, source, line, "no moves");
    if (ok) {
        e.best = e.scores[0];
        for (int i = 1; i < e.nmoves; i++) e.best = MAX(e.best, e.scores[i]);
        abalone_reference_add(r, &e);
    }
    return ok;
}

bool abalone_reference_parse(AbaloneReference *r, const char *text, const char *source,
                             GError **err)
{
    abalone_reference_init(r);
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *l = g_strstrip(lines[i]);
        if (g_str_has_prefix(l, "# evaluator "))
            g_strlcpy(r->evaluator, g_strstrip(l + 12), sizeof r->evaluator);
        else if (*l && *l != '#')
            ok = parse_line(r, l, source, i + 1, err);
    }
    g_strfreev(lines);
    return ok;
}

bool abalone_reference_load(AbaloneReference *r, const char *path, GError **err)
{
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, err)) {
        abalone_reference_init(r);
        return false;
    }
    bool ok = abalone_reference_parse(r, text, path, err);
    g_free(text);
    return ok;
}

void abalone_reference_builtin(AbaloneReference *r)
{
    size_t n = (size_t)(abalone_compare_reference_end - abalone_compare_reference);
    char *text = g_strndup((const char *)abalone_compare_reference, n);
    GError *err = NULL;
    if (!abalone_reference_parse(r, text, "built-in compare reference", &err))
        g_error("%s", err->message); // the build embeds a checked file; see tests
    g_free(text);
}

void abalone_reference_compute(AbaloneEngine *e, const AbaloneBoard *b, int depth,
                               AbaloneRefEntry *out)
{
    memset(out, 0, sizeof *out);
    out->board = *b;
    out->depth = depth;
    bool rankcut = e->params.rankcut;
    e->params.rankcut = false;
    out->nmoves = abalone_gen_moves(b, out->moves);
    for (int i = 0; i < out->nmoves; i++) {
        AbaloneGame g;
        abalone_game_init(&g, b, &e->rules);
        abalone_game_play(&g, out->moves[i]);
        AbaloneEnd why;
        AbaloneOutcome o = abalone_game_outcome(&g, &why);
        if (o != ABALONE_ONGOING) {
            bool mover_wins = (o == ABALONE_BLACK_WINS) == (b->side == ABALONE_BLACK);
            out->scores[i] = o == ABALONE_DRAW ? SCORE_DRAW
                             : mover_wins      ? SCORE_MATE - 1
                                               : -SCORE_MATE + 1;
        } else {
            SearchLimits limits = {0};
            limits.depth = depth - 1;
            limits.start_us = g_get_monotonic_time();
            SearchInfo info;
            abalone_engine_search(e, &g, &limits, NULL, NULL, &info);
            Score s = -info.score;
            // The child's forced results count one ply more from the root.
            out->scores[i] = score_is_mate(s) ? (s > 0 ? s - 1 : s + 1) : s;
        }
        abalone_game_free(&g);
    }
    e->params.rankcut = rankcut;
    // Best first (stable: equal scores keep the generator's order).
    for (int i = 1; i < out->nmoves; i++)
        for (int j = i; j > 0 && out->scores[j] > out->scores[j - 1]; j--) {
            Score s = out->scores[j];
            Move m = out->moves[j];
            out->scores[j] = out->scores[j - 1], out->moves[j] = out->moves[j - 1];
            out->scores[j - 1] = s, out->moves[j - 1] = m;
        }
    out->best = out->nmoves ? out->scores[0] : 0;
}

char *abalone_reference_format(const AbaloneRefEntry *e)
{
    char pos[ABALONE_POSITION_TEXT];
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%s ; depth %d ;", abalone_position_format(&e->board, pos), e->depth);
    for (int i = 0; i < e->nmoves; i++) {
        char text[ABALONE_MOVE_TEXT];
        g_string_append_printf(
            s, " %s %d", abalone_move_format(&e->board, e->moves[i], ABALONE_NOTATION_ABAPRO, text),
            e->scores[i]);
    }
    return g_string_free(s, FALSE);
}
