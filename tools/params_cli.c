// SPDX-License-Identifier: MIT
// `sumito params`: every parameter with its type, default, range and meaning.
#include <stdio.h>

#include "abalone/engine.h"
#include "abalone/game.h"
#include "core/search.h"
#include "go/engine.h"
#include "go/game.h"
#include "tools/cli.h"

int params_cli_main(int argc, char **argv)
{
    if (!cli_options("- list the parameters",
                     "Lists every parameter that --set NAME=VALUE, protocol setoption and "
                     "configuration files accept.",
                     NULL, &argc, &argv))
        return EXIT_BAD_INPUT;
    SearchParams search;
    search_params_default(&search);
    ParamGroup search_groups[SEARCH_PARAM_GROUPS];
    search_param_groups(&search, search_groups);
    printf("Search (every engine command: --set NAME=VALUE, configuration files, setoption):\n");
    params_print(search_groups, 1, stdout);
    static const char *const headings[SEARCH_PARAM_GROUPS] = {
        NULL,
        "Time manager (a move's deadlines under every time control; the same commands)",
        "RankCut (Lim & Lee 2006; the same commands)",
        "Null move (the same commands; every method below is off by default)",
        "Late move reductions, and RankCut adjusting them (rankcut_lmr)",
        "Futility pruning",
        "Multi-Cut (Bjornsson & Marsland 2001)",
        "Move chains (Greer 2013)",
        "ProbCut and Multi-ProbCut (Buro; Jiang & Buro 2003)",
        "Monte Carlo tree search (search=mcts; the same commands; docs/search.md)",
    };
    for (int i = 1; i < SEARCH_PARAM_GROUPS; i++) {
        printf("\n%s:\n", headings[i]);
        params_print(search_groups + i, 1, stdout);
    }
    printf("probcut_file           file   built-in  a ProbCut calibration (sumito probcut fit) of "
           "the engine's game and evaluator; the built-in evaluations (both games) have built-in "
           "ones\n");
    AbaloneRules rules;
    abalone_rules_default(&rules);
    ParamGroup groups[] = {abalone_rules_params(&rules)};
    printf("\nAbalone rules:\n");
    params_print(groups, G_N_ELEMENTS(groups), stdout);
    AbaloneEvalParams eval;
    abalone_eval_default(&eval);
    ParamGroup eval_groups[] = {abalone_eval_params(&eval)};
    printf("\nAbalone evaluation (the Abalone engine commands: --set NAME=VALUE, setoption):\n");
    params_print(eval_groups, G_N_ELEMENTS(eval_groups), stdout);
    printf("net                    file   (none)    a neural net file to evaluate with (sets "
           "eval=net; --net FILE does the same; \"net=\" forgets it)\n");
    GoRules go_rules;
    go_rules_default(&go_rules);
    ParamGroup go_groups[] = {go_rules_params(&go_rules)};
    printf("\nGo rules (sumito go ... --set NAME=VALUE, SGF RU and KM):\n");
    params_print(go_groups, G_N_ELEMENTS(go_groups), stdout);
    GoPlayerParams player;
    go_player_params_default(&player);
    ParamGroup player_groups[] = {go_player_params_group(&player)};
    printf("\nGo move choice (sumito go gtp and the other Go engine commands: --set NAME=VALUE, "
           "GTP sumito-set):\n");
    params_print(player_groups, G_N_ELEMENTS(player_groups), stdout);
    GoPlayoutParams playout;
    go_playout_params_default(&playout);
    ParamGroup playout_groups[] = {go_playout_params_group(&playout)};
    printf("\nGo playouts (search=mcts; the same commands; docs/go.md, The playout policy):\n");
    params_print(playout_groups, G_N_ELEMENTS(playout_groups), stdout);
    GoPriorParams prior;
    go_prior_params_default(&prior);
    ParamGroup prior_groups[] = {go_prior_params_group(&prior)};
    printf("\nGo priors of the Monte Carlo tree (search=mcts; the same commands; docs/go.md, The "
           "tree's prior knowledge):\n");
    params_print(prior_groups, G_N_ELEMENTS(prior_groups), stdout);
    SearchParams go;
    go_engine_params_default(&go, &playout, &prior);
    printf("\nGo engines start from search=mcts, mcts_c=%g, mcts_rave=%s, playout_policy=%s, "
           "prior=%s and prior_patterns=%d instead of the defaults above: the Monte Carlo search "
           "(72/100 against GNU Go level 10, alpha-beta 2/100; the learned patterns won 145-55 in "
           "self-play: docs/results/go.md); search=alphabeta selects alpha-beta. Go's alpha-beta "
           "starts from rankcut_min_depth=%d instead of the shared default (measured on the 9x9 "
           "compare suite; docs/go.md, RankCut on Go) and from qsearch_plies=%d (captures and "
           "escapes do not run out; docs/go.md, The search on Go).\n",
           go.mcts_c, go.mcts_rave ? "true" : "false",
           playout.playout_policy == GO_PLAYOUT_HEAVY ? "heavy" : "light",
           prior.prior ? "true" : "false", prior.prior_patterns, go.rankcut_min_depth,
           go.qsearch_plies);
    SearchParams ab;
    abalone_search_params_default(&ab);
    printf("Abalone engines start from rankcut_graded=%d, rankcut_threshold=%g, "
           "rankcut_research=%s, lmr=%s, lmr_divisor=%g, rankcut_lmr=%s, rankcut_lmr_keep=%g, "
           "probcut=%s, probcut_t=%g, null_move=%s, null_move_reduction=%d, futility=%s and "
           "futility_margin=%d instead of the shared defaults: the strongest combination of the "
           "forward-pruning experiment, measured with the built-in net "
           "(docs/results/pruning-experiment.md, The forward-pruning experiment; 'plain' still "
           "switches every method off). ProbCut "
           "idles with an evaluator no calibration is built in for, unless probcut_file= gives "
           "one.\n",
           ab.rankcut_graded, ab.rankcut_threshold, ab.rankcut_research ? "true" : "false",
           ab.lmr ? "true" : "false", ab.lmr_divisor, ab.rankcut_lmr ? "true" : "false",
           ab.rankcut_lmr_keep, ab.probcut ? "true" : "false", ab.probcut_t,
           ab.null_move ? "true" : "false", ab.null_move_reduction, ab.futility ? "true" : "false",
           ab.futility_margin);
    return 0;
}
