// SPDX-License-Identifier: MIT
// The match statistics against worked examples. Where a number is not worked by hand in the
// comment beside it, it was computed with fishtest's formulas (server/fishtest/stats/
// stat_util.py get_elo, LLRcalc.py LLR_logistic: zero counts replaced by 1e-3, the
// constrained MLE by its secular equation) in a separate Python script in double precision,
// each LLR also recomputed in 60-digit decimal arithmetic; the two agree to within 1e-11.
#include <math.h>
#include <string.h>

#include "core/lab/elo.h"
#include "tests/test_util.h"

// Relative tolerance for numbers copied from the reference computation: far above rounding
// (the C and Python sums run in different orders), far below any modelling difference.
#define REL 1e-9

// A macro, so that a failure names the line of the example (NaN and inf fail it too).
#define assert_near(got, want)                                                                     \
    g_assert_cmpfloat_with_epsilon((got), (want), fmax(1, fabs((double)(want))) * REL)

static EloPenta penta(uint64_t n0, uint64_t n1, uint64_t n2, uint64_t n3, uint64_t n4)
{
    return (EloPenta){.n = {n0, n1, n2, n3, n4}};
}

static void test_penta_add(void)
{
    // Every ordered pair of results: the pair's index is the first player's half-points.
    EloPenta p = {0};
    for (int a = ELO_LOSS; a <= ELO_WIN; a++)
        for (int b = ELO_LOSS; b <= ELO_WIN; b++) elo_penta_add_pair(&p, a, b);
    // LL | LD DL | LW DD WL | DW WD | WW
    g_assert_cmpuint(p.n[0], ==, 1);
    g_assert_cmpuint(p.n[1], ==, 2);
    g_assert_cmpuint(p.n[2], ==, 3);
    g_assert_cmpuint(p.n[3], ==, 2);
    g_assert_cmpuint(p.n[4], ==, 1);
    g_assert_cmpuint(elo_penta_pairs(&p), ==, 9);
    // 18 games, each result 6 times.
    g_assert_cmpuint(p.wins, ==, 6);
    g_assert_cmpuint(p.draws, ==, 6);
    g_assert_cmpuint(p.losses, ==, 6);

    EloPenta q = {0};
    elo_penta_add_pair(&q, ELO_WIN, ELO_DRAW);
    elo_penta_merge(&q, &p);
    g_assert_cmpuint(q.n[3], ==, 3);
    g_assert_cmpuint(elo_penta_pairs(&q), ==, 10);
    g_assert_cmpuint(q.wins, ==, 7);
    g_assert_cmpuint(q.draws, ==, 7);
    g_assert_cmpuint(q.losses, ==, 6);
}

static void test_score_elo(void)
{
    bool clamped = false;
    g_assert_cmpfloat(elo_to_score(0), ==, 0.5);
    assert_near(elo_to_score(400), 1 / 1.1); // 1 / (1 + 10^-1)
    assert_near(elo_to_score(-400), 1 / 11.0);
    g_assert_cmpfloat(elo_from_score(0.5, &clamped), ==, 0);
    assert_near(elo_from_score(0.75, &clamped), 190.84850188786497); // 400 log10(3)
    assert_near(elo_from_score(elo_to_score(123.4), &clamped), 123.4);
    g_assert_false(clamped);
    // Scores past [0.001, 0.999] give +-400 log10(999), flagged.
    assert_near(elo_from_score(1, &clamped), ELO_MAX);
    g_assert_true(clamped);
    assert_near(elo_from_score(0, NULL), -ELO_MAX);
    assert_near(400 * log10(999), ELO_MAX);
    g_assert_cmpfloat(elo_phi(0), ==, 0.5);
    assert_near(elo_phi(ELO_Z95), 0.975);
    assert_near(elo_phi(-1), 0.15865525393145707); // erfc(1/sqrt 2) / 2
}

