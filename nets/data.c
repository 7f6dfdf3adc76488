// SPDX-License-Identifier: MIT
// Training-data files: the header and its checks, game blocks parsed byte by byte
// (little-endian, never a struct cast), the reader that loads whole files into one pool of
// features, and the writer that appends one game at a time and cuts off a torn last block.
#include "nets/data.h"
#include "base/bytes.h"
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#define MAGIC        "SUMITOTD"
#define FIXED_HEADER 52 // magic, version, feature set, inputs, symmetries
#define BLOCK_HEADER 12 // game, records, bytes
#define RECORD_FIXED 8  // ply, score, result, flags, n0, n1
#define RECORD_MAX   (RECORD_FIXED + 2 * 2 * NET_DATA_MAX_ACTIVE)

G_DEFINE_QUARK(net - data - error - quark, net_data_error)

// Header

bool net_data_header_valid(const NetDataHeader *h, GError **err)
{
    size_t len = strnlen(h->feature_set, sizeof h->feature_set);
    const char *bad = NULL;
    if (len == 0 || len == sizeof h->feature_set)
        bad = "the feature set name must have 1 to 31 characters";
    else if (h->inputs < 1 || h->inputs > 65536)
        bad = "the number of inputs must be 1 to 65536";
    else if (h->symmetries < 1 || h->symmetries > NET_DATA_MAX_SYMMETRIES)
        bad = "the number of symmetries must be 1 to " G_STRINGIFY(NET_DATA_MAX_SYMMETRIES);
    if (bad) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID, "%s", bad);
        return false;
    }
    size_t n = (size_t)h->inputs;
    uint8_t *seen = g_malloc(n);
    for (int k = 0; k < h->symmetries && !bad; k++) {
        memset(seen, 0, n);
        const uint16_t *perm = h->perm + (size_t)k * n;
        for (size_t i = 0; i < n && !bad; i++) {
            if (perm[i] >= n || seen[perm[i]]) {
                g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID,
                            "symmetry %d is not a permutation of the inputs (feature %zu -> %u)", k,
                            i, perm[i]);
                bad = "";
            } else if (k == 0 && perm[i] != i) {
                g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID,
                            "the first symmetry is not the identity (feature %zu -> %u)", i,
                            perm[i]);
                bad = "";
            } else {
                seen[perm[i]] = 1;
            }
        }
    }
    g_free(seen);
    return !bad;
}

bool net_data_header_same(const NetDataHeader *a, const NetDataHeader *b, const char *what_a,
                          const char *what_b, GError **err)
{
    char *problem = NULL;
    if (strncmp(a->feature_set, b->feature_set, sizeof a->feature_set))
        problem =
            g_strdup_printf("feature set '%.31s' against '%.31s'", b->feature_set, a->feature_set);
    else if (a->inputs != b->inputs)
        problem = g_strdup_printf("%d inputs against %d", b->inputs, a->inputs);
    else if (a->symmetries != b->symmetries)
        problem = g_strdup_printf("%d symmetries against %d", b->symmetries, a->symmetries);
    else
        for (size_t i = 0; i < (size_t)a->symmetries * (size_t)a->inputs && !problem; i++)
            if (a->perm[i] != b->perm[i])
                problem = g_strdup_printf("symmetry %zu differs (feature %zu)",
                                          i / (size_t)a->inputs, i % (size_t)a->inputs);
    if (!problem) return true;
    g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_MISMATCH, "%s does not match %s: %s", what_b,
                what_a, problem);
    g_free(problem);
    return false;
}

void net_data_header_copy(NetDataHeader *to, const NetDataHeader *from)
{
    *to = *from;
    to->perm =
        g_memdup2(from->perm, sizeof *from->perm * (size_t)from->symmetries * (size_t)from->inputs);
    to->provenance = g_strdup(from->provenance ? from->provenance : "");
}

