# SPDX-License-Identifier: MIT
# Hostile input through the command line (docs/reliability.md): records, SGF, time limits,
# files that never end or are too large, output that cannot be written. Each bad input gets a
# message naming the problem and exit status 2, never a crash or a hang (a timeout of 60 s
# tells a hang; no case takes more than a second or two).
. "$(dirname "$0")/tap.sh"
S=$SUMITO
T="timeout 60"

# SGF: an empty setup value (FF[4] lists of points, not elists) and deep nesting.
for p in AW AB AE; do
    printf '(;SZ[5]%s[])' $p >"$TMP/empty$p.sgf"
    check "sgf-check $p[]" 2 "empty$p.sgf:1:11: $p\\[\\]: an empty value" -- $T $S go sgf-check "$TMP/empty$p.sgf"
done
check "render --sgf AW[]" 2 'emptyAW.sgf:1:11: AW\[\]: an empty value' -- \
    $T $S go render --sgf "$TMP/emptyAW.sgf" --out "$TMP/x.png"
check "gtp loadsgf AW[]" 0 'loadsgf: .*emptyAW.sgf:1:11: AW\[\]: an empty value' -- \
    sh -c "printf 'loadsgf $TMP/emptyAW.sgf\nquit\n' | $T $S go gtp"
awk 'BEGIN { for (i = 0; i < 50000; i++) printf "(;"; for (i = 0; i < 50000; i++) printf ")" }' >"$TMP/deep.sgf"
check "sgf-check deep nesting" 2 'deep.sgf:1:2001: game trees nested more than 1000 deep' -- \
    $T $S go sgf-check "$TMP/deep.sgf"

# Time limits: not a number, infinite, beyond the maximum, negative.
for vw in nan:nan inf:inf '1e308:1e\+308' -1:-1; do
    v=${vw%%:*} w=${vw#*:}
    check "analyse --time-per-move $v" 2 "--time-per-move must be a number of seconds from 0 to 1e\\+06, not $w" -- \
        $T $S abalone analyse --time-per-move $v
    check "play --time-per-move $v" 2 "--time-per-move must be a number of seconds above 0 and at most 86400, not $w" -- \
        $T $S abalone play --time-per-move $v
done
check "rankcut-collect --time-per-move nan" 2 '--time-per-move must be a number of seconds above 0 and at most 3600, not nan' -- \
    $T $S abalone rankcut-collect --time-per-move nan --out "$TMP/c.rc"
check "make-suite --positions -1" 2 '--positions must be at least 1, not -1' -- \
    $T $S abalone make-suite --positions -1 --out "$TMP/s.txt"
check "make-suite --per-game 0" 2 '--per-game must be at least 1, not 0' -- \
    $T $S abalone make-suite --per-game 0 --out "$TMP/s.txt"

# Files that are not regular files, or too large, are refused before they are read, by every
# reader with the same message (base/file.h): a device that never ends, a FIFO no process
# writes to (a reader that opened it as a file would wait for ever: the timeout tells), a
# directory, and a sparse file over the limit of the readers of whole files (training data
# is read as a stream, with no limit). READER|COMMAND, %F the file.
mkdir "$TMP/dir"
mkfifo "$TMP/fifo"
truncate -s 300M "$TMP/big"
big='big: 314572800 bytes, more than the 268435456 read here'
while IFS="|" read -r reader cmd; do
    for f in /dev/zero /dev/urandom "$TMP/fifo" "$TMP/dir" "$TMP/big"; do
        case $f in
        */big) want=$big ;;
        *) want="$f: not a regular file" ;;
        esac
        [ "$reader" = "net data-info" ] && [ "$f" = "$TMP/big" ] && continue
        check "$reader ${f##*/}" 2 "$want" -- timeout 10 $S $(echo "$cmd" | sed "s|%F|$f|")
    done
done <<EOF
rankcut-file|abalone analyse --depth 1 --rankcut-file %F
rankcut show|rankcut show %F
probcut_file|abalone analyse --depth 1 --set probcut_file=%F
probcut show|probcut show %F
net|abalone analyse --depth 1 --net %F
net info|net info %F
net data-info|net data-info %F
config|abalone analyse --depth 1 --config %F
replay|abalone replay %F
sgf-check|go sgf-check %F
abalone compare --suite|abalone compare --depth 1 --no-time --suite %F
go compare --suite|go compare --depth 1 --no-time --suite %F
EOF
rm -f "$TMP/big"

