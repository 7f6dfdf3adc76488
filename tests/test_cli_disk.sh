# SPDX-License-Identifier: MIT
# A full disk and a read-only folder for every command that writes a file (docs/reliability.md):
# each is run in a small file system of its own, filled to the last byte (empty otherwise, or
# holding the file an earlier run wrote) or mounted read-only (holding that file). It must fail
# with the system's reason and its status, leave that file as it was, and leave nothing else
# behind (no temporary file or folder, no empty or truncated output).
#
# The file systems are tmpfs mounts in a private mount namespace (`unshare -m`, which needs the
# right to mount: root, as on the test machines); where that is refused the script says so and
# skips, since a folder's permissions do not stop root and a file size limit is not a full disk.
if [ -z "$SUMITO_DISK_NS" ]; then
    if unshare -m true 2>/dev/null; then
        SUMITO_DISK_NS=1 exec unshare -m sh "$0" "$@"
    fi
    echo "1..0 # SKIP no private mount namespace (unshare -m refused): cannot mount a full disk"
    exit 0
fi
. "$(dirname "$0")/tap.sh"
S=$SUMITO
T="timeout 120"
D=$TMP/d
mkdir "$TMP/ok" "$D"
trap 'umount "$D" 2>/dev/null; rm -rf "$TMP"' EXIT

# The inputs some writers read.
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' >"$TMP/ok/in.sgf"
printf '# three positions\nwb1bb/ww4/2wbb2/1w6/5b3/4w3/1b2w2/b2w1b/1w2b b 40\nw4/1w4/ww3b1/bb2wb2/1w2b2w1/1b4w1/b4bb/4ww/5 w 65\n1w3/w2www/3w3/1ww3wb/bb1w2b2/b1b1wb2/1bb4/3w2/2w2 b 90\n' \
    >"$TMP/ok/suite2.txt"
head -2 "$TMP/ok/suite2.txt" >"$TMP/ok/suite1.txt"

# The writers, one a line, NAME|FILE|STATUS|COMMAND: FILE is what COMMAND writes (a folder for
# a match or the main job) in the folder it runs in, STATUS its exit status when it cannot
# (GTP answers an error and goes on); it reads its inputs from $TMP/ok. %N and %P in COMMAND
# are 1 and 2 for the first run, 2 and 4 on the full or read-only disks, so that a job that
# resumes from the old file has more to write. make-openings refuses to resume with other
# options: its second run writes another file beside the first one's.
I=$TMP/ok
cat >"$TMP/writers" <<EOF
abalone render|a.png|2|$S abalone render --out a.png
go render|g.png|2|$S go render --sgf $I/in.sgf --out g.png
play --record|r.txt|2|$S abalone play --time-per-move 0.01 --set move_cap=6 --record r.txt --quiet
demo|run|2|$S demo --time-per-move 0.01 --dir run
sgf-check --write|w.sgf|2|$S go sgf-check --write w.sgf $I/in.sgf
go patterns learn|pw.txt|2|$S go patterns learn $I/in.sgf -o pw.txt
rankcut-collect|k.rc|2|$S abalone rankcut-collect --games %N --time-per-move 0.01 --set move_cap=6 -o k.rc
rankcut merge|m.rc|2|$S rankcut merge $I/k.rc $I/k.rc -o m.rc
rankcut heatmap|h.png|2|$S rankcut heatmap $I/k.rc --min-samples 1 --out h.png
probcut-fit|k.pc|2|$S abalone probcut-fit --games %N --time-per-move 0.01 --set move_cap=6 -o k.pc
make-suite|ks.txt|2|$S abalone make-suite --positions %N --per-game 1 --time-per-move 0.01 -o ks.txt
make-openings|ko1.txt|2|$S abalone make-openings --count 2 --seed 9 -o ko%N.txt
compare-reference|kr.txt|2|$S abalone compare-reference --suite $I/suite%N.txt --depth 2 -o kr.txt
compare --csv|c.csv|2|$S abalone compare --suite $I/suite1.txt --reference $I/kr.txt --no-time --depth 1 --csv c.csv
compare --chart|c.png|2|$S abalone compare --suite $I/suite1.txt --reference $I/kr.txt --no-time --depth 1 --chart c.png
gen-data|k.data|2|$S abalone gen-data --games %N --nodes 300 --seed 5 -o k.data
net train|k.nnue|2|$S net train $I/k.data -o k.nnue --epochs %N --threads 1 --batch 16 --validation-every 0
match|km|2|$S abalone match --engine a: --engine b:plain -n 300 --games %P -j 1 -o km
match merge|mm|2|$S match merge $I/km $I/km2 -o mm
printsgf (GTP)|p.sgf|0|printf 'boardsize 5\nplay b c3\nprintsgf p.sgf\nquit\n' | $S go gtp
EOF

