// SPDX-License-Identifier: MIT
// Time odds from several matches (core/lab/match_odds.h): the results headers read for each
// player's time a move, the folders checked to be one pairing at several factors, and the
// break-even factor interpolated in log K.
#include "core/lab/match_odds.h"
#include "base/number.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "core/lab/lab.h"
#include "core/lab/match.h"
#include "core/lab/match_results.h"

static bool fail(GError **err, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static bool fail(GError **err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *message = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error_literal(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, message);
    g_free(message);
    return false;
}

// The seconds a move in a limits text as match_limits_text writes it (" time-per-move 0.2 s";
// the match's may end with " forfeit-margin M s"). False with *problem (caller frees) naming
// what stands in the way: another kind of limit, no time a move, a text not understood.
static bool limits_movetime(const char *text, double *seconds, char **problem)
{
    char *shown = g_strstrip(g_strdup(text));
    char **w = g_strsplit(shown, " ", -1);
    *seconds = 0;
    *problem = NULL;
    for (int i = 0; w[i] && !*problem; i++) {
        if (!*w[i]) continue;
        bool pair = w[i + 1] && w[i + 2] && strcmp(w[i + 2], "s") == 0;
        if (strcmp(w[i], "time-per-move") == 0 && pair) {
            // The runner's own bound, and one far from 0, so that factors stay finite.
            if (number_parse_double(w[i + 1], seconds) != NUMBER_OK ||
                !(*seconds >= MATCH_ODDS_TIME_MIN && *seconds <= MATCH_ODDS_TIME_MAX))
                *problem = g_strdup_printf("has a time a move of '%s' s, not a number of seconds "
                                           "from %g to %g",
                                           w[i + 1], MATCH_ODDS_TIME_MIN, MATCH_ODDS_TIME_MAX);
            i += 2;
        } else if (strcmp(w[i], "forfeit-margin") == 0 && pair) {
            i += 2;
        } else if (strcmp(w[i], "depth") == 0 || strcmp(w[i], "nodes") == 0) {
            *problem =
                g_strdup_printf("plays at a %s limit (%s): the factor is one of time", w[i], shown);
        } else if (strcmp(w[i], "clock") == 0) {
            *problem = g_strdup_printf("plays on a clock (%s), not at a time a move", shown);
        } else {
            *problem = g_strdup_printf("has limits '%s' that are not understood", shown);
        }
    }
    g_strfreev(w);
    g_free(shown);
    if (!*problem && *seconds == 0) *problem = g_strdup("has no time a move in its limits");
    return *problem == NULL;
}

// The player's options in the header ("engine plain,time-per-move=0.2"; caller frees), "" when
// the header does not give them.
static char *player_spec(const MatchResults *r, int who)
{
    char *v = match_header_value(r->header, who ? "player 2" : "player 1");
    char *eq = v ? strstr(v, " = ") : NULL;
    char *spec = g_strdup(eq ? eq + 3 : "");
    g_free(v);
    return spec;
}

// The limits player `who` plays under (caller frees): the header's own line for it (format 2);
// in format 1, those among the options of an engine of ours, else the match's.
static char *player_limits(const MatchResults *r, int who)
{
    if (r->limits[who]) return g_strdup(r->limits[who]);
    char *spec = player_spec(r, who), *text = NULL;
    if (g_str_has_prefix(spec, "engine")) {
        const char *items = spec + strlen("engine") + (spec[6] == ' ');
        char *option = g_strdup_printf("%s:%s", r->names[who], items);
        MatchPlayer p;
        if (match_player_parse(&p, option, false, NULL)) {
            const MatchLimits *l = &p.own;
            if (l->movetime > 0 || l->depth > 0 || l->nodes > 0 || l->clock > 0)
                text = match_limits_text(l);
            match_player_clear(&p);
        }
        g_free(option);
    }
    g_free(spec);
    return text ? text : g_strdup(r->limits_all ? r->limits_all : "");
}

// The options without the limits among them, for an engine of ours (an outside engine's
// limits are not in its options).
static char *spec_without_limits(const char *spec)
{
    if (!g_str_has_prefix(spec, "engine")) return g_strdup(spec);
    static const char *const limits[] = {"time-per-move=", "depth=", "nodes=", "clock="};
    char **items = g_strsplit(spec, ",", -1);
    GString *s = g_string_new(NULL);
    for (int i = 0; items[i]; i++) {
        const char *item = i ? items[i] : items[i] + strlen("engine");
        item += strspn(item, " ");
        bool limit = false;
        for (size_t k = 0; k < G_N_ELEMENTS(limits); k++)
            limit = limit || g_str_has_prefix(item, limits[k]);
        if (!limit && *item) g_string_append_printf(s, "%s%s", s->len ? "," : "", item);
    }
    g_strfreev(items);
    return g_string_free(s, FALSE);
}

// What every folder must share with the first: the game, the first player, the second player's
// options apart from its limits.
typedef struct {
    char *folder, *game, *size, *first, *first_spec, *second_spec;
    double first_time;
} Pairing;

static void pairing_clear(Pairing *p)
{
    g_free(p->folder);
    g_free(p->first);
    g_free(p->game);
    g_free(p->size);
    g_free(p->first_spec);
    g_free(p->second_spec);
}

// p from r's header (the first folder), or r's checked against p.
static bool pairing_check(Pairing *p, const char *folder, const MatchResults *r, double t0,
                          GError **err)
{
    Pairing q = {g_strdup(folder),
                 match_header_value(r->header, "game"),
                 match_header_value(r->header, "size"),
                 g_strdup(r->names[0]),
                 player_spec(r, 0),
                 NULL,
                 t0};
    char *spec = player_spec(r, 1);
    q.second_spec = spec_without_limits(spec);
    g_free(spec);
    bool ok = true;
    if (!p->folder) {
        *p = q;
        return true;
    }
    const char *what = NULL;
    if (g_strcmp0(p->game, q.game) != 0 || g_strcmp0(p->size, q.size) != 0)
        what = "another game or board size";
    else if (strcmp(p->first, q.first) != 0)
        what = "another first player";
    else if (strcmp(p->first_spec, q.first_spec) != 0)
        what = "the first player with other options";
    else if (fabs(t0 - p->first_time) > 1e-9 * p->first_time)
        what = "the first player at another time a move";
    else if (strcmp(p->second_spec, q.second_spec) != 0)
        what = "a second player with other options (besides its limits)";
    if (what)
        ok = fail(err,
                  "%s: %s than %s (here %s: %s = '%s' at %g s a move against '%s'; there %s: %s = "
                  "'%s' at %g s against '%s'): the factors compare one pairing only",
                  folder, what, p->folder, q.game ? q.game : "?", q.first, q.first_spec, t0,
                  q.second_spec, p->game ? p->game : "?", p->first, p->first_spec, p->first_time,
                  p->second_spec);
    pairing_clear(&q);
    return ok;
}

// One folder's row; false with an error naming the folder.
static bool load_row(const char *folder, MatchOddsRow *row, Pairing *pairing, GError **err)
{
    char *path = match_results_path(folder);
    MatchResults r;
    bool ok = match_results_load(&r, path, err);
    g_free(path);
    if (!ok) return false;
    for (int k = 0; ok && k < 2; k++) {
        char *limits = player_limits(&r, k), *problem = NULL;
        if (!limits_movetime(limits, &row->time[k], &problem))
            ok = fail(err, "%s: player %d (%s) %s", folder, k + 1, r.names[k], problem);
        g_free(problem);
        g_free(limits);
    }
    match_results_counts(&r, &row->counts);
    if (ok && r.games->len == 0)
        ok = fail(err, "%s: no game has been played", folder);
    else if (ok && elo_penta_pairs(&row->counts) == 0)
        ok = fail(err,
                  "%s: no complete pair of games (an opening played with both colours) among its "
                  "%u game%s",
                  folder, r.games->len, r.games->len == 1 ? "" : "s");
    if (ok) ok = pairing_check(pairing, folder, &r, row->time[0], err);
    if (ok) {
        row->folder = g_strdup(folder);
        row->second = g_strdup(r.names[1]);
        row->factor = row->time[1] / row->time[0];
        elo_estimate(&row->counts, &row->elo);
    }
    match_results_clear(&r);
    return ok;
}

static int compare_rows(const void *a, const void *b)
{
    double x = ((const MatchOddsRow *)a)->factor, y = ((const MatchOddsRow *)b)->factor;
    return (x > y) - (x < y);
}

MatchOddsCrossing match_odds_crossing(const double *factor, const double *value, int n)
{
    MatchOddsCrossing c = {MATCH_ODDS_BELOW, factor[0], 0};
    if (value[n - 1] == 0) c = (MatchOddsCrossing){MATCH_ODDS_AT, factor[n - 1], 0};
    if (value[n - 1] > 0) c = (MatchOddsCrossing){MATCH_ODDS_ABOVE, factor[n - 1], 0};
    for (int i = n - 2; i >= 0; i--) { // down to the first fall, the one given
        if (!(value[i] >= 0 && value[i + 1] < 0)) continue;
        double x0 = log(factor[i]), x1 = log(factor[i + 1]);
        double x = x0 + (x1 - x0) * value[i] / (value[i] - value[i + 1]);
        c = (MatchOddsCrossing){MATCH_ODDS_AT, exp(x), c.falls + 1};
    }
    return c;
}

// The three crossings from the sorted rows.
static void odds_cross(MatchOdds *odds)
{
    int n = (int)odds->rows->len;
    double *k = g_new(double, n), *v = g_new(double, 3 * n);
    for (int i = 0; i < n; i++) {
        const MatchOddsRow *row = &g_array_index(odds->rows, MatchOddsRow, i);
        k[i] = row->factor;
        v[i] = row->elo.elo, v[n + i] = row->elo.elo_lo, v[2 * n + i] = row->elo.elo_hi;
    }
    odds->even = match_odds_crossing(k, v, n);
    odds->low = match_odds_crossing(k, v + n, n);
    odds->high = match_odds_crossing(k, v + 2 * n, n);
    g_free(k);
    g_free(v);
}

bool match_odds_load(MatchOdds *odds, char **folders, GError **err)
{
    memset(odds, 0, sizeof *odds);
    odds->rows = g_array_new(FALSE, TRUE, sizeof(MatchOddsRow));
    Pairing pairing = {0};
    bool ok = folders[0] != NULL || fail(err, "no match folder given");
    for (int i = 0; ok && folders[i]; i++) {
        MatchOddsRow row = {0};
        ok = load_row(folders[i], &row, &pairing, err);
        for (guint j = 0; ok && j < odds->rows->len; j++) {
            const MatchOddsRow *o = &g_array_index(odds->rows, MatchOddsRow, j);
            if (fabs(log(o->factor / row.factor)) < 1e-9)
                ok = fail(err,
                          "%s and %s are both at factor %g (%g s against %g s a move): one "
                          "folder a factor",
                          o->folder, row.folder, row.factor, row.time[1], row.time[0]);
        }
        g_array_append_val(odds->rows, row); // cleared with the rest when not ok
    }
    odds->first = g_strdup(pairing.first);
    pairing_clear(&pairing);
    if (!ok) {
        match_odds_clear(odds);
        return false;
    }
    g_array_sort(odds->rows, compare_rows);
    odds_cross(odds);
    return true;
}

void match_odds_clear(MatchOdds *odds)
{
    for (guint i = 0; odds->rows && i < odds->rows->len; i++) {
        MatchOddsRow *row = &g_array_index(odds->rows, MatchOddsRow, i);
        g_free(row->folder);
        g_free(row->second);
    }
    if (odds->rows) g_array_free(odds->rows, TRUE);
    g_free(odds->first);
    memset(odds, 0, sizeof *odds);
}

// "5.66", "above 32" or "below 2", and with `why` "above 32 (the largest factor measured)" or
// "below 2 (the smallest factor measured)".
static char *crossing_text(MatchOddsCrossing c, bool why)
{
    if (c.where == MATCH_ODDS_AT) return g_strdup_printf("%.2f", c.factor);
    bool above = c.where == MATCH_ODDS_ABOVE;
    return g_strdup_printf("%s %g%s", above ? "above" : "below", c.factor,
                           !why    ? ""
                           : above ? " (the largest factor measured)"
                                   : " (the smallest factor measured)");
}

// "L to U", or "above 32" when both ends are above the factors measured (or both below).
static char *interval_text(MatchOddsCrossing low, MatchOddsCrossing high)
{
    char *l = crossing_text(low, false), *u = crossing_text(high, false);
    bool one = low.where != MATCH_ODDS_AT && low.where == high.where;
    char *text = one ? g_strdup(l) : g_strdup_printf("%s to %s", l, u);
    g_free(l);
    g_free(u);
    return text;
}

void match_odds_print(const MatchOdds *odds, FILE *out)
{
    const MatchOddsRow *first = &g_array_index(odds->rows, MatchOddsRow, 0);
    fprintf(out, "%s at %g s a move against the second player given K times as long:\n",
            odds->first, first->time[0]);
    fprintf(out, "%8s %9s %6s %-13s %7s  %-28s %s\n", "K", "its time", "games", "W-D-L", "score",
            "Elo of the first (95 %)", "folder (second player)");
    for (guint i = 0; i < odds->rows->len; i++) {
        const MatchOddsRow *row = &g_array_index(odds->rows, MatchOddsRow, i);
        const EloPenta *p = &row->counts;
        uint64_t n = p->wins + p->draws + p->losses;
        char *wdl =
            g_strdup_printf("%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT,
                            p->wins, p->draws, p->losses);
        char *elo = g_strdup_printf("%+.1f (%+.1f to %+.1f)%s", row->elo.elo, row->elo.elo_lo,
                                    row->elo.elo_hi, row->elo.clamped ? " at a bound" : "");
        fprintf(out, "%8.4g %7.3g s %6" G_GUINT64_FORMAT " %-13s %5.1f %%  %-28s %s (%s)\n",
                row->factor, row->time[1], n, wdl, 100 * (p->wins + 0.5 * p->draws) / (double)n,
                elo, row->folder, row->second);
        g_free(wdl);
        g_free(elo);
    }
    char *even = crossing_text(odds->even, true), *band = interval_text(odds->low, odds->high);
    fprintf(out, "break-even factor: %s (95 %%: %s)\n", even, band);
    if (odds->even.falls > 1)
        fprintf(out,
                "(the Elo falls below 0 %d times between the factors measured: the first "
                "is given)\n",
                odds->even.falls);
    fprintf(out, "(Elo interpolated linearly in log K between the factors measured; the 95 %% "
                 "interval joins\n each factor's own interval: a pointwise band, not a "
                 "simultaneous one)\n");
    g_free(even);
    g_free(band);
}

int match_odds_run(char **folders)
{
    MatchOdds odds;
    GError *err = NULL;
    if (!match_odds_load(&odds, folders, &err)) return lab_report(err);
    match_odds_print(&odds, stdout);
    match_odds_clear(&odds);
    return 0;
}
