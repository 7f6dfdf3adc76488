# SPDX-License-Identifier: MIT
# The Go page of `sumito serve` end to end in headless Chromium (tests/serve_go_browser.mjs):
# a 9x9 game by clicks to its end, an illegal click, the analysis drawn, pixels of stones.
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_go_browser.mjs"
tap_done
