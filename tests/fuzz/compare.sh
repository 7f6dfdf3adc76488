# SPDX-License-Identifier: MIT
# Compares the speed of two builds of one fuzzing target: ROUNDS pairs of runs of SECONDS each,
# alternating the two binaries, each run from a fresh copy of CORPUS with the same seed, and
# prints the executions of each run. Nothing is added to the corpus or to build/fuzz/runs.tsv.
# Usage: sh tests/fuzz/compare.sh BEFORE AFTER CORPUS SECONDS ROUNDS
set -eu
. "$(dirname "$0")/options.sh"
usage="usage: sh tests/fuzz/compare.sh BEFORE AFTER CORPUS SECONDS ROUNDS"
[ $# -eq 5 ] || { echo "$usage" >&2; exit 2; }
before=$1 after=$2 corpus=$3 seconds=$4 rounds=$5
for f in "$before" "$after"; do
    [ -x "$f" ] || { echo "compare: $f is not executable" >&2; exit 2; }
done
[ -d "$corpus" ] || { echo "compare: $corpus is not a folder" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
i=1
while [ "$i" -le "$rounds" ]; do
    for v in before after; do
        bin=$before
        [ "$v" = after ] && bin=$after
        rm -rf "$work/run" && mkdir "$work/run" && cp -R "$corpus/." "$work/run/"
        "$bin" -max_total_time="$seconds" -seed=7 $FUZZ_OPTIONS "$work/run" >"$work/log" 2>&1 || {
            echo "compare: $bin failed" >&2
            tail -5 "$work/log" >&2
            exit 1
        }
        echo "round $i $v $(fuzz_executions "$work/log")"
    done
    i=$((i + 1))
done