void net_data_header_free(NetDataHeader *h)
{
    g_free(h->perm);
    g_free(h->provenance);
    h->perm = NULL;
    h->provenance = NULL;
}

static GByteArray *header_bytes(const NetDataHeader *h)
{
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (const uint8_t *)MAGIC, 8);
    bytes_put_u32(a, NET_DATA_VERSION);
    uint8_t name[32] = {0};
    memcpy(name, h->feature_set, strnlen(h->feature_set, sizeof name));
    g_byte_array_append(a, name, sizeof name);
    bytes_put_u32(a, (uint32_t)h->inputs);
    bytes_put_u32(a, (uint32_t)h->symmetries);
    for (size_t i = 0; i < (size_t)h->symmetries * (size_t)h->inputs; i++)
        bytes_put_u16(a, h->perm[i]);
    const char *prov = h->provenance ? h->provenance : "";
    bytes_put_u32(a, (uint32_t)strlen(prov));
    g_byte_array_append(a, (const uint8_t *)prov, (guint)strlen(prov));
    return a;
}

// A file being read: the stream, its name, where we are and how long it is.
typedef struct {
    FILE *f;
    const char *path;
    uint64_t off, size;
} Src;

static bool damaged(GError **err, const Src *s, uint64_t off, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);
static bool damaged(GError **err, const Src *s, uint64_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_DAMAGED, "%s: offset %" G_GUINT64_FORMAT ": %s",
                s->path, off, what);
    g_free(what);
    return false;
}

// Reads n bytes, or fails naming what was cut short.
static bool src_read(Src *s, void *buf, size_t n, const char *what, GError **err)
{
    if (s->size - s->off < n)
        return damaged(err, s, s->off, "file ends inside %s (%" G_GUINT64_FORMAT " of %zu bytes)",
                       what, s->size - s->off, n);
    if (n && fread(buf, 1, n, s->f) != n) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: %s", s->path,
                    ferror(s->f) ? g_strerror(errno) : "unexpected end of file");
        return false;
    }
    s->off += n;
    return true;
}

static bool header_read(Src *s, NetDataHeader *h, GError **err)
{
    uint8_t b[FIXED_HEADER];
    memset(h, 0, sizeof *h);
    if (!src_read(s, b, sizeof b, "the header", err)) return false;
    if (memcmp(b, MAGIC, 8)) return damaged(err, s, 0, "not a sumito training-data file");
    if (bytes_load_u32(b + 8) != NET_DATA_VERSION)
        return damaged(err, s, 8, "format version %u, this build reads %d", bytes_load_u32(b + 8),
                       NET_DATA_VERSION);
    memcpy(h->feature_set, b + 12, 32);
    uint32_t inputs = bytes_load_u32(b + 44), sym = bytes_load_u32(b + 48);
    if (memchr(h->feature_set, 0, 32) == NULL || !h->feature_set[0])
        return damaged(err, s, 12, "the feature set name is empty or not NUL-terminated");
    if (inputs < 1 || inputs > 65536) return damaged(err, s, 44, "%u inputs", inputs);
    if (sym < 1 || sym > NET_DATA_MAX_SYMMETRIES) return damaged(err, s, 48, "%u symmetries", sym);
    h->inputs = (int)inputs;
    h->symmetries = (int)sym;
    size_t n = (size_t)inputs * sym;
    if (s->size - s->off < 2 * n + 4)
        return damaged(err, s, s->off, "file ends inside the symmetries");
    uint8_t *raw = g_malloc(2 * n);
    bool ok = src_read(s, raw, 2 * n, "the symmetries", err);
    h->perm = g_new(uint16_t, n);
    for (size_t i = 0; ok && i < n; i++) h->perm[i] = bytes_load_u16(raw + 2 * i);
    g_free(raw);
    GError *why = NULL;
    if (ok && !net_data_header_valid(h, &why)) {
        ok = damaged(err, s, FIXED_HEADER, "%s", why->message);
        g_error_free(why);
    }
    uint8_t lb[4];
    ok = ok && src_read(s, lb, 4, "the provenance length", err);
    uint32_t len = ok ? bytes_load_u32(lb) : 0;
    if (ok && len > s->size - s->off)
        ok = damaged(err, s, s->off - 4, "provenance of %u bytes past the end of the file", len);
    if (ok) {
        h->provenance = g_malloc((size_t)len + 1);
        ok = src_read(s, h->provenance, len, "the provenance", err);
        h->provenance[len] = 0;
    }
    if (!ok) net_data_header_free(h);
    return ok;
}

