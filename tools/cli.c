// SPDX-License-Identifier: MIT
// Shared helpers of the sumito subcommands.
#include "tools/cli.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abalone/desc.h"
#include "core/draw/png.h"
#include "go/desc.h"

const GameDesc *const cli_games[] = {&abalone_game_desc, &go_game_desc, NULL};

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lab_verror(fmt, ap);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

bool cli_parse(GOptionContext *ctx, int *argc, char ***argv)
{
    GError *err = NULL;
    if (!g_option_context_parse(ctx, argc, argv, &err)) {
        cli_error("%s (see --help)", err->message);
        g_error_free(err);
        return false;
    }
    return true;
}

int cli_dispatch(const char *path, const CliEntry *entries, int n, int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--help") && strcmp(argv[1], "-h") && strcmp(argv[1], "help"))
        for (int i = 0; i < n; i++)
            if (strcmp(argv[1], entries[i].name) == 0) return entries[i].run(argc - 1, argv + 1);
    FILE *out = argc >= 2 ? stdout : stderr;
    bool unknown =
        argc >= 2 && strcmp(argv[1], "--help") && strcmp(argv[1], "-h") && strcmp(argv[1], "help");
    if (unknown) fprintf(stderr, "sumito: unknown command '%s %s'\n", path, argv[1]);
    fprintf(unknown ? stderr : out, "Usage: %s COMMAND [OPTIONS]\n\nCommands:\n", path);
    for (int i = 0; i < n; i++)
        fprintf(unknown ? stderr : out, "  %-18s %s\n", entries[i].name, entries[i].summary);
    fprintf(unknown ? stderr : out, "\n'%s COMMAND --help' describes a command.\n", path);
    return (argc >= 2 && !unknown) ? 0 : EXIT_BAD_INPUT;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int cli_bench_picture(CliDrawFn draw, const void *data, int repeat)
{
    GError *err = NULL;
    char *dir = g_dir_make_tmp("sumito-render-XXXXXX", &err);
    if (!dir) {
        cli_error("%s", err->message);
        g_error_free(err);
        return EXIT_BAD_INPUT;
    }
    char *path = g_build_filename(dir, "bench.png", NULL);
    double *t[3] = {g_new(double, repeat), g_new(double, repeat), g_new(double, repeat)};
    int w = 0, h = 0, rc = 0;
    for (int i = 0; i < repeat && rc == 0; i++) {
        double t0 = lab_now();
        Raster *r = draw(data, &err);
        double t1 = lab_now();
        if (!r || !png_write_raster(r, path, &err)) {
            rc = cli_error("%s", err->message);
            g_clear_error(&err);
        }
        double t2 = lab_now();
        if (r) w = r->width, h = r->height;
        raster_free(r);
        t[0][i] = t2 - t0, t[1][i] = t1 - t0, t[2][i] = t2 - t1;
    }
    if (rc == 0) {
        for (int k = 0; k < 3; k++) qsort(t[k], (size_t)repeat, sizeof(double), compare_double);
        printf("render %d x %d: median %.2f ms a picture (drawing %.2f ms, PNG %.2f ms), "
               "%d runs, fastest %.2f ms\n",
               w, h, 1e3 * t[0][repeat / 2], 1e3 * t[1][repeat / 2], 1e3 * t[2][repeat / 2], repeat,
               1e3 * t[0][0]);
    }
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    for (int k = 0; k < 3; k++) g_free(t[k]);
    return rc;
}
