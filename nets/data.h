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

#define NET_DATA_VERSION 1
#define NET_DATA_MAX_ACTIVE 64
#define NET_DATA_SCORE_MAX 32000
#define NET_DATA_NOISY 1u

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

// Writing: opens path for appending whole games. A new file gets the header; an existing one
// must have the same feature set, inputs and symmetries (else an error naming the mismatch);
// a torn last record is cut off. *last_game gets the number of the last complete game in the
// file (-1 when none), so a generator resumes after it.
typedef struct NetDataWriter NetDataWriter;
NetDataWriter *net_data_writer_open(const char *path, const NetDataHeader *h, int64_t *last_game,
                                    GError **err);
// Buffers one record; nothing reaches the file before net_data_writer_end_game.
void net_data_writer_add(NetDataWriter *w, const NetDataRecord *r);
// Appends the buffered records of one game and flushes them to disk.
bool net_data_writer_end_game(NetDataWriter *w, GError **err);
void net_data_writer_close(NetDataWriter *w);

// Reading: a whole file in memory.
typedef struct {
    NetDataHeader header;
    NetDataRecord *rec;
    size_t count;
} NetData;

// Loads one file, or appends another file's records to d (same feature set, inputs and
// symmetries, else refused). Damaged files are refused with the offset of the problem.
bool net_data_load(NetData *d, const char *path, GError **err);
void net_data_free(NetData *d);
void net_data_header_free(NetDataHeader *h);

#endif
