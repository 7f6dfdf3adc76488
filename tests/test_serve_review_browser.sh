# SPDX-License-Identifier: MIT
# Stepping through a record on the Abalone page of `sumito serve`, end to end in headless
# Chromium (tests/serve_review_browser.mjs, with playwright-core driving /usr/bin/chromium):
# a record loaded, three moves back, the board, the analysis, the balance chart, a move on.
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_review_browser.mjs" "$@"
tap_done
