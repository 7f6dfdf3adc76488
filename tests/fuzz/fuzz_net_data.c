// SPDX-License-Identifier: MIT
// Fuzzing target: neural-net training data files (net_data_load).
#include <unistd.h>

#include "nets/data.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_file(data, size, path, sizeof path);
    if (fd < 0) return 0;
    NetData d = {0};
    net_data_load(&d, path, NULL);
    net_data_free(&d);
    close(fd);
    return 0;
}
