# SPDX-License-Identifier: MIT
# The Monte Carlo search from the command line: search=mcts in analyse for both games, its
# info and counters lines, and its parameters refused when unknown or out of range; Go's
# default engine is the Monte Carlo search with its configuration, search=alphabeta alpha-beta.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "abalone analyse mcts" 0 '^bestmove [a-i][1-9]' -- \
    $S abalone analyse --set search=mcts --nodes 300 --set mcts_playout_plies=20
check "abalone mcts counters" 0 '^info string mcts playouts 300 nodes [1-9][0-9]* tree_full 0 ' -- \
    $S abalone analyse --set search=mcts --nodes 300 --set mcts_playout_plies=20
check "go analyse mcts" 0 '^info depth [1-9][0-9]* seldepth [0-9]+ score cp -?[0-9]+ nodes 2000 ' -- \
    $S go analyse --set search=mcts --nodes 2000
check "go mcts tiny memory" 0 'tree_full [1-9]' -- \
    $S go analyse --set search=mcts --set mcts_memory=1 --set mcts_expand_visits=1 --nodes 40000
# Go's default engine: the Monte Carlo search (its counters line, no RankCut statistics used),
# in analyse, over GTP and in sumito params; search=alphabeta gives alpha-beta (its iterations
# to the depth, no playouts) and Abalone stays alpha-beta.
check "go default is mcts" 0 '^info string mcts playouts 300 nodes [1-9]' -- $S go analyse --nodes 300
# A depth limit alone: the Monte Carlo search has no depth and runs mcts_playouts simulations
# (it ran until stopped when analyse gave it a clock of 0 s beside the depth); -n is Go's size.
check "go mcts under a depth limit ends" 0 '^info string mcts playouts 700 ' -- \
    timeout 120 $S go analyse --depth 2 --set mcts_playouts=700 --set mcts_early_stop=0
check "go analyse -n is the size" 0 '^bestmove [A-HJ][1-7]$' -- $S go analyse -n 7 --nodes 200
check "abalone analyse -n is nodes" 0 '^info string mcts playouts 50 ' -- \
    $S abalone analyse --set search=mcts -n 50 --set mcts_playout_plies=20
check "go alphabeta on request" 0 '^info depth 3 seldepth [0-9]+ score cp -?[0-9]+ nodes ' -- \
    $S go analyse --set search=alphabeta --depth 3
check "go alphabeta has no playouts" 0 '^0$' -- \
    sh -c "$S go analyse --set search=alphabeta --depth 3 | grep -c mcts; true"
check "abalone default is alphabeta" 0 '^0$' -- sh -c "$S abalone analyse --depth 2 | grep -c mcts; true"
printf 'sumito-params\nquit\n' >"$TMP/params.in"
check "gtp default search" 0 '^= search mcts$' -- sh -c "$S go gtp <'$TMP/params.in'"
for p in 'mcts_c 0.2' 'mcts_rave true' 'playout_policy heavy' 'prior true' 'rankcut_min_depth 3'; do
    check "gtp default $p" 0 "^$p\$" -- sh -c "$S go gtp <'$TMP/params.in'"
done
check "gtp alphabeta" 0 '^= search alphabeta$' -- \
    sh -c "$S go gtp --set search=alphabeta <'$TMP/params.in'"
check "params says Go's default" 0 \
    '^Go engines start from search=mcts, mcts_c=0.2, mcts_rave=true, playout_policy=heavy, prior=true and prior_patterns=1 .*search=alphabeta selects alpha-beta' \
    -- $S params
check "unknown algorithm" 2 "parameter search: 'mtcs' is not one of alphabeta.mcts" -- \
    $S go analyse --set search=mtcs
check "mcts memory out of range" 2 'mcts_memory: 0 is outside its range 1..65536' -- \
    $S abalone analyse --set search=mcts --set mcts_memory=0
check "mcts c out of range" 2 'mcts_c: -1 is outside its range 0..100' -- \
    $S go analyse --set mcts_c=-1

# Widening: the rank statistics collected, resumed, refused when another game's or not
# statistics at all, and the rank schedule's table from a file or built in (Go only).
R=$TMP/ranks.txt
check "collect mcts ranks" 0 '^[^ ]*ranks.txt: 1 games, [1-9][0-9]* nodes of 8 simulations or more; their most visited child was the prior.s first in' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 1 -t 0.02 -o "$R"
check "mcts ranks file" 0 '^rank [0-7] [0-3] [0-3] [0-9]+ [1-9]' -- cat "$R"
check "mcts ranks resumed" 0 '2 games' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 2 -t 0.02 -o "$R"
check "mcts ranks of another size" 2 "rank statistics of another game .game go5, .*not game go7" -- \
    $S go rankcut-collect --mcts-ranks --size 7 --games 2 -t 0.02 -o "$R"
printf 'a suite, not statistics\n' > "$TMP/suite.txt"
check "mcts ranks: not statistics" 2 "not rank statistics .no 'sumito mcts ranks 2' line first" -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 1 -t 0.02 -o "$TMP/suite.txt"
check "mcts ranks: suite unchanged" 0 '^a suite, not statistics$' -- cat "$TMP/suite.txt"
check "mcts ranks and with-pruning" 2 'mcts-ranks takes no --with-pruning' -- \
    $S go rankcut-collect --mcts-ranks --with-pruning -o "$TMP/x.txt"
check "widen rank from a file" 0 '^bestmove ' -- \
    $S go analyse --size 5 --set search=mcts --set mcts_widen=rank --set mcts_ranks_file="$R" --nodes 300
check "widen rank built in" 0 '^bestmove ' -- \
    $S go analyse --set search=mcts --set prior=1 --set mcts_widen=rank --nodes 300
printf 'sumito mcts ranks 2\ngame abalone\nprior 1\nmin_visits 8\n' > "$TMP/abalone.txt"
check "mcts ranks of another game" 2 "rank statistics of 'abalone'; this engine takes Go" -- \
    $S go analyse --set mcts_ranks_file="$TMP/abalone.txt"
check "widen rank without statistics" 2 'mcts_widen=rank needs rank statistics' -- \
    $S abalone analyse --set search=mcts --set mcts_widen=rank
check "widen schedule unknown" 2 "parameter mcts_widen: 'wide' is not one of" -- \
    $S go analyse --set mcts_widen=wide
tap_done
