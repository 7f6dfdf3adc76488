// SPDX-License-Identifier: MIT
// The built-in compare suite (abalone/data/compare_suite.txt, made by `sumito abalone
// make-suite`) and its reference (abalone/data/compare_reference.txt, made by `sumito abalone
// compare-reference`; docs/experiments.md gives both commands), and the self-play openings.
#include "abalone/suite.h"

#include <string.h>

#include "abalone/movegen.h"
#include "core/embed.h"

EMBED_TEXT(abalone_suite_builtin_text, abalone_compare_suite, "abalone/data/compare_suite.txt");
EMBED_TEXT(abalone_reference_builtin, abalone_compare_reference,
           "abalone/data/compare_reference.txt");

const char *abalone_opening(uint64_t seed, int index, const AbaloneRules *rules, AbaloneGame *g)
{
    const char *layout = abalone_layout_name(index % abalone_layout_count());
    AbaloneBoard b;
    abalone_board_set_layout(&b, layout);
    abalone_game_init(g, &b, rules);
    GRand *rng = g_rand_new_with_seed((guint32)(seed * 1000003u + (uint64_t)index * 7919u));
    int plies = g_rand_int_range(rng, 2, 5);
    for (int i = 0; i < plies; i++) {
        Move moves[ABALONE_MAX_MOVES];
        int n = abalone_gen_moves(&g->board, moves);
        if (n == 0) break;
        abalone_game_play(g, moves[g_rand_int_range(rng, 0, n)]);
    }
    g_rand_free(rng);
    return layout;
}
