// SPDX-License-Identifier: MIT
// Fuzzing target: Abalone moves in Aba-Pro and FFTL notation (abalone_move_parse) on one of
// the five layouts (the first byte chooses); a move read is legal, and its text reads back.
#include "abalone/notation.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const layouts[] = {"standard", "belgian", "german", "dutch", "swiss"};
    static bool ready;
    if (!ready) abalone_init(), ready = true;
    if (size < 1) return 0;
    AbaloneBoard b;
    abalone_board_set_layout(&b, layouts[data[0] % 5]);
    char *text = fuzz_text(data + 1, size - 1);
    for (int nota = ABALONE_NOTATION_ABAPRO; nota <= ABALONE_NOTATION_FFTL; nota++) {
        Move m = abalone_move_parse(&b, text, (AbaloneNotation)nota, NULL);
        if (m == MOVE_NONE) continue;
        char out[ABALONE_MOVE_TEXT];
        abalone_move_format(&b, m, (AbaloneNotation)nota, out);
        if (abalone_move_parse(&b, out, (AbaloneNotation)nota, NULL) != m) __builtin_trap();
    }
    g_free(text);
    return 0;
}
