# SPDX-License-Identifier: MIT
# `sumito go render`: pictures written where asked, and bad input of every kind refused with a
# message and exit status 2, leaving no file (and no temporary file) behind.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
SGF9="$(dirname "$0")/data/go_gnugo_9.sgf"
SGF19="$(dirname "$0")/data/go_gnugo_19.sgf"
OUT=$TMP/pictures # tap.sh keeps each command's output in $TMP/out
mkdir "$OUT"

# check_png NAME FILE WIDTH: FILE is a PNG file whose IHDR says WIDTH pixels wide.
check_png() {
    tap_n=$((tap_n + 1))
    sig=$(od -An -tx1 -N8 "$2" 2>/dev/null | tr -d ' \n')
    width=$(od -An -tu1 -j16 -N4 "$2" 2>/dev/null | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
    if [ "$sig" = 89504e470d0a1a0a ] && [ "$width" = "$3" ]; then
        echo "ok $tap_n $1"
    else
        echo "not ok $tap_n $1"
        echo "# $2: signature '$sig', width '$width', wanted width $3"
        tap_failed=1
    fi
}

# check_empty NAME: nothing at all in $OUT (no picture, no temporary file).
check_empty() {
    tap_n=$((tap_n + 1))
    if [ -z "$(ls -A "$OUT")" ]; then
        echo "ok $tap_n $1"
    else
        echo "not ok $tap_n $1"
        ls -A "$OUT" | sed 's/^/#   left behind: /'
        tap_failed=1
    fi
}

check "empty board" 0 'a.png: 800 x [0-9]+ pixels, 19x19 board after 0 moves' -- $S go render --out "$OUT/a.png"
check_png "empty png" "$OUT/a.png" 800
for n in 2 9 13; do
    check "size $n" 0 "s$n.png: 500 x [0-9]+ pixels, ${n}x$n board" -- \
        $S go render --board-size $n --pixels 500 --out "$OUT/s$n.png"
    check_png "size $n png" "$OUT/s$n.png" 500
done
check "moves" 0 'm.png: 300 x .* after 3 moves' -- $S go render --board-size 5 --moves 'C3 B3 pass' \
    --pixels 300 --out "$OUT/m.png"
check "sgf move" 0 'g.png: 800 x [0-9]+ pixels, 19x19 board after 150 moves' -- \
    $S go render --sgf "$SGF19" --move 150 --out "$OUT/g.png"
check_png "sgf png" "$OUT/g.png" 800
check "sgf end numbers" 0 'n.png: 640 x .* after 48 moves' -- \
    $S go render --sgf "$SGF9" --numbers --pixels 640 --out "$OUT/n.png"
check "sgf start, tiny" 0 't.png: 64 x 64 pixels' -- $S go render --sgf "$SGF9" --move 0 --pixels 64 --out "$OUT/t.png"
check_png "tiny png" "$OUT/t.png" 64
check "strip" 0 'e.png: 6 positions' -- $S go render --sgf "$SGF9" --strip --every 10 --out "$OUT/e.png"
check_png "strip png" "$OUT/e.png" 1200
check "strip numbers columns" 0 'f.png: 11 positions' -- \
    $S go render --sgf "$SGF9" --strip --every 5 --columns 4 --numbers --pixels 800 --out "$OUT/f.png"
check "frames" 0 '49 frames' -- $S go render --sgf "$SGF9" --frames "$OUT/frames" --pixels 100
check "frame count" 0 '^49$' -- sh -c "ls '$OUT/frames' | grep -c '^frame-[0-9][0-9][0-9][0-9][.]png$'"
check_png "last frame" "$OUT/frames/frame-0048.png" 100
check "pv" 0 'v.png: 400 x .* after 150 moves' -- \
    $S go render --sgf "$SGF19" --move 150 --pv 'A1 B1 pass A2' --pixels 400 --out "$OUT/v.png"
check_png "pv png" "$OUT/v.png" 400
check "pv from --move" 0 'w.png: 300 x .* after 1 moves' -- \
    $S go render --board-size 9 --moves 'E5 D5' --move 1 --pv 'D5 D4' --pixels 300 --out "$OUT/w.png"
check "ownership" 0 'o.png: 500 x [0-9]+ pixels, 9x9 board after 48 moves' -- \
    $S go render --sgf "$SGF9" --ownership 300 --pixels 500 --out "$OUT/o.png"
check_png "ownership png" "$OUT/o.png" 500
check "bench" 0 'render 800 x [0-9]+: median [0-9.]+ ms' -- $S go render --sgf "$SGF19" --move 150 --bench --repeat 3
check "help" 0 'Usage' -- $S go render --help
check "listed" 0 'render +draw positions and games' -- $S go --help
rm -rf "$OUT"/* "$OUT"/.[!.]*
check_empty "clean start"

# Bad input: status 2, a message, nothing written.
check "missing out" 2 'missing --out FILE.png' -- $S go render --board-size 9
check "zero size" 2 '--board-size must be 2 to 19, not 0' -- $S go render --board-size 0 --out "$OUT/x.png"
check "size 20" 2 '--board-size must be 2 to 19, not 20' -- $S go render --board-size 20 --out "$OUT/x.png"
check "zero pixels" 2 '--pixels must be 64 to 8192, not 0' -- $S go render --pixels 0 --out "$OUT/x.png"
check "absurd pixels" 2 '--pixels must be 64 to 8192, not 100000' -- \
    $S go render --pixels 100000 --out "$OUT/x.png"
check "pixels text" 2 'Cannot parse integer' -- $S go render --pixels big --out "$OUT/x.png"
check "move past end" 2 '--move 49 is past the end of the game \(48 moves\)' -- \
    $S go render --sgf "$SGF9" --move 49 --out "$OUT/x.png"
check "negative move" 2 '--move must be 0 or more' -- $S go render --sgf "$SGF9" --move -1 --out "$OUT/x.png"
check "move without game" 2 '--move needs a game' -- $S go render --move 3 --out "$OUT/x.png"
check "strip without game" 2 '--strip needs a game' -- $S go render --strip --out "$OUT/x.png"
check "frames without game" 2 '--frames needs a game' -- $S go render --frames "$OUT/f"
check "strip and frames" 2 'exclude each other' -- $S go render --sgf "$SGF9" --strip --frames "$OUT/f"
check "sgf and size" 2 '--sgf excludes --board-size' -- $S go render --sgf "$SGF9" --board-size 9 --out "$OUT/x.png"
check "zero ownership" 2 '--ownership must be 1 to 1000000 playouts, not 0' -- \
    $S go render --board-size 9 --ownership 0 --out "$OUT/x.png"
check "ownership text" 2 'Cannot parse integer' -- $S go render --ownership many --out "$OUT/x.png"
check "every without strip" 2 '--every and --columns go with --strip' -- $S go render --every 3 --out "$OUT/x.png"
check "bad every" 2 '--every must be 1 to 100000, not 0' -- \
    $S go render --sgf "$SGF9" --strip --every 0 --out "$OUT/x.png"
check "narrow strip" 2 'narrower than 64 pixels' -- $S go render --sgf "$SGF9" --strip --columns 30 --out "$OUT/x.png"
check "illegal moves" 2 'move 2: White D4 is illegal' -- $S go render --moves 'D4 D4' --out "$OUT/x.png"
check "garbage moves" 2 'move 1: ' -- $S go render --moves 'Z99' --out "$OUT/x.png"
check "illegal pv" 2 "--pv move 2: White E5 is illegal \\(the point is occupied\\)" -- \
    $S go render --board-size 9 --pv 'E5 E5' --out "$OUT/x.png"
check "long pv" 2 '--pv moves: at most 99' -- \
    $S go render --board-size 9 --pv "$(printf 'pass %.0s' $(seq 100))" --out "$OUT/x.png"
check "garbage pv" 2 "--pv move 1: " -- $S go render --board-size 9 --pv 'I5' --out "$OUT/x.png"
check "pv at --move" 2 "--pv move 1: White E5 is illegal \\(the point is occupied\\)" -- \
    $S go render --board-size 9 --moves 'E5 D5' --move 1 --pv 'E5' --out "$OUT/x.png"
check "pv with strip" 2 '--pv draws on one position, not --strip or --frames' -- \
    $S go render --sgf "$SGF9" --strip --pv A1 --out "$OUT/x.png"
check "missing sgf" 2 'none.sgf' -- $S go render --sgf "$OUT/none.sgf" --out "$OUT/x.png"
printf '(;GM[1]FF[4]SZ[9];B[ee];W[ee])' >"$TMP/illegal.sgf"
check "illegal sgf" 2 'illegal.sgf:1:' -- $S go render --sgf "$TMP/illegal.sgf" --out "$OUT/x.png"
printf '(;GM[1]FF[4]SZ[9];B[ee];W[' >"$TMP/cut.sgf"
check "truncated sgf" 2 'cut.sgf:1:' -- $S go render --sgf "$TMP/cut.sgf" --out "$OUT/x.png"
printf 'not sgf at all' >"$TMP/junk.sgf"
check "junk sgf" 2 'junk.sgf' -- $S go render --sgf "$TMP/junk.sgf" --out "$OUT/x.png"
check "extra argument" 2 "unexpected argument 'x'" -- $S go render --out "$OUT/x.png" x
check "unwritable directory" 2 "--out: cannot write '$OUT/no/such/dir/x.png': its directory does not exist" -- \
    $S go render --out "$OUT/no/such/dir/x.png"
check "out is a directory" 2 "cannot write '$OUT': it is a directory" -- $S go render --out "$OUT"
check_empty "nothing left behind"
printf 'x' >"$OUT/plain"
check "parent is a file" 2 'Not a directory' -- $S go render --out "$OUT/plain/x.png"
check "frames into a file" 2 "cannot create directory '$OUT/plain'" -- \
    $S go render --sgf "$SGF9" --frames "$OUT/plain"
rm "$OUT/plain"
check_empty "still nothing left behind"

# A failed run leaves an existing picture as it was.
printf 'old' >"$OUT/keep.png"
check "failure keeps old file" 2 'past the end' -- $S go render --sgf "$SGF9" --move 999 --out "$OUT/keep.png"
check "old file intact" 0 '^old$' -- cat "$OUT/keep.png"
check "success replaces it" 0 'keep.png: 300 x' -- $S go render --board-size 13 --pixels 300 --out "$OUT/keep.png"
check_png "replaced png" "$OUT/keep.png" 300
check "only the picture" 0 '^keep.png$' -- ls -A "$OUT"

tap_done
