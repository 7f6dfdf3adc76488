// SPDX-License-Identifier: MIT
// Fuzzing target: neural-net files (net_load_data) for Abalone's feature set. The built-in
// net is the natural seed; a net read is evaluated once on the standard layout.
#include "abalone/features.h"
#include "nets/net.h"
#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) abalone_init(), ready = true;
    Net n;
    if (net_load_data(&n, data, size, "fuzz", ABALONE_NET_FEATURE_SET, ABALONE_NET_INPUTS, NULL))
        net_free(&n);
    return 0;
}
