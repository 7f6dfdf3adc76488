# SPDX-License-Identifier: MIT
# The engine protocol (`sumito abalone aep`): handshake, options, searches with a limit and
# without (go infinite, then stop or quit), and bad input. make test runs it under
# ThreadSanitizer too; tests/test_search_stop.c races stop against the start of searches.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

printf 'aep\nisready\nposition layout belgian moves a1b2\ngo depth 3\nfrobnicate\nsetoption name rankcut value maybe\nposition fen 5/6/7/8/9/8/7/6/5 b\nposition layout standard moves a1a2\ngo movetime 50\nquit\n' >"$TMP/aep.in"
check "aep handshake" 0 '^aepok$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep option list" 0 '^option name rankcut_threshold type string default 0.2$' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bestmove" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep unknown command" 0 "^info string error: unknown command 'frobnicate'" -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bad option" 0 "^info string error: parameter rankcut: 'maybe'" -- sh -c "$S abalone aep <'$TMP/aep.in'"
check "aep bad move" 0 "^info string error: move 'a1a2': " -- sh -c "$S abalone aep <'$TMP/aep.in'"
# A 1 MB line (made with head and tr: concatenating it in awk is quadratic, minutes in mawk).
{ printf 'position fen '; head -c 1000000 /dev/zero | tr '\0' x; printf '\nisready\n'; } >"$TMP/long.in"
check "aep 1 MB line" 0 '^readyok$' -- sh -c "$S abalone aep <'$TMP/long.in'"

# An infinite search answers isready, refuses other commands, and ends with a move on stop
# or on quit.
printf 'go infinite\nisready\nposition layout belgian\nstop\nisready\n' >"$TMP/infinite.in"
check "aep infinite isready" 0 '^readyok$' -- sh -c "$S abalone aep <'$TMP/infinite.in'"
check "aep infinite busy" 0 "^info string error: 'position' during an infinite search \(send stop first\)$" -- \
    sh -c "$S abalone aep <'$TMP/infinite.in'"
check "aep infinite stop" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/infinite.in'"
printf 'go infinite\nquit\n' >"$TMP/quit.in"
check "aep infinite quit" 0 '^bestmove [a-i][1-9][a-i][1-9]' -- sh -c "$S abalone aep <'$TMP/quit.in'"

tap_done