// Blocks

// One block's frame as read from the file.
typedef struct {
    uint64_t off; // of the block header
    uint32_t game, records, bytes;
} Block;

// Whether a frame is consistent: its size lies between the smallest and the largest records
// it counts can take, and its game comes after the previous one (-1: none).
static const char *frame_problem(const Block *b, int64_t prev_game)
{
    if (b->records == 0) return "empty game block";
    if ((uint64_t)b->bytes < (uint64_t)b->records * RECORD_FIXED ||
        (uint64_t)b->bytes > (uint64_t)b->records * RECORD_MAX)
        return "block size does not fit its record count";
    if ((int64_t)b->game <= prev_game) return "game numbers do not increase";
    return NULL;
}

// Parses the records of a block (buf, b->bytes long); stores them in d when it is not NULL
// (its arrays already large enough). Returns the offset of the first problem inside the block
// and sets *problem, or returns 0 and leaves *problem NULL.
static uint32_t block_parse(const uint8_t *buf, const Block *b, int inputs, NetData *d,
                            char **problem)
{
    uint32_t at = 0;
    for (uint32_t r = 0; r < b->records; r++) {
        if (b->bytes - at < RECORD_FIXED) {
            *problem = g_strdup_printf("record %u of game %u is cut short", r, b->game);
            return at;
        }
        const uint8_t *p = buf + at;
        int score = (int16_t)bytes_load_u16(p + 2), result = (int8_t)p[4], flags = p[5];
        int n0 = p[6], n1 = p[7];
        if (score < -NET_DATA_SCORE_MAX || score > NET_DATA_SCORE_MAX)
            *problem = g_strdup_printf("score %d out of range", score);
        else if (result < -1 || result > 1)
            *problem = g_strdup_printf("result %d is not -1, 0 or 1", result);
        else if (flags & ~NET_DATA_NOISY)
            *problem = g_strdup_printf("unknown flags 0x%02x", flags);
        else if (n0 > NET_DATA_MAX_ACTIVE || n1 > NET_DATA_MAX_ACTIVE)
            *problem = g_strdup_printf("%d and %d active features (at most %d)", n0, n1,
                                       NET_DATA_MAX_ACTIVE);
        else if (b->bytes - at - RECORD_FIXED < 2u * (uint32_t)(n0 + n1))
            *problem = g_strdup_printf("record %u of game %u is cut short", r, b->game);
        else if (b->bytes - at - RECORD_FIXED - 2u * (uint32_t)(n0 + n1) <
                 (uint64_t)(b->records - r - 1) * RECORD_FIXED)
            // The features stored so far must fit what block_next reserved, the block's bytes
            // beyond every record's fixed part: a record may not eat into later ones.
            *problem = g_strdup_printf("record %u of game %u leaves no room for the %u after it", r,
                                       b->game, b->records - r - 1);
        if (*problem) return at;
        for (int i = 0; i < n0 + n1; i++) {
            uint16_t f = bytes_load_u16(p + RECORD_FIXED + 2 * i);
            if (f >= inputs) {
                *problem = g_strdup_printf("feature %u out of range (%d inputs)", f, inputs);
                return at + RECORD_FIXED + 2 * (uint32_t)i;
            }
            if (d) d->features[d->nfeatures + (size_t)i] = f;
        }
        if (d) {
            d->pos[d->count++] = (NetDataPos){.offset = d->nfeatures,
                                              .game = b->game,
                                              .ply = bytes_load_u16(p),
                                              .score = (int16_t)score,
                                              .result = (int8_t)result,
                                              .flags = (uint8_t)flags,
                                              .n = {(uint8_t)n0, (uint8_t)n1}};
            d->nfeatures += (size_t)(n0 + n1);
        }
        at += RECORD_FIXED + 2 * (uint32_t)(n0 + n1);
    }
    if (at != b->bytes) {
        *problem =
            g_strdup_printf("%u bytes after the last record of game %u", b->bytes - at, b->game);
        return at;
    }
    return 0;
}

