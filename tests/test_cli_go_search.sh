# SPDX-License-Identifier: MIT
# The Go commands that search: genmove over GTP (the clock, cleanup, regression, resignation,
# parameters), statistics collection, position suites, the compare reference and the
# comparison; normal use and bad input (messages and exit status 2).
. "$(dirname "$0")/tap.sh"
S=$SUMITO

# GTP: genmove plays a legal point, errors keep the engine running.
printf 'boardsize 9\nclear_board\n1 genmove b\n2 genmove x\n3 reg_genmove w\n4 showboard\n5 kgs-genmove_cleanup w\n6 sumito-set rankcut_threshold 0.01\n7 sumito-set speed 3\n8 sumito-set rankcut maybe\n9 sumito-params\n10 time_settings 10 0 0\n11 time_left b 5 0\n12 genmove b\n13 list_commands\n14 genmove\nquit\n' >"$TMP/gtp.in"
check "genmove" 0 '^=1 [A-HJ][1-9]$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "genmove bad colour" 0 '^\?2 syntax error$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "genmove no colour" 0 '^\?14 syntax error$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "reg_genmove" 0 '^=3 [A-HJ][1-9]$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "reg_genmove does not play" 0 'White to move' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "cleanup" 0 '^=5 [A-HJ][1-9]$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "set" 0 '^=6 $' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "set unknown" 0 "^\\?7 unknown parameter 'speed'" -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "set bad value" 0 "^\\?8 parameter rankcut: 'maybe' is not true or false" -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "params" 0 '^rankcut_threshold 0.01$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "params Go default" 0 '^rankcut_min_depth 3$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/gtp.in'"
check "clock" 0 '^=12 [A-HJ][1-9]$' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "commands listed" 0 '^kgs-genmove_cleanup$' -- sh -c "$S go gtp <'$TMP/gtp.in'"
check "verbose" 0 'genmove b: [A-HJ][1-9] \(search; depth [0-9]+' -- \
    sh -c "$S go gtp -v --time-per-move 0.05 <'$TMP/gtp.in'"
# Hopelessly behind (komi 30 on 5x5) with resignation on; off by default. Resigning by the
# searched score is alpha-beta's (the Monte Carlo search, the default, resigns by win rate).
printf 'boardsize 5\nkomi 30\nplay b A1\nplay w C3\nplay b E5\nplay w C2\nplay b A5\nplay w C4\ngenmove b\nquit\n' >"$TMP/resign.in"
check "resign" 0 '^= resign$' -- \
    sh -c "$S go gtp --time-per-move 0.05 --set search=alphabeta --set resign=true --set resign_points=5 <'$TMP/resign.in'"
check "no resign by default" 0 '^= [A-E][1-5]$|^= pass$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/resign.in'"
check "resign by win rate" 0 '^= resign$' -- \
    sh -c "$S go gtp --set search=mcts --set mcts_playouts=500 --set resign=true <'$TMP/resign.in'"
# final_status_list from the Monte Carlo search's ownership: Black's walls on C and E, White's
# on F and H, White's B5 inside Black's area is dead; final_score stays the bare count.
{
    echo 'boardsize 9'
    for c in C E; do for r in 1 2 3 4 5 6 7 8 9; do echo "play b $c$r"; done; done
    for c in F H; do for r in 1 2 3 4 5 6 7 8 9; do echo "play w $c$r"; done; done
    printf 'play w B5\n1 final_status_list dead\n2 final_status_list alive\n3 final_score\n'
    printf '4 final_status_list seki\n5 final_status_list zombie\n6 sumito-set dead_share 0.3\n'
    printf '7 final_status_list\nquit\n'
} >"$TMP/status.in"
check "status dead" 0 '^=1 B5$' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status alive" 0 '^F9 F8 F7 F6 F5 F4 F3 F2 F1$' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status score" 0 '^=3 W\+17\.5$' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status seki" 0 '^=4 $' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status bad" 0 '^\?5 syntax error$' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status no argument" 0 '^\?7 syntax error$' -- sh -c "$S go gtp <'$TMP/status.in'"
check "status bad share" 0 '^\?6 parameter dead_share: .*0\.5\.\.1' -- sh -c "$S go gtp <'$TMP/status.in'"
# The opponent passed and passing wins: pass.
printf 'boardsize 5\nkomi 0.5\nplay b C3\nplay w pass\ngenmove b\nquit\n' >"$TMP/pass.in"
check "pass wins" 0 '^= pass$' -- sh -c "$S go gtp --time-per-move 0.05 <'$TMP/pass.in'"
check "gtp bad time" 2 'time-per-move must be 0 to 86400' -- $S go gtp --time-per-move -1
check "gtp bad parameter" 2 "rankcut: 'maybe' is not true or false" -- $S go gtp --set rankcut=maybe
check "gtp bad rule" 2 "parameter ko: 'super' is not a decimal integer" -- $S go gtp --set ko=super
check "gtp missing statistics" 2 'No such file' -- $S go gtp --rankcut-file "$TMP/none.rc"