static void test_penta_elo(void)
{
    EloResult r;

    // 100 drawn pairs. The prior makes the counts {0.001, 0.001, 100, 0.001, 0.001}, N =
    // 100.004: s = 0.5 exactly (symmetric), sum p_k (a_k - 1/2)^2 = 0.001 (1/4 + 1/16 + 1/16 +
    // 1/4) / N = 0.000625 / N, so sigma = sqrt(0.000625) / N = 0.025 / 100.004. The interval
    // is the prior's alone: 400 log10((1/2 + 1.96 sigma) / (1/2 - 1.96 sigma)) = +-0.3405.
    EloPenta draws = penta(0, 0, 100, 0, 0);
    elo_estimate(&draws, &r);
    g_assert_cmpuint(r.pairs, ==, 100);
    g_assert_cmpfloat(r.score, ==, 0.5);
    g_assert_cmpfloat(r.elo, ==, 0);
    g_assert_cmpfloat(r.los, ==, 0.5);
    assert_near(r.sigma, 0.025 / 100.004);
    double d = ELO_Z95 * 0.025 / 100.004;
    assert_near(r.elo_hi, 400 * log10((0.5 + d) / (0.5 - d)));
    assert_near(r.elo_hi, 0.34046710758810195); // fishtest's get_elo
    assert_near(r.elo_lo, -0.34046710758825166);
    assert_near(r.elo95, 0.3404671075881768);
    g_assert_false(r.clamped);

    // A clear win, no empty bin (no prior): s = (10/4 + 40/2 + 30 3/4 + 15) / 100 = 0.6;
    // sum p_k (a_k - 0.6)^2 = .05 .36 + .1 .1225 + .4 .01 + .3 .0225 + .15 .16 = 0.065, so
    // sigma = sqrt(0.065 / 100); Elo = 400 log10(0.6 / 0.4) = 400 log10(1.5).
    EloPenta win = penta(5, 10, 40, 30, 15);
    elo_estimate(&win, &r);
    assert_near(r.score, 0.6);
    assert_near(r.sigma, sqrt(0.065 / 100));
    assert_near(r.elo, 400 * log10(1.5));
    assert_near(r.elo, 70.43650362227247);    // fishtest's get_elo
    assert_near(r.elo_lo, 34.88149700703778); // elo(0.6 - 1.96 sigma)
    assert_near(r.elo_hi, 107.51481514283088);
    assert_near(r.elo95, 36.31665906789655);
    assert_near(r.los, 0.999956150288122); // Phi(0.1 / sigma) = Phi(3.922)
    assert_near(r.los, elo_phi(0.1 / sqrt(0.065 / 100)));
    g_assert_false(r.clamped);

    // fishtest's own example pentanomial (stats/sprt.py), a long, nearly even test.
    EloPenta fish = penta(10789, 19328, 33806, 19402, 10543);
    elo_estimate(&fish, &r);
    assert_near(r.score, 0.4988867345634295);
    assert_near(r.sigma, 0.0009380620650740901);
    assert_near(r.elo, -0.7735773359165423);
    assert_near(r.elo_lo, -2.051167691664677);
    assert_near(r.elo_hi, 0.5039920997913666);
    assert_near(r.los, 0.11765885803277504);
}

static void test_limits(void)
{
    EloResult r;

    // 50 won pairs: s = (50 + 0.001 (1/4 + 1/2 + 3/4)) / 50.004 = 0.99995 is past 0.999, so
    // Elo is the clamp's bound and says so; so is the top of the interval.
    EloPenta wins = penta(0, 0, 0, 0, 50);
    elo_estimate(&wins, &r);
    assert_near(r.score, 0.99995000399968);
    assert_near(r.sigma, 0.0008659272639180178);
    g_assert_true(r.clamped);
    assert_near(r.elo, ELO_MAX);
    assert_near(r.elo_hi, ELO_MAX);
    assert_near(r.elo_lo, 1102.7609342321273); // elo(s - 1.96 sigma), not clamped
    assert_near(r.los, 1);

    // Mirrored: 50 lost pairs.
    EloPenta losses = penta(50, 0, 0, 0, 0);
    elo_estimate(&losses, &r);
    g_assert_true(r.clamped);
    assert_near(r.elo, -ELO_MAX);
    assert_near(r.elo_lo, -ELO_MAX);
    assert_near(r.elo_hi, -1102.7609342321273);
    assert_near(r.los, 0);

    // Near the limit, not past it: nothing clamped.
    EloPenta near = penta(0, 0, 1, 4, 45);
    elo_estimate(&near, &r);
    g_assert_false(r.clamped);
    assert_near(r.score, 0.9699662013519459);
    assert_near(r.elo, 603.6585346433806);
    assert_near(r.elo_lo, 489.0237325485622);
    assert_near(r.elo_hi, 979.2352934098896);
    assert_near(r.los, 1);

    // The LLR of such samples stays finite too. An unbroken run of won pairs moves the
    // SPRT(0, 5) LLR by only about log(L(5) / L(0)) = 0.0143 a pair (both hypotheses explain
    // it equally badly): 206 pairs stay short of the upper bound 2.944, 207 cross it.
    assert_near(elo_sprt_llr(&wins, 0, 5), 0.7144087509831066);
    assert_near(elo_sprt_llr(&losses, 0, 5), -0.7247644917759741);
    assert_near(elo_sprt_llr(&near, 0, 5), 0.7143787459972211);
    EloSprt sprt = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    EloSprtResult t;
    EloPenta run = penta(0, 0, 0, 0, 206);
    g_assert_cmpint(elo_sprt_test(&sprt, &run, &t), ==, ELO_SPRT_CONTINUE);
    assert_near(t.llr, 2.9432755553369443);
    run.n[4]++;
    g_assert_cmpint(elo_sprt_test(&sprt, &run, &t), ==, ELO_SPRT_H1);
    assert_near(t.llr, 2.957563163047802);
}

