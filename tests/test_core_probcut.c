// SPDX-License-Identifier: MIT
// ProbCut: the least-squares fit recovers a, b and sigma from synthetic pairs with known
// values; positions add only the pairs the fit wants; calibration files round-trip, add up,
// and damaged, foreign or mismatched ones are refused with a message; in the toy game's
// search, ProbCut off leaves the tree as it was, t = infinity returns the exact minimax value,
// and a calibration that trusts shallow searches cuts.
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "core/engine.h"
#include "tests/test_util.h"
#include "tests/toy_desc.h"
#include "tests/toy_game.h"

static double normal(void)
{
    double u = g_test_rand_double_range(1e-12, 1), v = g_test_rand_double();
    return sqrt(-2 * log(u)) * cos(2 * G_PI * v);
}

static void test_fit_recovers(void)
{
    const double a = 1.08, b = -25, sigma = 80;
    ProbcutSums s = {0};
    ProbcutData *c = g_new(ProbcutData, 1);
    probcut_data_init(c, "toy", "toy-eval", 2, 3000);
    for (int i = 0; i < 20000; i++) {
        int x = g_test_rand_int_range(-1000, 1001);
        int y = (int)lround(a * x + b + sigma * normal());
        probcut_data_add_pair(c, 1, 3, 5, x, y);
    }
    s = c->sums[1][3][5];
    ProbcutFit f;
    g_assert_true(probcut_fit(&s, &f));
    g_assert_cmpint(f.n, ==, 20000);
    // Five standard errors: a's is sigma / (sd(x) sqrt(n)) ~ 0.001, b's ~ 0.6, sigma's ~ 0.4.
    g_assert_cmpfloat(fabs(f.a - a), <, 0.006);
    g_assert_cmpfloat(fabs(f.b - b), <, 3.5);
    g_assert_cmpfloat(fabs(f.sigma - sigma), <, 2.5);
    g_assert_cmpfloat(f.r, >, 0.98);
    // Without noise the line is exact.
    ProbcutSums exact = {0};
    probcut_data_init(c, "toy", "toy-eval", 2, 3000);
    for (int x = -50; x <= 50; x++) probcut_data_add_pair(c, 0, 2, 4, x, 2 * x + 3);
    exact = c->sums[0][2][4];
    g_assert_true(probcut_fit(&exact, &f));
    g_assert_cmpfloat(fabs(f.a - 2), <, 1e-9);
    g_assert_cmpfloat(fabs(f.b - 3), <, 1e-9);
    g_assert_cmpfloat(f.sigma, <, 1e-6);
    // Too few pairs, or shallow scores that do not vary, fit nothing.
    ProbcutSums two = {2, 0, 0, 2, 0, 0}, flat = {10, 50, 70, 250, 350, 900};
    g_assert_false(probcut_fit(&two, &f));
    g_assert_false(probcut_fit(&flat, &f));
    g_free(c);
}

static void test_add_position(void)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    probcut_data_init(c, "toy", "toy-eval", 2, 300);
    Score scores[8] = {0, 10, 400, 20, SCORE_MATE - 9, 30, 0, 0};
    probcut_data_add_position(c, 1, scores, 5);
    // d = 1 pairs with 2, 3, 5 (4 is a forced result); d = 2 is beyond the range; d = 3 pairs
    // with 5; d = 4 is a forced result.
    g_assert_cmpint(c->sums[1][1][2].n, ==, 1);
    g_assert_cmpint(c->sums[1][1][3].n, ==, 1);
    g_assert_cmpint(c->sums[1][1][4].n, ==, 0);
    g_assert_cmpint(c->sums[1][1][5].n, ==, 1);
    g_assert_cmpint(c->sums[1][2][3].n, ==, 0);
    g_assert_cmpint(c->sums[1][3][5].n, ==, 1);
    g_assert_cmpint(c->sums[1][3][5].sxy, ==, 20 * 30);
    g_assert_cmpint(c->sums[1][4][5].n, ==, 0);
    probcut_data_add_position(c, 2, scores, 5); // no such stage: nothing
    int64_t total = 0;
    for (int d = 0; d < PROBCUT_DEPTHS; d++)
        for (int e = 0; e < PROBCUT_DEPTHS; e++) total += c->sums[0][d][e].n + c->sums[1][d][e].n;
    g_assert_cmpint(total, ==, 4);
    g_free(c);
}

