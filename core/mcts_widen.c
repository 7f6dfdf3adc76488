// SPDX-License-Identifier: MIT
// Widening schedules and the rank statistics of the rank schedule (core/mcts_widen.h).
#include "core/mcts_widen.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"

#define RANKS_HEADER    "sumito mcts ranks 2"
#define RANKS_MAX_BYTES (1u << 20)

static GQuark ranks_error_quark(void)
{
    return g_quark_from_static_string("mcts-ranks-error");
}

int mcts_ranks_bucket(uint32_t n)
{
    int b = 0;
    for (uint32_t v = n >> 4; v && b < MCTS_RANK_BUCKETS - 1; v >>= 1) b++;
    return b;
}

int mcts_ranks_cell(int bucket, int depth, int phase)
{
    bucket = CLAMP(bucket, 0, MCTS_RANK_BUCKETS - 1);
    depth = CLAMP(depth, 0, MCTS_RANK_DEPTHS - 1);
    phase = CLAMP(phase, 0, MCTS_RANK_PHASES - 1);
    return (bucket * MCTS_RANK_DEPTHS + depth) * MCTS_RANK_PHASES + phase;
}

void mcts_ranks_init(MctsRanks *r, const char *game, const char *prior, uint32_t min_visits)
{
    memset(r, 0, sizeof *r);
    g_strlcpy(r->game, game, sizeof r->game);
    g_strlcpy(r->prior, prior, sizeof r->prior);
    r->min_visits = min_visits;
    mcts_ranks_finish(r, 1);
}

void mcts_ranks_add(MctsRanks *r, int cell, int rank)
{
    r->count[CLAMP(cell, 0, MCTS_RANK_CELLS - 1)][CLAMP(rank, 0, MCTS_RANKS - 1)]++;
}

uint64_t mcts_ranks_nodes(const MctsRanks *r)
{
    uint64_t n = 0;
    for (int c = 0; c < MCTS_RANK_CELLS; c++)
        for (int i = 0; i < MCTS_RANKS; i++) n += r->count[c][i];
    return n;
}

bool mcts_ranks_merge(MctsRanks *a, const MctsRanks *b, GError **err)
{
    const char *what = strcmp(a->game, b->game) != 0     ? "game"
                       : strcmp(a->prior, b->prior) != 0 ? "prior"
                       : a->min_visits != b->min_visits  ? "min_visits"
                                                         : NULL;
    if (what) {
        g_set_error(err, ranks_error_quark(), 0,
                    "rank statistics of another %s (game %s, prior %s, min_visits %u; not game "
                    "%s, prior %s, min_visits %u)",
                    what, b->game, b->prior, b->min_visits, a->game, a->prior, a->min_visits);
        return false;
    }
    bool wraps = a->games > UINT64_MAX - b->games;
    for (int c = 0; c < MCTS_RANK_CELLS; c++)
        for (int i = 0; i < MCTS_RANKS; i++) wraps |= a->count[c][i] > UINT64_MAX - b->count[c][i];
    if (wraps) {
        g_set_error(err, ranks_error_quark(), 0,
                    "cannot merge: a count (games or nodes) would pass 2^64 - 1");
        return false;
    }
    for (int c = 0; c < MCTS_RANK_CELLS; c++)
        for (int i = 0; i < MCTS_RANKS; i++) a->count[c][i] += b->count[c][i];
    a->games += b->games;
    return true;
}

// The counts of bucket b pooled as `level` says (0: the cell (b, d, p) alone; 1: every phase
// of depth d; 2: every depth and phase), into sum; returns their total.
static uint64_t pooled(const MctsRanks *r, int b, int d, int p, int level, uint64_t *sum)
{
    uint64_t all = 0;
    memset(sum, 0, MCTS_RANKS * sizeof *sum);
    for (int dd = 0; dd < MCTS_RANK_DEPTHS; dd++)
        for (int pp = 0; pp < MCTS_RANK_PHASES; pp++) {
            if ((level < 2 && dd != d) || (level < 1 && pp != p)) continue;
            const uint64_t *c = r->count[mcts_ranks_cell(b, dd, pp)];
            for (int i = 0; i < MCTS_RANKS; i++) sum[i] += c[i], all += c[i];
        }
    return all;
}

// Cell (b, d, p)'s own tail, from the finest of its pools that holds cell_min nodes.
static void cell_tail(MctsRanks *r, int b, int d, int p, uint64_t cell_min)
{
    uint64_t sum[MCTS_RANKS], all = 0;
    int level = 0;
    while ((all = pooled(r, b, d, p, level, sum)) < cell_min && level < 2) level++;
    int c = mcts_ranks_cell(b, d, p);
    r->source[c] = level;
    double later = 0;
    for (int i = MCTS_RANKS - 1; i >= 0; i--) {
        later += (double)sum[i];
        r->tail[c][i] = (float)((later + 1.0) / ((double)all + 1.0));
    }
    r->tail[c][0] = 1.0f;
}

