# SPDX-License-Identifier: MIT
# `sumito go gtp` for graphical clients: numbered and pipelined commands, an honest
# list_commands, live analysis (lz-analyze, kata-analyze, analyze and the genmove forms: their
# lines by the grammars of docs/go.md, stopped by the next input line, which is then
# answered; bad arguments refused, never a hang), the rules commands, cputime and the GoGui
# analysis commands.
. "$(dirname "$0")/tap.sh"
S=$SUMITO
GTP="timeout 60 $S go gtp --set search=mcts --set threads=1 --time-per-move 0.05"

# Numbered commands sent all at once, before any answer is read.
printf '12 name\n13 play b Z99\n14 version\n15 boardsize 9\n16 play b E5\n17 play w E5\n' \
    >"$TMP/piped.in"
check "gtp numbered answer" 0 '^=12 sumito$' -- sh -c "$GTP <'$TMP/piped.in'"
check "gtp numbered error" 0 '^\?13 ' -- sh -c "$GTP <'$TMP/piped.in'"
check "gtp version x.y" 0 '^=14 [0-9]+\.[0-9]+$' -- sh -c "$GTP <'$TMP/piped.in'"
check "gtp version overridden for Lizzie" 0 '^=1 0\.17$' -- \
    sh -c "printf '1 version\n' | $GTP --override-version 0.17"
check "gtp pipelined answers in order" 0 '^=12=14=15=16\?17$' -- \
    sh -c "$GTP <'$TMP/piped.in' | grep -o '^[=?][0-9]*' | grep -v '^?13' | tr -d '\n'; echo"

# Every command listed is known, and answers something other than "unknown command".
$GTP </dev/null >/dev/null
printf 'list_commands\n' | $GTP | sed '1s/^= //; /^$/d' >"$TMP/commands"
check "gtp list_commands has the analysis" 0 '^lz-analyze$' -- cat "$TMP/commands"
check "gtp list_commands has the rules" 0 '^kata-set-rules$' -- cat "$TMP/commands"
sed 's/^/known_command /' "$TMP/commands" >"$TMP/known.in"
check "gtp every listed command is known" 0 '^0$' -- \
    sh -c "$GTP <'$TMP/known.in' | grep '^= false' | wc -l"
check "gtp list_commands names them all" 0 '^4[0-9]$' -- sh -c "wc -l <'$TMP/commands'"

# An analysis stopped by the next command, which is answered: "=2", info lines, an empty
# line, then "=3 sumito".
V='([A-HJ-T][0-9]+|pass)'
LZ="info move $V visits [0-9]+ winrate [0-9]+ prior [0-9]+ lcb [0-9]+ order [0-9]+ pv( $V)+"
F='[0-9]+\.[0-9]+'
KATA="info move $V visits [0-9]+ winrate $F( scoreLead -?$F)? prior $F lcb $F order [0-9]+ pv( $V)+"
# analyse COMMAND LINES [GTP]: the output of 9x9, E5, COMMAND, then `name` once LINES info lines
# are out (30 s at most: a slow build searches slowly), as a client that reads for a while.
analyse() {
    rm -f "$TMP/analysis.out"
    (printf '1 boardsize 9\n2 play b E5\n3 %s\n' "$1"; i=0
     # cat, not grep FILE: before the file exists grep prints no count, and the test would end
     # the wait at once
     while [ $i -lt 300 ] && [ "$(cat "$TMP/analysis.out" 2>/dev/null | grep -c '^info ')" -lt "$2" ]; do
         sleep 0.1; i=$((i + 1)); done; printf '4 name\n') | ${3:-$GTP} >"$TMP/analysis.out"
    cat "$TMP/analysis.out"
}
analyse 'lz-analyze 10' 3 >/dev/null
check "gtp lz-analyze streams" 0 '^[2-9]|^[1-9][0-9]' -- sh -c "grep -c '^info ' '$TMP/analysis.out'"
check "gtp lz-analyze lines by the grammar" 0 '^0$' -- \
    sh -c "grep '^info ' '$TMP/analysis.out' | grep -Ev '^$LZ( $LZ)*\$' | wc -l"
check "gtp lz-analyze candidate with visits" 0 "^info move $V visits [1-9]" -- cat "$TMP/analysis.out"
check "gtp lz-analyze response shape" 0 '^=3 (info )+_ =4 sumito _ $' -- \
    sh -c "sed '1,4d; s/^info .*/info/; s/^\$/_/' '$TMP/analysis.out' | tr '\n' ' '"
analyse 'kata-analyze w interval 10 ownership true' 2 >/dev/null
check "gtp kata-analyze lines by the grammar" 0 '^0$' -- \
    sh -c "grep '^info ' '$TMP/analysis.out' | grep -Ev '^$KATA( $KATA)* ownership( -?$F){81}\$' | wc -l"
