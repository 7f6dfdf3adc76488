// SPDX-License-Identifier: MIT
// RankCut counts: collection flush, merge, the versioned file format and lookup tables.
//
// File layout (little-endian): "SUMITORC", u32 version (2), char game[16],
// char evaluator[64], u32 scheme, i32 edges[10], u64 games, u32 cells (RANKCUT_CELLS),
// u32 entries, then per seen cell u32 cell, u64 n, u64 better, and a u64 FNV-1a checksum of
// all before it. Version 1 had no scheme field and three edges (scheme 1).
#include "core/rankcut.h"
#include "base/file.h"

#include <math.h>
#include <string.h>

#include "base/bytes.h"
#include "core/score.h"

G_DEFINE_QUARK(rankcut - error - quark, rankcut_error)

#define RANKCUT_MAGIC   "SUMITORC"
#define RANKCUT_VERSION 2u

void rankcut_cell_decode(uint32_t cell, RankcutFeatures *f)
{
    memset(f, 0, sizeof *f);
    f->remaining_phase = cell % 2, cell /= 2;
    f->last_minus_best = (Score)(cell % RANKCUT_GAPS), cell /= RANKCUT_GAPS;
    f->best_minus_alpha = (Score)(cell % RANKCUT_GAPS), cell /= RANKCUT_GAPS;
    f->best_changes = f->alpha_raises = (int)(cell % RANKCUT_CHANGES);
    cell /= RANKCUT_CHANGES;
    int move = (int)(cell % RANKCUT_MOVES);
    cell /= RANKCUT_MOVES;
    f->move_number = move < 16 ? move + 1 : 17 + (move - 16) * 4;
    f->threat = cell % 2, cell /= 2;
    f->depth = (int)cell + 1;
    f->have_best = true;
}

static bool increasing(const int32_t *e, int n)
{
    if (e[0] < 0 || e[n - 1] > RANKCUT_EDGE_MAX) return false;
    for (int i = 1; i < n; i++)
        if (e[i] <= e[i - 1]) return false;
    return true;
}

bool rankcut_scheme_valid(const RankcutScheme *sc, const char **why)
{
    const int32_t *e = sc->edges;
    if (sc->scheme == RANKCUT_SCHEME_BEST) {
        for (int i = 3; i < RANKCUT_NEDGES; i++)
            if (e[i]) return *why = "scheme 1 has three edges, the others must be 0", false;
        if (!increasing(e, 3)) return *why = "scheme 1 edges are not 0 <= e0 < e1 < e2", false;
        return true;
    }
    if (sc->scheme == RANKCUT_SCHEME_ALPHA) {
        if (e[0] <= 0 || e[5] <= 0 || !increasing(e, 5) || !increasing(e + 5, 5))
            return *why = "scheme 2 edges are not 0 < g0 < ... < g4 (twice)", false;
        return true;
    }
    return *why = "unknown scheme (this program knows 1 and 2)", false;
}

const char *rankcut_changes_name(const RankcutScheme *sc)
{
    return sc->scheme == RANKCUT_SCHEME_ALPHA ? "alpha raises" : "best-move changes";
}

char *rankcut_gap_label(const RankcutScheme *sc, int feature, int bucket)
{
    const int32_t *e = sc->edges;
    if (sc->scheme == RANKCUT_SCHEME_ALPHA) {
        const int32_t *g = feature == 5 ? e : e + 5;
        if (bucket == 0) return g_strdup(">= 0");
        if (bucket == 1) return g_strdup_printf("-%d..0", g[0]);
        if (bucket == RANKCUT_GAPS - 1) return g_strdup_printf("<= -%d", g[4]);
        return g_strdup_printf("-%d..-%d", g[bucket - 1], g[bucket - 2]);
    }
    int32_t cut[6] = {-e[2], -e[1], -e[0], e[0], e[1], e[2]};
    if (bucket == 0) return g_strdup_printf("< %d", cut[0]);
    if (bucket == RANKCUT_GAPS - 1) return g_strdup_printf("> %d", cut[5]);
    return g_strdup_printf("%d..%d", cut[bucket - 1], cut[bucket]);
}

void rankcut_counts_init(RankcutCounts *c, const char *game, const char *evaluator,
                         const RankcutScheme *scheme)
{
    memset(c, 0, sizeof *c);
    g_strlcpy(c->game, game, sizeof c->game);
    g_strlcpy(c->evaluator, evaluator, sizeof c->evaluator);
    c->scheme = *scheme;
    c->n = g_new0(uint64_t, RANKCUT_CELLS);
    c->better = g_new0(uint64_t, RANKCUT_CELLS);
}

void rankcut_counts_free(RankcutCounts *c)
{
    g_free(c->n);
    g_free(c->better);
    c->n = c->better = NULL;
}

