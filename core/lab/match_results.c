// SPDX-License-Identifier: MIT
// A match's results file, its statistics and summary (core/lab/match_results.h).
#include "core/lab/match_results.h"
#include "base/file.h"
#include "base/number.h"
#include "core/stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *match_header_value(const char *header, const char *key)
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
        char *v = match_header_value(r->header, key);
        char *eq = v ? strstr(v, " = ") : NULL;
        if (eq) *eq = '\0';
        r->names[i] = v ? v : g_strdup(i ? "second" : "first");
    }
    r->game = match_header_value(r->header, "game");
    r->limits[0] = match_header_value(r->header, "player 1 limits");
    r->limits[1] = match_header_value(r->header, "player 2 limits");
    r->limits_all = match_header_value(r->header, "limits");
    char *sprt = match_header_value(r->header, "sprt");
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
    r->index = g_hash_table_new(g_direct_hash, NULL);
    read_header(r);
}

void match_results_clear(MatchResults *r)
{
    g_free(r->header);
    g_free(r->names[0]);
    g_free(r->names[1]);
    g_free(r->limits[0]);
    g_free(r->limits[1]);
    g_free(r->limits_all);
    g_free(r->game);
    if (r->moves) g_hash_table_destroy(r->moves);
    if (r->games) g_array_free(r->games, TRUE);
    if (r->index) g_hash_table_destroy(r->index);
    memset(r, 0, sizeof *r);
}

static char outcome_letter(EloOutcome o)
{
    return o == ELO_WIN ? 'W' : o == ELO_DRAW ? 'D' : 'L';
}

char *match_game_line(const MatchGame *g)
{
    char taken[40] = "";
    if (g->taken[0] >= 0 && g->taken[1] >= 0)
        snprintf(taken, sizeof taken, " taken %d %d", g->taken[0], g->taken[1]);
    return g_strdup_printf("game %d opening %d first %c result %c plies %d p1 %d %.4f %.4f "
                           "p2 %d %.4f %.4f overhead %.5f%s reason %s\n",
                           g->game, g->opening, g->first_side ? 'W' : 'B',
                           outcome_letter(g->outcome), g->plies, g->moves[0], g->time[0],
                           g->longest[0], g->moves[1], g->time[1], g->longest[1], g->overhead,
                           taken, g->reason);
}

// A game's line read field by field: each field a word, one space between words.
typedef struct {
    const char *at; // the rest of the line
    GError **err;
} LineReader;

