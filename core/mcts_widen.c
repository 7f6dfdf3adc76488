// SPDX-License-Identifier: MIT
// Widening schedules and the rank statistics of the rank schedule (core/mcts_widen.h).
#include "core/mcts_widen.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"

#define RANKS_HEADER    "sumito mcts ranks 1"
#define RANKS_MAX_BYTES (1u << 16)

static GQuark ranks_error_quark(void)
{
    return g_quark_from_static_string("mcts-ranks-error");
}

void mcts_ranks_init(MctsRanks *r, const char *game)
{
    memset(r, 0, sizeof *r);
    g_strlcpy(r->game, game, sizeof r->game);
    mcts_ranks_finish(r);
}

void mcts_ranks_add(MctsRanks *r, int rank)
{
    r->count[CLAMP(rank, 0, MCTS_RANKS - 1)]++;
}

uint64_t mcts_ranks_searches(const MctsRanks *r)
{
    uint64_t n = 0;
    for (int i = 0; i < MCTS_RANKS; i++) n += r->count[i];
    return n;
}

void mcts_ranks_finish(MctsRanks *r)
{
    double all = (double)mcts_ranks_searches(r) + 1.0, later = 0;
    for (int i = MCTS_RANKS - 1; i >= 0; i--) {
        later += (double)r->count[i];
        r->tail[i] = (later + 1.0) / all;
    }
    r->tail[0] = 1.0;
}

char *mcts_ranks_format(const MctsRanks *r)
{
    GString *s = g_string_new(RANKS_HEADER "\n");
    g_string_append_printf(s, "game %s\ngames %" G_GUINT64_FORMAT "\n", r->game, r->games);
    for (int i = 0; i < MCTS_RANKS; i++)
        if (r->count[i])
            g_string_append_printf(s, "rank %d %" G_GUINT64_FORMAT "\n", i, r->count[i]);
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

static bool valid_game(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof((MctsRanks *)0)->game) return false;
    for (size_t i = 0; i < n; i++)
        if (!g_ascii_isalnum(s[i])) return false;
    return true;
}

// One `key value` line into r; false with the reason in *why.
static bool parse_line(MctsRanks *r, char *line, bool *seen, const char **why)
{
    char **w = g_strsplit(line, " ", 0);
    int n = (int)g_strv_length(w);
    uint64_t rank = 0, v = 0;
    bool ok = false;
    *why = "not 'game NAME', 'games N' or 'rank R N'";
    if (n == 2 && strcmp(w[0], "game") == 0) {
        *why = "a game name is 1 to 15 letters and digits";
        if ((ok = valid_game(w[1]))) g_strlcpy(r->game, w[1], sizeof r->game);
    } else if (n == 2 && strcmp(w[0], "games") == 0) {
        *why = "not a count";
        ok = parse_count(w[1], &r->games);
    } else if (n == 3 && strcmp(w[0], "rank") == 0) {
        *why = "a rank is 0 to " G_STRINGIFY(MCTS_RANKS) " less 1, then a count";
        ok = parse_count(w[1], &rank) && rank < MCTS_RANKS && parse_count(w[2], &v);
        if (ok && seen[rank]) ok = false, *why = "the rank was given before";
        if (ok) seen[rank] = true, r->count[rank] = v;
    }
    g_strfreev(w);
    return ok;
}

bool mcts_ranks_parse(MctsRanks *r, const char *text, size_t len, const char *name, GError **err)
{
    mcts_ranks_init(r, "");
    if (memchr(text, '\0', len)) {
        g_set_error(err, ranks_error_quark(), 0, "%s: not rank statistics (a NUL byte)", name);
        return false;
    }
    char *copy = g_strndup(text, len);
    char **lines = g_strsplit(copy, "\n", 0);
    bool seen[MCTS_RANKS] = {false}, ok = lines[0] && strcmp(lines[0], RANKS_HEADER) == 0;
    if (!ok)
        g_set_error(err, ranks_error_quark(), 0, "%s: not rank statistics (no '%s' line first)",
                    name, RANKS_HEADER);
    for (int i = 1; ok && lines[i]; i++) {
        const char *why;
        if (lines[i][0] == '\0' && lines[i + 1] == NULL) break;
        if (!parse_line(r, lines[i], seen, &why)) {
            g_set_error(err, ranks_error_quark(), 0, "%s: line %d: %s", name, i + 1, why);
            ok = false;
        }
    }
    if (ok && !r->game[0]) {
        g_set_error(err, ranks_error_quark(), 0, "%s: no 'game' line", name);
        ok = false;
    }
    g_strfreev(lines);
    g_free(copy);
    mcts_ranks_finish(r);
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

// The least width w with n * tail(w) <= theta (every child when there is none).
static int rank_width(const MctsRanks *r, double theta, uint32_t n, int nchildren)
{
    int w = 1;
    while (w < nchildren && (double)n * r->tail[MIN(w, MCTS_RANKS - 1)] > theta) w++;
    return w;
}

int mcts_widen_width(const MctsWiden *w, uint32_t n, int nchildren)
{
    double width = nchildren;
    switch (w->schedule) {
    case MCTS_WIDEN_POWER: width = ceil(w->power_a * pow((double)n, w->power_b)); break;
    case MCTS_WIDEN_UNPRUNING:
        width = w->unprune_init;
        if (n > w->unprune_a) width += floor(log(n / w->unprune_a) / log(w->unprune_b));
        break;
    case MCTS_WIDEN_RANK:
        if (w->ranks) return rank_width(w->ranks, w->theta, n, nchildren);
        break;
    default: break;
    }
    return (int)CLAMP(width, 1.0, (double)nchildren);
}