// Where parsed records go: d (NULL: nowhere, only checked) and its arrays' capacities.
typedef struct {
    NetData *d;
    size_t cap_pos, cap_feat;
} Sink;

// Room in the sink's arrays for `records` more records with `features` more features; the
// arrays grow geometrically (untouched capacity costs address space, not memory).
static void sink_reserve(Sink *k, size_t records, size_t features)
{
    NetData *d = k->d;
    if (d->count + records > k->cap_pos) {
        k->cap_pos = MAX(d->count + records, k->cap_pos * 2);
        d->pos = g_renew(NetDataPos, d->pos, k->cap_pos);
    }
    if (d->nfeatures + features > k->cap_feat) {
        k->cap_feat = MAX(d->nfeatures + features, k->cap_feat * 2);
        d->features = g_renew(uint16_t, d->features, k->cap_feat);
    }
}

// What reading the next block found.
typedef enum { BLOCK_OK, BLOCK_END, BLOCK_TORN, BLOCK_BAD, BLOCK_IO } BlockStatus;

// Reads the next block into *buf (grown as needed) and checks its frame and its records
// (stored in d when not NULL). BLOCK_TORN: the file ends inside a consistent frame, or a frame
// ending exactly at the end of the file holds bad records; err says why.
static BlockStatus block_next(Src *s, Block *b, GByteArray *buf, int64_t prev_game, int inputs,
                              Sink *k, GError **err)
{
    b->off = s->off;
    if (s->off == s->size) return BLOCK_END;
    uint8_t h[BLOCK_HEADER];
    if (!src_read(s, h, sizeof h, "a game block's header", err)) {
        bool io = err && *err && (*err)->code == NET_DATA_ERROR_IO;
        return io ? BLOCK_IO : BLOCK_TORN;
    }
    b->game = bytes_load_u32(h);
    b->records = bytes_load_u32(h + 4);
    b->bytes = bytes_load_u32(h + 8);
    const char *bad = frame_problem(b, prev_game);
    if (bad) {
        damaged(err, s, b->off, "%s (game %u, %u records, %u bytes)", bad, b->game, b->records,
                b->bytes);
        return BLOCK_BAD;
    }
    // A block longer than the rest of the file is torn: say so before reserving its size.
    if (s->size - s->off < b->bytes) {
        damaged(err, s, s->off, "file ends inside a game block (%" G_GUINT64_FORMAT " of %u bytes)",
                s->size - s->off, b->bytes);
        return BLOCK_TORN;
    }
    if (k->d) sink_reserve(k, b->records, (b->bytes - (size_t)b->records * RECORD_FIXED) / 2);
    g_byte_array_set_size(buf, b->bytes);
    if (!src_read(s, buf->data, b->bytes, "a game block", err)) {
        bool io = err && *err && (*err)->code == NET_DATA_ERROR_IO;
        return io ? BLOCK_IO : BLOCK_TORN;
    }
    char *problem = NULL;
    uint32_t at = block_parse(buf->data, b, inputs, k->d, &problem);
    if (!problem) return BLOCK_OK;
    damaged(err, s, b->off + BLOCK_HEADER + at, "%s", problem);
    g_free(problem);
    return s->off == s->size ? BLOCK_TORN : BLOCK_BAD;
}

