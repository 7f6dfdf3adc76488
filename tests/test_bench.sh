# SPDX-License-Identifier: MIT
# The bench signature: `sumito bench` must search exactly the node count in tests/bench.ref
# (the total over both games by alpha-beta and Go's by its default engine, the Monte Carlo
# search: the only number frozen here). A change that alters it is a functional change (its
# commit message ends with "Bench: N"). Two runs print the same lines.
. "$(dirname "$0")/tap.sh"
want=$(cat "$(dirname "$0")/bench.ref")
check "bench signature $want" 0 "^Nodes searched: $want\$" -- $SUMITO bench

# The last line is the total, and the total is the sum of the three subtotals: Abalone and Go
# by alpha-beta, Go by the Monte Carlo search (the moves of its simulations).
tap_n=$((tap_n + 1))
last=$(tail -n 1 "$TMP/out")
abalone=$(sed -n 's/^abalone: \([0-9][0-9]*\) nodes at depth 5,.*/\1/p' "$TMP/out")
go9=$(sed -n 's/^go9: \([0-9][0-9]*\) nodes at depth 4,.*/\1/p' "$TMP/out")
mcts=$(sed -n 's/^go9-mcts: \([0-9][0-9]*\) moves at 1000 simulations a position,.*/\1/p' "$TMP/out")
if [ -n "$abalone" ] && [ -n "$go9" ] && [ -n "$mcts" ] &&
    [ "$last" = "Nodes searched: $((abalone + go9 + mcts))" ]; then
    echo "ok $tap_n bench subtotals abalone $abalone + go9 $go9 + go9-mcts $mcts make the last line"
else
    echo "not ok $tap_n bench subtotals abalone '$abalone' + go9 '$go9' + go9-mcts '$mcts' make the last line"
    echo "# last line: $last"
    tap_failed=1
fi
grep -v ' s$\|/s$' "$TMP/out" >"$TMP/first"
check "bench Monte Carlo lines" 0 '^go9-mcts +10: [A-HJ][1-9] +[0-9]+ moves$' -- cat "$TMP/first"
# Deterministic: a second run (at fewer simulations, to stay short) prints the same lines twice
# (their times aside).
$SUMITO bench --depth 1 --go-depth 1 --go-simulations 200 >"$TMP/a.raw"
$SUMITO bench --depth 1 --go-depth 1 --go-simulations 200 >"$TMP/b.raw"
grep -v ' s$\|/s$' "$TMP/a.raw" >"$TMP/a"
grep -v ' s$\|/s$' "$TMP/b.raw" >"$TMP/b"
check "bench twice the same" 0 '^same$' -- sh -c "cmp '$TMP/a' '$TMP/b' && echo same"
check "bench at 200 simulations" 0 '^go9-mcts: [0-9]+ moves at 200 simulations a position, ' -- \
    cat "$TMP/a.raw"

check "bench bad depth" 2 'depth must be 1 to 20' -- $SUMITO bench --depth 0
check "bench bad go depth" 2 'go-depth must be 1 to 20' -- $SUMITO bench --go-depth 21
check "bench bad simulations" 2 'go-simulations must be 1 to 1000000' -- $SUMITO bench --go-simulations 0
check "bench unknown parameter" 2 "unknown parameter 'no_such'" -- $SUMITO bench --set no_such=1
# --set reaches every engine that has the parameter: rankcut both, komi Go's only.
check "bench --set to both engines" 0 '^RankCut: abalone off, go9 off$' -- \
    $SUMITO bench --depth 1 --go-depth 1 --set rankcut=0 --set komi=6.5
check "bench help names both depths" 0 'go-depth' -- $SUMITO bench --help
check "bench help names the simulations" 0 'go-simulations' -- $SUMITO bench --help
tap_done
