# SPDX-License-Identifier: MIT
# BUILD=tsan only: ThreadSanitizer must find the race in tests/tsan_racy.c. If it does not, the
# tsan flavour is not instrumenting and its clean runs prove nothing.
. "$(dirname "$0")/tap.sh"
RACY=$(dirname "$SUMITO")/tests/tsan_racy

check "tsan reports the race" 66 '^WARNING: ThreadSanitizer: data race' -- "$RACY"
check "tsan names the racy code" 66 ' bump .*tests/tsan_racy\.c:' -- "$RACY"

tap_done