static bool line_fail(LineReader *lr, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static bool line_fail(LineReader *lr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *message = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error_literal(lr->err, G_FILE_ERROR, G_FILE_ERROR_INVAL, message);
    g_free(message);
    return false;
}

// The next word into word (at most size - 1 bytes); false, with an error naming field, when
// the line ends or the word is longer.
static bool next_word(LineReader *lr, const char *field, char *word, size_t size)
{
    size_t n = strcspn(lr->at, " ");
    if (n == 0) return line_fail(lr, "field '%s' is missing", field);
    if (n >= size) return line_fail(lr, "field '%s': '%.*s...' is too long", field, 16, lr->at);
    memcpy(word, lr->at, n);
    word[n] = '\0';
    lr->at += n + (lr->at[n] == ' ');
    return true;
}

static bool expect_word(LineReader *lr, const char *keyword)
{
    char word[32];
    if (!next_word(lr, keyword, word, sizeof word)) return false;
    if (strcmp(word, keyword) == 0) return true;
    return line_fail(lr, "'%s' where the word '%s' is expected", word, keyword);
}

static bool read_count(LineReader *lr, const char *field, int max, int *out)
{
    char word[32];
    int64_t v = 0;
    if (!next_word(lr, field, word, sizeof word)) return false;
    if (number_parse_int(word, 0, max, &v) != NUMBER_OK)
        return line_fail(lr, "field '%s': '%s' is not a whole number from 0 to %d", field, word,
                         max);
    *out = (int)v;
    return true;
}

static bool read_seconds(LineReader *lr, const char *field, double *out)
{
    char word[32];
    double v = 0;
    if (!next_word(lr, field, word, sizeof word)) return false;
    if (number_parse_double(word, &v) != NUMBER_OK || !(v >= 0 && v <= MATCH_SECONDS_MAX))
        return line_fail(lr, "field '%s': '%s' is not a number of seconds from 0 to %g", field,
                         word, MATCH_SECONDS_MAX);
    *out = v;
    return true;
}

// One of the letters of `letters`.
static bool read_letter(LineReader *lr, const char *field, const char *letters, char *out)
{
    char word[32];
    if (!next_word(lr, field, word, sizeof word)) return false;
    if (strlen(word) != 1 || !strchr(letters, word[0]))
        return line_fail(lr, "field '%s': '%s' is not one of the letters %s", field, word, letters);
    *out = word[0];
    return true;
}

// "pK MOVES SECONDS LONGEST" for player k (0 or 1).
static bool read_player(LineReader *lr, int k, MatchGame *g)
{
    static const char *const fields[2][4] = {{"p1", "p1 moves", "p1 seconds", "p1 longest"},
                                             {"p2", "p2 moves", "p2 seconds", "p2 longest"}};
    const char *const *f = fields[k];
    if (!expect_word(lr, f[0]) || !read_count(lr, f[1], MATCH_PLIES_MAX, &g->moves[k]) ||
        !read_seconds(lr, f[2], &g->time[k]) || !read_seconds(lr, f[3], &g->longest[k]))
        return false;
    // Both are sums rounded alike, so the longest move is never above the player's total.
    if (g->longest[k] > g->time[k])
        return line_fail(lr, "field '%s': %.4f s is longer than the %.4f s of all its moves", f[3],
                         g->longest[k], g->time[k]);
    return true;
}

bool match_game_parse(const char *line, MatchGame *g, GError **err)
{
    memset(g, 0, sizeof *g);
    LineReader lr = {line, err};
    char first = 0, result = 0;
    if (!expect_word(&lr, "game") || !read_count(&lr, "game", MATCH_GAME_MAX, &g->game) ||
        !expect_word(&lr, "opening") || !read_count(&lr, "opening", MATCH_GAME_MAX, &g->opening) ||
        !expect_word(&lr, "first") || !read_letter(&lr, "first", "BW", &first) ||
        !expect_word(&lr, "result") || !read_letter(&lr, "result", "WDL", &result) ||
        !expect_word(&lr, "plies") || !read_count(&lr, "plies", MATCH_PLIES_MAX, &g->plies) ||
        !read_player(&lr, 0, g) || !read_player(&lr, 1, g) || !expect_word(&lr, "overhead") ||
        !read_seconds(&lr, "overhead", &g->overhead))
        return false;
    g->taken[0] = g->taken[1] = -1;
    if (g_str_has_prefix(lr.at, "taken ") &&
        (!expect_word(&lr, "taken") ||
         !read_count(&lr, "p1 taken", MATCH_PLIES_MAX, &g->taken[0]) ||
         !read_count(&lr, "p2 taken", MATCH_PLIES_MAX, &g->taken[1])))
        return false;
    // The reason is the rest of the line, possibly empty ("reason " or "reason").
    if (!g_str_has_prefix(lr.at, "reason") || (lr.at[6] != '\0' && lr.at[6] != ' '))
        return line_fail(&lr, "'%.16s' where the word 'reason' is expected", lr.at);
    g->first_side = first == 'W';
    g->outcome = result == 'W' ? ELO_WIN : result == 'D' ? ELO_DRAW : ELO_LOSS;
    g_strlcpy(g->reason, lr.at[6] ? lr.at + 7 : "", sizeof g->reason);
    g->reason[strcspn(g->reason, "\r\n")] = '\0';
    return true;
}

// The format version on the header's first line: false, with an error, unless it is one this
// program reads.
static bool check_format(const char *header, const char *path, GError **err)
{
    static const char intro[] = "# sumito match results, format ";
    if (!g_str_has_prefix(header, intro)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "%s:1: not a match results file (it starts '%s')", path, intro);
        return false;
    }
    const char *v = header + strlen(intro);
    char *version = g_strndup(v, strcspn(v, "\n"));
    int64_t n = 0;
    bool ok = number_parse_int(version, 0, INT32_MAX, &n) == NUMBER_OK &&
              n >= MATCH_FORMAT_OLDEST && n <= MATCH_FORMAT;
    if (!ok)
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "%s:1: results format '%s' is not known (this sumito reads formats %d to %d)",
                    path, version, MATCH_FORMAT_OLDEST, MATCH_FORMAT);
    g_free(version);
    return ok;
}

