// SPDX-License-Identifier: MIT
// The trainer of the network of nets/net.h, knowing no board: a float network of the same
// shape learns from training data (nets/data.h) by mini-batch Adam on the squared error
// between sigmoid(output) and a target that blends the search score and the game's result;
// each sample gets one of the feature set's symmetries at random; a share of the games is held
// out for validation; a checkpoint after every epoch (and on a stop request) lets the same
// run resume; at the end the weights are rounded to the integer network.
//
// The float network: a = clip(b1 + sum of the w1 rows of the active features, 0, 1) for each
// perspective, x = [a(side to move), a(opponent)], a2 = clip(w2 x + b2, 0, 1),
// a3 = clip(w3 a2 + b3, 0, 1), y = w4 . a3 + b4, the score y * output_scale. Its weights stay
// where the integer network can hold them: |w1|, |b1| <= NET_TRAIN_W1_MAX (so no int16
// accumulator overflows with NET_DATA_MAX_ACTIVE features), |w2|, |w3|, |w4| <= 127/NET_QW and
// the hidden and output biases within +-NET_TRAIN_BIAS_MAX.
#ifndef NETS_TRAIN_H
#define NETS_TRAIN_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "nets/data.h"
#include "nets/net.h"

#define NET_TRAIN_W1_MAX     2.0f
#define NET_TRAIN_HIDDEN_MAX (127.0f / NET_QW)
#define NET_TRAIN_BIAS_MAX   64.0f     // |b2|, |b3|, |b4| (the loader of nets/net.c takes 2064)
#define NET_TRAIN_QBIAS_MAX  (1 << 23) // the same in the integer network, with room to correct
#define NET_TRAIN_WARMUP     100       // Adam steps over which the learning rate rises to its value

// The second layer's weights learn at this share of the rate: Adam moves every weight by about
// the rate a step, and a unit's 256 inputs (all >= 0) move its sum 16 times as far as the 16
// inputs of a third-layer unit; the square root of that ratio. Measured on the synthetic
// problem of the tests: at 1, 2 runs in about 300 ended with the second layer dead (a loss
// stuck at its first epoch's); at 1/4, none in 400; at 1/16, a higher median loss.
#define NET_TRAIN_W2_RATE 0.25

#define NET_TRAIN_ERROR (net_train_error_quark())
GQuark net_train_error_quark(void);
typedef enum {
    NET_TRAIN_ERROR_DATA,       // the data cannot be trained on (none left, too many inputs)
    NET_TRAIN_ERROR_CHECKPOINT, // a checkpoint is damaged or belongs to another run
    NET_TRAIN_ERROR_IO,
} NetTrainError;

// Everything of the float network but the first layer's weights, in one block of floats.
typedef struct {
    float b1[NET_L1];
    float w2[NET_L2][2 * NET_L1];
    float b2[NET_L2];
    float w3[NET_L3][NET_L2];
    float b3[NET_L3];
    float w4[NET_L3];
    float b4;
} FloatNetDense;
#define FLOAT_NET_DENSE (sizeof(FloatNetDense) / sizeof(float))

typedef struct {
    int inputs;
    float *w1; // [inputs][NET_L1]
    FloatNetDense d;
} FloatNet;

// One sample's activations, kept by the forward pass for the backward pass.
typedef struct {
    float acc[2][NET_L1]; // first-layer sums before the clip
    float x[2 * NET_L1];  // clipped, the side to move's first
    float h2[NET_L2], a2[NET_L2], h3[NET_L3], a3[NET_L3];
    float y;
} FloatNetTape;

// Allocation (weights zero), copy, release.
void float_net_alloc(FloatNet *n, int inputs);
void float_net_copy(FloatNet *to, const FloatNet *from);
void float_net_free(FloatNet *n);
// Random weights from the seed; mean_active, the mean number of active features a
// perspective, scales the first layer so that accumulators start spread over [0, 1].
void float_net_init(FloatNet *n, uint64_t seed, double mean_active);
// Puts every weight back within the ranges the integer network holds.
void float_net_clamp(FloatNet *n);

