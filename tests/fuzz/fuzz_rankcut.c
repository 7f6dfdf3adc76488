// SPDX-License-Identifier: MIT
// Fuzzing target: RankCut statistics files (rankcut_counts_load_data). The last 8 bytes are
// replaced by the FNV-1a checksum of the rest, as a file written by sumito holds, so that
// mutations get past the checksum into the header and the entries.
#include <string.h>

#include "core/rankcut.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = g_memdup2(data, size);
    if (size >= 8) {
        uint64_t h = 0xcbf29ce484222325ull; // FNV-1a, 64 bits
        for (size_t i = 0; i < size - 8; i++) h = (h ^ copy[i]) * 0x100000001b3ull;
        for (int k = 0; k < 8; k++) copy[size - 8 + k] = (uint8_t)(h >> (8 * k));
    }
    RankcutCounts c;
    if (rankcut_counts_load_data(&c, copy, size, "fuzz", NULL)) {
        // What a loaded scheme feeds: the cells of extreme features and the interval labels.
        for (int g = 0; g < RANKCUT_GAPS; g++) {
            g_free(rankcut_gap_label(&c.scheme, 5, g));
            g_free(rankcut_gap_label(&c.scheme, 6, g));
        }
        RankcutFeatures f = {.depth = 99,
                             .move_number = 400,
                             .alpha_raises = 9,
                             .best_changes = 9,
                             .have_best = true,
                             .best_minus_alpha = -2000000000,
                             .last_minus_best = 2000000000};
        if (rankcut_cell(&f, &c.scheme) >= RANKCUT_CELLS) __builtin_trap();
        RankcutTable t;
        rankcut_table_init(&t, &c);
        rankcut_table_free(&t);
    }
    g_free(copy);
    return 0;
}
