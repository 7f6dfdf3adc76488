#!/bin/sh
# SPDX-License-Identifier: MIT
# A long job on many machines, given as on one (docs/cluster.md): SUMITO (a path every node
# sees) and the job, `GAME COMMAND [options...]` with --games and --out.
#   tools/cluster.sh submit N SUMITO GAME COMMAND ...    a Slurm job array of N tasks, then
#       the merge job (afterany: it runs when a task failed, and names the missing shard);
#       TASKS=2,5 submits those tasks alone again (they resume); SBATCH_* set sbatch options
#   tools/cluster.sh parallel N SUMITO GAME COMMAND ...  the N shards through GNU parallel
#       (PARALLEL='--sshloginfile FILE' spreads them over hosts), then the merge
# Task K runs `SUMITO shard K/N GAME COMMAND ...`; the merge `SUMITO shard merge N ...`.
set -eu
[ $# -ge 5 ] || { echo "usage: $0 submit|parallel N SUMITO GAME COMMAND [options...]" >&2; exit 2; }
mode=$1 n=$2 sumito=$3
shift 3
case $n in '' | 0* | *[!0-9]*) echo "$0: '$n' is not a number of shards" >&2; exit 2 ;; esac
case $mode in
submit)
    id=$(sbatch --parsable --job-name=sumito-shard --output=sumito-%A_%a.log \
        --array="${TASKS:-0-$((n - 1))}" "$0" task "$n" "$sumito" "$@")
    echo "${id%;*}" # the array's job, then the merge's
    exec sbatch --parsable --job-name=sumito-merge --output=sumito-%j.log \
        --dependency=afterany:"${id%;*}" "$0" merge "$n" "$sumito" "$@" ;;
task) exec "$sumito" shard "$SLURM_ARRAY_TASK_ID/$n" "$@" ;;
merge) exec "$sumito" shard merge "$n" "$@" ;;
parallel)
    parallel --will-cite -q "$sumito" shard {}/"$n" "$@" ::: $(seq 0 $((n - 1))) || true
    exec "$sumito" shard merge "$n" "$@" ;;
*) echo "$0: '$mode' is not submit or parallel" >&2; exit 2 ;;
esac
