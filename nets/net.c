// SPDX-License-Identifier: MIT
// The net's file (nets/net.h): loading with every check the format allows, each refusal naming
// the problem; writing through a temporary file; the architecture and content hashes; a text
// description. Integers are read and written byte by byte, little-endian, never by casting a
// pointer into the file, so a file reads the same on any machine and at any alignment.
#include "nets/net.h"
#include "base/file.h"
#include "base/bytes.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK(sumito - net - error - quark, net_error)

static const char net_magic[8] = {'S', 'U', 'M', 'I', 'T', 'O', 'N', 'N'};

// ---------------------------------------------------------------------------------------------
// Hashes and sizes

uint32_t net_arch_hash(const char *feature_set, int inputs)
{
    uint8_t name[NET_FEATURE_SET_LEN] = {0};
    memcpy(name, feature_set, strnlen(feature_set, NET_FEATURE_SET_LEN));
    uint8_t sizes[16];
    bytes_store_u32(sizes, (uint32_t)inputs);
    bytes_store_u32(sizes + 4, NET_L1);
    bytes_store_u32(sizes + 8, NET_L2);
    bytes_store_u32(sizes + 12, NET_L3);
    return bytes_fnv1a32(bytes_fnv1a32(BYTES_FNV1A32_INIT, name, sizeof name), sizes, sizeof sizes);
}

// Bytes of the weights and biases, from w1 to b4.
static size_t weights_size(size_t inputs)
{
    return inputs * NET_L1 * 2 + NET_L1 * 2 + NET_L2 * 2 * NET_L1 + NET_L2 * 4 + NET_L3 * NET_L2 +
           NET_L3 * 4 + NET_L3 + 4;
}

static size_t file_size(size_t inputs, size_t provenance_length)
{
    return NET_HEADER_SIZE + provenance_length + weights_size(inputs) + 8;
}

size_t net_file_size(const Net *n)
{
    return file_size((size_t)n->inputs, n->provenance ? strlen(n->provenance) : 0);
}

size_t net_param_count(const Net *n)
{
    return (size_t)n->inputs * NET_L1 + NET_L1 + NET_L2 * 2 * NET_L1 + NET_L2 + NET_L3 * NET_L2 +
           NET_L3 + NET_L3 + 1;
}

// ---------------------------------------------------------------------------------------------
// Allocation

void net_init(Net *n, const char *feature_set, int inputs, int32_t output_scale,
              const char *provenance)
{
    memset(n, 0, sizeof *n);
    g_strlcpy(n->feature_set, feature_set, sizeof n->feature_set);
    n->inputs = inputs;
    n->output_scale = output_scale;
    n->arch_hash = net_arch_hash(n->feature_set, inputs);
    n->provenance = g_strdup(provenance ? provenance : "");
    n->w1 = g_aligned_alloc0((gsize)inputs * NET_L1, sizeof *n->w1, 32);
    n->b1 = g_aligned_alloc0(NET_L1, sizeof *n->b1, 32);
    n->w2 = g_aligned_alloc0(NET_L2 * 2 * NET_L1, sizeof *n->w2, 32);
    n->w3 = g_aligned_alloc0(NET_L3 * NET_L2, sizeof *n->w3, 32);
}

void net_free(Net *n)
{
    g_free(n->provenance);
    g_aligned_free(n->w1);
    g_aligned_free(n->b1);
    g_aligned_free(n->w2);
    g_aligned_free(n->w3);
    memset(n, 0, sizeof *n);
}

void net_destroy(Net **n)
{
    if (!*n) return;
    net_free(*n);
    g_free(*n);
    *n = NULL;
}

// ---------------------------------------------------------------------------------------------
// Reading

static bool refuse(GError **err, NetError code, const char *what, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

static bool refuse(GError **err, NetError code, const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, NET_ERROR, (int)code, "%s: %s", what, msg);
    g_free(msg);
    return false;
}

static int32_t get_i32(const uint8_t *b)
{
    uint32_t u = bytes_load_u32(b);
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 2147483648u) - INT32_MAX - 1;
}

static int16_t get_i16(const uint8_t *b)
{
    int v = bytes_load_u16(b);
    return (int16_t)(v < 32768 ? v : v - 65536);
}

static int8_t get_i8(uint8_t b)
{
    return (int8_t)(b < 128 ? b : b - 256);
}

