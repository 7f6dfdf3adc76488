# SPDX-License-Identifier: MIT
# gen-data: a small shard, its resume after the file's last game, the same games from the same
# command, shards that make the same data as one run, labels from a net, and bad options
# (exit status 2). The shards train a net, which labels more data. The pair feature set: the
# same games with more features, a net trained on them that plays. Go: 9x9 data labelled by
# the search or by random playouts, the same for the same command, and a net trained on it.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "two games" 0 'a.data: 2 games, [0-9]+ positions written' -- \
    $S abalone gen-data --games 2 --nodes 300 --set hash=1 -o "$TMP/a.data"
check "complete already" 0 'already holds games 0 to 1' -- \
    $S abalone gen-data --games 2 --nodes 300 --set hash=1 -o "$TMP/a.data"
check "resume after game 1" 0 'resuming .*a.data after game 1' -- \
    $S abalone gen-data --games 3 --nodes 300 --set hash=1 -o "$TMP/a.data"
check "one run" 0 'b.data: 3 games' -- \
    $S abalone gen-data --games 3 --nodes 300 --set hash=1 -o "$TMP/b.data"
# The same games whether resumed or in one run (the headers differ only in the command kept).
check "resumed file is the one-run file" 0 '^same$' -- sh -c \
    "$S net data-info '$TMP/a.data' | grep -v '^ *sumito\|^/' >'$TMP/a.info' &&
     $S net data-info '$TMP/b.data' | grep -v '^ *sumito\|^/' >'$TMP/b.info' &&
     cmp '$TMP/a.info' '$TMP/b.info' && echo same"
check "shard" 0 'c.data: 1 games' -- \
    $S abalone gen-data --games 1 --first-game 2 --nodes 300 --set hash=1 -o "$TMP/c.data"
check "data-info" 0 'records [0-9]+ in 3 games' -- $S net data-info "$TMP/a.data"
check "the shard's game" 0 'records [0-9]+ in 1 games' -- $S net data-info "$TMP/c.data"
check "depth labels" 0 'd.data: 1 games' -- \
    $S abalone gen-data --games 1 --nodes 0 --depth 2 --set hash=1 -o "$TMP/d.data"
check "a net from the shards" 0 'records in 4 games from 2 files' -- \
    $S net train "$TMP/a.data" "$TMP/c.data" --epochs 2 --batch 64 --validation-every 0 \
    -o "$TMP/t.nnue"
check "net labels" 0 'e.data: 1 games' -- \
    $S abalone gen-data --games 1 --nodes 300 --set hash=1 --net "$TMP/t.nnue" -o "$TMP/e.data"
check "net labels' provenance" 0 'gen-data .*--net' -- $S net data-info "$TMP/e.data"
# Abalone's default search has ProbCut on; with a net no calibration is built in for, it idles
# and says so.
check "ProbCut idles with a net of one's own" 0 "probcut idle: no calibration of evaluator 'abalone-net-[0-9a-f]{12}'" -- \
    $S abalone analyse --net "$TMP/t.nnue" --depth 2

check "pair features" 0 'p.data: 2 games' -- \
    $S abalone gen-data --games 2 --nodes 300 --set hash=1 --features abalone-pairs-v1 -o "$TMP/p.data"
check "pair features' header" 0 'feature set abalone-pairs-v1, 758 inputs, 12 symmetries' -- \
    $S net data-info "$TMP/p.data"
# The same positions as the first two games of the cell set's file.
check "the same games" 0 '^same$' -- sh -c \
    "$S abalone gen-data --games 2 --nodes 300 --set hash=1 -o '$TMP/p1.data' >/dev/null &&
     $S net data-info '$TMP/p.data' | grep -E '^  (records|noisy|results|score)' >'$TMP/p.info' &&
     $S net data-info '$TMP/p1.data' | grep -E '^  (records|noisy|results|score)' >'$TMP/p1.info' &&
     cmp '$TMP/p.info' '$TMP/p1.info' && echo same"
check "a pair net" 0 'records in 2 games from 1 files' -- \
    $S net train "$TMP/p.data" --epochs 1 --batch 64 --validation-every 0 -o "$TMP/p.nnue"
check "the pair net plays" 0 '^bestmove ' -- \
    sh -c "printf 'position layout belgian\ngo depth 3\nquit\n' | $S abalone aep --net '$TMP/p.nnue' | grep bestmove"