static bool src_open(Src *s, const char *path, FILE *f, GError **err)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: not a regular file", path);
        return false;
    }
    *s = (Src){.f = f, .path = path, .off = 0, .size = (uint64_t)st.st_size};
    return true;
}

// Reader

bool net_data_load(NetData *d, const char *path, GError **err)
{
    uint64_t size;
    int fd = file_open_read(path, FILE_SIZE_ANY, &size, err);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        if (fd >= 0) {
            g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: %s", path, g_strerror(errno));
            close(fd);
        }
        return false;
    }
    Src s;
    NetDataHeader h;
    if (!src_open(&s, path, f, err) || !header_read(&s, &h, err)) {
        fclose(f);
        return false;
    }
    bool ok = true;
    if (d->files && !net_data_header_same(&d->header, &h, "the first data file", path, err))
        ok = false;
    size_t count0 = d->count, nfeat0 = d->nfeatures, games0 = d->games;
    Sink sink = {d, d->count, d->nfeatures};
    GByteArray *buf = g_byte_array_new();
    int64_t prev = -1;
    for (BlockStatus st = BLOCK_OK; ok && st == BLOCK_OK;) {
        Block b;
        st = block_next(&s, &b, buf, prev, h.inputs, &sink, err);
        if (st == BLOCK_OK) {
            d->games++;
            prev = b.game;
        }
        if (st == BLOCK_TORN || st == BLOCK_BAD || st == BLOCK_IO) ok = false;
    }
    g_byte_array_unref(buf);
    fclose(f);
    if (!ok) {
        d->count = count0;
        d->nfeatures = nfeat0;
        d->games = games0;
        net_data_header_free(&h);
        return false;
    }
    d->pos = g_renew(NetDataPos, d->pos, MAX(d->count, 1));
    d->features = g_renew(uint16_t, d->features, MAX(d->nfeatures, 1));
    if (d->files++)
        net_data_header_free(&h);
    else
        d->header = h;
    return true;
}

void net_data_free(NetData *d)
{
    if (d->files) net_data_header_free(&d->header);
    g_free(d->pos);
    g_free(d->features);
    memset(d, 0, sizeof *d);
}

void net_data_get(const NetData *d, size_t i, NetDataRecord *r)
{
    const NetDataPos *p = &d->pos[i];
    memset(r, 0, sizeof *r);
    r->game = p->game;
    r->ply = p->ply;
    r->score = p->score;
    r->result = p->result;
    r->flags = p->flags;
    for (int k = 0; k < 2; k++) {
        r->n[k] = p->n[k];
        memcpy(r->f[k], net_data_features(d, i, k), sizeof(uint16_t) * p->n[k]);
    }
}

// Writer

struct NetDataWriter {
    int fd;
    char *path;
    int inputs;
    uint64_t size;     // of the file: everything up to here is sound
    int64_t last_game; // the file's last game, -1 when none
    int64_t cut;       // bytes cut off on opening
    GByteArray *block; // the records of the game being buffered
    uint32_t records;
    int64_t game;  // the buffered records' game (-1: none yet)
    char *problem; // the first invalid record given, reported by end_game
};

static bool io_error(GError **err, const char *path, const char *what)
{
    g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: %s: %s", path, what,
                g_strerror(errno));
    return false;
}

// Writes a header to an empty file, or to one whose bytes are a prefix of it (a crash while
// the header was being written).
static bool writer_start(NetDataWriter *w, const NetDataHeader *h, struct stat *st, FILE *f,
                         GError **err)
{
    GByteArray *a = header_bytes(h);
    bool prefix = (uint64_t)st->st_size < a->len;
    if (prefix && st->st_size > 0) {
        uint8_t *have = g_malloc((size_t)st->st_size);
        prefix = fread(have, 1, (size_t)st->st_size, f) == (size_t)st->st_size &&
                 memcmp(have, a->data, (size_t)st->st_size) == 0;
        g_free(have);
    }
    bool ok = true;
    if (prefix) {
        ok = ftruncate(w->fd, 0) == 0 && lseek(w->fd, 0, SEEK_SET) == 0 &&
             file_write_whole(w->fd, a->data, a->len) && fdatasync(w->fd) == 0;
        if (!ok) io_error(err, w->path, "writing the header");
        w->size = a->len;
    }
    g_byte_array_unref(a);
    return ok && prefix;
}

