# SPDX-License-Identifier: MIT
# The engine protocol (`sumito abalone aep`): handshake, options, searches with a limit and
# without (go infinite, then stop or quit), and bad input. make test runs it under
# ThreadSanitizer too; tests/test_search_stop.c races stop against the start of searches.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

printf 'aep\nisready\nposition layout belgian moves a1b2\ngo depth 3\nfrobnicate\nsetoption name rankcut value maybe\nposition fen 5/6/7/8/9/8/7/6/5 b\nposition layout standard moves a1a2\ngo movetime 50\nquit\n' >"$TMP/aep.in"
check "aep handshake" 0 '^aepok$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep option list" 0 '^option name rankcut_threshold type string default 0.015$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep the default search's methods" 0 '^5$' -- sh -c "$S abalone aep <'$TMP/aep.in' | grep -c '^option name \(lmr\|rankcut_lmr\|probcut\|null_move\|futility\) type check default true$'"
check "aep Multi-Cut off by default" 0 '^option name multicut type check default false$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep graded RankCut by default" 0 '^option name rankcut_graded type spin default 3 min 0 max 4$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep RankCut re-search by default" 0 '^option name rankcut_research type check default true$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bestmove" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep unknown command" 0 "^info string error: unknown command 'frobnicate'" -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bad option" 0 "^info string error: parameter rankcut: 'maybe'" -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bad move" 0 "^info string error: move 'a1a2': " -- sh -c "$S abalone aep <'$TMP/aep.in'"
# A 1 MB line (made with head and tr: concatenating it in awk is quadratic, minutes in mawk).
{ printf 'position fen '; head -c 1000000 /dev/zero | tr '\0' x; printf '\nisready\n'; } >"$TMP/long.in"
check "aep 1 MB line" 0 '^readyok$' -- sh -c "$S abalone aep <'$TMP/long.in'"

# An infinite search answers isready, holds other commands until it has answered, and ends
# with a move on stop or on quit. The held position (a decided game) is set after the stop.
over='wwwww/wwwwww/2www2/8/9/8/7/bbb3/bbbbb b 0'
printf 'go infinite\nisready\nposition fen %s\nstop\ngo depth 1\nisready\n' "$over" >"$TMP/infinite.in"
check "aep infinite isready" 0 '^readyok$' -- sh -c "$S abalone aep <'$TMP/infinite.in'"
check "aep infinite stop" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/infinite.in'"
check "aep held until stop" 0 '^info string error: the game is over' -- \
    sh -c "$S abalone aep <'$TMP/infinite.in'"
printf 'go infinite\nquit\n' >"$TMP/quit.in"
check "aep infinite quit" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/quit.in'"

# The input is read while any search runs: a command waiting for a deep search does not keep
# isready or stop from being answered (a timeout of 60 s tells a hang).
aep_slowly() {
    (printf "$1"; sleep 1; printf 'stop\n'; sleep 1) | timeout 60 $S abalone aep
}
check "aep isready behind a held command" 0 '^readyok$' -- \
    aep_slowly 'go depth 60\nposition layout belgian\nisready\n'
check "aep stop behind a held command" 0 '^bestmove [a-i][1-9]' -- \
    aep_slowly 'go depth 60\nposition layout belgian\nisready\n'
# The same on three threads: the option is listed, taken, and stop ends the search and its
# helpers with a move; a bad thread count is refused.
check "aep lists threads" 0 '^option name threads type spin default 1 min 1 max 512$' -- \
    sh -c "printf 'aep\nquit\n' | $S abalone aep"
check "aep stop on three threads" 0 '^bestmove [a-i][1-9]' -- \
    aep_slowly 'setoption name threads value 3\ngo infinite\n'
check "aep threads 0 refused" 0 'threads: 0 is outside its range 1..512' -- \
    sh -c "printf 'setoption name threads value 0\nquit\n' | $S abalone aep"

