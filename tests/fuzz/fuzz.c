// SPDX-License-Identifier: MIT
// Helpers of the fuzzing harnesses (tests/fuzz/fuzz.h).
#include "tests/fuzz/fuzz.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char *fuzz_text(const uint8_t *data, size_t size)
{
    return g_strndup((const char *)data, size);
}

int fuzz_file(const uint8_t *data, size_t size, char *path, size_t path_size)
{
    int fd = memfd_create("sumito-fuzz", MFD_CLOEXEC);
    if (fd < 0) return -1;
    for (size_t done = 0; done < size;) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    snprintf(path, path_size, "/proc/self/fd/%d", fd);
    return fd;
}
