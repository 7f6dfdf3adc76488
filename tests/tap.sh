# SPDX-License-Identifier: MIT
# TAP helpers for the command-line tests; sourced by tests/test_*.sh. $SUMITO is the binary.
: "${SUMITO:=build/sumito}"
tap_n=0
tap_failed=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# check NAME STATUS PATTERN -- COMMAND...: runs COMMAND, wants exit STATUS and PATTERN
# (a grep -E expression) somewhere in its stdout or stderr.
check() {
    name=$1 want=$2 pattern=$3
    shift 4
    "$@" >"$TMP/out" 2>&1
    got=$?
    tap_n=$((tap_n + 1))
    if [ "$got" -eq "$want" ] && grep -Eq -- "$pattern" "$TMP/out"; then
        echo "ok $tap_n $name"
    else
        echo "not ok $tap_n $name"
        echo "# wanted status $want and /$pattern/, got status $got:"
        sed 's/^/#   /' "$TMP/out" | head -20
        tap_failed=1
    fi
}

tap_done() {
    echo "1..$tap_n"
    exit $tap_failed
}

# Abalone's engine protocol fed the commands $1 (printf format), its input kept open until a
# bestmove is out (30 s at most), so that the search ends by itself rather than by the end of
# the input (which stops it); prints what the engine wrote.
aep_until_bestmove() {
    rm -f "$TMP/until.out"
    (printf "$1"; i=0; while [ $i -lt 300 ] && ! grep -q '^bestmove' "$TMP/until.out" 2>/dev/null; do
        sleep 0.1; i=$((i + 1)); done) | timeout 60 $SUMITO abalone aep >"$TMP/until.out"
    cat "$TMP/until.out"
}

# tap_node SCRIPT [ARGS...]: runs a Node.js test script that prints TAP, adds its tests to
# this script's count (renumbered after the ones before) and its failure to this script's.
tap_node() {
    node "$@" >"$TMP/node.tap" 2>&1
    rc=$?
    sed '/^1\.\./d' "$TMP/node.tap" | awk -v base=$tap_n '
        /^(ok|not ok) [0-9]+/ { n = ($1 == "ok") ? $2 : $3; sub(" " n " ", " " n + base " "); }
        { print }'
    tap_n=$((tap_n + $(grep -c '^\(ok\|not ok\) ' "$TMP/node.tap")))
    if [ $rc -ne 0 ] || grep -q '^Bail out!' "$TMP/node.tap"; then tap_failed=1; fi
}
