// SPDX-License-Identifier: MIT
// The minorization-maximization fit of Go's move weights (go/patterns_learn.h). A position is
// a competition between the teams of its legal moves, a team the pattern and features of a
// move, its strength the product of their gammas. The gammas fall into groups whose members
// never share a team (the patterns; each feature alone), and one group at a time is updated
// by Coulom's formula gamma_i = W_i / sum_j C_ij / E_j (W_i the wins of i, E_j the total
// strength of competition j, C_ij the strength of i's teammates in it), with the prior's
// virtual win and loss against gamma 1 added to both sides.
#include "go/patterns_learn.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/file.h"
#include "core/lab/lab.h"
#include "go/movegen.h"
#include "go/policy.h"
#include "go/prior.h"
#include "go/sgf.h"

typedef struct {
    uint32_t pattern; // an index of the data's patterns, or GO_PATTERN_NONE
    uint16_t features;
} Team;

struct GoPatternsData {
    GArray *teams;     // Team
    GArray *start;     // uint32_t: the first team of each position, then the end
    GArray *played;    // uint32_t: the team played in each position
    GHashTable *index; // canonical code -> its index + 1
    GArray *codes;     // uint32_t: the code of each index
    GArray *seen;      // uint32_t: how often each index was a candidate
};

GoPatternsData *go_patterns_data_new(void)
{
    GoPatternsData *d = g_new0(GoPatternsData, 1);
    d->teams = g_array_new(false, false, sizeof(Team));
    d->start = g_array_new(false, false, sizeof(uint32_t));
    d->played = g_array_new(false, false, sizeof(uint32_t));
    d->index = g_hash_table_new(g_direct_hash, g_direct_equal);
    d->codes = g_array_new(false, false, sizeof(uint32_t));
    d->seen = g_array_new(false, true, sizeof(uint32_t));
    uint32_t zero = 0;
    g_array_append_val(d->start, zero);
    return d;
}

void go_patterns_data_free(GoPatternsData *d)
{
    if (!d) return;
    g_array_free(d->teams, true);
    g_array_free(d->start, true);
    g_array_free(d->played, true);
    g_hash_table_destroy(d->index);
    g_array_free(d->codes, true);
    g_array_free(d->seen, true);
    g_free(d);
}

static uint32_t data_pattern(GoPatternsData *d, uint32_t code)
{
    if (code == GO_PATTERN_NONE) return GO_PATTERN_NONE;
    guint i = GPOINTER_TO_UINT(g_hash_table_lookup(d->index, GUINT_TO_POINTER(code)));
    if (!i) {
        uint32_t zero = 0;
        g_array_append_val(d->codes, code);
        g_array_append_val(d->seen, zero);
        i = d->codes->len;
        g_hash_table_insert(d->index, GUINT_TO_POINTER(code), GUINT_TO_POINTER(i));
    }
    g_array_index(d->seen, uint32_t, i - 1)++;
    return i - 1;
}

void go_patterns_data_add(GoPatternsData *d, const uint32_t *codes, const unsigned *features, int n,
                          int played)
{
    uint32_t first = d->teams->len, won = first + (uint32_t)played;
    for (int i = 0; i < n; i++) {
        Team t = {data_pattern(d, codes[i]), (uint16_t)features[i]};
        g_array_append_val(d->teams, t);
    }
    uint32_t end = first + (uint32_t)n;
    g_array_append_val(d->start, end);
    g_array_append_val(d->played, won);
}

uint64_t go_patterns_data_positions(const GoPatternsData *d)
{
    return d->played->len;
}

// The fit's state: gammas [0, F) the features, [F] rare, then the patterns kept; pattern[i]
// the gamma of the data's pattern i.
typedef struct {
    const GoPatternsData *d;
    int n;           // gammas
    double *gamma;   // n
    double *wins;    // n
    double *sum;     // n: the denominators being summed
    uint32_t *slot;  // the gamma of each data pattern
    double *support; // per team: its strength
} Fit;

#define RARE GO_PATTERN_FEATURES

static double team_strength(const Fit *f, const Team *t)
{
    double s = t->pattern == GO_PATTERN_NONE ? 1 : f->gamma[f->slot[t->pattern]];
    for (int i = 0; i < GO_PATTERN_FEATURES; i++)
        if (t->features >> i & 1) s *= f->gamma[i];
    return s;
}

