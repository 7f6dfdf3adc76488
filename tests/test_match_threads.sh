# SPDX-License-Identifier: MIT
# The match runner's threads (make test runs this under ThreadSanitizer too): games side by
# side, each worker with engines of its own, results and progress shared under a lock, with
# our engines, with an outside engine over the protocol, with engines that hang or crash (killed,
# reaped and restarted while the other worker plays), and Ctrl-C stopping every worker's search.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "threads: our engines" 0 '^rankcut against alphabeta: 8 games' -- \
    $S abalone match --depth 2 --games 8 -j 2 -o "$TMP/a"
check "threads: an outside engine" 0 '^rankcut against aep: 4 games' -- \
    $S abalone match --depth 2 --games 4 -j 2 --engine rankcut: --engine-cmd "aep:$S abalone aep" -o "$TMP/b"
check "threads: Go" 0 '^rankcut against alphabeta: 4 games' -- \
    $S go match --nodes 50 --games 4 -j 2 -o "$TMP/c"
FAKE="$(cd "$(dirname "$0")/../.." && pwd)/tests/fake_aep.sh"
[ -x "$FAKE" ] || FAKE="$(pwd)/tests/fake_aep.sh"
for mode in hang crash; do
    check "threads: an engine that does '$mode', killed and restarted" 0 '^rankcut against fake: 4 games, 4 wins' -- \
        $S abalone match --depth 2 --games 4 -j 2 --hang 0.3 --engine rankcut: --engine-cmd "fake:$FAKE $mode" -o "$TMP/$mode"
done
$S abalone match -t 5 --games 4 -j 2 -o "$TMP/d" >"$TMP/d.out" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
echo "status $?" >>"$TMP/d.out"
check "threads: Ctrl-C stops every search" 0 '^status 130$' -- cat "$TMP/d.out"

tap_done
