// SPDX-License-Identifier: MIT
// The transposition table's clearing (core/tt.c): a cleared table finds nothing that was stored
// before, whatever its size, a small one is cleared in its own block, and a table no search
// used since it was made or cleared is not written again.
#include <glib.h>

#include "core/tt.h"

// Stores n entries under keys drawn from the test's seed, returning them in keys.
static void store_some(Tt *tt, Key *keys, int n)
{
    for (int i = 0; i < n; i++) {
        keys[i] = ((Key)g_test_rand_int() << 32 | (uint32_t)g_test_rand_int()) | 1;
        tt_store(tt, keys[i], i % 100, 10, 5, 3, TT_EXACT, 0);
    }
}

static int found(const Tt *tt, const Key *keys, int n)
{
    int hits = 0;
    TtEntry e;
    for (int i = 0; i < n; i++) hits += tt_probe(tt, keys[i], &e);
    return hits;
}

// A 1 MiB table is emptied in place: the same block, nothing found, generation 0.
static void test_clear_small(void)
{
    Tt tt;
    Key keys[1000];
    g_assert_true(tt_init(&tt, 1));
    tt_new_search(&tt);
    store_some(&tt, keys, 1000);
    g_assert_cmpint(found(&tt, keys, 1000), >, 500);
    void *block = tt.block;
    tt_clear(&tt);
    g_assert_true(tt.block == block);
    g_assert_cmpint(found(&tt, keys, 1000), ==, 0);
    g_assert_cmpuint(tt.generation, ==, 0);
    tt_free(&tt);
}

// A 64 MiB table, above the in-place bound, is emptied too.
static void test_clear_large(void)
{
    Tt tt;
    Key keys[1000];
    g_assert_true(tt_init(&tt, 64));
    tt_new_search(&tt);
    store_some(&tt, keys, 1000);
    g_assert_cmpint(found(&tt, keys, 1000), ==, 1000);
    tt_clear(&tt);
    g_assert_cmpint(found(&tt, keys, 1000), ==, 0);
    g_assert_cmpuint(tt.generation, ==, 0);
    tt_free(&tt);
}

// A table no search used (no tt_new_search) since it was made or last cleared is empty, and its
// clear writes nothing: entries stored by hand without tt_new_search, against the contract,
// stay and show it. After a tt_new_search the clear empties the table again.
static void test_clear_unused(void)
{
    Tt tt;
    Key keys[100];
    g_assert_true(tt_init(&tt, 1));
    store_some(&tt, keys, 100);
    tt_clear(&tt);
    g_assert_cmpint(found(&tt, keys, 100), ==, 100);
    tt_new_search(&tt);
    tt_clear(&tt);
    g_assert_cmpint(found(&tt, keys, 100), ==, 0);
    store_some(&tt, keys, 100);
    tt_clear(&tt);
    g_assert_cmpint(found(&tt, keys, 100), ==, 100);
    g_assert_cmpuint(tt.generation, ==, 0);
    tt_free(&tt);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/tt/clear-small", test_clear_small);
    g_test_add_func("/core/tt/clear-large", test_clear_large);
    g_test_add_func("/core/tt/clear-unused", test_clear_unused);
    return g_test_run();
}