static void fit_init(Fit *f, const GoPatternsData *d, int min_count)
{
    f->d = d;
    f->slot = g_new(uint32_t, MAX(d->codes->len, 1));
    f->n = RARE + 1;
    for (guint i = 0; i < d->codes->len; i++)
        f->slot[i] =
            g_array_index(d->seen, uint32_t, i) >= (uint32_t)min_count ? (uint32_t)f->n++ : RARE;
    f->gamma = g_new(double, f->n);
    f->wins = g_new0(double, f->n);
    f->sum = g_new(double, f->n);
    f->support = g_new(double, MAX(d->teams->len, 1));
    for (int i = 0; i < f->n; i++) f->gamma[i] = 1;
    for (guint j = 0; j < d->played->len; j++) {
        const Team *t = &g_array_index(d->teams, Team, g_array_index(d->played, uint32_t, j));
        if (t->pattern != GO_PATTERN_NONE) f->wins[f->slot[t->pattern]] += 1;
        for (int i = 0; i < GO_PATTERN_FEATURES; i++)
            if (t->features >> i & 1) f->wins[i] += 1;
    }
}

static void fit_free(Fit *f)
{
    g_free(f->slot), g_free(f->gamma), g_free(f->wins), g_free(f->sum), g_free(f->support);
}

// One MM update of a group: the patterns (group < 0) or feature `group`. Returns the largest
// change of a log gamma.
static double fit_group(Fit *f, int group)
{
    const GoPatternsData *d = f->d;
    const Team *teams = (const Team *)(void *)d->teams->data;
    const uint32_t *start = (const uint32_t *)(void *)d->start->data;
    memset(f->sum, 0, sizeof(double) * (size_t)f->n);
    for (guint j = 0; j < d->played->len; j++) {
        double all = 0;
        for (uint32_t t = start[j]; t < start[j + 1]; t++)
            all += f->support[t] = team_strength(f, &teams[t]);
        for (uint32_t t = start[j]; t < start[j + 1]; t++) {
            int m = group >= 0 ? (teams[t].features >> group & 1 ? group : -1)
                    : teams[t].pattern == GO_PATTERN_NONE ? -1
                                                          : (int)f->slot[teams[t].pattern];
            if (m >= 0) f->sum[m] += f->support[t] / f->gamma[m] / all;
        }
    }
    double change = 0;
    int from = group >= 0 ? group : RARE, to = group >= 0 ? group + 1 : f->n;
    for (int m = from; m < to; m++) {
        double g = (f->wins[m] + 1) / (f->sum[m] + 2 / (f->gamma[m] + 1));
        change = MAX(change, fabs(log(g / f->gamma[m])));
        f->gamma[m] = g;
    }
    return change;
}

static void fit_result(const Fit *f, int min_count, GoPatterns *w)
{
    go_patterns_init(w);
    w->positions = f->d->played->len;
    w->min_count = min_count;
    for (int i = 0; i < GO_PATTERN_FEATURES; i++) w->feature[i] = f->gamma[i];
    w->rare = f->gamma[RARE];
    for (guint i = 0; i < f->d->codes->len; i++)
        if (f->slot[i] != RARE)
            go_patterns_set(w, g_array_index(f->d->codes, uint32_t, i), f->gamma[f->slot[i]]);
}

bool go_patterns_fit(GoPatternsData *d, int min_count, int iterations, bool verbose, GoPatterns *w)
{
    Fit f;
    fit_init(&f, d, min_count);
    LabProgress progress;
    lab_progress_start(&progress);
    bool stopped = false;
    for (int it = 0; it < iterations && !(stopped = lab_interrupted()); it++) {
        double change = fit_group(&f, -1);
        for (int g = 0; g < GO_PATTERN_FEATURES; g++) change = MAX(change, fit_group(&f, g));
        if (verbose)
            lab_progress(&progress, it + 1, iterations, "MM round %d of %d, largest change %.2g%%",
                         it + 1, iterations, 100 * (exp(change) - 1));
        if (change < log(1.001)) break;
    }
    if (verbose) lab_progress_end(&progress);
    fit_result(&f, min_count, w);
    fit_free(&f);
    return !stopped;
}

// The games: each SGF file of paths (a folder gives its *.sgf files, sorted), replayed; visit
// sees every position before a move of the side to move, with that move. A game seen before
// (the same size and moves) is counted and skipped.
typedef void (*GameVisit)(const GoBoard *b, Move played, void *ctx);

typedef struct {
    int games, duplicates;
    uint64_t positions;
} GameWalk;

