// SPDX-License-Identifier: MIT
// Fuzzing target: match results files (match_results_load); results read are summed into
// pentanomial counts and printed.
#include <stdio.h>
#include <unistd.h>

#include "core/lab/match_results.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *null_out;
    if (!null_out) null_out = fopen("/dev/null", "w");
    char path[64];
    int fd = fuzz_file(data, size, path, sizeof path);
    if (fd < 0) return 0;
    MatchResults r; // set by a load that succeeds, untouched otherwise
    if (match_results_load(&r, path, NULL)) {
        EloPenta p;
        match_results_counts(&r, &p);
        match_results_print(&r, null_out);
        g_free(match_results_brief(&r));
        match_results_clear(&r);
    }
    close(fd);
    return 0;
}
