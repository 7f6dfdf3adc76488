# SPDX-License-Identifier: MIT
# The match runner (`sumito GAME match`, `sumito match merge|summary`): games at a fixed depth
# (reproducible), the summary's lines, records, resuming, the same games whatever the
# concurrency, an outside engine over the protocol playing exactly as the same engine inside,
# engines that crash, hang or answer illegal moves losing their games and being restarted, an
# SPRT that stops the match, merging and its refusals, Ctrl-C, bad options, and Go with its
# clean-up phase (against GNU Go when it is installed); limits of each player's own (ours and
# outside engines), the summary's limits and endings. make test runs it under
# ThreadSanitizer too (games run side by side in threads).
. "$(dirname "$0")/tap.sh"
S=$SUMITO
FAKE="$(cd "$(dirname "$0")/../.." && pwd)/tests/fake_aep.sh"
[ -x "$FAKE" ] || FAKE="$(pwd)/tests/fake_aep.sh"
M="$S abalone match --depth 2"

# The results lines without the times (which vary from run to run).
strip() { grep '^game' "$1" | sed 's/ p1 \([0-9]*\) [^ ]* [^ ]* p2 \([0-9]*\) [^ ]* [^ ]* overhead [^ ]*/ p1 \1 p2 \2/' | sort -n -k2; }

check "match summary" 0 '^score [0-9]+\.[0-9] %$' -- $M --games 4 -j 2 -o "$TMP/a"
check "match Elo line" 0 '^Elo [+-][0-9]+\.[0-9] ± [0-9]+\.[0-9]' -- $S match summary "$TMP/a"
check "match LOS line" 0 '^LOS [0-9]+\.[0-9] %$' -- $S match summary "$TMP/a"
check "match W-D-L" 0 '^rankcut against alphabeta: 4 games, ' -- $S match summary "$TMP/a"
check "match four result lines" 0 '^4$' -- sh -c "grep -c '^game' '$TMP/a/results.txt'"
# Distinct games: two games are the same when their moves are (the records' tags aside). A
# folder whose four records hold one game, tagged apart, counts one.
cp -r "$TMP/a" "$TMP/rep"
for k in 1 2 3; do
    sed 's/^\[Event "[^"]*"\]/[Event "copy"]/' "$TMP/a/game-00000.txt" >"$TMP/rep/game-0000$k.txt"
done
check "match repeated games count once" 0 '^distinct games: 1 of 4$' -- $S match summary "$TMP/rep"
check "match records differ from the copies" 1 "differ" -- cmp "$TMP/a/game-00000.txt" "$TMP/rep/game-00001.txt"
check "match records" 0 '^4$' -- sh -c "ls '$TMP/a'/game-0000?.txt | wc -l"
check "match record replays" 0 'moves' -- $S abalone replay "$TMP/a/game-00001.txt"
check "match header" 0 '^# player 2: alphabeta = engine plain$' -- cat "$TMP/a/results.txt"
check "match resume: nothing left" 0 'all 4 games are played' -- $M --games 4 -j 2 -o "$TMP/a"
check "match resume: two more" 0 'resuming .*: 4 games played' -- $M --games 6 -j 2 -o "$TMP/a"
check "match resume: six lines" 0 '^6$' -- sh -c "grep -c '^game' '$TMP/a/results.txt'"
check "match other header refused" 2 'holds the results of another match' -- $M --games 6 --seed 2 -o "$TMP/a"

# Other limits: a node count, and a clock with an increment (our engines and an AEP engine).
check "match at fixed nodes" 0 '^limits: nodes 3000$|^# limits: nodes 3000$' -- sh -c \
    "$S abalone match --nodes 3000 --games 2 -o '$TMP/nodes' >/dev/null && cat '$TMP/nodes/results.txt'"
check "match with a clock" 0 '^# limits: clock 3 s \+ 0\.05 s a move$' -- sh -c \
    "$S abalone match --clock 3+0.05 --games 2 -j 2 --engine a: --engine-cmd 'b:$S abalone aep' -o '$TMP/clock' >/dev/null && cat '$TMP/clock/results.txt'"
check "match with a clock: both played" 0 '^2$' -- sh -c "grep -c '^game' '$TMP/clock/results.txt'"

# One game at a time plays the same games as two at once.
$M --games 6 -j 1 -o "$TMP/b" >/dev/null 2>&1
strip "$TMP/a/results.txt" >"$TMP/a.games"
strip "$TMP/b/results.txt" >"$TMP/b.games"
check "match concurrency plays the same games" 0 '^same$' -- sh -c "cmp -s '$TMP/a.games' '$TMP/b.games' && echo same"

