# SPDX-License-Identifier: MIT
# tools/cluster.sh on a real Slurm and over ssh (docs/cluster.md). A Slurm cluster of this
# machine alone, from Debian's packages (munged, slurmctld, slurmd; no cgroups), lives in a
# private folder: a match, a gen-data and a rankcut-collect run there as job arrays of four
# shards with their merge jobs; the merged match and data must be exactly those of one process
# (node- and depth-limited, so reproducible), the statistics (timed) must add up to the
# job's games. One task of a longer gen-data is cancelled mid-run: its merge job must refuse
# the shard by number, and the task submitted again must resume and the merge then give one
# process's file. Then the three jobs again through GNU parallel over ssh to this host (an
# sshd on a loopback port with throwaway keys). Every daemon is stopped at the end, failed or
# not. Needs root or sudo without a password (skipped otherwise); run by make test-cluster.
. "$(dirname "$0")/tap.sh"
SUDO=
if [ "$(id -u)" != 0 ]; then
    if ! sudo -n true 2>/dev/null; then
        echo "1..0 # SKIP needs root or sudo without a password (the daemons run as root)"
        exit 0
    fi
    SUDO="sudo -n"
fi
for need in munged slurmctld slurmd sbatch /usr/sbin/sshd ssh-keygen parallel; do
    command -v $need >/dev/null 2>&1 && continue
    echo "Bail out! $need is missing (make test-cluster installs slurm-wlm munge openssh-server)"
    exit 1
done
SUMITO=$(cd "$(dirname "$SUMITO")" && pwd)/$(basename "$SUMITO")
RUN=$(cd "$(dirname "$0")/.." && pwd)/tools/cluster.sh
chmod 755 "$TMP" # the daemons run as root, the jobs as this user
D=$TMP/cluster H=$(hostname -s) PORT=$((20000 + $$ % 20000))
mkdir -p "$D/state" "$D/spool" "$D/munge" "$D/ssh" "$TMP/work"
export SLURM_CONF=$D/slurm.conf

# Stops the daemons and what still runs under them, whatever happened.
stop_all() {
    scancel -u "$(id -un)" 2>/dev/null
    i=0
    while [ $i -lt 50 ] && [ -n "$(squeue -h 2>/dev/null)" ]; do sleep 0.2; i=$((i + 1)); done
    for pid in "$D/slurmd.pid" "$D/slurmctld.pid" "$D/munge/pid" "$D/ssh/pid"; do
        [ -s "$pid" ] && $SUDO kill "$(cat "$pid")" 2>/dev/null
    done
    sleep 1
    $SUDO rm -rf "$TMP"
}
trap stop_all EXIT
trap 'exit 1' INT TERM

# --- the Slurm cluster ------------------------------------------------------------------
$SUDO sh -c "umask 077; head -c 1024 /dev/urandom >'$D/munge/key'; chmod 400 '$D/munge/key'"
$SUDO munged --force --socket="$D/munge/sock" --key-file="$D/munge/key" \
    --pid-file="$D/munge/pid" --log-file="$D/munge/log" --seed-file="$D/munge/seed"
cat >"$SLURM_CONF" <<EOF
ClusterName=sumito
SlurmctldHost=$H
SlurmUser=root
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
AuthType=auth/munge
AuthInfo=socket=$D/munge/sock
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$H CPUs=2 State=UNKNOWN
PartitionName=main Nodes=$H Default=YES MaxTime=INFINITE State=UP
EOF
$SUDO env SLURM_CONF="$SLURM_CONF" slurmctld -i
$SUDO env SLURM_CONF="$SLURM_CONF" slurmd -N "$H"
i=0
while [ $i -lt 150 ] && ! sinfo -h -o %T 2>/dev/null | grep -q idle; do
    sleep 0.2
    i=$((i + 1))
done
check "a Slurm cluster of this machine is up" 0 'idle' -- sinfo -h -o %T

# The jobs, small; match and gen-data reproducible (a depth, a node count).
MATCH="abalone match --depth 2 --seed 7 --concurrency 1 --games 8 -o match"
DATA="abalone gen-data --games 8 --nodes 300 --seed 3 -o train.data"
STATS="abalone rankcut-collect --games 4 -t 0.02 --seed 5 -o stats.bin"
LONG="abalone gen-data --games 24 --nodes 3000 --seed 9 -o long.data"

