// SPDX-License-Identifier: MIT
// `sumito bench`: the bench signature. Compiled-in Abalone positions searched to a fixed
// depth with one thread, a 16 MiB TT and every table cleared per position; the total node
// count identifies the search's behaviour (tests/bench.ref holds the expected value).
#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"

static const char *const bench_positions[] = {
    "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0",
    "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0",
    "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0",
    "ww1bb/wbwbwb/1ww1bb1/8/9/8/1bb1ww1/bwbwbw/bb1ww b 0",
    "5/ww2bb/wbw1bwb/1ww2bb1/9/1bb2ww1/bwb1wbw/bb2ww/5 b 0",
    "wb1bb/ww4/2wbb2/1w6/5b3/4w3/1b2w2/b2w1b/1w2b b 40",
    "w4/1w4/ww3b1/bb2wb2/1w2b2w1/1b4w1/b4bb/4ww/5 w 65",
    "1w3/w2www/3w3/1ww3wb/bb1w2b2/b1b1wb2/1bb4/3w2/2w2 b 90",
    "w4/2w1b1/1w1wb2/1w1w2b1/2w1bbbw1/1bb1w3/1b2wwb/bb1bwb/5 b 30",
    "1wwbb/1b4/w2b3/b1w3b1/2w2b1bw/1bw1w3/3bwb1/w1bw1w/b1b2 b 50",
};

#define BENCH_DEPTH 5

int bench_cli_main(int argc, char **argv)
{
    static int depth = BENCH_DEPTH;
    static char **sets;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "search depth (default 5)", "D"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets, "a parameter", "NAME=VALUE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- the bench signature");
    g_option_context_set_summary(ctx, "Searches compiled-in Abalone positions to a fixed depth "
                                      "(one thread, 16 MiB TT, tables cleared per position) and "
                                      "prints the total node count.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    char **all = g_new0(char *, (sets ? g_strv_length(sets) : 0) + 2);
    all[0] = g_strdup("hash=16");
    for (int i = 0; sets && sets[i]; i++) all[i + 1] = g_strdup(sets[i]);
    AbaloneEngine e;
    ok = abalone_cli_engine_setup(&e, all, NULL, NULL);
    g_strfreev(all);
    if (!ok) return EXIT_BAD_INPUT;
    uint64_t total = 0;
    double t0 = lab_now();
    for (size_t i = 0; i < G_N_ELEMENTS(bench_positions); i++) {
        AbaloneBoard b;
        abalone_position_parse(&b, bench_positions[i], NULL);
        AbaloneGame g;
        abalone_game_init(&g, &b, &e.rules);
        abalone_engine_new_game(&e);
        SearchLimits limits = {0};
        limits.depth = depth;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        Move m = abalone_engine_search(&e, &g, &limits, NULL, NULL, &info);
        char text[ABALONE_MOVE_TEXT];
        printf("position %2zu: %-8s %10" G_GUINT64_FORMAT " nodes\n", i + 1,
               abalone_move_format(&b, m, ABALONE_NOTATION_ABAPRO, text), e.core.search.nodes);
        total += e.core.search.nodes;
        abalone_game_free(&g);
    }
    double t = lab_now() - t0;
    printf("RankCut: %s\n", e.core.params.rankcut && e.core.have_table ? e.core.table_source : "off");
    printf("Time: %.3f s, %.0f nodes/s\n", t, (double)total / (t > 0 ? t : 1e-9));
    printf("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
    abalone_engine_free(&e);
    return 0;
}