# Statistics: collect, resume, show, use; another game's file refused.
check "collect" 0 '1 games, [0-9]+ cells seen' -- \
    $S go rankcut-collect --size 5 --games 1 --time-per-move 0.01 --seed 3 --out "$TMP/a.rc"
check "collect resume" 0 'resuming .* after 1 games' -- \
    $S go rankcut-collect --size 5 --games 2 --time-per-move 0.01 --seed 3 --out "$TMP/a.rc"
check "collect show" 0 'game go5, evaluator go-influence-2, 2 games' -- $S rankcut show "$TMP/a.rc"
check "collect with pruning" 0 'round 1: 1 games with RankCut on' -- \
    $S go rankcut-collect --size 5 --with-pruning --rounds 1 --games 1 --time-per-move 0.01 \
    --rankcut-file "$TMP/a.rc" --out "$TMP/p.rc"
check "collect other size" 2 "cannot resume it" -- \
    $S go rankcut-collect --size 7 --games 1 --time-per-move 0.01 --out "$TMP/a.rc"
check "collect bad size" 2 'size must be 2 to 19, not 30' -- \
    $S go rankcut-collect --size 30 --games 1 --out "$TMP/x.rc"
check "collect no out" 2 'out FILE is required' -- $S go rankcut-collect --games 1
check "statistics used" 0 '^= [A-E][1-5]$' -- \
    sh -c "printf 'boardsize 5\ngenmove b\nquit\n' | $S go gtp --time-per-move 0.02 --set search=alphabeta --rankcut-file '$TMP/a.rc'"
head -c 2000 /dev/urandom >"$TMP/noise.rc"
check "statistics noise" 2 'not a RankCut statistics file' -- $S go gtp --rankcut-file "$TMP/noise.rc"
$S abalone rankcut-collect --games 1 --time-per-move 0.01 --set move_cap=6 --out "$TMP/ab.rc" >/dev/null 2>&1
check "abalone statistics refused" 2 "this engine needs Go" -- $S go gtp --rankcut-file "$TMP/ab.rc"

# A small suite, its reference and the comparison.
check "make-suite" 0 '2 positions from [0-9]+ games' -- \
    $S go make-suite --size 5 --positions 2 --per-game 2 --time-per-move 0.005 --out "$TMP/s.txt"
check "make-suite header" 0 '^# games [0-9]+$' -- cat "$TMP/s.txt"
printf '# two positions\n5x5 C3 B2 d2 pass\n5x5 C3 C2 B3 D3 B2\n' >"$TMP/suite.txt"
check "coverage on a suite" 0 "coverage over $TMP/suite.txt \\(2 positions, 0.02 s each, RankCut on\\): [0-9]+ of [0-9]+ decisions .* reductions$" -- \
    $S rankcut show "$TMP/a.rc" --top 0 --min-samples 1 --coverage --suite "$TMP/suite.txt" --time-per-move 0.02