// The fixed part of the header, read once it is known to be there.
typedef struct {
    uint32_t version, inputs, l1, l2, l3, arch_hash, provenance_length;
    int32_t output_scale;
    const uint8_t *feature_set;
} Header;

static void read_header(const uint8_t *d, Header *h)
{
    h->version = bytes_load_u32(d + 8);
    h->feature_set = d + 12;
    h->inputs = bytes_load_u32(d + 44);
    h->l1 = bytes_load_u32(d + 48);
    h->l2 = bytes_load_u32(d + 52);
    h->l3 = bytes_load_u32(d + 56);
    h->arch_hash = bytes_load_u32(d + 60);
    h->output_scale = get_i32(d + 64);
    h->provenance_length = bytes_load_u32(d + 68);
}

// The feature set's name: printable ASCII without blanks, then NULs to the end of its field.
static bool check_name(const uint8_t *name, const char *what, GError **err)
{
    size_t len = strnlen((const char *)name, NET_FEATURE_SET_LEN);
    if (len == NET_FEATURE_SET_LEN)
        return refuse(err, NET_ERROR_CORRUPT, what, "feature set name has no NUL in its %d bytes",
                      NET_FEATURE_SET_LEN);
    if (len == 0) return refuse(err, NET_ERROR_CORRUPT, what, "empty feature set name");
    for (size_t i = 0; i < len; i++)
        if (name[i] <= ' ' || name[i] > '~')
            return refuse(err, NET_ERROR_CORRUPT, what, "feature set name has byte 0x%02x at %zu",
                          name[i], 12 + i);
    for (size_t i = len; i < NET_FEATURE_SET_LEN; i++)
        if (name[i])
            return refuse(err, NET_ERROR_CORRUPT, what,
                          "feature set name not NUL-padded (byte 0x%02x at %zu)", name[i], 12 + i);
    return true;
}

// Everything the header says, against this build and the caller's expectations.
static bool check_header(const Header *h, const char *what, const char *feature_set, int inputs,
                         GError **err)
{
    if (!check_name(h->feature_set, what, err)) return false;
    const char *name = (const char *)h->feature_set;
    if (feature_set && strcmp(name, feature_set))
        return refuse(err, NET_ERROR_MISMATCH, what, "feature set '%s', expected '%s'", name,
                      feature_set);
    if (feature_set && h->inputs != (uint32_t)inputs)
        return refuse(err, NET_ERROR_MISMATCH, what, "inputs %" PRIu32 ", expected %d", h->inputs,
                      inputs);
    if (h->inputs < 1 || h->inputs > NET_MAX_INPUTS)
        return refuse(err, NET_ERROR_CORRUPT, what, "inputs %" PRIu32 " out of range 1..%d",
                      h->inputs, NET_MAX_INPUTS);
    if (h->l1 != NET_L1 || h->l2 != NET_L2 || h->l3 != NET_L3)
        return refuse(err, NET_ERROR_MISMATCH, what,
                      "layer sizes %" PRIu32 "/%" PRIu32 "/%" PRIu32 ", this build has %d/%d/%d",
                      h->l1, h->l2, h->l3, NET_L1, NET_L2, NET_L3);
    uint32_t arch = net_arch_hash(name, (int)h->inputs);
    if (h->arch_hash != arch)
        return refuse(err, NET_ERROR_CORRUPT, what,
                      "architecture hash mismatch (file says %08" PRIx32
                      ", its feature set and sizes give %08" PRIx32 ")",
                      h->arch_hash, arch);
    if (h->output_scale < 1 || h->output_scale > NET_MAX_OUTPUT_SCALE)
        return refuse(err, NET_ERROR_CORRUPT, what, "output scale %" PRId32 " out of range 1..%d",
                      h->output_scale, NET_MAX_OUTPUT_SCALE);
    if (h->provenance_length > NET_MAX_PROVENANCE)
        return refuse(err, NET_ERROR_CORRUPT, what,
                      "provenance length %" PRIu32 " is absurd (at most %d bytes)",
                      h->provenance_length, NET_MAX_PROVENANCE);
    return true;
}

