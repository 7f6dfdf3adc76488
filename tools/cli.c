// SPDX-License-Identifier: MIT
// Shared helpers of the sumito subcommands.
#include "tools/cli.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/draw/png.h"

int cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    fprintf(stderr, "sumito: %s\n", msg);
    g_free(msg);
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

double cli_now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

bool cli_check_output(const char *option, const char *path)
{
    char *dir = g_path_get_dirname(path);
    const char *why = NULL;
    if (g_file_test(path, G_FILE_TEST_IS_DIR))
        why = "it is a directory";
    else if (!g_file_test(dir, G_FILE_TEST_IS_DIR))
        why = "its directory does not exist";
    else if (access(dir, W_OK) != 0)
        why = "its directory is not writable";
    if (why) cli_error("%s: cannot write '%s': %s", option, path, why);
    g_free(dir);
    return why == NULL;
}

int cli_suite_read(const char *path, GString *body)
{
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, NULL)) return 0;
    int games = 0;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (g_str_has_prefix(*l, "# games "))
            games = atoi(*l + 8);
        else if (**l && **l != '#')
            g_string_append_printf(body, "%s\n", *l);
    }
    g_strfreev(lines);
    g_free(text);
    return games;
}

bool cli_suite_save(const char *path, const char *header, int games, const GString *body)
{
    char *text = g_strdup_printf("%s\n# games %d\n%s", header, games, body->str);
    GError *err = NULL;
    bool ok = g_file_set_contents(path, text, -1, &err);
    if (!ok) cli_error("%s", err->message), g_error_free(err);
    g_free(text);
    return ok;
}

int cli_count_lines(const GString *s)
{
    int n = 0;
    for (gsize i = 0; i < s->len; i++) n += s->str[i] == '\n';
    return n;
}

void cli_coverage_add(CliCoverage *c, const SearchStats *stats)
{
    c->lookups += stats->rankcut_lookups;
    c->known += stats->rankcut_known;
    c->reductions += stats->rankcut_reductions;
}

void cli_coverage_print(const CliCoverage *c, const char *suite, unsigned positions,
                        double movetime, int min_samples, const char *note)
{
    printf("\ncoverage over %s (%u positions, %g s each, RankCut on): "
           "%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " decisions (%.2f%%) had a cell with at "
           "least %d samples; %" G_GUINT64_FORMAT " reductions%s\n",
           suite, positions, movetime, c->known, c->lookups,
           c->lookups ? 100.0 * (double)c->known / (double)c->lookups : 0.0, min_samples,
           c->reductions, note);
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
        double t0 = cli_now();
        Raster *r = draw(data, &err);
        double t1 = cli_now();
        if (!r || !png_write_raster(r, path, &err)) {
            rc = cli_error("%s", err->message);
            g_clear_error(&err);
        }
        double t2 = cli_now();
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