check "pair data in a cell file" 2 "does not match the generator's features: feature set 'abalone-pairs-v1' against 'abalone-cells-v1'" -- \
    $S abalone gen-data --games 3 --nodes 300 --set hash=1 -o "$TMP/p.data"
check "unknown features" 2 "--features 'nope': no such feature set \(Abalone has: abalone-cells-v1, abalone-pairs-v1\)" -- \
    $S abalone gen-data --games 1 --features nope -o "$TMP/x.data"

check "no out" 2 '--out FILE is required' -- $S abalone gen-data --games 1
check "bad games" 2 '--games must be 1 to' -- $S abalone gen-data --games 0 -o "$TMP/x.data"
check "no limit" 2 '--nodes 0 needs --depth' -- $S abalone gen-data --nodes 0 -o "$TMP/x.data"
check "bad net" 2 'x.nnue' -- $S abalone gen-data --net "$TMP/x.nnue" -o "$TMP/x.data"
printf 'not a data file\n' >"$TMP/junk.data"
check "foreign file" 2 'junk.data' -- $S abalone gen-data --games 1 -o "$TMP/junk.data"
check "abalone has no playout labels" 2 'Unknown option --label-playouts' -- \
    $S abalone gen-data --games 1 --label-playouts 8 -o "$TMP/x.data"

# Go: 9x9 only, labelled by the search or by playouts; the same command makes the same data.
check "go: two games" 0 'g.data: 2 games, [0-9]+ positions written' -- \
    $S go gen-data --games 2 --nodes 300 --set hash=1 -o "$TMP/g.data"
check "go: header" 0 'feature set go9-libs-v1, 650 inputs, 8 symmetries' -- $S net data-info "$TMP/g.data"
check "go: playout labels" 0 'gl.data: 2 games' -- \
    $S go gen-data --games 2 --nodes 300 --set hash=1 --label-playouts 16 -o "$TMP/gl.data"
check "go: playout labels again" 0 'gl2.data: 2 games' -- \
    $S go gen-data --games 2 --nodes 300 --set hash=1 --label-playouts 16 -o "$TMP/gl2.data"
check "go: the same labels" 0 '^same$' -- sh -c \
    "$S net data-info '$TMP/gl.data' | grep -E '^  (records|noisy|results|score)' >'$TMP/gl.info' &&
     $S net data-info '$TMP/gl2.data' | grep -E '^  (records|noisy|results|score)' >'$TMP/gl2.info' &&
     cmp '$TMP/gl.info' '$TMP/gl2.info' && echo same"
# The same games, other scores: the labels are the playouts', not the search's.
check "go: labels not the search's" 0 '^differ$' -- sh -c \
    "$S net data-info '$TMP/g.data' | grep -E '^  (records|score)' >'$TMP/g.info' &&
     grep -q \"\$(grep '^  records' '$TMP/g.info')\" '$TMP/gl.info' &&
     ! cmp -s '$TMP/g.info' '$TMP/gl.info' && echo differ"
check "go: a net from the data" 0 'records in 2 games from 1 files' -- \
    $S net train "$TMP/gl.data" --epochs 1 --batch 64 --validation-every 0 --include-noisy -o "$TMP/g.nnue"
check "go: the net evaluates" 0 'rankcut off \(no statistics\)' -- \
    $S go analyse --set search=alphabeta --net "$TMP/g.nnue" --depth 2
check "go: the net's evaluator" 0 "not 'go-net-[0-9a-f]{12}'" -- sh -c \
    "$S go make-suite --positions 2 --per-game 2 --time-per-move 0.01 --out '$TMP/gs.txt' >/dev/null &&
     $S go compare-reference --suite '$TMP/gs.txt' --depth 2 --out '$TMP/gr.txt' >/dev/null &&
     $S go compare --suite '$TMP/gs.txt' --reference '$TMP/gr.txt' -d 1 -C 'n:net=$TMP/g.nnue'"
check "go: an Abalone net refused" 2 "feature set 'abalone-cells-v1'" -- \
    $S go analyse --set search=alphabeta --net "$(ls abalone/data/abalone-*.nnue | head -1)" --depth 1
check "go: 9x9 only" 2 "the net's features are for 9x9 boards only, not --size 13" -- \
    $S go gen-data --games 1 --size 13 -o "$TMP/x.data"
check "go: bad playouts" 2 '--label-playouts must be 0 to 100000' -- \
    $S go gen-data --games 1 --label-playouts -1 -o "$TMP/x.data"
tap_done
