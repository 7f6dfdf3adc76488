// SPDX-License-Identifier: MIT
// The statistics of a match of game pairs (each opening played twice, colours swapped), as
// fishtest reports them: W-D-L, the pentanomial counts of the pairs, the logistic Elo with its
// 95% interval from the pentanomial variance, the likelihood of superiority (LOS), and the
// generalized SPRT on logistic Elo (fishtest's LLR_logistic: the exact maximum-likelihood
// ratio over the pentanomial distribution, not a normal approximation). Formulas follow
// fishtest's server/fishtest/stats/{stat_util,LLRcalc}.py (M. Van den Bergh,
// https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf), reimplemented here; with the
// same counts the numbers agree with fishtest's to rounding. Knows no game and no search.
#ifndef CORE_LAB_ELO_H
#define CORE_LAB_ELO_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define ELO_ERROR (elo_error_quark())
GQuark elo_error_quark(void);

// Both fishtest constants. A pentanomial count of zero is replaced by ELO_PRIOR (not added
// to: the other counts stay as they are) before any estimate or LLR, so that no variance is
// zero and no logarithm sees a zero; a score is clamped into [ELO_SCORE_MIN, 1 -
// ELO_SCORE_MIN] before it becomes an Elo, so Elo stays within +-ELO_MAX.
#define ELO_PRIOR     1e-3
#define ELO_SCORE_MIN 1e-3
#define ELO_MAX       1199.8261952903777 // 400 log10(999): the Elo of the clamped score
#define ELO_Z95       1.959963984540054  // Phi^-1(0.975)

// One game's result for the first player (the player whose Elo is estimated); the value is
// that player's half-points.
typedef enum { ELO_LOSS = 0, ELO_DRAW = 1, ELO_WIN = 2 } EloOutcome;

// Counts of a match. n[k] is the number of pairs in which the first player scored k
// half-points over the opening's two games: n[0] LL, n[1] LD+DL, n[2] LW+DD+WL, n[3] DW+WD,
// n[4] WW (fishtest's order). wins, draws and losses count games. Zero-initialise; counts
// from several runs add up.
typedef struct {
    uint64_t n[5];
    uint64_t wins, draws, losses;
} EloPenta;

// Add one pair: the first player's results in the opening's two games.
void elo_penta_add_pair(EloPenta *p, EloOutcome first, EloOutcome second);

// Add b's counts into a (a resumed match, or matches run on several machines).
void elo_penta_merge(EloPenta *a, const EloPenta *b);

// Pairs counted: n[0] + ... + n[4].
uint64_t elo_penta_pairs(const EloPenta *p);

// The logistic model: the expected score of a player stronger by elo,
//   L(elo) = 1 / (1 + 10^(-elo / 400)).
double elo_to_score(double elo);

// The inverse of L on the score clamped into [ELO_SCORE_MIN, 1 - ELO_SCORE_MIN] (fishtest's
// elo()): 400 log10(s / (1 - s)), within +-ELO_MAX. *clamped (may be NULL) is set when the
// clamp moved s; it is left alone otherwise.
double elo_from_score(double s, bool *clamped);

// The standard normal distribution function Phi(x) = erfc(-x / sqrt 2) / 2.
double elo_phi(double x);

// An estimate from the pentanomial counts (fishtest's get_elo on 5 counts). With r_k the
// counts after the prior (see ELO_PRIOR), N = sum r_k, p_k = r_k / N and a_k = k / 4 the
// per-game score of a pair with k half-points:
//   score  s     = sum p_k a_k                          (mean score per game)
//   sigma        = sqrt(sum p_k (a_k - s)^2 / N)        (standard error of s from the
//                                                        variance of the pair scores)
//   elo          = elo_from_score(s)
//   elo_lo, _hi  = elo_from_score(s -+ ELO_Z95 sigma)   (95% interval, asymmetric in Elo)
//   elo95        = (elo_hi - elo_lo) / 2                (fishtest's "+-" figure)
//   los          = Phi((s - 0.5) / sigma)               (likelihood of superiority)
// Pairs, not games, are the independent samples: this variance keeps the correlation of
// the two games of an opening, which the trinomial W-D-L variance would drop. Every field is
// finite for any counts, empty ones included (then s = 0.5, elo 0, los 0.5 and the interval
// the whole clamped range): sigma > 0 always, thanks to the prior.
typedef struct {
    uint64_t pairs; // the raw count, before the prior
    double score, sigma;
    double elo, elo_lo, elo_hi, elo95;
    double los;
    bool clamped; // s or an end of its interval was clamped: the Elo there is a bound
} EloResult;

void elo_estimate(const EloPenta *p, EloResult *out);

// A sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1 (logistic Elo)
// with error rates alpha (accepting H1 under H0) and beta (accepting H0 under H1).
typedef struct {
    double elo0, elo1, alpha, beta;
} EloSprt;

typedef enum { ELO_SPRT_CONTINUE, ELO_SPRT_H0, ELO_SPRT_H1 } EloVerdict;

typedef struct {
    double llr;          // elo_sprt_llr of the counts
    double lower, upper; // the stopping bounds
    EloVerdict verdict;
} EloSprtResult;

// Check the test's parameters: 0 < alpha, beta and alpha + beta < 1 (so lower < 0 < upper),
// elo0 < elo1, both finite and within +-ELO_MAX. False with a message naming the problem.
bool elo_sprt_check(const EloSprt *sprt, GError **err);

// The test's parameters from "ELO0,ELO1,ALPHA,BETA", checked (elo_sprt_check); false with a
// message naming the problem.
bool elo_sprt_parse(const char *text, EloSprt *sprt, GError **err);

// Wald's bounds: lower = log(beta / (1 - alpha)), upper = log((1 - beta) / alpha).
void elo_sprt_bounds(const EloSprt *sprt, double *lower, double *upper);

// The generalized log-likelihood ratio of the counts for s1 = L(elo1) against s0 = L(elo0)
// (fishtest's LLR_logistic). With p_k, a_k and N as in elo_estimate, for each s the
// distribution q of largest likelihood among those of mean s is q_k = p_k / (1 + x (a_k - s)),
// x the root of sum p_k (a_k - s) / (1 + x (a_k - s)) = 0 in (-1 / (1 - s), 1 / s) (one root:
// the sum falls from +inf to -inf there). Then, with x0 for s0 and x1 for s1,
//   LLR = N sum p_k log(q1_k / q0_k) = N sum p_k [log(1 + x0 (a_k - s0)) - log(1 + x1 (a_k - s1))].
// 0 with no pair (fishtest's prior alone would give about -1e-6). elo0 and elo1 as checked by
// elo_sprt_check.
double elo_sprt_llr(const EloPenta *p, double elo0, double elo1);

// The test's state after the counts: the LLR, the bounds and the verdict, H0 when
// llr < lower, H1 when llr > upper, else continue. Returns the verdict. The bounds are
// Wald's, without fishtest's overshoot correction (which moves them inwards by an estimate
// of how far the LLR jumps past a bound, Siegmund's Corollary 8.33): uncorrected, the test
// is slightly conservative, its real error rates a little under alpha and beta.
EloVerdict elo_sprt_test(const EloSprt *sprt, const EloPenta *p, EloSprtResult *out);

// "continue", "H0" or "H1".
const char *elo_verdict_name(EloVerdict v);

#endif