void mcts_ranks_finish(MctsRanks *r, uint64_t cell_min)
{
    for (int b = 0; b < MCTS_RANK_BUCKETS; b++)
        for (int d = 0; d < MCTS_RANK_DEPTHS; d++)
            for (int p = 0; p < MCTS_RANK_PHASES; p++) {
                cell_tail(r, b, d, p, cell_min);
                if (b == 0) continue;
                // Never narrower than with fewer visits: the greatest tail of the buckets below.
                float *t = r->tail[mcts_ranks_cell(b, d, p)];
                const float *below = r->tail[mcts_ranks_cell(b - 1, d, p)];
                for (int i = 0; i < MCTS_RANKS; i++) t[i] = MAX(t[i], below[i]);
            }
}

char *mcts_ranks_format(const MctsRanks *r)
{
    GString *s = g_string_new(RANKS_HEADER "\n");
    g_string_append_printf(s, "game %s\nprior %s\nmin_visits %u\ngames %" G_GUINT64_FORMAT "\n",
                           r->game, r->prior, r->min_visits, r->games);
    for (int b = 0; b < MCTS_RANK_BUCKETS; b++)
        for (int d = 0; d < MCTS_RANK_DEPTHS; d++)
            for (int p = 0; p < MCTS_RANK_PHASES; p++)
                for (int i = 0; i < MCTS_RANKS; i++) {
                    uint64_t n = r->count[mcts_ranks_cell(b, d, p)][i];
                    if (n)
                        g_string_append_printf(s, "rank %d %d %d %d %" G_GUINT64_FORMAT "\n", b, d,
                                               p, i, n);
                }
    return g_string_free(s, false);
}

static bool parse_count(const char *s, uint64_t *v)
{
    char *end;
    if (!g_ascii_isdigit(*s)) return false;
    errno = 0;
    *v = g_ascii_strtoull(s, &end, 10);
    return errno == 0 && *end == '\0';
}

// A name of 1 to size - 1 letters and digits, copied into out.
static bool parse_name(const char *s, char *out, size_t size)
{
    size_t n = strlen(s);
    if (n == 0 || n >= size) return false;
    for (size_t i = 0; i < n; i++)
        if (!g_ascii_isalnum(s[i])) return false;
    g_strlcpy(out, s, size);
    return true;
}

// A 'rank BUCKET DEPTH PHASE RANK COUNT' line's fields w[1..5] into r.
static bool parse_rank(MctsRanks *r, char **w, uint8_t *seen, const char **why)
{
    static const uint64_t limit[4] = {MCTS_RANK_BUCKETS, MCTS_RANK_DEPTHS, MCTS_RANK_PHASES,
                                      MCTS_RANKS};
    uint64_t v[5];
    *why = "a rank line is 'rank BUCKET DEPTH PHASE RANK COUNT' with a bucket 0-7, a depth 0-3, "
           "a phase 0-3 and a rank 0-127";
    for (int i = 0; i < 5; i++)
        if (!parse_count(w[i + 1], &v[i]) || (i < 4 && v[i] >= limit[i])) return false;
    int cell = mcts_ranks_cell((int)v[0], (int)v[1], (int)v[2]);
    size_t bit = (size_t)cell * MCTS_RANKS + v[3];
    if (seen[bit / 8] & (1u << (bit % 8))) {
        *why = "that cell's rank was given before";
        return false;
    }
    seen[bit / 8] |= (uint8_t)(1u << (bit % 8));
    r->count[cell][v[3]] = v[4];
    return true;
}

// One `key value` line into r; false with the reason in *why. have[] marks game, prior and
// min_visits given.
static bool parse_line(MctsRanks *r, char *line, uint8_t *seen, bool *have, const char **why)
{
    char **w = g_strsplit(line, " ", 0);
    int n = (int)g_strv_length(w);
    uint64_t v = 0;
    bool ok = false;
    *why = "not 'game NAME', 'prior ID', 'min_visits N', 'games N' or 'rank B D P R N'";
    if (n == 2 && strcmp(w[0], "game") == 0) {
        *why = "a game name is 1 to 15 letters and digits";
        ok = have[0] = parse_name(w[1], r->game, sizeof r->game);
    } else if (n == 2 && strcmp(w[0], "prior") == 0) {
        *why = "a prior is 1 to 23 letters and digits";
        ok = have[1] = parse_name(w[1], r->prior, sizeof r->prior);
    } else if (n == 2 && strcmp(w[0], "min_visits") == 0) {
        *why = "min_visits is a count from 1 to 1000000";
        ok = have[2] = parse_count(w[1], &v) && v >= 1 && v <= 1000000;
        r->min_visits = (uint32_t)v;
    } else if (n == 2 && strcmp(w[0], "games") == 0) {
        *why = "not a count";
        ok = parse_count(w[1], &r->games);
    } else if (n == 6 && strcmp(w[0], "rank") == 0) {
        ok = parse_rank(r, w, seen, why);
    }
    g_strfreev(w);
    return ok;
}

