# SPDX-License-Identifier: MIT
# tools/experiment.sh, the forward-pruning experiment, at the budgets of --quick: every step
# runs on Abalone and 9x9 Go (tuning, the two tables with their charts, the eleven matches, the
# report), a second run resumes with nothing left to do, --docs rewrites only its block, and
# bad usage is refused.
. "$(dirname "$0")/tap.sh"
X="sh tools/experiment.sh --sumito $SUMITO"

check "no game" 2 '^usage: ' -- $X
check "unknown game" 2 '^usage: ' -- $X chess
check "unknown option" 2 '^usage: ' -- $X --fast abalone
check "jobs not a number" 2 "--jobs 'two': not a positive number" -- $X --jobs two abalone
check "jobs zero" 2 "--jobs '0': not a positive number" -- $X --jobs 0 abalone
check "no sumito" 2 "'$TMP/none' is not an executable sumito" -- sh tools/experiment.sh --sumito "$TMP/none" abalone
check "docs missing" 2 "--docs '$TMP/none.md': no such file, or no lines" -- $X --docs "$TMP/none.md" abalone
printf 'no markers\n' >"$TMP/plain.md"
check "docs without markers" 2 "no lines '<!-- experiment abalone -->'" -- $X --docs "$TMP/plain.md" abalone

printf 'before\n<!-- experiment abalone -->\nold text\n<!-- /experiment abalone -->\nafter\n' >"$TMP/doc.md"
check "quick run" 0 'report written into' -- $X --quick --out "$TMP/x" --docs "$TMP/doc.md" abalone
check "a setting kept per method" 0 '^8$' -- sh -c "ls '$TMP/x'/tuned-* | wc -l"
check "tuning keeps the best agreement" 0 '^ok$' -- sh -c "for f in '$TMP/x'/tune-*.rank; do
    sort -s -k2,2gr -k3,3gr \"\$f\" | cmp -s - \"\$f\" || exit 1; done; echo ok"
check "table 1 against plain" 0 'McNemar probcut vs alphabeta' -- cat "$TMP/x/table2.txt"
check "charts" 0 'PNG image data, 1000 x 920' -- file "$TMP/x/table1.png" "$TMP/x/table2.png"
check "eleven matches reported" 0 '^11$' -- sh -c "grep -c '^| .* against .* | [0-9]*-[0-9]*-[0-9]* |' '$TMP/x/report.md'"
check "the binary's commit named" 0 "with sumito at commit $($SUMITO --version | sed -n 's/^commit: //p')," -- \
    cat "$TMP/x/report.md"
check "the combination named" 0 '^\| combination \(' -- cat "$TMP/x/report.md"
check "every configuration starts from plain" 0 '^ok$' -- sh -c "grep -q 'combination \`combination:plain,' '$TMP/x/report.md' &&
    for f in '$TMP/x'/tuned-*; do grep -q '^plain,' \"\$f\" || exit 1; done; echo ok"
check "resume: nothing left" 0 '^0$' -- sh -c "$X --quick --out '$TMP/x' abalone | grep -c 'tuning\|table\|match ' || true"
check "docs block replaced" 0 '^before,<!-- experiment abalone -->,Made by,<!-- /experiment abalone -->,after$' -- \
    sh -c "awk '/^<!--|^before$|^after$/ { print } /^Made by/ { print \"Made by\" }' '$TMP/doc.md' | paste -sd, -"
check "old text gone" 1 '^0$' -- grep -c 'old text' "$TMP/doc.md"
check "charts beside the docs" 0 'PNG image data' -- file "$TMP/abalone-experiment-1.png"
mkdir "$TMP/w"
cp "$TMP/x/tune.txt" "$TMP/w/"
sed 's/^# evaluator .*/# evaluator abalone-hce-1/' "$TMP/x/tune-ref.txt" >"$TMP/w/tune-ref.txt"
check "a reference of another evaluator refused" 1 'the reference was computed with evaluator .abalone-hce-1.' -- \
    $X --quick --out "$TMP/w" abalone
check "go quick run" 0 '^11$' -- sh -c "$X --quick --jobs 2 --out '$TMP/g' go >/dev/null &&
    grep -c '^| .* against .* | [0-9]*-[0-9]*-[0-9]* |' '$TMP/g/report.md'"
tap_done
