// SPDX-License-Identifier: MIT
// Position strings, move text and game records: round trips and every kind of bad input.
#include <glib/gstdio.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/record.h"
#include "tests/abalone_naive.h"
#include "tests/test_util.h"

static void test_layout_strings(void)
{
    static const char *want[] = {
        "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0",
        "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0",
        "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0",
        "ww1bb/wbwbwb/1ww1bb1/8/9/8/1bb1ww1/bwbwbw/bb1ww b 0",
        "5/ww2bb/wbw1bwb/1ww2bb1/9/1bb2ww1/bwb1wbw/bb2ww/5 b 0",
    };
    for (int i = 0; i < abalone_layout_count(); i++) {
        AbaloneBoard b, back;
        char text[ABALONE_POSITION_TEXT];
        g_assert_true(abalone_board_set_layout(&b, abalone_layout_name(i)));
        g_assert_cmpint(abalone_popcount(b.bb[0]), ==, 14);
        g_assert_cmpint(abalone_popcount(b.bb[1]), ==, 14);
        abalone_position_format(&b, text);
        g_assert_cmpstr(text, ==, want[i]);
        GError *err = NULL;
        g_assert_true(abalone_position_parse(&back, text, &err));
        g_assert_no_error(err);
        g_assert_true(abalone_board_equal(&b, &back));
        g_assert_cmpuint(b.key, ==, back.key);
    }
    AbaloneBoard b;
    g_assert_false(abalone_board_set_layout(&b, "hexagon"));
    // The ply count is optional and side letters may be upper case.
    g_assert_true(
        abalone_position_parse(&b, "WWWWW/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb W", NULL));
    g_assert_cmpint(b.side, ==, ABALONE_WHITE);
    g_assert_cmpint(b.ply, ==, 0);
}

static void test_position_roundtrip(void)
{
    GRand *rng = test_rand();
    for (int i = 0; i < 2000; i++) {
        AbaloneBoard b, back;
        test_random_position(&b, rng, g_rand_int_range(rng, 9, 15), g_rand_int_range(rng, 9, 15),
                             g_rand_int_range(rng, 0, 2));
        b.ply = g_rand_int_range(rng, 0, 500);
        char text[ABALONE_POSITION_TEXT];
        abalone_position_format(&b, text);
        g_assert_true(abalone_position_parse(&back, text, NULL));
        g_assert_true(abalone_board_equal(&b, &back));
        g_assert_cmpint(back.ply, ==, b.ply);
        g_assert_cmpuint(back.key, ==, abalone_board_compute_key(&b));
    }
    g_rand_free(rng);
}

static void bad_position(const char *text, const char *reason)
{
    AbaloneBoard b;
    GError *err = NULL;
    g_assert_false(abalone_position_parse(&b, text, &err));
    g_assert_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE);
    if (!strstr(err->message, reason)) g_error("'%s': got '%s'", text, err->message);
    g_error_free(err);
}

static void test_bad_positions(void)
{
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb b", "row A has 4 cells, expected 5");
    bad_position("wwwww/wwwwww/2www3/8/9/8/2bbb2/bbbbbb/bbbbb b", "row G has more than 7 cells");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bxb2/bbbbbb/bbbbb b", "unexpected 'x' in row C");
    bad_position("wwwww/wwwwww/2www2/44/9/8/2bbb2/bbbbbb/bbbbb b", "two digits side by side");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb b", "expected '/' after row B");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb/5 b", "more than 9 rows");
    bad_position("wwwww/wwwwww/2www2/8/9/8/bbbbbbb/bbbbbb/bbbbb b",
                 "Black has 18 marbles, at most 14");
    bad_position("5/6/7/8/9/8/2bbb2/bbbbbb/bbbbb b", "White has 0 marbles");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb", "side to move");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb x", "side to move");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b -3", "number of plies");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 12 extra", "after the ply count");
    bad_position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 99999999999", "too large");
    bad_position("", "row I has 0 cells");
    // The message gives the character position.
    AbaloneBoard b;
    GError *err = NULL;
    abalone_position_parse(&b, "wwwww/wwwwww/2www2/8/9/8/2bxb2/bbbbbb/bbbbb b", &err);
    g_assert_nonnull(strstr(err->message, "character 28"));
    g_error_free(err);
}

static void bad_move(const char *text, const char *reason)
{
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    GError *err = NULL;
    g_assert_cmpuint(abalone_move_parse(&b, text, ABALONE_NOTATION_ABAPRO, &err), ==, MOVE_NONE);
    g_assert_nonnull(err);
    if (!strstr(err->message, reason)) g_error("'%s': got '%s'", text, err->message);
    g_error_free(err);
}

static void test_bad_moves(void)
{
    bad_move("", "is not a move");
    bad_move("a1b", "is not a move");
    bad_move("a1b2c3d4", "is not a move");
    bad_move("a1-b2", "is not a move");
    bad_move("j1a1", "is not a move");
    bad_move("a0b1", "is not a move");
    bad_move("a9b9", "'a9' in 'a9b9' is not a cell");
    bad_move("a1c3", "not neighbours");
    bad_move("d1e1", "is empty, and Black is to move");
    bad_move("g5f5", "holds an opposing marble");
    bad_move("b1b2", "has 6 marbles");
    bad_move("a1a2", "has 5 marbles");
    bad_move("c3c5c2", "moves along the line");
    bad_move("c3c5e4", "not next to c3");
}