// Checks an existing file's header and blocks; cuts off a torn last block.
static bool writer_scan(NetDataWriter *w, const NetDataHeader *h, FILE *f, GError **err)
{
    Src s;
    NetDataHeader have;
    if (!src_open(&s, w->path, f, err) || !header_read(&s, &have, err)) return false;
    bool ok = net_data_header_same(h, &have, "the generator's features", w->path, err);
    net_data_header_free(&have);
    GByteArray *buf = g_byte_array_new();
    Sink none = {0};
    BlockStatus st = BLOCK_OK;
    while (ok && st == BLOCK_OK) {
        Block b;
        GError *why = NULL;
        st = block_next(&s, &b, buf, w->last_game, h->inputs, &none, &why);
        if (st == BLOCK_OK) w->last_game = b.game;
        if (st == BLOCK_END || st == BLOCK_TORN) w->size = b.off;
        if (st == BLOCK_BAD || st == BLOCK_IO) {
            g_propagate_error(err, why);
            ok = false;
        } else if (why) {
            g_error_free(why);
        }
    }
    g_byte_array_unref(buf);
    if (ok && w->size < s.size) {
        w->cut = (int64_t)(s.size - w->size);
        if (ftruncate(w->fd, (off_t)w->size) != 0 || fdatasync(w->fd) != 0)
            ok = io_error(err, w->path, "cutting off a torn game block");
    }
    return ok;
}

NetDataWriter *net_data_writer_open(const char *path, const NetDataHeader *h, int64_t *last_game,
                                    GError **err)
{
    if (!net_data_header_valid(h, err)) return NULL;
    NetDataWriter *w = g_new0(NetDataWriter, 1);
    w->path = g_strdup(path);
    w->inputs = h->inputs;
    w->last_game = w->game = -1;
    w->block = g_byte_array_new();
    // A file this call creates is removed again if it cannot be started (a full disk): an empty
    // file would be left where none was.
    w->fd = g_open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    bool made = w->fd >= 0;
    if (!made && errno == EEXIST) w->fd = g_open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    bool ok = w->fd >= 0 || io_error(err, path, "opening");
    if (ok && flock(w->fd, LOCK_EX | LOCK_NB) != 0) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: %s", path,
                    errno == EWOULDBLOCK ? "another process is writing this file"
                                         : g_strerror(errno));
        ok = false;
    }
    struct stat st;
    if (ok && fstat(w->fd, &st) != 0) ok = io_error(err, path, "stat");
    if (ok && !S_ISREG(st.st_mode)) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_IO, "%s: not a regular file", path);
        ok = false;
    }
    FILE *f = ok ? fdopen(dup(w->fd), "rb") : NULL;
    if (ok && !f) ok = io_error(err, path, "opening");
    if (ok) {
        GError *why = NULL;
        if (!writer_start(w, h, &st, f, &why)) {
            if (why) {
                g_propagate_error(err, why);
                ok = false;
            } else {
                rewind(f);
                ok = writer_scan(w, h, f, err);
            }
        }
    }
    if (f) fclose(f);
    if (ok && lseek(w->fd, (off_t)w->size, SEEK_SET) < 0) ok = io_error(err, path, "seeking");
    if (!ok) {
        if (made) g_unlink(path);
        net_data_writer_close(w);
        return NULL;
    }
    if (last_game) *last_game = w->last_game;
    return w;
}

