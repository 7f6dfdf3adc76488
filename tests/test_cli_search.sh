# SPDX-License-Identifier: MIT
# The commands that search: analyse, play, statistics collection and files, position suites
# and the compare command; normal use and bad input. The engine protocol: test_cli_aep.sh.
. "$(dirname "$0")/tap.sh"
S=$SUMITO

check "analyse depth" 0 '^bestmove [a-i][1-9]' -- $S abalone analyse --depth 4 --layout belgian
check "analyse info line" 0 '^info depth 3 seldepth [0-9]+ score cp -?[0-9]+ nodes' -- $S abalone analyse --depth 3
check "analyse net default" 0 'rankcut on \(built-in\)' -- $S abalone analyse --depth 3
check "analyse hce" 0 'rankcut on \(built-in\)' -- $S abalone analyse --depth 3 --set eval=hce
check "params eval default" 0 'eval +choice +net ' -- $S params
check "params Abalone RankCut defaults" 0 '^Abalone engines start from rankcut_graded=3, rankcut_threshold=0.015, rankcut_research=true, lmr=true, lmr_divisor=4, rankcut_lmr=true, rankcut_lmr_keep=0.02, probcut=true, probcut_t=1.5, null_move=true, null_move_reduction=2, futility=true and futility_margin=300 ' -- $S params
check "speed depth hce" 0 'standard +0.05 s: alpha-beta depth +[1-9].*sumito depth +[1-9]' -- \
    $S abalone speed --no-nps --no-overrun --depth-time 0.05 --set eval=hce
check "speed bad set" 2 "unknown parameter 'bogus'" -- $S abalone speed --no-overrun --set bogus=1
check "contempt out of range" 2 'parameter contempt: -1 is outside its range 0..10000' -- \
    $S abalone analyse --depth 1 --set contempt=-1
check "press_edge out of range" 2 'parameter press_edge: 1001 is outside its range 0..1000' -- \
    $S abalone analyse --depth 1 --set press_edge=1001
check "contempt and press searched" 0 '^bestmove [a-i][1-9]' -- \
    $S abalone analyse --depth 3 --set contempt=300 --set press_edge=30 --set press_threat=100
check "analyse win" 0 'score win 1 .* pv e7e8' -- \
    $S abalone analyse --depth 3 --position 'www2/wwwww1/b6/8/6bbw/8/7/b5/bbbbb b'
check "analyse over" 2 'the game is over \(six marbles ejected\)' -- \
    $S abalone analyse --position 'wwwww/wwwwww/2www2/8/9/8/7/bbbbbb/bb3 b'
check "analyse decided" 2 'nothing to search' -- \
    $S abalone analyse --position 'bbbbb/bwwwww/bw5/bw6/bw7/w7/7/6/5 b'
check "unknown parameter" 2 "unknown parameter 'colour'" -- $S abalone analyse --set colour=red
check "out of range" 2 'rankcut_threshold: 2 is outside its range 0..1' -- $S abalone analyse --set rankcut_threshold=2
check "bad bool" 2 "rankcut: 'maybe' is not true or false" -- $S abalone analyse --set rankcut=maybe
# Several threads: taken by the search commands, refused where a single-threaded tree is
# measured, and bad counts refused.
check "analyse two threads" 0 '^bestmove [a-i][1-9]' -- $S abalone analyse --depth 4 --set threads=2
check "threads 0" 2 'threads: 0 is outside its range 1..512' -- $S abalone analyse --set threads=0
check "threads 10000" 2 'threads: 10000 is outside its range 1..512' -- \
    $S abalone analyse --set threads=10000
check "compare one thread" 2 'compare measures the tree of a single-threaded search: threads=2' -- \
    $S abalone compare --config a:threads=2 --config b:
check "bench one thread" 2 'bench measures the tree of a single-threaded search: threads=2' -- \
    $S bench --depth 1 --go-depth 1 --set threads=2
check "speed time to depth" 0 'time to depth 2, 2 threads against 1: median ratio [0-9.]+ over 1 ' -- \
    $S abalone speed --no-nps --no-overrun --no-depth --threads 1 --threads 2 --ttd-depth 2 \
    --ttd-position belgian
check "speed bad threads" 2 "--threads '0': 1 to 512" -- \
    $S abalone speed --threads 0
