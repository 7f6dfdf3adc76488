// SPDX-License-Identifier: MIT
// Training data for a net, knowing no board: each record is one position as its active
// features from the two perspectives (the side to move's first), the search score and the
// game's result, both from the side to move's view. A file also carries the feature set's
// symmetries as permutations of feature indices, so the trainer can augment data without
// knowing the game.
//
// File format (integers little-endian):
//   header: char magic[8] "SUMITOTD"; u32 version (NET_DATA_VERSION); char feature_set[32];
//     u32 inputs; u32 symmetries (1 or more; the first is the identity);
//     u16 perm[symmetries][inputs] (symmetry k maps feature i to perm[k][i], in both
//     perspectives); u32 provenance_length; char provenance[provenance_length].
//   then one block per game, until the end of the file: u32 game; u32 records; u32 bytes
//     (of the records that follow); then each record:
//     u16 ply; i16 score (clamped to +-NET_DATA_SCORE_MAX); i8 result (1 win, 0 draw,
//     -1 loss); u8 flags (NET_DATA_NOISY: a capture / ejection is pending); u8 n0, n1
//     (active features per perspective, each <= NET_DATA_MAX_ACTIVE); u16 features[n0 + n1].
// Game numbers increase within a file. A writer appends whole blocks and flushes them, so a
// file cut short by a crash ends in a torn block, which the writer cuts off on opening and a
// reader refuses (naming the offset).
#ifndef NETS_DATA_H
#define NETS_DATA_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define NET_DATA_VERSION    1
#define NET_DATA_MAX_ACTIVE 128
#define NET_DATA_SCORE_MAX  32000
#define NET_DATA_NOISY      1u

#define NET_DATA_ERROR (net_data_error_quark())
GQuark net_data_error_quark(void);
typedef enum {
    NET_DATA_ERROR_IO,       // the system refused a read or a write
    NET_DATA_ERROR_DAMAGED,  // a file is not a sound data file (the message names the offset)
    NET_DATA_ERROR_MISMATCH, // two headers describe different features
    NET_DATA_ERROR_INVALID,  // a header or a record given to the writer is not valid
} NetDataError;

typedef struct {
    uint32_t game;
    uint16_t ply;
    int16_t score;
    int8_t result;
    uint8_t flags;
    uint8_t n[2];
    uint16_t f[2][NET_DATA_MAX_ACTIVE];
} NetDataRecord;

typedef struct {
    char feature_set[32];
    int inputs;
    int symmetries;
    uint16_t *perm; // [symmetries][inputs]
    char *provenance;
} NetDataHeader;

// The checks every reader and writer makes on a header: a feature set name of 1 to 31
// characters, 1 to 65536 inputs, 1 to NET_DATA_MAX_SYMMETRIES symmetries, each a permutation
// of 0..inputs-1, the first the identity. False with a message otherwise.
#define NET_DATA_MAX_SYMMETRIES 256
bool net_data_header_valid(const NetDataHeader *h, GError **err);
// Whether b describes the same features as a (feature set, inputs, symmetries and their
// permutations; the provenance may differ); what_a and what_b name them in the message.
bool net_data_header_same(const NetDataHeader *a, const NetDataHeader *b, const char *what_a,
                          const char *what_b, GError **err);
void net_data_header_copy(NetDataHeader *to, const NetDataHeader *from);

// Writing: opens path for appending whole games. A new file gets the header; an existing one
// must have the same feature set, inputs and symmetries (else an error naming the mismatch);
// a torn or damaged last game block is cut off (every earlier block must be sound, else the
// file is refused). *last_game gets the number of the last complete game in the file (-1 when
// none), so a generator resumes after it. The file is locked (flock) while open: a second
// writer is refused.
typedef struct NetDataWriter NetDataWriter;
NetDataWriter *net_data_writer_open(const char *path, const NetDataHeader *h, int64_t *last_game,
                                    GError **err);
// Buffers one record (r->game names its game); nothing reaches the file before
// net_data_writer_end_game. The score is clamped to +-NET_DATA_SCORE_MAX; a record with more
// than NET_DATA_MAX_ACTIVE features a perspective, a feature out of range, a result other than
// -1, 0, 1 or unknown flags makes net_data_writer_end_game fail.
void net_data_writer_add(NetDataWriter *w, const NetDataRecord *r);
// Appends the buffered records of one game as one block and flushes it to disk (fdatasync).
// Fails, writing nothing, when a record was invalid, when the records name several games, or
// when the game's number is not above the file's last. No records: nothing to write, true.
bool net_data_writer_end_game(NetDataWriter *w, GError **err);
// Bytes of a torn last block cut off on opening (0 when the file was whole).
int64_t net_data_writer_cut_bytes(const NetDataWriter *w);
void net_data_writer_close(NetDataWriter *w);

// Reading: whole files in memory. A record in memory is a NetDataPos (24 bytes) and its
// features in one shared pool (2 bytes each), not a NetDataRecord (270 bytes): 5 million
// positions with 56 active features take 0.68 GB instead of 1.35 GB. The writer still takes
// one NetDataRecord per position.
typedef struct {
    uint64_t offset; // of its features in NetData.features: n[0] of the side to move, then n[1]
    uint32_t game;
    uint16_t ply;
    int16_t score;
    int8_t result;
    uint8_t flags;
    uint8_t n[2];
} NetDataPos;

typedef struct {
    NetDataHeader header; // the first file's (the others must describe the same features)
    NetDataPos *pos;
    uint16_t *features;
    size_t count;     // records
    size_t nfeatures; // entries used in features
    size_t games;     // game blocks
    int files;
} NetData;

// Loads one file into d (zero-initialised: NetData d = {0}), or appends another file's
// records to d (same feature set, inputs and symmetries, else refused). Damaged files are
// refused with the offset of the problem; on failure d keeps what it held before.
bool net_data_load(NetData *d, const char *path, GError **err);
void net_data_free(NetData *d);
void net_data_header_free(NetDataHeader *h);

// Record i's features from perspective p (0: the side to move).
static inline const uint16_t *net_data_features(const NetData *d, size_t i, int p)
{
    return d->features + d->pos[i].offset + (p ? d->pos[i].n[0] : 0);
}
// Record i as a NetDataRecord.
void net_data_get(const NetData *d, size_t i, NetDataRecord *r);

#endif
