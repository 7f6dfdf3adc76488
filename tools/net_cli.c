// SPDX-License-Identifier: MIT
// `sumito net ...`: look at net files (nets/net.h) and time the net's inference on both paths.
// A new subcommand is one more line in `commands` below.
#include "abalone/engine.h"
#include "core/lab/netlab.h"
#include "tools/cli.h"

static int cmd_info(int argc, char **argv)
{
    if (!cli_options("[FILE] - describe a net file",
                     "Prints what a net file (without FILE, the built-in Abalone net) holds: its "
                     "feature set, input count and layer sizes, "
                     "its architecture and content hashes, output scale, parameter count, size "
                     "and provenance, and the inference path this machine takes (avx2 or "
                     "scalar; SUMITO_NET_SIMD=scalar forces scalar). A damaged or foreign file "
                     "is refused with the reason (exit status 2).",
                     NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 2) return cli_error("unexpected argument '%s'", argv[2]);
    if (argc < 2) {
        size_t size;
        const uint8_t *data = abalone_net_builtin(&size);
        char *what = g_strdup_printf("built-in Abalone net (%s)", abalone_net_builtin_file());
        int rc = netlab_info_data(data, size, what);
        g_free(what);
        return rc;
    }
    return netlab_info_file(argv[1]);
}

static int cmd_bench(int argc, char **argv)
{
    static int rows = 6, runs = 7, calls = 200000, inputs = 256;
    const GOptionEntry entries[] = {
        {"rows", 0, 0, G_OPTION_ARG_INT, &rows,
         "feature rows per perspective an update changes, half added, half removed (default 6)",
         "N"},
        {"runs", 0, 0, G_OPTION_ARG_INT, &runs, "runs, the median reported (default 7)", "N"},
        {"calls", 0, 0, G_OPTION_ARG_INT, &calls, "calls per run (default 200000)", "N"},
        {"inputs", 0, 0, G_OPTION_ARG_INT, &inputs,
         "input features of the generated net when no FILE is given (default 256)", "N"},
        G_OPTION_ENTRY_NULL};
    if (!cli_options("[FILE] - time the net's inference",
                     "Times an accumulator update, an evaluation, and an update followed by an "
                     "evaluation (as a search does for each move it makes), in nanoseconds per "
                     "call, on the scalar path and, when the CPU has it, the AVX2 path, side by "
                     "side: the median of --runs runs, interleaved. The net is FILE, or one of "
                     "pseudo-random weights with --inputs features.",
                     entries, &argc, &argv))
        return EXIT_BAD_INPUT;
    if (argc > 2) return cli_error("unexpected argument '%s'", argv[2]);
    if (rows < 0 || rows > 64) return cli_error("--rows must be 0 to 64");
    if (runs < 1 || calls < 1) return cli_error("--runs and --calls must be positive");
    if (inputs < 1 || inputs > NET_MAX_INPUTS)
        return cli_error("--inputs must be 1 to %d", NET_MAX_INPUTS);
    return netlab_bench(argc == 2 ? argv[1] : NULL, inputs, rows, runs, calls);
}

static const CliEntry commands[] = {
    {"bench", cmd_bench, "time the net's accumulator update and evaluation on each path"},
    {"data-info", net_data_cli_main, "describe training-data files: records, games, labels"},
    {"info", cmd_info, "describe a net file: feature set, sizes, hashes, provenance"},
    {"train", net_train_cli_main, "train a net on data files (float Adam, then quantised)"},
};

int net_cli_main(int argc, char **argv)
{
    return cli_dispatch("sumito net", commands, (int)G_N_ELEMENTS(commands), argc, argv);
}
