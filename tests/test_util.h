// SPDX-License-Identifier: MIT
// Small helpers shared by the test programs.
#ifndef TESTS_TEST_UTIL_H
#define TESTS_TEST_UTIL_H

#include <glib.h>

// Sanitizer builds run the heavy loops on a fraction of the data; release runs all of it.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_SANITIZED 1
#else
#define TEST_SANITIZED 0
#endif
#define TEST_SCALED(n) (TEST_SANITIZED ? (n) / 5 : (n))

// A GRand seeded from the g_test seed, so `--seed` replays a failure.
static inline GRand *test_rand(void)
{
    return g_rand_new_with_seed(g_test_rand_int());
}

#endif