// Magic, version, the header's presence and contents, the size, the checksum, the provenance.
static bool check_file(const uint8_t *d, size_t size, const char *what, const char *feature_set,
                       int inputs, Header *h, GError **err)
{
    if (size > 0 && memcmp(d, net_magic, MIN(size, sizeof net_magic)))
        return refuse(err, NET_ERROR_CORRUPT, what, "bad magic (not a sumito net file)");
    if (size >= 12 && bytes_load_u32(d + 8) != NET_FORMAT_VERSION)
        return refuse(err, NET_ERROR_MISMATCH, what,
                      "format version %" PRIu32 ", this build reads %d", bytes_load_u32(d + 8),
                      NET_FORMAT_VERSION);
    if (size < NET_HEADER_SIZE)
        return refuse(err, NET_ERROR_CORRUPT, what,
                      "truncated at byte %zu (expected at least %d bytes)", size, NET_HEADER_SIZE);
    read_header(d, h);
    if (!check_header(h, what, feature_set, inputs, err)) return false;
    size_t want = file_size(h->inputs, h->provenance_length);
    if (size < want)
        return refuse(err, NET_ERROR_CORRUPT, what, "truncated at byte %zu (expected %zu bytes)",
                      size, want);
    if (size > want)
        return refuse(err, NET_ERROR_CORRUPT, what, "%zu byte%s after the end of the net",
                      size - want, size - want == 1 ? "" : "s");
    uint64_t says = bytes_load_u64(d + want - 8), gives = bytes_fnv1a64(d, want - 8);
    if (says != gives)
        return refuse(err, NET_ERROR_CORRUPT, what,
                      "checksum mismatch (file says %016" PRIx64 ", contents give %016" PRIx64 ")",
                      says, gives);
    const char *end;
    if (!g_utf8_validate_len((const char *)d + NET_HEADER_SIZE, h->provenance_length, &end))
        return refuse(err, NET_ERROR_CORRUPT, what, "provenance is not UTF-8 text (byte %zu)",
                      (size_t)((const uint8_t *)end - d));
    return true;
}

static bool check_bias(int32_t b, const char *name, int i, const char *what, GError **err)
{
    if (b >= -NET_MAX_BIAS && b <= NET_MAX_BIAS) return true;
    return refuse(err, NET_ERROR_CORRUPT, what, "bias %s[%d] = %" PRId32 " out of range +-%d", name,
                  i, b, NET_MAX_BIAS);
}

// The weights from p (sizes checked), then the biases' bounds.
static bool read_weights(Net *n, const uint8_t *p, const char *what, GError **err)
{
    size_t w1 = (size_t)n->inputs * NET_L1;
    for (size_t i = 0; i < w1; i++, p += 2) n->w1[i] = get_i16(p);
    for (int i = 0; i < NET_L1; i++, p += 2) n->b1[i] = get_i16(p);
    for (int i = 0; i < NET_L2 * 2 * NET_L1; i++) n->w2[i] = get_i8(*p++);
    for (int i = 0; i < NET_L2; i++, p += 4) n->b2[i] = get_i32(p);
    for (int i = 0; i < NET_L3 * NET_L2; i++) n->w3[i] = get_i8(*p++);
    for (int i = 0; i < NET_L3; i++, p += 4) n->b3[i] = get_i32(p);
    for (int i = 0; i < NET_L3; i++) n->w4[i] = get_i8(*p++);
    n->b4 = get_i32(p);
    for (int i = 0; i < NET_L2; i++)
        if (!check_bias(n->b2[i], "b2", i, what, err)) return false;
    for (int i = 0; i < NET_L3; i++)
        if (!check_bias(n->b3[i], "b3", i, what, err)) return false;
    return check_bias(n->b4, "b4", 0, what, err);
}

bool net_load_data(Net *n, const uint8_t *data, size_t size, const char *what,
                   const char *feature_set, int inputs, GError **err)
{
    memset(n, 0, sizeof *n);
    Header h = {0};
    if (!check_file(data, size, what, feature_set, inputs, &h, err)) return false;
    char *provenance = g_strndup((const char *)data + NET_HEADER_SIZE, h.provenance_length);
    net_init(n, (const char *)h.feature_set, (int)h.inputs, h.output_scale, NULL);
    g_free(n->provenance);
    n->provenance = provenance;
    n->hash = bytes_load_u64(data + size - 8);
    if (!read_weights(n, data + NET_HEADER_SIZE + h.provenance_length, what, err)) {
        net_free(n);
        return false;
    }
    return true;
}