// The text's lines, cut in place (each newline becomes a NUL): one call a line, false at the
// end. *whole is false for a last line without its newline.
typedef struct {
    char *at, *end;
    int number; // of the line returned last, from 1
} LineCutter;

static bool next_line(LineCutter *c, char **line, size_t *len, bool *whole)
{
    if (c->at >= c->end) return false;
    char *nl = memchr(c->at, '\n', (size_t)(c->end - c->at));
    *line = c->at;
    *len = (size_t)((nl ? nl : c->end) - c->at);
    *whole = nl != NULL;
    if (nl) *nl = '\0';
    c->at += *len + 1;
    c->number++;
    return true;
}

static bool fail_at(GError **err, const char *path, int line, const char *message)
{
    g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%d: %s", path, line, message);
    return false;
}

// Reads the game lines after the header (the first already cut, in line) into r; false with an
// error naming the line.
static bool load_games(MatchResults *r, LineCutter *c, char *line, size_t len, bool whole,
                       const char *path, GError **err)
{
    for (bool more = line != NULL; more; more = next_line(c, &line, &len, &whole)) {
        if (memchr(line, '\0', len)) return fail_at(err, path, c->number, "a NUL byte");
        MatchGame g;
        GError *e = NULL;
        if (!match_game_parse(line, &g, &e)) {
            // A line cut by a crash while it was written is the last one and has no newline:
            // it is dropped, and its game simply played again. Any other is refused.
            bool ok = !whole || fail_at(err, path, c->number, e->message);
            g_error_free(e);
            return ok;
        }
        if (!match_results_add(r, &g)) {
            char *m = g_strdup_printf("game %d is given twice", g.game);
            fail_at(err, path, c->number, m);
            g_free(m);
            return false;
        }
    }
    return true;
}

bool match_results_load(MatchResults *r, const char *path, GError **err)
{
    char *text = NULL, *line = NULL;
    gsize size = 0;
    if (!file_read_all(path, FILE_READ_MAX, &text, &size, err)) return false;
    LineCutter c = {text, text + size, 0};
    GString *header = g_string_new(NULL);
    size_t len = 0;
    bool whole = false, more;
    while ((more = next_line(&c, &line, &len, &whole)) && whole && line[0] == '#')
        g_string_append_printf(header, "%s\n", line);
    bool ok = check_format(header->str, path, err);
    if (ok) {
        match_results_init(r, header->str);
        ok = load_games(r, &c, more ? line : NULL, len, whole, path, err);
        if (!ok) match_results_clear(r);
    }
    g_free(text);
    g_string_free(header, TRUE);
    return ok;
}

bool match_results_has(MatchResults *r, int game)
{
    r->steps++;
    return g_hash_table_contains(r->index, GINT_TO_POINTER(game + 1));
}

bool match_results_add(MatchResults *r, const MatchGame *g)
{
    if (match_results_has(r, g->game)) return false;
    g_hash_table_add(r->index, GINT_TO_POINTER(g->game + 1));
    g_array_append_val(r->games, *g);
    return true;
}

void match_results_note_moves(MatchResults *r, const char *moves)
{
    if (!r->moves) r->moves = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    r->steps++;
    g_hash_table_add(r->moves, g_strdup(moves));
    r->noted++;
}

