// SPDX-License-Identifier: MIT
// Fuzzing target: position strings, Abalone's (abalone_position_parse, then the text it
// formats read back alike) and Go's position texts (go_position_parse).
#include <string.h>

#include "abalone/notation.h"
#include "go/board.h"
#include "go/suite.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) abalone_init(), go_init(), ready = true;
    char *text = fuzz_text(data, size);
    AbaloneBoard b, again;
    if (abalone_position_parse(&b, text, NULL)) {
        char out[ABALONE_POSITION_TEXT];
        abalone_position_format(&b, out);
        if (!abalone_position_parse(&again, out, NULL) || !abalone_board_equal(&b, &again))
            __builtin_trap(); // what sumito writes it must read back
    }
    GoRules rules;
    go_rules_default(&rules);
    GoGame g;
    if (go_position_parse(&g, text, &rules, NULL)) go_game_free(&g);
    g_free(text);
    return 0;
}
