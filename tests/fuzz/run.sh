# SPDX-License-Identifier: MIT
# make fuzz: runs each fuzzing target (build/fuzz/fuzz_NAME) for SECONDS seconds, from its
# seeds (tests/fuzz/NAME/) and the corpus of earlier runs (build/fuzz/corpus/NAME/, which
# grows), appends one line per run to build/fuzz/runs.tsv (date, commit, target, seconds,
# executions, result) and prints each target's executions summed over every run.
# Usage: sh tests/fuzz/run.sh SECONDS NAME...; with FUZZ_RUNS=N in the environment, a run also
# ends after N executions (the log's count, recorded, may pass N by the inputs of the corpus).
set -u
. "$(dirname "$0")/options.sh"
seconds=$1
shift
out=build/fuzz
commit=$(git describe --always --dirty 2>/dev/null || echo unknown)
mkdir -p "$out/corpus" "$out/logs"
[ -f "$out/runs.tsv" ] || printf 'date\tcommit\ttarget\tseconds\texecutions\tresult\n' >"$out/runs.tsv"
failed=0
for t in "$@"; do
    mkdir -p "$out/corpus/$t"
    log="$out/logs/$t.log"
    echo "make fuzz: $t for $seconds s"
    "$out/fuzz_$t" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} $FUZZ_OPTIONS \
        -artifact_prefix="$out/crash-$t-" \
        "$out/corpus/$t" "tests/fuzz/$t" >"$log" 2>&1
    rc=$?
    execs=$(fuzz_executions "$log")
    result=ok
    if [ "$rc" -ne 0 ]; then
        result="failed (status $rc, see $log)"
        failed=1
        grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" "$t" "$seconds" \
        "${execs:-0}" "$result" >>"$out/runs.tsv"
done
echo "make fuzz: executions so far (all runs in $out/runs.tsv, crashes not counted):"
awk -F'\t' 'NR > 1 && $6 == "ok" { n[$3] += $5 } END { for (t in n) printf "  %-14s %d\n", t, n[t] }' \
    "$out/runs.tsv" | sort
exit $failed
