// SPDX-License-Identifier: MIT
// Named parameters (core/params.h) over a small table of their own: numbers are decimal only
// (0x10, 010, blanks and '+' refused; values beyond the range refused, 0 included where the
// range starts at 1), and configuration files refuse what GLib's key
// files would quietly take: a key given twice, a key for one language, [sumito] twice, a
// group of another name; each message names the file, the line and the key.
#include <glib/gstdio.h>
#include <string.h>

#include "core/params.h"

#define TEST_PARAMS(X, S)                                                                          \
    X(S, tp_depth, int, 4, 1, 64, "plies")                                                         \
    X(S, tp_ratio, double, 0.5, 0, 10, "a ratio")                                                  \
    X(S, tp_on, bool, 1, 0, 1, "a switch")

PARAMS_DECLARE(TestParams, TEST_PARAMS, test_params_group, test_params_default);
PARAMS_DEFINE(TestParams, TEST_PARAMS, "test", test_params_group, test_params_default)

// Sets name=value on fresh defaults; the error message (caller frees), or NULL when it was set.
static char *set(TestParams *p, const char *name, const char *value)
{
    test_params_default(p);
    ParamGroup g = test_params_group(p);
    GError *err = NULL;
    if (params_set(&g, 1, name, value, &err)) return NULL;
    char *message = g_strdup(err->message);
    g_error_free(err);
    return message;
}

static void test_numbers(void)
{
    TestParams p;
    const char *refused[][3] = {
        {"tp_depth", "0x10", "parameter tp_depth: '0x10' is not a decimal integer"},
        {"tp_depth", "010", "'010' is not a decimal integer"},
        {"tp_depth", "00", "'00' is not a decimal integer"},
        {"tp_depth", "+5", "'+5' is not a decimal integer"},
        {"tp_depth", " 5", "' 5' is not a decimal integer"},
        {"tp_depth", "5 ", "'5 ' is not a decimal integer"},
        {"tp_depth", "", "'' is not a decimal integer"},
        {"tp_depth", "-", "'-' is not a decimal integer"},
        {"tp_depth", "4.0", "'4.0' is not a decimal integer"},
        {"tp_depth", "0", "parameter tp_depth: 0 is outside its range 1..64"},
        {"tp_depth", "65", "65 is outside its range 1..64"},
        {"tp_depth", "-99999999999999999999", "is outside its range 1..64"},
        {"tp_depth", "99999999999999999999", "is outside its range 1..64"},
        {"tp_ratio", "0x1p1", "parameter tp_ratio: '0x1p1' is not a decimal number"},
        {"tp_ratio", "-0X1", "'-0X1' is not a decimal number"},
        {"tp_ratio", "nan", "'nan' is not a decimal number"},
        {"tp_ratio", "inf", "'inf' is not a decimal number"},
        {"tp_ratio", "1e999", "'1e999' is not a decimal number"},
        {"tp_ratio", " 1", "' 1' is not a decimal number"},
        {"tp_ratio", "11", "11 is outside its range 0..10"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
        char *message = set(&p, refused[i][0], refused[i][1]);
        if (!message || !strstr(message, refused[i][2]))
            g_error("%s=%s: '%s' lacks '%s'", refused[i][0], refused[i][1],
                    message ? message : "(taken)", refused[i][2]);
        g_assert_cmpint(p.tp_depth, ==, 4); // unchanged
        g_free(message);
    }
    g_assert_null(set(&p, "tp_depth", "10"));
    g_assert_cmpint(p.tp_depth, ==, 10);
    g_assert_null(set(&p, "tp_depth", "64"));
    g_assert_cmpint(p.tp_depth, ==, 64);
    g_assert_null(set(&p, "tp_ratio", "0"));
    g_assert_cmpfloat(p.tp_ratio, ==, 0);
    g_assert_null(set(&p, "tp_ratio", "2.5e0"));
    g_assert_cmpfloat(p.tp_ratio, ==, 2.5);
    g_assert_null(set(&p, "tp_ratio", "-0.0"));
    g_assert_null(set(&p, "tp_ratio", ".5"));
    g_assert_cmpfloat(p.tp_ratio, ==, 0.5);
}

// Loads text as a configuration file; the error message (caller frees), or NULL.
static char *load(TestParams *p, const char *text)
{
    test_params_default(p);
    ParamGroup g = test_params_group(p);
    char *dir = g_dir_make_tmp("sumito-params-XXXXXX", NULL);
    char *path = g_build_filename(dir, "a.conf", NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    GError *err = NULL;
    char *message = NULL;
    if (!params_load_file(&g, 1, path, &err)) {
        message = g_strdup(err->message);
        g_error_free(err);
    }
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    return message;
}

static void test_config_file(void)
{
    TestParams p;
    const char *refused[][2] = {
        {"[sumito]\ntp_depth = 3\ntp_depth = 5\n",
         "a.conf:3: key 'tp_depth' given twice (first at line 2)"},
        {"# comment\n[sumito]\n  tp_depth=3\n\ntp_ratio=1\n tp_depth = 5\n",
         "a.conf:6: key 'tp_depth' given twice (first at line 3)"},
        {"[sumito]\ntp_depth = 3\ntp_depth[fr] = 5\n",
         "a.conf:3: key 'tp_depth[fr]': a key for one language is not read"},
        {"[sumito]\ntp_depth[fr] = 5\n", "a.conf:2: key 'tp_depth[fr]'"},
        {"[sumito]\ntp_depth = 3\n[sumito]\ntp_ratio = 1\n",
         "a.conf:3: group [sumito] given twice (first at line 1)"},
        {"[sumito]\ntp_depth = 3\n[Sumito]\ntp_depth = 5\n",
         "a.conf:3: group [Sumito] is not read (parameters go in [sumito])"},
        {"[sumito]\ntp_on = true\n\ntp_depth = 0x10\n",
         "a.conf:4: parameter tp_depth: '0x10' is not a decimal integer"},
        {"[sumito]\ntp_depth = 0\n", "a.conf:2: parameter tp_depth: 0 is outside its range 1..64"},
        {"[sumito]\nspeed = 3\n", "a.conf:2: unknown parameter 'speed'"},
        {"[other]\nx = 1\n", "a.conf:1: group [other] is not read"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
        char *message = load(&p, refused[i][0]);
        if (!message || !strstr(message, refused[i][1]))
            g_error("case %zu: '%s' lacks '%s'", i, message ? message : "(loaded)", refused[i][1]);
        g_free(message);
    }
    char *message = load(&p, "# a comment\n[sumito]\ntp_depth = 7\n  tp_ratio=2.5\ntp_on = off\n");
    g_assert_null(message);
    g_assert_cmpint(p.tp_depth, ==, 7);
    g_assert_cmpfloat(p.tp_ratio, ==, 2.5);
    g_assert_false(p.tp_on);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/params/numbers", test_numbers);
    g_test_add_func("/core/params/config-file", test_config_file);
    return g_test_run();
}
