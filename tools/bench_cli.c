// SPDX-License-Identifier: MIT
// `sumito bench`: the bench signature. Compiled-in Abalone and 9x9 Go positions searched to a
// fixed depth with one thread, a 16 MiB TT and every table cleared per position; the total
// node count identifies the search's behaviour (tests/bench.ref holds the expected value).
#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "go/notation.h"
#include "go/suite.h"
#include "tools/abalone_cli.h"
#include "tools/cli.h"
#include "tools/go_cli.h"

static const char *const abalone_positions[] = {
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

// 9x9 Go positions (go/suite.h): the empty board, an opening, middle games with fights and
// endgames, from the built-in compare suite (go/data/compare_suite.txt, its game and move
// noted) and from the record tests/data/go_gnugo_9.sgf (GNU Go against itself, its first
// 24 and 40 moves).
static const char *const go_positions[] = {
    "9x9",                                              // the empty board
    "9x9 E5 C3 D7",                                     // an opening
    "9x9 G2 H8 G6 D4 D7 F6 E4 E7 D6 G5 G7 E2 F5 G4 F4", // suite game 2 move 12
    "9x9 F6 C4 F3 D7 F7 D3 D6 C7 C6 B6 B5 B7 C5 B4 A4 B2 E8 A8 A3 F2 E2 E3 G2 D2", // record, 24
    "9x9 G4 F6 D7 B5 C4 C3 G7 E4 F5 H3 E6 F4 G5 D6 C6 D5 E5 C5 B4 B7 B8 C8 A6", // game 10 move 19
    "9x9 G6 F3 E4 C4 C3 E5 C6 G7 E7 H4 F7 G8 D5 D2 E2 B5 B3 E6 H5 D4 G4 F4 E3 C7 D6 D8 C9 B2 "
    "D7 H3 H8 F5 G2 B7", // suite game 7 move 32
    "9x9 F6 C4 F3 D7 F7 D3 D6 C7 C6 B6 B5 B7 C5 B4 A4 B2 E8 A8 A3 F2 E2 E3 G2 D2 F1 A2 D8 C8 F4 "
    "D5 E5 B3 A5 A6 D4 E4 E7 D5 E6 D9", // record, 40
    "9x9 G2 H8 G6 D4 D7 F6 E4 E7 D6 G5 G7 E2 F5 G4 F4 D5 G8 F3 B4 E5 H7 C7 C8 H2 B7 J7 J6 A2 "
    "C2 A5 F1 G9 D2 F2 G1 C6 B6 C5 H9 D8 H4 B8 C9 B9 H3 H1 J2 B3 A8 B1", // suite game 2 move 47
    "9x9 B6 B4 C3 F4 G4 D3 F7 C6 C4 E7 D5 G6 F3 G8 H7 E4 E3 G3 F2 C2 H4 H5 G5 H3 B3 D2 B7 B5 "
    "F5 E6 D6 C7 G2 E5 J5 F6 H6 D7 C5 J3 F8 F1 E1 A3 A5 H8 E8 B8 H2 E9 D9 G9 F9 D8 A4 G7 B2 B1 "
    "J2", // suite game 5 move 56
    "9x9 G5 C7 H8 D3 D6 E6 E4 D4 B6 D5 D7 G3 C8 H5 H3 G4 F5 F7 C4 B4 H6 B7 E5 C6 B8 D8 B3 H4 "
    "B5 C2 H2 G8 F2 A4 A3 H7 J7 E2 G7 H1 G1 G2 E8 E7 J1 E9 G9 F3 F8 F1 J4 J3 F4 F6 D7 D6 D9 G6 "
    "J2 H1 A5 J3 F9 E3 C3 A8 A7 A6", // suite game 1 move 65
};

#define BENCH_DEPTH    5
#define BENCH_GO_DEPTH 4

// Whether an engine has the parameter an assignment names ("plain" is every engine's).
static bool engine_knows(Engine *e, const char *assignment)
{
    ParamGroup g[ENGINE_MAX_GROUPS];
    int n = engine_param_groups(e, g);
    char *name = g_strndup(assignment, strcspn(assignment, "="));
    bool known = strcmp(name, "plain") == 0 || params_find(g, (size_t)n, name, NULL) != NULL;
    g_free(name);
    return known;
}

// Gives hash=16, then each NAME=VALUE, to every engine that has the parameter (the search
// parameters are shared, so those go to both); a name neither has goes to the first, which
// rejects it with the usual message.
static bool bench_configure(Engine *const engines[2], char **sets)
{
    GError *err = NULL;
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++) ok = engine_set(engines[k], "hash=16", &err);
    for (int i = 0; ok && sets && sets[i]; i++) {
        bool any = false;
        for (int k = 0; k < 2 && ok; k++)
            if (engine_knows(engines[k], sets[i])) {
                any = true;
                ok = engine_set(engines[k], sets[i], &err);
            }
        if (ok && !any) ok = engine_set(engines[0], sets[i], &err);
    }
    for (int k = 0; k < 2 && ok; k++) ok = engine_apply(engines[k], &err);
    if (!ok) {
        cli_error("%s", err->message);
        g_error_free(err);
    }
    return ok;
}