check "bad depth" 2 'depth must be' -- $S abalone analyse --depth 500
printf '[sumito]\nhash = 8\nrankcut_reduction = 2\n' >"$TMP/good.conf"
check "config file" 0 '^bestmove' -- $S abalone analyse --depth 2 --config "$TMP/good.conf"
printf '[sumito]\nhash = 8\nspeed = 3\n' >"$TMP/bad.conf"
check "config unknown key" 2 "bad.conf:3: unknown parameter 'speed'" -- $S abalone analyse --config "$TMP/bad.conf"
check "config missing" 2 'No such file' -- $S abalone analyse --config "$TMP/none.conf"
check "rankcut file missing" 2 'No such file' -- $S abalone analyse --rankcut-file "$TMP/none.rc"
head -c 2000 /dev/urandom >"$TMP/noise.rc"
check "rankcut file noise" 2 'not a RankCut statistics file' -- $S abalone analyse --rankcut-file "$TMP/noise.rc"

# Engine against engine, a short game through the move cap; the record replays.
check "play engines" 0 'Game over: .* \(move cap reached\) after 8 plies' -- \
    $S abalone play --time-per-move 0.02 --set move_cap=8 --record "$TMP/g.txt" --quiet
check "play record replays" 0 '8 moves, all legal' -- $S abalone replay --set move_cap=8 "$TMP/g.txt"
# A human: an illegal move is refused with the reason, undo takes a pair back, quit stops.
printf 'a1a2\nc3d4\nundo\nquit\n' >"$TMP/human.in"
check "play human refused" 0 'illegal: .*has 5 marbles' -- \
    sh -c "$S abalone play --black human --time-per-move 0.02 --record '$TMP/h.txt' <'$TMP/human.in'"
check "play human undo" 0 'took back 2 moves' -- \
    sh -c "$S abalone play --black human --time-per-move 0.02 --record '$TMP/h.txt' <'$TMP/human.in'"
check "play bad player" 2 "--black must be engine or human, not 'robot'" -- $S abalone play --black robot

# Statistics: collect two tiny files, resume one, merge, show; bad files refused.
check "collect" 0 '1 games, [0-9]+ cells seen' -- \
    $S abalone rankcut-collect --games 1 --time-per-move 0.01 --set move_cap=12 --seed 3 --out "$TMP/a.rc"
check "collect resume" 0 'resuming .* after 1 games' -- \
    $S abalone rankcut-collect --games 2 --time-per-move 0.01 --set move_cap=12 --seed 3 --out "$TMP/a.rc"
check "collect other" 0 '1 games' -- \
    $S abalone rankcut-collect --games 1 --time-per-move 0.01 --set move_cap=12 --seed 4 --out "$TMP/b.rc"
check "merge" 0 '2 files, 3 games' -- $S rankcut merge "$TMP/a.rc" "$TMP/b.rc" -o "$TMP/m.rc"
check "diff same" 0 'moved by 0\.00000 on average .*at most 0\.0000; mean signed change \+0\.00000' -- \
    $S rankcut diff --min-samples 1 "$TMP/m.rc" "$TMP/m.rc"
check "diff part" 0 '^  all +[1-9][0-9]* +0\.[0-9]{5} +[01]\.[0-9]{4} +[-+]0\.[0-9]{5}$' -- \
    $S rankcut diff --min-samples 1 "$TMP/a.rc" "$TMP/m.rc"
check "diff one file" 2 'takes two statistics files' -- $S rankcut diff "$TMP/m.rc"
check "diff other evaluator" 2 "collected with evaluator 'abalone-net-[0-9a-f]{12}', not 'abalone-hce-1'" -- \
    $S rankcut diff "$(dirname "$0")/../abalone/data/rankcut.bin" "$TMP/m.rc"
check "diff min samples" 2 'min-samples must be 1 or more, not 0' -- \
    $S rankcut diff --min-samples 0 "$TMP/a.rc" "$TMP/m.rc"
check "show" 0 'game abalone, evaluator abalone-net-[0-9a-f]{12}, 3 games' -- $S rankcut show "$TMP/m.rc"
check "show scheme 2" 0 '^scheme 2 \(a later move raises alpha\); score-gap edges: 5 25 100 300 1000 10 50 100 200 600$' -- \
    $S rankcut show "$TMP/m.rc" --top 0
check "show by depth" 0 '^  1 +[0-9]+ +[01]\.[0-9]{5} +[0-9]+ +[0-9.]+%$' -- $S rankcut show "$TMP/m.rc" --top 0
check "show gap intervals" 0 'by last - best interval' -- $S rankcut show "$TMP/m.rc" --top 0
check "show scheme 1" 0 '^scheme 1 \(a later move beats the fail-soft best\); score-gap edges: 10 100 500$' -- \
    $S rankcut show "$(dirname "$0")/../abalone/data/rankcut.bin" --top 0