static void test_empty(void)
{
    // No pair: only the prior, symmetric, with N = 0.005 and sum p_k (a_k - 1/2)^2 = 1/8, so
    // s = 1/2 and sigma = sqrt(25) = 5: every Elo is possible, the interval is the whole
    // clamped range; nothing divides by zero.
    EloPenta empty = {0};
    EloResult r;
    elo_estimate(&empty, &r);
    g_assert_cmpuint(r.pairs, ==, 0);
    g_assert_cmpfloat(r.score, ==, 0.5);
    assert_near(r.sigma, 5);
    g_assert_cmpfloat(r.elo, ==, 0);
    g_assert_cmpfloat(r.los, ==, 0.5);
    assert_near(r.elo_lo, -ELO_MAX);
    assert_near(r.elo_hi, ELO_MAX);
    g_assert_true(r.clamped);

    EloSprt sprt = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    EloSprtResult t;
    g_assert_cmpint(elo_sprt_test(&sprt, &empty, &t), ==, ELO_SPRT_CONTINUE);
    g_assert_cmpfloat(t.llr, ==, 0);
}

// The Brownian approximation of the LLR (fishtest's LLR_alt2, GSPRT_approximation.pdf):
// N (s1 - s0) (2 s - s0 - s1) / (2 var) with var = N sigma^2 the variance of a pair's
// per-game score. Written here from the estimate's s and sigma as an independent check.
static double llr_brownian(const EloPenta *p, double elo0, double elo1)
{
    EloResult r;
    elo_estimate(p, &r);
    double s0 = elo_to_score(elo0), s1 = elo_to_score(elo1);
    return (s1 - s0) * (2 * r.score - s0 - s1) / (2 * r.sigma * r.sigma);
}

