# SPDX-License-Identifier: MIT
# The Go commands: normal use, and bad input of every kind (message and exit status 2), the
# GTP engine through a pipe (including a 1 MB line, and one over the 4 MiB bound), SGF checks.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "show" 0 'Area: Black 81, White 0, komi 7.5: B\+73.5' -- $S go show --size 9 --moves E5
check "show ko mark" 0 ' 4  \. X \* X O' -- \
    $S go show --size 9 --moves 'C5 D5 B4 C4 C3 E4 J9 D3 D4'
check "moves" 0 '^73 legal moves' -- $S go moves --size 9 --moves 'C5 D5 B4 C4 C3 E4 J9 D3 D4'
check "moves pass" 0 ' pass$' -- $S go moves --size 2
check "perft 9x9" 0 'perft\(3\) = 511920 on 9x9' -- $S go perft --size 9 --depth 3
check "perft rules" 0 'perft\(9\) = 2080432 on 3x3' -- \
    $S go perft --size 3 --depth 9 --set ko=situational --set suicide=all
check "perft divide" 0 '^A1 +1654' -- $S go perft --size 3 --depth 5 --divide
check "playouts" 0 'playouts/s \(median of 1 runs' -- $S go playouts --size 5 --seconds 0.2 --repeat 1
check "playouts count" 0 '^playouts: 20, moves: [0-9]+$' -- \
    $S go playouts --size 5 --playouts 10 --repeat 2
check "params" 0 'suicide' -- $S params
check "help" 0 'Usage' -- $S go perft --help
check "help gtp" 0 'genmove' -- $S go gtp --help

check "size too big" 2 'size must be 2 to 19, not 25' -- $S go show --size 25
check "size text" 2 'Cannot parse integer' -- $S go show --size nine
check "move with I" 2 "move 2: 'I5': the letter I is not used" -- $S go show --size 9 --moves 'E5 I5'
check "move off board" 2 "move 1: 'K10' is off the 9x9 board" -- $S go show --size 9 --moves K10
check "move malformed" 2 "move 1: '5E' is not a vertex" -- $S go show --moves 5E
check "move illegal" 2 'move 2: White E5 is illegal' -- $S go show --moves 'E5 E5'
check "ko retake illegal" 2 'move 10: White C4 is illegal' -- \
    $S go show --size 9 --moves 'C5 D5 B4 C4 C3 E4 J9 D3 D4 C4'
check "bad rule" 2 "parameter ko: 'super' is not a decimal integer" -- $S go show --set ko=super
check "unknown rule" 2 "unknown parameter 'handicap'" -- $S go show --set handicap=2
check "perft depth" 2 'depth must be 0 to 30' -- $S go perft --depth 99
check "playouts seconds" 2 'seconds must be' -- $S go playouts --seconds 0
check "playouts count negative" 2 'playouts 0 to 100000000' -- $S go playouts --playouts -1
check "extra argument" 2 "unexpected argument 'x'" -- $S go show x
check "unknown subcommand" 2 "unknown command 'sumito go jump'" -- $S go jump

# GTP through a pipe: errors keep the engine running, quit ends it.
gtp_input() {
    printf 'boardsize 9\n1 play b I5\nplay b J10\n2 boardsize 30\nplay w E5\n'
    head -c 1048576 /dev/zero | tr '\0' 'x'
    printf '\n3 play b E5\n4 frobnicate\nquit\nname\n'
}
gtp_input >"$TMP/gtp.in"
check "gtp errors" 0 '^\?1 syntax error' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "gtp off board" 0 '^\? illegal move' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "gtp size" 0 '^\?2 unacceptable size' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "gtp occupied" 0 '^\?3 illegal move' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "gtp 1 MB line" 0 '^\?4 unknown command' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "gtp quit" 0 '^= $' -- sh -c "$S go gtp <'$TMP/gtp.in' | tail -2"
check "gtp bad option" 2 'Unknown option' -- $S go gtp --colour red

# A line over the 4 MiB bound is refused without its id, dropped, and the engine goes on.
{
    printf '1 name\n'
    head -c 5242880 /dev/zero | tr '\0' 'x'
    printf '\n2 version\nquit\n'
} >"$TMP/gtp-long.in"
check "gtp line too long" 0 '^\? line too long \(more than 4194304 bytes\)$' -- \
    sh -c "$S go gtp <'$TMP/gtp-long.in'"
check "gtp after a long line" 0 '^=2 ' -- sh -c "$S go gtp <'$TMP/gtp-long.in'"

