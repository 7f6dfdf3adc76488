# SPDX-License-Identifier: MIT
# kill -9 in the middle of every long job (training data, RankCut statistics, ProbCut
# calibration, position suites, compare references, match openings, training, matches), then
# the same command again: the file left behind reads, the resumed run finishes, and nothing is
# lost but the unit under way. Where the job is deterministic (node or depth limits, one
# training thread), the resumed file must equal the one an uninterrupted run writes.
. tests/tap.sh
S=$(cd "$(dirname "$SUMITO")" && pwd)/$(basename "$SUMITO")
mkdir "$TMP/one" "$TMP/killed"

# killed NAME PROBE -- COMMAND...: runs COMMAND in $TMP/killed, waits (at most 120 s) until the
# shell test PROBE (run there too) holds, and kills the job with SIGKILL. The test passes when
# the job was still running (killed by the signal, status 137): a job that ended first proves
# nothing, and says so.
killed() {
    name=$1 probe=$2
    shift 3
    (cd "$TMP/killed" && exec "$@") >"$TMP/kill.out" 2>&1 &
    pid=$!
    i=0
    while [ $i -lt 1200 ] && ! (cd "$TMP/killed" && eval "$probe") >/dev/null 2>&1; do
        sleep 0.1
        i=$((i + 1))
    done
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null # (the shell would say "Killed")
    got=$?
    tap_n=$((tap_n + 1))
    if [ $got -eq 137 ]; then
        echo "ok $tap_n $name: killed mid-job"
    else
        echo "not ok $tap_n $name: killed mid-job"
        echo "# the job was not killed while running (status $got; probe: $probe):"
        sed 's/^/#   /' "$TMP/kill.out" | head -10
        tap_failed=1
    fi
}

# run_in DIR COMMAND...: runs COMMAND in $TMP/DIR.
run_in() {
    d=$1
    shift
    (cd "$TMP/$d" && "$@")
}

# Training data, node-limited: deterministic, so the resumed file is the one-run file.
GD="$S abalone gen-data --games 12 --nodes 2000 --seed 5 -o k.data"
check "gen-data one run" 0 'k.data: 12 games' -- run_in one $GD
killed "gen-data" "$S net data-info k.data | grep -Eq 'in [1-9][0-9]* games'" -- $GD
check "gen-data file reads after kill" 0 'records [0-9]+ in [0-9]+ games' -- run_in killed $S net data-info k.data
check "gen-data resumes" 0 'resuming k.data after game' -- run_in killed $GD
check "gen-data resumed = one run" 0 '^same$' -- sh -c "cmp '$TMP/one/k.data' '$TMP/killed/k.data' && echo same"

# Training, one thread: epoch checkpoints, and the resumed net is the one-run net.
TR="$S net train k.data -o k.nnue --epochs 40 --threads 1 --batch 64 --validation-every 4"
check "train one run" 0 'k.nnue' -- run_in one $TR
cp "$TMP/one/k.data" "$TMP/killed/k.data"
killed "net train" "test -s k.nnue.ckpt" -- $TR
check "train resumes" 0 'k.nnue' -- run_in killed $TR
# weights NET: the weights of a net file (what follows the header's 72 bytes and the
# provenance, whose length is the header's last u32, up to the 8-byte checksum); the
# provenance differs between the two runs by its date.
weights() {
    size=$(wc -c <"$1")
    prov=$(od -An -tu4 -j68 -N4 "$1" | tr -d ' ')
    tail -c $((size - 72 - prov)) "$1" | head -c $((size - 80 - prov))
}
weights "$TMP/one/k.nnue" >"$TMP/one.w"
weights "$TMP/killed/k.nnue" >"$TMP/killed.w"
check "train resumed = one run" 0 '^same$' -- sh -c "test -s '$TMP/one.w' && cmp '$TMP/one.w' '$TMP/killed.w' && echo same"
check "trained net loads" 0 'feature set +abalone-cells-v1' -- run_in killed $S net info k.nnue

# A match at fixed nodes: the same games, so the same score after the resume.
MA="$S abalone match --engine a: --engine b:plain -n 1500 --games 10 -j 1 -o km"
run_in one $MA >/dev/null 2>&1
killed "match" "grep -q '^game ' km/results.txt" -- $MA
check "match results read after kill" 0 'games' -- run_in killed $S match summary km
check "match resumes" 0 'resuming km: [0-9]+ games played' -- run_in killed $MA
run_in one $S match summary km | grep 'W-D-L' >"$TMP/one.wdl"
run_in killed $S match summary km | grep 'W-D-L' >"$TMP/killed.wdl"
check "match resumed = one run" 0 '^same$' -- sh -c "grep -q W-D-L '$TMP/one.wdl' && cmp '$TMP/one.wdl' '$TMP/killed.wdl' && echo same"

# Match openings, depth-limited: the resumed suite is the one-run suite.
MO="$S abalone make-openings --count 20 --seed 9 -o ko.txt"
run_in one $MO >/dev/null 2>&1
killed "make-openings" "grep -q '^[^#]' ko.txt" -- $MO
check "make-openings resumes" 0 'ko.txt' -- run_in killed $MO
check "make-openings resumed = one run" 0 '^same$' -- sh -c "cmp '$TMP/one/ko.txt' '$TMP/killed/ko.txt' && echo same"

# A position suite (time-limited self-play, so only the count is checked), then its
# reference (depth-limited: the resumed reference is the one-run reference).
MS="$S abalone make-suite --positions 20 --per-game 2 --time-per-move 0.01 -o ks.txt"
killed "make-suite" "grep -q '^[^#]' ks.txt" -- $MS
check "make-suite resumes" 0 'ks.txt: 20 positions' -- run_in killed $MS
check "make-suite has every position" 0 '^20$' -- sh -c "grep -c '^[^#]' '$TMP/killed/ks.txt'"
cp "$TMP/killed/ks.txt" "$TMP/one/ks.txt"
CR="$S abalone compare-reference --suite ks.txt --depth 3 -o kr.txt"
run_in one $CR >/dev/null 2>&1
killed "compare-reference" "grep -q '^[^#]' kr.txt" -- $CR
check "compare-reference resumes" 0 'kr.txt' -- run_in killed $CR
check "compare-reference resumed = one run" 0 '^same$' -- sh -c "cmp '$TMP/one/kr.txt' '$TMP/killed/kr.txt' && echo same"

# RankCut statistics and a ProbCut calibration (time-limited self-play: the game count and a
# file that loads are checked).
RC="$S abalone rankcut-collect --games 6 --time-per-move 0.01 --set move_cap=60 -o k.rc"
killed "rankcut-collect" "$S rankcut show k.rc | grep -Eq ', [1-9][0-9]* games'" -- $RC
check "statistics read after kill" 0 'games' -- run_in killed $S rankcut show k.rc
check "rankcut-collect resumes" 0 'resuming k.rc after [0-9]+ games' -- run_in killed $RC
check "statistics hold every game" 0 ', 6 games' -- run_in killed $S rankcut show k.rc
PF="$S abalone probcut-fit --games 6 --time-per-move 0.01 --set move_cap=60 -o k.pc"
killed "probcut-fit" "$S probcut show k.pc | grep -Eq ', [1-9][0-9]* games'" -- $PF
check "calibration reads after kill" 0 'games' -- run_in killed $S probcut show k.pc
check "probcut-fit resumes" 0 'resuming k.pc after [0-9]+ games' -- run_in killed $PF
check "calibration holds every game" 0 ', 6 games' -- run_in killed $S probcut show k.pc

tap_done
