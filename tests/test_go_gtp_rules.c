// SPDX-License-Identifier: MIT
// The GTP engine's rules commands: kata-set-rules with KataGo's JSON form (its keys over
// Tromp-Taylor's rules, values in any case) and its shorthand spellings, every rule sumito does
// not play refused with its key named, and the rules then still those before.
#include <string.h>

#include "tests/gtp_util.h"

#define RULES_DEFAULT                                                                              \
    "{\"hasButton\":false,\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\",\"suicide\":false,"           \
    "\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}"

// The answer of kata-get-rules, "=9 {...}".
static void expect_rules(GoGtp *e, const char *json)
{
    char *want = g_strdup_printf("=9 %s\n\n", json);
    gtp_test_expect(e, "9 kata-get-rules", want);
    g_free(want);
}

// The object KataGo's kata-get-rules writes for Chinese rules on OGS, and the same in lower
// case with blanks; a key left out takes Tromp-Taylor's value, as KataGo reads it.
static void test_json_accepted(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e,
                    "1 kata-set-rules {\"ko\":\"SIMPLE\",\"scoring\":\"AREA\",\"tax\":\"NONE\","
                    "\"suicide\":true,\"hasButton\":false,\"whiteHandicapBonus\":\"0\","
                    "\"friendlyPassOk\":true}",
                    "=1 \n\n");
    expect_rules(&e, "{\"hasButton\":false,\"ko\":\"SIMPLE\",\"scoring\":\"AREA\",\"suicide\":true,"
                     "\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}");
    gtp_test_expect(&e,
                    "2 kata-set-rules { \"ko\": \"situational\", \"score\": \"area\", "
                    "\"suicide\": false, \"friendlyPassOk\": false }",
                    "=2 \n\n");
    expect_rules(&e, "{\"hasButton\":false,\"ko\":\"SITUATIONAL\",\"scoring\":\"AREA\","
                     "\"suicide\":false,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}");
    g_assert_cmpint(e.game.board.ko_rule, ==, GO_KO_SITUATIONAL);
    gtp_test_expect(&e, "3 kata-set-rules {}", "=3 \n\n"); // Tromp-Taylor's
    expect_rules(&e, "{\"hasButton\":false,\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\","
                     "\"suicide\":true,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}");
    g_assert_cmpint(e.game.rules.suicide, ==, GO_SUICIDE_MULTI);
    // KataGo's spellings of the shorthands, in any case.
    gtp_test_expect(&e, "4 kata-set-rules Chinese_OGS", "=4 \n\n");
    expect_rules(&e, RULES_DEFAULT);
    gtp_test_expect(&e, "5 kata-set-rules tromp taylor", "=5 \n\n");
    g_assert_cmpint(e.game.rules.suicide, ==, GO_SUICIDE_MULTI);
    go_gtp_free(&e);
}

