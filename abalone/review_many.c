// SPDX-License-Identifier: MIT
// Many games reviewed (abalone/review_many.h): the results file, its resumption, and the table of
// each player's figures.
#include "abalone/review_many.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/file.h"
#include "base/number.h"
#include "core/lab/lab.h"

char *abalone_review_many_header(const char *path, const AbaloneReviewParams *p, char **sets,
                                 const char *config)
{
    GString *h = g_string_new("# sumito abalone review results, format 1: ");
    g_string_append_printf(h, "%s --nodes %" PRIu64 " --time-per-move %g --depth %d", path,
                           p->nodes, p->movetime, p->depth);
    g_string_append_printf(
        h, " --inaccuracy %d --mistake %d --blunder %d", p->threshold[ABALONE_REVIEW_INACCURACY],
        p->threshold[ABALONE_REVIEW_MISTAKE], p->threshold[ABALONE_REVIEW_BLUNDER]);
    for (char **s = sets; s && *s; s++) g_string_append_printf(h, " --set %s", *s);
    if (config) g_string_append_printf(h, " --config %s", config);
    for (char *c = h->str; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    return g_string_free(h, FALSE);
}

// A player's name as a field of a results line: tabs and line breaks become spaces.
static void append_name(GString *out, const AbaloneRecord *rec, const char *tag)
{
    const char *name = abalone_record_tag(rec, tag);
    if (!name || !*name) name = "?";
    for (const char *c = name; *c; c++)
        g_string_append_c(out, *c == '\t' || *c == '\n' || *c == '\r' ? ' ' : *c);
}

// The results line of game i (from 0): its number, the players, the plies, each side's moves,
// loss, win-probability loss and marks; or that it was refused and why.
static char *result_line(int i, const AbaloneRecord *rec, const AbaloneReview *r, const char *why)
{
    GString *l = g_string_new(NULL);
    g_string_printf(l, "%d\t", i + 1);
    if (why) {
        g_string_append(l, "refused\t");
        for (const char *c = why; *c; c++) g_string_append_c(l, *c == '\n' ? ' ' : *c);
        return g_string_free(l, FALSE);
    }
    append_name(l, rec, "Black");
    g_string_append_c(l, '\t');
    append_name(l, rec, "White");
    g_string_append_printf(l, "\t%u", r->moves->len);
    for (int s = 0; s < 2; s++)
        g_string_append_printf(l, "\t%d %" PRId64 " %.6f %d %d %d", r->count[s], r->loss[s],
                               r->win_loss[s], r->marks[s][ABALONE_REVIEW_INACCURACY],
                               r->marks[s][ABALONE_REVIEW_MISTAKE],
                               r->marks[s][ABALONE_REVIEW_BLUNDER]);
    return g_string_free(l, FALSE);
}

// Reads the lines of an earlier run into done[game] (from 0); false with a message for a file
// of other options or a line that is no result of a game of this file.
static bool resume(const AbaloneReviewMany *m, char **done, int *have)
{
    char *text = NULL;
    GError *err = NULL;
    *have = 0;
    if (!m->out) return true;
    if (!lab_resume_read(m->out, m->header, NULL, &text, &err)) return lab_report(err), false;
    if (!text) return true;
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    int n = abalone_record_file_count(m->file);
    for (int k = 1; ok && lines[0] && lines[k]; k++) {
        if (!*lines[k]) continue;
        int64_t game = 0;
        char *tab = strchr(lines[k], '\t');
        if (tab) *tab = '\0';
        if (!tab || number_parse_int(lines[k], 1, n, &game) != NUMBER_OK || done[game - 1]) {
            ok = (lab_error("%s:%d: not the result of a game of this file, nor a new one", m->out,
                            k + 1),
                  false);
            break;
        }
        *tab = '\t';
        done[game - 1] = g_strdup(lines[k]);
        ++*have;
    }
    g_strfreev(lines);
    g_free(text);
    return ok;
}

// The results file rewritten whole: the header, then the games in order.
static bool save(const AbaloneReviewMany *m, char **done, int n)
{
    if (!m->out) return true;
    GString *t = g_string_new(m->header);
    g_string_append_c(t, '\n');
    for (int i = 0; i < n; i++)
        if (done[i]) g_string_append_printf(t, "%s\n", done[i]);
    GError *err = NULL;
    bool ok = file_write_atomic(m->out, t->str, t->len, &err);
    if (!ok) lab_report(err);
    g_string_free(t, TRUE);
    return ok;
}

typedef struct {
    LabProgress progress;
    int game, left, of;
} ManyProgress;

static void show_progress(int done, int total, void *user)
{
    const ManyProgress *p = user;
    lab_progress(&p->progress, p->of - p->left + (double)done / total, p->of,
                 "game %d (%d left of %d), %d of %d positions", p->game, p->left, p->of, done,
                 total);
}

// Reviews game i into done[i]; false when Ctrl-C stopped it.
static bool review_game(AbaloneEngine *e, const AbaloneReviewMany *m, int i, char **done,
                        ManyProgress *pr)
{
    AbaloneRecord rec;
    GError *err = NULL;
    bool ok = true;
    if (!abalone_record_file_game(m->file, i, &rec, NULL, &err)) {
        lab_error("game %d refused: %s", i + 1, err->message);
        done[i] = result_line(i, NULL, NULL, err->message);
        g_error_free(err);
    } else {
        AbaloneReview r;
        pr->game = i + 1;
        if ((ok = abalone_review_game(e, &rec, &m->params, show_progress, pr, &r)))
            done[i] = result_line(i, &rec, &r, NULL);
        abalone_review_free(&r);
    }
    abalone_record_free(&rec);
    return ok;
}

// done holds NULL where a game is not reviewed: g_strfreev would stop there.
static void free_lines(char **done, int n)
{
    for (int i = 0; i < n; i++) g_free(done[i]);
    g_free(done);
}

int abalone_review_many(AbaloneEngine *e, const AbaloneReviewMany *m)
{
    int n = abalone_record_file_count(m->file), have, rc = 0;
    char **done = g_new0(char *, n + 1);
    if (!resume(m, done, &have)) {
        free_lines(done, n);
        return EXIT_BAD_INPUT;
    }
    int end = MIN(n, m->first + m->games), todo = 0;
    for (int i = m->first; i < end; i++) todo += !done[i];
    if (m->out && have)
        fprintf(stderr, "resuming %s: %d of games %d to %d to review\n", m->out, todo, m->first + 1,
                end);
    ManyProgress pr = {.left = todo, .of = todo};
    lab_progress_start(&pr.progress);
    for (int i = m->first; i < end && rc == 0; i++) {
        if (done[i]) continue;
        if (!review_game(e, m, i, done, &pr))
            rc = 130;
        else if (!save(m, done, n))
            rc = EXIT_BAD_INPUT;
        pr.left--;
    }
    lab_progress_end(&pr.progress);
    if (rc == 130)
        lab_error("interrupted: the games finished are in %s; the same command resumes",
                  m->out ? m->out : "no file (no --out)");
    GPtrArray *lines = g_ptr_array_new();
    for (int i = m->first; i < end; i++)
        if (done[i]) g_ptr_array_add(lines, done[i]);
    g_ptr_array_add(lines, NULL);
    GString *table = g_string_new(NULL);
    abalone_review_many_table((char **)lines->pdata, table);
    fputs(table->str, stdout);
    g_string_free(table, TRUE);
    g_ptr_array_free(lines, TRUE);
    free_lines(done, n);
    return rc;
}

// One player's figures over the games.
typedef struct {
    const char *name;
    int games, moves, marks[3];
    int64_t loss;
    double win_loss;
} PlayerRow;

static PlayerRow *player_row(GHashTable *rows, const char *name)
{
    PlayerRow *p = g_hash_table_lookup(rows, name);
    if (!p) {
        p = g_new0(PlayerRow, 1);
        p->name = name;
        g_hash_table_insert(rows, (char *)name, p);
    }
    return p;
}

static gint by_games(gconstpointer a, gconstpointer b)
{
    const PlayerRow *x = *(PlayerRow *const *)a, *y = *(PlayerRow *const *)b;
    return x->games != y->games ? y->games - x->games : strcmp(x->name, y->name);
}

// Adds a results line's two players to rows; false for a refused game.
static bool add_line(GHashTable *rows, char **f, int *moves)
{
    if (g_strv_length(f) != 6) return false;
    for (int s = 0; s < 2; s++) {
        PlayerRow *p = player_row(rows, f[1 + s]), d = {0};
        if (sscanf(f[4 + s], "%d %" SCNd64 " %lf %d %d %d", &d.moves, &d.loss, &d.win_loss,
                   &d.marks[0], &d.marks[1], &d.marks[2]) != 6)
            continue;
        p->games++, p->moves += d.moves, p->loss += d.loss, p->win_loss += d.win_loss;
        for (int k = 0; k < 3; k++) p->marks[k] += d.marks[k];
        *moves += d.moves;
    }
    return true;
}

void abalone_review_many_table(char **lines, GString *out)
{
    GHashTable *rows = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, g_free);
    GPtrArray *fields = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    int games = 0, refused = 0, moves = 0;
    for (char **l = lines; *l; l++) {
        char **f = g_strsplit(*l, "\t", -1);
        g_ptr_array_add(fields, f);
        games++;
        refused += !add_line(rows, f, &moves);
    }
    GPtrArray *sorted = g_ptr_array_new();
    GList *values = g_hash_table_get_values(rows);
    for (GList *v = values; v; v = v->next) g_ptr_array_add(sorted, v->data);
    g_list_free(values);
    g_ptr_array_sort(sorted, by_games);
    g_string_append_printf(out, "%-20s %5s %6s %9s %9s %12s %8s %8s\n", "player", "games", "moves",
                           "mean loss", "win loss%", "inaccuracy%", "mistake%", "blunder%");
    for (guint i = 0; i < sorted->len; i++) {
        const PlayerRow *p = g_ptr_array_index(sorted, i);
        double n = MAX(p->moves, 1);
        // Padded by characters, not bytes: names are UTF-8.
        glong pad = MAX(0, 20 - g_utf8_strlen(p->name, -1));
        g_string_append_printf(out, "%s%*s %5d %6d %9.0f %9.1f %12.1f %8.1f %8.1f\n", p->name,
                               (int)pad, "", p->games, p->moves, p->loss / n, 100 * p->win_loss / n,
                               100 * p->marks[0] / n, 100 * p->marks[1] / n, 100 * p->marks[2] / n);
    }
    g_string_append_printf(out, "%d games reviewed (%d refused), %d moves\n", games - refused,
                           refused, moves);
    g_ptr_array_free(sorted, TRUE);
    g_ptr_array_free(fields, TRUE);
    g_hash_table_destroy(rows);
}
