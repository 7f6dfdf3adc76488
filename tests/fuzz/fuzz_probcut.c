// SPDX-License-Identifier: MIT
// Fuzzing target: ProbCut calibration files (probcut_data_load_data), then the fits built from
// what loaded. The last 8 bytes are replaced by the FNV-1a checksum of the rest, as a file
// written by sumito holds, so that mutations get past the checksum into the header and sums.
#include <string.h>

#include "core/probcut.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = g_memdup2(data, size);
    if (size >= 8) {
        uint64_t h = 0xcbf29ce484222325ull; // FNV-1a, 64 bits
        for (size_t i = 0; i < size - 8; i++) h = (h ^ copy[i]) * 0x100000001b3ull;
        for (int k = 0; k < 8; k++) copy[size - 8 + k] = (uint8_t)(h >> (8 * k));
    }
    ProbcutData *c = g_new(ProbcutData, 1);
    if (probcut_data_load_data(c, copy, size, "fuzz", NULL)) {
        ProbcutTable *t = g_new(ProbcutTable, 1);
        probcut_table_build(t, c, 1);
        g_free(t);
    }
    g_free(c);
    g_free(copy);
    return 0;
}
