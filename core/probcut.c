// SPDX-License-Identifier: MIT
// ProbCut calibration: sums, least-squares fits and files (core/probcut.h).
#include "core/probcut.h"
#include "base/file.h"

#include <math.h>
#include <string.h>

#include "base/bytes.h"
#include "core/score.h"

G_DEFINE_QUARK(probcut - error - quark, probcut_error)

#define PROBCUT_MAGIC   "SUMITOPC"
#define PROBCUT_VERSION 1

void probcut_data_init(ProbcutData *c, const char *game, const char *evaluator, int stages,
                       int range)
{
    memset(c, 0, sizeof *c);
    g_strlcpy(c->game, game, sizeof c->game);
    g_strlcpy(c->evaluator, evaluator, sizeof c->evaluator);
    c->stages = stages;
    c->range = range;
}

void probcut_data_add_pair(ProbcutData *c, int stage, int d, int deep, Score shallow,
                           Score deep_score)
{
    ProbcutSums *s = &c->sums[stage][d][deep];
    int64_t x = shallow, y = deep_score;
    s->n++;
    s->sx += x, s->sy += y;
    s->sxx += x * x, s->sxy += x * y, s->syy += y * y;
}

void probcut_data_add_position(ProbcutData *c, int stage, const Score *scores, int depth)
{
    if (stage < 0 || stage >= c->stages) return;
    if (depth >= PROBCUT_DEPTHS) depth = PROBCUT_DEPTHS - 1;
    // Jiang & Buro fit only shallow scores within a range (the slope and the deviation grow
    // for large advantages) and leave out forced results, whose values are arbitrary.
    for (int d = 1; d < depth; d++) {
        if (score_is_mate(scores[d]) || abs(scores[d]) > c->range) continue;
        for (int deep = d + 1; deep <= depth; deep++)
            if (!score_is_mate(scores[deep]))
                probcut_data_add_pair(c, stage, d, deep, scores[d], scores[deep]);
    }
}

bool probcut_fit(const ProbcutSums *s, ProbcutFit *f)
{
    memset(f, 0, sizeof *f);
    f->n = s->n;
    if (s->n < 3) return false;
    double n = (double)s->n;
    double sxx = (double)s->sxx - (double)s->sx * (double)s->sx / n;
    double sxy = (double)s->sxy - (double)s->sx * (double)s->sy / n;
    double syy = (double)s->syy - (double)s->sy * (double)s->sy / n;
    if (sxx <= 0) return false;
    f->a = sxy / sxx;
    f->b = ((double)s->sy - f->a * (double)s->sx) / n;
    double residual = syy - f->a * sxy;
    f->sigma = sqrt(residual > 0 ? residual / (n - 2) : 0);
    f->r = syy > 0 ? sxy / sqrt(sxx * syy) : 1;
    return true;
}

bool probcut_data_check_source(const ProbcutData *a, const ProbcutData *b, const char *what,
                               GError **err)
{
    if (strcmp(a->game, b->game) != 0 || strcmp(a->evaluator, b->evaluator) != 0 ||
        a->stages != b->stages || a->range != b->range) {
        g_set_error(err, PROBCUT_ERROR, 0,
                    "%s: calibration of game '%s', evaluator '%s', %d stages, range %d; "
                    "expected '%s', '%s', %d stages, range %d",
                    what, b->game, b->evaluator, b->stages, b->range, a->game, a->evaluator,
                    a->stages, a->range);
        return false;
    }
    return true;
}

bool probcut_data_add(ProbcutData *a, const ProbcutData *b, GError **err)
{
    if (!probcut_data_check_source(a, b, "merge", err)) return false;
    for (int st = 0; st < PROBCUT_STAGES; st++)
        for (int d = 0; d < PROBCUT_DEPTHS; d++)
            for (int e = 0; e < PROBCUT_DEPTHS; e++) {
                ProbcutSums *x = &a->sums[st][d][e];
                const ProbcutSums *y = &b->sums[st][d][e];
                x->n += y->n, x->sx += y->sx, x->sy += y->sy;
                x->sxx += y->sxx, x->sxy += y->sxy, x->syy += y->syy;
            }
    a->games += b->games;
    return true;
}

void probcut_table_build(ProbcutTable *t, const ProbcutData *c, int64_t min_samples)
{
    memset(t, 0, sizeof *t);
    t->stages = c->stages;
    t->min_samples = min_samples;
    for (int st = 0; st < c->stages; st++)
        for (int d = 1; d < PROBCUT_DEPTHS; d++)
            for (int e = d + 1; e < PROBCUT_DEPTHS; e++) {
                ProbcutFit *f = &t->fit[st][d][e];
                t->ok[st][d][e] =
                    probcut_fit(&c->sums[st][d][e], f) && f->n >= min_samples && f->a > 0;
            }
}

// ---- Files ----------------------------------------------------------------------------------

