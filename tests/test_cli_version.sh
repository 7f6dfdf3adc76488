# SPDX-License-Identifier: MIT
# `sumito --version`: three lines, the version, the commit it was built from (git describe, or
# "unknown" outside a git checkout) and the build flavour; `sumito --help` still lists the
# commands and names --version.
. "$(dirname "$0")/tap.sh"

check "version line" 0 '^sumito [0-9]+\.[0-9]+(\.[0-9]+)?$' -- $SUMITO --version
tap_n=$((tap_n + 1))
if [ "$(wc -l <"$TMP/out")" -eq 3 ] &&
    sed -n 2p "$TMP/out" | grep -Eq '^commit: ([0-9A-Za-z._+-]+)$' &&
    sed -n 3p "$TMP/out" | grep -Eq '^build: (release|debug|asan)$'; then
    echo "ok $tap_n version, commit and build lines"
else
    echo "not ok $tap_n version, commit and build lines"
    sed 's/^/#   /' "$TMP/out"
    tap_failed=1
fi
check "help lists the commands" 0 '^  bench ' -- $SUMITO --help
check "help names --version" 0 "'sumito --version'" -- $SUMITO --help
check "version takes no argument" 2 "unknown command 'sumito --version'" -- $SUMITO --version x
tap_done
