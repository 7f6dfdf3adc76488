// SPDX-License-Identifier: MIT
// `sumito abalone review FILE`: its options, their checks, and the review of one game printed as
// a table (abalone/review.h); the command line's part of the work, kept beside the work itself.
#include "abalone/review_cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "abalone/desc.h"
#include "abalone/review.h"
#include "abalone/review_many.h"
#include "abalone/review_out.h"
#include "core/lab/lab.h"
#include "core/lab/options.h"

// The options, as given.
typedef struct {
    int index, first_game, games;
    double movetime;
    gint64 nodes;
    int depth, inaccuracy, mistake, blunder;
    char **sets, *config, *out, *chart, *sheet;
} ReviewArgs;

static bool args_check(const ReviewArgs *a, AbaloneReviewParams *p)
{
    abalone_review_params_default(p);
    if (a->index < 0) return lab_error("--game-index must be 1 or more, not %d", a->index), false;
    if (!(a->movetime >= 0 && a->movetime <= 3600))
        return lab_error("--time-per-move must be above 0 and at most 3600 s, not %g", a->movetime),
               false;
    if (a->nodes != INT64_MIN && a->nodes < 1)
        return lab_error("--nodes must be positive, not %" G_GINT64_FORMAT, a->nodes), false;
    if (a->depth != -1 && (a->depth < 1 || a->depth > MAX_PLY - 2))
        return lab_error("--depth must be 1 to %d, not %d", MAX_PLY - 2, a->depth), false;
    int t[] = {0, a->inaccuracy, a->mistake, a->blunder};
    for (int m = 1; m < ABALONE_REVIEW_MARKS; m++) {
        if (t[m] == -1) t[m] = p->threshold[m];
        if (t[m] < 1 || t[m] > 2 * ABALONE_REVIEW_SCORE_CAP || t[m] < t[m - 1])
            return lab_error("the thresholds must grow from 1 to %d (--inaccuracy <= --mistake <= "
                             "--blunder), not %d for the %s",
                             2 * ABALONE_REVIEW_SCORE_CAP, t[m],
                             abalone_review_mark_name((AbaloneReviewMark)m)),
                   false;
        p->threshold[m] = t[m];
    }
    p->movetime = a->movetime, p->depth = MAX(a->depth, 0);
    p->nodes = a->nodes > 0 ? (uint64_t)a->nodes : 0;
    if (!p->movetime && !p->depth && !p->nodes) p->nodes = ABALONE_REVIEW_NODES;
    return true;
}

static void show_progress(int done, int total, void *user)
{
    lab_progress(user, done, total, "%d of %d positions searched", done, total);
}

// Reviews game index (0: the only one) of f and prints it; writes what --out, --chart and
// --sheet ask for.
static int review_one(const AbaloneRecordFile *f, int index, AbaloneEngine *e,
                      const AbaloneReviewParams *p, const ReviewArgs *a)
{
    AbaloneRecord rec;
    GError *err = NULL;
    if (!abalone_record_file_game(f, index ? index - 1 : 0, &rec, NULL, &err)) {
        abalone_record_free(&rec);
        return lab_report(err);
    }
    AbaloneReview r;
    LabProgress pr;
    lab_progress_start(&pr);
    bool done = abalone_review_game(e, &rec, p, show_progress, &pr, &r);
    lab_progress_end(&pr);
    int rc = done ? 0 : (lab_error("interrupted: nothing written"), 130);
    if (done) {
        GString *table = g_string_new(NULL);
        abalone_review_format(&r, &rec, table);
        fputs(table->str, stdout);
        g_string_free(table, TRUE);
        if (!abalone_review_write(&r, &rec, a->out, a->chart, a->sheet, &err)) rc = lab_report(err);
    }
    abalone_review_free(&r);
    abalone_record_free(&rec);
    return rc;
}

// The outputs may be written and are none of the inputs.
static bool outputs_check(const ReviewArgs *a, const GOptionEntry *entries, int argc, char **argv)
{
    const char *names[] = {"--out", "--chart", "--sheet"}, *paths[] = {a->out, a->chart, a->sheet};
    for (int i = 0; i < 3; i++)
        if (paths[i] && !lab_check_output(names[i], paths[i], entries, argc - 1, argv + 1))
            return false;
    return true;
}

// Whether the options ask for many games (--first-game, --games, or a file of several games
// without --game-index); refuses what only one game takes. -1: refused.
static int many_mode(const ReviewArgs *a, const AbaloneRecordFile *f)
{
    int n = abalone_record_file_count(f);
    bool many = a->first_game >= 0 || a->games >= 0 || (a->index == 0 && n > 1);
    if (!many) return 0;
    if (a->index > 0) return lab_error("--game-index excludes --first-game and --games"), -1;
    if (a->chart || a->sheet)
        return lab_error("--chart and --sheet draw one game: choose it with --game-index N"), -1;
    if (a->first_game >= n)
        return lab_error("--first-game %d: %s holds %d games (numbered from 0 here)", a->first_game,
                         f->path, n),
               -1;
    if (a->games == 0 || a->games < -1) return lab_error("--games must be 1 or more"), -1;
    return 1;
}

