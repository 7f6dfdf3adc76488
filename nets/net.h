// SPDX-License-Identifier: MIT
// A small NNUE-style network, knowing no board: a game turns a position into active-feature
// indices for two perspectives (the side to move's and the opponent's); the network keeps one
// int16 accumulator per perspective (first-layer bias plus the weight rows of the active
// features), which a move updates by adding and subtracting rows, and evaluates
//   [acc(side to move), acc(opponent)] -> CReLU -> L2 -> CReLU -> L3 -> CReLU -> 1
// in integer arithmetic only, so every build (scalar or AVX2, any compiler) gives the same
// score. The layer widths are compile-time constants; the number of input features and the
// feature set's name come from the file and are checked against what the game expects.
//
// Quantisation (the trainer's float network uses the same shape, with activations clipped
// to [0, 1]): first-layer weights and biases are int16, scale NET_QA (127 = 1.0); hidden
// weights int8, scale NET_QW (64 = 1.0, so a float weight must lie within +-127/64); hidden
// biases int32, scale NET_QA * NET_QW. A hidden layer's int32 sum is shifted right by
// NET_QW_SHIFT and clamped to 0..NET_QA. The output's int32 sum o is in units of
// 1 / (NET_QA * NET_QW); the score is o * output_scale / (NET_QA * NET_QW), truncated toward
// zero (output_scale: score units per unit of the float network's output).
//
// File format (all integers little-endian; `sumito net info` prints it):
//   char magic[8] "SUMITONN"; u32 version (NET_FORMAT_VERSION);
//   char feature_set[32] (NUL-padded); u32 inputs, l1, l2, l3; u32 arch_hash (FNV-1a 32 of
//   the feature set name and the four sizes); i32 output_scale;
//   u32 provenance_length; char provenance[provenance_length] (UTF-8 text, no NUL);
//   int16 w1[inputs][l1]; int16 b1[l1]; int8 w2[l2][2 * l1]; int32 b2[l2];
//   int8 w3[l3][l2]; int32 b3[l3]; int8 w4[l3]; int32 b4;
//   u64 checksum: FNV-1a 64 of every byte before it. Its 16 hex digits are the net's content
//   hash, and a shipped net's file is named <game>-<first 12 hex digits>.nnue.
//
// Arithmetic, the same on both paths: accumulators wrap modulo 2^16 (so an update equals a
// refresh in any order); a hidden layer's shift is a floor division by NET_QW (an arithmetic
// right shift, also for negative sums); no int8 product saturates, since the activations are
// at most 127. A loader refuses hidden and output biases beyond +-NET_MAX_BIAS and an output
// scale outside 1..NET_MAX_OUTPUT_SCALE, which keeps every int32 sum and the score from
// overflowing.
#ifndef NETS_NET_H
#define NETS_NET_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NET_L1               128 // accumulator width per perspective
#define NET_L2               16
#define NET_L3               16
#define NET_QA               127
#define NET_QW               64
#define NET_QW_SHIFT         6
#define NET_FORMAT_VERSION   1
#define NET_MAX_INPUTS       4096
#define NET_FEATURE_SET_LEN  32
#define NET_MAX_BIAS         (1 << 24) // |b2|, |b3|, |b4|: a float bias of about 2064
#define NET_MAX_OUTPUT_SCALE 1000000
#define NET_MAX_PROVENANCE   (1 << 20) // bytes
#define NET_HEADER_SIZE      72        // magic to provenance_length

#define NET_ERROR (net_error_quark())
GQuark net_error_quark(void);

typedef enum {
    NET_ERROR_CORRUPT,  // not a net file, or a damaged one (magic, size, checksum, values)
    NET_ERROR_MISMATCH, // a sound file for another format version, feature set or architecture
} NetError;

typedef struct {
    char feature_set[NET_FEATURE_SET_LEN];
    int inputs;
    int32_t output_scale;
    uint32_t arch_hash;
    uint64_t hash; // the file's checksum: its content hash
    char *provenance;
    // Weights, 32-byte aligned (g_aligned_alloc), laid out as in the file.
    int16_t *w1; // [inputs][NET_L1]
    int16_t *b1; // [NET_L1]
    int8_t *w2;  // [NET_L2][2 * NET_L1]
    int32_t b2[NET_L2];
    int8_t *w3; // [NET_L3][NET_L2]
    int32_t b3[NET_L3];
    int8_t w4[NET_L3];
    int32_t b4;
} Net;

