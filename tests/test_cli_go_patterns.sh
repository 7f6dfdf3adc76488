# SPDX-License-Identifier: MIT
# Go's learned 3x3 pattern weights from the command line: `go patterns learn` on two small
# SGF games (one given as a folder) writes a weights file that `go patterns test` reads back
# and ranks moves with; the same game twice is counted once; a missing output, a record that
# is not SGF and weights files with a bad header, a bad line or over the size limit are
# refused with status 2 and the reason; the built-in weights are the default of test.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
D=$(dirname "$0")/data

mkdir "$TMP/games"
cp "$D/go_gnugo_9.sgf" "$TMP/games/game-00000.sgf"
printf '(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[ce];B[gc];W[gg];B[cc];W[eg];B[dd];W[ge]\n;B[fd];W[hc];B[hb];W[ic];B[gf];W[hf];B[ff];W[fg];B[de];W[cf];B[df];W[dg])\n' \
    >"$TMP/small.sgf"
check "learn from a file and a folder" 0 \
    '^2 games \(0 duplicates skipped\), [0-9]+ positions, [0-9]+ patterns' -- \
    $S go patterns learn "$TMP/small.sgf" "$TMP/games" -o "$TMP/w.txt" --min-count 1
check "the weights file has its header" 0 '^sumito go patterns 1$' -- head -1 "$TMP/w.txt"
check "the weights file counts the games" 0 '^games 2$' -- cat "$TMP/w.txt"
check "test reads the weights back" 0 '^learned weights +[0-9.]+% +[0-9.]+%$' -- \
    $S go patterns test --weights "$TMP/w.txt" "$TMP/small.sgf"
check "test prints the baselines" 0 '^uniform +[0-9.]+% +[0-9.]+%$' -- \
    $S go patterns test --weights "$TMP/w.txt" "$TMP/small.sgf"
check "the same game twice counts once" 0 '^1 games \(1 duplicates skipped\)' -- \
    $S go patterns test --weights "$TMP/w.txt" "$TMP/small.sgf" "$TMP/small.sgf"
check "test with the built-in weights" 0 'weights built-in' -- \
    $S go patterns test "$TMP/games"
check "learn needs --out" 2 'go patterns learn: --out FILE is needed' -- \
    $S go patterns learn "$TMP/small.sgf"
check "an unknown subcommand" 2 'usage: sumito go patterns' -- $S go patterns fit "$TMP/small.sgf"
printf 'not sgf\n' >"$TMP/bad.sgf"
check "a record that is not SGF" 2 'bad.sgf' -- \
    $S go patterns learn "$TMP/bad.sgf" -o "$TMP/w2.txt"
check "nothing written after a bad record" 0 '^absent$' -- \
    sh -c "test -e '$TMP/w2.txt' || echo absent"
mkdir "$TMP/empty"
check "a folder without SGF files" 2 'empty: not a regular file' -- \
    $S go patterns test "$TMP/empty"
printf 'sumito go ranks 1\n' >"$TMP/header.txt"
check "a weights file with a bad header" 2 "header.txt: not pattern weights \(no 'sumito go patterns 1' line first\)" -- \
    $S go patterns test --weights "$TMP/header.txt" "$TMP/small.sgf"
printf 'sumito go patterns 1\nrare 2\npattern ......X.. 2\n' >"$TMP/line.txt"
check "a weights file with a bad line" 2 'line.txt: line 3: the pattern is not in its canonical form' -- \
    $S go patterns test --weights "$TMP/line.txt" "$TMP/small.sgf"
head -c 5000000 /dev/zero >"$TMP/big.txt"
check "an oversized weights file" 2 'big.txt: 5000000 bytes, more than the' -- \
    $S go patterns test --weights "$TMP/big.txt" "$TMP/small.sgf"
check "the learned prior in a search" 0 '^bestmove [A-HJ][1-9]' -- \
    $S go analyse --set search=mcts --set prior=1 --set prior_patterns=1 --nodes 300
check "prior_patterns out of range" 2 'prior_patterns: 2 is outside its range 0..1' -- \
    $S go analyse --set prior_patterns=2
tap_done
