// SPDX-License-Identifier: MIT
// A match's results file, its statistics and summary (core/lab/match_results.h).
#include "core/lab/match_results.h"
#include "base/file.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// The value after "# key: " in a header, up to the end of its line (caller frees), or NULL.
static char *header_value(const char *header, const char *key)
{
    char *pattern = g_strdup_printf("# %s: ", key);
    const char *at = strstr(header, pattern);
    char *value = NULL;
    if (at) {
        at += strlen(pattern);
        value = g_strndup(at, strcspn(at, "\n"));
    }
    g_free(pattern);
    return value;
}

// Names and SPRT from the header lines "# player 1: NAME = SPEC" and "# sprt: E0 E1 A B".
static void read_header(MatchResults *r)
{
    for (int i = 0; i < 2; i++) {
        const char *key = i ? "player 2" : "player 1";
        char *v = header_value(r->header, key);
        char *eq = v ? strstr(v, " = ") : NULL;
        if (eq) *eq = '\0';
        r->names[i] = v ? v : g_strdup(i ? "second" : "first");
    }
    char *sprt = header_value(r->header, "sprt");
    EloSprt t;
    r->sprt_on = sprt && sscanf(sprt, "%lf %lf %lf %lf", &t.elo0, &t.elo1, &t.alpha, &t.beta) == 4;
    if (r->sprt_on) r->sprt = t;
    g_free(sprt);
}

void match_results_init(MatchResults *r, const char *header)
{
    memset(r, 0, sizeof *r);
    r->header = g_strdup(header);
    r->games = g_array_new(FALSE, FALSE, sizeof(MatchGame));
    read_header(r);
}

void match_results_clear(MatchResults *r)
{
    g_free(r->header);
    g_free(r->names[0]);
    g_free(r->names[1]);
    if (r->games) g_array_free(r->games, TRUE);
    memset(r, 0, sizeof *r);
}

static char outcome_letter(EloOutcome o)
{
    return o == ELO_WIN ? 'W' : o == ELO_DRAW ? 'D' : 'L';
}

char *match_game_line(const MatchGame *g)
{
    return g_strdup_printf("game %d opening %d first %c result %c plies %d p1 %d %.4f %.4f "
                           "p2 %d %.4f %.4f overhead %.5f reason %s\n",
                           g->game, g->opening, g->first_side ? 'W' : 'B',
                           outcome_letter(g->outcome), g->plies, g->moves[0], g->time[0],
                           g->longest[0], g->moves[1], g->time[1], g->longest[1], g->overhead,
                           g->reason);
}

bool match_game_parse(const char *line, MatchGame *g)
{
    memset(g, 0, sizeof *g);
    char first, result;
    int at = -1;
    if (sscanf(line,
               "game %d opening %d first %c result %c plies %d p1 %d %lf %lf p2 %d %lf %lf "
               "overhead %lf reason %n",
               &g->game, &g->opening, &first, &result, &g->plies, &g->moves[0], &g->time[0],
               &g->longest[0], &g->moves[1], &g->time[1], &g->longest[1], &g->overhead,
               &at) != 12 ||
        at < 0)
        return false;
    if ((first != 'B' && first != 'W') || !strchr("WDL", result) || g->game < 0 || g->opening < 0)
        return false;
    g->first_side = first == 'W';
    g->outcome = result == 'W' ? ELO_WIN : result == 'D' ? ELO_DRAW : ELO_LOSS;
    g_strlcpy(g->reason, line + at, sizeof g->reason);
    g->reason[strcspn(g->reason, "\r\n")] = '\0';
    return true;
}