check "gtp kata-analyze streams" 0 '^[2-9]|^[1-9][0-9]' -- sh -c "grep -c '^info ' '$TMP/analysis.out'"
check "gtp kata-analyze answers the next command" 0 '^=4 sumito$' -- cat "$TMP/analysis.out"
analyse 'analyze b 10 minmoves 5 maxmoves 3' 2 >/dev/null
check "gtp analyze maxmoves" 0 '^0$' -- \
    sh -c "grep '^info ' '$TMP/analysis.out' | grep 'order 3' | wc -l"
analyse 'kata-analyze 10' 2 "timeout 60 $S go gtp --set search=alphabeta" >/dev/null
check "gtp alpha-beta analysis" 0 "^$KATA\$" -- cat "$TMP/analysis.out"
check "gtp alpha-beta scoreLead" 0 ' scoreLead ' -- cat "$TMP/analysis.out"
check "gtp analysis ended by an empty line" 0 '^=3 _ =4 sumito _ $' -- \
    sh -c "(printf '3 lz-analyze 500\n'; sleep 0.3; printf '\n4 name\n') | $GTP | grep -v '^info' |
           sed 's/^\$/_/' | tr '\n' ' '"
check "gtp analysis ended by the end of input" 0 '^=3 _ $' -- \
    sh -c "printf '3 lz-analyze 10\n' | $GTP | grep -v '^info' | sed 's/^\$/_/' | tr '\n' ' '"
check "gtp lz-genmove_analyze" 0 '^=5 info .* play [A-HJ-T][0-9]+ _ =6 sumito _ $' -- \
    sh -c "printf 'boardsize 9\n5 lz-genmove_analyze b 10\n6 name\n' | $GTP --time-per-move 1 | sed '1,2d; s/^\$/_/' |
           tr '\n' ' '"
check "gtp kata-genmove_analyze plays" 0 ';W\[[a-i]{2}\]\)' -- \
    sh -c "printf 'boardsize 9\nkata-genmove_analyze w\nprintsgf\n' | $GTP"

# Bad arguments: an error naming the problem, and the next command answered at once.
for bad in -5 0 x 360001 'interval' 'interval 0' 'minmoves -1' 'foo 3' 'ownership true' \
    'avoid b D4 1' 'allow w D4,E5 2'; do
    check "gtp lz-analyze $bad refused" 0 '^\?7 (bad|unsupported|unknown|analysis option).*_ =8 sumito _ $' -- \
        sh -c "printf '7 lz-analyze $bad\n8 name\n' | $GTP | sed 's/^\$/_/' | tr '\n' ' '"
done

# Rules, cputime, GoGui's analysis commands.
check "gtp kgs-rules chinese" 0 '^=1 $' -- sh -c "printf '1 kgs-rules chinese\n' | $GTP"
check "gtp kgs-rules japanese refused" 0 "^\\?1 unsupported rules 'japanese'" -- \
    sh -c "printf '1 kgs-rules japanese\n' | $GTP"
check "gtp kata-set-rules tromp-taylor" 0 '^=2 \{"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,' -- \
    sh -c "printf '1 kata-set-rules tromp-taylor\n2 kata-get-rules\n' | $GTP"
check "gtp kata-set-rules chinese" 0 '"ko":"SIMPLE","scoring":"AREA","suicide":false' -- \
    sh -c "printf '1 kata-set-rules chinese\n2 kata-get-rules\n' | $GTP"
check "gtp kata-set-rules japanese refused" 0 "^\\?1 unsupported rules 'japanese'" -- \
    sh -c "printf '1 kata-set-rules japanese\n' | $GTP"
check "gtp rules fixed during a game" 0 '^\?2 the rules cannot change during a game' -- \
    sh -c "printf '1 play b D4\n2 kata-set-rules chinese\n' | $GTP"
check "gtp cputime" 0 '^=1 [0-9]+\.[0-9]{3}$' -- sh -c "printf '1 cputime\n' | $GTP"
check "gtp gogui-analyze_commands" 0 '^= gfx/Ownership/sumito-ownership$' -- \
    sh -c "printf 'gogui-analyze_commands\n' | $GTP"
check "gtp sumito-ownership" 0 '^81$' -- \
    sh -c "printf 'boardsize 9\nsumito-set status_playouts 200\nsumito-ownership\n' | $GTP |
           grep INFLUENCE | grep -Eo ' [A-HJ-T][0-9] -?[01]\.[0-9]{3}' | wc -l"
check "gtp sumito-pv" 0 '^= b [A-HJ-T][0-9]( w [A-HJ-T][0-9]| b [A-HJ-T][0-9])*$' -- \
    sh -c "printf 'boardsize 9\nsumito-set time_default_move 0.1\nsumito-pv\n' | $GTP"
tap_done
