# SPDX-License-Identifier: MIT
# The bench signature: `sumito bench` must search exactly the node count in tests/bench.ref
# (the total over both games, the only number frozen here). A change that alters it is a
# functional change (its commit message ends with "Bench: N").
. "$(dirname "$0")/tap.sh"
want=$(cat "$(dirname "$0")/bench.ref")
check "bench signature $want" 0 "^Nodes searched: $want\$" -- $SUMITO bench

# The last line is the total, and the total is the sum of the two games' subtotals.
tap_n=$((tap_n + 1))
last=$(tail -n 1 "$TMP/out")
abalone=$(sed -n 's/^abalone: \([0-9][0-9]*\) nodes.*/\1/p' "$TMP/out")
go9=$(sed -n 's/^go9: \([0-9][0-9]*\) nodes.*/\1/p' "$TMP/out")
if [ -n "$abalone" ] && [ -n "$go9" ] && [ "$last" = "Nodes searched: $((abalone + go9))" ]; then
    echo "ok $tap_n bench subtotals abalone $abalone + go9 $go9 make the last line"
else
    echo "not ok $tap_n bench subtotals abalone '$abalone' + go9 '$go9' make the last line"
    echo "# last line: $last"
    tap_failed=1
fi

check "bench bad depth" 2 'depth must be 1 to 20' -- $SUMITO bench --depth 0
check "bench bad go depth" 2 'go-depth must be 1 to 20' -- $SUMITO bench --go-depth 21
check "bench unknown parameter" 2 "unknown parameter 'no_such'" -- $SUMITO bench --set no_such=1
# --set reaches every engine that has the parameter: rankcut both, komi Go's only.
check "bench --set to both engines" 0 '^RankCut: abalone off, go9 off$' -- \
    $SUMITO bench --depth 1 --go-depth 1 --set rankcut=0 --set komi=6.5
check "bench help names both depths" 0 'go-depth' -- $SUMITO bench --help
tap_done