# Our engine over the engine protocol plays exactly as inside.
$M --games 4 -j 2 --engine "rankcut:" --engine-cmd "alphabeta:$S abalone aep --set plain" -o "$TMP/c" >/dev/null 2>&1
strip "$TMP/c/results.txt" >"$TMP/c.games"
head -4 "$TMP/b.games" >"$TMP/b4.games"
check "match outside engine plays the same games" 0 '^same$' -- sh -c "cmp -s '$TMP/b4.games' '$TMP/c.games' && echo same"

for mode in crash hang illegal garbage; do
    check "match engine that does '$mode' loses" 0 "^alphabeta against fake: 4 games, 4 wins" -- \
        $M --games 4 -j 2 --hang 0.5 --engine alphabeta:plain --engine-cmd "fake:$FAKE $mode" -o "$TMP/$mode"
done
check "match engine over its time loses on time" 0 'reason time: 1\.[0-9]+ s for a move' -- sh -c \
    "$S abalone match -t 0.1 --margin 0.3 --games 2 --engine a:plain --engine-cmd 'slow:$FAKE slow' -o '$TMP/slow' >/dev/null && cat '$TMP/slow/results.txt'"
check "match resignation" 0 'reason resignation$' -- sh -c \
    "$S abalone match -t 0.1 --games 2 --engine a:plain --engine-cmd 'slow:$FAKE slow' -o '$TMP/resign' >/dev/null && cat '$TMP/resign/results.txt'"
check "match crash reason" 0 'reason forfeit: .*exit status 3' -- cat "$TMP/crash/results.txt"
check "match hang reason" 0 'reason forfeit: hung: ' -- cat "$TMP/hang/results.txt"
check "match illegal reason" 0 "reason forfeit: .*illegal move 'a1a2'" -- cat "$TMP/illegal/results.txt"
check "match forfeit in the record" 0 '^\[Termination "forfeit: ' -- cat "$TMP/illegal/game-00000.txt"
check "match engine that cannot start" 2 "player fake: AEP engine: cannot start" -- \
    $M --games 2 --engine-cmd "fake:/nonexistent/engine" --engine b: -o "$TMP/none"
# An engine that starts but leaves at once: refused before any game (the reason depends on
# whether the referee first sees its output closed or its input refused), and the folder the
# match made is gone, so that the corrected command starts afresh; one that was there stays.
check "match engine that leaves at once" 2 "player x: AEP engine '/bin/true', " -- \
    $M --games 2 --engine a: --engine-cmd 'x:/bin/true' -o "$TMP/leaves"
check "match folder it made removed" 0 '^gone$' -- sh -c "[ -e '$TMP/leaves' ] || echo gone"
mkdir "$TMP/kept"
check "match folder that was there kept" 0 '^kept$' -- sh -c \
    "$M --games 2 --engine a: --engine-cmd 'x:/bin/true' -o '$TMP/kept' 2>/dev/null; [ -d '$TMP/kept' ] && echo kept"

check "match SPRT stops early" 0 'SPRT elo0 0 elo1 50 alpha 0.2 beta 0.2: LLR .*: H1 accepted' -- \
    $S abalone match --games 40 -j 2 --engine deep: --engine shallow:depth=1 \
    --depth 3 --sprt 0,50,0.2,0.2 -o "$TMP/sprt"
check "match SPRT played fewer games" 0 '^yes$' -- \
    sh -c "[ \$(grep -c '^game' '$TMP/sprt/results.txt') -lt 40 ] && echo yes"

# A player's own limit replaces all of the match's: depth=4 under -t 0.001 searches every move
# to depth 4 (the match's millisecond stopped it at depth 1 or 2 before).
check "match player's own depth replaces the match's time" 0 '^depth 4$' -- sh -c \
    "$S abalone match --games 2 -j 1 -t 0.001 --engine a:depth=4 --engine b:depth=4 -o '$TMP/own' \
     >/dev/null 2>&1; grep -ho 'depth [0-9]*' '$TMP/own'/game-0000?.txt | sort -u"

# Limits of each player: a match at depth odds, whose summary gives each player's limits and
# how the games ended (with the marbles each side took); two outside engines each told its own
# depth over the protocol, the match's millisecond a move replaced; clocks of each player's own.
check "match at odds: each player's limits" 0 '^limits: d1 depth 1; d3 depth 3$' -- \
    $S abalone match --games 4 -j 2 --engine d1:depth=1 --engine d3:depth=3 -o "$TMP/odds"