// The output y for the active features f[p][0..count[p]) of each perspective (the side to
// move's first); the tape may be NULL when no backward pass follows.
float float_net_forward(const FloatNet *n, const uint16_t *const f[2], const int count[2],
                        FloatNetTape *tape);
// Adds to g the gradient of a loss whose derivative with respect to y is dy, for the sample
// the tape was made from. First-layer rows are touched only for the active features; each row
// touched for the first time (touched[row] == 0) is set to 1 and appended to rows[*nrows].
void float_net_backward(const FloatNet *n, const uint16_t *const f[2], const int count[2],
                        const FloatNetTape *tape, float dy, FloatNet *g, uint8_t *touched,
                        uint32_t *rows, int *nrows);

// The target in [0, 1] of a record: lambda * sigmoid(score / scale) + (1 - lambda) *
// (result + 1) / 2; and the loss (sigmoid(y) - target)^2 with its derivative in y.
double net_train_target(int score, int result, double lambda, double scale);
double net_train_loss(float y, double target, float *dy);

// Adam (Kingma and Ba 2015) on n with gradient g (multiplied by gscale first), moments m and
// v, at step t (1 for the first): every dense weight (w2 at NET_TRAIN_W2_RATE times the rate)
// and the first-layer rows listed in rows.
typedef struct {
    double lr, beta1, beta2, eps;
} NetAdam;
void float_net_adam(FloatNet *n, const FloatNet *g, FloatNet *m, FloatNet *v, const NetAdam *a,
                    int64_t t, float gscale, const uint32_t *rows, int nrows);

// The integer network of nets/net.h from the float one: weights rounded to the nearest at the
// scales of nets/net.h, the hidden biases given half a unit (1 << (NET_QW_SHIFT - 1)) more so
// that the inference's shift rounds to the nearest instead of down. out's weights are
// allocated here (free them with net_free); its provenance is NULL and arch_hash and hash
// zero, to be filled by whoever saves it.
void net_train_quantize(const FloatNet *f, const char *feature_set, int32_t output_scale, Net *out);
// Rounding leaves each layer's integer sums off the float ones by an amount that depends on
// the unit more than on the sample (int8 steps of 1/64 over 256 inputs); this measures the mean
// difference of each unit over the records (where the float unit is inside its clip), layer
// after layer, and moves its integer bias by it (the bias correction of Nagel et al. 2019,
// "Data-free quantization through weight equalization and bias correction", section 4.2,
// measured on data). The records are taken under the identity symmetry.
void net_train_correct_biases(const FloatNet *f, Net *q, const NetData *d, const uint32_t *records,
                              size_t n);
// Adaptive rounding, then the bias correction: each hidden and output weight rounded down or up
// so that the variance of the rounding's error on its unit's sum over the records is small
// (AdaRound's choice, Nagel et al. 2020, made greedily on the inputs' covariance).
void net_train_calibrate(const FloatNet *f, Net *q, const NetData *d, const uint32_t *records,
                         size_t n);

// Training

typedef struct {
    int epochs;           // 10
    int batch;            // 4096
    double lr;            // 1e-3
    double lambda;        // 0.75: weight of the score in the target, the rest the result
    int scale;            // 1000: output_scale, score units per unit of y
    int threads;          // 2: each computes the gradient of its share of a batch
    uint64_t seed;        // 1: initial weights, shuffles, symmetries
    bool include_noisy;   // false: records flagged NET_DATA_NOISY are skipped
    int validation_every; // 20: games with game % it == 0 are held out (0: none)
} NetTrainOptions;
void net_train_options_default(NetTrainOptions *o);

// The figures of one epoch.
typedef struct {
    int epoch; // 1 for the first
    double train_loss;
    double valid_loss; // NaN without validation records
    double valid_sign; // share of won or lost validation results on the right side of 0
    size_t valid_decided;
    int dead[3];    // units of the first (of 2 * NET_L1), second and third layers never
                    // inside their clip on a validation record: they learn nothing more
    double seconds; // of training (validation not counted)
    size_t samples; // trained on in this epoch (fewer after a resume)
} NetTrainEpoch;