static void fill_random_game(AbaloneRecord *rec, GRand *rng, int plies)
{
    for (int i = 0; i < plies && abalone_game_outcome(&rec->game, NULL) == ABALONE_ONGOING; i++) {
        Move m = test_random_move(&rec->game.board, rng, 0.5);
        char *comment = g_rand_int_range(rng, 0, 8) == 0 ? g_strdup_printf("note {%d}", i) : NULL;
        abalone_record_play(rec, m, comment);
        g_free(comment);
    }
}

static void test_record_roundtrip(void)
{
    GRand *rng = test_rand();
    AbaloneRules rules;
    abalone_rules_default(&rules);
    for (int i = 0; i < 60; i++) {
        AbaloneBoard start;
        const char *layout = NULL;
        if (i % 3 == 2) {
            test_random_position(&start, rng, 12, 12, i % 2);
        } else {
            layout = abalone_layout_name(i % abalone_layout_count());
            abalone_board_set_layout(&start, layout);
        }
        AbaloneRecord rec, back;
        abalone_record_init(&rec, &start, layout, &rules);
        rec.notation = i % 4 == 1 ? ABALONE_NOTATION_FFTL : ABALONE_NOTATION_ABAPRO;
        abalone_record_set_tag(&rec, "Event", "round \"trip\" \\ test");
        abalone_record_set_tag(&rec, "Black", "sumito");
        abalone_record_set_tag(&rec, "TimePerMove", "0.25");
        fill_random_game(&rec, rng, g_rand_int_range(rng, 0, 320));
        char *text = abalone_record_format(&rec);
        GError *err = NULL;
        g_assert_true(abalone_record_parse(&back, text, "roundtrip", NULL, &err));
        g_assert_no_error(err);
        g_assert_cmpint(abalone_game_length(&back.game), ==, abalone_game_length(&rec.game));
        for (int k = 0; k < abalone_game_length(&rec.game); k++)
            g_assert_cmpuint(abalone_game_move(&back.game, k), ==, abalone_game_move(&rec.game, k));
        g_assert_true(abalone_board_equal(&back.game.board, &rec.game.board));
        g_assert_cmpstr(abalone_record_tag(&back, "Event"), ==, "round \"trip\" \\ test");
        for (guint k = 0; k < rec.comments->len; k++) {
            const char *a = g_ptr_array_index(rec.comments, k),
                       *c = g_ptr_array_index(back.comments, k);
            g_assert_cmpint(a == NULL, ==, c == NULL);
        }
        char *again = abalone_record_format(&back);
        g_assert_cmpstr(again, ==, text);
        g_free(again);
        g_free(text);
        abalone_record_free(&rec);
        abalone_record_free(&back);
    }
    g_rand_free(rng);
}