# Text from a loaded record never ends a response: blank lines in a comment and a player's
# name are written as lines holding a space (a blank line once forged a '= D4' answer), and
# control characters are escaped. Three commands, so three blank lines end three responses.
printf '(;FF[4]GM[1]SZ[9]PB[Black\n\n= D4\n\n]C[one\n\n\n= D4\n\ntwo \033[2J]\n;B[ee]C[\n\nx\n\n])\n' \
    >"$TMP/blank.sgf"
printf '1 loadsgf %s\n2 printsgf\n3 name\n' "$TMP/blank.sgf" >"$TMP/blank.in"
check "gtp printsgf three responses" 0 '^3$' -- sh -c "$S go gtp <'$TMP/blank.in' | grep -c '^$'"
check "gtp printsgf blank line kept as a space" 0 '^ $' -- sh -c "$S go gtp <'$TMP/blank.in'"
check "gtp printsgf control escaped" 0 'two \\e\[2J\]' -- sh -c "$S go gtp <'$TMP/blank.in'"
check "gtp printsgf answer after" 0 '^=3 sumito$' -- sh -c "$S go gtp <'$TMP/blank.in'"
# The answer reads back as a record: the comment's blank lines hold a space.
printf '1 loadsgf %s\n2 printsgf\n' "$TMP/blank.sgf" | $S go gtp | sed '1,2d; 3s/^=2 //' >"$TMP/back.sgf"
check "gtp printsgf reads back" 0 '^= white$' -- sh -c "printf 'loadsgf %s\n' '$TMP/back.sgf' | $S go gtp"
# A control character in a command's argument is escaped in the answer quoting it.
check "gtp C1 control escaped" 0 "^\\? parameter rankcut: '\\\\u009B2J' " -- \
    sh -c "printf 'sumito-set rankcut \302\2332J\n' | $S go gtp"
check "gtp loadsgf error escaped" 0 "AB\\[\\\\e\\[2J\\]: " -- \
    sh -c "printf '(;FF[4]SZ[9]AB[\033[2J])\n' >'$TMP/bad.sgf'; printf 'loadsgf %s\n' '$TMP/bad.sgf' | $S go gtp"

printf '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese]RE[B+R]\n;B[ee];W[cg];B[tt];W[])\n' >"$TMP/good.sgf"
check "sgf-check good" 0 '4 moves, all legal \(ko positional, suicide forbid\)' -- $S go sgf-check "$TMP/good.sgf"
check "sgf-check result" 0 'Recorded result: B\+R' -- $S go sgf-check "$TMP/good.sgf"
check "sgf-check score" 0 'Black 1, White 1, komi 6.5: W\+6.5 \(game over\)' -- $S go sgf-check "$TMP/good.sgf"
check "sgf-check write" 0 'all legal' -- $S go sgf-check --write "$TMP/out.sgf" "$TMP/good.sgf"
check "sgf written" 0 ';B\[ee\]' -- cat "$TMP/out.sgf"
printf '(;SZ[9];B[ee];W[ee])' >"$TMP/illegal.sgf"
check "sgf-check illegal" 2 'illegal.sgf:1:17: move 2, W\[ee\]: illegal \(the point is occupied\)' -- \
    $S go sgf-check "$TMP/illegal.sgf"
printf '(;SZ[9]\n;B[ee];W[cg' >"$TMP/trunc.sgf"
check "sgf-check truncated" 2 'trunc.sgf:2:9: the value opened here is never closed' -- \
    $S go sgf-check "$TMP/trunc.sgf"
printf '(;SZ[21])' >"$TMP/size.sgf"
check "sgf-check size" 2 'SZ\[21\]: the board size must be 2 to 19' -- $S go sgf-check "$TMP/size.sgf"
printf '(;SZ[9];B[ee](;W[cc])(;W[dd]))' >"$TMP/var.sgf"
check "sgf-check variation" 0 'warning: .*var.sgf:1:22: variation skipped' -- $S go sgf-check "$TMP/var.sgf"
printf '(;SZ[9]RU[Klingon];B[ee])' >"$TMP/ru.sgf"
check "sgf-check unknown rules" 0 'RU\[Klingon\]: unknown rules, keeping ko=positional' -- \
    $S go sgf-check "$TMP/ru.sgf"
head -c 300 /dev/urandom >"$TMP/noise.sgf"
check "sgf-check noise" 2 'noise.sgf' -- $S go sgf-check "$TMP/noise.sgf"
check "sgf-check missing" 2 'No such file' -- $S go sgf-check "$TMP/none.sgf"
check "sgf-check no file" 2 'one SGF file' -- $S go sgf-check

tap_done
