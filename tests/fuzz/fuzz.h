// SPDX-License-Identifier: MIT
// What the fuzzing harnesses share (docs/reliability.md). Each tests/fuzz/fuzz_NAME.c defines
// LLVMFuzzerTestOneInput for one parser; `make fuzz` links it with clang's libFuzzer, and
// `make test` links it with tests/fuzz/replay.c, which feeds it every file of tests/fuzz/NAME/
// (the seeds and the inputs that once crashed).
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// The input as a NUL-terminated string (g_free): a NUL byte inside ends it.
char *fuzz_text(const uint8_t *data, size_t size);

// The input as a regular file in memory (memfd): its path "/proc/self/fd/N" into path, the
// descriptor returned (close it after); -1 when it cannot be made.
int fuzz_file(const uint8_t *data, size_t size, char *path, size_t path_size);

#endif