static void test_record_archive_forms(void)
{
    AbaloneRecord rec;
    GError *err = NULL;
    // Archive style: no space after the number, upper-case cells, a comment.
    g_assert_true(abalone_record_parse(
        &rec, "[Layout \"belgian\"]\n1.A1B2 {opening} i5h5\n2.b1c2 *\n", "archive", NULL, &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_game_length(&rec.game), ==, 3);
    g_assert_cmpstr(g_ptr_array_index(rec.comments, 1), ==, "opening");
    abalone_record_free(&rec);
    // White to move first: "1... move".
    const char *text = "[Position \"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w\"]\n\n"
                       "1... i5h5 2. a1b2 *\n";
    g_assert_true(abalone_record_parse(&rec, text, "white-first", NULL, &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_game_length(&rec.game), ==, 2);
    char *out = abalone_record_format(&rec);
    g_assert_nonnull(strstr(out, "1... i5h5 2. a1b2 *"));
    g_free(out);
    abalone_record_free(&rec);
}

static void bad_record(const char *text, const char *reason)
{
    AbaloneRecord rec;
    GError *err = NULL;
    g_assert_false(abalone_record_parse(&rec, text, "bad.txt", NULL, &err));
    g_assert_nonnull(err);
    if (!strstr(err->message, reason)) g_error("got '%s', want '%s'", err->message, reason);
    g_assert_true(g_str_has_prefix(err->message, "bad.txt:"));
    g_error_free(err);
    abalone_record_free(&rec);
}

static void test_bad_records(void)
{
    bad_record("", "no game");
    bad_record("[Layout \"belgian\"]\n1. a1b2 i5h5 2. b1c2", "truncated");
    bad_record("[Layout \"belgian\"]\n1. a1b2 i5h5 2. b1", "is not a move");
    bad_record("[Layout \"belgian\"\n1. a1b2 *", "expected ']'");
    bad_record("[Layout \"belg", "not closed");
    bad_record("[Layout \"hexagon\"]\n1. a1b2 *", "unknown layout 'hexagon'");
    bad_record("[Layout \"belgian\"]\n[Position \"5/6/7/8/9/8/7/6/5 b\"]\n*", "both a [Layout]");
    bad_record("[Position \"5/6/7/8/9/8/7/6/5 b\"]\n*", "[Position]: position");
    bad_record("[Layout \"belgian\"]\n1. a1b2 i5h5 2. a1b2 *", "move 2 (Black) 'a1b2'");
    bad_record("[Layout \"belgian\"]\n1. a1b2 i5h5 3. b1c2 *", "move number 3 where 2");
    bad_record("[Layout \"belgian\"]\n1. a1b2 {open *", "never closed");
    bad_record("[Layout \"belgian\"]\n1. a1b2 (1. b1c2) *", "variations");
    bad_record("[Layout \"belgian\"]\n[Result \"1-0\"]\n1. a1b2 0-1", "differs from [Result");
    bad_record("[Layout \"belgian\"]\n[Result \"2-0\"]\n1. a1b2 *", "is not 1-0");
    bad_record("[Layout \"belgian\"]\n1. a1b2 * 2. i5h5", "text after the result");
    bad_record("[Layout \"belgian\"]\n1... a1b2 *", "but Black is to move");
    // Line and column of the offending move.
    AbaloneRecord rec;
    GError *err = NULL;
    abalone_record_parse(&rec, "[Layout \"belgian\"]\n\n1. a1b2 i5h5\n2. zz99 *", "x.txt", NULL,
                         &err);
    g_assert_nonnull(err);
    g_assert_true(g_str_has_prefix(err->message, "x.txt:4:4:"));
    g_error_free(err);
    abalone_record_free(&rec);
}

static void test_record_after_end(void)
{
    // A move after six ejections is refused; so is a result the rules contradict.
    const char *pos = "[Position \"www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b 0\"]\n";
    char *text = g_strconcat(pos, "1. e7e8 i5h5 *\n", NULL);
    bad_record(text, "comes after the game ended (six marbles ejected)");
    g_free(text);
    text = g_strconcat(pos, "1. e7e8 0-1\n", NULL);
    bad_record(text, "the rules give 1-0");
    g_free(text);
}

static void test_record_save_atomic(void)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    AbaloneBoard b;
    abalone_board_set_layout(&b, "standard");
    AbaloneRecord rec;
    abalone_record_init(&rec, &b, "standard", &rules);
    GError *err = NULL;
    g_assert_false(abalone_record_save(&rec, "/nonexistent-dir/game.txt", &err));
    g_assert_nonnull(err);
    g_error_free(err);
    char *dir = g_dir_make_tmp("sumito-XXXXXX", NULL);
    char *path = g_build_filename(dir, "game.txt", NULL);
    g_assert_true(abalone_record_save(&rec, path, NULL));
    AbaloneRecord back;
    g_assert_true(abalone_record_load(&back, path, 0, NULL, NULL));
    abalone_record_free(&back);
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    abalone_record_free(&rec);
}

// Moves in words (sumito abalone moves -v): the marbles, the axis, what is pushed and ejected.
static void test_move_describe(void)
{
    AbaloneBoard b;
    GError *err = NULL;
    g_assert_true(
        abalone_board_from_options(&b, NULL, "www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b", &err));
    g_assert_no_error(err);
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(&b, moves), ejecting = 0;
    g_assert_cmpint(n, >, 0);
    for (int i = 0; i < n; i++) {
        char what[64];
        abalone_move_describe(moves[i], what, sizeof what);
        const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(moves[i])];
        char *start = g_strdup_printf("%d marble%s %s", mi->count, mi->count > 1 ? "s" : "",
                                      mi->axis == ABALONE_AXIS_INLINE ? "in-line" : "broadside");
        g_assert_true(g_str_has_prefix(what, start));
        g_free(start);
        g_assert_cmpint(g_str_has_suffix(what, ", ejects"), ==, ABALONE_MOVE_EJECTS(moves[i]) != 0);
        if (ABALONE_MOVE_EJECTS(moves[i])) {
            ejecting++;
            g_assert_cmpstr(what, ==, "2 marbles in-line, pushes 1, ejects");
        }
    }
    g_assert_cmpint(ejecting, ==, 1);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/notation/layout-strings", test_layout_strings);
    g_test_add_func("/abalone/notation/position-roundtrip", test_position_roundtrip);
    g_test_add_func("/abalone/notation/bad-positions", test_bad_positions);
    g_test_add_func("/abalone/notation/bad-moves", test_bad_moves);
    g_test_add_func("/abalone/notation/move-describe", test_move_describe);
    g_test_add_func("/abalone/record/roundtrip", test_record_roundtrip);
    g_test_add_func("/abalone/record/archive-forms", test_record_archive_forms);
    g_test_add_func("/abalone/record/bad-input", test_bad_records);
    g_test_add_func("/abalone/record/after-end", test_record_after_end);
    g_test_add_func("/abalone/record/save", test_record_save_atomic);
    return g_test_run();
}
