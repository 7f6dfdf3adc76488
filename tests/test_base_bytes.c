// SPDX-License-Identifier: MIT
// The ground floor's bytes and random numbers against values computed independently: FNV-1a's
// published test vectors, splitmix64's first outputs from 0 (Vigna's reference code), a
// xoshiro256** stream from a Python transcription of the algorithm; the little-endian loads,
// stores and appends; the bounded reader; rng_below's range.
#include "base/bytes.h"
#include "base/rng.h"

#include <string.h>

static void test_fnv1a(void)
{
    g_assert_cmphex(bytes_fnv1a64((const uint8_t *)"", 0), ==, 0xcbf29ce484222325ull);
    g_assert_cmphex(bytes_fnv1a64((const uint8_t *)"a", 1), ==, 0xaf63dc4c8601ec8cull);
    g_assert_cmphex(bytes_fnv1a64((const uint8_t *)"foobar", 6), ==, 0x85944171f73967e8ull);
    g_assert_cmphex(bytes_fnv1a32(BYTES_FNV1A32_INIT, (const uint8_t *)"a", 1), ==, 0xe40c292cu);
    // Going on from a hash is hashing the whole.
    uint32_t h = bytes_fnv1a32(BYTES_FNV1A32_INIT, (const uint8_t *)"foo", 3);
    g_assert_cmphex(bytes_fnv1a32(h, (const uint8_t *)"bar", 3), ==, 0xbf9cf968u);
    uint64_t w = BYTES_FNV1A64_INIT;
    for (int i = 0; i < 6; i++) w = bytes_fnv1a64_word(w, (uint8_t) "foobar"[i]);
    g_assert_cmphex(w, ==, 0x85944171f73967e8ull);
}

static void test_little_endian(void)
{
    GByteArray *a = g_byte_array_new();
    bytes_put_u16(a, 0x0102);
    bytes_put_u32(a, 0x03040506u);
    bytes_put_u64(a, 0x0708090a0b0c0d0eull);
    const uint8_t want[] = {2, 1, 6, 5, 4, 3, 14, 13, 12, 11, 10, 9, 8, 7};
    g_assert_cmpmem(a->data, a->len, want, sizeof want);
    g_assert_cmphex(bytes_load_u16(a->data), ==, 0x0102);
    g_assert_cmphex(bytes_load_u32(a->data + 2), ==, 0x03040506u);
    g_assert_cmphex(bytes_load_u64(a->data + 6), ==, 0x0708090a0b0c0d0eull);
    uint8_t b[4];
    bytes_store_u32(b, 0xdeadbeefu);
    g_assert_cmphex(bytes_load_u32(b), ==, 0xdeadbeefu);
    g_assert_cmpuint(b[0], ==, 0xef);

    // The reader takes nothing when too few bytes are left.
    BytesReader r = {a->data + 2, a->len - 2, 0};
    uint32_t u;
    uint64_t v;
    g_assert_true(bytes_get_u32(&r, &u));
    g_assert_cmphex(u, ==, 0x03040506u);
    g_assert_true(bytes_get_u64(&r, &v));
    g_assert_cmphex(v, ==, 0x0708090a0b0c0d0eull);
    g_assert_cmpuint(r.at, ==, 12);
    g_assert_false(bytes_get_u32(&r, &u));
    r.at = 6;
    g_assert_false(bytes_get_u64(&r, &v));
    g_assert_cmpuint(r.at, ==, 6);
    g_assert_true(bytes_take(&r, b, 4));
    g_assert_false(bytes_take(&r, b, 4));
    g_assert_cmpuint(r.at, ==, 10);
    g_byte_array_unref(a);
}

static void test_splitmix64(void)
{
    uint64_t s = 0;
    g_assert_cmphex(rng_splitmix64(&s), ==, 0xe220a8397b1dcdafull);
    g_assert_cmphex(rng_splitmix64(&s), ==, 0x6e789e6aa1b965f4ull);
    g_assert_cmphex(rng_splitmix64(&s), ==, 0x06c45d188009454full);
    g_assert_cmphex(rng_mix64(0), ==, 0xe220a8397b1dcdafull);
}

static void test_xoshiro(void)
{
    Rng r;
    rng_seed(&r, 1234567);
    g_assert_cmphex(rng_next(&r), ==, 0x30a3a1c363600467ull);
    g_assert_cmphex(rng_next(&r), ==, 0x19405f0f579929caull);
    g_assert_cmphex(rng_next(&r), ==, 0x115beaac046ddbd9ull);
    // Every value below n comes, and nothing else.
    int seen[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint32_t k = rng_below(&r, 7);
        g_assert_cmpuint(k, <, 7);
        seen[k]++;
    }
    for (int k = 0; k < 7; k++) g_assert_cmpint(seen[k], >, 800);
    g_assert_cmpuint(rng_below(&r, 1), ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/base/bytes/fnv1a", test_fnv1a);
    g_test_add_func("/base/bytes/little-endian", test_little_endian);
    g_test_add_func("/base/rng/splitmix64", test_splitmix64);
    g_test_add_func("/base/rng/xoshiro", test_xoshiro);
    return g_test_run();
}
