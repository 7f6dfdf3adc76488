# SPDX-License-Identifier: MIT
# What the commands write, and where (docs/reliability.md): a device is written through and
# stays a device, a FIFO no process reads and a directory are refused, a symbolic link stays a
# link; an output that is one of the command's inputs is refused before any work, however it
# is spelled; make-suite resumes only a suite it made; an output that cannot be written is
# refused before the work; a file rewritten keeps its mode. The devices are private ones made
# with mknod in the test's folder (root only; skipped otherwise), never the machine's /dev.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
T="timeout 60"
DATA=$(cd "$(dirname "$0")/.." && pwd)

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
check "render --out directory" 2 "--out: cannot write '$TMP/dir': it is a directory" -- \
    $T $S abalone render --out "$TMP/dir"
mkdir "$TMP/pics"
ln -s pics/board.png "$TMP/link.png"
check "render --out symbolic link" 0 '' -- $T $S abalone render --out "$TMP/link.png"
holds "the link stays a link" "test -L '$TMP/link.png'"
check "the file it names is written" 0 'PNG' -- head -c 4 "$TMP/pics/board.png"
holds "no file beside the link" "[ \$(ls -A '$TMP/pics' | wc -l) -eq 1 ]"

# An output that is one of the inputs: refused before any work, the input left as it was.
# CASE|FILE|PATTERN|COMMAND, %F the file, %L a hard link to it, %D the file as ./NAME.
$S abalone play --time-per-move 0.01 --set move_cap=4 --record "$TMP/g.txt" --quiet >/dev/null
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' >"$TMP/s.sgf"
cp "$DATA/abalone/data/rankcut.bin" "$TMP/k.rc"
head -3 "$DATA/abalone/data/compare_suite.txt" >"$TMP/suite.txt"
$S abalone gen-data --games 1 --nodes 100 --seed 5 --set move_cap=40 -o "$TMP/d.data" >/dev/null 2>&1
TRAIN="--epochs 1 --validation-every 0 --threads 1 --batch 16"
while IFS='|' read -r name file pattern cmd; do
    cksum <"$TMP/$file" >"$TMP/before"
    rm -f "$TMP/link"
    ln "$TMP/$file" "$TMP/link"
    cmd=$(echo "$cmd" | sed "s|%F|$TMP/$file|g; s|%L|$TMP/link|g; s|%D|./$file|g")
    check "$name" 2 "$pattern.* are the same file" -- sh -c "cd '$TMP' && $T $cmd"
    holds "$name leaves the input" "cksum <'$TMP/$file' | cmp -s - '$TMP/before'"
done <<EOF
net train -o|d.data|-o '$TMP/d.data' and the input '$TMP/d.data'|$S net train %F -o %F $TRAIN
net train -o hard link|d.data|-o '$TMP/link' and the input '$TMP/d.data'|$S net train %F -o %L $TRAIN
render --game --out|g.txt|--out '$TMP/g.txt' and --game '$TMP/g.txt'|$S abalone render --game %F --out %F
go render --sgf --out ./|s.sgf|--out './s.sgf' and --sgf '$TMP/s.sgf'|$S go render --sgf %F --out %D
sgf-check --write|s.sgf|--write '$TMP/link' and the input '$TMP/s.sgf'|$S go sgf-check --write %L %F
go patterns learn -o|s.sgf|--out '$TMP/link' and the input '$TMP/s.sgf'|$S go patterns learn %F -o %L
go patterns learn DIR -o|s.sgf|--out '$TMP/s.sgf' and the input '$TMP/./s.sgf'|$S go patterns learn $TMP/. -o %F
rankcut heatmap --out|k.rc|--out '$TMP/k.rc' and the input '$TMP/k.rc'|$S rankcut heatmap %F --out %F
rankcut merge -o|k.rc|--out '$TMP/link' and the input '$TMP/k.rc'|$S rankcut merge %F %F -o %L
compare --suite --csv|suite.txt|--csv '$TMP/suite.txt' and --suite '$TMP/suite.txt'|$S abalone compare --no-time --depth 1 --suite %F --csv %F
compare --rankcut-file --chart|k.rc|--chart './k.rc' and --rankcut-file '$TMP/k.rc'|$S abalone compare --no-time --depth 1 --rankcut-file %F --chart %D
play --net --record|d.data|--record '$TMP/link' and --net '$TMP/d.data'|$S abalone play --net %F --record %L
EOF

