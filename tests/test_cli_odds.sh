# SPDX-License-Identifier: MIT
# `sumito match odds` on match folders written here (docs/matches.md): the table and the
# break-even factor with status 0 (and a note when the Elo falls below 0 more than once), and
# status 2 with the folder and the problem named for a player limited by depth, a factor given
# twice, a folder without results, and no folder.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

# results DIR SECONDS LIMITS2 W L: a match folder of default at 0.05 s against plainx with the
# limits LIMITS2, W pairs won twice and L pairs lost twice by default.
results() {
    mkdir -p "$TMP/$1"
    {
        printf '# sumito match results, format 2\n# game: abalone\n# player 1: default = engine\n'
        printf '# player 2: plainx = engine plain,time-per-move=%s\n' "$2"
        printf '# limits: time-per-move 0.05 s\n# player 1 limits: time-per-move 0.05 s\n'
        printf '# player 2 limits: %s\n# seed: 1\n' "$3"
        awk -v w="$4" -v l="$5" 'BEGIN { for (i = 0; i < 2 * (w + l); i++)
            printf "game %d opening %d first %s result %s plies 9 p1 4 1 1 p2 5 1 1 " \
                "overhead 0 reason move cap\n", i, i / 2, i % 2 ? "W" : "B", i < 2 * w ? "W" : "L" }'
    } >"$TMP/$1/results.txt"
}
results k2 0.1 'time-per-move 0.1 s' 30 10
results k4 0.2 'time-per-move 0.2 s' 20 20
results k8 0.4 'time-per-move 0.4 s' 10 30
results k4b 0.2 'time-per-move 0.2 s' 25 15
results d4 0.2 'depth 4' 20 20
results k16 0.8 'time-per-move 0.8 s' 25 15
results k32 1.6 'time-per-move 1.6 s' 10 30

check "match odds: break-even at 4" 0 '^break-even factor: 4\.00 \(95 %: [0-9.]+ to [0-9.]+\)$' -- \
    $S match odds "$TMP/k8" "$TMP/k2" "$TMP/k4"
check "match odds: the rows" 0 '^ +2 +0\.1 s +80 +60-0-20 +75\.0 %' -- \
    $S match odds "$TMP/k8" "$TMP/k2" "$TMP/k4"
check "match odds: above the largest" 0 '^break-even factor: above 2 \(the largest factor measured\)' -- \
    $S match odds "$TMP/k2"
check "match odds: two falls named" 0 '^\(the Elo falls below 0 2 times between the factors measured: the first is given\)$' -- \
    $S match odds "$TMP/k2" "$TMP/k4" "$TMP/k8" "$TMP/k16" "$TMP/k32"
check "match odds: a depth limit" 2 'd4: player 2 \(plainx\) plays at a depth limit \(depth 4\): the factor is one of time' -- \
    $S match odds "$TMP/k2" "$TMP/d4"
check "match odds: a factor twice" 2 'k4 and .*k4b are both at factor 4' -- \
    $S match odds "$TMP/k4" "$TMP/k4b"
check "match odds: no results" 2 'nothing: No such file or directory' -- $S match odds "$TMP/k2" "$TMP/nothing"
check "match odds: no folder" 2 'match odds needs at least one match folder' -- $S match odds
tap_done
