// SPDX-License-Identifier: MIT
// Records as the archives write them: the 100 games of tests/data/migs-sample-100.apgn read,
// written and read again unchanged, the [Variant] names, the rules a record names, and the
// tags refused.
#include <string.h>

#include "abalone/record.h"
#include "tests/test_util.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "tests/data"
#endif

// The tag lines at the head of a game's text.
static char *tag_lines(const char *text)
{
    GString *tags = g_string_new(NULL);
    for (const char *l = text; *l == '[';) {
        const char *end = strchr(l, '\n');
        g_string_append_len(tags, l, end - l + 1);
        l = end + 1;
    }
    return g_string_free(tags, FALSE);
}

static void check_roundtrip(const AbaloneRecordFile *f, int i)
{
    AbaloneRecord rec, back;
    GError *err = NULL;
    g_assert_true(abalone_record_file_game(f, i, &rec, NULL, &err));
    g_assert_no_error(err);
    char *text = abalone_record_format(&rec);
    // Every tag written back as it was read, in its place.
    size_t from = g_array_index(f->starts, size_t, i);
    char *read = tag_lines(f->text + from), *written = tag_lines(text);
    g_assert_cmpstr(written, ==, read);
    g_assert_true(abalone_record_parse(&back, text, "again", NULL, &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_game_length(&back.game), ==, abalone_game_length(&rec.game));
    for (int k = 0; k < abalone_game_length(&rec.game); k++)
        g_assert_cmpuint(abalone_game_move(&back.game, k), ==, abalone_game_move(&rec.game, k));
    g_assert_cmpint(back.result, ==, rec.result);
    g_assert_cmpint(back.game.rules.move_cap, ==, 0);
    g_assert_false(back.game.rules.repetition_draw);
    char *again = abalone_record_format(&back);
    g_assert_cmpstr(again, ==, text);
    g_free(again);
    g_free(read);
    g_free(written);
    g_free(text);
    abalone_record_free(&rec);
    abalone_record_free(&back);
}

static void test_sample_roundtrip(void)
{
    AbaloneRecordFile f;
    GError *err = NULL;
    g_assert_true(abalone_record_file_read(&f, TEST_DATA_DIR "/migs-sample-100.apgn", &err));
    g_assert_no_error(err);
    g_assert_cmpint(abalone_record_file_count(&f), ==, 100);
    for (int i = 0; i < 100; i++) check_roundtrip(&f, i);
    abalone_record_file_clear(&f);
}

static void test_variants(void)
{
    static const char *const names[][2] = {{"standard", "standard"},
                                           {"belgian", "belgian"},
                                           {"german_daisy", "german"},
                                           {"dutch_daisy", "dutch"},
                                           {"swiss_daisy", "swiss"}};
    AbaloneRules rules;
    abalone_rules_default(&rules);
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        AbaloneRecord rec;
        AbaloneBoard layout;
        GError *err = NULL;
        g_assert_true(abalone_board_set_layout(&layout, names[i][1]));
        char *text = g_strdup_printf("[Variant \"%s\"]\n\n*\n", names[i][0]);
        g_assert_true(abalone_record_parse(&rec, text, "variant", NULL, &err));
        g_assert_no_error(err);
        g_assert_true(abalone_board_equal(&rec.game.start, &layout));
        abalone_record_free(&rec);
        // sumito writes the archives' name of its layout.
        abalone_record_init(&rec, &layout, names[i][1], &rules);
        g_assert_cmpstr(abalone_record_tag(&rec, "Variant"), ==, names[i][0]);
        abalone_record_free(&rec);
        g_free(text);
    }
}