static bool parse_lines(MctsRanks *r, char **lines, const char *name, GError **err)
{
    uint8_t *seen = g_new0(uint8_t, MCTS_RANK_CELLS * MCTS_RANKS / 8);
    bool have[3] = {false, false, false}, ok = true;
    for (int i = 1; ok && lines[i]; i++) {
        const char *why;
        if (lines[i][0] == '\0' && lines[i + 1] == NULL) break;
        if (!parse_line(r, lines[i], seen, have, &why)) {
            g_set_error(err, ranks_error_quark(), 0, "%s: line %d: %s", name, i + 1, why);
            ok = false;
        }
    }
    static const char *const keys[3] = {"game", "prior", "min_visits"};
    for (int k = 0; ok && k < 3; k++)
        if (!have[k]) {
            g_set_error(err, ranks_error_quark(), 0, "%s: no '%s' line", name, keys[k]);
            ok = false;
        }
    g_free(seen);
    return ok;
}

bool mcts_ranks_parse(MctsRanks *r, const char *text, size_t len, const char *name, GError **err)
{
    mcts_ranks_init(r, "", "", 0);
    if (memchr(text, '\0', len)) {
        g_set_error(err, ranks_error_quark(), 0, "%s: not rank statistics (a NUL byte)", name);
        return false;
    }
    char *copy = g_strndup(text, len);
    char **lines = g_strsplit(copy, "\n", 0);
    bool ok = lines[0] && strcmp(lines[0], RANKS_HEADER) == 0;
    if (!ok && lines[0] && strcmp(lines[0], "sumito mcts ranks 1") == 0)
        g_set_error(err, ranks_error_quark(), 0,
                    "%s: line 1: rank statistics of the root only (version 1); version 2 counts "
                    "every node by visits, depth and phase: collect them again",
                    name);
    else if (!ok)
        g_set_error(err, ranks_error_quark(), 0, "%s: not rank statistics (no '%s' line first)",
                    name, RANKS_HEADER);
    ok = ok && parse_lines(r, lines, name, err);
    g_strfreev(lines);
    g_free(copy);
    return ok;
}

bool mcts_ranks_load(MctsRanks *r, const char *path, GError **err)
{
    char *text;
    size_t len;
    if (!file_read_all(path, RANKS_MAX_BYTES, &text, &len, err)) return false;
    bool ok = mcts_ranks_parse(r, text, len, path, err);
    g_free(text);
    return ok;
}

bool mcts_ranks_save(const MctsRanks *r, const char *path, GError **err)
{
    char *text = mcts_ranks_format(r);
    bool ok = file_write_atomic(path, text, strlen(text), err);
    g_free(text);
    return ok;
}

// The least width w with tail(w) <= theta in the node's cell (every child when there is
// none); the tail never rises with the rank, so a binary search finds it.
static int rank_width(const MctsRanks *r, double theta, uint32_t n, int depth, int phase,
                      int nchildren)
{
    const float *t = r->tail[mcts_ranks_cell(mcts_ranks_bucket(n), depth, phase)];
    int lo = 1, hi = MCTS_RANKS; // the answer is in [lo, hi]; MCTS_RANKS: none fits
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((double)t[mid] <= theta)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo < MCTS_RANKS && lo < nchildren ? lo : nchildren;
}

int mcts_widen_width(const MctsWiden *w, uint32_t n, int depth, int phase, int nchildren)
{
    double width = nchildren;
    switch (w->schedule) {
    case MCTS_WIDEN_POWER: width = ceil(w->power_a * pow((double)n, w->power_b)); break;
    case MCTS_WIDEN_UNPRUNING:
        width = w->unprune_init;
        if (n > w->unprune_a) width += floor(log(n / w->unprune_a) / log(w->unprune_b));
        break;
    case MCTS_WIDEN_COULOM: {
        // t_1 = 0 and t_(k+1) = t_k + A B^k: the widest k whose threshold n passes.
        double t = 0, step = w->coulom_a * w->coulom_b;
        for (width = 1; width < nchildren && n > t + step; width++) t += step, step *= w->coulom_b;
        break;
    }
    case MCTS_WIDEN_RANK:
        if (w->ranks) return rank_width(w->ranks, w->theta, n, depth, phase, nchildren);
        break;
    default: break;
    }
    return (int)CLAMP(width, 1.0, (double)nchildren);
}
