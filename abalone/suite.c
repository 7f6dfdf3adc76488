// SPDX-License-Identifier: MIT
// The built-in compare suite (abalone/data/compare_suite.txt, made by `sumito abalone
// make-suite`) and its reference (abalone/data/compare_reference.txt, made by `sumito abalone
// compare-reference`), the built-in match openings (abalone/data/match_openings.txt, made by
// `sumito abalone make-openings`; docs/results/match-openings.md gives the commands), and the
// draw of a self-play opening (core/lab/opening.h draws again while it is a match opening).
#include "abalone/suite.h"

#include <string.h>

#include "abalone/movegen.h"
#include "abalone/notation.h"
#include "core/embed.h"

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

const char *abalone_opening_draw(int index, const AbaloneRules *rules, GRand *rng, AbaloneGame *g)
{
    const char *layout = abalone_layout_name(index % abalone_layout_count());
    random_plies(g, layout, rules, rng);
    return layout;
}
