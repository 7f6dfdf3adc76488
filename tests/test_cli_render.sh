# SPDX-License-Identifier: MIT
# `sumito abalone render`: pictures written where asked, and bad input of every kind refused
# with a message and exit status 2, leaving no file (and no temporary file) behind.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
GAME="$(dirname "$0")/data/abalone_random_game.txt"
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

check "layout" 0 'a.png: 800 x [0-9]+ pixels' -- $S abalone render --layout belgian --out "$OUT/a.png"
check_png "layout png" "$OUT/a.png" 800
check "position, width" 0 'b.png: 321 x' -- $S abalone render --pixels 321 \
    --position 'wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0' --out "$OUT/b.png"
check_png "position png" "$OUT/b.png" 321
check "game move pv" 0 'c.png: 800 x' -- $S abalone render --game "$GAME" --move 100 \
    --pv 'c6d7 b5b4 d3e3' --out "$OUT/c.png"
check_png "game png" "$OUT/c.png" 800
check "game end, tiny" 0 'd.png: 64 x' -- $S abalone render --game "$GAME" --pixels 64 --plain --out "$OUT/d.png"
check_png "tiny png" "$OUT/d.png" 64
check "strip" 0 'e.png: 19 positions' -- $S abalone render --game "$GAME" --strip --every 10 --out "$OUT/e.png"
check_png "strip png" "$OUT/e.png" 1200
check "frames" 0 '175 frames' -- $S abalone render --game "$GAME" --frames "$OUT/frames" --pixels 100
check "frame count" 0 '^175$' -- sh -c "ls '$OUT/frames' | grep -c '^frame-[0-9][0-9][0-9][0-9][.]png$'"
check_png "last frame" "$OUT/frames/frame-0174.png" 100
check "bench" 0 'render 800 x [0-9]+: median [0-9.]+ ms' -- $S abalone render --bench --repeat 3
check "help" 0 'Usage' -- $S abalone render --help
# make run: one game, its record and its pictures.
check "demo" 0 "Pictures: $OUT/run/final.png \\(the final position, last move marked\\)" -- \
    $S demo --dir "$OUT/run" --time-per-move 0.01
check_png "demo final" "$OUT/run/final.png" 800
check_png "demo strip" "$OUT/run/strip.png" 1200
check "demo record" 0 'moves, all legal' -- $S abalone replay "$OUT/run/game.txt"
printf 'x' >"$OUT/file"
check "demo bad dir" 2 "cannot create directory $OUT/file/run" -- $S demo --dir "$OUT/file/run"
rm -rf "$OUT"/* "$OUT"/.[!.]*
check_empty "clean start"

# Bad input: status 2, a message, nothing written.
check "missing out" 2 'missing --out FILE.png' -- $S abalone render --layout standard
check "zero pixels" 2 '--pixels must be 64 to 8192, not 0' -- $S abalone render --pixels 0 --out "$OUT/x.png"
check "absurd pixels" 2 '--pixels must be 64 to 8192, not 100000' -- \
    $S abalone render --pixels 100000 --out "$OUT/x.png"
check "pixels text" 2 'Cannot parse integer' -- $S abalone render --pixels big --out "$OUT/x.png"
check "move past end" 2 '--move 175 is past the end of the game \(174 moves\)' -- \
    $S abalone render --game "$GAME" --move 175 --out "$OUT/x.png"
check "negative move" 2 '--move must be 0 or more' -- $S abalone render --game "$GAME" --move -1 --out "$OUT/x.png"
check "move without game" 2 '--move needs --game' -- $S abalone render --move 3 --out "$OUT/x.png"
check "strip without game" 2 '--strip needs --game' -- $S abalone render --strip --out "$OUT/x.png"
check "frames without game" 2 '--frames needs --game' -- $S abalone render --frames "$OUT/f"
check "strip and frames" 2 'exclude each other' -- $S abalone render --game "$GAME" --strip --frames "$OUT/f"
check "game and layout" 2 '--game excludes --layout' -- $S abalone render --game "$GAME" --layout standard --out "$OUT/x.png"
check "every without strip" 2 '--every and --columns go with --strip' -- $S abalone render --every 3 --out "$OUT/x.png"
check "bad every" 2 '--every must be 1 to 100000, not 0' -- $S abalone render --game "$GAME" --strip --every 0 --out "$OUT/x.png"
check "narrow strip" 2 'narrower than 64 pixels' -- $S abalone render --game "$GAME" --strip --columns 30 --out "$OUT/x.png"
check "illegal pv" 2 "--pv move 2 'a1a2'" -- $S abalone render --layout standard --pv 'a1b2 a1a2' --out "$OUT/x.png"
check "garbage pv" 2 "--pv move 1 'zz'" -- $S abalone render --layout standard --pv 'zz' --out "$OUT/x.png"
check "pv with strip" 2 '--pv draws on one position' -- $S abalone render --game "$GAME" --strip --pv a1b2 --out "$OUT/x.png"
check "bad layout" 2 "unknown layout 'square'" -- $S abalone render --layout square --out "$OUT/x.png"
check "bad position" 2 'row A has 4 cells' -- \
    $S abalone render --position 'wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb b' --out "$OUT/x.png"
check "missing game" 2 'none.txt' -- $S abalone render --game "$OUT/none.txt" --out "$OUT/x.png"
check "extra argument" 2 "unexpected argument 'x'" -- $S abalone render --out "$OUT/x.png" x
check "unwritable directory" 2 "--out: cannot write '$OUT/no/such/dir/x.png': its directory does not exist" -- \
    $S abalone render --out "$OUT/no/such/dir/x.png"
check "out is a directory" 2 "cannot write '$OUT': it is a directory" -- $S abalone render --out "$OUT"
check_empty "nothing left behind"
printf 'x' >"$OUT/plain"
check "parent is a file" 2 'Not a directory' -- $S abalone render --out "$OUT/plain/x.png"
check "frames into a file" 2 "cannot create directory '$OUT/plain'" -- \
    $S abalone render --game "$GAME" --frames "$OUT/plain"
rm "$OUT/plain"
check_empty "still nothing left behind"

# A failed run leaves an existing picture as it was.
printf 'old' >"$OUT/keep.png"
check "failure keeps old file" 2 'past the end' -- $S abalone render --game "$GAME" --move 999 --out "$OUT/keep.png"
check "old file intact" 0 '^old$' -- cat "$OUT/keep.png"
check "success replaces it" 0 'keep.png: 300 x' -- $S abalone render --layout german --pixels 300 --out "$OUT/keep.png"
check_png "replaced png" "$OUT/keep.png" 300
check "only the picture" 0 '^keep.png$' -- ls -A "$OUT"

tap_done