void rankcut_counts_clear(RankcutCounts *c)
{
    memset(c->n, 0, RANKCUT_CELLS * sizeof *c->n);
    memset(c->better, 0, RANKCUT_CELLS * sizeof *c->better);
    c->games = 0;
}

void rankcut_node_flush(RankcutNode *node, RankcutCounts *c)
{
    // Record k was taken just before the move whose score is score[k]; the best score of the
    // moves from k onward decides whether a better move was still to come.
    Score suffix = INT32_MIN;
    for (int k = node->count - 1; k >= 0; k--) {
        if (node->score[k] > suffix) suffix = node->score[k];
        uint32_t cell = node->cell[k];
        c->n[cell]++;
        c->better[cell] += suffix > node->best_before[k];
    }
    node->count = 0;
}

bool rankcut_counts_check_source(const RankcutCounts *a, const RankcutCounts *b, const char *what,
                                 GError **err)
{
    if (strcmp(a->game, b->game) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: collected for game '%s', not '%s'", what, b->game,
                    a->game);
        return false;
    }
    if (strcmp(a->evaluator, b->evaluator) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: collected with evaluator '%s', not '%s' (statistics belong to the "
                    "evaluation that produced them)",
                    what, b->evaluator, a->evaluator);
        return false;
    }
    if (a->scheme.scheme != b->scheme.scheme) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: statistics scheme %d, not %d", what,
                    b->scheme.scheme, a->scheme.scheme);
        return false;
    }
    if (memcmp(a->scheme.edges, b->scheme.edges, sizeof a->scheme.edges) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: different score-gap edges", what);
        return false;
    }
    return true;
}

bool rankcut_counts_add(RankcutCounts *a, const RankcutCounts *b, GError **err)
{
    if (!rankcut_counts_check_source(a, b, "cannot merge", err)) return false;
    // Checked before anything is added, so that a refused merge leaves a as it was.
    bool wraps = a->games > UINT64_MAX - b->games;
    for (size_t i = 0; i < RANKCUT_CELLS && !wraps; i++) wraps = a->n[i] > UINT64_MAX - b->n[i];
    if (wraps) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "cannot merge: a count (games or samples) would pass 2^64 - 1");
        return false;
    }
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        a->n[i] += b->n[i];
        a->better[i] += b->better[i];
    }
    a->games += b->games;
    return true;
}

bool rankcut_counts_save(const RankcutCounts *c, const char *path, GError **err)
{
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (const uint8_t *)RANKCUT_MAGIC, 8);
    bytes_put_u32(a, RANKCUT_VERSION);
    g_byte_array_append(a, (const uint8_t *)c->game, sizeof c->game);
    g_byte_array_append(a, (const uint8_t *)c->evaluator, sizeof c->evaluator);
    bytes_put_u32(a, (uint32_t)c->scheme.scheme);
    for (int i = 0; i < RANKCUT_NEDGES; i++) bytes_put_u32(a, (uint32_t)c->scheme.edges[i]);
    bytes_put_u64(a, c->games);
    bytes_put_u32(a, RANKCUT_CELLS);
    uint32_t entries = 0;
    for (size_t i = 0; i < RANKCUT_CELLS; i++) entries += c->n[i] > 0;
    bytes_put_u32(a, entries);
    for (uint32_t i = 0; i < RANKCUT_CELLS; i++) {
        if (!c->n[i]) continue;
        bytes_put_u32(a, i);
        bytes_put_u64(a, c->n[i]);
        bytes_put_u64(a, c->better[i]);
    }
    bytes_put_u64(a, bytes_fnv1a64(a->data, a->len));
    bool ok = file_write_atomic(path, a->data, a->len, err);
    g_byte_array_free(a, TRUE);
    return ok;
}

static bool read_header(BytesReader *r, RankcutCounts *c, uint32_t *entries, const char *src,
                        GError **err)
{
    char magic[8], game[16], evaluator[64];
    uint32_t version, cells, scheme = RANKCUT_SCHEME_BEST, edges[RANKCUT_NEDGES] = {0};
    uint64_t games;
    if (!bytes_take(r, magic, 8) || memcmp(magic, RANKCUT_MAGIC, 8) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: not a RankCut statistics file", src);
        return false;
    }
    if (!bytes_get_u32(r, &version) || version < 1 || version > RANKCUT_VERSION) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: file version %u, this program reads versions 1 to %u", src, version,
                    RANKCUT_VERSION);
        return false;
    }
    bool ok = bytes_take(r, game, 16) && bytes_take(r, evaluator, 64) &&
              (version < 2 || bytes_get_u32(r, &scheme));
    for (int i = 0; ok && i < (version < 2 ? 3 : RANKCUT_NEDGES); i++)
        ok = bytes_get_u32(r, &edges[i]);
    ok = ok && bytes_get_u64(r, &games) && bytes_get_u32(r, &cells) && bytes_get_u32(r, entries);
    if (!ok) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: truncated header", src);
        return false;
    }
    if (cells != RANKCUT_CELLS || *entries > RANKCUT_CELLS || !memchr(game, 0, 16) ||
        !memchr(evaluator, 0, 64)) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: corrupt header (cells %u, entries %u)", src, cells,
                    *entries);
        return false;
    }
    RankcutScheme sc = {(int32_t)scheme, {0}};
    for (int i = 0; i < RANKCUT_NEDGES; i++) sc.edges[i] = (int32_t)edges[i];
    const char *why = NULL;
    if (!rankcut_scheme_valid(&sc, &why)) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: corrupt header (scheme %u: %s)", src, scheme, why);
        return false;
    }
    rankcut_counts_init(c, game, evaluator, &sc);
    c->games = games;
    return true;
}

