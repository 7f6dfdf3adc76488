// SPDX-License-Identifier: MIT
// Fuzzing target: SGF FF[4] Go records (go_sgf_parse); a record read is written and read back.
#include "go/board.h"
#include "go/sgf.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) go_init(), ready = true;
    char *text = fuzz_text(data, size);
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    GoSgfInfo info;
    go_sgf_info_init(&info);
    if (go_sgf_parse(text, "fuzz", &rules, &g, &info, NULL)) {
        char *out = go_sgf_format(&g, &info);
        GoGame again;
        GoSgfInfo info2;
        go_sgf_info_init(&info2);
        if (!go_sgf_parse(out, "again", &rules, &again, &info2, NULL)) __builtin_trap();
        go_game_free(&again);
        go_sgf_info_free(&info2);
        g_free(out);
    }
    go_game_free(&g);
    go_sgf_info_free(&info);
    g_free(text);
    return 0;
}
