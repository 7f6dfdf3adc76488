// SPDX-License-Identifier: MIT
// The net (nets/net.h): the file format (round trip, every refusal with its message, the
// committed fixture), the incremental accumulator against a refresh, the scalar and AVX2
// paths bit for bit on extreme values, and a frozen output of a fixed net justified by a naive
// reference written here from the header's specification.
#include <glib/gstdio.h>
#include <string.h>

#include "nets/net.h"
#include "tests/test_util.h"

// ---------------------------------------------------------------------------------------------
// Independent helpers, written from the format's description

static uint64_t naive_fnv1a64(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static uint32_t naive_arch_hash(const char *name, uint32_t inputs)
{
    uint8_t b[48] = {0};
    strncpy((char *)b, name, 32);
    uint32_t v[4] = {inputs, 128, 16, 16};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 4; k++) b[32 + 4 * i + k] = (uint8_t)(v[i] >> (8 * k));
    uint32_t h = 0x811c9dc5u;
    for (int i = 0; i < 48; i++) h = (h ^ b[i]) * 0x01000193u;
    return h;
}

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

// Rewrites the checksum of a file image so that only the damage under test remains.
static void fix_checksum(GByteArray *a)
{
    put_le(a->data + a->len - 8, naive_fnv1a64(a->data, a->len - 8), 8);
}

static GByteArray *copy_bytes(const GByteArray *a)
{
    GByteArray *c = g_byte_array_sized_new(a->len);
    g_byte_array_append(c, a->data, a->len);
    return c;
}

// ---------------------------------------------------------------------------------------------
// Nets

typedef enum { RANGE_TRAINED, RANGE_WIDE, RANGE_EXTREME } Range;

static int pick(GRand *r, int lo, int hi, int extreme_percent)
{
    int u = g_rand_int_range(r, 0, 100);
    if (u < extreme_percent / 2) return lo;
    if (u < extreme_percent) return hi;
    return g_rand_int_range(r, lo, hi + 1);
}

// A random net within the format's limits: trained-like magnitudes, wide ones, or the limits
// themselves (int8 -128 and 127, int16 extremes, the bias and scale bounds) often.
static void random_net(Net *n, GRand *r, int inputs, Range range)
{
    static const char *prov[] = {"", "random test net", "réseau d'essai\nline two"};
    net_init(n, "test-random", inputs,
             range == RANGE_TRAINED ? g_rand_int_range(r, 100, 2000)
                                    : pick(r, 1, NET_MAX_OUTPUT_SCALE, 30),
             prov[g_rand_int_range(r, 0, 3)]);
    int ext = range == RANGE_EXTREME ? 40 : 0;
    int w1 = range == RANGE_TRAINED ? 60 : range == RANGE_WIDE ? 2000 : 32767;
    int w8 = range == RANGE_TRAINED ? 40 : 127;
    int bias = range == RANGE_TRAINED ? 20000 : NET_MAX_BIAS;
    for (int i = 0; i < inputs * NET_L1; i++)
        n->w1[i] = (int16_t)pick(r, -w1 - (w1 == 32767), w1, ext);
    for (int i = 0; i < NET_L1; i++) n->b1[i] = (int16_t)pick(r, -w1, w1, ext);
    for (int i = 0; i < NET_L2 * 2 * NET_L1; i++)
        n->w2[i] = (int8_t)pick(r, -w8 - (w8 == 127), w8, ext);
    for (int i = 0; i < NET_L2; i++) n->b2[i] = pick(r, -bias, bias, ext);
    for (int i = 0; i < NET_L3 * NET_L2; i++)
        n->w3[i] = (int8_t)pick(r, -w8 - (w8 == 127), w8, ext);
    for (int i = 0; i < NET_L3; i++) n->b3[i] = pick(r, -bias, bias, ext);
    for (int i = 0; i < NET_L3; i++) n->w4[i] = (int8_t)pick(r, -w8 - (w8 == 127), w8, ext);
    n->b4 = pick(r, -bias, bias, ext);
}

