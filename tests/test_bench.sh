# SPDX-License-Identifier: MIT
# The bench signature: `sumito bench` must search exactly the node count in tests/bench.ref.
# A change that alters it is a functional change (its commit message says "Bench: N").
. "$(dirname "$0")/tap.sh"
want=$(cat "$(dirname "$0")/bench.ref")
check "bench signature $want" 0 "^Nodes searched: $want\$" -- $SUMITO bench
check "bench bad depth" 2 'depth must be 1 to 20' -- $SUMITO bench --depth 0
tap_done
