// SPDX-License-Identifier: MIT
// Training-data files: writing and reading back, appending, torn last blocks cut off by the
// writer and refused by the reader, damaged files and mismatched headers refused with the
// offset or the difference named.
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "nets/data.h"
#include "tests/test_util.h"

#define INPUTS 40
#define SYMS   3

// A header with the identity, the reversal and a random permutation.
static void make_header(NetDataHeader *h, GRand *rng)
{
    memset(h, 0, sizeof *h);
    g_strlcpy(h->feature_set, "test-features", sizeof h->feature_set);
    h->inputs = INPUTS;
    h->symmetries = SYMS;
    h->perm = g_new(uint16_t, SYMS * INPUTS);
    for (int i = 0; i < INPUTS; i++) {
        h->perm[i] = (uint16_t)i;
        h->perm[INPUTS + i] = (uint16_t)(INPUTS - 1 - i);
        h->perm[2 * INPUTS + i] = (uint16_t)i;
    }
    for (int i = INPUTS - 1; i > 0; i--) {
        int j = g_rand_int_range(rng, 0, i + 1);
        uint16_t t = h->perm[2 * INPUTS + i];
        h->perm[2 * INPUTS + i] = h->perm[2 * INPUTS + j];
        h->perm[2 * INPUTS + j] = t;
    }
    h->provenance = g_strdup("made by test_net_data");
}

static NetDataRecord random_record(GRand *rng, uint32_t game, int ply)
{
    NetDataRecord r = {.game = game, .ply = (uint16_t)ply};
    r.score = (int16_t)g_rand_int_range(rng, -32768, 32768); // clamped by the writer
    r.result = (int8_t)g_rand_int_range(rng, -1, 2);
    r.flags = g_rand_boolean(rng) ? NET_DATA_NOISY : 0;
    for (int p = 0; p < 2; p++) {
        r.n[p] = (uint8_t)g_rand_int_range(rng, 0, NET_DATA_MAX_ACTIVE + 1);
        for (int i = 0; i < r.n[p]; i++) r.f[p][i] = (uint16_t)g_rand_int_range(rng, 0, INPUTS);
    }
    return r;
}

// A small record with known bytes: ply 7, score 100, result 1, flags 0, features {1, 2} {3}.
static NetDataRecord fixed_record(uint32_t game)
{
    return (NetDataRecord){
        .game = game, .ply = 7, .score = 100, .result = 1, .n = {2, 1}, .f = {{1, 2}, {3}}};
}

static char *tmp_path(char **dir)
{
    *dir = g_dir_make_tmp("sumito-netdata-XXXXXX", NULL);
    g_assert_nonnull(*dir);
    return g_build_filename(*dir, "data.sntd", NULL);
}