check "match at odds: how the games ended" 0 \
    '^ended (by|at|on|with) [a-z ]+: [1-4] games; d1 won [0-4] \([0-9.]+ % of its wins\), d3 won [0-4] \([0-9.]+ %\); taken \(d1-d3\): [0-6]-[0-6] in [1-4] games?' -- \
    $S match summary "$TMP/odds"
check "match at odds: four games ended" 0 '^4$' -- sh -c \
    "$S match summary '$TMP/odds' | awk -F'[:;] ' '/^ended /{n += \$2} END{print n}'"
check "match at odds: the header" 0 '^# player 2 limits: depth 3$' -- cat "$TMP/odds/results.txt"
check "match at odds: marbles in the results" 0 '^4$' -- sh -c \
    "grep -c ' taken [0-6] [0-6] reason ' '$TMP/odds/results.txt'"
check "match outside engines at their own depths" 0 '^depth 2 depth 3 $' -- sh -c \
    "$S abalone match --games 2 -j 1 -t 0.001 --engine-cmd 'x,depth=2:$S abalone aep' \
     --engine-cmd 'y,depth=3:$S abalone aep' -o '$TMP/ownout' >/dev/null 2>&1; \
     grep -ho 'depth [0-9]*' '$TMP/ownout'/game-0000?.txt | sort -u | tr '\n' ' '"
check "match clocks of each player's own" 0 '^limits: a clock 4 s \+ 0\.05 s a move; b clock 2 s \+ 0\.02 s a move$' -- \
    $S abalone match --games 2 -j 2 --engine a:clock=4+0.05 \
    --engine-cmd "b,clock=2+0.02:$S abalone aep" -o "$TMP/ownclock"
check "match clocks of each player's own: both played" 0 '^2$' -- sh -c "grep -c '^game' '$TMP/ownclock/results.txt'"

# The defensive sparring partner (Abalone's eval=defensive) loads and plays a match.
check "match the defensive partner plays" 0 '^turtle against hce: 2 games, ' -- \
    $S abalone match --games 2 -j 2 --depth 2 --engine turtle:eval=defensive --engine hce:eval=hce \
    -o "$TMP/turtle"

# Shards merge into one match; other matches and games found twice are refused.
$M --games 2 -o "$TMP/s0" >/dev/null 2>&1
$M --games 4 --first-game 2 -o "$TMP/s1" >/dev/null 2>&1
check "match merge" 0 '^rankcut against alphabeta: 6 games' -- $S match merge "$TMP/s0" "$TMP/s1" -o "$TMP/m"
strip "$TMP/m/results.txt" >"$TMP/m.games"
check "match merge equals one run" 0 '^same$' -- sh -c "cmp -s '$TMP/m.games' '$TMP/b.games' && echo same"
check "match merge copies records" 0 '^6$' -- sh -c "ls '$TMP/m'/game-*.txt | wc -l"
check "match merge twice" 2 'game [2-5] is also in an earlier input' -- $S match merge "$TMP/s1" "$TMP/s1" -o "$TMP/m2"
check "match merge other match" 2 'header differs' -- $S match merge "$TMP/s0" "$TMP/sprt" -o "$TMP/m3"
check "match merge needs --out" 2 'needs --out' -- $S match merge "$TMP/s0"

# Ctrl-C keeps finished games and says how to resume.
$S abalone match -t 0.3 --games 20 -j 2 -o "$TMP/int" >"$TMP/int.out" 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
echo "status $?" >>"$TMP/int.out"
check "match Ctrl-C" 0 '^status 130$' -- cat "$TMP/int.out"
check "match Ctrl-C message" 0 'run the same command to resume' -- cat "$TMP/int.out"

check "match bad depth" 2 'depth must be' -- $S abalone match --depth -1
check "match odd games" 2 'games must be even' -- $S abalone match --games 3
check "match odd first game" 2 'first-game must be even' -- $S abalone match --first-game 1
check "match one player" 2 'a match has two players' -- $S abalone match --engine a:
check "match three players" 2 'a match has two players' -- $S abalone match --engine a: --engine b: --engine c:
check "match same names" 2 'different names' -- $S abalone match --engine a: --engine a:plain
check "match bad player" 2 "expected NAME:" -- $S abalone match --engine nocolon --engine b:
check "match bad parameter" 2 "player b: .*frobnicate" -- $S abalone match --engine a: --engine b:frobnicate=1 --games 2 -o "$TMP/bad"
check "match bad player limit" 2 "player b: 'depth=0' is not a valid limit" -- $S abalone match --engine a: --engine b:depth=0
check "match player limit given twice" 2 "player b: 'depth=3': a limit of that kind is given twice" -- \
    $S abalone match --engine a: --engine b:depth=1,depth=3