bool net_load(Net *n, const char *path, const char *feature_set, int inputs, GError **err)
{
    memset(n, 0, sizeof *n);
    gchar *data;
    gsize size;
    if (!file_read_all(path, FILE_READ_MAX, &data, &size, err)) return false;
    bool ok = net_load_data(n, (const uint8_t *)data, size, path, feature_set, inputs, err);
    g_free(data);
    return ok;
}

// ---------------------------------------------------------------------------------------------
// Writing

static void put_i8s(GByteArray *a, const int8_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t b = (uint8_t)v[i];
        g_byte_array_append(a, &b, 1);
    }
}

GByteArray *net_serialize(Net *n)
{
    size_t plen = n->provenance ? strlen(n->provenance) : 0;
    GByteArray *a = g_byte_array_sized_new((guint)file_size((size_t)n->inputs, plen));
    uint8_t name[NET_FEATURE_SET_LEN] = {0};
    memcpy(name, n->feature_set, strnlen(n->feature_set, NET_FEATURE_SET_LEN - 1));
    n->arch_hash = net_arch_hash((const char *)name, n->inputs);
    g_byte_array_append(a, (const guint8 *)net_magic, sizeof net_magic);
    bytes_put_u32(a, NET_FORMAT_VERSION);
    g_byte_array_append(a, name, sizeof name);
    const uint32_t sizes[4] = {(uint32_t)n->inputs, NET_L1, NET_L2, NET_L3};
    for (int i = 0; i < 4; i++) bytes_put_u32(a, sizes[i]);
    bytes_put_u32(a, n->arch_hash);
    bytes_put_u32(a, (uint32_t)n->output_scale);
    bytes_put_u32(a, (uint32_t)plen);
    if (plen) g_byte_array_append(a, (const guint8 *)n->provenance, (guint)plen);
    for (size_t i = 0; i < (size_t)n->inputs * NET_L1; i++) bytes_put_u16(a, (uint16_t)n->w1[i]);
    for (int i = 0; i < NET_L1; i++) bytes_put_u16(a, (uint16_t)n->b1[i]);
    put_i8s(a, n->w2, NET_L2 * 2 * NET_L1);
    for (int i = 0; i < NET_L2; i++) bytes_put_u32(a, (uint32_t)n->b2[i]);
    put_i8s(a, n->w3, NET_L3 * NET_L2);
    for (int i = 0; i < NET_L3; i++) bytes_put_u32(a, (uint32_t)n->b3[i]);
    put_i8s(a, n->w4, NET_L3);
    bytes_put_u32(a, (uint32_t)n->b4);
    n->hash = bytes_fnv1a64(a->data, a->len);
    bytes_put_u32(a, (uint32_t)n->hash);
    bytes_put_u32(a, (uint32_t)(n->hash >> 32));
    return a;
}

bool net_save(Net *n, const char *path, GError **err)
{
    GByteArray *a = net_serialize(n);
    bool ok = file_write_atomic(path, a->data, a->len, err);
    g_byte_array_unref(a);
    return ok;
}

// ---------------------------------------------------------------------------------------------
// Description

char *net_describe(const Net *n)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "format version  %d\n", NET_FORMAT_VERSION);
    g_string_append_printf(s, "feature set     %s\n", n->feature_set);
    g_string_append_printf(s, "inputs          %d\n", n->inputs);
    g_string_append_printf(s, "layers          %d -> 2x%d -> %d -> %d -> 1\n", n->inputs, NET_L1,
                           NET_L2, NET_L3);
    g_string_append_printf(s, "arch hash       %08" PRIx32 "\n", n->arch_hash);
    g_string_append_printf(s, "content hash    %016" PRIx64 "\n", n->hash);
    g_string_append_printf(s, "output scale    %" PRId32 "\n", n->output_scale);
    g_string_append_printf(s, "parameters      %zu\n", net_param_count(n));
    g_string_append_printf(s, "file size       %zu bytes\n", net_file_size(n));
    const char *p = n->provenance && *n->provenance ? n->provenance : "(none)";
    char **lines = g_strsplit(p, "\n", -1);
    for (int i = 0; lines[i]; i++)
        if (i == 0 || *lines[i])
            g_string_append_printf(s, "%s%s\n", i ? "                " : "provenance      ",
                                   lines[i]);
    g_strfreev(lines);
    return g_string_free(s, FALSE);
}
