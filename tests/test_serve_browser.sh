# SPDX-License-Identifier: MIT
# The page of `sumito serve` end to end in headless Chromium (tests/serve_browser.mjs, with
# playwright-core driving /usr/bin/chromium): a game by clicks, an illegal click, take-back,
# engine against engine, and a screenshot's pixels. The seed prove passes chooses the moves.
. "$(dirname "$0")/tap.sh"
SUMITO=$SUMITO tap_node "$(dirname "$0")/serve_browser.mjs" "$@"
tap_done
