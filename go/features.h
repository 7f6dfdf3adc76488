// SPDX-License-Identifier: MIT
// The neural net's input features for Go on 9x9, and the labels Go gives its training data.
//
// "go9-libs-v1" (650 inputs per perspective). Perspective c (GO_BLACK or GO_WHITE) sees each
// stone as its own or the other colour's, on its point p = y * 9 + x (0..80), with the
// liberties of its string in four buckets (1, 2, 3, 4 or more):
//   ((other ? 4 : 0) + min(liberties, 4) - 1) * 81 + p    for each stone
//   648 + (c == GO_WHITE)                                 the perspective's colour
// The colour feature is there because komi makes the two colours' positions differ. A
// position thus has (stones on the board) + 1 active features per perspective, at most 82.
// The features know nothing of ko, passes or komi: a net trained on them is for 9x9 at the
// komi its data was labelled with.
#ifndef GO_FEATURES_H
#define GO_FEATURES_H

#include "core/score.h"
#include "go/board.h"
#include "nets/net.h"

#define GO_NET_FEATURE_SET "go9-libs-v1"
#define GO_NET_SIZE        9
#define GO_NET_POINTS      (GO_NET_SIZE * GO_NET_SIZE)
#define GO_NET_LIB_BUCKETS 4
#define GO_NET_COLOUR      (2 * GO_NET_LIB_BUCKETS * GO_NET_POINTS) // 648
#define GO_NET_INPUTS      (GO_NET_COLOUR + 2)                      // 650
#define GO_NET_SYMMETRIES  8                                        // the square's

// The active features of perspective `colour` on b (a 9x9 board) into out; returns how many
// (at most GO_NET_POINTS + 1), in increasing order.
int go_net_features(const GoBoard *b, int colour, uint16_t *out);

// The 8 symmetries of the square as permutations of the features:
// perm[k * GO_NET_INPUTS + i] is feature i under symmetry k, the first the identity.
void go_net_symmetry_perms(uint16_t *perm);

// Point (x, y) of an NxN board under symmetry k (0..7): k & 4 transposes, k & 1 mirrors x,
// k & 2 mirrors y, in that order; k = 0 is the identity.
void go_symmetry_point(int n, int k, int x, int y, int *sx, int *sy);

// The komi a net's training data is labelled at (gen-data's default rules); a net evaluating
// a game of another komi gets the difference added (go_net_evaluate).
#define GO_NET_KOMI 7.5

// The net's estimate of b (9x9) at komi, side to move's view, in evaluation units: the
// accumulators refreshed from the features, plus (GO_NET_KOMI - komi) points for Black.
Score go_net_evaluate(const Net *net, const GoBoard *b, double komi);

// A label for training data: the mean of `playouts` light random playouts from b's position
// (go/playout.h; each cut off after three times the board's points in moves, and counted by
// Tromp-Taylor area at `komi`), from the side to move's view, in evaluation units (GO_POINT a
// point). Deterministic for a seed.
Score go_net_playout_label(const GoBoard *b, int playouts, uint64_t seed, double komi);

#endif