// The distinct games among those noted: all of them, or those with records.
static void print_distinct(const MatchResults *r, FILE *out)
{
    unsigned distinct = r->moves ? g_hash_table_size(r->moves) : 0;
    if (r->noted == 0)
        fprintf(out, "distinct games: not counted (no game records)\n");
    else if (r->noted == (int)r->games->len)
        fprintf(out, "distinct games: %u of %d\n", distinct, r->noted);
    else
        fprintf(out, "distinct games: %u of %d with records (%u games)\n", distinct, r->noted,
                r->games->len);
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

// The kinds of ending, in the summary's order, and the reasons of each: a reason equal to one
// of `exact` or starting with one of `prefix` (the games' own texts: Abalone's and Go's
// GameResult reasons, the runner's "resignation", "time: ..." and "forfeit: ...").
static const struct {
    const char *kind;
    const char *exact[3], *prefix[2];
} ending_kinds[] = {
    {"by the sixth ejection", {"six marbles ejected"}, {NULL}},
    {"by score", {"two passes"}, {"clean-up cut"}},
    {"by resignation", {"resignation"}, {NULL}},
    {"at the move cap", {"move cap", "move cap reached"}, {NULL}},
    {"by repetition", {"threefold repetition", "repetition"}, {NULL}},
    {"with no legal move", {"no legal move"}, {NULL}},
    {"on time", {NULL}, {"time: "}},
    {"by engine failure", {NULL}, {"forfeit: "}},
};
#define ENDING_KINDS ((int)G_N_ELEMENTS(ending_kinds))

// The index of reason's kind in ending_kinds, or -1.
static int ending_kind(const char *reason)
{
    for (int k = 0; k < ENDING_KINDS; k++) {
        for (int i = 0; i < 3 && ending_kinds[k].exact[i]; i++)
            if (strcmp(reason, ending_kinds[k].exact[i]) == 0) return k;
        for (int i = 0; i < 2 && ending_kinds[k].prefix[i]; i++)
            if (g_str_has_prefix(reason, ending_kinds[k].prefix[i])) return k;
    }
    return -1;
}

const char *match_results_ending_kind(const char *reason)
{
    int k = ending_kind(reason);
    return k < 0 ? NULL : ending_kinds[k].kind;
}

// How the games ended: one line a kind of ending (then one a reason of no known kind, in order
// of first appearance), with who won them and what share of each player's wins ended that way
// (for Abalone, wins by the sixth ejection against wins at the move cap), and the pieces taken
// in those games. One pass, the reasons of no known kind found through a hash table.
typedef struct {
    const char *reason; // NULL: a known kind
    int games, won[2];
    GHashTable *taken; // "A-B" -> games (gsize), or NULL when no game of it counted them
    GPtrArray *order;  // the keys of taken in order of first appearance
} Ending;

static void ending_add(Ending *e, const MatchGame *g)
{
    e->games++;
    if (g->outcome != ELO_DRAW) e->won[g->outcome == ELO_WIN ? 0 : 1]++;
    if (g->taken[0] < 0 || g->taken[1] < 0) return;
    if (!e->taken) {
        e->taken = g_hash_table_new(g_str_hash, g_str_equal); // its keys are order's
        e->order = g_ptr_array_new_with_free_func(g_free);
    }
    char key[32];
    snprintf(key, sizeof key, "%d-%d", g->taken[0], g->taken[1]);
    gpointer orig = NULL, n = NULL;
    if (!g_hash_table_lookup_extended(e->taken, key, &orig, &n)) {
        orig = g_strdup(key);
        g_ptr_array_add(e->order, orig);
    }
    g_hash_table_insert(e->taken, orig, GSIZE_TO_POINTER(GPOINTER_TO_SIZE(n) + 1));
}

// Most games first, then first appearance.
static int compare_taken(gconstpointer a, gconstpointer b, gpointer data)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    gsize m = GPOINTER_TO_SIZE(g_hash_table_lookup(data, x));
    gsize n = GPOINTER_TO_SIZE(g_hash_table_lookup(data, y));
    return (m < n) - (m > n);
}

// "; taken (A-B): 6-2 in 3 games, 6-4 in 1" (the 6 commonest counts, then how many more).
static void print_taken(const MatchResults *r, Ending *e, FILE *out)
{
    if (!e->taken) return;
    g_ptr_array_sort_with_data(e->order, compare_taken, e->taken); // stable: ties keep order
    fprintf(out, "; taken (%s-%s):", r->names[0], r->names[1]);
    for (guint i = 0; i < e->order->len && i < 6; i++) {
        const char *key = g_ptr_array_index(e->order, i);
        gsize n = GPOINTER_TO_SIZE(g_hash_table_lookup(e->taken, key));
        fprintf(out, "%s %s in %" G_GSIZE_FORMAT "%s", i ? "," : "", key, n,
                i        ? ""
                : n == 1 ? " game"
                         : " games");
    }
    if (e->order->len > 6) fprintf(out, ", %u other counts", e->order->len - 6);
    g_ptr_array_free(e->order, TRUE);
    g_hash_table_destroy(e->taken);
}