// A record written under some rules names them, and is read back under the same rules.
static void test_own_rules(void)
{
    AbaloneBoard start;
    abalone_board_set_layout(&start, "belgian");
    for (int cap = 0; cap <= 40; cap += 40)
        for (int rep = 0; rep <= 1; rep++) {
            AbaloneRules rules = {.move_cap = cap, .repetition_draw = rep};
            AbaloneRecord rec, back;
            abalone_record_init(&rec, &start, "belgian", &rules);
            char *text = abalone_record_format(&rec);
            g_assert_cmpint(strstr(text, "[MoveCap \"40\"]\n") != NULL, ==, cap == 40);
            g_assert_cmpint(strstr(text, "[RepetitionDraw \"yes\"]\n") != NULL, ==, rep);
            GError *err = NULL;
            g_assert_true(abalone_record_parse(&back, text, "rules", NULL, &err));
            g_assert_no_error(err);
            g_assert_cmpint(back.game.rules.move_cap, ==, cap);
            g_assert_cmpint(back.game.rules.repetition_draw, ==, rep);
            g_free(text);
            abalone_record_free(&rec);
            abalone_record_free(&back);
        }
}

// Older records (no [Variant], no [SetUp]) keep sumito's rules; assignments override any.
static void test_record_rules(void)
{
    AbaloneRecord rec;
    AbaloneRules rules, def;
    abalone_rules_default(&def);
    g_assert_true(abalone_record_parse(&rec, "[Layout \"belgian\"]\n\n*\n", "old", NULL, NULL));
    g_assert_cmpint(rec.game.rules.move_cap, ==, def.move_cap);
    g_assert_true(rec.game.rules.repetition_draw);
    char *sets[] = {"move_cap=12", NULL};
    g_assert_true(abalone_record_rules(&rec, sets, &rules, NULL));
    g_assert_cmpint(rules.move_cap, ==, 12);
    char *bad[] = {"colour=red", NULL};
    GError *err = NULL;
    g_assert_false(abalone_record_rules(&rec, bad, &rules, &err));
    g_assert_nonnull(err);
    g_error_free(err);
    abalone_record_free(&rec);
}

static void bad_tags(const char *text, const char *reason)
{
    AbaloneRecord rec;
    GError *err = NULL;
    g_assert_false(abalone_record_parse(&rec, text, "bad.apgn", NULL, &err));
    g_assert_nonnull(err);
    if (!strstr(err->message, reason)) g_error("got '%s', want '%s'", err->message, reason);
    g_error_free(err);
    abalone_record_free(&rec);
}

static void test_bad_tags(void)
{
    bad_tags("[Variant \"hexagon\"]\n\n*\n",
             "bad.apgn:1:1: [Variant \"hexagon\"]: a layout sumito does not have");
    bad_tags("[Variant \"belgian\"]\n[SetUp \"2\"]\n\n*\n",
             "bad.apgn:2:1: [SetUp \"2\"] is neither \"0\" nor \"1\"");
    bad_tags("[Variant \"belgian\"]\n[SetUp \"1\"]\n\n*\n", "[SetUp \"1\"] without a [Position]");
    bad_tags("[Layout \"belgian\"]\n[Variant \"belgian\"]\n\n*\n",
             "bad.apgn:2:1: the record has both a [Layout] and a [Variant] tag");
    bad_tags("[Variant \"belgian\"]\n[Plies \"1\"]\n\n*\n",
             "bad.apgn:2:1: [Plies \"1\"] but the record has 0 moves");
    bad_tags("[Variant \"belgian\"]\n[Plies \"-1\"]\n\n1. a1b2 *\n", "[Plies \"-1\"] but");
    bad_tags("[Variant \"belgian\"]\n[MoveCap \"1e3\"]\n\n*\n",
             "[MoveCap \"1e3\"] is not a number of plies");
    bad_tags("[Variant \"belgian\"]\n[MoveCap \"99999999999999999999\"]\n\n*\n",
             "is not a number of plies");
    bad_tags("[Variant \"belgian\"]\n[RepetitionDraw \"maybe\"]\n\n*\n",
             "[RepetitionDraw \"maybe\"] is neither \"yes\" nor \"no\"");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    abalone_init();
    g_test_add_func("/abalone/record/apgn-sample-roundtrip", test_sample_roundtrip);
    g_test_add_func("/abalone/record/apgn-variants", test_variants);
    g_test_add_func("/abalone/record/own-rules", test_own_rules);
    g_test_add_func("/abalone/record/record-rules", test_record_rules);
    g_test_add_func("/abalone/record/apgn-bad-tags", test_bad_tags);
    return g_test_run();
}