// A calibration of `stages` stages where every pair (d, D) says v = v' with deviation sigma.
static ProbcutData *make_data(const char *evaluator, double sigma, int n)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    probcut_data_init(c, "toy", evaluator, TOY_PROBCUT_STAGES, 3000);
    for (int st = 0; st < TOY_PROBCUT_STAGES; st++)
        for (int d = 1; d < PROBCUT_DEPTHS; d++)
            for (int e = d + 1; e < PROBCUT_DEPTHS; e++)
                for (int i = 0; i < n; i++) {
                    int x = (i * 37) % 1001 - 500, noise = (i % 2 ? 1 : -1) * (int)sigma;
                    probcut_data_add_pair(c, st, d, e, x, x + noise);
                }
    c->games = 3;
    return c;
}

static void expect_load_error(const char *path, const char *want)
{
    ProbcutData *c = g_new(ProbcutData, 1);
    GError *err = NULL;
    g_assert_false(probcut_data_load(c, path, &err));
    g_assert_nonnull(err);
    if (!strstr(err->message, want)) g_error("'%s' does not say '%s'", err->message, want);
    g_error_free(err);
    g_free(c);
}

static void test_files(void)
{
    char *dir = g_dir_make_tmp("probcut-XXXXXX", NULL);
    char *path = g_build_filename(dir, "a.pc", NULL), *bad = g_build_filename(dir, "b.pc", NULL);
    ProbcutData *a = make_data("toy-eval", 40, 20), *b = g_new(ProbcutData, 1);
    GError *err = NULL;
    g_assert_true(probcut_data_save(a, path, &err));
    g_assert_true(probcut_data_load(b, path, &err));
    g_assert_no_error(err);
    g_assert_true(memcmp(a, b, sizeof *a) == 0);
    // Adding is adding the sums.
    g_assert_true(probcut_data_add(b, a, &err));
    g_assert_cmpint(b->sums[1][2][5].n, ==, 2 * a->sums[1][2][5].n);
    g_assert_cmpint(b->sums[1][2][5].sxy, ==, 2 * a->sums[1][2][5].sxy);
    g_assert_cmpuint(b->games, ==, 6);
    // Another evaluator, game, stage count or range: refused.
    ProbcutData *other = make_data("other-eval", 40, 3);
    g_assert_false(probcut_data_add(b, other, &err));
    g_assert_nonnull(strstr(err->message, "other-eval"));
    g_clear_error(&err);
    other->range = 100;
    g_strlcpy(other->evaluator, "toy-eval", sizeof other->evaluator);
    g_assert_false(probcut_data_check_source(a, other, "x", &err));
    g_clear_error(&err);
    // Damaged files.
    char *data;
    gsize size;
    g_assert_true(g_file_get_contents(path, &data, &size, NULL));
    data[size / 2] ^= 0x10;
    g_assert_true(g_file_set_contents(bad, data, (gssize)size, NULL));
    expect_load_error(bad, "checksum mismatch");
    data[size / 2] ^= 0x10;
    g_assert_true(g_file_set_contents(bad, data, (gssize)size - 9, NULL));
    expect_load_error(bad, "truncated");
    g_assert_true(g_file_set_contents(bad, data, 50, NULL));
    expect_load_error(bad, "truncated header");
    data[8] = 9; // the version
    g_assert_true(g_file_set_contents(bad, data, (gssize)size, NULL));
    expect_load_error(bad, "file version 9");
    g_assert_true(g_file_set_contents(bad, "RANKCUT1 and more bytes than a header", -1, NULL));
    expect_load_error(bad, "not a ProbCut calibration file");
    g_free(data);
    g_unlink(path), g_unlink(bad), g_rmdir(dir);
    g_free(path), g_free(bad), g_free(dir), g_free(a), g_free(b), g_free(other);
}

