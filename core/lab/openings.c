// SPDX-License-Identifier: MIT
// make-openings for any game (core/lab/commands.h): the starting positions of matches, each a
// self-play opening with more random plies, kept when a shallow search finds it near balance,
// none twice, each layout its share.
#include <stdio.h>
#include "base/file.h"
#include <stdlib.h>
#include <string.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"
#include "core/lab/opening.h"

// The suite being made: its lines, the positions it holds and the candidates tried.
typedef struct {
    const GameDesc *game;
    const OpeningsOptions *o;
    char *header;
    GString *body;
    GHashTable *seen;   // state_show texts of the positions kept
    GHashTable *labels; // openings kept per label (the layout), GINT_TO_POINTER
    int share;          // the most openings of one label
    int tried;
    LabOpenings draws; // the self-play openings the candidates start from
} Openings;

static char *openings_header(const GameDesc *game, const OpeningsOptions *o)
{
    char size[32] = "";
    if (game->size_max) snprintf(size, sizeof size, " --size %d", o->size);
    return g_strdup_printf("# %s match openings: sumito %s make-openings --count %d%s --seed "
                           "%" G_GINT64_FORMAT " --plies %d..%d --depth %d --margin %d",
                           game->title, game->name, o->count, size, o->seed, o->plies_min,
                           o->plies_max, o->depth, (int)o->margin);
}

// Two positions are the same opening when `show` draws them alike: the board and the side to
// move, whatever the order of the moves that led there (Go's texts are move lists). Returns
// false when s was seen already.
static bool remember(Openings *ops, const GameState *s)
{
    char *key = ops->game->state_show(s);
    bool fresh = !g_hash_table_contains(ops->seen, key);
    if (fresh)
        g_hash_table_add(ops->seen, key);
    else
        g_free(key);
    return fresh;
}

// The most openings of one label: count over the labels of the first 100 candidates' openings
// (Abalone's five layouts), so that each gets its share.
static int label_share(const Openings *ops)
{
    const OpeningsOptions *o = ops->o;
    GHashTable *labels = g_hash_table_new(g_str_hash, g_str_equal);
    for (int i = 0; i < 100; i++) {
        const char *label = "";
        ops->game->state_free(
            lab_opening(&ops->draws, NULL, (uint64_t)o->seed, i, o->size, &label));
        g_hash_table_add(labels, (gpointer)label);
    }
    int n = (int)g_hash_table_size(labels);
    g_hash_table_destroy(labels);
    return (o->count + n - 1) / n;
}

static int label_count(const Openings *ops, const char *label)
{
    return GPOINTER_TO_INT(g_hash_table_lookup(ops->labels, label));
}

static void label_add(Openings *ops, const char *label)
{
    g_hash_table_insert(ops->labels, g_strdup(label), GINT_TO_POINTER(label_count(ops, label) + 1));
}

// The label a suite line's comment names ("POSITION  # LABEL candidate N, ..."); caller frees.
static char *line_label(const char *line)
{
    const char *hash = strchr(line, '#'), *word = hash ? strstr(hash, "candidate ") : NULL;
    return word ? g_strstrip(g_strndup(hash + 1, (size_t)(word - hash - 1))) : g_strdup("");
}

// Takes up a file this command left (its first line is this command's header); false with an
// error for any other file.
static bool resume(Openings *ops, GError **err)
{
    char *text = NULL;
    if (!lab_resume_read(ops->o->out, ops->header, NULL, &text, err)) return false;
    if (!text) return true;
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 1; ok && lines[i]; i++) {
        if (g_str_has_prefix(lines[i], "# candidates ")) ops->tried = atoi(lines[i] + 13);
        if (!lines[i][0] || lines[i][0] == '#') continue;
        char *position = g_strdup(lines[i]), *hash = strchr(position, '#');
        if (hash) *hash = '\0';
        GError *e = NULL;
        GameState *s = ops->game->state_new(ops->o->size, g_strstrip(position), &e);
        if (s) {
            remember(ops, s);
            char *label = line_label(lines[i]);
            label_add(ops, label);
            g_free(label);
            g_string_append_printf(ops->body, "%s\n", lines[i]);
            ops->game->state_free(s);
        } else {
            g_set_error(err, e->domain, e->code, "%s:%d: %s", ops->o->out, i + 1, e->message);
            g_error_free(e);
            ok = false;
        }
        g_free(position);
    }
    g_strfreev(lines);
    g_free(text);
    return ok;
}