static uint64_t bench_abalone(AbaloneEngine *e, int depth)
{
    uint64_t total = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(abalone_positions); i++) {
        AbaloneBoard b;
        abalone_position_parse(&b, abalone_positions[i], NULL);
        AbaloneGame g;
        abalone_game_init(&g, &b, &e->rules);
        abalone_engine_new_game(e);
        SearchLimits limits = {0};
        limits.depth = depth;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        Move m = abalone_engine_search(e, &g, &limits, NULL, NULL, &info);
        char text[ABALONE_MOVE_TEXT];
        printf("abalone %2zu: %-8s %10" G_GUINT64_FORMAT " nodes\n", i + 1,
               abalone_move_format(&b, m, ABALONE_NOTATION_ABAPRO, text), e->core.search.nodes);
        total += e->core.search.nodes;
        abalone_game_free(&g);
    }
    return total;
}

static uint64_t bench_go(GoEngine *e, int depth)
{
    uint64_t total = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(go_positions); i++) {
        GoGame g;
        GError *err = NULL;
        if (!go_position_parse(&g, go_positions[i], &e->rules, &err))
            g_error("bench Go position %zu: %s", i + 1, err->message); // compiled in
        go_engine_new_game(e);
        SearchLimits limits = {0};
        limits.depth = depth;
        limits.start_us = g_get_monotonic_time();
        SearchInfo info;
        Move m = go_engine_search(e, &g, g.board.side, &limits, NULL, NULL, &info);
        char text[GO_VERTEX_TEXT];
        printf("go9     %2zu: %-8s %10" G_GUINT64_FORMAT " nodes\n", i + 1,
               go_vertex_format(&g.board, m, text), e->core.search.nodes);
        total += e->core.search.nodes;
        go_game_free(&g);
    }
    return total;
}

int bench_cli_main(int argc, char **argv)
{
    static int depth = BENCH_DEPTH, go_depth = BENCH_GO_DEPTH;
    static char **sets;
    const GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "Abalone search depth (default 5)", "D"},
        {"go-depth", 0, 0, G_OPTION_ARG_INT, &go_depth, "Go search depth (default 4)", "D"},
        {"set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &sets,
         "a parameter, given to each game's engine that has it (search parameters to both)",
         "NAME=VALUE"},
        {NULL}};
    GOptionContext *ctx = g_option_context_new("- the bench signature");
    g_option_context_set_summary(
        ctx, "Searches compiled-in Abalone positions (to --depth) and 9x9 Go positions (to "
             "--go-depth) with one thread, a 16 MiB TT and the tables cleared per position, and "
             "prints the node count of each game, then the total on the last line, "
             "\"Nodes searched: N\" (tests/bench.ref holds N for the defaults).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    if (argc > 1) return cli_error("unexpected argument '%s'", argv[1]);
    if (depth < 1 || depth > 20) return cli_error("--depth must be 1 to 20");
    if (go_depth < 1 || go_depth > 20) return cli_error("--go-depth must be 1 to 20");
    AbaloneEngine ae;
    GoEngine ge;
    if (!abalone_cli_engine_setup(&ae, NULL, NULL, NULL)) return EXIT_BAD_INPUT;
    if (!go_cli_engine_setup(&ge, NULL, NULL, NULL)) {
        abalone_engine_free(&ae);
        return EXIT_BAD_INPUT;
    }
    Engine *const engines[2] = {&ae.core, &ge.core};
    if (!bench_configure(engines, sets)) {
        abalone_engine_free(&ae);
        go_engine_free(&ge);
        return EXIT_BAD_INPUT;
    }
    double t0 = lab_now();
    uint64_t abalone_nodes = bench_abalone(&ae, depth);
    double t1 = lab_now();
    uint64_t go_nodes = bench_go(&ge, go_depth);
    double t2 = lab_now(), t = t2 - t0;
    printf("RankCut: abalone %s, go9 %s\n",
           ae.core.params.rankcut && ae.core.have_table ? ae.core.table_source : "off",
           ge.core.params.rankcut && go_engine_has_rankcut(&ge, 9) ? ge.core.table_source : "off");
    printf("abalone: %" G_GUINT64_FORMAT " nodes at depth %d, %.3f s\n", abalone_nodes, depth,
           t1 - t0);
    printf("go9: %" G_GUINT64_FORMAT " nodes at depth %d, %.3f s\n", go_nodes, go_depth, t2 - t1);
    uint64_t total = abalone_nodes + go_nodes;
    printf("Time: %.3f s, %.0f nodes/s\n", t, (double)total / (t > 0 ? t : 1e-9));
    printf("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
    abalone_engine_free(&ae);
    go_engine_free(&ge);
    return 0;
}
