# SPDX-License-Identifier: MIT
# Go's priors of the Monte Carlo tree from the command line: sumito params lists them, --set,
# configuration files and GTP sumito-set set them, the search with them answers a move and
# differs from the one without, and bad values are refused.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "params lists the prior table" 0 '^prior +bool +false +\(default false\)' -- $S params
check "params lists a feature's rate" 0 '^prior_capture_rate +double +1 ' -- $S params
check "mcts with priors" 0 '^bestmove [A-HJ][1-9]' -- \
    $S go analyse --set search=mcts --set prior=1 --nodes 500
# The searches' lines without their speed and time, which vary from run to run.
$S go analyse --set search=mcts --set prior=0 --nodes 500 2>&1 |
    sed 's/ nps [0-9]* time [0-9]*//' >"$TMP/plain"
printf '[sumito]\nsearch=mcts\nprior=1\nprior_near=5\n' >"$TMP/prior.ini"
$S go analyse --config "$TMP/prior.ini" --nodes 500 2>&1 | sed 's/ nps [0-9]* time [0-9]*//' \
    >"$TMP/prior"
check "searches with and without priors differ" 1 'differ' -- cmp "$TMP/plain" "$TMP/prior"
check "gtp sumito-set" 0 '^prior_pass 7$' -- \
    sh -c "printf 'sumito-set prior_pass 7\nsumito-params\nquit\n' | $S go gtp"
check "rate out of range" 2 'prior_capture_rate: 2 is outside its range 0..1' -- \
    $S go analyse --set prior_capture_rate=2
check "negative visits" 2 'prior_even: -1 is outside its range 0..100000' -- \
    $S go analyse --set prior_even=-1
printf '[sumito]\nprior_near_distance=0\n' >"$TMP/bad.ini"
check "distance out of range in a configuration file" 2 \
    'prior_near_distance: 0 is outside its range 1..36' -- $S go analyse --config "$TMP/bad.ini"
tap_done