# A second shard of the match, for match merge.
$S abalone match --engine a: --engine b:plain -n 300 --games 4 --first-game 2 -j 1 -o "$I/km2" \
    >/dev/null 2>&1

# The first runs, in $TMP/ok: every writer works there, and its output is the old file the
# full and read-only cases start from. first_run COMMAND FILE: COMMAND in $TMP/ok, which must
# write FILE.
first_run() {
    (cd "$TMP/ok" && $T sh -c "$1") </dev/null && test -e "$TMP/ok/$2"
}
while IFS='|' read -r name file status cmd; do
    cmd=$(echo "$cmd" | sed 's/%N/1/g; s/%P/2/g')
    check "$name writes" 0 '' -- first_run "$cmd" "$file"
done <"$TMP/writers"

# listing DIR: every folder under DIR, and every file with its checksum and size, sorted.
listing() {
    (cd "$1" && { find . -type d; find . -type f -exec cksum {} +; } | sort)
}

# on_disk KIND NAME FILE STATUS COMMAND: a fresh 1 MiB tmpfs at $D holding $TMP/ok/FILE (but
# for KIND new), then for KIND full or new a filler file up to its last byte, for ro a
# read-only remount; runs COMMAND in $D (in the C locale). It passes when COMMAND ends with
# STATUS naming the reason and not the temporary name it was writing under (FILE and six
# random characters), and $D holds what it held before, byte for byte.
on_disk() {
    kind=$1 name=$2 file=$3 want=$4 cmd=$5
    mount -t tmpfs -o size=1m tmpfs "$D" || { echo "Bail out! cannot mount tmpfs at $D"; exit 1; }
    [ "$kind" = new ] || cp -R "$TMP/ok/$file" "$D/"
    if [ "$kind" != ro ]; then
        dd if=/dev/zero of="$D/filler" bs=4k 2>/dev/null
        reason='No space left on device'
    else
        mount -o remount,ro "$D"
        reason='Read-only file system|its directory is not writable'
    fi
    listing "$D" >"$TMP/before"
    (cd "$D" && LC_ALL=C $T sh -c "$cmd") </dev/null >"$TMP/out" 2>&1
    got=$?
    listing "$D" >"$TMP/after"
    tap_n=$((tap_n + 1))
    if [ $got -eq "$want" ] && grep -Eq "$reason" "$TMP/out" &&
        ! grep -Eq "$file\.[A-Za-z0-9]{6}([^A-Za-z0-9]|\$)" "$TMP/out" &&
        cmp -s "$TMP/before" "$TMP/after"; then
        echo "ok $tap_n $name on a $kind disk"
    else
        echo "not ok $tap_n $name on a $kind disk"
        echo "# wanted status $want, /$reason/, no temporary name, the folder unchanged; got status $got:"
        sed 's/^/#   /' "$TMP/out" | head -10
        diff "$TMP/before" "$TMP/after" | sed 's/^/#   /' | head -10
        tap_failed=1
    fi
    umount "$D"
}

while IFS='|' read -r name file status cmd; do
    cmd=$(echo "$cmd" | sed 's/%N/2/g; s/%P/4/g')
    on_disk new "$name" "$file" "$status" "$cmd"
    on_disk full "$name" "$file" "$status" "$cmd"
    on_disk ro "$name" "$file" "$status" "$cmd"
done <"$TMP/writers"

tap_done
