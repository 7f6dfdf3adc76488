# SPDX-License-Identifier: MIT
# `sumito abalone review`: a planted blunder found in the table, the annotated record read back
# by replay, the pictures written, and bad files, budgets and outputs refused with status 2.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
MIGS="$(dirname "$0")/data/migs-sample-100.apgn"

# Black misses the ejection that wins (a1a2) with c1d1; White's reply saves the marble.
PLANTED='wwwww/2ww2/7/8/9/bbbbbbbb/bbb4/6/bbbww b 0'
printf '[Event "planted"]\n[Black "b"]\n[White "w"]\n[Site "kept"]\n[SetUp "1"]\n' \
    >"$TMP/planted.apgn"
printf '[Position "%s"]\n\n1. c1d1 {a comment} a4b5 2. d8e8 *\n' "$PLANTED" >>"$TMP/planted.apgn"
R="$S abalone review --nodes 20000"
check "blunder marked" 0 '^ +1 Black c1d1 +\+[0-9]+ a1a2 +\+6000 +[0-9]+ +[0-9.]+ +blunder$' -- \
    $R "$TMP/planted.apgn"
check "good reply not marked" 0 '^ +2 White a4b5 +-[0-9]+ .* [0-9]+ +[0-9.]+ *$' -- \
    $R "$TMP/planted.apgn"
check "player summary" 0 '^Black \(b\): 2 moves, mean loss [0-9]+, .*, blunders 1$' -- \
    $R "$TMP/planted.apgn"

# The annotated record: every tag and comment kept, read back by replay.
check "annotated written" 0 'blunder' -- $R "$TMP/planted.apgn" --out "$TMP/annotated.apgn"
check "annotated keeps tags" 0 '^\[Site "kept"\]$' -- cat "$TMP/annotated.apgn"
check "annotated comments" 0 '\{a comment review: score \+[0-9]+, better a1a2 \+6000, loss' -- \
    cat "$TMP/annotated.apgn"
check "annotated replays" 0 'annotated.apgn: 3 moves, all legal' -- \
    $S abalone replay "$TMP/annotated.apgn"

# The pictures.
check "pictures written" 0 'blunder' -- \
    $R "$TMP/planted.apgn" --chart "$TMP/chart.png" --sheet "$TMP/sheet.png"
check "chart is a PNG" 0 '89 50 4e 47 0d 0a 1a 0a' -- od -An -tx1 -N8 "$TMP/chart.png"
check "sheet is a PNG" 0 '89 50 4e 47 0d 0a 1a 0a' -- od -An -tx1 -N8 "$TMP/sheet.png"

# Ctrl-C during one game's review: nothing written, status 130.
check "one game: ctrl-c" 130 'interrupted: nothing written' -- \
    timeout --preserve-status -s INT 1 $S abalone review --nodes 100000000 "$TMP/planted.apgn" \
    --out "$TMP/stopped.apgn"
check "one game: ctrl-c writes nothing" 0 '^absent$' -- \
    sh -c "test -e '$TMP/stopped.apgn' || echo absent"

# Refusals: nothing is searched, nothing written.
check "no such file" 2 'nothing.apgn' -- $R "$TMP/nothing.apgn"
printf '[Variant "belgian"]\n\n1. a1b2 zz99 *\n' >"$TMP/bad.apgn"
check "bad record" 2 "bad.apgn:3:9: move 1 \(White\) 'zz99'" -- $R "$TMP/bad.apgn"
check "game index too large" 2 'there is no game 101' -- $R --game-index 101 "$MIGS"
check "zero nodes" 2 '--nodes must be positive, not 0' -- $R --nodes 0 "$TMP/planted.apgn"
check "negative time" 2 '--time-per-move must be above 0' -- \
    $S abalone review --time-per-move -1 "$TMP/planted.apgn"
check "nan time" 2 '--time-per-move must be above 0' -- \
    $S abalone review --time-per-move nan "$TMP/planted.apgn"
check "bad depth" 2 '--depth must be 1 to' -- $S abalone review --depth 0 "$TMP/planted.apgn"
check "thresholds out of order" 2 'the thresholds must grow' -- \
    $R --mistake 900 "$TMP/planted.apgn"
check "hex nodes" 2 'decimal digits only' -- $R --nodes 0x10 "$TMP/planted.apgn"
cp "$TMP/planted.apgn" "$TMP/copy.apgn"
check "out is the input" 2 'planted.apgn' -- $R "$TMP/planted.apgn" --out "$TMP/planted.apgn"
check "input kept" 0 '^same$' -- sh -c "cmp '$TMP/planted.apgn' '$TMP/copy.apgn' && echo same"
check "chart is the input" 2 'chart' -- $R "$TMP/planted.apgn" --chart "$TMP/planted.apgn"
check "out into a missing folder" 2 'nowhere' -- $R "$TMP/planted.apgn" --out "$TMP/nowhere/x"
check "bad engine parameter" 2 'nosuch' -- $R --set nosuch=1 "$TMP/planted.apgn"