static bool save(const Openings *ops)
{
    char *text =
        g_strdup_printf("%s\n# candidates %d\n%s", ops->header, ops->tried, ops->body->str);
    GError *err = NULL;
    bool ok = file_write_atomic(ops->o->out, text, strlen(text), &err);
    if (!ok) lab_report(err);
    g_free(text);
    return ok;
}

static int compare_moves(const void *a, const void *b)
{
    Move x = *(const Move *)a, y = *(const Move *)b;
    return x < y ? -1 : x > y;
}

// Plays a random move among the legal moves that perft counts too (Go's pass is not one) and
// whose position keep accepts (when it is not NULL); false when there is none.
static bool random_ply(const GameDesc *game, GameState **s, bool (*keep)(const GameState *),
                       GRand *rng, Move *legal, Move *board)
{
    int nl = game->legal_moves(*s, legal), nb = game->perft_moves(*s, board), n = 0;
    qsort(board, (size_t)nb, sizeof *board, compare_moves);
    for (int i = 0; i < nl; i++)
        if (bsearch(&legal[i], board, (size_t)nb, sizeof *board, compare_moves))
            legal[n++] = legal[i];
    while (n > 0) {
        int i = g_rand_int_range(rng, 0, n);
        GameState *next = keep ? game->state_copy(*s) : *s;
        game->play(next, legal[i]);
        if (!keep || keep(next)) {
            if (keep) game->state_free(*s), *s = next;
            return true;
        }
        game->state_free(next);
        legal[i] = legal[--n]; // draw again among the others
    }
    return false;
}

// Candidate `index`: the self-play opening of that index (which avoids the built-in match
// openings), then plies_min..plies_max random plies drawn from the seed and the index; NULL
// when the game ends first or keep refuses it.
static GameState *candidate(const Openings *ops, int index, const char **label)
{
    const GameDesc *game = ops->game;
    const OpeningsOptions *o = ops->o;
    GameState *s = lab_opening(&ops->draws, NULL, (uint64_t)o->seed, index, o->size, label);
    guint32 words[] = {(guint32)o->seed, (guint32)((uint64_t)o->seed >> 32), (guint32)index,
                       0x6f70656e};
    GRand *rng = g_rand_new_with_seed_array(words, G_N_ELEMENTS(words));
    int plies = g_rand_int_range(rng, o->plies_min, o->plies_max + 1);
    Move *legal = g_new(Move, game->max_moves), *board = g_new(Move, game->max_moves);
    bool ok = !o->keep || o->keep(s);
    for (int k = 0; ok && k < plies; k++) ok = random_ply(game, &s, o->keep, rng, legal, board);
    GameResult r;
    game->result(s, &r);
    if (!ok || r.over) game->state_free(s), s = NULL;
    g_free(legal), g_free(board);
    g_rand_free(rng);
    return s;
}

static void record_score(const SearchInfo *info, void *user)
{
    Score *by_depth = user;
    if (info->depth > 0 && info->depth < MAX_PLY) by_depth[info->depth] = info->score;
}

// The balance of s for the side to move: the mean of the shallow search's last two
// iterations, which cancels most of the swing between odd and even depths (the side that
// moves last at the leaves looks better by about a move's worth). false when interrupted.
static bool balance(const GameDesc *game, GameEngine *e, GameState *s, int depth, Score *score)
{
    Score by_depth[MAX_PLY] = {0};
    SearchLimits limits = lab_limits(0, 0, depth);
    SearchInfo info;
    game->state_adopt_rules(s, e);
    engine_new_game(game_engine_core(e));
    game->search(e, s, &limits, record_score, by_depth, &info);
    if (lab_interrupted() || info.depth < depth) return false;
    *score = depth >= 2 ? (Score)((by_depth[depth] + by_depth[depth - 1]) / 2) : info.score;
    return true;
}

