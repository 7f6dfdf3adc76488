# SPDX-License-Identifier: MIT
# ProbCut's calibration on the command line: a tiny fit from self-play for each game, resumed,
# shown, merged, used by the search (Abalone's built-in calibrations too); bad and mismatched
# files and probcut=true without a calibration (Go has no built-in one) refused with exit
# status 2. The pruning methods' counters in analyse's output and the engine protocol's.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "fit abalone" 0 'a.pc: game abalone, evaluator abalone-[a-z0-9-]+, 1 games' -- \
    $S probcut fit abalone --games 1 --time-per-move 0.05 --set move_cap=16 --out "$TMP/a.pc"
check "fit resumes" 0 'resuming .*a.pc after 1 games' -- \
    $S abalone probcut-fit --games 2 --time-per-move 0.05 --set move_cap=16 --out "$TMP/a.pc"
check "fit table" 0 '^ +[0-3] +[0-9]+ +[0-9]+ +[0-9]+ +-?[0-9.]+ +-?[0-9.]+ +[0-9.]+ +-?[0-9.]+$' -- \
    $S probcut show --min-samples 3 "$TMP/a.pc"
check "fit go" 0 'g.pc: game go9, evaluator go-influence-2, 1 games' -- \
    $S probcut fit go --games 1 --time-per-move 0.02 --set move_cap=12 --out "$TMP/g.pc"
check "fit unknown game" 2 "unknown game 'chess'" -- $S probcut fit chess --out "$TMP/x.pc"
check "fit no out" 2 '--out FILE is required' -- $S abalone probcut-fit --games 1
check "merge" 0 'm.pc: 2 files, 4 games' -- $S probcut merge "$TMP/a.pc" "$TMP/a.pc" -o "$TMP/m.pc"
check "merge other game" 2 "calibration of game 'go9'" -- \
    $S probcut merge "$TMP/a.pc" "$TMP/g.pc" -o "$TMP/x.pc"
check "resume other game" 2 'cannot resume it' -- \
    $S go probcut-fit --games 2 --time-per-move 0.02 --out "$TMP/a.pc"
check "use" 0 'info string probcut checks [1-9][0-9]* searches' -- \
    $S abalone analyse --depth 5 --set "probcut_file=$TMP/m.pc" --set probcut=true \
    --set probcut_min_samples=3
check "built-in calibration, net" 0 'info string probcut checks [1-9][0-9]* searches' -- \
    $S abalone analyse --depth 6 --set probcut=true
check "built-in calibration, hce" 0 'info string probcut checks [1-9][0-9]* searches' -- \
    $S abalone analyse --depth 6 --set probcut=true --set eval=hce
check "built-in calibration, go" 0 'info string probcut checks [1-9][0-9]* searches' -- \
    $S go analyse --depth 5 --set search=alphabeta --set probcut=true
check "other game's file" 2 "calibration of game 'go9'" -- \
    $S abalone analyse --depth 2 --set "probcut_file=$TMP/g.pc"
head -c 3000 /dev/urandom >"$TMP/noise.pc"
check "noise" 2 'not a ProbCut calibration file' -- \
    $S abalone analyse --depth 2 --set "probcut_file=$TMP/noise.pc"
head -c 200 "$TMP/a.pc" >"$TMP/short.pc"
check "truncated" 2 'short.pc: truncated' -- $S probcut show "$TMP/short.pc"
check "missing" 2 'No such file' -- $S probcut show "$TMP/none.pc"

# The other methods' counters, one info string line each.
check "null move counters" 0 'info string null_move tries [0-9]+ cutoffs' -- \
    $S abalone analyse --depth 5 --set null_move=true
check "lmr counters" 0 'info string lmr reductions [0-9]+ researches' -- \
    $S go analyse --depth 4 --set search=alphabeta --set lmr=true
check "multicut counters" 0 'info string multicut tries [0-9]+ cutoffs' -- \
    $S abalone analyse --depth 5 --set multicut=true
check "chains counters" 0 'info string move_chains found [0-9]+ followed [0-9]+ dropped' -- \
    $S abalone analyse --depth 6 --set move_chains=true
check "futility counters" 0 'info string futility prunes [0-9]+' -- \
    $S go analyse --depth 4 --set search=alphabeta --set futility=true
# The engine protocol prints them before bestmove.
check "aep counters" 0 '^info string multicut tries [0-9]+ cutoffs [0-9]+$' -- aep_until_bestmove \
    'aep\nsetoption name multicut value true\nposition layout standard\ngo depth 5\n'
check "methods out of range" 2 'multicut_c: 0 is outside its range 1..400' -- \
    $S abalone analyse --set multicut_c=0
tap_done
