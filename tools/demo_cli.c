// SPDX-License-Identifier: MIT
// `sumito demo`: the main job on built-in defaults (what `make run` shows).
#include <stdio.h>

#include "abalone/notation.h"
#include "abalone/perft.h"
#include "tools/cli.h"

int demo_cli_main(int argc, char **argv)
{
    GOptionContext *ctx = g_option_context_new("- the main job on built-in defaults");
    g_option_context_set_summary(ctx, "Shows the built-in Abalone layouts and a perft table "
                                      "with the move generator's speed.");
    bool ok = cli_parse(ctx, &argc, &argv);
    g_option_context_free(ctx);
    if (!ok) return EXIT_BAD_INPUT;
    AbaloneBoard b;
    for (int i = 0; i < abalone_layout_count(); i++) {
        abalone_board_set_layout(&b, abalone_layout_name(i));
        char *ascii = abalone_board_render_ascii(&b);
        char pos[ABALONE_POSITION_TEXT];
        printf("Layout %s\n%s%s\n\n", abalone_layout_name(i), ascii,
               abalone_position_format(&b, pos));
        g_free(ascii);
    }
    printf("Perft (leaves at each depth, Black to move)\n");
    printf("%-9s %8s %8s %10s %12s %9s %12s\n", "layout", "1", "2", "3", "4", "seconds",
           "M leaves/s");
    for (int i = 0; i < abalone_layout_count(); i++) {
        abalone_board_set_layout(&b, abalone_layout_name(i));
        uint64_t n[5];
        double t0 = cli_now();
        for (int d = 1; d <= 4; d++) n[d] = abalone_perft(&b, d);
        double t = cli_now() - t0;
        printf("%-9s %8" G_GUINT64_FORMAT " %8" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT
               " %12" G_GUINT64_FORMAT " %9.3f %12.1f\n",
               abalone_layout_name(i), n[1], n[2], n[3], n[4], t,
               (double)(n[1] + n[2] + n[3] + n[4]) / t / 1e6);
    }
    return 0;
}