static void list_sgf(const char *path, GPtrArray *files)
{
    GDir *dir = g_file_test(path, G_FILE_TEST_IS_DIR) ? g_dir_open(path, 0, NULL) : NULL;
    if (!dir) {
        g_ptr_array_add(files, g_strdup(path)); // the reader names what is wrong with it
        return;
    }
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *n; (n = g_dir_read_name(dir));)
        if (g_str_has_suffix(n, ".sgf")) g_ptr_array_add(names, g_build_filename(path, n, NULL));
    g_dir_close(dir);
    if (names->len == 0) g_ptr_array_add(files, g_strdup(path)); // refused as not a file
    g_ptr_array_sort(names, (GCompareFunc)(void (*)(void))g_strcmp0);
    for (guint i = 0; i < names->len; i++)
        g_ptr_array_add(files, g_strdup(g_ptr_array_index(names, i)));
    g_ptr_array_unref(names);
}

// The game's size and moves as a key; true when it was not in seen (it is now).
static bool game_new(const GoGame *g, GHashTable *seen)
{
    GString *key = g_string_new(NULL);
    g_string_append_printf(key, "%d", g->board.size);
    for (int i = 0; i < go_game_length(g); i++)
        g_string_append_printf(key, " %d:%u", go_game_move(g, i)->colour, go_game_move(g, i)->move);
    return g_hash_table_add(seen, g_string_free(key, false));
}

static void replay(GoGame *g, GameVisit visit, void *ctx, GameWalk *walk)
{
    int n = go_game_length(g);
    GoGameMove *moves = g_new(GoGameMove, MAX(n, 1));
    for (int i = 0; i < n; i++) moves[i] = *go_game_move(g, i);
    while (go_game_undo(g)) continue;
    for (int i = 0; i < n; i++) {
        if (moves[i].colour == g->board.side) {
            visit(&g->board, moves[i].move, ctx);
            walk->positions++;
        }
        go_game_play(g, moves[i].colour, moves[i].move);
    }
    g_free(moves);
}

// The files of paths: each file named, and the *.sgf files of each folder named.
static GPtrArray *game_files(int n, char **paths)
{
    GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; i < n; i++) list_sgf(paths[i], files);
    return files;
}

static bool walk_games(GPtrArray *files, GameVisit visit, void *ctx, GameWalk *walk, GError **err)
{
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GoRules rules;
    go_rules_default(&rules);
    LabProgress progress;
    lab_progress_start(&progress);
    bool ok = true;
    for (guint i = 0; ok && i < files->len; i++) {
        GoGame g;
        GoSgfInfo info;
        go_sgf_info_init(&info);
        ok = go_sgf_load(g_ptr_array_index(files, i), &rules, &g, &info, err);
        if (ok && game_new(&g, seen))
            walk->games++, replay(&g, visit, ctx, walk);
        else if (ok)
            walk->duplicates++;
        go_sgf_info_free(&info);
        go_game_free(&g);
        lab_progress(&progress, i + 1, files->len, "game %u of %u", i + 1, files->len);
        if (ok && lab_interrupted())
            ok = false, g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INTR, "interrupted");
    }
    lab_progress_end(&progress);
    if (ok && walk->positions == 0)
        ok = false, g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL, "no position in the games");
    g_hash_table_destroy(seen);
    return ok;
}

static void learn_visit(const GoBoard *b, Move played, void *ctx)
{
    Move moves[GO_MAX_MOVES];
    uint32_t codes[GO_MAX_MOVES];
    unsigned features[GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves), won = -1;
    for (int i = 0; i < n; i++) {
        codes[i] = moves[i] == GO_PASS ? GO_PATTERN_NONE : go_patterns_code(b, (int)moves[i]);
        features[i] = go_patterns_features(b, moves[i]);
        if (moves[i] == played) won = i;
    }
    if (won >= 0) go_patterns_data_add(ctx, codes, features, n, won);
}

