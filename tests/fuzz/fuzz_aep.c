// SPDX-License-Identifier: MIT
// Fuzzing target: the Abalone engine protocol's command stream (abalone_aep_serve_capped), a
// fresh engine (1 MiB hash) each time, every search capped at 100 nodes so that an
// execution stays cheap. Inputs naming `hash` are skipped: a 64 GiB table is a legal option.
#include <stdio.h>
#include <string.h>

#include "abalone/aep.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *null_out;
    if (!null_out) abalone_init(), null_out = fopen("/dev/null", "w");
    if (memmem(data, size, "hash", 4) || size == 0) return 0;
    SearchParams p;
    AbaloneRules r;
    abalone_search_params_default(&p);
    abalone_rules_default(&r);
    p.hash = 1;
    AbaloneEngine e;
    if (!abalone_engine_init(&e, &p, &r, NULL)) __builtin_trap();
    FILE *in = fmemopen((void *)data, size, "r");
    if (in) {
        abalone_aep_serve_capped(&e, in, null_out, 100);
        fclose(in);
    }
    abalone_engine_free(&e);
    return 0;
}