static void test_sprt(void)
{
    EloSprt sprt = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    EloSprtResult t;
    double lower, upper;
    elo_sprt_bounds(&sprt, &lower, &upper);
    assert_near(lower, log(0.05 / 0.95)); // -2.9444389791664403
    assert_near(upper, log(0.95 / 0.05));
    EloSprt skew = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.10};
    elo_sprt_bounds(&skew, &lower, &upper);
    assert_near(lower, -2.251291798606495); // log(0.10 / 0.95)
    assert_near(upper, 2.8903717578961645); // log(0.90 / 0.05)

    // 870 pairs scoring 0.532 (+22 Elo): past the upper bound, H1.
    EloPenta up = penta(40, 150, 400, 220, 60);
    g_assert_cmpint(elo_sprt_test(&sprt, &up, &t), ==, ELO_SPRT_H1);
    assert_near(t.llr, 3.153143362422607);
    assert_near(elo_sprt_llr(&up, -3, 1), 2.9560350029138713);
    assert_near(elo_sprt_llr(&up, 0, 10), 5.5154378693098405);
    // The same mirrored (-22 Elo): past the lower bound, H0.
    EloPenta down = penta(60, 220, 400, 150, 40);
    g_assert_cmpint(elo_sprt_test(&sprt, &down, &t), ==, ELO_SPRT_H0);
    assert_near(t.llr, -3.9232808991377652);
    // 325 pairs at +11 Elo: between the bounds.
    EloPenta mid = penta(20, 60, 150, 70, 25);
    g_assert_cmpint(elo_sprt_test(&sprt, &mid, &t), ==, ELO_SPRT_CONTINUE);
    assert_near(t.llr, 0.46260140020516544);
    g_assert_cmpstr(elo_verdict_name(t.verdict), ==, "continue");
    // 100 drawn pairs: the zero bins take the prior, and the LLR leans to H0 (s = 1/2).
    EloPenta draws = penta(0, 0, 100, 0, 0);
    assert_near(elo_sprt_llr(&draws, 0, 5), -1.441647908449787);

    // fishtest's example (stats/sprt.py) with its bounds (-3, 1) and with (0, 5).
    EloPenta fish = penta(10789, 19328, 33806, 19402, 10543);
    EloSprt fish_sprt = {.elo0 = -3, .elo1 = 1, .alpha = 0.05, .beta = 0.05};
    g_assert_cmpint(elo_sprt_test(&fish_sprt, &fish, &t), ==, ELO_SPRT_CONTINUE);
    assert_near(t.llr, 2.1310678117878923); // 60-digit value; double Python: ...785043
    g_assert_cmpint(elo_sprt_test(&sprt, &fish, &t), ==, ELO_SPRT_H0);
    assert_near(t.llr, -38.51440847341381);
    // On a sample this large and even the Brownian approximation is close (Python's alt2
    // gives 2.131244870704829, 1e-4 away).
    g_assert_cmpfloat_with_epsilon(llr_brownian(&fish, -3, 1), 2.131244870704829, 1e-9);
    g_assert_cmpfloat_with_epsilon(elo_sprt_llr(&fish, -3, 1), llr_brownian(&fish, -3, 1), 1e-3);
}

// A match run pair by pair until the verdict, the way the runner will: a fixed cycle of ten
// pair results (pentanomial indices), repeated. The stopping pair and counts come from the
// same reference script run pair by pair.
static int run_until_verdict(const int cycle[10], const EloSprt *sprt, EloPenta *p,
                             EloSprtResult *t)
{
    *p = (EloPenta){0};
    for (int pair = 1; pair <= 5000; pair++) {
        p->n[cycle[(pair - 1) % 10]]++;
        if (elo_sprt_test(sprt, p, t) != ELO_SPRT_CONTINUE) return pair;
    }
    return 0;
}

static void test_sprt_sequential(void)
{
    EloSprt sprt = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    EloPenta p;
    EloSprtResult t;

    // Per cycle n = {1, 1, 4, 3, 1}: s = 0.55 (+35 Elo). H1 at pair 362, LLR 2.9518 (2.9089
    // the pair before).
    static const int strong[10] = {4, 3, 2, 2, 1, 3, 2, 0, 3, 2};
    g_assert_cmpint(run_until_verdict(strong, &sprt, &p, &t), ==, 362);
    g_assert_cmpint(t.verdict, ==, ELO_SPRT_H1);
    g_assert_cmpuint(p.n[0], ==, 36);
    g_assert_cmpuint(p.n[1], ==, 36);
    g_assert_cmpuint(p.n[2], ==, 144);
    g_assert_cmpuint(p.n[3], ==, 109);
    g_assert_cmpuint(p.n[4], ==, 37);
    assert_near(t.llr, 2.95179118905544);

    // Per cycle n = {1, 3, 4, 1, 1}: s = 0.45 (-35 Elo). H0 at pair 282.
    static const int weak[10] = {0, 1, 2, 2, 3, 1, 2, 4, 1, 2};
    g_assert_cmpint(run_until_verdict(weak, &sprt, &p, &t), ==, 282);
    g_assert_cmpint(t.verdict, ==, ELO_SPRT_H0);
    g_assert_cmpstr(elo_verdict_name(t.verdict), ==, "H0");
    assert_near(t.llr, -2.9791836116117345);
}

