// SPDX-License-Identifier: MIT
// `sumito go sgf-check` (go/sgf_check.h): an SGF record replayed, its final position shown,
// and written back.
#include "go/sgf_check.h"

#include <stdio.h>

#include "core/lab/lab.h"
#include "go/sgf.h"

int go_sgf_check(const char *path, const GoRules *rules, const char *write_to)
{
    GoGame *g = g_new(GoGame, 1);
    GoSgfInfo info;
    go_sgf_info_init(&info);
    GError *err = NULL;
    int rc = 0;
    bool loaded = go_sgf_load(path, rules, g, &info, &err);
    for (guint i = 0; i < info.warnings->len; i++)
        lab_error("warning: %s", (char *)g_ptr_array_index(info.warnings, i));
    if (!loaded) {
        rc = lab_error("%s", err->message);
    } else {
        printf("%s: %dx%d, %d moves, all legal (ko %s, suicide %s)\n", path, g->board.size,
               g->board.size, go_game_length(g), go_ko_rule_name(g->rules.ko),
               go_suicide_rule_name(g->rules.suicide));
        char *text = go_game_show_text(g);
        printf("%s", text);
        g_free(text);
        if (info.result) printf("Recorded result: %s\n", info.result);
        if (write_to && !go_sgf_save(g, &info, write_to, &err)) rc = lab_error("%s", err->message);
    }
    g_clear_error(&err);
    go_sgf_info_free(&info);
    go_game_free(g);
    g_free(g);
    return rc;
}
