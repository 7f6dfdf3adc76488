# SPDX-License-Identifier: MIT
# What the commands write, and where (docs/reliability.md): a device is written through and
# stays a device, a FIFO no process reads and a directory are refused, a symbolic link stays a
# link; a file rewritten keeps its mode. The devices are private ones made with mknod in the
# test's folder (root only; skipped otherwise), never the machine's /dev.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
T="timeout 60"

# holds NAME TEST: passes when the shell test TEST succeeds.
holds() {
    check "$1" 0 '^yes$' -- sh -c "$2 && echo yes"
}

# Devices, FIFOs, directories and links as outputs.
if mknod "$TMP/null" c 1 3 2>/dev/null && mknod "$TMP/full" c 1 7 2>/dev/null; then
    check "play --record device" 0 'Game over' -- \
        $T $S abalone play --time-per-move 0.01 --set move_cap=4 --record "$TMP/null" --quiet
    holds "play --record device stays one" "test -c '$TMP/null'"
    check "render --out device" 0 '' -- $T $S abalone render --out "$TMP/null"
    holds "render --out device stays one" "test -c '$TMP/null'"
    check "render --out full device" 2 "cannot write '$TMP/full': No space left on device" -- \
        env LC_ALL=C $T $S abalone render --out "$TMP/full"
    holds "render --out full device stays one" "test -c '$TMP/full'"
else
    for i in 1 2 3 4 5 6; do
        tap_n=$((tap_n + 1))
        echo "ok $tap_n # SKIP mknod refused (not root): no private device"
    done
fi
mkfifo "$TMP/fifo"
check "render --out FIFO without reader" 2 "cannot write '$TMP/fifo': a FIFO that no process reads" -- \
    timeout 20 $S abalone render --out "$TMP/fifo"
holds "render --out FIFO stays one" "test -p '$TMP/fifo'"
mkdir "$TMP/dir"
check "render --out directory" 2 "cannot write '$TMP/dir': it is a directory" -- \
    $T $S abalone render --out "$TMP/dir"
mkdir "$TMP/pics"
ln -s pics/board.png "$TMP/link.png"
check "render --out symbolic link" 0 '' -- $T $S abalone render --out "$TMP/link.png"
holds "the link stays a link" "test -L '$TMP/link.png'"
check "the file it names is written" 0 'PNG' -- head -c 4 "$TMP/pics/board.png"
holds "no file beside the link" "[ \$(ls -A '$TMP/pics' | wc -l) -eq 1 ]"

# A file rewritten keeps its mode.
: >"$TMP/r.txt"
chmod 600 "$TMP/r.txt"
check "play --record over a 0600 file" 0 'Game over' -- \
    $T $S abalone play --time-per-move 0.01 --set move_cap=4 --record "$TMP/r.txt" --quiet
check "the record stays 0600" 0 '^600$' -- stat -c %a "$TMP/r.txt"

tap_done