bool rankcut_counts_load_data(RankcutCounts *c, const uint8_t *data, size_t size,
                              const char *source, GError **err)
{
    BytesReader r = {data, size, 0};
    uint32_t entries = 0;
    memset(c, 0, sizeof *c);
    if (size < 8 + 8 || !read_header(&r, c, &entries, source, err)) {
        if (!(err && *err))
            g_set_error(err, RANKCUT_ERROR, 0, "%s: not a RankCut statistics file", source);
        rankcut_counts_free(c);
        return false;
    }
    size_t need = r.at + (size_t)entries * 20 + 8;
    if (size != need) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: %s (%zu bytes, expected %zu)", source,
                    size < need ? "truncated" : "trailing bytes", size, need);
        rankcut_counts_free(c);
        return false;
    }
    uint64_t stored;
    BytesReader tail = {data, size, size - 8};
    bytes_get_u64(&tail, &stored);
    if (stored != bytes_fnv1a64(data, size - 8)) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: checksum mismatch (corrupt file)", source);
        rankcut_counts_free(c);
        return false;
    }
    for (uint32_t k = 0; k < entries; k++) {
        uint32_t cell = 0;
        uint64_t n = 0, better = 0;
        bytes_get_u32(&r, &cell);
        bytes_get_u64(&r, &n);
        bytes_get_u64(&r, &better);
        if (cell >= RANKCUT_CELLS || better > n) {
            g_set_error(err, RANKCUT_ERROR, 0, "%s: corrupt entry %u", source, k);
            rankcut_counts_free(c);
            return false;
        }
        c->n[cell] = n;
        c->better[cell] = better;
    }
    return true;
}

bool rankcut_counts_load(RankcutCounts *c, const char *path, GError **err)
{
    char *data = NULL;
    gsize size = 0;
    memset(c, 0, sizeof *c);
    if (!file_read_all(path, FILE_READ_MAX, &data, &size, err)) return false;
    bool ok = rankcut_counts_load_data(c, (const uint8_t *)data, size, path, err);
    g_free(data);
    return ok;
}

void rankcut_table_init(RankcutTable *t, RankcutCounts *counts)
{
    t->counts = *counts;
    memset(counts, 0, sizeof *counts);
    t->prob = g_new(float, RANKCUT_CELLS);
    for (size_t i = 0; i < RANKCUT_CELLS; i++)
        t->prob[i] = t->counts.n[i] ? (float)t->counts.better[i] / (float)t->counts.n[i] : 1.0f;
}

void rankcut_table_free(RankcutTable *t)
{
    rankcut_counts_free(&t->counts);
    g_free(t->prob);
    t->prob = NULL;
}

void rankcut_counts_summary(const RankcutCounts *c, uint64_t min_samples, uint64_t *cells,
                            uint64_t *samples, uint64_t *known_cells, uint64_t *known_samples)
{
    *cells = *samples = *known_cells = *known_samples = 0;
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        if (!c->n[i]) continue;
        (*cells)++;
        *samples += c->n[i];
        if (c->n[i] >= min_samples) (*known_cells)++, *known_samples += c->n[i];
    }
}

void rankcut_counts_movement(const RankcutCounts *a, const RankcutCounts *b, uint64_t min_samples,
                             RankcutMovement *m)
{
    double w[RANKCUT_DEPTHS + 1] = {0};
    memset(m, 0, sizeof *m);
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        if (a->n[i] < min_samples || b->n[i] < min_samples) continue;
        double s = (double)b->better[i] / (double)b->n[i] - (double)a->better[i] / (double)a->n[i];
        double weight = (double)b->n[i];
        int idx[2] = {(int)(i / RANKCUT_DEPTH_STRIDE), RANKCUT_DEPTHS};
        for (int k = 0; k < 2; k++) {
            int d = idx[k];
            m->cells[d]++;
            w[d] += weight;
            m->mean[d] += fabs(s) * weight;
            m->shift[d] += s * weight;
            if (fabs(s) > m->max[d]) m->max[d] = fabs(s);
        }
    }
    for (int d = 0; d <= RANKCUT_DEPTHS; d++)
        if (w[d] > 0) m->mean[d] /= w[d], m->shift[d] /= w[d];
}