check "backoff needs coverage" 2 '--suite and --backoff go with --coverage' -- \
    $S rankcut show "$TMP/m.rc" --backoff
check "use collected" 0 "rankcut on \\($TMP/m.rc\\)" -- \
    $S abalone analyse --depth 4 --rankcut-file "$TMP/m.rc" --set rankcut_min_samples=1
check "with pruning" 0 'round 1: 1 games with RankCut on' -- \
    $S abalone rankcut-collect --with-pruning --rounds 1 --games 1 --time-per-move 0.01 \
    --set move_cap=10 --rankcut-file "$TMP/m.rc" --out "$TMP/p.rc"
check "with pruning from scheme 1" 0 'started from is of scheme 1, this one of 2: no comparison' -- \
    $S abalone rankcut-collect --with-pruning --rounds 1 --games 1 --time-per-move 0.01 \
    --set move_cap=10 --set eval=hce --out "$TMP/p1.rc"
check "with pruning settles" 0 'below --settle, the table has settled' -- \
    $S abalone rankcut-collect --with-pruning --rounds 3 --games 1 --time-per-move 0.01 \
    --set move_cap=10 --set rankcut_min_samples=1 --settle 1 --rankcut-file "$TMP/m.rc" \
    --out "$TMP/p2.rc"
check "settle range" 2 '--settle must be 0 to 1' -- \
    $S abalone rankcut-collect --settle 2 --out "$TMP/p3.rc"
check "heatmap" 0 'h.png: 28 x 12 cells \(move number by depth\), [0-9]+ with at least 10 samples' -- \
    $S rankcut heatmap "$TMP/m.rc" --min-samples 10 --out "$TMP/h.png"
check "heatmap png" 0 '^89504e470d0a1a0a$' -- sh -c "od -An -tx1 -N8 '$TMP/h.png' | tr -d ' '"
check "heatmap by phase" 0 'h2.png: 28 x 2 cells \(move number by phase\)' -- \
    $S rankcut heatmap "$TMP/m.rc" --by phase --linear --pixels 400 --out "$TMP/h2.png"
check "heatmap help" 0 'alpha-gap' -- $S rankcut heatmap --help
check "heatmap bad by" 2 "--by 'colour': not one of depth, phase" -- \
    $S rankcut heatmap "$TMP/m.rc" --by colour --out "$TMP/heat-bad.png"
check "heatmap no out" 2 'missing --out FILE.png' -- $S rankcut heatmap "$TMP/m.rc"
check "heatmap no file" 2 'takes one statistics file' -- $S rankcut heatmap --out "$TMP/heat-bad.png"
check "heatmap pixels" 2 '--pixels must be 320 to 8192, not 100' -- \
    $S rankcut heatmap "$TMP/m.rc" --pixels 100 --out "$TMP/heat-bad.png"
check "heatmap min samples" 2 '--min-samples must be 1 or more, not 0' -- \
    $S rankcut heatmap "$TMP/m.rc" --min-samples 0 --out "$TMP/heat-bad.png"
check "heatmap noise" 2 'not a RankCut statistics file' -- \
    $S rankcut heatmap "$TMP/noise.rc" --out "$TMP/heat-bad.png"
check "heatmap unwritable" 2 "cannot write '$TMP/no/dir/h.png'" -- \
    $S rankcut heatmap "$TMP/m.rc" --out "$TMP/no/dir/h.png"
check "heatmap nothing written" 0 '^absent$' -- \
    sh -c "ls -A '$TMP' | grep -q heat-bad && echo present || echo absent"
head -c 100 "$TMP/m.rc" >"$TMP/trunc.rc"
check "show truncated" 2 'truncated' -- $S rankcut show "$TMP/trunc.rc"
check "merge noise" 2 'not a RankCut statistics file' -- $S rankcut merge "$TMP/m.rc" "$TMP/noise.rc" -o "$TMP/x.rc"
check "merge no out" 2 '-o OUT is required' -- $S rankcut merge "$TMP/m.rc"
check "collect no out" 2 'out FILE is required' -- $S abalone rankcut-collect --games 1

# A small suite, its reference and the comparison.
printf '# three positions\nwb1bb/ww4/2wbb2/1w6/5b3/4w3/1b2w2/b2w1b/1w2b b 40\nw4/1w4/ww3b1/bb2wb2/1w2b2w1/1b4w1/b4bb/4ww/5 w 65\n1w3/w2www/3w3/1ww3wb/bb1w2b2/b1b1wb2/1bb4/3w2/2w2 b 90\n' >"$TMP/suite.txt"
check "reference" 0 '3 positions at depth 3' -- \
    $S abalone compare-reference --suite "$TMP/suite.txt" --depth 3 --out "$TMP/ref.txt"