# make-suite resumes only its own suite with the same options; any other file is left as it
# was, byte for byte (a copy of a documentation page used to lose its title and lines).
printf '# Notes\n\nfirst line\nsecond line\nthird line\n' >"$TMP/page.md"
cksum <"$TMP/page.md" >"$TMP/before"
check "make-suite --out a text file" 2 'page.md exists and was not made by this command' -- \
    $T $S abalone make-suite --positions 4 --per-game 1 --time-per-move 0.01 -o "$TMP/page.md"
holds "make-suite leaves the text file" "cksum <'$TMP/page.md' | cmp -s - '$TMP/before'"
printf '# Abalone position suite: sumito abalone make-suite --positions 2 --per-game 1 --time-per-move 0.01 --seed 7\n# games 1\n' >"$TMP/other.txt"
cksum <"$TMP/other.txt" >"$TMP/before"
check "make-suite --out another seed's suite" 2 'other.txt exists and was not made by this command with these options' -- \
    $T $S abalone make-suite --positions 2 --per-game 1 --time-per-move 0.01 -o "$TMP/other.txt"
holds "make-suite leaves that suite" "cksum <'$TMP/other.txt' | cmp -s - '$TMP/before'"
sed 's/--seed 7/--seed 1000001/; s/--positions 2/--positions 5/' "$TMP/other.txt" >"$TMP/own.txt"
echo 'a position' >>"$TMP/own.txt"
check "make-suite resumes its own suite (--positions may differ)" 0 'own.txt: 1 positions from 1 games' -- \
    $T $S abalone make-suite --positions 1 --per-game 1 --time-per-move 0.01 -o "$TMP/own.txt"

# An output that cannot be written is refused before the work: the game is not played.
nowhere=/nonexistent/dir
check "play --record into no folder" 2 "^sumito: --record: cannot write '$nowhere/r.txt': its directory does not exist\$" -- \
    $T $S abalone play --time-per-move 0.01 --set move_cap=4 --record "$nowhere/r.txt" --quiet
cp "$TMP/out" "$TMP/play.out"
holds "play --record into no folder plays nothing" "[ \$(wc -l <'$TMP/play.out') -eq 1 ]"
while IFS='|' read -r name option cmd; do
    check "$name into no folder" 2 "$option: cannot write '$nowhere/x': its directory does not exist" -- \
        sh -c "$T $cmd"
done <<EOF
compare --csv|--csv|$S abalone compare --no-time --depth 1 --suite $TMP/suite.txt --csv $nowhere/x
sgf-check --write|--write|$S go sgf-check --write $nowhere/x $TMP/s.sgf
rankcut merge|--out|$S rankcut merge $TMP/k.rc -o $nowhere/x
rankcut heatmap|--out|$S rankcut heatmap $TMP/k.rc --out $nowhere/x
probcut merge|--out|$S probcut merge $TMP/k.pc -o $nowhere/x
go render|--out|$S go render --sgf $TMP/s.sgf --out $nowhere/x
go patterns learn|--out|$S go patterns learn $TMP/s.sgf --out $nowhere/x
EOF

# A file rewritten keeps its mode.
: >"$TMP/r.txt"
chmod 600 "$TMP/r.txt"
check "play --record over a 0600 file" 0 'Game over' -- \
    $T $S abalone play --time-per-move 0.01 --set move_cap=4 --record "$TMP/r.txt" --quiet
check "the record stays 0600" 0 '^600$' -- stat -c %a "$TMP/r.txt"

tap_done