bool match_results_load(MatchResults *r, const char *path, GError **err)
{
    char *text = NULL;
    if (!file_read_all(path, FILE_READ_MAX, &text, NULL, err)) return false;
    GString *header = g_string_new(NULL);
    char **lines = g_strsplit(text, "\n", -1);
    g_free(text);
    GArray *games = g_array_new(FALSE, FALSE, sizeof(MatchGame));
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        const char *l = lines[i];
        if (!*l && !lines[i + 1]) break; // the end of the last line
        if (l[0] == '#' && games->len == 0) {
            g_string_append_printf(header, "%s\n", l);
            continue;
        }
        MatchGame g;
        if (!match_game_parse(l, &g)) {
            // A line cut by a crash while it was written is the last one: its game is
            // simply played again.
            if (!lines[i + 1] || (!*lines[i + 1] && !lines[i + 2])) break;
            g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%d: not a game's result line",
                        path, i + 1);
            ok = false;
        } else {
            g_array_append_val(games, g);
        }
    }
    g_strfreev(lines);
    if (ok && !strstr(header->str, "# sumito match results")) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a match results file", path);
        ok = false;
    }
    if (ok) {
        match_results_init(r, header->str);
        g_array_append_vals(r->games, games->data, games->len);
    }
    g_array_free(games, TRUE);
    g_string_free(header, TRUE);
    return ok;
}

bool match_results_has(const MatchResults *r, int game)
{
    for (guint i = 0; i < r->games->len; i++)
        if (g_array_index(r->games, MatchGame, i).game == game) return true;
    return false;
}

static int compare_games(const void *a, const void *b)
{
    int x = ((const MatchGame *)a)->game, y = ((const MatchGame *)b)->game;
    return (x > y) - (x < y);
}

void match_results_counts(const MatchResults *r, EloPenta *p)
{
    memset(p, 0, sizeof *p);
    GArray *sorted = g_array_copy(r->games);
    g_array_sort(sorted, compare_games);
    for (guint i = 0; i < sorted->len; i++) {
        const MatchGame *g = &g_array_index(sorted, MatchGame, i);
        const MatchGame *next = i + 1 < sorted->len ? g + 1 : NULL;
        if (g->game % 2 == 0 && next && next->game == g->game + 1) {
            elo_penta_add_pair(p, g->outcome, next->outcome); // counts W-D-L too
            i++;
            continue;
        }
        p->wins += g->outcome == ELO_WIN;
        p->draws += g->outcome == ELO_DRAW;
        p->losses += g->outcome == ELO_LOSS;
    }
    g_array_free(sorted, TRUE);
}

char *match_results_brief(const MatchResults *r)
{
    EloPenta p;
    match_results_counts(r, &p);
    EloResult e;
    elo_estimate(&p, &e);
    GString *s = g_string_new(NULL);
    g_string_printf(s,
                    "%u games, +%" G_GUINT64_FORMAT " =%" G_GUINT64_FORMAT " -%" G_GUINT64_FORMAT
                    ", Elo %+.1f +- %.1f",
                    r->games->len, p.wins, p.draws, p.losses, e.elo, e.elo95);
    if (r->sprt_on) {
        EloSprtResult t;
        elo_sprt_test(&r->sprt, &p, &t);
        g_string_append_printf(s, ", LLR %.2f (%.2f, %.2f)", t.llr, t.lower, t.upper);
    }
    return g_string_free(s, FALSE);
}

// Each player's time a move and the runner's overhead a move.
static void print_times(const MatchResults *r, FILE *out)
{
    int moves[2] = {0, 0};
    double time[2] = {0, 0}, longest[2] = {0, 0}, overhead = 0;
    for (guint i = 0; i < r->games->len; i++) {
        const MatchGame *g = &g_array_index(r->games, MatchGame, i);
        for (int k = 0; k < 2; k++) {
            moves[k] += g->moves[k];
            time[k] += g->time[k];
            longest[k] = MAX(longest[k], g->longest[k]);
        }
        overhead += g->overhead;
    }
    for (int k = 0; k < 2; k++)
        fprintf(out, "time a move: %s %.3f s (longest %.3f s, %d moves)\n", r->names[k],
                moves[k] ? time[k] / moves[k] : 0.0, longest[k], moves[k]);
    int all = moves[0] + moves[1];
    fprintf(out, "runner overhead: %.1f us a move\n", all ? overhead / all * 1e6 : 0.0);
}