check "match outside engine's bad limit" 2 "player x: 'time-per-move=x' is not a valid limit" -- \
    $S abalone match --engine a: --engine-cmd "x,time-per-move=x:$S abalone aep"
check "match outside engine's non-limit" 2 "player x: 'plain' is not a limit" -- \
    $S abalone match --engine a: --engine-cmd "x,plain:$S abalone aep"
check "match bad clock" 2 'clock must be' -- $S abalone match --clock 10+x
check "match bad sprt" 2 'sprt 1,0,0.05,0.05: ' -- $S abalone match --sprt 1,0,0.05,0.05
check "match too many games" 2 'need .* openings; the suite has' -- $M --games 100000
check "match bad openings" 2 'nosuch' -- $M --openings "$TMP/nosuch" --games 2
check "go match depth with GTP refused" 2 'player g: GTP has no depth' -- \
    $S go match --depth 1 --games 2 --engine-cmd "g:$S go gtp" --engine s: -o "$TMP/gtpdepth"
check "go match a GTP engine's own depth refused" 2 'player g: GTP has no depth' -- \
    $S go match --games 2 --engine-cmd "g,depth=1:$S go gtp" --engine s: -o "$TMP/gtpdepth2"

# Go: two of our engines (the default, the Monte Carlo search, against plain alpha-beta, at a
# node limit), then (when installed) GNU Go; the clean-up phase follows two passes.
check "go match" 0 '^score ' -- $S go match --size 9 --nodes 50 --games 2 -j 2 -o "$TMP/go"
check "go match SGF" 0 '^\(;GM\[1\]FF\[4\]' -- cat "$TMP/go/game-00000.sgf"
check "go match SGF replays" 0 '' -- $S go sgf-check "$TMP/go/game-00001.sgf"
# The same game in two records whose comments differ counts once; a game without a record is
# left out, and a record that does not read is named and left out.
check "go match distinct games" 0 '^distinct games: 2 of 2$' -- $S match summary "$TMP/go"
cp -r "$TMP/go" "$TMP/gorep"
sed 's/C\[[^]]*\]//g' "$TMP/go/game-00000.sgf" >"$TMP/gorep/game-00001.sgf"
check "go match a repeated game" 0 '^distinct games: 1 of 2$' -- $S match summary "$TMP/gorep"
rm "$TMP/gorep/game-00001.sgf"
check "go match a game without a record" 0 '^distinct games: 1 of 1 with records \(2 games\)$' -- \
    $S match summary "$TMP/gorep"
printf '(;GM[1]SZ[9];B[zz])' >"$TMP/gorep/game-00001.sgf"
check "go match a damaged record named" 0 "game-00001.sgf.* \\(not counted among the distinct games\\)" -- \
    $S match summary "$TMP/gorep"
check "go match a damaged record left out" 0 '^distinct games: 1 of 1 with records \(2 games\)$' -- \
    $S match summary "$TMP/gorep"
GNUGO=$(command -v gnugo || ls /usr/games/gnugo 2>/dev/null || true)
if [ -n "$GNUGO" ]; then
    check "go match against GNU Go" 0 '^sumito against gnugo: 2 games' -- \
        $S go match -t 0.05 --games 2 -j 2 --engine sumito: \
        --engine-cmd "gnugo:$GNUGO --mode gtp --chinese-rules --positional-superko --level 0" -o "$TMP/gg"
    check "go match GNU Go's moves timed" 0 '^time a move: gnugo [0-9.]+ s \(longest [0-9.]+ s, [1-9]' -- \
        $S match summary "$TMP/gg"
    # The Monte Carlo search's whole games (its passes, clean-up and resignation by ownership)
    # against a real opponent: two games end by the rules or a resignation.
    check "go match mcts against GNU Go" 0 '^mcts against gnugo: 2 games' -- \
        $S go match -t 0.05 --games 2 -j 2 \
        --engine mcts:search=mcts,playout_policy=heavy,mcts_rave=1,prior=1,mcts_c=0.2 \
        --engine-cmd "gnugo:$GNUGO --mode gtp --chinese-rules --positional-superko --level 0" -o "$TMP/ggm"
fi

tap_done