# wait_job ID: until Slurm has ended job ID (every task of an array), ten minutes at most.
wait_job() {
    i=0
    while [ $i -lt 3000 ] && [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
        sleep 0.2
        i=$((i + 1))
    done
}
# The games of a match's results without their times, by game number.
games_of() { grep '^game' "$1/results.txt" | sed 's/ p1 .*reason/ reason/' | sort -n -k2; }
# One process, in its own folder (the data file names its command: the same -o).
one() { mkdir -p "$TMP/one" && (cd "$TMP/one" && "$SUMITO" "$@" >/dev/null 2>&1); }
same() { if cmp -s "$1" "$2"; then echo same; else echo "$1 and $2 differ"; fi; }

# run_three MODE: the three jobs through tools/cluster.sh MODE in $TMP/work/MODE.
run_three() {
    mkdir -p "$TMP/work/$1"
    cd "$TMP/work/$1" || return
    for job in "$MATCH" "$DATA" "$STATS"; do
        # shellcheck disable=SC2086 # the jobs are word lists
        "$RUN" "$1" 4 "$SUMITO" $job >>submitted 2>&1
    done
    [ "$1" = submit ] && for id in $(cat submitted); do wait_job "$id"; done
    cd "$TMP" || return
}
# check_three MODE: the merged files against one process's.
check_three() {
    w=$TMP/work/$1
    games_of "$w/match" >"$TMP/merged.games"
    games_of "$TMP/one/match" >"$TMP/one.games"
    check "$1: the match's four shards are merged" 0 '^8$' -- \
        sh -c "grep -c '^game' '$w/match/results.txt'"
    check "$1: the merged games are one process's" 0 '^same$' -- \
        same "$TMP/merged.games" "$TMP/one.games"
    check "$1: the merged data file is one process's" 0 '^same$' -- \
        same "$w/train.data" "$TMP/one/train.data"
    check "$1: the statistics of four shards add up" 0 ', 4 games$' -- \
        "$SUMITO" rankcut show "$w/stats.bin"
}

# shellcheck disable=SC2086
one $MATCH && one $DATA
start=$(date +%s)
run_three submit
echo "# three jobs of 4 shards on Slurm: $(($(date +%s) - start)) s"
check "submit: every task and merge job ran" 0 'shards merged' -- \
    sh -c "cat '$TMP/work/submit'/sumito-*.log"
check_three submit

# --- a task cancelled mid-run, submitted again --------------------------------------------
start=$(date +%s)
# shellcheck disable=SC2086
one $LONG
load() { echo "(load average $(cut -d' ' -f1-3 /proc/loadavg))"; }
echo "# figures: one process of '$LONG': $(($(date +%s) - start)) s $(load)"
mkdir -p "$TMP/work/cancel" && cd "$TMP/work/cancel" || exit 1
# shellcheck disable=SC2086
"$RUN" submit 4 "$SUMITO" $LONG >ids
array=$(head -1 ids) merge=$(tail -1 ids)
i=0 # until shard 1 has saved a game
while [ $i -lt 1500 ] &&
    ! "$SUMITO" net data-info long.data.shards/1 2>/dev/null | grep -q 'in [1-9][0-9]* games'; do
    sleep 0.2
    i=$((i + 1))
done
check "a task is cancelled mid-run" 0 '^cancelled$' -- \
    sh -c "scancel '${array}_1' && echo cancelled"
wait_job "$array"
wait_job "$merge"
check "its merge job names the shard and merges nothing" 0 'shard 1 of 4 has not finished' -- \
    sh -c "cat sumito-$merge.log; test ! -e long.data"
check "the shard holds some of its games" 0 'in [1-5] games' -- \
    "$SUMITO" net data-info long.data.shards/1
# shellcheck disable=SC2086
TASKS=1 "$RUN" submit 4 "$SUMITO" $LONG >ids2
for id in $(cat ids2); do wait_job "$id"; done
check "the task submitted again resumes" 0 'resuming long.data.shards/1 after game' -- \
    cat "sumito-$(head -1 ids2)_1.log"
check "then the merge gives one process's file" 0 '^same$' -- same long.data "$TMP/one/long.data"
mkdir -p "$TMP/work/timed" && cd "$TMP/work/timed" || exit 1
start=$(date +%s)
# shellcheck disable=SC2086
"$RUN" submit 4 "$SUMITO" $LONG >ids
for id in $(cat ids); do wait_job "$id"; done
echo "# figures: 4 shards of it on Slurm, 2 CPUs: $(($(date +%s) - start)) s $(load)"
check "timed: the same file again" 0 '^same$' -- same long.data "$TMP/one/long.data"
cd "$TMP" || exit 1

# --- GNU parallel over ssh to this host ---------------------------------------------------
ssh-keygen -q -t ed25519 -N '' -f "$D/ssh/host"
ssh-keygen -q -t ed25519 -N '' -f "$D/ssh/user"
cp "$D/ssh/user.pub" "$D/ssh/authorized"
cat >"$D/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1:$((PORT + 2))
HostKey $D/ssh/host
AuthorizedKeysFile $D/ssh/authorized
PidFile $D/ssh/pid
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
EOF
$SUDO mkdir -p /run/sshd # Debian's sshd wants its privilege separation folder
$SUDO /usr/sbin/sshd -f "$D/ssh/sshd_config" -E "$D/ssh/log"
echo "2/ssh -i $D/ssh/user -p $((PORT + 2)) -o StrictHostKeyChecking=no \
-o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR $(id -un)@127.0.0.1" >"$D/hosts"
PARALLEL="--sshloginfile $D/hosts --workdir ." run_three parallel
check "parallel: the shards ran over ssh" 0 'Accepted publickey' -- $SUDO cat "$D/ssh/log"
check_three parallel
tap_done