// How the games ended: one line a reason, in order of first appearance, with who won them and
// what share of each player's wins ended that way (for Abalone, wins by the sixth ejection
// against wins at the move cap).
static void print_endings(const MatchResults *r, FILE *out)
{
    GPtrArray *reasons = g_ptr_array_new();
    int wins_all[2] = {0, 0};
    for (guint i = 0; i < r->games->len; i++) {
        const MatchGame *g = &g_array_index(r->games, MatchGame, i);
        if (g->outcome != ELO_DRAW) wins_all[g->outcome == ELO_WIN ? 0 : 1]++;
        guint k = 0;
        while (k < reasons->len && strcmp(g_ptr_array_index(reasons, k), g->reason) != 0) k++;
        if (k == reasons->len) g_ptr_array_add(reasons, (gpointer)g->reason);
    }
    for (guint k = 0; k < reasons->len; k++) {
        const char *reason = g_ptr_array_index(reasons, k);
        int n = 0, won[2] = {0, 0};
        for (guint i = 0; i < r->games->len; i++) {
            const MatchGame *g = &g_array_index(r->games, MatchGame, i);
            if (strcmp(g->reason, reason) != 0) continue;
            n++;
            if (g->outcome != ELO_DRAW) won[g->outcome == ELO_WIN ? 0 : 1]++;
        }
        fprintf(out, "ended by %s: %d games; %s won %d (%.1f %% of its wins), %s won %d (%.1f %%)\n",
                *reason ? reason : "(no reason recorded)", n, r->names[0], won[0],
                wins_all[0] ? 100.0 * won[0] / wins_all[0] : 0.0, r->names[1], won[1],
                wins_all[1] ? 100.0 * won[1] / wins_all[1] : 0.0);
    }
    g_ptr_array_free(reasons, TRUE);
}

void match_results_print(const MatchResults *r, FILE *out)
{
    EloPenta p;
    match_results_counts(r, &p);
    EloResult e;
    elo_estimate(&p, &e);
    uint64_t n = p.wins + p.draws + p.losses;
    fprintf(out,
            "%s against %s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
            " wins, %" G_GUINT64_FORMAT " draws, %" G_GUINT64_FORMAT
            " losses (W-D-L %" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT ")\n",
            r->names[0], r->names[1], n, p.wins, p.draws, p.losses, p.wins, p.draws, p.losses);
    double score = n ? (p.wins + 0.5 * p.draws) / (double)n : 0.5;
    fprintf(out, "score %.1f %%\n", 100 * score);
    fprintf(out, "Elo %+.1f ± %.1f (95 %%: %+.1f to %+.1f%s), from %" G_GUINT64_FORMAT " pairs\n",
            e.elo, e.elo95, e.elo_lo, e.elo_hi, e.clamped ? ", at a bound" : "", e.pairs);
    fprintf(out, "LOS %.1f %%\n", 100 * e.los);
    fprintf(out,
            "pentanomial (pairs by the first player's points, 0 to 2): %" G_GUINT64_FORMAT
            " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
            "\n",
            p.n[0], p.n[1], p.n[2], p.n[3], p.n[4]);
    if (r->sprt_on) {
        EloSprtResult t;
        elo_sprt_test(&r->sprt, &p, &t);
        fprintf(out, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f, bounds %.3f %.3f: %s\n",
                r->sprt.elo0, r->sprt.elo1, r->sprt.alpha, r->sprt.beta, t.llr, t.lower, t.upper,
                t.verdict == ELO_SPRT_H1   ? "H1 accepted"
                : t.verdict == ELO_SPRT_H0 ? "H0 accepted"
                                           : "no decision yet");
    }
    print_endings(r, out);
    print_times(r, out);
}
