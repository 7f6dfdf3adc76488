# SPDX-License-Identifier: MIT
# Go's playout policy from the command line: playout_policy and the stages' chances through
# --set, configuration files, GTP sumito-set and sumito params, the Monte Carlo search with
# heavy playouts (its choice differs from the light one's on the same seed), bad values
# refused, and `go playouts --policy`.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "params lists the playout table" 0 '^playout_policy +choice light +\(default light\)' -- \
    $S params
check "mcts with heavy playouts" 0 '^bestmove [A-HJ][1-9]' -- \
    $S go analyse --set search=mcts --set playout_policy=heavy --nodes 1000
# The searches' lines without their speed and time, which vary from run to run.
$S go analyse --set search=mcts --set playout_policy=light --nodes 1000 2>&1 |
    sed 's/ nps [0-9]* time [0-9]*//' >"$TMP/light"
printf '[sumito]\nsearch=mcts\nplayout_policy=heavy\nplayout_pattern=0.5\n' >"$TMP/heavy.ini"
check "heavy from a configuration file" 0 '^bestmove' -- \
    $S go analyse --config "$TMP/heavy.ini" --nodes 1000
$S go analyse --config "$TMP/heavy.ini" --nodes 1000 2>&1 | sed 's/ nps [0-9]* time [0-9]*//' \
    >"$TMP/heavy"
check "heavy and light searches differ" 1 'differ' -- cmp "$TMP/light" "$TMP/heavy"
check "gtp sumito-set" 0 '^playout_policy heavy' -- \
    sh -c "printf 'sumito-set playout_policy heavy\nsumito-params\nquit\n' | $S go gtp"
check "unknown policy" 2 "parameter playout_policy: 'medium' is not one of light.heavy" -- \
    $S go analyse --set playout_policy=medium
check "chance out of range" 2 'playout_atari: 2 is outside its range 0..1' -- \
    $S go analyse --set playout_atari=2
printf '[sumito]\nplayout_nakade=1.5\n' >"$TMP/bad.ini"
check "chance out of range in a configuration file" 2 'playout_nakade: 1.5 is outside its range 0..1' -- \
    $S go analyse --config "$TMP/bad.ini"
check "playouts heavy" 0 '^go playouts 5x5 heavy: [0-9]+ playouts/s' -- \
    $S go playouts --size 5 --seconds 0.2 --repeat 1 --policy heavy
check "playouts light by default" 0 '^go playouts 5x5 light: [0-9]+ playouts/s' -- \
    $S go playouts --size 5 --seconds 0.2 --repeat 1
check "playouts bad policy" 2 "--policy: parameter playout_policy: 'fast' is not one of light.heavy" -- \
    $S go playouts --size 5 --policy fast
tap_done