// Mirroring the counts (n[k] <-> n[4 - k]) swaps the players: Elo, its interval and the LLR
// change sign (with the hypotheses mirrored too), LOS becomes 1 - LOS. Random counts from
// the g_test seed.
static void test_mirror(void)
{
    GRand *rng = test_rand();
    for (int i = 0; i < 200; i++) {
        EloPenta p = {0}, m = {0};
        for (int k = 0; k < 5; k++) {
            // Some bins empty, to exercise the prior.
            p.n[k] = g_rand_int_range(rng, 0, 3) ? (uint64_t)g_rand_int_range(rng, 0, 2000) : 0;
        }
        for (int k = 0; k < 5; k++) m.n[k] = p.n[4 - k];
        EloResult a, b;
        elo_estimate(&p, &a);
        elo_estimate(&m, &b);
        g_assert_cmpfloat_with_epsilon(a.score, 1 - b.score, 1e-12);
        g_assert_cmpfloat_with_epsilon(a.sigma, b.sigma, 1e-12);
        g_assert_cmpfloat_with_epsilon(a.elo, -b.elo, 1e-9);
        g_assert_cmpfloat_with_epsilon(a.elo_lo, -b.elo_hi, 1e-9);
        g_assert_cmpfloat_with_epsilon(a.los, 1 - b.los, 1e-12);
        double e0 = g_rand_double_range(rng, -20, 10), e1 = e0 + g_rand_double_range(rng, 1, 20);
        double l = elo_sprt_llr(&p, e0, e1), lm = elo_sprt_llr(&m, -e1, -e0);
        g_assert_true(isfinite(l));
        g_assert_cmpfloat_with_epsilon(l, -lm, 1e-9 * fmax(1, fabs(l)));
    }
    g_rand_free(rng);
}

static void test_sprt_check(void)
{
    GError *err = NULL;
    EloSprt good = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    g_assert_true(elo_sprt_check(&good, &err));
    g_assert_no_error(err);
    const EloSprt bad[] = {
        {.elo0 = 5, .elo1 = 0, .alpha = 0.05, .beta = 0.05},
        {.elo0 = 5, .elo1 = 5, .alpha = 0.05, .beta = 0.05},
        {.elo0 = 0, .elo1 = 5, .alpha = 0, .beta = 0.05},
        {.elo0 = 0, .elo1 = 5, .alpha = 0.5, .beta = 0.5},
        {.elo0 = 0, .elo1 = 5000, .alpha = 0.05, .beta = 0.05},
        {.elo0 = NAN, .elo1 = 5, .alpha = 0.05, .beta = 0.05},
        {.elo0 = 0, .elo1 = 5, .alpha = NAN, .beta = 0.05},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(elo_sprt_check(&bad[i], &err));
        g_assert_error(err, ELO_ERROR, 0);
        g_assert_nonnull(strstr(err->message, "SPRT"));
        g_clear_error(&err);
    }
}

static void test_sprt_parse(void)
{
    GError *err = NULL;
    EloSprt t;
    g_assert_true(elo_sprt_parse("-1.5,4,0.05,0.1", &t, &err));
    g_assert_no_error(err);
    g_assert_cmpfloat(t.elo0, ==, -1.5);
    g_assert_cmpfloat(t.elo1, ==, 4);
    g_assert_cmpfloat(t.alpha, ==, 0.05);
    g_assert_cmpfloat(t.beta, ==, 0.1);
    static const char *const shape[] = {"", "0,5,0.05", "0,5,0.05,0.05,1", "0,5,x,0.05", "0,,1,1"};
    for (size_t i = 0; i < G_N_ELEMENTS(shape); i++) {
        g_assert_false(elo_sprt_parse(shape[i], &t, &err));
        g_assert_error(err, ELO_ERROR, 0);
        g_assert_cmpstr(err->message, ==, "expected ELO0,ELO1,ALPHA,BETA (four numbers)");
        g_clear_error(&err);
    }
    // Four numbers, but not a test: elo_sprt_check's message.
    g_assert_false(elo_sprt_parse("5,0,0.05,0.05", &t, &err));
    g_assert_cmpstr(err->message, ==, "SPRT: elo0 5 must be below elo1 0");
    g_clear_error(&err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/core/elo/penta-add", test_penta_add);
    g_test_add_func("/core/elo/score-elo", test_score_elo);
    g_test_add_func("/core/elo/penta-elo", test_penta_elo);
    g_test_add_func("/core/elo/limits", test_limits);
    g_test_add_func("/core/elo/empty", test_empty);
    g_test_add_func("/core/elo/sprt", test_sprt);
    g_test_add_func("/core/elo/sprt-sequential", test_sprt_sequential);
    g_test_add_func("/core/elo/mirror", test_mirror);
    g_test_add_func("/core/elo/sprt-check", test_sprt_check);
    g_test_add_func("/core/elo/sprt-parse", test_sprt_parse);
    return g_test_run();
}
