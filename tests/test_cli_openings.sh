# SPDX-License-Identifier: MIT
# make-openings: small suites for Abalone and Go that come out the same from the same
# command, resume and refusal of another command's file, and bad options (exit status 2).
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "abalone" 0 'a1.txt: 5 openings from [0-9]+ candidates' -- \
    $S abalone make-openings --count 5 --seed 7 --out "$TMP/a1.txt"
check "abalone again" 0 'a2.txt: 5 openings' -- \
    $S abalone make-openings --count 5 --seed 7 --out "$TMP/a2.txt"
check "abalone same suite" 0 '^same$' -- sh -c "cmp '$TMP/a1.txt' '$TMP/a2.txt' && echo same"
check "abalone header" 0 '^# Abalone match openings: sumito abalone make-openings --count 5 --seed 7 --plies 2..4 --depth 4 --margin 40$' -- \
    head -1 "$TMP/a1.txt"
check "abalone lines" 0 '^5$' -- sh -c "grep -c '  # [a-z]* candidate [0-9]*, [0-9]* plies, score -*[0-9]*$' '$TMP/a1.txt'"
check "abalone layouts" 0 '^1$' -- sh -c "grep -c ' belgian candidate' '$TMP/a1.txt'"
check "go 9x9" 0 'g1.txt: 4 openings' -- \
    $S go make-openings --count 4 --seed 11 --out "$TMP/g1.txt"
check "go 9x9 again" 0 'g2.txt: 4 openings' -- \
    $S go make-openings --count 4 --seed 11 --out "$TMP/g2.txt"
check "go same suite" 0 '^same$' -- sh -c "cmp '$TMP/g1.txt' '$TMP/g2.txt' && echo same"
check "go header" 0 '^# Go match openings: sumito go make-openings --count 4 --size 9 --seed 11 --plies 3..4 --depth 3 --margin 64$' -- \
    head -1 "$TMP/g1.txt"
check "go positions" 0 '^9x9( [C-G][3-7]){5,8}  # candidate' -- cat "$TMP/g1.txt"
check "go 19x19" 0 'g19.txt: 2 openings' -- \
    $S go make-openings --size 19 --count 2 --plies 1..1 --depth 1 --margin 200 --out "$TMP/g19.txt"
check "go 19x19 header" 0 '^# Go match openings: sumito go make-openings --count 2 --size 19 --seed 5000001 --plies 1..1 --depth 1 --margin 200$' -- \
    head -1 "$TMP/g19.txt"
check "a suite made parses" 0 'perft\(1\)' -- \
    $S go perft --depth 1 --moves "$(sed -n 3p "$TMP/g19.txt" | sed 's/ *#.*//; s/^19x19 //')"
check "complete already" 0 'already holds 4 openings' -- \
    $S go make-openings --count 4 --seed 11 --out "$TMP/g1.txt"
check "unchanged" 0 '^same$' -- sh -c "cmp '$TMP/g1.txt' '$TMP/g2.txt' && echo same"
check "another command's file" 2 'g1.txt exists and was not made by this command' -- \
    $S go make-openings --count 4 --seed 12 --out "$TMP/g1.txt"
printf '9x9 E5\n' >"$TMP/other.txt"
check "another file" 2 'other.txt exists and was not made by this command' -- \
    $S go make-openings --count 4 --out "$TMP/other.txt"

check "no out" 2 '--out FILE is required' -- $S abalone make-openings --count 5
check "bad count" 2 '--count must be 1 to 1000000' -- $S abalone make-openings --count 0 --out "$TMP/x.txt"
check "bad plies" 2 "--plies '4..2': expected A..B" -- $S abalone make-openings --plies 4..2 --out "$TMP/x.txt"
check "bad plies word" 2 "--plies 'few': expected A..B" -- $S go make-openings --plies few --out "$TMP/x.txt"
check "bad depth" 2 '--depth must be 1 to 20' -- $S go make-openings --depth 0 --out "$TMP/x.txt"
check "bad margin" 2 '--margin must be 0 to 32000' -- $S abalone make-openings --margin -3 --out "$TMP/x.txt"
check "bad size" 2 '--size must be 2 to 19, not 25' -- $S go make-openings --size 25 --out "$TMP/x.txt"
check "no size for abalone" 2 'Unknown option --size' -- $S abalone make-openings --size 9 --out "$TMP/x.txt"
check "unwritable" 2 "cannot write '$TMP/no/dir/x.txt'" -- $S go make-openings --out "$TMP/no/dir/x.txt"
check "nothing written" 0 '^absent$' -- sh -c "test -e '$TMP/x.txt' && echo present || echo absent"
check "help" 0 'balancing search' -- $S go make-openings --help

tap_done
