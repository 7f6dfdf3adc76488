// SPDX-License-Identifier: MIT
// The review of a game (abalone/review.h, abalone/review_out.h): a planted blunder (a move that
// misses the ejection that wins the game) found and marked, the good reply not marked, the
// figures of each player, the annotated record read back with its comments, and the chart and
// the sheet written as PNG files that decode at their sizes.
#include <glib/gstdio.h>
#include <string.h>

#include "abalone/review_out.h"
#include "core/draw/png.h"
#include "tests/test_util.h"

// Black to move ejects White's sixth marble with a1a2 (three marbles push two off row A); it
// plays c1d1 instead; White saves the marble (a4b5); Black plays d8e8.
#define PLANTED                                                                                    \
    "[Event \"planted\"]\n[Black \"b\"]\n[White \"w\"]\n[SetUp \"1\"]\n"                           \
    "[Position \"wwwww/2ww2/7/8/9/bbbbbbbb/bbb4/6/bbbww b 0\"]\n\n1. c1d1 a4b5 2. d8e8 *\n"

static AbaloneEngine *engine_new(void)
{
    AbaloneEngine *e = g_new0(AbaloneEngine, 1);
    GError *err = NULL;
    char *sets[] = {"hash=4", NULL};
    g_assert_true(abalone_engine_setup(e, NULL, sets, NULL, &err));
    g_assert_no_error(err);
    return e;
}

static void review_planted(AbaloneRecord *rec, AbaloneReview *r)
{
    GError *err = NULL;
    g_assert_true(abalone_record_parse(rec, PLANTED, "planted", NULL, &err));
    g_assert_no_error(err);
    AbaloneEngine *e = engine_new();
    AbaloneReviewParams p;
    abalone_review_params_default(&p);
    p.nodes = 20000;
    g_assert_true(abalone_review_game(e, rec, &p, NULL, NULL, r));
    abalone_engine_free(e);
    g_free(e);
}

static const AbaloneReviewMove *move_of(const AbaloneReview *r, int i)
{
    return &g_array_index(r->moves, AbaloneReviewMove, i);
}

static void test_planted_blunder(void)
{
    AbaloneRecord rec;
    AbaloneReview r;
    review_planted(&rec, &r);
    g_assert_cmpuint(r.moves->len, ==, 3);
    const AbaloneReviewMove *blunder = move_of(&r, 0), *reply = move_of(&r, 1);
    char best[ABALONE_MOVE_TEXT];
    abalone_move_format(&rec.game.start, blunder->best, rec.notation, best);
    g_assert_cmpstr(best, ==, "a1a2");
    g_assert_cmpint(blunder->side, ==, 0);
    g_assert_cmpint(blunder->best_score, ==, ABALONE_REVIEW_SCORE_CAP); // the win, capped
    g_assert_cmpint(blunder->loss, >=, ABALONE_REVIEW_DEFAULT_BLUNDER);
    g_assert_cmpint(blunder->mark, ==, ABALONE_REVIEW_BLUNDER);
    g_assert_cmpint(reply->side, ==, 1);
    g_assert_cmpint(reply->loss, <, ABALONE_REVIEW_DEFAULT_INACCURACY);
    g_assert_cmpint(reply->mark, ==, ABALONE_REVIEW_GOOD);
    g_assert_cmpint(r.count[0], ==, 2);
    g_assert_cmpint(r.count[1], ==, 1);
    g_assert_cmpint(r.marks[0][ABALONE_REVIEW_BLUNDER], ==, 1);
    g_assert_cmpint(r.marks[1][ABALONE_REVIEW_BLUNDER], ==, 0);
    g_assert_cmpint(r.loss[0], ==, blunder->loss + move_of(&r, 2)->loss);
    // Black's win probability after its blunder is below the one it had.
    g_assert_cmpfloat(blunder->win_played, <=, blunder->win_best);
    int plies[ABALONE_REVIEW_SHEET_MAX];
    g_assert_cmpint(abalone_review_critical(&r, plies), ==, 1);
    g_assert_cmpint(plies[0], ==, 0);
    abalone_review_free(&r);
    abalone_record_free(&rec);
}

static void test_marks(void)
{
    AbaloneReviewParams p;
    abalone_review_params_default(&p);
    g_assert_cmpint(abalone_review_mark(&p, 0), ==, ABALONE_REVIEW_GOOD);
    g_assert_cmpint(abalone_review_mark(&p, 149), ==, ABALONE_REVIEW_GOOD);
    g_assert_cmpint(abalone_review_mark(&p, 150), ==, ABALONE_REVIEW_INACCURACY);
    g_assert_cmpint(abalone_review_mark(&p, 399), ==, ABALONE_REVIEW_INACCURACY);
    g_assert_cmpint(abalone_review_mark(&p, 400), ==, ABALONE_REVIEW_MISTAKE);
    g_assert_cmpint(abalone_review_mark(&p, 800), ==, ABALONE_REVIEW_BLUNDER);
}

// The annotated record reads back: the same moves, the tags kept, each move's comment.
static void test_annotated_roundtrip(void)
{
    AbaloneRecord rec, back;
    AbaloneReview r;
    review_planted(&rec, &r);
    char *text = abalone_review_annotate(&r, &rec);
    GError *err = NULL;
    g_assert_true(abalone_record_parse(&back, text, "annotated", NULL, &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_game_length(&back.game), ==, 3);
    for (int i = 0; i < 3; i++)
        g_assert_cmpuint(abalone_game_move(&back.game, i), ==, abalone_game_move(&rec.game, i));
    g_assert_cmpstr(abalone_record_tag(&back, "Event"), ==, "planted");
    const char *c1 = g_ptr_array_index(back.comments, 1), *c2 = g_ptr_array_index(back.comments, 2);
    g_assert_nonnull(strstr(c1, "better a1a2 +6000"));
    g_assert_nonnull(strstr(c1, "blunder"));
    g_assert_null(strstr(c2, "blunder"));
    g_free(text);
    abalone_record_free(&back);
    abalone_review_free(&r);
    abalone_record_free(&rec);
}

// A picture written and read back: a PNG of that width and height.
static void check_png(Raster *img, int width, int height)
{
    g_assert_nonnull(img);
    char *dir = g_dir_make_tmp("review-XXXXXX", NULL), *path = g_build_filename(dir, "x.png", NULL);
    GError *err = NULL;
    g_assert_true(png_write_raster_free(img, path, &err));
    g_assert_no_error(err);
    Raster *back = png_read_raster(path, &err);
    g_assert_no_error(err);
    g_assert_cmpint(back->width, ==, width);
    if (height) g_assert_cmpint(back->height, ==, height);
    g_assert_cmpint(back->height, >, 100);
    raster_free(back);
    g_remove(path);
    g_rmdir(dir);
    g_free(path), g_free(dir);
}

static void test_pictures(void)
{
    AbaloneRecord rec;
    AbaloneReview r;
    review_planted(&rec, &r);
    GError *err = NULL;
    check_png(abalone_review_chart(&r, &err), 800, 360);
    g_assert_no_error(err);
    check_png(abalone_review_sheet(&r, &rec, &err), 800, 0);
    g_assert_no_error(err);
    abalone_review_free(&r);
    abalone_record_free(&rec);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/review/planted-blunder", test_planted_blunder);
    g_test_add_func("/abalone/review/marks", test_marks);
    g_test_add_func("/abalone/review/annotated-roundtrip", test_annotated_roundtrip);
    g_test_add_func("/abalone/review/pictures", test_pictures);
    return g_test_run();
}