// The two perspectives' first-layer sums, [0] the first perspective the game defines (Abalone:
// Black's view, [1] White's). 32-byte aligned, though the AVX2 path does not require it (an
// accumulator inside a g_new'd struct is fine).
typedef struct {
    _Alignas(32) int16_t v[2][NET_L1];
} NetAccumulator;

// Reads a net from memory; `what` names the source in errors. Refuses (false, err naming the
// problem) a bad magic, another format version, a feature set other than `feature_set` or an
// input count other than `inputs` (when feature_set is not NULL), layer sizes other than this
// build's, an architecture hash that does not match, a truncated or over-long file, and a
// checksum mismatch; also a malformed feature set name, an input count beyond NET_MAX_INPUTS,
// a provenance that is not UTF-8 text, and the biases and output scale beyond their bounds.
// Each message starts with `what` and names the problem, with the byte offset where there is
// one; err is in NET_ERROR (NetError codes), or G_FILE_ERROR when net_load cannot read the
// file. On failure n is left zeroed, with nothing to free.
bool net_load_data(Net *n, const uint8_t *data, size_t size, const char *what,
                   const char *feature_set, int inputs, GError **err);
bool net_load(Net *n, const char *path, const char *feature_set, int inputs, GError **err);
// A net with every weight and bias zero (the weights allocated as net_load does), to be
// filled by a trainer or a test; provenance may be NULL (empty).
void net_init(Net *n, const char *feature_set, int inputs, int32_t output_scale,
              const char *provenance);
void net_free(Net *n); // n's allocations; n is zeroed (freeing twice is harmless)
// A net allocated with g_new (its allocations and the struct), *n set to NULL; NULL is ignored.
void net_destroy(Net **n);

// The size of n's file in bytes, and its number of weights and biases.
size_t net_file_size(const Net *n);
size_t net_param_count(const Net *n);

// The file's bytes for n (the architecture hash and the checksum computed afresh, and stored
// in n->arch_hash and n->hash).
GByteArray *net_serialize(Net *n);
// Writes n to path through a temporary file and a rename.
bool net_save(Net *n, const char *path, GError **err);

// The architecture hash of a feature set name and the layer sizes.
uint32_t net_arch_hash(const char *feature_set, int inputs);

// Perspective p's accumulator from scratch: bias plus the rows of the n active features.
// Feature indices must be below n->inputs; the hot path does not check them.
void net_acc_refresh(const Net *n, NetAccumulator *a, int p, const uint16_t *active, int count);

// to = from with, for each perspective p, the rows of add[p][0..nadd[p]) added and those of
// sub[p][0..nsub[p]) subtracted (from and to may be the same).
void net_acc_update(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                    const uint16_t *const add[2], const int nadd[2], const uint16_t *const sub[2],
                    const int nsub[2]);

// The score for perspective `stm` to move (its accumulator first), in score units.
int32_t net_evaluate(const Net *n, const NetAccumulator *a, int stm);

// The same two operations on each path, for tests and benchmarks; the ones above use the
// AVX2 path when the CPU has it and SUMITO_NET_SIMD is not "scalar" in the environment.
void net_acc_update_scalar(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                           const uint16_t *const add[2], const int nadd[2],
                           const uint16_t *const sub[2], const int nsub[2]);
int32_t net_evaluate_scalar(const Net *n, const NetAccumulator *a, int stm);
bool net_have_avx2(void); // the CPU has AVX2 and this build has the AVX2 path
void net_acc_update_avx2(const Net *n, const NetAccumulator *from, NetAccumulator *to,
                         const uint16_t *const add[2], const int nadd[2],
                         const uint16_t *const sub[2], const int nsub[2]);
int32_t net_evaluate_avx2(const Net *n, const NetAccumulator *a, int stm);
// "avx2" or "scalar": the path net_acc_update and net_evaluate take.
const char *net_simd_name(void);

// Writes a description (feature set, sizes, hashes, output scale, provenance) to a string.
char *net_describe(const Net *n);

#endif