// The engine: probcut=true needs a calibration; one of another evaluator is refused.
static void test_engine(void)
{
    char *dir = g_dir_make_tmp("probcut-XXXXXX", NULL);
    char *mine = g_build_filename(dir, "m.pc", NULL), *theirs = g_build_filename(dir, "t.pc", NULL);
    ProbcutData *a = make_data("toy-eval", 40, 60), *b = make_data("other-eval", 40, 60);
    g_assert_true(probcut_data_save(a, mine, NULL) && probcut_data_save(b, theirs, NULL));
    GError *err = NULL;
    GameEngine *e =
        game_engine_new(&toy_game_desc, NULL, (char *[]){"probcut=true", NULL}, NULL, &err);
    g_assert_null(e);
    g_assert_nonnull(strstr(err->message, "none is built in"));
    g_clear_error(&err);
    char *set_theirs = g_strdup_printf("probcut_file=%s", theirs);
    e = game_engine_new(&toy_game_desc, NULL, (char *[]){set_theirs, NULL}, NULL, &err);
    g_assert_null(e);
    g_assert_nonnull(strstr(err->message, "evaluator 'other-eval'"));
    g_clear_error(&err);
    char *set_mine = g_strdup_printf("probcut_file=%s", mine);
    e = game_engine_new(&toy_game_desc, NULL, (char *[]){set_mine, "probcut=true", NULL}, NULL,
                        &err);
    g_assert_no_error(err);
    g_assert_true(game_engine_core(e)->probcut_table->ok[1][2][4]);
    game_engine_free(&toy_game_desc, e);
    g_unlink(mine), g_unlink(theirs), g_rmdir(dir);
    g_free(set_theirs), g_free(set_mine), g_free(mine), g_free(theirs), g_free(dir);
    g_free(a), g_free(b);
}

typedef struct {
    Score score;
    Move best;
    uint64_t nodes;
    SearchStats stats;
} Result;

static Result run(uint64_t seed, int depth, bool tt_on, const SearchParams *p,
                  const ProbcutTable *t)
{
    Tt tt;
    if (tt_on) g_assert_true(tt_init(&tt, 1));
    Search s;
    search_init(&s, p, tt_on ? &tt : NULL, TOY_MAX_MOVES);
    s.probcut_table = p->probcut ? t : NULL;
    s.limits.depth = depth;
    ToyBoard b = {seed, 0, (int)(seed % TOY_MODULUS)};
    SearchInfo info;
    Result r;
    r.best = toy_search_run(&s, &b, &info);
    r.score = info.score, r.nodes = s.nodes, r.stats = s.stats;
    g_assert_cmpint(b.ply, ==, 0);
    search_free(&s);
    if (tt_on) tt_free(&tt);
    return r;
}

static void test_search(void)
{
    ProbcutData *c = make_data("toy-eval", 5, 20);
    ProbcutTable *t = g_new(ProbcutTable, 1);
    probcut_table_build(t, c, 10);
    SearchParams base;
    search_params_default(&base);
    search_params_plain(&base);
    base.probcut_t = 0, base.probcut_min_depth = 2, base.probcut_gap = 1, base.probcut_gap2 = 2;
    SearchParams on = base, never = base;
    on.probcut = true;
    never.probcut = true, never.probcut_t = 1000000;
    uint64_t cuts = 0, checks = 0, changed = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_SCALED(40); seed++)
        for (int depth = 1; depth <= 6; depth++) {
            ToyBoard root = {seed, 0, (int)(seed % TOY_MODULUS)};
            Score want = toy_minimax(&root, depth);
            Result plain = run(seed, depth, true, &base, t);
            Result off = run(seed, depth, true, &base, NULL);
            g_assert_cmpuint(plain.nodes, ==, off.nodes); // off: the table is not even looked at
            // t = infinity: every bound is beyond the forced results, nothing is cut.
            Result inf = run(seed, depth, true, &never, t);
            g_assert_cmpint(inf.score, ==, want);
            g_assert_cmpuint(inf.stats.probcut_cuts_high + inf.stats.probcut_cuts_low, ==, 0);
            checks += inf.stats.probcut_checks;
            Result cut = run(seed, depth, false, &on, t);
            cuts += cut.stats.probcut_cuts_high + cut.stats.probcut_cuts_low;
            changed += cut.nodes != run(seed, depth, false, &base, t).nodes;
        }
    g_assert_cmpuint(checks, >, 0);
    g_assert_cmpuint(cuts, >, 0);
    g_assert_cmpuint(changed, >, 0);
    g_free(t);
    g_free(c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    toy_game_desc.init();
    g_test_add_func("/core/probcut/fit-recovers", test_fit_recovers);
    g_test_add_func("/core/probcut/add-position", test_add_position);
    g_test_add_func("/core/probcut/files", test_files);
    g_test_add_func("/core/probcut/engine", test_engine);
    g_test_add_func("/core/probcut/search", test_search);
    return g_test_run();
}
