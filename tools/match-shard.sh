#!/bin/sh
# SPDX-License-Identifier: MIT
# One shard of a match split by game number, for GNU parallel or a Slurm job array:
#
#   tools/match-shard.sh SHARD SHARDS GAMES DIR SUMITO GAME [match options...]
#
# plays the SHARD-th (0-based) of SHARDS equal runs of opening pairs of a GAMES-game match
# into DIR/shard-SHARD: `SUMITO GAME match [options] --first-game F --games N --out
# DIR/shard-SHARD`. A game's opening and colours depend only on its number and --seed, so the
# shards together play exactly the games of one run; `SUMITO match merge DIR/shard-* -o
# DIR/merged` combines them. Running a shard again resumes it.
set -eu
if [ $# -lt 6 ]; then
    echo "usage: $0 SHARD SHARDS GAMES DIR SUMITO GAME [match options...]" >&2
    exit 2
fi
shard=$1 shards=$2 games=$3 dir=$4 sumito=$5 game=$6
shift 6
for n in "$shard" "$shards" "$games"; do
    case $n in '' | *[!0-9]*) echo "$0: '$n' is not a number" >&2; exit 2 ;; esac
done
if [ "$shards" -lt 1 ] || [ "$shard" -ge "$shards" ] || [ $((games % 2)) -ne 0 ]; then
    echo "$0: need SHARD < SHARDS and an even number of games" >&2
    exit 2
fi
pairs=$((games / 2))
first=$((pairs * shard / shards))
last=$((pairs * (shard + 1) / shards))
[ "$last" -gt "$first" ] || exit 0 # more shards than pairs: nothing for this one
mkdir -p "$dir"
exec "$sumito" "$game" match "$@" --first-game $((first * 2)) --games $(((last - first) * 2)) \
    --out "$dir/shard-$shard"
