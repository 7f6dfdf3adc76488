# SPDX-License-Identifier: MIT
# A match split into four shards run through GNU parallel on this machine by tools/cluster.sh
# (`parallel` mode; a list of hosts in PARALLEL='--sshloginfile FILE' spreads the same
# command over many, and tests/slow_cluster.sh runs it over ssh and on Slurm); merged, the
# shards must give exactly the games and totals of one run. Fixed-depth games, so that every
# game is reproducible. Then what `sumito shard` refuses: a shard missing, one that has not
# finished, one of another job, and jobs it cannot cut.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
case $S in /*) ;; *) S="$(pwd)/$S" ;; esac
RUN="$(pwd)/tools/cluster.sh"
GAMES=12
OPTS="--depth 2 --seed 7 --concurrency 1"

if ! command -v parallel >/dev/null 2>&1; then
    echo "ok 1 # skip GNU parallel is not installed (make deps installs it)"
    tap_done
fi
strip() { grep '^game' "$1" | sed 's/ p1 \([0-9]*\) [^ ]* [^ ]* p2 \([0-9]*\) [^ ]* [^ ]* overhead [^ ]*/ p1 \1 p2 \2/' | sort -n -k2; }

# shellcheck disable=SC2086 # OPTS is a word list
check "four shards through parallel, merged" 0 "^rankcut against alphabeta: $GAMES games" -- \
    "$RUN" parallel 4 "$S" abalone match $OPTS --games $GAMES -o "$TMP/merged"
check "each shard has its games and its mark" 0 '^4 4$' -- \
    sh -c "cd '$TMP/merged.shards' && echo \$(ls -d [0-9] | wc -l) \$(ls *.done | wc -l)"
check "a shard's mark holds its command" 0 "abalone match $OPTS --first-game=2 --games=4 " -- \
    cat "$TMP/merged.shards/1.done"
"$S" match summary "$TMP/merged" | grep -v '^time a move\|^runner' >"$TMP/merged.sum"
check "one run" 0 "^rankcut against alphabeta: $GAMES games" -- \
    "$S" abalone match $OPTS --games $GAMES -o "$TMP/one"
"$S" match summary "$TMP/one" | grep -v '^time a move\|^runner' >"$TMP/one.sum"
strip "$TMP/merged/results.txt" >"$TMP/merged.games"
strip "$TMP/one/results.txt" >"$TMP/one.games"
check "merged games equal one run's" 0 '^same$' -- sh -c "cmp -s '$TMP/merged.games' '$TMP/one.games' && echo same"
check "merged totals equal one run's" 0 '^same$' -- sh -c "cmp -s '$TMP/merged.sum' '$TMP/one.sum' && echo same"

# The merge names a shard that did not finish, one missing and one of another job.
cd "$TMP" || exit 1
JOB="abalone gen-data --games 6 --nodes 200 --seed 3"
for k in 0 1 2; do "$S" shard $k/3 $JOB -o d.data >/dev/null 2>&1; done
rm d.data.shards/1.done
check "merge refuses a shard that did not finish" 2 \
    'shard 1 of 3 has not finished: no d.data.shards/1.done \(run it again: it resumes\)' -- \
    "$S" shard merge 3 $JOB -o d.data
check "and writes nothing" 0 '^none$' -- sh -c "test -e d.data || echo none"
check "run again, the shard resumes" 0 'already holds games 2 to 3' -- "$S" shard 1/3 $JOB -o d.data
rm -r d.data.shards/2
check "merge refuses a missing shard" 2 \
    'shard 2 of 3 is missing: no d.data.shards/2 \(run it\)' -- \
    "$S" shard merge 3 $JOB -o d.data
check "merge refuses the shards of another job" 2 'shard 0 of 3 is of another job' -- \
    "$S" shard merge 3 abalone gen-data --games 6 --nodes 300 --seed 3 -o d.data
"$S" shard 2/3 $JOB -o d.data >/dev/null 2>&1
check "merged, the shards give a file" 0 "d.data: 3 shards merged" -- \
    "$S" shard merge 3 $JOB -o d.data
mkdir alone && (cd alone && "$S" $JOB -o d.data >/dev/null 2>&1)
check "one run's file" 0 '^same$' -- sh -c "cmp -s d.data alone/d.data && echo same"
check "more shards than games: the empty ones are done" 0 'e.data: 8 shards merged' -- \
    sh -c "for k in 0 1 2 3 4 5 6 7; do '$S' shard \$k/8 $JOB -o e.data >/dev/null || exit 1
           done; \
           '$S' shard merge 8 $JOB -o e.data"
(cd alone && "$S" $JOB -o e.data >/dev/null 2>&1)
check "and give one run's file too" 0 '^same$' -- sh -c "cmp -s e.data alone/e.data && echo same"

check "an odd match is refused" 2 "a match's --games must be even" -- \
    "$S" shard 0/2 abalone match --games 7 -o "$TMP/x"
check "a shard beyond the count is refused" 2 "'2/2' is not K/N" -- \
    "$S" shard 2/2 abalone match --games 8 -o "$TMP/x"
check "a job that is not made of shards is refused" 2 'perft is not a job made of shards' -- \
    "$S" shard 0/2 abalone perft --depth 2 -o "$TMP/x"
check "a job without --out is refused" 2 'the job needs --out' -- \
    "$S" shard 0/2 abalone gen-data --games 4
check "shard --help" 0 '^usage: sumito shard K/N' -- "$S" shard --help
check "shard without a job is refused" 2 'usage: sumito shard K/N' -- "$S" shard 0/2
check "the runner refuses a bad count" 2 "'x' is not a number of shards" -- \
    "$RUN" parallel x "$S" abalone match --games 8 -o "$TMP/x"

tap_done
