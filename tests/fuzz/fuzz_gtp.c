// SPDX-License-Identifier: MIT
// Fuzzing target: the GTP command stream (go_gtp_handle_line, line by line), with a genmove
// that plays the first legal point or passes (the protocol, not the search, is fuzzed here).
// Lines that could be printsgf are skipped: it would write wherever the input says.
#include <string.h>

#include "go/board.h"
#include "go/gtp.h"
#include "tests/fuzz/fuzz.h"

static Move first_legal(void *data, const GoGame *game, int colour, const TimeControl *time,
                        const TimeClock *clock, bool cleanup)
{
    for (int p = 0; p < game->board.cells; p++)
        if (go_game_is_legal((GoGame *)game, colour, (Move)p)) return (Move)p;
    return GO_PASS;
}

// A line that could name printsgf once the engine has removed its control characters (the
// specification's preprocessing) is skipped, in any case: such a line writes a file.
static bool writes_a_file(const char *line)
{
    GString *kept = g_string_new(NULL);
    for (const char *c = line; *c; c++)
        if ((unsigned char)*c >= 32 && *c != 127) g_string_append_c(kept, g_ascii_tolower(*c));
    bool writes = strstr(kept->str, "printsgf") != NULL;
    g_string_free(kept, TRUE);
    return writes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) go_init(), ready = true;
    char *text = fuzz_text(data, size);
    char **lines = g_strsplit(text, "\n", -1);
    GoRules rules;
    go_rules_default(&rules);
    GoGtp e;
    go_gtp_init(&e, &rules);
    go_gtp_set_genmove(&e, first_legal, NULL);
    GString *out = g_string_new(NULL);
    for (int i = 0; lines[i] && !e.quit; i++) {
        if (writes_a_file(lines[i])) continue;
        go_gtp_handle_line(&e, lines[i], out);
        g_string_truncate(out, 0);
    }
    g_string_free(out, TRUE);
    go_gtp_free(&e);
    g_strfreev(lines);
    g_free(text);
    return 0;
}