// Each rule sumito does not play, and each malformed object, refused with the key or the
// problem named; the rules stay as they were.
static void test_json_refused(void)
{
    static const char *const cases[][2] = {
        {"{\"scoring\":\"TERRITORY\"}", "unsupported scoring 'TERRITORY': area scoring only"},
        {"{\"score\":\"territory\"}", "unsupported score 'territory': area scoring only"},
        {"{\"tax\":\"SEKI\"}", "unsupported tax 'SEKI': every stone and point counts (NONE)"},
        {"{\"tax\":\"ALL\"}", "unsupported tax 'ALL'"},
        {"{\"ko\":\"SPIGHT\"}", "unsupported ko 'SPIGHT': SIMPLE, POSITIONAL or SITUATIONAL"},
        {"{\"hasButton\":true}", "unsupported hasButton 'true': no button (false)"},
        {"{\"whiteHandicapBonus\":\"N-1\"}", "unsupported whiteHandicapBonus 'N-1': no handicap"},
        {"{\"komi\":6.5}", "rules key 'komi': the komi command sets it"},
        {"{\"koRule\":\"SIMPLE\"}", "unknown rules key 'koRule' (ko, scoring, tax, suicide,"},
        {"{\"suicide\":\"false\"}", "rules key 'suicide': true or false expected"},
        {"{\"ko\":null}", "rules key 'ko': a string expected"},
        {"{\"whiteHandicapBonus\":0}", "rules key 'whiteHandicapBonus': a string expected"},
        {"{\"ko\":\"SIMPLE\"", "bad rules JSON: one flat object of KataGo's rules keys expected:"},
        {"{\"ko\":[\"SIMPLE\"]}", "bad rules JSON"},
        {"{\"ko\":{\"SIMPLE\":1}}", "bad rules JSON"},
        {"{\"ko\":\"SIMPLE\"}{\"ko\":\"SIMPLE\"}", "bad rules JSON"},
        {"japanese", "unsupported rules 'japanese': area scoring only"},
        // json-glib decodes \u0000 into a NUL that would end the string: read as SIMPLE and ko.
        {"{\"ko\":\"SIMPLE\\u0000x\"}", "bad rules JSON: a string holds a NUL character"},
        {"{\"ko\\u0000x\":\"SIMPLE\"}", "bad rules JSON: a string holds a NUL character"},
        {"{\"ko\":\"\\\\u0000\"}", "unsupported ko '\\u0000'"}, // an escaped backslash
        // ... and half of a surrogate pair into bytes that are not UTF-8; a whole pair is a
        // character.
        {"{\"ko\":\"SIMPLE\\ud800\"}",
         "bad rules JSON: a string holds half of a surrogate pair (\\uD800 to \\uDBFF)"},
        {"{\"ko\":\"\\udc00SIMPLE\"}",
         "bad rules JSON: a string holds half of a surrogate pair (\\uDC00 to \\uDFFF)"},
        {"{\"ko\":\"\\ud83d\\ude00\"}", "unsupported ko '\xf0\x9f\x98\x80'"},
    };
    GoGtp e;
    gtp_test_new(&e);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *line = g_strdup_printf("7 kata-set-rules %s", cases[i][0]);
        char *got = gtp_test_ask(&e, line);
        char *want = g_strdup_printf("?7 %s", cases[i][1]);
        if (!g_str_has_prefix(got, want)) g_error("'%s': got '%s', want '%s...'", line, got, want);
        g_free(want);
        g_free(got);
        g_free(line);
        expect_rules(&e, RULES_DEFAULT);
    }
    go_gtp_free(&e);
}

// A nesting a million deep is refused before json-glib's parser, which would run out of stack.
static void test_json_deep(void)
{
    GString *line = g_string_new("1 kata-set-rules {\"ko\":");
    for (int i = 0; i < 1000000; i++) g_string_append_c(line, '[');
    GoGtp e;
    gtp_test_new(&e);
    char *got = gtp_test_ask(&e, line->str);
    g_assert_true(g_str_has_prefix(got, "?1 bad rules JSON"));
    g_free(got);
    g_string_free(line, TRUE);
    go_gtp_free(&e);
}

// Rules set by JSON follow the game's rule: only before the first move, unless they are the same.
static void test_json_during_game(void)
{
    GoGtp e;
    gtp_test_new(&e);
    gtp_test_expect(&e, "1 play b D4", "=1 \n\n");
    gtp_test_expect(&e, "2 kata-set-rules {\"ko\":\"SIMPLE\",\"suicide\":false}",
                    "?2 the rules cannot change during a game (clear_board first)\n\n");
    gtp_test_expect(&e, "3 kata-set-rules {\"ko\":\"POSITIONAL\",\"suicide\":false}", "=3 \n\n");
    expect_rules(&e, RULES_DEFAULT);
    go_gtp_free(&e);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/gtp-rules/json-accepted", test_json_accepted);
    g_test_add_func("/go/gtp-rules/json-refused", test_json_refused);
    g_test_add_func("/go/gtp-rules/json-deep", test_json_deep);
    g_test_add_func("/go/gtp-rules/json-during-game", test_json_during_game);
    return g_test_run();
}
