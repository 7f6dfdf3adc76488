# SPDX-License-Identifier: MIT
# Abalone records as the public archives write them (APGN): the sample of 100 games of the
# MiGs server, files of many games with a damaged one among them, [Variant] and [SetUp], and
# the record's own rules (no repetition draw and no move cap unless it names them).
. "$(dirname "$0")/tap.sh"
S=$SUMITO
MIGS="$(dirname "$0")/data/migs-sample-100.apgn"

# The whole sample: every game replays; how each one ended is reported.
check "sample replays" 0 '^100 games: 100 replay$' -- $S abalone replay "$MIGS"
check "sample six out" 0 '^game 1: abbelgriebsch - budgie: 0-1 \(six marbles ejected\), 86 plies$' \
    -- $S abalone replay "$MIGS"
RESIGNED='ended off the board: resigned, \[Termination "Abandon"\]'
check "sample resigned" 0 "^game 2: Aglaé - aze: \\* \\(as recorded; $RESIGNED\\), 93 plies\$" \
    -- $S abalone replay "$MIGS"
for t in 'disconnected, \[Termination "Déco"\]' 'lost on time, \[Termination "Au temps"\]' \
         'draw agreed, \[Termination "Match nul"\]'; do
    check "sample ${t%%,*}" 0 "ended off the board: $t" -- $S abalone replay "$MIGS"
done
check "sample one game" 0 'Result: \* \(as recorded; ended off the board: resigned' -- \
    $S abalone replay --game-index 2 "$MIGS"
check "sample no game 101" 2 'holds 100 games: there is no game 101' -- \
    $S abalone replay --game-index 101 "$MIGS"

# Three games, the second damaged: it is refused with its line and column, the third replays.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 4' "$MIGS" >"$TMP/three.apgn"
sed -i 's/^1\. a1b2 a5b5/1. a1b2 zz99/' "$TMP/three.apgn"
printf '[Event "third"]\n[Variant "belgian"]\n\n1. a1b2 *\n' >>"$TMP/three.apgn"
check "damaged game refused" 2 "^game 2: refused: .*three.apgn:33:9: move 1 \(White\) 'zz99'" -- \
    $S abalone replay "$TMP/three.apgn"
NOT_OVER='\(as recorded; by the rules the game is not over\)'
check "game after it replays" 2 "^game 3: \\? - \\?: \\* $NOT_OVER, 1 plies\$" -- \
    $S abalone replay "$TMP/three.apgn"
check "damaged summary" 2 '^3 games: 2 replay, 1 refused$' -- $S abalone replay "$TMP/three.apgn"
check "damaged alone" 2 "three.apgn:33:9: move 1 \(White\) 'zz99'" -- \
    $S abalone replay --game-index 2 "$TMP/three.apgn"
check "game after it alone" 0 'three.apgn, game 3: 1 moves, all legal' -- \
    $S abalone replay --game-index 3 "$TMP/three.apgn"
# A comment left open does not swallow the games after it.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 2' "$MIGS" >"$TMP/open.apgn"
printf '[Event "open"]\n[Variant "belgian"]\n\n1. a1b2 {never closed *\n\n' >>"$TMP/open.apgn"
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR >= 3 && NR <= 4' "$MIGS" >>"$TMP/open.apgn"
check "open comment refused alone" 2 '^3 games: 2 replay, 1 refused$' -- \
    $S abalone replay "$TMP/open.apgn"
check "open comment named" 2 "^game 2: refused: .*open.apgn:25:9: comment '\{' is never closed" -- \
    $S abalone replay "$TMP/open.apgn"

# 100 000 games: read in linear time (the line of each game is counted once).
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[Variant \"belgian\"]\n\n1. a1b2 *\n\n" }' \
    >"$TMP/many.apgn"
check "100000 games" 0 '^100000 games: 100000 replay$' -- \
    timeout 30 $S abalone replay "$TMP/many.apgn"

# Other commands read one chosen game.
check "render names the games" 2 'holds 3 games: choose one with --game-index N' -- \
    $S abalone render --game "$TMP/three.apgn" --out "$TMP/x.png"
check "render a chosen game" 0 '' -- \
    $S abalone render --game "$MIGS" --game-index 100 --out "$TMP/x.png"
check "render index without game" 2 '--game-index N takes a number from 1 and a --game file' -- \
    $S abalone render --game-index 2 --out "$TMP/x.png"

