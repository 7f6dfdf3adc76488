# SPDX-License-Identifier: MIT
# The widening's rank statistics by visits, depth and phase from the command line: collected
# at a node count per move, tied to the prior (a collection resumed or a search run under
# another prior refused, the root-only version 1 refused by name), merged by adding, and the
# compare report of the widening schedules at equal playouts against a long Monte Carlo search
# (a deep reference searched with --set), which prints each schedule's agreement and principal
# variation depth.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
R=$TMP/ranks.txt

check "collect at a node count" 0 '^[^ ]*ranks.txt: 1 games, [1-9][0-9]* nodes of 8 simulations or more' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 1 --nodes 300 -o "$R"
check "version 2 with its prior" 0 '^prior [0-9a-f]{16}$' -- cat "$R"
check "resumed under another prior" 2 'rank statistics of another prior .* .cannot resume it.' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 2 --nodes 300 --set prior=0 -o "$R"
check "nodes without mcts-ranks" 2 '\-\-nodes N goes with \-\-mcts-ranks' -- \
    $S go rankcut-collect --size 5 --games 1 --nodes 300 -o "$TMP/x.rc"
check "rank schedule from the file" 0 '^bestmove ' -- \
    $S go analyse --size 5 --set search=mcts --set mcts_widen=rank --set mcts_ranks_file="$R" --nodes 300
check "rank schedule under another prior" 2 'rank statistics collected with prior [0-9a-f]{16}, and the prior.s parameters .* now make prior [0-9a-f]{16}' -- \
    $S go analyse --size 5 --set search=mcts --set mcts_widen=rank --set mcts_ranks_file="$R" \
    --set prior_even=11 --nodes 300
printf 'sumito mcts ranks 1\ngame go9\ngames 1\nrank 0 3\n' >"$TMP/v1.txt"
check "version 1 refused" 2 'v1.txt: line 1: rank statistics of the root only .version 1.' -- \
    $S go analyse --set search=mcts --set mcts_widen=rank --set mcts_ranks_file="$TMP/v1.txt"
check "theta is a share" 2 'mcts_widen_theta: 2 is outside its range' -- \
    $S go analyse --set mcts_widen_theta=2

# Collections made apart (shards: --first-game) merge by adding; another prior's do not.
sum_counts() { awk '$1 == "rank" { n += $6 } END { print n + 0 }' "$@"; }
check "second shard" 0 '1 games' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 1 --first-game 1 --nodes 300 -o "$TMP/b.txt"
check "merge adds" 0 "^[^ ]*m.txt: 2 files, 2 games, $(sum_counts "$R" "$TMP/b.txt") nodes$" -- \
    $S rankcut merge "$R" "$TMP/b.txt" -o "$TMP/m.txt"
check "merged counts" 0 "^$(sum_counts "$R" "$TMP/b.txt")$" -- sum_counts "$TMP/m.txt"
check "other prior's shard" 0 '1 games' -- \
    $S go rankcut-collect --mcts-ranks --size 5 --games 1 --nodes 300 --set prior=0 -o "$TMP/p.txt"
check "merge refuses another prior" 2 'ranks.txt and .*p.txt: rank statistics of another prior' -- \
    $S rankcut merge "$R" "$TMP/p.txt" -o "$TMP/m2.txt"

# The compare report: a reference of 1 000 playouts a position, the schedules at 50.
printf '5x5 C3 B2\n5x5 C3 B2 D2 C2\n' >"$TMP/suite.txt"
M="--set search=mcts --set mcts_c=0.5"
check "mcts reference" 0 '2 positions searched to 1000 nodes' -- \
    $S go compare-reference --suite "$TMP/suite.txt" --nodes 1000 $M --out "$TMP/ref.txt"
check "mcts reference names its search" 0 '^# search search=mcts,mcts_c=0.5$' -- cat "$TMP/ref.txt"
check "mcts reference entry" 0 '^5x5 C3 B2 ; depth [1-9][0-9]* ; nodes 1000 ; ([A-E][1-5]|pass) -?[0-9]+$' -- \
    cat "$TMP/ref.txt"
check "another search does not resume it" 2 "a reference searched with 'search=mcts,mcts_c=0.5', not 'plain alpha-beta'" -- \
    $S go compare-reference --suite "$TMP/suite.txt" --nodes 1000 --out "$TMP/ref.txt"
check "set without nodes" 2 '\-\-set goes with \-\-nodes' -- \
    $S go compare-reference --suite "$TMP/suite.txt" --depth 2 $M --out "$TMP/ref2.txt"
C="search=mcts,mcts_c=0.5"
check "compare the schedules" 0 '^power +[0-9.]+/[0-9]+ +50 .*%' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --no-time --nodes 50 \
    -C "none:$C" -C "power:$C,mcts_widen=power" -C "unpruning:$C,mcts_widen=unpruning" \
    -C "rank:$C,mcts_widen=rank,mcts_ranks_file=$R"
check "compare names the reference search" 0 'reference results .search=mcts,mcts_c=0.5, 2 of them one search of 1000 nodes' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --no-time --nodes 50 \
    -C "none:$C" -C "rank:$C,mcts_widen=rank,mcts_ranks_file=$R"
tap_done
