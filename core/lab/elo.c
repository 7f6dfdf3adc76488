// SPDX-License-Identifier: MIT
// Pentanomial counts, logistic Elo with its interval and LOS, and the generalized SPRT over
// the pentanomial distribution (fishtest's formulas, written afresh from them).
#include "core/lab/elo.h"
#include "base/number.h"

#include <math.h>

G_DEFINE_QUARK(elo - error - quark, elo_error)

void elo_penta_add_pair(EloPenta *p, EloOutcome first, EloOutcome second)
{
    g_return_if_fail((unsigned)first <= ELO_WIN && (unsigned)second <= ELO_WIN);
    p->n[(int)first + (int)second]++;
    uint64_t *tally[3] = {&p->losses, &p->draws, &p->wins};
    (*tally[first])++;
    (*tally[second])++;
}

void elo_penta_merge(EloPenta *a, const EloPenta *b)
{
    for (int k = 0; k < 5; k++) a->n[k] += b->n[k];
    a->wins += b->wins, a->draws += b->draws, a->losses += b->losses;
}

uint64_t elo_penta_pairs(const EloPenta *p)
{
    return p->n[0] + p->n[1] + p->n[2] + p->n[3] + p->n[4];
}

double elo_to_score(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

double elo_from_score(double s, bool *clamped)
{
    double c = fmin(fmax(s, ELO_SCORE_MIN), 1 - ELO_SCORE_MIN);
    if (c != s && clamped) *clamped = true;
    return 400 * log10(c / (1 - c));
}

double elo_phi(double x)
{
    return 0.5 * erfc(-x / M_SQRT2);
}

// The pentanomial distribution behind every estimate: the counts with each zero replaced by
// the prior, their total *total and frequencies p[k] (of the per-game scores a_k = k / 4).
static void penta_pdf(const EloPenta *c, double *total, double p[5])
{
    double r[5], sum = 0;
    for (int k = 0; k < 5; k++) {
        r[k] = c->n[k] ? (double)c->n[k] : ELO_PRIOR;
        sum += r[k];
    }
    for (int k = 0; k < 5; k++) p[k] = r[k] / sum;
    *total = sum;
}

// The mean per-game score of p, summed as its offset from 1/2 with the mirrored bins paired:
// the offset changes sign exactly when the counts are mirrored, and balanced counts give
// exactly 1/2 (Elo 0, LOS 0.5).
static double penta_mean(const double p[5])
{
    return 0.5 + ((p[4] - p[0]) * 0.5 + (p[3] - p[1]) * 0.25);
}

void elo_estimate(const EloPenta *c, EloResult *out)
{
    double total, p[5];
    penta_pdf(c, &total, p);
    double s = penta_mean(p), var = 0;
    for (int k = 0; k < 5; k++) var += p[k] * (k / 4.0 - s) * (k / 4.0 - s);
    *out = (EloResult){.pairs = elo_penta_pairs(c), .score = s, .sigma = sqrt(var / total)};
    out->elo = elo_from_score(s, &out->clamped);
    out->elo_lo = elo_from_score(s - ELO_Z95 * out->sigma, &out->clamped);
    out->elo_hi = elo_from_score(s + ELO_Z95 * out->sigma, &out->clamped);
    out->elo95 = (out->elo_hi - out->elo_lo) / 2;
    out->los = elo_phi((s - 0.5) / out->sigma);
}

bool elo_sprt_check(const EloSprt *t, GError **err)
{
    if (!(t->alpha > 0 && t->beta > 0 && t->alpha + t->beta < 1)) {
        g_set_error(err, ELO_ERROR, 0,
                    "SPRT: alpha %g and beta %g must be positive with alpha + beta < 1", t->alpha,
                    t->beta);
        return false;
    }
    if (!(fabs(t->elo0) <= ELO_MAX && fabs(t->elo1) <= ELO_MAX)) {
        g_set_error(err, ELO_ERROR, 0, "SPRT: elo0 %g and elo1 %g must lie within +-%.0f", t->elo0,
                    t->elo1, ELO_MAX);
        return false;
    }
    if (!(t->elo0 < t->elo1)) {
        g_set_error(err, ELO_ERROR, 0, "SPRT: elo0 %g must be below elo1 %g", t->elo0, t->elo1);
        return false;
    }
    return true;
}

bool elo_sprt_parse(const char *text, EloSprt *t, GError **err)
{
    char **w = g_strsplit(text, ",", -1);
    bool ok = g_strv_length(w) == 4;
    double v[4] = {0};
    for (int i = 0; ok && i < 4; i++) {
        ok = number_parse_double(w[i], &v[i]) == NUMBER_OK;
    }
    g_strfreev(w);
    *t = (EloSprt){v[0], v[1], v[2], v[3]};
    if (!ok) g_set_error(err, ELO_ERROR, 0, "expected ELO0,ELO1,ALPHA,BETA (four numbers)");
    return ok && elo_sprt_check(t, err);
}

void elo_sprt_bounds(const EloSprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1 - t->alpha));
    *upper = log((1 - t->beta) / t->alpha);
}

// The secular function f(x) = sum p_k d_k / (1 + x d_k), d_k = a_k - s, strictly decreasing
// on the open interval where every 1 + x d_k > 0. Rounding near an end can leave a
// denominator at or below zero; the sign of the pole's term is then the sign of f.
static double secular(const double p[5], double s, double x)
{
    double f = 0;
    for (int k = 0; k < 5; k++) {
        double d = k / 4.0 - s, den = 1 + x * d;
        if (den <= 0) return d > 0 ? INFINITY : -INFINITY;
        f += p[k] * d / den;
    }
    return f;
}

// The Lagrange multiplier x of the most likely distribution of mean s (0 < s < 1): the root
// of the secular function on (-1 / (1 - s), 1 / s), found by bisection: f is monotone, so
// bisection cannot fail where Newton could. It stops when the interval no longer shrinks or
// after 200 halvings (a width under 1e-59), far below what the LLR can feel.
static double mle_multiplier(const double p[5], double s)
{
    double lo = -1 / (1 - s), hi = 1 / s;
    for (int i = 0; i < 200; i++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) break;
        if (secular(p, s, mid) > 0)
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

double elo_sprt_llr(const EloPenta *c, double elo0, double elo1)
{
    if (elo_penta_pairs(c) == 0) return 0;
    double total, p[5];
    penta_pdf(c, &total, p);
    double s0 = elo_to_score(elo0), s1 = elo_to_score(elo1);
    double x0 = mle_multiplier(p, s0), x1 = mle_multiplier(p, s1);
    // log(q1_k / q0_k) = log(p_k / (1 + x1 d1_k)) - log(p_k / (1 + x0 d0_k)).
    double llr = 0;
    for (int k = 0; k < 5; k++) {
        double a = k / 4.0;
        llr += p[k] * (log1p(x0 * (a - s0)) - log1p(x1 * (a - s1)));
    }
    return total * llr;
}

EloVerdict elo_sprt_test(const EloSprt *t, const EloPenta *c, EloSprtResult *out)
{
    elo_sprt_bounds(t, &out->lower, &out->upper);
    out->llr = elo_sprt_llr(c, t->elo0, t->elo1);
    out->verdict = out->llr < out->lower   ? ELO_SPRT_H0
                   : out->llr > out->upper ? ELO_SPRT_H1
                                           : ELO_SPRT_CONTINUE;
    return out->verdict;
}

const char *elo_verdict_name(EloVerdict v)
{
    switch (v) {
    case ELO_SPRT_H0: return "H0";
    case ELO_SPRT_H1: return "H1";
    default: return "continue";
    }
}