# [Variant], [SetUp] and [Position], [Plies].
# A first move of each daisy that the standard layout does not have.
for v in german_daisy:b1a1 dutch_daisy:a1a2 swiss_daisy:b1a1; do
    printf '[Variant "%s"]\n\n1. %s *\n' ${v%:*} ${v#*:} >"$TMP/v.apgn"
    check "variant ${v%:*}" 0 '1 moves, all legal' -- $S abalone replay "$TMP/v.apgn"
done
printf '[Event "x"]\n[Variant "domination"]\n\n*\n' >"$TMP/v.apgn"
check "unknown variant named" 2 \
    'v.apgn:2:1: \[Variant "domination"\]: a layout sumito does not have' -- \
    $S abalone replay "$TMP/v.apgn"
STANDARD='wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0'
printf '[Variant "belgian"]\n[SetUp "1"]\n[Position "%s"]\n\n1. c5d5 *\n' "$STANDARD" \
    >"$TMP/setup.apgn"
check "position wins over variant" 0 '1 moves, all legal' -- $S abalone replay "$TMP/setup.apgn"
printf '[Variant "belgian"]\n[SetUp "1"]\n\n*\n' >"$TMP/setup.apgn"
check "setup without position" 2 'setup.apgn:2:1: \[SetUp "1"\] without a \[Position\] tag' -- \
    $S abalone replay "$TMP/setup.apgn"
printf '[Variant "belgian"]\n[Plies "3"]\n\n1. a1b2 i5h5 *\n' >"$TMP/plies.apgn"
check "plies disagree" 2 'plies.apgn:2:1: \[Plies "3"\] but the record has 2 moves' -- \
    $S abalone replay "$TMP/plies.apgn"

# The record's rules. shuffle TAGS N: a standard-layout game of N plies that repeats its
# position every 4 plies (a threefold repetition at ply 8).
shuffle() {
    printf '%b\n' "$1"
    awk -v n="$2" 'BEGIN { split("c5d5 g5f5 d5c5 f5g5", m, " ");
        for (i = 0; i < n; i++) { if (i % 2 == 0) printf "%d. ", i / 2 + 1;
            printf "%s%s", m[i % 4 + 1], (i % 8 == 7) ? "\n" : " " }
        print "*" }'
}
REPEATED="move 5 \\(Black\\) 'c5d5' comes after the game ended \\(threefold repetition\\)"
CAPPED="move 151 \\(Black\\) 'c5d5' comes after the game ended \\(move cap reached\\)"
shuffle '[Variant "standard"]\n' 310 >"$TMP/apgn.txt"
check "no repetition draw, no move cap" 0 '310 moves, all legal' -- \
    $S abalone replay "$TMP/apgn.txt"
check "repetition set on the command line" 2 "$REPEATED" -- \
    $S abalone replay --set repetition_draw=1 "$TMP/apgn.txt"
shuffle '[Variant "standard"]\n[RepetitionDraw "yes"]\n' 10 >"$TMP/rep.txt"
check "repetition draw by tag" 2 "rep.txt:5:4: $REPEATED" -- \
    $S abalone replay "$TMP/rep.txt"
shuffle '[Variant "standard"]\n[MoveCap "300"]\n' 310 >"$TMP/cap.txt"
check "move cap by tag" 2 "$CAPPED" -- \
    $S abalone replay "$TMP/cap.txt"
shuffle '[Variant "standard"]\n[MoveCap "often"]\n' 4 >"$TMP/cap.txt"
check "move cap not a number" 2 '\[MoveCap "often"\] is not a number of plies' -- \
    $S abalone replay "$TMP/cap.txt"
# sumito's older records (no [Variant], no [SetUp]) keep the rules they were written under.
shuffle '[Layout "standard"]\n' 10 >"$TMP/old.txt"
check "older record: repetition" 2 "$REPEATED" -- \
    $S abalone replay "$TMP/old.txt"
shuffle '[Layout "standard"]\n[RepetitionDraw "no"]\n' 310 >"$TMP/old.txt"
check "older record: move cap" 2 "$CAPPED" -- \
    $S abalone replay "$TMP/old.txt"
# sumito's own games write their rules, and replay under them.
$S abalone play --time-per-move 0.01 --set move_cap=6 --record "$TMP/own.txt" --quiet >/dev/null
check "own record names its rules" 0 '^\[MoveCap "6"\]$' -- cat "$TMP/own.txt"
check "own record: repetition" 0 '^\[RepetitionDraw "yes"\]$' -- cat "$TMP/own.txt"
check "own record replays under its rules" 0 'Result: .* \(move cap reached\)' -- \
    $S abalone replay "$TMP/own.txt"

tap_done