// Header: magic, version, game, evaluator, stages, range, games, the number of non-empty
// sums; then per non-empty sum its stage, d, D and the six sums; then the checksum.
bool probcut_data_save(const ProbcutData *c, const char *path, GError **err)
{
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (const uint8_t *)PROBCUT_MAGIC, 8);
    bytes_put_u64(a, PROBCUT_VERSION);
    g_byte_array_append(a, (const uint8_t *)c->game, sizeof c->game);
    g_byte_array_append(a, (const uint8_t *)c->evaluator, sizeof c->evaluator);
    bytes_put_u64(a, (uint64_t)(int64_t)c->stages);
    bytes_put_u64(a, (uint64_t)(int64_t)c->range);
    bytes_put_u64(a, c->games);
    uint64_t entries = 0;
    for (int st = 0; st < PROBCUT_STAGES; st++)
        for (int d = 0; d < PROBCUT_DEPTHS; d++)
            for (int e = 0; e < PROBCUT_DEPTHS; e++) entries += c->sums[st][d][e].n > 0;
    bytes_put_u64(a, entries);
    for (int st = 0; st < PROBCUT_STAGES; st++)
        for (int d = 0; d < PROBCUT_DEPTHS; d++)
            for (int e = 0; e < PROBCUT_DEPTHS; e++) {
                const ProbcutSums *s = &c->sums[st][d][e];
                if (!s->n) continue;
                bytes_put_u64(
                    a, (uint64_t)(st * PROBCUT_DEPTHS * PROBCUT_DEPTHS + d * PROBCUT_DEPTHS + e));
                const int64_t v[6] = {s->n, s->sx, s->sy, s->sxx, s->sxy, s->syy};
                for (int i = 0; i < 6; i++) bytes_put_u64(a, (uint64_t)v[i]);
            }
    bytes_put_u64(a, bytes_fnv1a64(a->data, a->len));
    bool ok = file_write_atomic(path, a->data, a->len, err);
    g_byte_array_free(a, TRUE);
    return ok;
}

static bool fail(GError **err, const char *source, const char *what)
{
    g_set_error(err, PROBCUT_ERROR, 0, "%s: %s", source, what);
    return false;
}

static bool read_header(BytesReader *r, ProbcutData *c, uint64_t *entries, const char *src,
                        GError **err)
{
    char magic[8];
    uint64_t version, stages, range;
    if (!bytes_take(r, magic, 8) || memcmp(magic, PROBCUT_MAGIC, 8) != 0)
        return fail(err, src, "not a ProbCut calibration file");
    if (!bytes_get_u64(r, &version) || version != PROBCUT_VERSION) {
        g_set_error(err, PROBCUT_ERROR, 0,
                    "%s: file version %" G_GUINT64_FORMAT ", this program reads version %d", src,
                    version, PROBCUT_VERSION);
        return false;
    }
    if (!bytes_take(r, c->game, 16) || !bytes_take(r, c->evaluator, 64) ||
        !bytes_get_u64(r, &stages) || !bytes_get_u64(r, &range) || !bytes_get_u64(r, &c->games) ||
        !bytes_get_u64(r, entries))
        return fail(err, src, "truncated header");
    if (!memchr(c->game, 0, 16) || !memchr(c->evaluator, 0, 64) || stages < 1 ||
        stages > PROBCUT_STAGES || range < 1 || range > SCORE_MATE_BOUND ||
        *entries > PROBCUT_STAGES * PROBCUT_DEPTHS * PROBCUT_DEPTHS)
        return fail(err, src, "corrupt header");
    c->stages = (int32_t)stages;
    c->range = (int32_t)range;
    return true;
}

// One entry: its cell and sums, checked for what sums of real pairs can be.
static bool read_entry(BytesReader *r, ProbcutData *c, uint64_t k, const char *src, GError **err)
{
    uint64_t cell, v[6];
    bytes_get_u64(r, &cell);
    for (int i = 0; i < 6; i++) bytes_get_u64(r, &v[i]);
    int st = (int)(cell / (PROBCUT_DEPTHS * PROBCUT_DEPTHS));
    int d = (int)(cell / PROBCUT_DEPTHS % PROBCUT_DEPTHS), e = (int)(cell % PROBCUT_DEPTHS);
    int64_t n = (int64_t)v[0];
    if (cell >= PROBCUT_STAGES * PROBCUT_DEPTHS * PROBCUT_DEPTHS || st >= c->stages || d < 1 ||
        e <= d || n <= 0 || (int64_t)v[3] < 0 || (int64_t)v[5] < 0 || c->sums[st][d][e].n) {
        g_set_error(err, PROBCUT_ERROR, 0, "%s: corrupt entry %" G_GUINT64_FORMAT, src, k);
        return false;
    }
    c->sums[st][d][e] =
        (ProbcutSums){n, (int64_t)v[1], (int64_t)v[2], (int64_t)v[3], (int64_t)v[4], (int64_t)v[5]};
    return true;
}

bool probcut_data_load_data(ProbcutData *c, const uint8_t *data, size_t size, const char *source,
                            GError **err)
{
    BytesReader r = {data, size, 0};
    uint64_t entries = 0;
    memset(c, 0, sizeof *c);
    if (!read_header(&r, c, &entries, source, err)) return false;
    size_t need = r.at + (size_t)entries * 56 + 8;
    if (size != need) {
        g_set_error(err, PROBCUT_ERROR, 0, "%s: %s (%zu bytes, expected %zu)", source,
                    size < need ? "truncated" : "trailing bytes", size, need);
        return false;
    }
    uint64_t stored;
    BytesReader tail = {data, size, size - 8};
    bytes_get_u64(&tail, &stored);
    if (stored != bytes_fnv1a64(data, size - 8))
        return fail(err, source, "checksum mismatch (corrupt file)");
    for (uint64_t k = 0; k < entries; k++)
        if (!read_entry(&r, c, k, source, err)) return false;
    return true;
}

bool probcut_data_load(ProbcutData *c, const char *path, GError **err)
{
    char *data = NULL;
    size_t size = 0;
    if (!file_read_all(path, FILE_READ_MAX, &data, &size, err)) return false;
    bool ok = probcut_data_load_data(c, (const uint8_t *)data, size, path, err);
    g_free(data);
    return ok;
}
