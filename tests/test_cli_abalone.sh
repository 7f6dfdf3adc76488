# SPDX-License-Identifier: MIT
# The Abalone commands: normal use, and bad input of every kind (message and exit status 2).
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "show standard" 0 'wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0' -- $S abalone show
check "show belgian" 0 'ww1bb/wwwbbb' -- $S abalone show --layout belgian
check "moves standard" 0 '^44 legal moves' -- $S abalone moves --layout standard
check "moves fftl" 0 '^52 legal moves' -- $S abalone moves --layout belgian --fftl
check "moves verbose" 0 'pushes 1, ejects' -- $S abalone moves -v --position 'www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b'
check "perft 3" 0 'perft\(3\) = 98912 leaves' -- $S abalone perft --depth 3
check "perft divide" 0 '^b2b3 +80' -- $S abalone perft --depth 2 --divide --layout german
check "params" 0 'move_cap' -- $S params
check "help" 0 'Usage' -- $S abalone show --help

check "unknown layout" 2 "unknown layout 'hexagon'" -- $S abalone show --layout hexagon
check "layout and position" 2 'exclude each other' -- $S abalone show --layout standard --position x
check "bad position row" 2 'row A has 4 cells, expected 5' -- \
    $S abalone show --position 'wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbb b'
check "bad position marbles" 2 'Black has 18 marbles, at most 14' -- \
    $S abalone moves --position 'wwwww/wwwwww/2www2/8/9/8/bbbbbbb/bbbbbb/bbbbb b'
check "bad position char" 2 "unexpected 'q'" -- $S abalone show --position 'q'
check "perft depth" 2 'depth must be 0 to 8' -- $S abalone perft --depth 99
check "perft depth text" 2 'Cannot parse integer' -- $S abalone perft --depth many
check "unknown option" 2 'Unknown option' -- $S abalone show --colour red
check "extra argument" 2 "unexpected argument 'x'" -- $S abalone show x
check "unknown command" 2 "unknown command 'sumito frobnicate'" -- $S frobnicate
check "unknown subcommand" 2 "unknown command 'sumito abalone jump'" -- $S abalone jump

cat >"$TMP/good.txt" <<'G'
[Event "test"]
[Layout "belgian"]
[Result "*"]

1. a1b2 i5h5 2. b1c2 {a comment} h4g4 *
G
check "replay good" 0 'Result: \* \(as recorded' -- $S abalone replay "$TMP/good.txt"
printf '[Layout "belgian"]\n1. a1b2 i5h5 2. b1c2 h4' >"$TMP/trunc.txt"
check "replay truncated move" 2 "trunc.txt:2:22: move 2 \\(White\\) 'h4': 'h4' is not a move" -- $S abalone replay "$TMP/trunc.txt"
printf '[Layout "belgian"]\n1. a1b2 i5h5 2. b1c2\n' >"$TMP/trunc2.txt"
check "replay truncated file" 2 'truncated' -- $S abalone replay "$TMP/trunc2.txt"
printf '[Layout "belgian"]\n1. a1b2 i5h5 2. a1b2 *\n' >"$TMP/illegal.txt"
check "replay illegal move" 2 "illegal.txt:2:17: move 2 \(Black\) 'a1b2': a1 is empty" -- \
    $S abalone replay "$TMP/illegal.txt"
printf '[Layout "square"]\n*\n' >"$TMP/layout.txt"
check "replay unknown layout" 2 "unknown layout 'square'" -- $S abalone replay "$TMP/layout.txt"
head -c 300 /dev/urandom >"$TMP/noise.txt"
check "replay binary noise" 2 'noise.txt' -- $S abalone replay "$TMP/noise.txt"
check "replay missing file" 2 'No such file' -- $S abalone replay "$TMP/none.txt"
check "replay no file" 2 'one game file' -- $S abalone replay
check "replay bad set" 2 'unknown parameter' -- $S abalone replay --set colour=red "$TMP/good.txt"

tap_done