# Many games: three of the sample at a tiny budget, each player's figures.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 6' "$MIGS" >"$TMP/three.apgn"
RM="$S abalone review --nodes 1000"
$RM "$TMP/three.apgn" --out "$TMP/all.txt" >"$TMP/many.out" 2>&1
check "many: a row a player" 0 '^aze +2 +[0-9]+ +[0-9]+ ' -- cat "$TMP/many.out"
check "many: one game each" 0 '^budgie +1 +43 ' -- cat "$TMP/many.out"
check "many: summary" 0 '^3 games reviewed \(0 refused\), 368 moves$' -- cat "$TMP/many.out"
check "many: a line a game" 0 '^3$' -- sh -c "grep -c '^[0-9]' '$TMP/all.txt'"
check "many: no drawing" 2 '--chart and --sheet draw one game' -- \
    $RM "$TMP/three.apgn" --chart "$TMP/c.png"
check "many: first game out of the file" 2 '--first-game 3: .* holds 3 games' -- \
    $RM "$TMP/three.apgn" --first-game 3
# A run stopped after one game, resumed: the same file as one run.
check "resume: one game" 0 '^1 games reviewed' -- \
    $RM "$TMP/three.apgn" --games 1 --out "$TMP/part.txt"
check "resume: the rest" 0 'resuming .*part.txt: 2 of games 1 to 3' -- \
    $RM "$TMP/three.apgn" --out "$TMP/part.txt"
check "resume: same results" 0 '^same$' -- sh -c "cmp '$TMP/part.txt' '$TMP/all.txt' && echo same"
check "resume: other options refused" 2 'exists and was not made by this command' -- \
    $S abalone review --nodes 999 "$TMP/three.apgn" --out "$TMP/part.txt"
# Ctrl-C: the games finished are kept, and the same command completes them.
check "ctrl-c: status 130" 130 'interrupted: the games finished are in' -- \
    timeout --preserve-status -s INT 2 $S abalone review --nodes 10000 "$TMP/three.apgn" \
    --out "$TMP/int.txt"
$S abalone review --nodes 10000 "$TMP/three.apgn" --out "$TMP/int.txt" >/dev/null 2>&1
$S abalone review --nodes 10000 "$TMP/three.apgn" --out "$TMP/one.txt" >/dev/null 2>&1
check "ctrl-c: resumed as one run" 0 '^same$' -- \
    sh -c "cmp '$TMP/int.txt' '$TMP/one.txt' && echo same"
# A damaged game is named, recorded as refused, and the others reviewed.
sed '33s/^1\. a1b2 a5b5/1. a1b2 zz99/' "$TMP/three.apgn" >"$TMP/damaged.apgn"
$RM "$TMP/damaged.apgn" >"$TMP/many.out" 2>&1
check "many: damaged game named" 0 "game 2 refused: .*damaged.apgn:[0-9]+:9: move 1 \(White\)" -- \
    cat "$TMP/many.out"
check "many: damaged counted" 0 '^2 games reviewed \(1 refused\)' -- cat "$TMP/many.out"
# Shards: two shards merged give the one run's file.
cd "$TMP" || exit 1
for k in 0 1; do $S shard $k/2 abalone review three.apgn --games 3 --nodes 1000 --out sh.txt \
    >/dev/null 2>&1; done
$RM three.apgn --out sh1.txt >/dev/null 2>&1
check "shards merged" 0 'sh.txt: 2 shards merged' -- \
    $S shard merge 2 abalone review three.apgn --games 3 --nodes 1000 --out sh.txt
check "shards: one run's results" 0 '^same$' -- sh -c "cmp sh.txt sh1.txt && echo same"
rm sh.txt.shards/1.done
check "shards: unfinished refused" 2 'shard 1 of 2 has not finished' -- \
    $S shard merge 2 abalone review three.apgn --games 3 --nodes 1000 --out sh.txt
$S shard 1/2 abalone review three.apgn --games 3 --nodes 1000 --out sh.txt >/dev/null 2>&1
sed -i '1s/--nodes 1000/--nodes 999/' sh.txt.shards/1
check "shards: other options refused" 2 'sh.txt.shards/1 was made with other options' -- \
    $S shard merge 2 abalone review three.apgn --games 3 --nodes 1000 --out sh.txt

tap_done
