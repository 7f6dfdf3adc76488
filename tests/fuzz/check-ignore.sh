# SPDX-License-Identifier: MIT
# Checks that every file tests/fuzz/coverage-ignore.txt names (lines "src:*PATH") was compiled
# without libFuzzer's comparison tracing in the fuzzing build, and that some other object was
# compiled with it: a pattern that matches nothing is silently ignored by clang.
# Usage: sh tests/fuzz/check-ignore.sh OBJDIR [LIST]
set -u -f
objdir=$1
list=${2:-tests/fuzz/coverage-ignore.txt}
status=0
traced() { nm "$1" 2>/dev/null | grep -q '__sanitizer_cov_trace_'; }
[ -f "$objdir/core/search.o" ] && traced "$objdir/core/search.o" || {
    echo "check-ignore: $objdir/core/search.o is not instrumented: not a fuzzing build?" >&2
    exit 1
}
n=0
for pat in $(sed -n 's/^src://p' "$list"); do
    case $pat in
    '*'?*.c) path=${pat#\*} ;;
    *) echo "check-ignore: $list: '$pat' is not of the form src:*PATH.c" >&2; status=1; continue ;;
    esac
    obj="$objdir/${path%.c}.o"
    if [ ! -f "$obj" ]; then
        echo "check-ignore: $list names $path, but $obj does not exist" >&2
        status=1
    elif traced "$obj"; then
        echo "check-ignore: $path is still instrumented: its pattern in $list does not match" >&2
        status=1
    fi
    n=$((n + 1))
done
[ "$status" -eq 0 ] && echo "check-ignore: the $n files of $list are without coverage tracing"
exit $status