static void tmp_clean(char *dir, char *path)
{
    g_remove(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

// Writes `games` games (numbers first, first + 1, ...) of `plies` fixed records.
static void write_fixed(const char *path, const NetDataHeader *h, uint32_t first, int games,
                        int plies)
{
    GError *err = NULL;
    int64_t last;
    NetDataWriter *w = net_data_writer_open(path, h, &last, &err);
    g_assert_no_error(err);
    for (int g = 0; g < games; g++) {
        for (int k = 0; k < plies; k++) {
            NetDataRecord r = fixed_record(first + (uint32_t)g);
            net_data_writer_add(w, &r);
        }
        g_assert_true(net_data_writer_end_game(w, &err));
        g_assert_no_error(err);
    }
    net_data_writer_close(w);
}

static gsize file_size(const char *path)
{
    GStatBuf st;
    g_assert_cmpint(g_stat(path, &st), ==, 0);
    return (gsize)st.st_size;
}

static size_t header_size(const NetDataHeader *h)
{
    return 52 + 2 * (size_t)h->symmetries * (size_t)h->inputs + 4 + strlen(h->provenance);
}

static void test_round_trip(void)
{
    GRand *rng = test_rand();
    NetDataHeader h;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    GError *err = NULL;
    int64_t last = 99;
    NetDataWriter *w = net_data_writer_open(path, &h, &last, &err);
    g_assert_no_error(err);
    g_assert_cmpint(last, ==, -1);
    GArray *want = g_array_new(false, false, sizeof(NetDataRecord));
    for (uint32_t g = 0; g < 6; g++) {
        int plies = g_rand_int_range(rng, 1, 40);
        for (int k = 0; k < plies; k++) {
            NetDataRecord r = random_record(rng, 3 * g + 1, k);
            net_data_writer_add(w, &r);
            r.score = (int16_t)CLAMP(r.score, -NET_DATA_SCORE_MAX, NET_DATA_SCORE_MAX);
            g_array_append_val(want, r);
        }
        g_assert_true(net_data_writer_end_game(w, &err));
    }
    // A game without records writes nothing.
    g_assert_true(net_data_writer_end_game(w, &err));
    net_data_writer_close(w);

    NetData d = {0};
    g_assert_true(net_data_load(&d, path, &err));
    g_assert_no_error(err);
    g_assert_cmpuint(d.count, ==, want->len);
    g_assert_cmpuint(d.games, ==, 6);
    g_assert_cmpint(d.files, ==, 1);
    g_assert_cmpstr(d.header.feature_set, ==, "test-features");
    g_assert_cmpstr(d.header.provenance, ==, "made by test_net_data");
    // The symmetries come back exactly as written.
    g_assert_cmpint(d.header.symmetries, ==, SYMS);
    g_assert_cmpmem(d.header.perm, SYMS * INPUTS * 2, h.perm, SYMS * INPUTS * 2);
    for (size_t i = 0; i < d.count; i++) {
        NetDataRecord got;
        net_data_get(&d, i, &got);
        const NetDataRecord *r = &g_array_index(want, NetDataRecord, i);
        g_assert_cmpuint(got.game, ==, r->game);
        g_assert_cmpint(got.ply, ==, r->ply);
        g_assert_cmpint(got.score, ==, r->score);
        g_assert_cmpint(got.result, ==, r->result);
        g_assert_cmpint(got.flags, ==, r->flags);
        for (int p = 0; p < 2; p++) {
            g_assert_cmpint(got.n[p], ==, r->n[p]);
            g_assert_cmpmem(got.f[p], 2 * got.n[p], r->f[p], 2 * r->n[p]);
        }
    }
    // Loading the file a second time appends its records.
    g_assert_true(net_data_load(&d, path, &err));
    g_assert_cmpuint(d.count, ==, 2 * want->len);
    g_assert_cmpint(d.files, ==, 2);
    net_data_free(&d);
    g_array_unref(want);
    net_data_header_free(&h);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

static void test_append(void)
{
    GRand *rng = test_rand();
    NetDataHeader h;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    write_fixed(path, &h, 0, 3, 4);
    GError *err = NULL;
    int64_t last;
    NetDataWriter *w = net_data_writer_open(path, &h, &last, &err);
    g_assert_no_error(err);
    g_assert_cmpint(last, ==, 2);
    g_assert_cmpint(net_data_writer_cut_bytes(w), ==, 0);
    // A game number that does not come after the last one is refused, nothing written.
    gsize size = file_size(path);
    NetDataRecord r = fixed_record(2);
    net_data_writer_add(w, &r);
    g_assert_false(net_data_writer_end_game(w, &err));
    g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID);
    g_assert_nonnull(strstr(err->message, "game 2 does not come after the file's last game 2"));
    g_clear_error(&err);
    g_assert_cmpuint(file_size(path), ==, size);
    // Invalid records are refused the same way.
    r = fixed_record(5);
    r.n[1] = NET_DATA_MAX_ACTIVE + 1;
    net_data_writer_add(w, &r);
    g_assert_false(net_data_writer_end_game(w, &err));
    g_assert_nonnull(strstr(err->message, "record 0 of game 5: 2 and 129 active features"));
    g_clear_error(&err);
    r = fixed_record(5);
    net_data_writer_add(w, &r);
    r.f[1][0] = INPUTS;
    net_data_writer_add(w, &r);
    g_assert_false(net_data_writer_end_game(w, &err));
    g_assert_nonnull(strstr(err->message, "record 1 of game 5: feature 40 out of range"));
    g_clear_error(&err);
    r = fixed_record(5);
    net_data_writer_add(w, &r);
    r.game = 6;
    net_data_writer_add(w, &r);
    g_assert_false(net_data_writer_end_game(w, &err));
    g_assert_nonnull(strstr(err->message, "records of games 5 and 6 in one block"));
    g_clear_error(&err);
    g_assert_cmpuint(file_size(path), ==, size);
    // A second writer on the same file is refused while the first is open.
    g_assert_null(net_data_writer_open(path, &h, &last, &err));
    g_assert_nonnull(strstr(err->message, "another process is writing this file"));
    g_clear_error(&err);
    // Two more games after a gap in the numbers.
    for (uint32_t g = 10; g < 12; g++) {
        r = fixed_record(g);
        net_data_writer_add(w, &r);
        g_assert_true(net_data_writer_end_game(w, &err));
    }
    net_data_writer_close(w);
    NetData d = {0};
    g_assert_true(net_data_load(&d, path, &err));
    g_assert_cmpuint(d.games, ==, 5);
    g_assert_cmpuint(d.count, ==, 14);
    g_assert_cmpuint(d.pos[13].game, ==, 11);
    net_data_free(&d);
    net_data_header_free(&h);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

static void test_torn(void)
{
    GRand *rng = test_rand();
    NetDataHeader h;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    // Blocks of 2 records of 14 bytes: 12 + 28 = 40 bytes each.
    size_t hs = header_size(&h), block = 12 + 2 * 14;
    write_fixed(path, &h, 0, 3, 2);
    g_assert_cmpuint(file_size(path), ==, hs + 3 * block);
    gchar *whole;
    gsize len;
    g_assert_true(g_file_get_contents(path, &whole, &len, NULL));
    // Cut inside the last block's header, inside a record, and at a record's end.
    const size_t cuts[] = {1, 5, 12, 13, 20, 26, 39};
    for (size_t c = 0; c < G_N_ELEMENTS(cuts); c++) {
        g_assert_true(g_file_set_contents(path, whole, (gssize)(len - block + cuts[c]), NULL));
        NetData d = {0};
        GError *err = NULL;
        g_assert_false(net_data_load(&d, path, &err));
        g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_DAMAGED);
        char *want = g_strdup_printf("offset %zu: file ends inside a game block",
                                     hs + 2 * block + (cuts[c] < 12 ? 0 : 12));
        g_assert_nonnull(strstr(err->message, want));
        g_free(want);
        g_clear_error(&err);
        g_assert_cmpuint(d.count, ==, 0);
        net_data_free(&d);
        int64_t last;
        NetDataWriter *w = net_data_writer_open(path, &h, &last, &err);
        g_assert_no_error(err);
        g_assert_cmpint(last, ==, 1);
        g_assert_cmpint(net_data_writer_cut_bytes(w), ==, (int64_t)cuts[c]);
        net_data_writer_close(w);
        g_assert_cmpuint(file_size(path), ==, hs + 2 * block);
        g_assert_true(net_data_load(&d, path, &err));
        g_assert_cmpuint(d.count, ==, 4);
        net_data_free(&d);
    }
    // A header cut short by a crash while it was written is written again.
    for (size_t cut = 0; cut < hs; cut += 17) {
        g_assert_true(g_file_set_contents(path, whole, (gssize)cut, NULL));
        GError *err = NULL;
        int64_t last;
        NetDataWriter *w = net_data_writer_open(path, &h, &last, &err);
        g_assert_no_error(err);
        g_assert_cmpint(last, ==, -1);
        net_data_writer_close(w);
        g_assert_cmpuint(file_size(path), ==, hs);
    }
    g_free(whole);
    net_data_header_free(&h);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

// A block header claiming more bytes than the file holds (here 3.75 GiB after a 40-byte block)
// is a torn block, refused before anything of its claimed size is reserved: the load runs in a
// child whose address space is capped at 1 GiB (found by fuzzing: the reader reserved first).
static void test_huge_block(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    g_test_skip("the sanitizers reserve more address space than the cap allows");
    return;
#endif
    if (g_test_subprocess()) {
        struct rlimit lim = {1u << 30, 1u << 30};
        g_assert_cmpint(setrlimit(RLIMIT_AS, &lim), ==, 0);
        NetData d = {0};
        GError *err = NULL;
        g_assert_false(net_data_load(&d, g_getenv("SUMITO_TEST_DATA"), &err));
        g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_DAMAGED);
        g_assert_nonnull(strstr(err->message, "file ends inside a game block (0 of 4026531840"));
        g_clear_error(&err);
        net_data_free(&d);
        return;
    }
    GRand *rng = test_rand();
    NetDataHeader h;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    write_fixed(path, &h, 0, 1, 2);
    uint8_t block[12] = {0};
    const uint32_t fields[3] = {7, 1u << 28, 0xf0000000u}; // game, records, bytes
    for (int i = 0; i < 12; i++) block[i] = (uint8_t)(fields[i / 4] >> (8 * (i % 4)));
    FILE *f = fopen(path, "ab");
    g_assert_nonnull(f);
    g_assert_cmpuint(fwrite(block, 1, sizeof block, f), ==, sizeof block);
    g_assert_cmpint(fclose(f), ==, 0);
    g_setenv("SUMITO_TEST_DATA", path, TRUE);
    g_test_trap_subprocess(NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed();
    net_data_header_free(&h);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

// A file of three fixed blocks with one change: the reader refuses it with `message` at
// `offset`, and so does the writer when the change is not in the last block.
static void check_damage(const NetDataHeader *h, const char *path, size_t at, const uint8_t *bytes,
                         size_t n, size_t offset, const char *message, bool writer_refuses)
{
    g_remove(path);
    write_fixed(path, h, 0, 3, 2);
    gchar *text;
    gsize len;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    memcpy(text + at, bytes, n);
    g_assert_true(g_file_set_contents(path, text, (gssize)len, NULL));
    g_free(text);
    NetData d = {0};
    GError *err = NULL;
    g_assert_false(net_data_load(&d, path, &err));
    char *want = g_strdup_printf("offset %zu: %s", offset, message);
    if (!strstr(err->message, want)) g_test_message("got '%s', want '%s'", err->message, want);
    g_assert_nonnull(strstr(err->message, want));
    g_free(want);
    g_clear_error(&err);
    net_data_free(&d);
    int64_t last;
    NetDataWriter *w = net_data_writer_open(path, h, &last, &err);
    if (writer_refuses) {
        g_assert_null(w);
        g_assert_nonnull(err);
        g_clear_error(&err);
    } else {
        g_assert_nonnull(w);
        g_assert_cmpint(last, ==, 1);
        net_data_writer_close(w);
    }
}

static void test_damaged(void)
{
    GRand *rng = test_rand();
    NetDataHeader h;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    size_t hs = header_size(&h), b1 = hs + 40, r1 = b1 + 12; // block 1, its first record
    uint8_t b[4];
    check_damage(&h, path, 0, (const uint8_t *)"SUMITOXX", 8, 0, "not a sumito training-data file",
                 true);
    put16(b, 2), put16(b + 2, 0);
    check_damage(&h, path, 8, b, 4, 8, "format version 2", true);
    put16(b, 5); // symmetry 0 maps feature 3 to 5
    check_damage(&h, path, 52 + 6, b, 2, 52,
                 "the first symmetry is not the identity (feature 3 -> 5)", true);
    put16(b, INPUTS + 1); // a permutation's value out of range
    check_damage(&h, path, 52 + 2 * INPUTS, b, 2, 52, "symmetry 1 is not a permutation", true);
    put16(b, 0xffff); // provenance length past the end
    put16(b + 2, 0xffff);
    check_damage(&h, path, hs - 4 - strlen(h.provenance), b, 4, hs - 4 - strlen(h.provenance),
                 "provenance of 4294967295 bytes past the end of the file", true);
    put16(b, 0); // game 0 again in block 1
    put16(b + 2, 0);
    check_damage(&h, path, b1, b, 4, b1, "game numbers do not increase", true);
    put16(b, 9); // 9 records in 28 bytes
    check_damage(&h, path, b1 + 4, b, 2, b1, "block size does not fit its record count", true);
    put16(b, (unsigned)-32001);
    check_damage(&h, path, r1 + 2, b, 2, r1, "score -32001 out of range", true);
    b[0] = 2;
    check_damage(&h, path, r1 + 4, b, 1, r1, "result 2 is not -1, 0 or 1", true);
    b[0] = 0x84;
    check_damage(&h, path, r1 + 5, b, 1, r1, "unknown flags 0x84", true);
    b[0] = 129;
    check_damage(&h, path, r1 + 6, b, 1, r1, "129 and 1 active features (at most 128)", true);
    b[0] = 5; // the first record's features run into the fixed part of the second (found by
              // fuzzing: they were stored past what the reader had reserved for the block)
    check_damage(&h, path, r1 + 7, b, 1, r1, "record 0 of game 1 leaves no room for the 1 after it",
                 true);
    b[0] = 2; // the second record's two features of the opponent's view run past the block
    check_damage(&h, path, r1 + 14 + 7, b, 1, r1 + 14, "record 1 of game 1 is cut short", true);
    put16(b, INPUTS);
    check_damage(&h, path, r1 + 10, b, 2, r1 + 10, "feature 40 out of range (40 inputs)", true);
    put16(b, 1); // one record counted of two: the other's 14 bytes are left over
    put16(b + 2, 0);
    check_damage(&h, path, b1 + 4, b, 4, r1 + 14, "14 bytes after the last record of game 1", true);
    // In the last block, the same damage is taken for a torn block by the writer (cut off).
    put16(b, INPUTS);
    check_damage(&h, path, b1 + 40 + 12 + 10, b, 2, b1 + 40 + 12 + 10, "feature 40 out of range",
                 false);
    net_data_header_free(&h);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

static void test_mismatch(void)
{
    GRand *rng = test_rand();
    NetDataHeader h, other;
    make_header(&h, rng);
    char *dir, *path = tmp_path(&dir);
    char *path2 = g_build_filename(dir, "other.sntd", NULL);
    write_fixed(path, &h, 0, 2, 3);
    GError *err = NULL;
    int64_t last;
    // Another feature set, another input count, another symmetry count, another permutation.
    for (int k = 0; k < 4; k++) {
        net_data_header_copy(&other, &h);
        const char *want = NULL;
        if (k == 0) {
            g_strlcpy(other.feature_set, "other", sizeof other.feature_set);
            want = "feature set";
        } else if (k == 1) {
            other.inputs = INPUTS / 2;
            for (int i = 0; i < INPUTS / 2; i++) other.perm[INPUTS / 2 + i] = (uint16_t)i;
            other.symmetries = 2;
            want = "inputs";
        } else if (k == 2) {
            other.symmetries = 2;
            want = "symmetries";
        } else {
            uint16_t t = other.perm[INPUTS + 3];
            other.perm[INPUTS + 3] = other.perm[INPUTS + 4];
            other.perm[INPUTS + 4] = t;
            want = "symmetry 1 differs (feature 3)";
        }
        g_assert_null(net_data_writer_open(path, &other, &last, &err));
        g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_MISMATCH);
        g_assert_nonnull(strstr(err->message, want));
        if (k == 0)
            g_assert_nonnull(strstr(err->message, "data.sntd does not match the generator's "
                                                  "features: feature set 'test-features' "
                                                  "against 'other'"));
        g_clear_error(&err);
        // Two files that disagree are not loaded together; the first stays loaded.
        g_remove(path2);
        write_fixed(path2, &other, 0, 1, 1);
        NetData d = {0};
        g_assert_true(net_data_load(&d, path, &err));
        g_assert_false(net_data_load(&d, path2, &err));
        g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_MISMATCH);
        g_assert_nonnull(strstr(err->message, want));
        g_clear_error(&err);
        g_assert_cmpuint(d.count, ==, 6);
        g_assert_cmpint(d.files, ==, 1);
        net_data_free(&d);
        net_data_header_free(&other);
    }
    // Headers that are not valid are refused before anything is written.
    net_data_header_copy(&other, &h);
    other.perm[0] = 1;
    other.perm[1] = 0;
    g_assert_null(net_data_writer_open(path2, &other, &last, &err));
    g_assert_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID);
    g_assert_nonnull(strstr(err->message, "the first symmetry is not the identity"));
    g_clear_error(&err);
    other.perm[0] = 0;
    other.perm[1] = 1;
    other.perm[INPUTS + 1] = other.perm[INPUTS];
    g_assert_null(net_data_writer_open(path2, &other, &last, &err));
    g_assert_nonnull(strstr(err->message, "symmetry 1 is not a permutation"));
    g_clear_error(&err);
    net_data_header_free(&other);
    net_data_header_free(&h);
    g_remove(path2);
    g_free(path2);
    tmp_clean(dir, path);
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/nets/data/round-trip", test_round_trip);
    g_test_add_func("/nets/data/append", test_append);
    g_test_add_func("/nets/data/torn", test_torn);
    g_test_add_func("/nets/data/huge-block", test_huge_block);
    g_test_add_func("/nets/data/damaged", test_damaged);
    g_test_add_func("/nets/data/mismatch", test_mismatch);
    return g_test_run();
}
