// SPDX-License-Identifier: MIT
// Shared helpers of the sumito subcommands.
#include "tools/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/desc.h"
#include "go/desc.h"

const GameDesc *const cli_games[] = {&abalone_game_desc, &go_game_desc, NULL};

char **cli_sets_with_net(char *const *sets, const char *net)
{
    GStrvBuilder *b = g_strv_builder_new();
    for (char *const *s = sets; s && *s; s++) g_strv_builder_add(b, *s);
    if (net) {
        char *a = g_strconcat("net=", net, NULL);
        g_strv_builder_add(b, a);
        g_free(a);
    }
    char **out = g_strv_builder_end(b);
    g_strv_builder_unref(b);
    return out;
}

bool cli_check_seconds(const char *option, double v, bool zero, double max)
{
    if ((v > 0 || (zero && v == 0)) && v <= max) return true;
    cli_error("%s must be a number of seconds %s %g, not %g", option,
              zero ? "from 0 to" : "above 0 and at most", max, v);
    return false;
}

bool cli_parse(LabOptions *o, int *argc, char ***argv)
{
    GError *err = NULL;
    if (!lab_options_parse(o, argc, argv, &err)) {
        cli_error("%s (see --help)", err->message);
        g_error_free(err);
        return false;
    }
    return true;
}

bool cli_options(const char *usage, const char *summary, const GOptionEntry *entries, int *argc,
                 char ***argv)
{
    LabOptions *o = lab_options_new(usage, summary);
    if (entries) lab_options_add(o, entries);
    bool ok = cli_parse(o, argc, argv);
    lab_options_free(o);
    return ok;
}

int cli_dispatch(const char *path, const CliEntry *entries, int n, int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--help") && strcmp(argv[1], "-h") && strcmp(argv[1], "help"))
        for (int i = 0; i < n; i++)
            if (strcmp(argv[1], entries[i].name) == 0) return entries[i].run(argc - 1, argv + 1);
    FILE *out = argc >= 2 ? stdout : stderr;
    bool unknown =
        argc >= 2 && strcmp(argv[1], "--help") && strcmp(argv[1], "-h") && strcmp(argv[1], "help");
    if (unknown) cli_error("unknown command '%s %s'", path, argv[1]);
    fprintf(unknown ? stderr : out, "Usage: %s COMMAND [OPTIONS]\n\nCommands:\n", path);
    for (int i = 0; i < n; i++)
        fprintf(unknown ? stderr : out, "  %-18s %s\n", entries[i].name, entries[i].summary);
    fprintf(unknown ? stderr : out, "\n'%s COMMAND --help' describes a command.\n", path);
    return (argc >= 2 && !unknown) ? 0 : EXIT_BAD_INPUT;
}

char **cli_engine_sets(CliEngineArgs *a)
{
    if (a->net) {
        char **all = cli_sets_with_net(a->sets, a->net);
        g_strfreev(a->sets);
        a->sets = all;
        g_clear_pointer(&a->net, g_free);
    }
    return a->sets;
}

GameEngine *cli_engine_new(const GameDesc *game, CliEngineArgs *a)
{
    GError *err = NULL;
    GameEngine *e = game_engine_new(game, a->config, cli_engine_sets(a), a->rankcut_file, &err);
    if (!e) lab_report(err);
    return e;
}

bool cli_check_out(const char *out, const GOptionEntry *inputs)
{
    if (!out) return cli_error("--out FILE is required"), false;
    return lab_check_output("--out", out, inputs, 0, NULL);
}
