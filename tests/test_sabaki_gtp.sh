# SPDX-License-Identifier: MIT
# `sumito go gtp` driven by @sabaki/gtp, the GTP library of the Sabaki board (tests/sabaki_gtp.js):
# numbered and pipelined commands, a short game with an undo, a loaded SGF file, and live
# analysis as that client reads it. Skipped when Node.js is missing.
. "$(dirname "$0")/tap.sh"
if ! command -v node >/dev/null 2>&1; then
    echo "1..0 # SKIP node is missing"
    exit 0
fi
tap_node "$(dirname "$0")/sabaki_gtp.js" "$SUMITO" "$TMP"
tap_done
