# SPDX-License-Identifier: MIT
# A match split into four shards run through GNU parallel on this machine (`--sshlogin :`
# is the local host; a list of hosts in --sshloginfile spreads the same command over many),
# with tools/match-shard.sh, the command the Slurm script tools/match.sbatch runs for each
# array task; merged, the shards must give exactly the games and totals of one run.
# Fixed-depth games, so that every game is reproducible.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
case $S in /*) ;; *) S="$(pwd)/$S" ;; esac
SHARD="$(pwd)/tools/match-shard.sh"
GAMES=12
OPTS="--depth 2 --seed 7 --concurrency 1"

if ! command -v parallel >/dev/null 2>&1; then
    echo "ok 1 # skip GNU parallel is not installed (make deps installs it)"
    tap_done
fi
strip() { grep '^game' "$1" | sed 's/ p1 \([0-9]*\) [^ ]* [^ ]* p2 \([0-9]*\) [^ ]* [^ ]* overhead [^ ]*/ p1 \1 p2 \2/' | sort -n -k2; }

check "four shards through parallel" 0 '' -- \
    parallel --will-cite --sshlogin : "$SHARD" {} 4 $GAMES "$TMP/shards" "$S" abalone $OPTS ::: 0 1 2 3
check "each shard has its games" 0 '^4$' -- sh -c "ls -d '$TMP/shards'/shard-* | wc -l"
check "shards merge" 0 "^rankcut against alphabeta: $GAMES games" -- \
    "$S" match merge "$TMP/shards"/shard-* -o "$TMP/merged"
"$S" match summary "$TMP/merged" | grep -v '^time a move\|^runner' >"$TMP/merged.sum"
check "one run" 0 "^rankcut against alphabeta: $GAMES games" -- \
    "$S" abalone match $OPTS --games $GAMES -o "$TMP/one"
"$S" match summary "$TMP/one" | grep -v '^time a move\|^runner' >"$TMP/one.sum"
strip "$TMP/merged/results.txt" >"$TMP/merged.games"
strip "$TMP/one/results.txt" >"$TMP/one.games"
check "merged games equal one run's" 0 '^same$' -- sh -c "cmp -s '$TMP/merged.games' '$TMP/one.games' && echo same"
check "merged totals equal one run's" 0 '^same$' -- sh -c "cmp -s '$TMP/merged.sum' '$TMP/one.sum' && echo same"
check "shard script refuses an odd match" 2 'even number of games' -- "$SHARD" 0 2 7 "$TMP/x" "$S" abalone
check "shard script refuses a bad shard" 2 'SHARD < SHARDS' -- "$SHARD" 2 2 8 "$TMP/x" "$S" abalone

tap_done
