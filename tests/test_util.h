// SPDX-License-Identifier: MIT
// Small helpers shared by the test programs.
#ifndef TESTS_TEST_UTIL_H
#define TESTS_TEST_UTIL_H

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

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

// What a print function writes, as a string: pass test_capture_begin(&c) as its stream, then
// take test_capture_end(&c) (free it with g_free()).
typedef struct {
    char *buf;
    size_t len;
    FILE *f;
} TestCapture;

static inline FILE *test_capture_begin(TestCapture *c)
{
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    g_assert_nonnull(c->f);
    return c->f;
}

static inline char *test_capture_end(TestCapture *c)
{
    fclose(c->f);
    char *text = g_strndup(c->buf, c->len);
    free(c->buf);
    return text;
}

#endif