typedef struct {
    bool (*stop)(void *ctx); // polled after each batch; true: save and return
    void (*progress)(void *ctx, int epoch, size_t done, size_t total, double loss);
    void (*epoch_done)(void *ctx, const NetTrainEpoch *e);
    void *ctx;
} NetTrainHooks;

typedef struct NetTrainWorker NetTrainWorker;

typedef struct {
    NetTrainOptions opt;
    const NetData *data;
    uint32_t *train, *valid; // record indices, in data order
    size_t ntrain, nvalid, skipped_noisy;
    double mean_active;
    uint64_t data_hash;
    char *run_text; // what a checkpoint must agree with: "key value" lines
    char *ckpt;     // the checkpoint's path, NULL: none
    FloatNet net, m, v;
    int64_t step;      // Adam steps done
    int epoch;         // epochs finished
    size_t next_batch; // in the current epoch
    double loss_sum;   // of the current epoch's samples so far
    size_t loss_count;
    NetTrainEpoch last; // the last epoch finished (epoch 0: none)
    bool resumed;
    // Working memory.
    uint32_t *order;         // this epoch's order of the training records
    int order_epoch;         // the epoch order was shuffled for (-1: none)
    NetTrainWorker *workers; // opt.threads of them
} NetTrainer;

// Splits the data, then resumes from the checkpoint at ckpt_path when there is one (refused,
// naming the difference, when it was made with other options or other data; --epochs and
// --threads may differ), or starts afresh. ckpt_path NULL: no checkpoints. On failure t holds
// nothing to free (net_trainer_free on it is harmless).
bool net_trainer_init(NetTrainer *t, const NetData *d, const NetTrainOptions *o,
                      const char *ckpt_path, GError **err);
void net_trainer_free(NetTrainer *t);

typedef enum { NET_TRAIN_DONE, NET_TRAIN_STOPPED, NET_TRAIN_FAILED } NetTrainStatus;
// Trains until opt.epochs epochs are finished (saving a checkpoint after each), or until
// hooks->stop asks (the batch under way is finished and a checkpoint saved). hooks may be NULL.
NetTrainStatus net_trainer_run(NetTrainer *t, const NetTrainHooks *hooks, GError **err);

// The validation figures of the current weights (loss NaN, the others 0 without validation).
void net_trainer_validate(NetTrainer *t, NetTrainEpoch *e);

// Checkpoints (nets/train_ckpt.c): the run text, weights, Adam moments, position; written
// through a temporary file and a rename.
bool net_trainer_save(const NetTrainer *t, GError **err);
// Loads t->ckpt into t; false with NET_TRAIN_ERROR_CHECKPOINT when it does not belong to this
// run or is damaged, G_FILE_ERROR_NOENT when there is none.
bool net_trainer_load(NetTrainer *t, GError **err);

// The run's description, one "key value" a line (options, data, records).
char *net_trainer_run_text(const NetTrainer *t);

// The end of a run (nets/train_net.c, which needs the inference of nets/net.c).
typedef struct {
    size_t records;  // validation records compared (training records when none)
    double max_diff; // |integer score - float score|, score units
    double mean_diff;
    double float_loss, int_loss; // the loss of each network on those records
    uint64_t hash;               // the content hash of the file net_train_write wrote
} NetTrainCheck;
// Compares the integer network's scores with the float network's.
void net_train_check(const NetTrainer *t, const Net *n, size_t max_records, NetTrainCheck *c);
// Quantises the trained network (net_train_quantize, then net_train_calibrate on up to 10000
// training records spread over them), checks it (c) on up to 200000 validation records, and
// writes it to path (net_save) with the provenance: data files, records, options, final losses,
// the check, the command line and the date.
bool net_train_write(const NetTrainer *t, const char *path, const char *const *files, int nfiles,
                     const char *command, NetTrainCheck *c, GError **err);

#endif