// The fixed net: every weight from a formula, so the frozen output below can be recomputed by
// hand. The fixture tests/data/net_fixed4.nnue is this net with 4 inputs.
static int16_t fixed_w1(int i, int j)
{
    return (int16_t)((i * 37 + j * 11) % 41 - 20);
}
static int16_t fixed_b1(int j)
{
    return (int16_t)(j % 9 * 12 - 30);
}
static int8_t fixed_w2(int j, int k)
{
    return (int8_t)((j * 13 + k * 7) % 29 - 14);
}
static int32_t fixed_b2(int j)
{
    return (j - 6) * 900;
}
static int8_t fixed_w3(int j, int k)
{
    return (int8_t)((j * 5 + k * 3) % 23 - 11);
}
static int32_t fixed_b3(int j)
{
    return j % 5 * 300 - 600;
}
static int8_t fixed_w4(int j)
{
    return (int8_t)(j * 9 % 31 - 15);
}
#define FIXED_B4    -300
#define FIXED_SCALE 600

static void fixed_net(Net *n, int inputs)
{
    net_init(n, "test-fixed", inputs, FIXED_SCALE, "fixed test net (tests/test_net.c)");
    for (int i = 0; i < inputs; i++)
        for (int j = 0; j < NET_L1; j++) n->w1[i * NET_L1 + j] = fixed_w1(i, j);
    for (int j = 0; j < NET_L1; j++) n->b1[j] = fixed_b1(j);
    for (int j = 0; j < NET_L2; j++)
        for (int k = 0; k < 2 * NET_L1; k++) n->w2[j * 2 * NET_L1 + k] = fixed_w2(j, k);
    for (int j = 0; j < NET_L2; j++) n->b2[j] = fixed_b2(j);
    for (int j = 0; j < NET_L3; j++)
        for (int k = 0; k < NET_L2; k++) n->w3[j * NET_L2 + k] = fixed_w3(j, k);
    for (int j = 0; j < NET_L3; j++) n->b3[j] = fixed_b3(j);
    for (int j = 0; j < NET_L3; j++) n->w4[j] = fixed_w4(j);
    n->b4 = FIXED_B4;
}

static void assert_nets_equal(const Net *a, const Net *b)
{
    g_assert_cmpstr(a->feature_set, ==, b->feature_set);
    g_assert_cmpint(a->inputs, ==, b->inputs);
    g_assert_cmpint(a->output_scale, ==, b->output_scale);
    g_assert_cmpuint(a->arch_hash, ==, b->arch_hash);
    g_assert_cmpuint(a->hash, ==, b->hash);
    g_assert_cmpstr(a->provenance, ==, b->provenance);
    g_assert_cmpmem(a->w1, (size_t)a->inputs * NET_L1 * 2, b->w1, (size_t)b->inputs * NET_L1 * 2);
    g_assert_cmpmem(a->b1, NET_L1 * 2, b->b1, NET_L1 * 2);
    g_assert_cmpmem(a->w2, NET_L2 * 2 * NET_L1, b->w2, NET_L2 * 2 * NET_L1);
    g_assert_cmpmem(a->b2, sizeof a->b2, b->b2, sizeof b->b2);
    g_assert_cmpmem(a->w3, NET_L3 * NET_L2, b->w3, NET_L3 * NET_L2);
    g_assert_cmpmem(a->b3, sizeof a->b3, b->b3, sizeof b->b3);
    g_assert_cmpmem(a->w4, sizeof a->w4, b->w4, sizeof b->w4);
    g_assert_cmpint(a->b4, ==, b->b4);
}

// ---------------------------------------------------------------------------------------------
// The file

static void test_round_trip(void)
{
    GRand *r = test_rand();
    for (int t = 0; t < 6; t++) {
        Net n, m;
        int inputs = g_rand_int_range(r, 1, 300);
        random_net(&n, r, inputs, (Range)(t % 3));
        GByteArray *a = net_serialize(&n);
        g_assert_cmpuint(a->len, ==, net_file_size(&n));
        g_assert_cmpuint(n.hash, ==, naive_fnv1a64(a->data, a->len - 8));
        g_assert_cmpuint(n.arch_hash, ==, naive_arch_hash("test-random", (uint32_t)inputs));
        g_assert_cmpuint(n.arch_hash, ==, net_arch_hash("test-random", inputs));
        GError *err = NULL;
        g_assert_true(net_load_data(&m, a->data, a->len, "mem", "test-random", inputs, &err));
        g_assert_no_error(err);
        assert_nets_equal(&n, &m);
        GByteArray *b = net_serialize(&m);
        g_assert_cmpmem(a->data, a->len, b->data, b->len);
        g_byte_array_unref(a);
        g_byte_array_unref(b);
        net_free(&n);
        net_free(&m);
        net_free(&m); // harmless twice
    }
    g_rand_free(r);
}