# Records: 400 000 tags read in linear time, a repeated tag refused, a byte-order mark skipped.
awk 'BEGIN { for (i = 0; i < 400000; i++) printf "[T%d \"x\"]\n", i; print "\n*" }' >"$TMP/tags.txt"
check "replay 400000 tags" 0 'Result: \* \(as recorded' -- $T $S abalone replay "$TMP/tags.txt"
printf '[Layout "belgian"]\n[Event "a"]\n[Layout "german"]\n\n*\n' >"$TMP/twice.txt"
check "replay duplicate tag" 2 'twice.txt:3:1: tag \[Layout\] given twice \(first at line 1\)' -- \
    $T $S abalone replay "$TMP/twice.txt"
printf '\357\273\277[Layout "belgian"]\n\n1. a1b2 *\n' >"$TMP/bom.txt"
check "replay byte-order mark" 0 'Result: \* \(as recorded' -- $T $S abalone replay "$TMP/bom.txt"

# Control characters quoted in a message are escaped, never written as they are: from a record
# (a layout name holding a terminal's clear-screen sequence), from an argument, from an
# option's value (GLib's message), a carriage return and a C1 control (U+009B, UTF-8 C2 9B).
printf '[Layout "b\033[2Jx"]\n\n*\n' >"$TMP/esc.txt"
check "record control escaped" 2 "esc.txt:1:1: unknown layout 'b\\\\e\\[2Jx'" -- \
    $T $S abalone replay "$TMP/esc.txt"
check "argument control escaped" 2 "unknown command 'sumito abalone \\\\e\\[2J\\\\rx\\\\u009B'" -- \
    $T $S abalone "$(printf '\033[2J\rx\302\233')"
check "option value control escaped" 2 "1\\\\x07.* for --depth" -- \
    $T $S abalone analyse --depth "$(printf '1\007')"

# Match results: a value that is no number, negative or absurd, a game given twice, a format
# this program does not know; each refused with the line and the field (`match summary`
# reads the file as `match merge` and a resumed match do).
mkdir "$TMP/m"
head='# sumito match results, format 1\n# game: abalone\n# player 1: a = engine\n# player 2: b = engine plain\n'
ok='game 0 opening 0 first B result W plies 9 p1 5 1.0000 0.5000 p2 4 1.0000 0.5000 overhead 0.00100 reason r\n'
while IFS="|" read -r name line want; do
    printf "$head$ok$line\n" >"$TMP/m/results.txt"
    check "match summary: $name" 2 "$want" -- $T $S match summary "$TMP/m"
done <<EOF
nan seconds|game 1 opening 0 first W result L plies 9 p1 5 nan 0.5000 p2 4 1.0000 0.5000 overhead 0 reason r|results.txt:6: field 'p1 seconds': 'nan' is not a number of seconds
negative plies|game 1 opening 0 first W result L plies -9 p1 5 1.0000 0.5000 p2 4 1.0000 0.5000 overhead 0 reason r|results.txt:6: field 'plies': '-9' is not a whole number
absurd moves|game 1 opening 0 first W result L plies 9 p1 5000000000 1.0000 0.5000 p2 4 1.0000 0.5000 overhead 0 reason r|results.txt:6: field 'p1 moves': '5000000000'
hexadecimal game|game 0x1 opening 0 first W result L plies 9 p1 5 1.0000 0.5000 p2 4 1.0000 0.5000 overhead 0 reason r|results.txt:6: field 'game': '0x1'
game twice|game 0 opening 0 first W result L plies 9 p1 5 1.0000 0.5000 p2 4 1.0000 0.5000 overhead 0 reason r|results.txt:6: game 0 is given twice
EOF
printf '# sumito match results, format 3\n# game: abalone\n' >"$TMP/m/results.txt"
check "match summary: format 3" 2 "results.txt:1: results format '3' is not known \(this sumito reads formats 1 to 2\)" -- \
    $T $S match summary "$TMP/m"

# Numbers are decimal only (base/number.h): hexadecimal and octal-looking numbers are refused
# in options, --set, configuration files and a match's players, rather than read as other
# values; 0 is out of range where a range starts at 1, not "the default". (Each command would
# write under $TMP, were it to run.)
while IFS="|" read -r name want cmd; do
    check "$name" 2 "$want" -- $T $S $cmd