printf '9x9 E5\n' >"$TMP/suite9.txt"
check "coverage missing suite" 2 'none.txt' -- \
    $S rankcut show "$TMP/a.rc" --top 0 --coverage --suite "$TMP/none.txt"
check "coverage other size" 0 'no position has the statistics. board size: RankCut off' -- \
    $S rankcut show "$TMP/a.rc" --top 0 --coverage --suite "$TMP/suite9.txt" --time-per-move 0.02
check "reference" 0 '2 positions at depth 3' -- \
    $S go compare-reference --suite "$TMP/suite.txt" --depth 3 --out "$TMP/ref.txt"
check "reference format" 0 '^5x5 C3 B2 D2 pass ; depth 3 ; [A-E][1-5] -?[0-9]+ ' -- cat "$TMP/ref.txt"
check "reference resumes" 0 '2 positions at depth 3 \(0 computed now\)' -- \
    $S go compare-reference --suite "$TMP/suite.txt" --depth 3 --out "$TMP/ref.txt"
check "compare" 0 'McNemar rankcut vs alphabeta' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --time-per-move 0.02 \
    --depth 1 --csv "$TMP/c.csv"
check "compare csv" 0 '^depth 1,rankcut,2,1,[0-9]+,[0-9.]+,([A-E][1-5]|pass),1,' -- cat "$TMP/c.csv"
check "compare margin note" 0 'less than 2 plies deeper' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --no-time --depth 2
printf '5x5 C3 ; depth 3 ; Z9 10\n' >"$TMP/badref.txt"
check "compare bad reference" 2 "badref.txt:1: 'Z9' is off the 5x5 board" -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/badref.txt" --no-time --depth 1
printf '5x5 C3 ; depth 3 ; C3 10\n' >"$TMP/badref.txt"
check "compare illegal reference move" 2 "badref.txt:1: C3 is illegal in this position" -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/badref.txt" --no-time --depth 1
printf '5x5 C3\n25x25 C3\n' >"$TMP/badsuite.txt"
check "compare bad suite" 2 "badsuite.txt:2: '25x25': expected the board size first" -- \
    $S go compare --suite "$TMP/badsuite.txt" --no-time --depth 1
printf '5x5 C3 C3\n' >"$TMP/badsuite.txt"
check "compare illegal suite move" 2 "badsuite.txt:1: move 2, C3: illegal \\(the point is occupied\\)" -- \
    $S go compare --suite "$TMP/badsuite.txt" --no-time --depth 1
check "compare bad config" 2 "unknown parameter 'speed'" -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --config x:speed=2
check "compare nodes and chart" 0 "^chart: $TMP/g.png \\(1000 x 460 pixels: depth reached\\)" -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --time-per-move 0.02 \
    --nodes 500 --chart "$TMP/g.png"
# The built-in 9x9 suite and its reference load and match.
check "built-in suite and reference" 0 '^60 positions, 60 with reference results \(plain alpha-beta, depth 6\)' -- \
    $S go compare --no-time --depth 1 --config a:rankcut=false

# Depth 1 would score each move by a search of depth 0, which has no limit: refused (it used to
# search for ever; the timeout turns a return of that into a failure, not a hang).
check "compare-reference depth 1" 2 'depth must be 2 to 20, not 1' -- \
    timeout 60 $S go compare-reference --suite "$TMP/suite.txt" --depth 1 --out "$TMP/ref1.txt"
check "deep reference shard" 0 "1 positions searched to 3000 nodes \\(1 computed now\\)" -- \
    $S go compare-reference --suite "$TMP/suite.txt" --nodes 3000 --shard 2/2 --out "$TMP/deep.txt"
check "deep reference format" 0 '^5x5 C3 C2 B3 D3 B2 ; depth [0-9]+ ; nodes 3000 ; ([A-E][1-5]|pass) -?[0-9]+$' -- \
    cat "$TMP/deep.txt"
check "compare deep reference" 0 '1 of them one search of 3000 nodes: depth' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/deep.txt" --no-time --depth 1
# A deep entry knows the value of its one move only: the value-lost column says "-", even when
# the configuration agrees with it (it printed a mean of 0.0 over the agreeing moves).
$S go compare --suite "$TMP/suite.txt" --no-time --depth 1 --config a:rankcut=false \
    --csv "$TMP/one.csv" >/dev/null