int go_patterns_learn(int n, char **paths, int min_count, int iterations, const char *out)
{
    GError *err = NULL;
    GPtrArray *files = game_files(n, paths);
    if (!lab_check_output("--out", out, NULL, (int)files->len, (char **)files->pdata)) {
        g_ptr_array_unref(files);
        return EXIT_BAD_INPUT;
    }
    lab_interrupt_catch();
    double started = lab_now();
    GoPatternsData *d = go_patterns_data_new();
    GameWalk walk = {0};
    GoPatterns w;
    go_patterns_init(&w);
    bool ok = walk_games(files, learn_visit, d, &walk, &err);
    double read = lab_now() - started;
    if (ok) {
        go_patterns_free(&w);
        if (!go_patterns_fit(d, min_count, iterations, true, &w))
            ok = false, g_set_error(&err, G_FILE_ERROR, G_FILE_ERROR_INTR, "interrupted");
    }
    w.games = (uint64_t)walk.games;
    if (ok && (ok = go_patterns_save(&w, out, &err)))
        printf("%d games (%d duplicates skipped), %" G_GUINT64_FORMAT " positions, %u patterns "
               "(%u seen %d times or more): read in %.1f s, fitted in %.1f s; written to %s\n",
               walk.games, walk.duplicates, go_patterns_data_positions(d), d->codes->len,
               w.gammas->len, min_count, read, lab_now() - started - read, out);
    go_patterns_free(&w);
    go_patterns_data_free(d);
    g_ptr_array_unref(files);
    return ok ? 0 : lab_report(err);
}

// The ways of ranking the legal moves that the test compares.
enum { RANK_LEARNED, RANK_TYPED, RANK_PRIOR, RANK_UNIFORM, RANKS };
static const char *const rank_names[RANKS] = {"learned weights", "typed-in patterns",
                                              "hand-made prior", "uniform"};

typedef struct {
    const GoPatterns *w;
    GoPriorParams prior;
    double top[RANKS][2]; // the expected hits at top-1 and top-5, summed over positions
    uint64_t positions;   // positions whose move was legal
    uint64_t moves;       // their legal moves, summed
} TestRun;

// The chance that the played move is among the first k when ties are broken at random.
static double top_chance(const double *score, int n, int played, int k)
{
    int better = 0, equal = 0;
    for (int i = 0; i < n; i++) {
        better += score[i] > score[played];
        equal += score[i] == score[played];
    }
    return CLAMP((double)(k - better) / equal, 0.0, 1.0);
}

static void test_visit(const GoBoard *b, Move played, void *ctx)
{
    TestRun *t = ctx;
    Move moves[GO_MAX_MOVES];
    MctsPrior prior[GO_MAX_MOVES] = {{0}};
    double score[RANKS][GO_MAX_MOVES];
    int n = go_board_gen_moves(b, moves), won = -1;
    go_prior_moves(b, &t->prior, moves, n, prior);
    for (int i = 0; i < n; i++) {
        score[RANK_LEARNED][i] = go_patterns_strength(t->w, b, moves[i]);
        score[RANK_TYPED][i] =
            moves[i] != GO_PASS && go_policy_pattern(go_policy_code(b, (int)moves[i]));
        score[RANK_PRIOR][i] = prior[i].wins / prior[i].visits;
        score[RANK_UNIFORM][i] = 0;
        if (moves[i] == played) won = i;
    }
    if (won < 0) return;
    t->positions++;
    t->moves += (uint64_t)n;
    for (int r = 0; r < RANKS; r++) {
        t->top[r][0] += top_chance(score[r], n, won, 1);
        t->top[r][1] += top_chance(score[r], n, won, 5);
    }
}

int go_patterns_test(const char *weights, int n, char **paths)
{
    GError *err = NULL;
    GoPatterns loaded;
    TestRun t = {.w = go_patterns_builtin()};
    if (weights && !go_patterns_load(&loaded, weights, &err)) {
        go_patterns_free(&loaded);
        return lab_report(err);
    }
    if (weights) t.w = &loaded;
    go_prior_params_default(&t.prior);
    t.prior.prior = true;
    lab_interrupt_catch();
    GameWalk walk = {0};
    GPtrArray *files = game_files(n, paths);
    bool ok = walk_games(files, test_visit, &t, &walk, &err);
    g_ptr_array_unref(files);
    if (ok) {
        double count = (double)MAX(t.positions, 1);
        printf("%d games (%d duplicates skipped), %" G_GUINT64_FORMAT
               " positions, %.1f legal moves a position; weights %s\n",
               walk.games, walk.duplicates, t.positions, (double)t.moves / count,
               weights ? weights : "built-in");
        printf("%-18s %6s %6s\n", "ranking", "top-1", "top-5");
        for (int r = 0; r < RANKS; r++)
            printf("%-18s %5.1f%% %5.1f%%\n", rank_names[r], 100 * t.top[r][0] / count,
                   100 * t.top[r][1] / count);
    }
    if (weights) go_patterns_free(&loaded);
    return ok ? 0 : lab_report(err);
}
