// SPDX-License-Identifier: MIT
// `sumito net train` and `sumito net data-info`: their options; the work is core/lab/netlab.c.
#include <string.h>

#include "core/lab/netlab.h"
#include "tools/cli.h"

// "sumito net train ..." with each argument quoted when the shell would need it.
static char *command_line(int argc, char **argv)
{
    GString *s = g_string_new("sumito net");
    for (int i = 0; i < argc; i++) {
        bool plain = argv[i][0] != 0;
        for (const char *c = argv[i]; *c && plain; c++)
            plain = g_ascii_isalnum(*c) || strchr("-_./=:,+@%", *c);
        char *q = plain ? g_strdup(argv[i]) : g_shell_quote(argv[i]);
        g_string_append_printf(s, " %s", q);
        g_free(q);
    }
    return g_string_free(s, false);
}

static int options_error(const NetTrainOptions *o, const char *out, int argc, char **argv)
{
    if (!out) return cli_error("-o NET is required");
    if (o->epochs < 0) return cli_error("--epochs must be 0 or more");
    if (o->batch < 1) return cli_error("--batch must be 1 or more");
    if (!(o->lr > 0 && o->lr < 1)) return cli_error("--lr must lie in (0, 1)");
    if (!(o->lambda >= 0 && o->lambda <= 1)) return cli_error("--lambda must lie in [0, 1]");
    if (o->scale < 1) return cli_error("--scale must be 1 or more");
    if (o->threads < 1 || o->threads > 64) return cli_error("--threads must be 1 to 64");
    if (o->validation_every < 0) return cli_error("--validation-every must be 0 or more");
    return lab_check_output("-o", out, NULL, argc - 1, argv + 1) ? 0 : EXIT_BAD_INPUT;
}

int net_train_cli_main(int argc, char **argv)
{
    char *command = command_line(argc, argv);
    char *out = NULL;
    gboolean include_noisy = FALSE;
    gint64 seed = 1;
    NetTrainOptions opt;
    net_train_options_default(&opt);
    const GOptionEntry entries[] = {
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &out,
         "the network to write; its checkpoint is NET.ckpt", "NET"},
        {"epochs", 0, 0, G_OPTION_ARG_INT, &opt.epochs, "passes over the data (default 10)", "N"},
        {"batch", 0, 0, G_OPTION_ARG_INT, &opt.batch, "records a step (default 4096)", "N"},
        {"lr", 0, 0, G_OPTION_ARG_DOUBLE, &opt.lr, "Adam's learning rate (default 0.001)", "X"},
        {"lambda", 0, 0, G_OPTION_ARG_DOUBLE, &opt.lambda,
         "weight of the search score in the target, the rest the result's (default 0.75)", "X"},
        {"scale", 0, 0, G_OPTION_ARG_INT, &opt.scale,
         "score units per unit of the network's output (default 1000)", "N"},
        {"threads", 0, 0, G_OPTION_ARG_INT, &opt.threads, "worker threads (default 2)", "N"},
        {"seed", 0, 0, G_OPTION_ARG_INT64, &seed, "initial weights, order, symmetries (default 1)",
         "K"},
        {"include-noisy", 0, 0, G_OPTION_ARG_NONE, &include_noisy,
         "train on records flagged noisy too", NULL},
        {"validation-every", 0, 0, G_OPTION_ARG_INT, &opt.validation_every,
         "hold out the games whose number is a multiple of M (default 20; 0: none)", "M"},
        G_OPTION_ENTRY_NULL};
    int rc = 0;
    if (!cli_options("DATA... -o NET - train a network on training-data files",
                     "Trains the network of nets/net.h on the records of the files (sumito net "
                     "data-info describes them). A checkpoint NET.ckpt is saved after every epoch "
                     "and on Ctrl-C; the same command resumes from it.",
                     entries, &argc, &argv))
        rc = EXIT_BAD_INPUT;
    opt.include_noisy = include_noisy;
    opt.seed = (uint64_t)seed;
    if (!rc && seed < 0) rc = cli_error("--seed must be 0 or more");
    if (!rc && argc < 2) rc = cli_error("net train needs at least one data file");
    if (!rc) rc = options_error(&opt, out, argc, argv);
    if (!rc) rc = netlab_train(&opt, out, argc - 1, argv + 1, command);
    g_free(command);
    g_free(out);
    return rc;
}

int net_data_cli_main(int argc, char **argv)
{
    if (!cli_options("FILE... - describe training-data files",
                     "Records, games, feature set, symmetries, noisy share, score and result "
                     "statistics of each file; files that disagree on the features are named.",
                     NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc < 2) return cli_error("net data-info needs at least one data file");
    return netlab_data_info(argc - 1, argv + 1);
}
