// SPDX-License-Identifier: MIT
// Fuzzing target: configuration files (params_load_file, GLib key files with a [sumito]
// group) over the parameters of an Abalone engine.
#include <unistd.h>

#include "abalone/engine.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static AbaloneEngine e;
    static bool ready;
    if (!ready) {
        abalone_init();
        SearchParams p;
        AbaloneRules r;
        search_params_default(&p);
        abalone_rules_default(&r);
        p.hash = 1;
        if (!abalone_engine_init(&e, &p, &r, NULL)) __builtin_trap();
        ready = true;
    }
    char path[64];
    int fd = fuzz_file(data, size, path, sizeof path);
    if (fd < 0) return 0;
    ParamGroup groups[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(&e.core, groups);
    // Only the values are set here (no apply): the next input starts from whatever this one
    // set, which is as good a start as the defaults for a parser.
    params_load_file(groups, (size_t)n, path, NULL);
    close(fd);
    return 0;
}