done <<EOF
--depth 0x2|Cannot parse integer value '0x2' for --depth: decimal digits only|abalone perft --depth 0x2
--games 010|Cannot parse integer value '010' for --games: decimal digits only|abalone match --games 010 -e a: -e b: -o $TMP/no-match
--seed 0x10|Cannot parse integer value '0x10' for --seed|abalone match --seed 0x10 -e a: -e b: -o $TMP/no-match
--time-per-move 0x1p-3|Cannot parse double value '0x1p-3' for --time-per-move|abalone analyse --time-per-move 0x1p-3
--clock 0x10|--clock must be MAIN or MAIN\+INC in seconds, MAIN > 0, not '0x10'|abalone match --clock 0x10 -e a: -e b: -o $TMP/no-match
--set qsearch_plies=010|parameter qsearch_plies: '010' is not a decimal integer|abalone analyse --depth 1 --set qsearch_plies=010
--set time_max_share=0x1p-1|parameter time_max_share: '0x1p-1' is not a decimal number|abalone analyse --depth 1 --set time_max_share=0x1p-1
player depth=010|player a: 'depth=010' is not a valid limit|abalone match -e a:depth=010 -e b:
analyse --depth 0|--depth must be 1 to 126, not 0|abalone analyse --depth 0
analyse --nodes 0|--nodes must be positive, not 0|abalone analyse --nodes 0
match --depth 0|--depth must be 1 to 126, not 0|abalone match --depth 0 -e a: -e b: -o $TMP/no-match
match --nodes 0|--nodes must be positive, not 0|abalone match --nodes 0 -e a: -e b: -o $TMP/no-match
compare --nodes 0|--nodes must be positive, not 0|abalone compare --no-time --nodes 0
compare-reference --depth 0|--depth must be 2 to 20, not 0|abalone compare-reference --depth 0 --out $TMP/x.ref
go tactics --depth 0|--depth must be 1 to 60, not 0|go tactics --depth 0
EOF

# Configuration files: what GLib's key files would quietly take is refused with the line and
# the key; --config given twice is refused rather than the second replacing the first.
while IFS="|" read -r name text want; do
    printf "$text" >"$TMP/c.conf"
    check "$name" 2 "$want" -- $T $S abalone analyse --depth 1 --config "$TMP/c.conf"
done <<EOF
config key twice|[sumito]\nrankcut = false\nrankcut = true\n|c.conf:3: key 'rankcut' given twice \(first at line 2\)
config localized key|[sumito]\nrankcut = false\nrankcut[fr] = true\n|c.conf:3: key 'rankcut\[fr\]': a key for one language is not read
config group twice|[sumito]\nhash = 8\n[sumito]\nhash = 16\n|c.conf:3: group \[sumito\] given twice \(first at line 1\)
config other group|[sumito]\nhash = 8\n[Sumito]\nhash = 16\n|c.conf:3: group \[Sumito\] is not read \(parameters go in \[sumito\]\)
config hexadecimal|[sumito]\nhash = 0x10\n|c.conf:2: parameter hash: '0x10' is not a decimal integer
EOF
printf '[sumito]\nhash = 8\n' >"$TMP/a.conf"
check "--config twice" 2 "--config given twice \('.*a.conf', then '.*c.conf'\): give it once" -- \
    $T $S abalone analyse --depth 1 --config "$TMP/a.conf" --config "$TMP/c.conf"
check "go gtp --config twice" 2 "--config given twice" -- \
    $T $S go gtp --config "$TMP/a.conf" --config "$TMP/a.conf"

# A file that cannot be written is named as the user gave it, not by the temporary name it was
# being written under, with the system's reason (in the C locale, where GLib's own message
# came out as "Failed to create file ?/nonexistent/dir/x.sgf.1CXNZ3?"); the commands check
# their output before the work, with the reason in words.
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' >"$TMP/in.sgf"
nowhere="/nonexistent/dir"
check "printsgf into no folder" 0 "printsgf: cannot write '$nowhere/x.sgf': No such file or directory\$" -- \
    sh -c "printf 'boardsize 5\nplay b c3\nprintsgf $nowhere/x.sgf\nquit\n' | LC_ALL=C $T $S go gtp"
check "sgf-check --write into no folder" 2 "--write: cannot write '$nowhere/w.sgf': its directory does not exist\$" -- \
    env LC_ALL=C $T $S go sgf-check --write "$nowhere/w.sgf" "$TMP/in.sgf"
check "play --record into no folder" 2 "--record: cannot write '$nowhere/r.txt': its directory does not exist\$" -- \
    env LC_ALL=C $T $S abalone play --time-per-move 0.01 --set move_cap=4 --record "$nowhere/r.txt" --quiet

# A picture that cannot be written says why (here a file size limit: 'File too large'),
# leaves no file and no temporary file behind.
mkdir "$TMP/png"
check "render write error" 2 "cannot write '$TMP/png/a.png': File too large" -- \
    sh -c "trap '' XFSZ; ulimit -f 1; $T $S abalone render --out '$TMP/png/a.png'"
check "render write error leaves nothing" 0 '^0$' -- sh -c "ls -A '$TMP/png' | wc -l"

tap_done