static int review_many(const ReviewArgs *a, const AbaloneReviewParams *p,
                       const AbaloneRecordFile *f, AbaloneEngine *e)
{
    int first = MAX(a->first_game, 0), n = abalone_record_file_count(f);
    AbaloneReviewMany m = {.file = f,
                           .first = first,
                           .games = a->games > 0 ? a->games : n - first,
                           .out = a->out,
                           .params = *p};
    char *header = abalone_review_many_header(f->path, p, a->sets, a->config);
    m.header = header;
    int rc = abalone_review_many(e, &m);
    g_free(header);
    return rc;
}

static int review_run(const ReviewArgs *a, const AbaloneReviewParams *p, const char *path)
{
    AbaloneRecordFile f;
    GError *err = NULL;
    if (!abalone_record_file_read(&f, path, &err)) return lab_report(err);
    int rc = EXIT_BAD_INPUT, many = many_mode(a, &f);
    GameEngine *ge = NULL;
    if (many < 0) {
    } else if (!many && !abalone_record_file_check_index(&f, a->index, true, &err)) {
        lab_report(err);
    } else if (!(ge = game_engine_new(&abalone_game_desc, a->config, a->sets, NULL, &err))) {
        lab_report(err);
    } else {
        AbaloneEngine *e = (AbaloneEngine *)ge;
        lab_interrupt_catch();
        lab_interrupt_search(&e->core);
        rc = many ? review_many(a, p, &f, e) : review_one(&f, a->index, e, p, a);
        lab_interrupt_search(NULL);
        game_engine_free(&abalone_game_desc, ge);
    }
    abalone_record_file_clear(&f);
    return rc;
}

int abalone_review_main(int argc, char **argv)
{
    ReviewArgs a = {.first_game = -1,
                    .games = -1,
                    .nodes = INT64_MIN,
                    .depth = -1,
                    .inaccuracy = -1,
                    .mistake = -1,
                    .blunder = -1};
    const GOptionEntry entries[] = {
        {"game-index", 0, 0, G_OPTION_ARG_INT, &a.index, "review only game N (from 1)", "N"},
        {"first-game", 0, 0, G_OPTION_ARG_INT, &a.first_game,
         "many games: start at game K + 1 (K from 0: the shards of a long review)", "K"},
        {"games", 'g', 0, G_OPTION_ARG_INT, &a.games,
         "many games: review N games (default: to the end of the file)", "N"},
        {"nodes", 'n', 0, G_OPTION_ARG_INT64, &a.nodes,
         "nodes of each search (the default: 200000 when no other limit is given)", "N"},
        {"time-per-move", 't', 0, G_OPTION_ARG_DOUBLE, &a.movetime,
         "seconds of each search instead (results then depend on the machine's load)", "S"},
        {"depth", 'd', 0, G_OPTION_ARG_INT, &a.depth, "search to this depth at most", "D"},
        {"inaccuracy", 0, 0, G_OPTION_ARG_INT, &a.inaccuracy,
         "the loss that marks an inaccuracy, in evaluation units (default 150)", "U"},
        {"mistake", 0, 0, G_OPTION_ARG_INT, &a.mistake, "the loss of a mistake (default 400)", "U"},
        {"blunder", 0, 0, G_OPTION_ARG_INT, &a.blunder, "the loss of a blunder (default 800)", "U"},
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &a.out,
         "one game: write it annotated (APGN); many: the results file, resumed", "FILE"},
        {"chart", 0, 0, G_OPTION_ARG_FILENAME, &a.chart,
         "draw Black's win probability over the game, mistakes marked (PNG)", "FILE"},
        {"sheet", 0, 0, G_OPTION_ARG_FILENAME, &a.sheet,
         "draw the worst moves with the better ones (PNG)", "FILE"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &a.sets,
         "an engine parameter (see sumito params)", "NAME=VALUE"},
        {"config", 'c', 0, G_OPTION_ARG_FILENAME, &a.config, "engine parameters from a file",
         "FILE"},
        G_OPTION_ENTRY_NULL};
    LabOptions *o = lab_options_new("FILE - the engine's review of played games",
                                    "Searches every position of a game at a fixed budget and "
                                    "prints, for each move, its score, the engine's best move "
                                    "and the loss, with the inaccuracies, mistakes and blunders "
                                    "marked; over many games, each player's figures (Ctrl-C "
                                    "keeps finished games; the same command resumes). "
                                    "docs/abalone.md, Review.");
    lab_options_add(o, entries);
    GError *err = NULL;
    AbaloneReviewParams p;
    int rc = EXIT_BAD_INPUT;
    if (!lab_options_parse(o, &argc, &argv, &err))
        lab_report(err);
    else if (argc != 2)
        lab_error("review takes one record file");
    else if (args_check(&a, &p) && outputs_check(&a, entries, argc, argv))
        rc = review_run(&a, &p, argv[1]);
    lab_options_free(o);
    g_strfreev(a.sets);
    g_free(a.config), g_free(a.out), g_free(a.chart), g_free(a.sheet);
    return rc;
}
