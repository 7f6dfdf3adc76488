// SPDX-License-Identifier: MIT
// Fuzzing target: Abalone game records (abalone_record_parse); a record read is written and
// read back.
#include "abalone/record.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) abalone_init(), ready = true;
    char *text = fuzz_text(data, size);
    AbaloneRecord rec;
    if (abalone_record_parse(&rec, text, "fuzz", NULL, NULL)) {
        char *out = abalone_record_format(&rec);
        AbaloneRecord again;
        if (!abalone_record_parse(&again, out, "again", NULL, NULL)) __builtin_trap();
        abalone_record_free(&again);
        g_free(out);
    }
    abalone_record_free(&rec);
    g_free(text);
    return 0;
}
