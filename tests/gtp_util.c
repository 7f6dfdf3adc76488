// SPDX-License-Identifier: MIT
// Helpers of the GTP engine's tests (tests/gtp_util.h).
#include "tests/gtp_util.h"

#include <string.h>

void gtp_test_new(GoGtp *e)
{
    GoRules rules;
    go_rules_default(&rules);
    go_gtp_init(e, &rules);
}

void gtp_test_new_analysis(GoGtp *e, GoEngine *engine)
{
    GError *err = NULL;
    char *sets[] = {"search=mcts", "threads=1", "hash=1", "mcts_memory=4", NULL};
    if (!go_engine_setup(engine, NULL, sets, NULL, &err)) g_error("%s", err->message);
    gtp_test_new(e);
    go_gtp_set_engine(e, engine);
}

char *gtp_test_ask(GoGtp *e, const char *line)
{
    GString *out = g_string_new(NULL);
    go_gtp_handle_line(e, line, out);
    return g_string_free(out, FALSE);
}

void gtp_test_expect(GoGtp *e, const char *line, const char *want)
{
    char *got = gtp_test_ask(e, line);
    if (strcmp(got, want) != 0) g_error("'%s': got '%s', want '%s'", line, got, want);
    g_free(got);
}
