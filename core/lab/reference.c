// SPDX-License-Identifier: MIT
// Reference results for the compare commands: reading, writing and looking them up.
#include "core/lab/reference.h"
#include "base/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "core/text.h"

static GQuark reference_error_quark(void)
{
    return g_quark_from_static_string("sumito-reference-error");
}
#define REFERENCE_ERROR (reference_error_quark())

void reference_init(Reference *r)
{
    r->entries = g_ptr_array_new_with_free_func((GDestroyNotify)reference_entry_free);
    r->index = g_hash_table_new(g_str_hash, g_str_equal);
    r->evaluator[0] = '\0';
    r->deep_nodes = 0;
    r->search[0] = '\0';
}

void reference_free(Reference *r)
{
    if (r->index) g_hash_table_destroy(r->index);
    if (r->entries) g_ptr_array_free(r->entries, TRUE);
    r->entries = NULL;
    r->index = NULL;
}

RefEntry *reference_entry_new(const char *position, int depth)
{
    RefEntry *e = g_new0(RefEntry, 1);
    e->position = g_strdup(position);
    e->depth = depth;
    return e;
}

void reference_entry_add_move(RefEntry *e, const char *move, Score score)
{
    e->moves = g_renew(char *, e->moves, e->nmoves + 1);
    e->scores = g_renew(Score, e->scores, e->nmoves + 1);
    e->moves[e->nmoves] = g_strdup(move);
    e->scores[e->nmoves++] = score;
    e->best = e->nmoves == 1 || score > e->best ? score : e->best;
}

void reference_entry_sort(RefEntry *e)
{
    for (int i = 1; i < e->nmoves; i++)
        for (int j = i; j > 0 && e->scores[j] > e->scores[j - 1]; j--) {
            Score s = e->scores[j];
            char *m = e->moves[j];
            e->scores[j] = e->scores[j - 1], e->moves[j] = e->moves[j - 1];
            e->scores[j - 1] = s, e->moves[j - 1] = m;
        }
}

void reference_entry_free(RefEntry *e)
{
    for (int i = 0; i < e->nmoves; i++) g_free(e->moves[i]);
    g_free(e->moves);
    g_free(e->scores);
    g_free(e->position);
    g_free(e);
}

void reference_add(Reference *r, RefEntry *e)
{
    RefEntry *old = g_hash_table_lookup(r->index, e->position);
    if (old) {
        g_hash_table_remove(r->index, old->position);
        g_ptr_array_remove(r->entries, old);
    }
    g_ptr_array_add(r->entries, e);
    g_hash_table_insert(r->index, e->position, e);
    if (e->nodes) r->deep_nodes = e->nodes;
}

const RefEntry *reference_find(const Reference *r, const char *position)
{
    return g_hash_table_lookup(r->index, position);
}

bool reference_score(const RefEntry *e, const char *move, Score *score)
{
    for (int i = 0; i < e->nmoves; i++)
        if (strcmp(e->moves[i], move) == 0) return (*score = e->scores[i]), true;
    return false;
}

bool reference_judge(const RefEntry *e, const char *move, bool *agree, bool *lost_known,
                     Score *lost)
{
    Score s;
    bool listed = reference_score(e, move, &s);
    *agree = listed && s == e->best;
    // A deep entry scores its one move: no value is lost on it, nothing is known of the others.
    *lost_known = listed && !e->nodes;
    *lost = listed ? e->best - s : 0;
    return listed || e->nodes > 0;
}

int reference_depth(const Reference *r)
{
    int d = 1 << 30;
    for (guint i = 0; i < r->entries->len; i++)
        d = MIN(d, ((const RefEntry *)g_ptr_array_index(r->entries, i))->depth);
    return r->entries->len ? d : 0;
}

// "PREFIX N" with N from 1 to 10^15 into *n.
static bool parse_prefixed_count(const char *text, const char *prefix, guint64 *n)
{
    if (!g_str_has_prefix(text, prefix)) return false;
    return g_ascii_string_to_unsigned(text + strlen(prefix), 10, 1, 1000000000000000ull, n, NULL);
}

uint64_t reference_depths(const Reference *r, int *min, double *mean, int *max)
{
    uint64_t deep = 0;
    double sum = 0;
    *min = *max = 0;
    for (guint i = 0; i < r->entries->len; i++) {
        const RefEntry *e = g_ptr_array_index(r->entries, i);
        *min = i ? MIN(*min, e->depth) : e->depth;
        *max = MAX(*max, e->depth);
        sum += e->depth;
        deep += e->nodes > 0;
    }
    *mean = r->entries->len ? sum / r->entries->len : 0;
    return deep;
}

