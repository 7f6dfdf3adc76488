// SPDX-License-Identifier: MIT
// The built-in compare suite (abalone/data/compare_suite.txt, made by `sumito abalone
// make-suite`) and its reference (abalone/data/compare_reference.txt, made by `sumito abalone
// compare-reference`), the built-in match openings (abalone/data/match_openings.txt, made by
// `sumito abalone make-openings`; docs/experiments.md gives the commands), and the self-play
// openings, which are never one of the match openings.
#include "abalone/suite.h"

#include <pthread.h>
#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "core/embed.h"
#include "core/text.h"

EMBED_TEXT(abalone_suite_builtin_text, abalone_compare_suite, "abalone/data/compare_suite.txt");
EMBED_TEXT(abalone_reference_builtin, abalone_compare_reference,
           "abalone/data/compare_reference.txt");
EMBED_TEXT(abalone_match_openings_text, abalone_match_openings, "abalone/data/match_openings.txt");

char *abalone_position_key(const AbaloneBoard *b)
{
    char pos[ABALONE_POSITION_TEXT];
    abalone_position_format(b, pos);
    *strrchr(pos, ' ') = '\0'; // the ply number goes
    return g_strdup(pos);
}

bool abalone_position_set_add(GHashTable *set, const char *text, GError **err)
{
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *line = text_line_content(lines[i]);
        if (!*line) continue;
        AbaloneBoard b;
        GError *e = NULL;
        if ((ok = abalone_position_parse(&b, line, &e))) {
            g_hash_table_add(set, abalone_position_key(&b));
        } else {
            g_set_error(err, e->domain, e->code, "line %d: %s", i + 1, e->message);
            g_error_free(e);
        }
    }
    g_strfreev(lines);
    return ok;
}

static GHashTable *match_set;

static void match_set_load(void)
{
    abalone_init();
    match_set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char *text = abalone_match_openings_text();
    bool ok = abalone_position_set_add(match_set, text, NULL);
    g_assert(ok); // the built-in file is checked by tests/test_match_openings.c
    g_free(text);
}

GHashTable *abalone_match_openings_set(void)
{
    // pthread_once rather than g_once: ThreadSanitizer sees it.
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, match_set_load);
    return match_set;
}

// Plays 2 to 4 uniformly random plies from layout `layout` into g, drawn from rng.
static void random_plies(AbaloneGame *g, const char *layout, const AbaloneRules *rules, GRand *rng)
{
    AbaloneBoard b;
    abalone_board_set_layout(&b, layout);
    abalone_game_init(g, &b, rules);
    int plies = g_rand_int_range(rng, 2, 5);
    for (int i = 0; i < plies; i++) {
        Move moves[ABALONE_MAX_MOVES];
        int n = abalone_gen_moves(&g->board, moves);
        if (n == 0) break;
        abalone_game_play(g, moves[g_rand_int_range(rng, 0, n)]);
    }
}

const char *abalone_opening_avoiding(uint64_t seed, int index, const AbaloneRules *rules,
                                     GHashTable *avoid, AbaloneGame *g)
{
    const char *layout = abalone_layout_name(index % abalone_layout_count());
    guint32 base = (guint32)(seed * 1000003u + (uint64_t)index * 7919u);
    for (guint32 attempt = 0;; attempt++) {
        // Attempt 0 is the opening as it always was; a redraw seeds with the attempt too.
        GRand *rng = attempt == 0 ? g_rand_new_with_seed(base)
                                  : g_rand_new_with_seed_array((guint32[]){base, attempt}, 2);
        random_plies(g, layout, rules, rng);
        g_rand_free(rng);
        if (!avoid) break;
        char *key = abalone_position_key(&g->board);
        bool clash = g_hash_table_contains(avoid, key);
        g_free(key);
        if (!clash) break;
        abalone_game_free(g);
    }
    return layout;
}

const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g)
{
    return abalone_opening_avoiding(seed, index, rules, abalone_match_openings_set(), g);
}