static void test_save_load(void)
{
    GRand *r = test_rand();
    char *dir = g_dir_make_tmp("test_net_XXXXXX", NULL);
    char *path = g_build_filename(dir, "a.nnue", NULL);
    Net n, m;
    random_net(&n, r, 40, RANGE_TRAINED);
    GError *err = NULL;
    g_assert_true(net_save(&n, path, &err));
    g_assert_no_error(err);
    g_assert_true(net_load(&m, path, "test-random", 40, &err));
    g_assert_no_error(err);
    assert_nets_equal(&n, &m);
    // Only the file itself is left in the directory (the temporary was renamed).
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_cmpstr(g_dir_read_name(d), ==, "a.nnue");
    g_assert_null(g_dir_read_name(d));
    g_dir_close(d);
    net_free(&m);
    g_assert_false(net_load(&m, "/nonexistent/x.nnue", NULL, 0, &err));
    g_assert_error(err, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_clear_error(&err);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    net_free(&n);
    net_free(&m);
    g_rand_free(r);
}

// Loading a (damaged) image must fail with code and a message containing want.
static void assert_refused(const GByteArray *a, const char *feature_set, int inputs, int code,
                           const char *want)
{
    Net m;
    GError *err = NULL;
    uint8_t none = 0;
    const uint8_t *data = a->len ? a->data : &none;
    g_assert_false(net_load_data(&m, data, a->len, "damaged.nnue", feature_set, inputs, &err));
    g_assert_error(err, NET_ERROR, code);
    if (!strstr(err->message, want)) g_test_message("got: %s", err->message);
    g_assert_nonnull(strstr(err->message, want));
    g_assert_true(g_str_has_prefix(err->message, "damaged.nnue: "));
    g_error_free(err);
    g_assert_null(m.w1); // nothing left allocated
}

// Patches a little-endian field at offset, fixes the checksum, and expects the refusal.
static void patched(const GByteArray *good, size_t offset, uint64_t v, int bytes, int code,
                    const char *want)
{
    GByteArray *a = copy_bytes(good);
    put_le(a->data + offset, v, bytes);
    fix_checksum(a);
    assert_refused(a, NULL, 0, code, want);
    g_byte_array_unref(a);
}

static void test_refusals(void)
{
    GRand *r = test_rand();
    Net n;
    random_net(&n, r, 134, RANGE_TRAINED);
    g_free(n.provenance);
    n.provenance = g_strdup("provenance text");
    GByteArray *good = net_serialize(&n);
    size_t size = good->len;
    char *s;

    patched(good, 0, 'X', 1, NET_ERROR_CORRUPT, "bad magic");
    patched(good, 8, 7, 4, NET_ERROR_MISMATCH, "format version 7, this build reads 1");
    assert_refused(good, "other", 134, NET_ERROR_MISMATCH,
                   "feature set 'test-random', expected 'other'");
    assert_refused(good, "test-random", 10, NET_ERROR_MISMATCH, "inputs 134, expected 10");
    patched(good, 44, 0, 4, NET_ERROR_CORRUPT, "inputs 0 out of range 1..4096");
    patched(good, 44, 5000, 4, NET_ERROR_CORRUPT, "inputs 5000 out of range 1..4096");
    patched(good, 48, 64, 4, NET_ERROR_MISMATCH, "layer sizes 64/16/16, this build has 128/16/16");
    patched(good, 56, 32, 4, NET_ERROR_MISMATCH, "layer sizes 128/16/32, this build has 128/16/16");
    patched(good, 60, n.arch_hash ^ 1, 4, NET_ERROR_CORRUPT, "architecture hash mismatch");
    patched(good, 64, 0, 4, NET_ERROR_CORRUPT, "output scale 0 out of range 1..1000000");
    patched(good, 64, 0xffffffffu, 4, NET_ERROR_CORRUPT, "output scale -1 out of range");
    patched(good, 68, 0xffffffffu, 4, NET_ERROR_CORRUPT, "provenance length 4294967295 is absurd");
    patched(good, 12 + 4, ' ', 1, NET_ERROR_CORRUPT, "feature set name has byte 0x20 at 16");
    patched(good, 12 + 20, 'x', 1, NET_ERROR_CORRUPT, "feature set name not NUL-padded");
    patched(good, 12, 0, 1, NET_ERROR_CORRUPT, "empty feature set name");
    patched(good, 72 + 3, 0xff, 1, NET_ERROR_CORRUPT, "provenance is not UTF-8 text (byte 75)");
    patched(good, 72 + 3, 0, 1, NET_ERROR_CORRUPT, "provenance is not UTF-8 text (byte 75)");
    // A provenance length one too long or short shifts the end of the file.
    patched(good, 68, 16, 4, NET_ERROR_CORRUPT, "truncated at byte");
    patched(good, 68, 14, 4, NET_ERROR_CORRUPT, "1 byte after the end of the net");

    // Truncated anywhere: inside the magic, the header, the provenance, the weights, the sum.
    const size_t cuts[] = {0, 5, 11, 40, 71, 72, 80, 1000, size / 2, size - 9, size - 1};
    for (size_t i = 0; i < G_N_ELEMENTS(cuts); i++) {
        GByteArray *a = copy_bytes(good);
        g_byte_array_set_size(a, (guint)cuts[i]);
        s = cuts[i] < 72
                ? g_strdup_printf("truncated at byte %zu (expected at least 72 bytes)", cuts[i])
                : g_strdup_printf("truncated at byte %zu (expected %zu bytes)", cuts[i], size);
        assert_refused(a, "test-random", 134, NET_ERROR_CORRUPT, s);
        g_free(s);
        g_byte_array_unref(a);
    }
    // A truncated file of another version names the version.
    GByteArray *a = copy_bytes(good);
    put_le(a->data + 8, 2, 4);
    g_byte_array_set_size(a, 30);
    assert_refused(a, NULL, 0, NET_ERROR_MISMATCH, "format version 2, this build reads 1");
    g_byte_array_unref(a);

    a = copy_bytes(good);
    g_byte_array_append(a, (const guint8 *)"xyz", 3);
    assert_refused(a, "test-random", 134, NET_ERROR_CORRUPT, "3 bytes after the end of the net");
    g_byte_array_unref(a);

    // A flipped byte anywhere after the header (provenance, weights, biases, the sum itself).
    for (int t = 0; t < 200; t++) {
        a = copy_bytes(good);
        size_t at = (size_t)g_rand_int_range(r, 72 + 15, (gint32)size);
        a->data[at] ^= (uint8_t)g_rand_int_range(r, 1, 256);
        uint64_t says = 0, gives = naive_fnv1a64(a->data, size - 8);
        for (int k = 0; k < 8; k++) says |= (uint64_t)a->data[size - 8 + k] << (8 * k);
        s = g_strdup_printf("checksum mismatch (file says %016" G_GINT64_MODIFIER
                            "x, contents give %016" G_GINT64_MODIFIER "x)",
                            says, gives);
        assert_refused(a, "test-random", 134, NET_ERROR_CORRUPT, s);
        g_free(s);
        g_byte_array_unref(a);
    }

    // Values the format can hold but a net may not: biases beyond the bound (checksum right).
    const struct {
        int32_t *field;
        int32_t value;
        const char *want;
    } biases[] = {
        {&n.b2[3], NET_MAX_BIAS + 1, "bias b2[3] = 16777217 out of range +-16777216"},
        {&n.b3[15], -NET_MAX_BIAS - 1, "bias b3[15] = -16777217 out of range"},
        {&n.b4, INT32_MIN, "bias b4[0] = -2147483648 out of range"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(biases); i++) {
        int32_t keep = *biases[i].field;
        *biases[i].field = biases[i].value;
        a = net_serialize(&n);
        assert_refused(a, "test-random", 134, NET_ERROR_CORRUPT, biases[i].want);
        g_byte_array_unref(a);
        *biases[i].field = keep;
    }
    g_byte_array_unref(good);
    net_free(&n);
    g_rand_free(r);
}

// tests/data/net_fixed4.nnue is the fixed net with 4 inputs, for the command-line test. To
// write it again after a deliberate format change:
//   SUMITO_NET_WRITE_FIXTURE=1 build/tests/test_net -p /nets/file/fixture
static void test_fixture(void)
{
    Net n, m;
    fixed_net(&n, 4);
    GByteArray *a = net_serialize(&n);
    char *path = g_build_filename(TEST_DATA_DIR, "net_fixed4.nnue", NULL);
    GError *err = NULL;
    if (g_getenv("SUMITO_NET_WRITE_FIXTURE")) {
        g_assert_true(net_save(&n, path, &err));
        g_assert_no_error(err);
    }
    gchar *data;
    gsize size;
    g_assert_true(g_file_get_contents(path, &data, &size, &err));
    g_assert_no_error(err);
    g_assert_cmpmem(data, size, a->data, a->len);
    g_assert_true(net_load(&m, path, "test-fixed", 4, &err));
    g_assert_no_error(err);
    assert_nets_equal(&n, &m);
    g_free(data);
    g_free(path);
    g_byte_array_unref(a);
    net_free(&n);
    net_free(&m);
}

static void test_describe(void)
{
    Net n;
    fixed_net(&n, 4);
    GByteArray *a = net_serialize(&n);
    char *d = net_describe(&n);
    GPtrArray *want = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(want, g_strdup("feature set     test-fixed\n"));
    g_ptr_array_add(want, g_strdup("inputs          4\n"));
    g_ptr_array_add(want, g_strdup("layers          4 -> 2x128 -> 16 -> 16 -> 1\n"));
    g_ptr_array_add(want,
                    g_strdup_printf("arch hash       %08x\n", naive_arch_hash("test-fixed", 4)));
    g_ptr_array_add(want, g_strdup_printf("content hash    %016" G_GINT64_MODIFIER "x\n",
                                          naive_fnv1a64(a->data, a->len - 8)));
    g_ptr_array_add(want, g_strdup("output scale    600\n"));
    // 4 * 128 + 128 + 16 * 256 + 16 + 16 * 16 + 16 + 16 + 1
    g_ptr_array_add(want, g_strdup("parameters      5041\n"));
    g_ptr_array_add(want, g_strdup_printf("file size       %u bytes\n", a->len));
    g_ptr_array_add(want, g_strdup("provenance      fixed test net (tests/test_net.c)\n"));
    for (guint i = 0; i < want->len; i++) {
        const char *w = g_ptr_array_index(want, i);
        if (!strstr(d, w)) g_test_message("missing '%s' in:\n%s", w, d);
        g_assert_nonnull(strstr(d, w));
    }
    g_ptr_array_unref(want);
    g_free(d);
    g_byte_array_unref(a);
    net_free(&n);
}

// ---------------------------------------------------------------------------------------------
// Inference

typedef void (*UpdateFn)(const Net *, const NetAccumulator *, NetAccumulator *,
                         const uint16_t *const[2], const int[2], const uint16_t *const[2],
                         const int[2]);

// Random add/remove sequences over random active sets: every path's update equals a refresh,
// in place (from == to) or not; w1 spans int16, so the wrapping is exercised too.
static void check_incremental(UpdateFn update)
{
    GRand *r = test_rand();
    const int inputs = 200, steps = TEST_SCALED(300);
    Net n;
    random_net(&n, r, inputs, RANGE_EXTREME);
    bool on[2][200] = {{false}};
    NetAccumulator acc[2], want;
    for (int p = 0; p < 2; p++) {
        uint16_t list[200];
        int count = 0;
        for (int i = 0; i < inputs; i++)
            if ((on[p][i] = g_rand_int_range(r, 0, 10) == 0)) list[count++] = (uint16_t)i;
        net_acc_refresh(&n, &acc[0], p, list, count);
    }
    int cur = 0;
    for (int s = 0; s < steps; s++) {
        uint16_t add[2][8], sub[2][8];
        int nadd[2] = {0, 0}, nsub[2] = {0, 0};
        for (int p = 0; p < 2; p++) {
            int want_add = g_rand_int_range(r, 0, 5), want_sub = g_rand_int_range(r, 0, 5);
            for (int t = 0; t < 40 && (nadd[p] < want_add || nsub[p] < want_sub); t++) {
                int f = g_rand_int_range(r, 0, inputs);
                bool taken = false;
                for (int k = 0; k < nadd[p]; k++) taken |= add[p][k] == f;
                for (int k = 0; k < nsub[p]; k++) taken |= sub[p][k] == f;
                if (taken) continue;
                if (!on[p][f] && nadd[p] < want_add) add[p][nadd[p]++] = (uint16_t)f;
                if (on[p][f] && nsub[p] < want_sub) sub[p][nsub[p]++] = (uint16_t)f;
            }
            for (int k = 0; k < nadd[p]; k++) on[p][add[p][k]] = true;
            for (int k = 0; k < nsub[p]; k++) on[p][sub[p][k]] = false;
        }
        const uint16_t *const a[2] = {add[0], add[1]}, *const b[2] = {sub[0], sub[1]};
        int next = g_rand_boolean(r) ? cur : 1 - cur;
        update(&n, &acc[cur], &acc[next], a, nadd, b, nsub);
        cur = next;
        for (int p = 0; p < 2; p++) {
            uint16_t list[200];
            int count = 0;
            for (int i = 0; i < inputs; i++)
                if (on[p][i]) list[count++] = (uint16_t)i;
            net_acc_refresh(&n, &want, p, list, count);
        }
        g_assert_cmpmem(acc[cur].v, sizeof acc[cur].v, want.v, sizeof want.v);
    }
    net_free(&n);
    g_rand_free(r);
}

static void test_incremental_scalar(void)
{
    check_incremental(net_acc_update_scalar);
}

static void test_incremental_dispatch(void)
{
    check_incremental(net_acc_update);
}

static void test_incremental_avx2(void)
{
    if (!net_have_avx2()) {
        g_test_skip("this CPU has no AVX2");
        return;
    }
    check_incremental(net_acc_update_avx2);
}

static int16_t random_lane(GRand *r)
{
    switch (g_rand_int_range(r, 0, 5)) {
    case 0: return (int16_t)g_rand_int_range(r, -32768, 32768);
    case 1: return (int16_t)g_rand_int_range(r, 32700, 32768);
    case 2: return (int16_t)g_rand_int_range(r, -32768, -32700);
    case 3: return (int16_t)g_rand_int_range(r, -3, 3);
    default: return (int16_t)g_rand_int_range(r, -20, 150); // around the clamp's range
    }
}

// An accumulator of one kind: lanes mixed from every region, or all in one region.
static void random_acc(NetAccumulator *a, GRand *r)
{
    int kind = g_rand_int_range(r, 0, 4);
    for (int p = 0; p < 2; p++)
        for (int j = 0; j < NET_L1; j++)
            a->v[p][j] = kind == 0   ? random_lane(r)
                         : kind == 1 ? (int16_t)g_rand_int_range(r, -40, 170)
                         : kind == 2 ? (g_rand_boolean(r) ? 32767 : -32768)
                                     : (int16_t)g_rand_int_range(r, 0, 128);
}

static void test_avx2_update(void)
{
    if (!net_have_avx2()) {
        g_test_skip("this CPU has no AVX2");
        return;
    }
    GRand *r = test_rand();
    Net n;
    random_net(&n, r, 300, RANGE_EXTREME);
    for (int t = 0; t < TEST_SCALED(5000); t++) {
        NetAccumulator from, s, v;
        random_acc(&from, r);
        uint16_t add[2][12], sub[2][12];
        int nadd[2], nsub[2];
        for (int p = 0; p < 2; p++) {
            nadd[p] = g_rand_int_range(r, 0, 13);
            nsub[p] = g_rand_int_range(r, 0, 13);
            for (int k = 0; k < 12; k++) {
                add[p][k] = (uint16_t)g_rand_int_range(r, 0, 300);
                sub[p][k] = (uint16_t)g_rand_int_range(r, 0, 300);
            }
        }
        const uint16_t *const a[2] = {add[0], add[1]}, *const b[2] = {sub[0], sub[1]};
        net_acc_update_scalar(&n, &from, &s, a, nadd, b, nsub);
        net_acc_update_avx2(&n, &from, &v, a, nadd, b, nsub);
        g_assert_cmpmem(s.v, sizeof s.v, v.v, sizeof v.v);
        v = from; // in place
        net_acc_update_avx2(&n, &v, &v, a, nadd, b, nsub);
        g_assert_cmpmem(s.v, sizeof s.v, v.v, sizeof v.v);
    }
    net_free(&n);
    g_rand_free(r);
}

static void test_avx2_evaluate(void)
{
    if (!net_have_avx2()) {
        g_test_skip("this CPU has no AVX2");
        return;
    }
    GRand *r = test_rand();
    int nets = TEST_SCALED(30), distinct = 0;
    for (int t = 0; t < nets; t++) {
        Net n;
        random_net(&n, r, 8, (Range)(t % 3));
        int32_t first = 0;
        for (int k = 0; k < 400; k++) {
            NetAccumulator a;
            random_acc(&a, r);
            for (int stm = 0; stm < 2; stm++) {
                int32_t s = net_evaluate_scalar(&n, &a, stm);
                g_assert_cmpint(net_evaluate_avx2(&n, &a, stm), ==, s);
                if (k == 0 && stm == 0) first = s;
                distinct += s != first;
            }
        }
        net_free(&n);
    }
    g_assert_cmpint(distinct, >, nets * 100); // the inputs do move the output
    g_rand_free(r);
}

// ---------------------------------------------------------------------------------------------
// The naive reference: the header's specification in int64, step by step, from an active
// feature list; counts how many activations were clamped or fell strictly inside.

typedef struct {
    int clamped_low, clamped_high, inside, negative_floored;
} NaiveCounts;

static int64_t naive_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return q * b > a ? q - 1 : q;
}

static int64_t naive_clamp(int64_t x, NaiveCounts *c)
{
    if (x <= 0) return c->clamped_low++, 0;
    if (x >= 127) return c->clamped_high++, 127;
    return c->inside++, x;
}

static int32_t naive_evaluate(const Net *n, const uint16_t *active[2], const int count[2], int stm,
                              NaiveCounts *c)
{
    int64_t acc[2][128], x[256], h2[16], h3[16];
    for (int p = 0; p < 2; p++)
        for (int j = 0; j < 128; j++) {
            acc[p][j] = n->b1[j];
            for (int i = 0; i < count[p]; i++) {
                g_assert_cmpint(active[p][i], <, n->inputs);
                acc[p][j] += n->w1[active[p][i] * 128 + j];
            }
            g_assert_cmpint(acc[p][j], >=, -32768); // no wrapping in this reference's inputs
            g_assert_cmpint(acc[p][j], <=, 32767);
        }
    for (int j = 0; j < 128; j++) {
        x[j] = naive_clamp(acc[stm][j], c);
        x[128 + j] = naive_clamp(acc[1 - stm][j], c);
    }
    for (int j = 0; j < 16; j++) {
        int64_t s = n->b2[j];
        for (int k = 0; k < 256; k++) s += x[k] * n->w2[j * 256 + k];
        c->negative_floored += s < 0 && s % 64 != 0;
        h2[j] = naive_clamp(naive_floor_div(s, 64), c);
    }
    for (int j = 0; j < 16; j++) {
        int64_t s = n->b3[j];
        for (int k = 0; k < 16; k++) s += h2[k] * n->w3[j * 16 + k];
        c->negative_floored += s < 0 && s % 64 != 0;
        h3[j] = naive_clamp(naive_floor_div(s, 64), c);
    }
    int64_t o = n->b4;
    for (int j = 0; j < 16; j++) o += h3[j] * n->w4[j];
    return (int32_t)(o * n->output_scale / (127 * 64)); // C division truncates toward zero
}

static void accumulate(const Net *n, const uint16_t *active[2], const int count[2],
                       NetAccumulator *a)
{
    for (int p = 0; p < 2; p++) net_acc_refresh(n, a, p, active[p], count[p]);
}

// The fixed net on a fixed position; the frozen numbers were computed once by this file's
// naive reference (and by a throwaway transcription of it into another language) and are
// checked against it on every run. The output sums are -906 and -500: the scores
// -906 * 600 / 8128 = -66.9 and -36.9 truncate toward zero, to -66 and -36 (a floor would
// give -67 and -37).
static void test_frozen(void)
{
    Net n;
    fixed_net(&n, 64);
    uint16_t f0[12], f1[12];
    for (int k = 0; k < 12; k++)
        f0[k] = (uint16_t)(3 + 5 * k), f1[k] = (uint16_t)((2 + 7 * k) % 64);
    const uint16_t *active[2] = {f0, f1};
    const int count[2] = {12, 12};
    const int32_t frozen[2] = {-66, -36};
    NetAccumulator a;
    accumulate(&n, active, count, &a);
    for (int stm = 0; stm < 2; stm++) {
        NaiveCounts c = {0};
        int32_t naive = naive_evaluate(&n, active, count, stm, &c);
        g_test_message("stm %d: naive %d (clamped %d low, %d high, %d inside, %d negative floored)",
                       stm, naive, c.clamped_low, c.clamped_high, c.inside, c.negative_floored);
        // The position exercises every branch of the arithmetic.
        g_assert_cmpint(c.clamped_low, >, 0);
        g_assert_cmpint(c.clamped_high, >, 0);
        g_assert_cmpint(c.inside, >, 20);
        g_assert_cmpint(c.negative_floored, >, 0);
        g_assert_cmpint(naive, ==, frozen[stm]);
        g_assert_cmpint(net_evaluate_scalar(&n, &a, stm), ==, frozen[stm]);
        g_assert_cmpint(net_evaluate(&n, &a, stm), ==, frozen[stm]);
        if (net_have_avx2()) g_assert_cmpint(net_evaluate_avx2(&n, &a, stm), ==, frozen[stm]);
    }
    net_free(&n);
}

// The naive reference against the library on random trained-like nets and positions.
static void test_naive_random(void)
{
    GRand *r = test_rand();
    for (int t = 0; t < TEST_SCALED(50); t++) {
        Net n;
        random_net(&n, r, 100, RANGE_TRAINED);
        uint16_t f[2][30];
        int count[2];
        for (int p = 0; p < 2; p++) {
            count[p] = g_rand_int_range(r, 0, 31);
            for (int k = 0; k < count[p]; k++) f[p][k] = (uint16_t)g_rand_int_range(r, 0, 100);
        }
        const uint16_t *active[2] = {f[0], f[1]};
        NetAccumulator a;
        accumulate(&n, active, count, &a);
        for (int stm = 0; stm < 2; stm++) {
            NaiveCounts c = {0};
            int32_t naive = naive_evaluate(&n, active, count, stm, &c);
            g_assert_cmpint(net_evaluate_scalar(&n, &a, stm), ==, naive);
            g_assert_cmpint(net_evaluate(&n, &a, stm), ==, naive);
        }
        net_free(&n);
    }
    g_rand_free(r);
}

// net_acc_update and net_evaluate take the AVX2 path when the CPU has it, unless
// SUMITO_NET_SIMD=scalar; a child process started with the variable set takes the scalar one.
static void test_dispatch(void)
{
    const char *env = g_getenv("SUMITO_NET_SIMD");
    bool forced = env && strcmp(env, "scalar") == 0;
    if (g_test_subprocess()) {
        g_assert_true(forced);
        g_assert_cmpstr(net_simd_name(), ==, "scalar");
        return;
    }
    g_assert_cmpstr(net_simd_name(), ==, net_have_avx2() && !forced ? "avx2" : "scalar");
    char *old = g_strdup(env);
    g_setenv("SUMITO_NET_SIMD", "scalar", TRUE);
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    if (old)
        g_setenv("SUMITO_NET_SIMD", old, TRUE);
    else
        g_unsetenv("SUMITO_NET_SIMD");
    g_free(old);
    g_test_trap_assert_passed();
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/nets/file/round-trip", test_round_trip);
    g_test_add_func("/nets/file/save-load", test_save_load);
    g_test_add_func("/nets/file/refusals", test_refusals);
    g_test_add_func("/nets/file/fixture", test_fixture);
    g_test_add_func("/nets/file/describe", test_describe);
    g_test_add_func("/nets/infer/incremental-scalar", test_incremental_scalar);
    g_test_add_func("/nets/infer/incremental-avx2", test_incremental_avx2);
    g_test_add_func("/nets/infer/incremental-dispatch", test_incremental_dispatch);
    g_test_add_func("/nets/infer/avx2-update", test_avx2_update);
    g_test_add_func("/nets/infer/avx2-evaluate", test_avx2_evaluate);
    g_test_add_func("/nets/infer/frozen", test_frozen);
    g_test_add_func("/nets/infer/naive-random", test_naive_random);
    g_test_add_func("/nets/infer/dispatch", test_dispatch);
    return g_test_run();
}