static bool fail(GError **err, const char *source, int line, const char *what)
{
    g_set_error(err, REFERENCE_ERROR, 0, "%s:%d: %s", source, line, what);
    return false;
}

// "MOVE SCORE MOVE SCORE ..." into e; false with the problem in *what.
static bool parse_pairs(RefEntry *e, char *text, const char **what)
{
    char **w = text_split_words(text);
    int n = (int)g_strv_length(w);
    bool ok = n > 0 && n % 2 == 0;
    *what = n == 0 ? "no moves" : "expected MOVE SCORE pairs";
    for (int i = 0; ok && i < n; i += 2) {
        char *end = NULL;
        long s = strtol(w[i + 1], &end, 10);
        ok = *end == '\0' && end != w[i + 1] && s > -100000 && s < 100000;
        if (ok) reference_entry_add_move(e, w[i], (Score)s);
    }
    g_strfreev(w);
    return ok;
}

// One line into a new entry; NULL with *what (or err, for the game's check) on bad input.
static RefEntry *parse_entry(char *text, ReferenceCheckFn check, void *game, const char **what,
                             GError **err)
{
    char **f = g_strsplit(text, ";", -1);
    int depth = 0, nf = (int)g_strv_length(f);
    guint64 nodes = 0;
    RefEntry *e = NULL;
    *what = NULL;
    if (nf != 3 && nf != 4)
        *what = "expected 'POSITION ; depth D ; [nodes N ;] MOVE SCORE ...'";
    else if (sscanf(g_strstrip(f[1]), "depth %d", &depth) != 1 || depth < 1 || depth > MAX_PLY)
        *what = "expected 'depth D' (D from 1 to " G_STRINGIFY(MAX_PLY) ")";
    else if (nf == 4 && !parse_prefixed_count(g_strstrip(f[2]), "nodes ", &nodes))
        *what = "expected 'nodes N' (N from 1 to 10^15)";
    if (!*what) {
        e = reference_entry_new(g_strstrip(f[0]), depth);
        e->nodes = nodes;
        if (parse_pairs(e, g_strstrip(f[nf - 1]), what)) *what = NULL;
        if (!*what && nodes && e->nmoves != 1) *what = "a deep entry ('nodes N') lists one move";
    }
    if (!*what && !check(game, &e->position, e->moves, e->nmoves, err)) *what = "";
    g_strfreev(f);
    if (*what && e) reference_entry_free(e), e = NULL;
    return e;
}

static bool parse_line(Reference *r, char *text, const char *source, int line,
                       ReferenceCheckFn check, void *game, GError **err)
{
    const char *what;
    GError *ce = NULL;
    RefEntry *e = parse_entry(text, check, game, &what, &ce);
    if (e) {
        reference_add(r, e);
        return true;
    }
    fail(err, source, line, ce ? ce->message : what);
    g_clear_error(&ce);
    return false;
}

bool reference_parse(Reference *r, const char *text, const char *source, ReferenceCheckFn check,
                     void *game, GError **err)
{
    reference_init(r);
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *l = g_strstrip(lines[i]);
        if (g_str_has_prefix(l, "# evaluator "))
            g_strlcpy(r->evaluator, g_strstrip(l + 12), sizeof r->evaluator);
        else if (g_str_has_prefix(l, "# search "))
            g_strlcpy(r->search, g_strstrip(l + 9), sizeof r->search);
        else if (*l && *l != '#')
            ok = parse_line(r, l, source, i + 1, check, game, err);
    }
    g_strfreev(lines);
    return ok;
}

bool reference_load(Reference *r, const char *path, ReferenceCheckFn check, void *game,
                    GError **err)
{
    char *text = NULL;
    if (!file_read_all(path, FILE_READ_MAX, &text, NULL, err)) {
        reference_init(r);
        return false;
    }
    bool ok = reference_parse(r, text, path, check, game, err);
    g_free(text);
    return ok;
}

char *reference_format(const RefEntry *e)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%s ; depth %d ;", e->position, e->depth);
    if (e->nodes) g_string_append_printf(s, " nodes %" G_GUINT64_FORMAT " ;", e->nodes);
    for (int i = 0; i < e->nmoves; i++)
        g_string_append_printf(s, " %s %d", e->moves[i], e->scores[i]);
    return g_string_free(s, FALSE);
}