check "reference resumes" 0 '3 positions at depth 3 \(0 computed now\)' -- \
    $S abalone compare-reference --suite "$TMP/suite.txt" --depth 3 --out "$TMP/ref.txt"
check "compare" 0 'McNemar rankcut vs alphabeta' -- \
    $S abalone compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --time-per-move 0.02 \
    --depth 1 --csv "$TMP/c.csv" --chart "$TMP/c.png"
cp "$TMP/out" "$TMP/out.compare" # check's next command overwrites $TMP/out
check "compare chart" 0 "^chart: $TMP/c.png \\(1000 x 920 pixels: depth reached, then nodes per depth\\)" -- \
    cat "$TMP/out.compare"
check "compare chart png" 0 '^89504e470d0a1a0a$' -- sh -c "od -An -tx1 -N8 '$TMP/c.png' | tr -d ' '"
check "compare csv" 0 '^depth 1,rankcut,3,1,' -- cat "$TMP/c.csv"
check "compare margin note" 0 'less than 2 plies deeper' -- \
    $S abalone compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --no-time --depth 2 \
    --chart "$TMP/n.png"
cp "$TMP/out" "$TMP/out.compare"
check "compare chart nodes only" 0 "^chart: $TMP/n.png \\(1000 x 460 pixels: nodes per depth\\)" -- \
    cat "$TMP/out.compare"
check "compare chart no directory" 2 "--chart: cannot write '$TMP/no/dir/c.png': its directory does not exist" -- \
    $S abalone compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --chart "$TMP/no/dir/c.png"
check "compare chart a directory" 2 "--chart: cannot write '$TMP': it is a directory" -- \
    $S abalone compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --chart "$TMP"
check "compare bad config" 2 "unknown parameter 'speed'" -- \
    $S abalone compare --suite "$TMP/suite.txt" --reference "$TMP/ref.txt" --config x:speed=2
# The built-in suite and reference belong together: every position has its reference results.
check "compare built-in reference" 0 '^240 positions, 240 with reference results \(plain alpha-beta, depth 7\)' -- \
    $S abalone compare --no-time --depth 1
printf 'not a position\n' >"$TMP/badsuite.txt"
check "compare bad suite" 2 'badsuite.txt:1: ' -- $S abalone compare --suite "$TMP/badsuite.txt"
check "coverage on a suite" 0 "coverage over $TMP/suite.txt \\(3 positions, 0.02 s each, RankCut on\\): [0-9]+ of [0-9]+ decisions" -- \
    $S rankcut show "$TMP/m.rc" --top 0 --min-samples 1 --coverage --suite "$TMP/suite.txt" --time-per-move 0.02
check "coverage bad suite" 2 'badsuite.txt:1: ' -- \
    $S rankcut show "$TMP/m.rc" --coverage --suite "$TMP/badsuite.txt"
check "suite without coverage" 2 '--suite and --backoff go with --coverage' -- \
    $S rankcut show "$TMP/m.rc" --suite "$TMP/suite.txt"
# Every game gives --per-game lines, however its draws fall (a draw that hit a line taken
# before once cost the game a line, and the count then depended on the game's length).
check "make-suite" 0 '6 positions from 1 games' -- \
    $S abalone make-suite --positions 6 --per-game 6 --time-per-move 0.005 --out "$TMP/s.txt"

# The shipped deep reference (Table 1's) loads whole.
check "the deep reference loads" 0 '^alphabeta +240 ' -- \
    $S abalone compare --reference abalone/data/compare_reference_deep.txt -d 1 -C alphabeta:plain

# docs/search.md holds the parameter list as `sumito params` prints it: a parameter added or
# changed without the block regenerated fails here (the diff says which lines).
$S params >"$TMP/params.txt" 2>&1
awk 'f && /^```$/ { exit } f { print } /^<!-- sumito params -->$/ { getline; f = 1 }' \
    docs/search.md >"$TMP/doc-params.txt"
check "docs/search.md lists the parameters as sumito params does" 0 '^same$' -- \
    sh -c "cmp -s '$TMP/doc-params.txt' '$TMP/params.txt' && echo same ||
           diff '$TMP/doc-params.txt' '$TMP/params.txt'"
tap_done