# Limits that end no search are refused; a bare go is go infinite; huge clocks are capped.
# Each ends at once (timeout 60 s tells a hang) with the message or a move.
go_check() {
    check "aep go $1" 0 "$2" -- sh -c "printf 'go $1\nposition layout standard\nstop\n' | timeout 60 $S abalone aep"
}
go_check '' '^bestmove [a-i][1-9]'
for v in 0 -5 nan inf 1e309 x ''; do
    go_check "movetime $v" "^info string error: go movetime: '$v' is not a number of milliseconds above 0$"
done
for v in 0 nan 1.5 -1 127 1e3 ''; do
    go_check "depth $v" "^info string error: go depth: '$v' is not a whole number from 1 to 126$"
done
for v in 0 nan 1e30 18446744073709551616 -1 ''; do
    go_check "nodes $v" "^info string error: go nodes: '$v' is not a whole number from 1 to 18446744073709551615$"
done
go_check 'btime nan wtime nan' "^info string error: go btime: 'nan' is not a number of milliseconds \(0 or more\)$"
go_check 'winc -1' "^info string error: go winc: '-1' is not a number of milliseconds \(0 or more\)$"
go_check 'btime 0 wtime 0' '^info string error: go sets no limit for Black, the side to move'
go_check 'wtime 1000' '^info string error: go sets no limit for Black, the side to move'
go_check 'binc 1000' '^info string error: go sets no limit for Black, the side to move'
go_check 'depth 2 frob 1' "^info string error: unknown go option 'frob'$"
go_check 'nodes 18446744073709551615' '^bestmove [a-i][1-9]'
go_check 'movetime 1e308' '^bestmove [a-i][1-9]'
go_check 'wtime 1e308 btime 1e308' '^bestmove [a-i][1-9]'
check "aep go huge clock" 0 '^info depth 3 .* pv ' -- aep_until_bestmove 'go btime 1e308 binc 1e308 depth 3\n'

# What the reader refuses: more held commands than the queue takes, overlong lines, NUL bytes.
{ printf 'go infinite\n'; yes x | head -n 10001; printf 'stop\n'; } >"$TMP/many.in"
check "aep too many held" 0 "^info string error: too many commands wait for the search .*'x' dropped$" -- \
    sh -c "$S abalone aep <'$TMP/many.in'"
# Without a search nothing is dropped, however fast the commands come: the reader waits for
# room in the queue (before, thousands of a flood were refused, the final isready with them).
yes isready | head -n 100000 >"$TMP/flood.in"
check "aep 100 000 isready answered" 0 '^100000$' -- \
    sh -c "timeout 120 $S abalone aep <'$TMP/flood.in' | grep -c '^readyok$'"
yes 'position layout standard moves a1b2
isready' | head -n 100000 >"$TMP/flood.in"
check "aep 50 000 positions and isready, nothing refused" 0 '^50000 readyok[|]$' -- \
    sh -c "timeout 120 $S abalone aep <'$TMP/flood.in' | sort | uniq -c | sed 's/^ *//' | tr '\\n' '|'"
{ printf 'position fen '; head -c 5000000 /dev/zero | tr '\0' x; printf '\nisready\n'; } >"$TMP/huge.in"
check "aep overlong line" 0 '^info string error: line 1 is longer than 4194304 bytes \(ignored\)$' -- \
    sh -c "$S abalone aep <'$TMP/huge.in'"
# A control character in a command is escaped in the message quoting it.
check "aep control escaped" 0 "^info string error: unknown command 'frob\\\\e\\[2Jx'$" -- \
    sh -c "printf 'frob\\033[2Jx\\n' | $S abalone aep"
printf 'isready\000x\nisready\n' >"$TMP/nul.in"
check "aep NUL byte" 0 '^info string error: line 1 holds a NUL byte \(ignored\)$' -- \
    sh -c "$S abalone aep <'$TMP/nul.in'"

tap_done
