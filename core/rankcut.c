// SPDX-License-Identifier: MIT
// RankCut counts: collection flush, merge, the versioned file format and lookup tables.
//
// File layout (little-endian): "SUMITORC", u32 version (1), char game[16],
// char evaluator[64], i32 edges[3], u64 games, u32 cells (RANKCUT_CELLS), u32 entries,
// then per seen cell u32 cell, u64 n, u64 better, and a u64 FNV-1a checksum of all before it.
#include "core/rankcut.h"

#include <string.h>

#include "core/bytes.h"
#include "core/score.h"
#include "core/text.h"

G_DEFINE_QUARK(rankcut - error - quark, rankcut_error)

#define RANKCUT_MAGIC   "SUMITORC"
#define RANKCUT_VERSION 1u

void rankcut_cell_decode(uint32_t cell, RankcutFeatures *f)
{
    memset(f, 0, sizeof *f);
    f->remaining_phase = cell % 2, cell /= 2;
    f->last_minus_best = (Score)(cell % RANKCUT_GAPS), cell /= RANKCUT_GAPS;
    f->best_minus_alpha = (Score)(cell % RANKCUT_GAPS), cell /= RANKCUT_GAPS;
    f->best_changes = (int)(cell % RANKCUT_CHANGES), cell /= RANKCUT_CHANGES;
    int move = (int)(cell % RANKCUT_MOVES);
    cell /= RANKCUT_MOVES;
    f->move_number = move < 16 ? move + 1 : 17 + (move - 16) * 4;
    f->threat = cell % 2, cell /= 2;
    f->depth = (int)cell + 1;
    f->have_best = true;
}

void rankcut_counts_init(RankcutCounts *c, const char *game, const char *evaluator,
                         const int32_t *edges)
{
    memset(c, 0, sizeof *c);
    g_strlcpy(c->game, game, sizeof c->game);
    g_strlcpy(c->evaluator, evaluator, sizeof c->evaluator);
    memcpy(c->edges, edges, sizeof c->edges);
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
    if (memcmp(a->edges, b->edges, sizeof a->edges) != 0) {
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
    for (int i = 0; i < 3; i++) bytes_put_u32(a, (uint32_t)c->edges[i]);
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
    bool ok = g_file_set_contents(path, (const char *)a->data, a->len, err);
    g_byte_array_free(a, TRUE);
    return ok;
}

static bool read_header(BytesReader *r, RankcutCounts *c, uint32_t *entries, const char *src,
                        GError **err)
{
    char magic[8], game[16], evaluator[64];
    uint32_t version, cells, edges[3];
    uint64_t games;
    if (!bytes_take(r, magic, 8) || memcmp(magic, RANKCUT_MAGIC, 8) != 0) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: not a RankCut statistics file", src);
        return false;
    }
    if (!bytes_get_u32(r, &version) || version != RANKCUT_VERSION) {
        g_set_error(err, RANKCUT_ERROR, 0, "%s: file version %u, this program reads version %u",
                    src, version, RANKCUT_VERSION);
        return false;
    }
    bool ok = bytes_take(r, game, 16) && bytes_take(r, evaluator, 64) && bytes_get_u32(r, &edges[0]) &&
              bytes_get_u32(r, &edges[1]) && bytes_get_u32(r, &edges[2]) && bytes_get_u64(r, &games) &&
              bytes_get_u32(r, &cells) && bytes_get_u32(r, entries);
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
    int32_t e[3] = {(int32_t)edges[0], (int32_t)edges[1], (int32_t)edges[2]};
    // The intervals are cut at -e2 < -e1 < -e0 <= e0 < e1 < e2: anything else is no table.
    if (!(e[0] >= 0 && e[0] < e[1] && e[1] < e[2] && e[2] <= RANKCUT_EDGE_MAX)) {
        g_set_error(err, RANKCUT_ERROR, 0,
                    "%s: corrupt header (score-gap edges %d %d %d: not 0 <= e0 < e1 < e2 <= %d)",
                    src, e[0], e[1], e[2], RANKCUT_EDGE_MAX);
        return false;
    }
    rankcut_counts_init(c, game, evaluator, e);
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
    if (!text_file_read(path, TEXT_FILE_MAX, &data, &size, err)) return false;
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