move=$(awk -F, '$3 == 2 { print $7 }' "$TMP/one.csv")
printf '5x5 C3 C2 B3 D3 B2 ; depth 5 ; nodes 3000 ; %s 10\n' "$move" >"$TMP/agree.txt"
check "compare deep reference value lost" 0 '^a +2 .* 100\.0% .* -$' -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/agree.txt" --no-time --depth 1 \
    --config a:rankcut=false
check "compare-reference bad shard" 2 "--shard must be K/N with 1 <= K <= N <= 1000, not '3/2'" -- \
    $S go compare-reference --suite "$TMP/suite.txt" --nodes 3000 --shard 3/2 --out "$TMP/d2.txt"
check "compare-reference depth and nodes" 2 "--depth and --nodes exclude each other" -- \
    $S go compare-reference --suite "$TMP/suite.txt" --nodes 3000 --depth 3 --out "$TMP/d2.txt"
printf '5x5 C3 ; depth 3 ; nodes 10 ; C2 1 D2 3\n' >"$TMP/badref.txt"
check "deep reference with two moves" 2 "badref.txt:1: a deep entry \\('nodes N'\\) lists one move" -- \
    $S go compare --suite "$TMP/suite.txt" --reference "$TMP/badref.txt" --no-time --depth 1
check "compare-reference unwritable out" 2 "--out: cannot write '$TMP/no/dir/r.txt': its directory does not exist" -- \
    $S go compare-reference --suite "$TMP/suite.txt" --depth 2 --out "$TMP/no/dir/r.txt"
check "make-suite unwritable out" 2 "--out: cannot write '$TMP': it is a directory" -- \
    $S go make-suite --size 5 --positions 2 --out "$TMP"
# Problems: a suite file searched by alpha-beta at a node budget; bad suites and options refused.
printf '# two\nladder 9x9 b B:E5,F5,D4 W:E4 =E3\nwrong 9x9 b B:E5,F5,D4 W:E4 =A1*\n' >"$TMP/t.txt"
AB='--set search=alphabeta'
check "tactics" 0 '^ladder +E3 +ok +depth' -- $S go tactics $AB --file "$TMP/t.txt" --nodes 3000
check "tactics known failure" 0 '^wrong +E3 +WRONG\* ' -- $S go tactics $AB --file "$TMP/t.txt" --nodes 3000
check "tactics summary" 0 '^1 of 2 right' -- $S go tactics $AB --file "$TMP/t.txt" --depth 2
printf 'bad 9x9 b B:E5 W:E5 =D5\n' >"$TMP/bad.txt"
check "tactics bad suite" 2 "bad.txt: line 1: 'E5': a point set up twice" -- $S go tactics --file "$TMP/bad.txt"
check "tactics missing suite" 2 'No such file' -- $S go tactics --file "$TMP/none.txt"
check "tactics bad nodes" 2 'nodes must be positive' -- $S go tactics --nodes 0
check "tactics bad depth" 2 'depth must be 1 to 60' -- $S go tactics --depth 99
check "tactics bad parameter" 2 "rankcut: 'maybe' is not true or false" -- $S go tactics --set rankcut=maybe

# The shipped deep reference (Table 1's): a late position's search reached depth 126, which the
# reader refused until 2026-11-27 (it took 100 for the deepest a reference could hold).
check "the deep reference loads" 0 '^alphabeta +60 ' -- \
    $S go compare --reference go/data/compare_reference_deep.txt -d 1 -C alphabeta:plain
sed -n '1,2p;3s/; depth [0-9]* ;/; depth 129 ;/p' go/data/compare_reference_deep.txt >"$TMP/deep129.txt"
check "a reference deeper than the search can go" 2 "expected 'depth D' \(D from 1 to 128\)" -- \
    $S go compare --reference "$TMP/deep129.txt" -d 1
tap_done