static void print_endings(MatchResults *r, FILE *out)
{
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal); // reason -> index + 1
    GArray *endings = g_array_new(FALSE, TRUE, sizeof(Ending));
    g_array_set_size(endings, ENDING_KINDS);
    int wins_all[2] = {0, 0};
    for (guint i = 0; i < r->games->len; i++) {
        const MatchGame *g = &g_array_index(r->games, MatchGame, i);
        int k = ending_kind(g->reason);
        if (k < 0) {
            r->steps++;
            k = (int)GPOINTER_TO_UINT(g_hash_table_lookup(seen, g->reason)) - 1;
        }
        if (k < 0) {
            g_array_append_val(endings, ((Ending){.reason = g->reason}));
            k = (int)endings->len - 1;
            g_hash_table_insert(seen, (gpointer)g->reason, GUINT_TO_POINTER(k + 1));
        }
        ending_add(&g_array_index(endings, Ending, k), g);
        if (g->outcome != ELO_DRAW) wins_all[g->outcome == ELO_WIN ? 0 : 1]++;
    }
    for (guint k = 0; k < endings->len; k++) {
        Ending *e = &g_array_index(endings, Ending, k);
        if (!e->games) continue;
        const char *what = k < ENDING_KINDS ? ending_kinds[k].kind : NULL;
        fprintf(out, "ended %s%s: %d games; %s won %d (%.1f %% of its wins), %s won %d (%.1f %%)",
                what ? what : "by ",
                what         ? ""
                : *e->reason ? e->reason
                             : "(no reason recorded)",
                e->games, r->names[0], e->won[0],
                wins_all[0] ? 100.0 * e->won[0] / wins_all[0] : 0.0, r->names[1], e->won[1],
                wins_all[1] ? 100.0 * e->won[1] / wins_all[1] : 0.0);
        print_taken(r, e, out);
        fputc('\n', out);
    }
    g_array_free(endings, TRUE);
    g_hash_table_destroy(seen);
}

// The median plies of the games each player won: how long a won game takes to end.
static void print_won_plies(const MatchResults *r, FILE *out)
{
    GArray *plies[2] = {g_array_new(FALSE, FALSE, sizeof(double)),
                        g_array_new(FALSE, FALSE, sizeof(double))};
    for (guint i = 0; i < r->games->len; i++) {
        const MatchGame *g = &g_array_index(r->games, MatchGame, i);
        double n = g->plies;
        if (g->outcome != ELO_DRAW) g_array_append_val(plies[g->outcome == ELO_WIN ? 0 : 1], n);
    }
    fprintf(out, "plies of a won game:");
    for (int k = 0; k < 2; k++) {
        GArray *a = plies[k];
        if (a->len)
            fprintf(out, "%s %s median %g (%u games)", k ? ";" : "", r->names[k],
                    stats_median((double *)(void *)a->data, (int)a->len), a->len);
        else
            fprintf(out, "%s %s none", k ? ";" : "", r->names[k]);
        g_array_free(a, TRUE);
    }
    fputc('\n', out);
}

// Each player's limits: from the header's "player N limits" lines (format 2), else the
// match's, which format 1 gives for both.
static void print_limits(const MatchResults *r, FILE *out)
{
    if (r->limits[0] && r->limits[1])
        fprintf(out, "limits: %s %s; %s %s\n", r->names[0], r->limits[0], r->names[1],
                r->limits[1]);
    else if (r->limits_all)
        fprintf(out, "limits: the match's %s (a player's own limits are in its options)\n",
                r->limits_all);
}

void match_results_print(MatchResults *r, FILE *out)
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
    print_distinct(r, out);
    print_endings(r, out);
    print_won_plies(r, out);
    print_limits(r, out);
    print_times(r, out);
}