static void writer_problem(NetDataWriter *w, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void writer_problem(NetDataWriter *w, const char *fmt, ...)
{
    if (w->problem) return;
    va_list ap;
    va_start(ap, fmt);
    char *what = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    w->problem = g_strdup_printf("record %u of game %u: %s", w->records, (unsigned)w->game, what);
    g_free(what);
}

void net_data_writer_add(NetDataWriter *w, const NetDataRecord *r)
{
    if (w->game < 0) w->game = r->game;
    if (r->game != w->game)
        writer_problem(w, "records of games %u and %u in one block", (unsigned)w->game, r->game);
    else if (r->n[0] > NET_DATA_MAX_ACTIVE || r->n[1] > NET_DATA_MAX_ACTIVE)
        writer_problem(w, "%d and %d active features (at most %d)", r->n[0], r->n[1],
                       NET_DATA_MAX_ACTIVE);
    else if (r->result < -1 || r->result > 1)
        writer_problem(w, "result %d is not -1, 0 or 1", r->result);
    else if (r->flags & ~NET_DATA_NOISY)
        writer_problem(w, "unknown flags 0x%02x", r->flags);
    for (int p = 0; p < 2 && !w->problem; p++)
        for (int i = 0; i < r->n[p]; i++)
            if (r->f[p][i] >= w->inputs) {
                writer_problem(w, "feature %u out of range (%d inputs)", r->f[p][i], w->inputs);
                break;
            }
    if (w->problem) return;
    int score = CLAMP(r->score, -NET_DATA_SCORE_MAX, NET_DATA_SCORE_MAX);
    bytes_put_u16(w->block, r->ply);
    bytes_put_u16(w->block, (uint16_t)score);
    uint8_t b[4] = {(uint8_t)r->result, r->flags, r->n[0], r->n[1]};
    g_byte_array_append(w->block, b, 4);
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < r->n[p]; i++) bytes_put_u16(w->block, r->f[p][i]);
    w->records++;
}

static void writer_reset(NetDataWriter *w)
{
    g_byte_array_set_size(w->block, 0);
    w->records = 0;
    w->game = -1;
    g_clear_pointer(&w->problem, g_free);
}

bool net_data_writer_end_game(NetDataWriter *w, GError **err)
{
    bool ok = true;
    if (w->problem) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID, "%s: %s", w->path, w->problem);
        ok = false;
    } else if (w->records && w->game <= w->last_game) {
        g_set_error(err, NET_DATA_ERROR, NET_DATA_ERROR_INVALID,
                    "%s: game %u does not come after the file's last game %" G_GINT64_FORMAT,
                    w->path, (unsigned)w->game, w->last_game);
        ok = false;
    } else if (w->records) {
        GByteArray *a = g_byte_array_sized_new(BLOCK_HEADER + w->block->len);
        bytes_put_u32(a, (uint32_t)w->game);
        bytes_put_u32(a, w->records);
        bytes_put_u32(a, w->block->len);
        g_byte_array_append(a, w->block->data, w->block->len);
        ok = file_write_whole(w->fd, a->data, a->len) && fdatasync(w->fd) == 0;
        if (ok) {
            w->size += a->len;
            w->last_game = w->game;
        } else {
            io_error(err, w->path, "appending a game");
            // Leave the file as it was: a half-written block would be cut off on reopening
            // anyway, but the next block must not follow it.
            if (ftruncate(w->fd, (off_t)w->size) != 0 || lseek(w->fd, (off_t)w->size, SEEK_SET) < 0)
                g_prefix_error(err, "(and the file could not be cut back) ");
        }
        g_byte_array_unref(a);
    }
    writer_reset(w);
    return ok;
}

int64_t net_data_writer_cut_bytes(const NetDataWriter *w)
{
    return w->cut;
}

void net_data_writer_close(NetDataWriter *w)
{
    if (!w) return;
    if (w->fd >= 0) close(w->fd);
    g_byte_array_unref(w->block);
    g_free(w->problem);
    g_free(w->path);
    g_free(w);
}