// Tries candidate ops->tried: 1 when kept, 0 when not, -1 when interrupted (the candidate is
// then not counted).
static int try_candidate(Openings *ops, GameEngine *e)
{
    const GameDesc *game = ops->game;
    const char *label = "";
    int index = ops->tried, kept = 0;
    GameState *s = candidate(ops, index, &label);
    char *key = s ? game->state_show(s) : NULL;
    Score score;
    if (!s || g_hash_table_contains(ops->seen, key) || label_count(ops, label) >= ops->share) {
        // the game ended, the position is in the suite already, or its label has its share
    } else if (!balance(game, e, s, ops->o->depth, &score)) {
        kept = -1;
    } else {
        g_hash_table_add(ops->seen, key), key = NULL; // rejected ones too: the same answer
        if (abs(score) <= ops->o->margin) {
            char *text = game->state_text(s);
            g_string_append_printf(ops->body, "%s  # %s%scandidate %d, %d plies, score %d\n", text,
                                   label, *label ? " " : "", index, game->length(s), (int)score);
            g_free(text);
            label_add(ops, label);
            kept = 1;
        }
    }
    g_free(key);
    if (s) game->state_free(s);
    if (kept >= 0) ops->tried++;
    return kept;
}

int lab_make_openings(const GameDesc *game, const OpeningsOptions *o)
{
    Openings ops = {.game = game, .o = o, .header = openings_header(game, o)};
    ops.body = g_string_new(NULL);
    ops.seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    ops.labels = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    lab_openings_init(&ops.draws, game, o->size);
    ops.share = label_share(&ops);
    GError *err = NULL;
    GameEngine *e = NULL;
    int rc = 0;
    if (!resume(&ops, &err) || !(e = lab_engine_alphabeta(game, NULL, NULL, NULL, &err)))
        rc = lab_report(err);
    int first = lab_count_lines(ops.body), start = ops.tried;
    if (rc == 0 && first >= o->count)
        fprintf(stderr, "%s already holds %d openings\n", o->out, first);
    else if (rc == 0 && first)
        fprintf(stderr, "resuming %s after %d openings from %d candidates\n", o->out, first,
                ops.tried);
    LabProgress progress;
    lab_progress_start(&progress);
    lab_interrupt_catch();
    if (e) lab_interrupt_search(game_engine_core(e));
    double started = lab_now();
    int have = first;
    while (rc == 0 && have < o->count && !lab_interrupted()) {
        lab_progress(&progress, have - first, o->count - first, "candidate %d: %d of %d openings",
                     ops.tried + 1, have, o->count);
        if (try_candidate(&ops, e) > 0) {
            have++;
            // Saved after every opening kept, so a kill loses only the candidates tried since
            // (the resumed run tries them again, with the same numbers and the same result).
            if (!save(&ops)) rc = EXIT_BAD_INPUT;
        }
    }
    lab_interrupt_search(NULL);
    lab_progress_end(&progress);
    if (rc == 0 && !save(&ops)) rc = EXIT_BAD_INPUT; // the candidates tried since the last one
    if (rc == 0)
        printf("%s: %d openings from %d candidates (%d kept of %d tried in %.1f s)\n", o->out, have,
               ops.tried, have - first, ops.tried - start, lab_now() - started);
    if (rc == 0 && lab_interrupted()) {
        fprintf(stderr, "interrupted: the openings found are saved; run the same command to "
                        "resume\n");
        rc = 130;
    }
    if (e) game_engine_free(game, e);
    lab_openings_free(&ops.draws);
    g_hash_table_destroy(ops.seen);
    g_hash_table_destroy(ops.labels);
    g_string_free(ops.body, TRUE);
    g_free(ops.header);
    return rc;
}

void lab_openings_default(const GameDesc *game, int size, OpeningsOptions *o)
{
    *o = (OpeningsOptions){.count = 600,
                           .size = size,
                           .seed = 5000001,
                           .depth = 3,
                           .plies_min = 2,
                           .plies_max = 4,
                           .margin = -1};
    if (!game->openings_depth) return;
    o->depth = game->openings_depth(size);
    o->plies_min = game->openings_plies[0];
    o->plies_max = game->openings_plies[1];
    o->margin = game->openings_margin;
    o->keep = game->openings_keep;
}
