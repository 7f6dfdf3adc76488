# SPDX-License-Identifier: MIT
# The Monte Carlo search from the command line: search=mcts in analyse for both games, its
# info and counters lines, and its parameters refused when unknown or out of range.
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
check "unknown algorithm" 2 "parameter search: 'mtcs' is not one of alphabeta.mcts" -- \
    $S go analyse --set search=mtcs
check "mcts memory out of range" 2 'mcts_memory: 0 is outside its range 1..65536' -- \
    $S abalone analyse --set search=mcts --set mcts_memory=0
check "mcts c out of range" 2 'mcts_c: -1 is outside its range 0..100' -- \
    $S go analyse --set mcts_c=-1
tap_done
